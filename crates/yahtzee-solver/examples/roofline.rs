//! Where a full solve's time goes, set against what the machine can do (docs/PERFORMANCE.md,
//! "Against the machine's limit"):
//!
//!   cargo run --release -p yahtzee-solver --example roofline [RULES] [RUNS]
//!
//! 1. The floating-point operations of one solve, counted from the kernel's loops (per
//!    batch of eight lanes: each open slot's continuation, the scratch maximum, each final
//!    roll's moves, two keep steps of expectations and best sub-keeps, the opening mean)
//!    over the batches the solver runs, and the bytes those loops read: the lane arrays
//!    (64 bytes each, from the first-level cache) and the next states' values (8 bytes a
//!    lane, from the table of the level above).
//! 2. The machine's ceiling for these operations: an add and a maximum on eight lanes,
//!    six independent chains held in registers, on one thread.
//! 3. The kernel's keep step alone on one thread (`TurnPlan::reroll` on a workspace that
//!    stays in the first-level cache), and the whole solve on one thread and on all.
//!
//! The ordinary turn only: rule sets with the mulligan or the sixth die are refused.
//! Counters of the processor (cycles, instructions) are not read: virtual machines often
//! hide them, and the counts here are exact for the loops as written.

use std::hint::black_box;
use std::time::Instant;

use yahtzee_rules::{tables, RuleSet, State, KEEPS, ROLLS};
use yahtzee_solver::{distinct_turns, solve, TurnPlan, Workspace, LANES};

/// Operations and bytes of one solve, counted from the kernel's loops.
#[derive(Default)]
struct Count {
    batches: u64,
    flops: u64,
    /// Bytes of lane arrays read by the keep steps and the final rolls (cache-resident).
    lane_bytes: u64,
    /// Bytes of the next states' values read (the level above's blocks).
    table_bytes: u64,
}

/// One keep step (`TurnPlan::reroll`) on one lane: an expectation (five adds and a
/// multiply) per keep short of five dice, a maximum per one-die-smaller keep. Also the
/// lane arrays it reads: one per operation, plus one per keep written.
fn keep_step_ops() -> (u64, u64) {
    let t = tables();
    let short = (KEEPS - ROLLS) as u64;
    let sub_edges: u64 = (0..KEEPS).map(|k| t.remove(k).len() as u64).sum();
    (short * 6 + sub_edges, short * 6 + sub_edges + KEEPS as u64)
}

fn count(rules: &RuleSet) -> Count {
    let lanes = LANES as u64;
    // The keep steps, per batch: two.
    let (ops, reads) = keep_step_ops();
    let keep_flops = 2 * ops * lanes;
    let keep_bytes = 2 * reads * 64;
    // The opening mean: a multiply and an add per roll.
    let opening_flops = ROLLS as u64 * 2 * lanes;
    let mut c = Count::default();
    let nb = rules.box_count();
    for filled in 0..(1u32 << nb) - 1 {
        let open: Vec<usize> = (0..nb).filter(|&b| filled >> b & 1 == 0).collect();
        let batches = distinct_turns(rules, filled).0.len().div_ceil(LANES) as u64;
        // A continuation per open slot (an add per lane), the scratch's maximum over the
        // open boxes' zero slots, and per final roll an add and a maximum per open box it
        // scores in.
        let slots: u64 = open
            .iter()
            .map(|&b| {
                let mut scores: Vec<u32> = (0..ROLLS).map(|r| rules.score_of_roll(b, r)).collect();
                scores.push(0);
                scores.sort_unstable();
                scores.dedup();
                match rules.boxes[b].upper_face() {
                    Some(_) => scores.len() as u64,
                    None => 1 + u64::from(scores.contains(&50) && rules.yahtzee_bonus > 0),
                }
            })
            .sum();
        let moves: u64 = (0..ROLLS)
            .map(|r| {
                open.iter()
                    .filter(|&&b| rules.score_of_roll(b, r) > 0)
                    .count() as u64
            })
            .sum();
        let final_flops = (slots + open.len() as u64 + 2 * moves) * lanes;
        c.batches += batches;
        c.flops += batches * (final_flops + keep_flops + opening_flops);
        c.lane_bytes += batches * ((open.len() as u64 + moves + ROLLS as u64) * 64 + keep_bytes);
        c.table_bytes += batches * slots * lanes * 8;
    }
    c
}

