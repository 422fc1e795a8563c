//! Fits the correction of the standard game for both variants and prints `src/weights.rs`:
//! `cargo run --release -p yahtzee-triple --example fit > crates/yahtzee-triple/src/weights.rs`
//! (deterministic: the same file for any thread count).

use yahtzee_triple::fit::{fit, FitConfig};
use yahtzee_triple::{solitaire_table, standard_player, Kind, Triple, Variant};

fn main() {
    let table = solitaire_table(&Triple::standard(Variant::Lowe1978));
    let cfg = FitConfig::default();
    println!("//! Fitted corrections of the standard game, written by");
    println!("//! `cargo run --release -p yahtzee-triple --example fit > crates/yahtzee-triple/src/weights.rs`");
    println!(
        "//! ({} sampled games per pass, {} passes, seed {}, ridge {}).",
        cfg.games, cfg.passes, cfg.seed, cfg.ridge
    );
    println!(
        "//! One row per turn number (boxes filled), one column per feature of `Valuer::features`."
    );
    for (variant, name, doc) in [
        (Variant::Lowe1978, "LOWE_1978", "1978 rules."),
        (Variant::Forum, "FORUM", "Forum rules."),
    ] {
        let start = std::time::Instant::now();
        let player = standard_player(variant, Kind::Solitaire, table.clone());
        let w = fit(&player, &cfg);
        eprintln!(
            "{}: fitted in {:.1} s",
            variant.name(),
            start.elapsed().as_secs_f64()
        );
        println!();
        println!("/// {doc}");
        println!("#[rustfmt::skip]");
        println!("pub const {name}: [[f64; crate::FEATURES]; 39] = [");
        for row in &w {
            let cells: Vec<String> = row.iter().map(|x| format!("{x:e}")).collect();
            println!("    [{}],", cells.join(", "));
        }
        println!("];");
    }
}
