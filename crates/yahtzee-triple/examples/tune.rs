//! Fits the correction with the settings in the environment (FIT_GAMES, FIT_PASSES,
//! FIT_RIDGE) and simulates the result, for trying features and settings:
//! `cargo run --release -p yahtzee-triple --example tune -- VARIANT [GAMES]`.

use yahtzee_triple::fit::{fit, FitConfig};
use yahtzee_triple::{sim, solitaire_table, standard_player, Kind, Triple, Variant};

fn main() {
    let mut args = std::env::args().skip(1);
    let variant = Variant::from_name(&args.next().unwrap_or_default()).expect("variant");
    let games: u64 = args.next().map_or(2000, |g| g.parse().expect("GAMES"));
    let env = |k: &str| std::env::var(k).ok();
    let mut cfg = FitConfig::default();
    if let Some(g) = env("FIT_GAMES") {
        cfg.games = g.parse().expect("FIT_GAMES");
    }
    if let Some(p) = env("FIT_PASSES") {
        cfg.passes = p.parse().expect("FIT_PASSES");
    }
    if let Some(r) = env("FIT_RIDGE") {
        cfg.ridge = r.parse().expect("FIT_RIDGE");
    }
    let table = solitaire_table(&Triple::standard(variant));
    let base = standard_player(variant, Kind::Solitaire, table);
    let start = std::time::Instant::now();
    let w = fit(&base, &cfg);
    eprintln!("fit {:.1} s", start.elapsed().as_secs_f64());
    let player = base.with_valuer(base.valuer.with_kind(Kind::Fitted, w));
    println!("{}", sim::simulate(&player, games, 99).line());
    println!("{}", sim::simulate(&base, games, 99).line());
}