/// One add and one maximum on eight lanes, the kernel's own pair of operations.
#[inline(always)]
fn add_max(a: [f64; LANES], step: &[f64; LANES], floor: &[f64; LANES]) -> [f64; LANES] {
    std::array::from_fn(|i| {
        let x = a[i] + step[i];
        if x > floor[i] {
            x
        } else {
            floor[i]
        }
    })
}

/// Adds and maxima per second on eight lanes, six independent chains (twelve vector
/// registers with AVX2, beside four for the constants) that never leave the registers, one
/// thread.
#[multiversion::multiversion(targets("x86_64+avx2", "x86_64+avx512f+avx512vl"))]
fn ceiling(iterations: u64) -> f64 {
    let step = black_box([1e-12f64; LANES]);
    let floor = black_box([-1.0f64; LANES]);
    let mut a: [[f64; LANES]; 6] = black_box([[0.0; LANES]; 6]);
    let start = Instant::now();
    for _ in 0..iterations {
        a = [
            add_max(a[0], &step, &floor),
            add_max(a[1], &step, &floor),
            add_max(a[2], &step, &floor),
            add_max(a[3], &step, &floor),
            add_max(a[4], &step, &floor),
            add_max(a[5], &step, &floor),
        ];
    }
    black_box(a);
    (iterations * 6 * LANES as u64 * 2) as f64 / start.elapsed().as_secs_f64()
}

fn main() {
    let mut args = std::env::args().skip(1);
    let name = args.next().unwrap_or("forced".into());
    let runs: usize = args
        .next()
        .map_or(5, |n| n.parse().expect("RUNS is a number"));
    let rules = RuleSet::by_name(&name).expect("a rule set's name");
    assert!(
        !rules.house.mulligan && !rules.house.mega_yahtzee,
        "the ordinary turn only: no mulligan, no sixth die"
    );
    let c = count(rules);
    let median = |mut v: Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    let peak = median((0..runs).map(|_| ceiling(20_000_000)).collect());
    // The keep step alone: one workspace, rerolled over and over (the values stay finite:
    // a mean and a maximum of finite values).
    let plan = TurnPlan::new(rules);
    let mut ws = Workspace::new(&plan);
    let none = vec![0.0; rules.state_count()];
    plan.final_rolls(&mut ws, &[State::START], &none[..]);
    let rerolls = 20_000u64;
    let reroll_flops = (keep_step_ops().0 * LANES as u64) as f64;
    let keep_rate = median(
        (0..runs)
            .map(|_| {
                let start = Instant::now();
                for _ in 0..rerolls {
                    plan.reroll(black_box(&mut ws));
                }
                rerolls as f64 * reroll_flops / start.elapsed().as_secs_f64()
            })
            .collect(),
    );
    let time = |threads: usize| {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .expect("a thread pool");
        median(
            (0..runs)
                .map(|_| {
                    let start = Instant::now();
                    black_box(pool.install(|| solve(rules, &|_| {})));
                    start.elapsed().as_secs_f64()
                })
                .collect(),
        )
    };
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let one = time(1);
    let all = time(cores);
    let g = |x: f64| x / 1e9;
    println!("{name}: {} batches of {LANES} lanes", c.batches);
    println!(
        "operations: {:.2} G flops; lane arrays read {:.1} GB; next values read {:.2} GB",
        g(c.flops as f64),
        g(c.lane_bytes as f64),
        g(c.table_bytes as f64)
    );
    println!(
        "ceiling, add + max in registers, 1 thread: {:.1} Gflop/s",
        g(peak)
    );
    println!(
        "keep step alone (reroll, in cache), 1 thread: {:.1} Gflop/s ({:.0}% of the ceiling)",
        g(keep_rate),
        100.0 * keep_rate / peak
    );
    for (threads, secs) in [(1, one), (cores, all)] {
        let rate = c.flops as f64 / secs;
        println!(
            "solve, {threads} thread(s): {:.0} ms, {:.1} Gflop/s ({:.0}% of {threads} x the ceiling), \
             lane arrays {:.0} GB/s, next values {:.1} GB/s",
            secs * 1e3,
            g(rate),
            100.0 * rate / (peak * threads as f64),
            g(c.lane_bytes as f64 / secs),
            g(c.table_bytes as f64 / secs)
        );
    }
}
