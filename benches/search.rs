//! Search benchmarks: a fixed-depth search of each middlegame of the suite.
//! Nodes per second = the nodes printed once at the start / the time per iteration.
//!
//! `cargo bench --no-default-features --bench search`; the depth reached in one second
//! is measured by `chogo-cli bench`.

use std::hint::black_box;
use std::sync::atomic::AtomicBool;

use chogo::bot::suite::middlegames;
use chogo::bot::{Bot, Budget, Request, Search};
use chogo::rules::Game;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

fn search_suite(depth: u32) -> u64 {
    let stop = AtomicBool::new(false);
    let mut nodes = 0;
    for pos in middlegames() {
        let game = Game::from_position(pos);
        let choice = Search::new(0).choose(&Request {
            game: &game,
            budget: Budget {
                depth: Some(depth),
                ..Budget::default()
            },
            seed: 1,
            stop: &stop,
        });
        nodes += choice.map_or(0, |c| c.nodes);
    }
    nodes
}

fn bench_search(c: &mut Criterion) {
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    let nodes = search_suite(4);
    eprintln!("search depth 4 over the suite: {nodes} nodes");
    group.throughput(Throughput::Elements(nodes));
    group.bench_function("middlegames depth 4 (elements = nodes)", |b| {
        b.iter(|| search_suite(black_box(4)))
    });
    group.finish();
}

criterion_group!(benches, bench_search);
criterion_main!(benches);
