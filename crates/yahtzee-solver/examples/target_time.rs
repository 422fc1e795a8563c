//! Times the target-table solve of a rule set: `cargo run --release -p yahtzee-solver
//! --example target_time -- forced`.
fn main() {
    let name = std::env::args().nth(1).unwrap_or("forced".into());
    let rules = yahtzee_rules::RuleSet::by_name(&name).expect("a rule set name");
    let t = std::time::Instant::now();
    let max = yahtzee_solver::max_remaining(rules);
    let entries: u64 = (0..rules.state_count())
        .filter(|&i| max[i] != yahtzee_solver::NO_STATE)
        .map(|i| u64::from(max[i]) + 1)
        .sum();
    println!(
        "max remaining from the empty card {}, {} entries ({:.0} MiB as f32), in {:?}",
        max[0],
        entries,
        entries as f64 * 4.0 / 1048576.0,
        t.elapsed()
    );
    let t = std::time::Instant::now();
    let table = yahtzee_solver::solve_target(rules, &|_| {});
    let s = yahtzee_rules::State::START;
    println!("solved in {:?}", t.elapsed());
    for target in [200, 250, 300, 350, 400, 500] {
        println!("P(>= {target}) = {:.9}", table.p_at_least(s, target));
    }
}
