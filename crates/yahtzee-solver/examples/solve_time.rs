fn main() {
    let rules =
        yahtzee_rules::RuleSet::by_name(&std::env::args().nth(1).unwrap_or("forced".into()))
            .unwrap();
    let t = std::time::Instant::now();
    let v = yahtzee_solver::solve(rules, &|_| {});
    println!("{:.9} in {:?}", v[0], t.elapsed());
}
