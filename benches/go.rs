//! Go with chess pieces: random playouts per second with rooks on 9×9 and 19×19, and
//! perft on small boards for every preset.
//!
//! `cargo bench --no-default-features --bench go`

use std::hint::black_box;
use std::time::Duration;

use chogo::go::fast::{FastGo, Shapes, Tactics};
use chogo::go::playout::{Rng, playout};
use chogo::go::{Game, PieceSet, Position, Rules, perft};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

fn rules(set: &str, board: &str) -> Rules {
    Rules {
        board: board.parse().expect("a board"),
        pieces: set.parse().expect("a set"),
        ..Rules::default()
    }
}

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("go playout");
    group.measurement_time(Duration::from_secs(5));
    for board in ["9", "19"] {
        let start = Position::new(rules("R", board));
        let cap = 3 * start.geometry().cells.count() as usize;
        let mut rng = Rng::new(1);
        group.throughput(Throughput::Elements(1));
        // The fast board (groups with pseudo-liberties), scored at the end.
        let fast = FastGo::from_position(&start).expect("rooks");
        group.bench_function(format!("rooks {board}x{board} fast"), |b| {
            b.iter(|| {
                let mut f = fast.clone();
                f.playout(&mut rng, cap);
                black_box(f.score())
            })
        });
        // The fast board with the search's playout policy (capture, save, 3 × 3 shapes,
        // no self-atari of 3+ stones), as the search plays its playouts.
        group.bench_function(format!("rooks {board}x{board} fast, policy"), |b| {
            b.iter(|| {
                let mut f = fast.clone();
                let mut last = None;
                let mut moves = 0;
                while !f.is_over() && moves < cap {
                    last = f.policy_move(&mut rng, last, Shapes::Mogo);
                    moves += 1;
                }
                black_box(f.score())
            })
        });
        // The same with each reading rule of the playouts (the switches `two_libs`,
        // `nakade`, `capture_any` and `self_atari2`).
        for (name, tactics) in [
            (
                "two_libs",
                Tactics {
                    two_libs: true,
                    ..Tactics::default()
                },
            ),
            (
                "nakade",
                Tactics {
                    nakade: true,
                    ..Tactics::default()
                },
            ),
            (
                "capture_any",
                Tactics {
                    capture_any: true,
                    ..Tactics::default()
                },
            ),
            (
                "self_atari2",
                Tactics {
                    self_atari2: true,
                    ..Tactics::default()
                },
            ),
        ] {
            group.bench_function(format!("rooks {board}x{board} fast, policy, {name}"), |b| {
                b.iter(|| {
                    let mut f = fast.clone();
                    let mut last = None;
                    let mut moves = 0;
                    while !f.is_over() && moves < cap {
                        last = f.policy_move_tactics(&mut rng, last, Shapes::Mogo, None, tactics);
                        moves += 1;
                    }
                    black_box(f.score())
                })
            });
        }
        // The general engine (any set), scored at the end.
        group.bench_function(format!("rooks {board}x{board} general"), |b| {
            b.iter(|| black_box(playout(&start, &mut rng, cap).0.score()))
        });
    }
    group.finish();
}

fn perfts(c: &mut Criterion) {
    let mut group = c.benchmark_group("go perft");
    group.sample_size(10);
    for set in PieceSet::PRESETS {
        let start = Position::new(rules(set, "5"));
        group.bench_function(format!("{set} 5x5 depth 3"), |b| {
            b.iter(|| black_box(perft(&mut Game::from_position(start), 3)))
        });
    }
    group.finish();
}

criterion_group!(benches, playouts, perfts);
criterion_main!(benches);
