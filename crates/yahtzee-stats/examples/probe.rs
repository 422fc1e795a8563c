use yahtzee_advice::Strategy;
use yahtzee_rules::{RuleSet, Scorecard};
fn main() {
    let rules = RuleSet::by_name("forced").unwrap();
    let t = std::time::Instant::now();
    let values = yahtzee_solver::solve(rules, &|_| {});
    eprintln!("solve {:?}", t.elapsed());
    let s = Strategy::new(rules, &values);
    let t = std::time::Instant::now();
    let e = yahtzee_stats::exact(&s, &Scorecard::new(rules), &|_| eprint!("."));
    eprintln!("exact {:?}", t.elapsed());
    let sum: f64 = e.distribution.iter().sum();
    println!(
        "sum {sum} mean {} table {} len {}",
        e.total.mean,
        e.table_value,
        e.distribution.len()
    );
    println!(
        "boxes {:?}",
        e.boxes.iter().map(|m| m.mean).collect::<Vec<_>>()
    );
    let t = std::time::Instant::now();
    bench_decide(&s);
    let n = 50_000;
    let tally = yahtzee_stats::simulate(&s, &Scorecard::new(rules), n, 1, &|_| {});
    eprintln!("simulate {n} {:?}", t.elapsed());
    let mean: f64 = tally
        .total
        .iter()
        .enumerate()
        .map(|(x, &c)| x as f64 * c as f64)
        .sum::<f64>()
        / n as f64;
    println!("sim mean {mean}");
    println!(
        "ub {:?} yb {:?} y {} j {} sd {}",
        e.upper_bonus,
        e.yahtzee_bonus,
        e.yahtzees,
        e.jokers,
        e.total.sd()
    );
}
#[allow(dead_code)]
fn unused() {}
pub fn bench_decide(s: &Strategy) {
    let mut d = yahtzee_advice::TurnDecisions::default();
    let t = std::time::Instant::now();
    let st = yahtzee_rules::State::new(0b1010101010, 20, false);
    for _ in 0..10000 {
        s.decide(st, &mut d);
    }
    eprintln!("decide {:?}", t.elapsed() / 10000);
}
