//! Rules benchmarks: perft (move generation and play) and the security analysis.
//!
//! `cargo bench --no-default-features --bench rules`

use std::hint::black_box;

use chogo::bot::suite::middlegames;
use chogo::rules::{Position, RuleSet, perft};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

fn bench_perft(c: &mut Criterion) {
    let start = Position::new(RuleSet::default());
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    group.throughput(Throughput::Elements(perft(&start, 4)));
    group.bench_function("start depth 4", |b| b.iter(|| perft(black_box(&start), 4)));
    let suite = middlegames();
    let leaves: u64 = suite.iter().map(|p| perft(p, 3)).sum();
    group.throughput(Throughput::Elements(leaves));
    group.bench_function("middlegames depth 3", |b| {
        b.iter(|| suite.iter().map(|p| perft(black_box(p), 3)).sum::<u64>())
    });
    group.finish();
}

fn bench_security(c: &mut Criterion) {
    let suite = middlegames();
    let mut group = c.benchmark_group("security");
    group.throughput(Throughput::Elements(suite.len() as u64));
    group.bench_function("analyze per position", |b| {
        b.iter(|| {
            suite
                .iter()
                .map(|p| black_box(p).analyze().secure.black.count())
                .sum::<u32>()
        })
    });
    group.bench_function("mole check per position", |b| {
        b.iter(|| {
            suite
                .iter()
                .filter(|p| black_box(p).mole_available())
                .count()
        })
    });
    group.finish();
}

criterion_group!(benches, bench_perft, bench_security);
criterion_main!(benches);
