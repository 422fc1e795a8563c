//! The companion table against a seeded simulation of optimal play (issue 38, item 4):
//! for each rule set, every part of the empty card (each box's expected final score, the
//! upper bonus chance, the expected bonuses) against the mean of simulated games, with its
//! 95% interval; and for each box that scores one value or nothing, the simulated chance
//! of scoring it against the table's expected score divided by that value.
//!
//!   cargo run --release -p yahtzee-stats --example companion_check [GAMES] [SEED]
//!
//! With sixteen parts a rule set, about one in twenty lands outside its 95% interval by
//! chance alone; each is also held to a Bonferroni interval (95% for all of a rule set's
//! parts together), which every part must meet. Exits 1 if one does not.

use yahtzee_advice::Strategy;
use yahtzee_rules::{RuleSet, Scorecard};
use yahtzee_stats::{simulate, Companion};

/// A histogram's mean and the half-width of its interval at `z` standard errors.
fn mean_and_half(h: &[u64], games: u64, z: f64) -> (f64, f64) {
    let n = games as f64;
    let (s1, s2) = h.iter().enumerate().fold((0.0, 0.0), |(a, b), (x, &c)| {
        let (x, c) = (x as f64, c as f64);
        (a + c * x, b + c * x * x)
    });
    let mean = s1 / n;
    let var = (s2 / n - mean * mean).max(0.0) * n / (n - 1.0);
    (mean, z * (var / n).sqrt())
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let games: u64 = args.get(1).map_or(200_000, |a| a.parse().expect("GAMES"));
    let seed: u64 = args.get(2).map_or(1, |a| a.parse().expect("SEED"));
    let mut all_pass = true;
    for name in ["forced", "free", "original-1956", "no-bonus", "yatzy"] {
        let rules = RuleSet::by_name(name).unwrap();
        let values = yahtzee_solver::solve(rules, &|_| {});
        let strategy = Strategy::new(rules, &values);
        let companion = Companion::solve(&strategy, &|_| {});
        let card = Scorecard::new(rules);
        let parts = companion.parts(card.state()).unwrap();
        let tally = simulate(&strategy, &card, games, seed, &|_| {});
        let n = rules.box_count();
        let mut rows: Vec<(String, f64, &[u64], f64)> = (0..n)
            .map(|b| {
                let label = rules.boxes[b].label().to_string();
                (label, parts.boxes[b], &tally.boxes[b][..], 1.0)
            })
            .collect();
        let bonus = f64::from(rules.upper_bonus);
        if rules.upper_bonus > 0 {
            rows.push((
                "upper bonus".into(),
                parts.upper_bonus * bonus,
                &tally.upper_bonus[..],
                1.0,
            ));
        }
        if rules.yahtzee_bonus > 0 {
            rows.push((
                "Yahtzee bonus".into(),
                parts.yahtzee_bonus,
                &tally.yahtzee_bonus[..],
                1.0,
            ));
        }
        // Bonferroni: z for a two-sided 5% shared among the parts (about 3.4 for 16).
        let z_all = match rows.len() {
            k if k >= 16 => 3.42,
            k if k >= 13 => 3.36,
            _ => 3.29,
        };
        println!("{name}: {games} games, seed {seed}");
        println!(
            "  {:<18} {:>10} {:>10} {:>9} {:>6}",
            "part", "table", "simulated", "95% ±", "z"
        );
        let mut inside = 0;
        for (label, table, h, scale) in &rows {
            let (mean, half) = mean_and_half(h, games, 1.96);
            let (mean, half) = (mean * scale, half * scale);
            let z = (mean - table) / (half / 1.96);
            inside += usize::from(z.abs() <= 1.96);
            all_pass &= z.abs() <= z_all;
            println!("  {label:<18} {table:>10.4} {mean:>10.4} {half:>9.4} {z:>6.2}");
        }
        println!(
            "  {inside} of {} parts within their 95% interval; every part within the joint one (z {z_all}): {}",
            rows.len(),
            rows.iter().all(|(_, t, h, _)| {
                let (m, half) = mean_and_half(h, games, 1.96);
                ((m - t) / (half / 1.96)).abs() <= z_all
            })
        );
        // Boxes that score one value or nothing: the chance of scoring it.
        for b in 0..n {
            let scores = yahtzee_rules::possible_scores(rules, b);
            let [0, v] = scores[..] else { continue };
            let h = &tally.boxes[b];
            let scored = h.get(v as usize).copied().unwrap_or(0) as f64 / games as f64;
            let half = 1.96 * (scored * (1.0 - scored) / games as f64).sqrt();
            let table = parts.boxes[b] / f64::from(v);
            println!(
                "  P({} scored): table {:.4} (expected {:.4} / {v}), simulated {scored:.4} ± {half:.4}",
                rules.boxes[b].label(),
                table,
                parts.boxes[b]
            );
        }
    }
    if !all_pass {
        std::process::exit(1);
    }
}
