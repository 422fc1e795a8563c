//! Times one full solve and prints the empty card's value and a checksum of the whole
//! table's bits (FNV-1a over every `f64`, NaN included), so two builds can be compared bit
//! for bit: `cargo run --release -p yahtzee-solver --example solve_time [RULES] [RUNS]`.
fn main() {
    let mut args = std::env::args().skip(1);
    let name = args.next().unwrap_or("forced".into());
    let runs: usize = args
        .next()
        .map_or(1, |n| n.parse().expect("RUNS is a number"));
    let rules = yahtzee_rules::RuleSet::by_name(&name).expect("a rule set's name");
    for _ in 0..runs {
        let t = std::time::Instant::now();
        let v = yahtzee_solver::solve(rules, &|_| {});
        let elapsed = t.elapsed();
        let sum = v.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, x| {
            (h ^ x.to_bits()).wrapping_mul(0x0000_0100_0000_01b3)
        });
        // The time last: scripts/bench_wasm.sh and scripts/bench_web.py read it there.
        println!("{:.9} (table bits {sum:016x}) in {elapsed:?}", v[0]);
    }
}
