use yahtzee_advice::Strategy;
use yahtzee_rules::{RuleSet, Scorecard};
use yahtzee_stats::{exact, simulate, Summary};
fn main() {
    let rules = RuleSet::by_name("free").unwrap();
    let values = yahtzee_solver::solve(rules, &|_| {});
    let s = Strategy::new(rules, &values);
    let c = Scorecard::parse(
        rules,
        "twos=6 threes=9 fives=20 4k=0 fh=25 yahtzee=50 chance=21",
    )
    .unwrap();
    let e = Summary::exact(&exact(&s, &c, &|_| {}));
    for seed in [5u64, 6] {
        let sim = Summary::simulated(
            rules,
            &simulate(&s, &c, 1_000_000, seed, &|_| {}),
            e.points_so_far,
            e.table_value,
            seed,
        );
        for (a, b) in e.boxes.iter().zip(&sim.boxes) {
            let ci = b.mean.ci95.unwrap();
            let z = (b.mean.value - a.mean.value) / ((ci[1] - ci[0]) / 3.92).max(1e-12);
            print!("{}:{:.2} ", &a.name[..3], z);
        }
        println!();
    }
}
