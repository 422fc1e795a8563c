//! The distance from optimal on reduced Triple Yahtzee games, computed exactly:
//! `cargo run --release -p yahtzee-triple --example reduced -- [VARIANT] [THRESHOLD] BOX...`
//! (default: 1978, threshold 6, ones twos yahtzee chance). Prints the optimal expected
//! score and the exact expected score of each strategy built the same way as for the full
//! game (solitaire table of the reduced column, fitted correction). FIT_GAMES, FIT_PASSES
//! and FIT_RETURNS in the environment change the fit (`FitConfig`).

use std::time::Instant;

use yahtzee_rules::{Category, RuleSet};
use yahtzee_triple::fit::{fit, FitConfig};
use yahtzee_triple::{exact, solitaire_table, Kind, Player, Triple, Valuer, Variant, FEATURES};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let variant = args.first().map_or(Variant::Lowe1978, |v| {
        Variant::from_name(v).expect("variant: 1978 or forum")
    });
    let threshold: u32 = args.get(1).map_or(6, |t| t.parse().expect("THRESHOLD"));
    let boxes: Vec<Category> = if args.len() > 2 {
        args[2..]
            .iter()
            .map(|b| Category::from_name(b).expect("box name"))
            .collect()
    } else {
        vec![
            Category::Ones,
            Category::Twos,
            Category::Yahtzee,
            Category::Chance,
        ]
    };
    let forced = RuleSet::by_name("forced").expect("forced");
    let game = Triple {
        rules: forced.reduced(&boxes, threshold),
        variant,
    };
    let names: Vec<&str> = boxes.iter().map(|b| b.name()).collect();
    println!(
        "reduced Triple Yahtzee, variant {}: columns of {} (upper bonus {} at {threshold})",
        variant.name(),
        names.join(" "),
        forced.upper_bonus
    );
    let start = Instant::now();
    let mut solver = exact::Exact::new(game);
    let optimal = solver.optimal();
    println!(
        "  optimal          {optimal:10.4}   ({} positions, {:.1} s)",
        solver.positions(),
        start.elapsed().as_secs_f64()
    );
    let table = solitaire_table(&game);
    let zero = vec![[0.0; FEATURES]; game.turns()];
    let base = Player::new(Valuer::new(game, Kind::Solitaire, table, zero));
    let start = Instant::now();
    let mut cfg = FitConfig::default();
    if let Ok(g) = std::env::var("FIT_GAMES") {
        cfg.games = g.parse().expect("FIT_GAMES");
    }
    if let Ok(p) = std::env::var("FIT_PASSES") {
        cfg.passes = p.parse().expect("FIT_PASSES");
    }
    cfg.returns = std::env::var("FIT_RETURNS").is_ok();
    let weights = fit(&base, &cfg);
    println!("  (fit: {:.1} s)", start.elapsed().as_secs_f64());
    for kind in [Kind::Fitted, Kind::Solitaire, Kind::Greedy] {
        let player = base.with_valuer(base.valuer.with_kind(kind, weights.clone()));
        let v = exact::strategy_value(&player);
        println!(
            "  {:<16} {v:10.4}   gap {:.4} ({:.4}%)",
            kind.name(),
            optimal - v,
            100.0 * (optimal - v) / optimal
        );
    }
}
