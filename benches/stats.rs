//! Speed of the statistics: the exact distribution from the empty card, and simulated games
//! (with 2 threads, the target machine). `scripts/bench.sh` turns the medians into the
//! figures of the README (seconds per distribution, games per minute) and adds peak memory.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use yahtzee_advice::Strategy;
use yahtzee_rules::{RuleSet, Scorecard};

/// Games per simulation sample.
const GAMES: u64 = 100_000;

fn stats(c: &mut Criterion) {
    let rules = RuleSet::by_name("forced").unwrap();
    let values = yahtzee_solver::solve(rules, &|_| {});
    let strategy = Strategy::new(rules, &values);
    let card = Scorecard::new(rules);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .unwrap();
    let mut group = c.benchmark_group("stats_forced");
    group.sample_size(10);
    group.bench_function("exact_distribution_2_threads", |b| {
        b.iter(|| pool.install(|| black_box(yahtzee_stats::exact(&strategy, &card, &|_| {}))))
    });
    // Where the expected score comes from, every state (issue: at most 4x the value solve).
    group.bench_function("companion_2_threads", |b| {
        b.iter(|| pool.install(|| black_box(yahtzee_stats::Companion::solve(&strategy, &|_| {}))))
    });
    group.bench_function("value_solve_2_threads", |b| {
        b.iter(|| pool.install(|| black_box(yahtzee_solver::solve(rules, &|_| {}))))
    });
    group.bench_function(format!("simulate_{GAMES}_games_2_threads"), |b| {
        b.iter(|| {
            pool.install(|| black_box(yahtzee_stats::simulate(&strategy, &card, GAMES, 1, &|_| {})))
        })
    });
    group.finish();
}

criterion_group!(benches, stats);
criterion_main!(benches);
