//! Speed of the two things users wait for: a full solve (1 and 2 threads) and one advice
//! query against a memory-mapped table. Run with `scripts/bench.sh` for a summary of medians.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use yahtzee_advice::Advisor;
use yahtzee_rules::{Dice, RuleSet, Scorecard};
use yahtzee_table::{write_table, Table};

fn solve(c: &mut Criterion) {
    let rules = RuleSet::by_name("forced").unwrap();
    let mut group = c.benchmark_group("solve_forced");
    group.sample_size(10);
    for threads in [1, 2] {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        group.bench_function(format!("{threads}_threads"), |b| {
            b.iter(|| pool.install(|| black_box(yahtzee_solver::solve(rules, &|_| {}))))
        });
    }
    group.finish();
}

fn advise(c: &mut Criterion) {
    let rules = RuleSet::by_name("forced").unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("forced.table");
    write_table(&path, rules, &yahtzee_solver::solve(rules, &|_| {})).unwrap();
    let advisor = Advisor::new(Table::open(&path, rules).unwrap());
    let card = Scorecard::parse(rules, "ones=3 fours=12 three_of_a_kind=21 yahtzee=50").unwrap();
    let dice: Dice = "22456".parse().unwrap();
    let mut group = c.benchmark_group("advise_forced");
    for rolls_left in [2, 0] {
        group.bench_function(format!("rolls_left_{rolls_left}"), |b| {
            b.iter(|| black_box(advisor.advise(&card, dice, rolls_left).unwrap()))
        });
    }
    group.finish();
}

/// Every base rule set, and house rules on the default, with 2 threads: compared per
/// reachable state with the default by `scripts/bench.sh`.
fn solve_rules(c: &mut Criterion) {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .unwrap();
    let mut group = c.benchmark_group("solve_2_threads");
    group.sample_size(10);
    for name in [
        "forced",
        "free",
        "no-bonus",
        "original-1956",
        "yatzy",
        "forced+mulligan",
        "forced+chance-chance",
        "forced+mulligan+chance-chance",
        "forced+fool-house",
        "forced+mega-yahtzee",
    ] {
        let rules = RuleSet::by_name(name).unwrap();
        group.bench_function(name, |b| {
            b.iter(|| pool.install(|| black_box(yahtzee_solver::solve(rules, &|_| {}))))
        });
    }
    group.finish();
}

criterion_group!(benches, solve, advise, solve_rules);
criterion_main!(benches);
