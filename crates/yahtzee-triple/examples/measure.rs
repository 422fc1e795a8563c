//! Mean and 95% interval of each strategy over seeded games, both variants, and the speed
//! of advice: `cargo run --release -p yahtzee-triple --example measure -- [GAMES] [SEED]`.

use std::time::Instant;

use yahtzee_rules::Dice;
use yahtzee_triple::{sim, solitaire_table, standard_player, Kind, Triple, TripleState, Variant};

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().map_or(100_000, |a| a.parse().expect("GAMES"));
    let seed: u64 = args.next().map_or(1, |a| a.parse().expect("SEED"));
    let start = Instant::now();
    let table = solitaire_table(&Triple::standard(Variant::Lowe1978));
    println!(
        "solitaire table solved in {:.2} s",
        start.elapsed().as_secs_f64()
    );
    println!("threads: {}", rayon::current_num_threads());
    for variant in [Variant::Lowe1978, Variant::Forum] {
        println!("variant {}:", variant.name());
        for kind in [Kind::Fitted, Kind::Solitaire, Kind::Greedy] {
            let player = standard_player(variant, kind, table.clone());
            println!("  {}", sim::simulate(&player, games, seed).line());
        }
        advice_speed(standard_player(variant, Kind::Fitted, table.clone()));
    }
}

/// Time of one advice with two rerolls left from the empty card (the slowest: every box
/// open), averaged over 50.
fn advice_speed(player: yahtzee_triple::Player) {
    let start = Instant::now();
    let n = 50;
    let dice = Dice::parse_roll("13346").expect("dice");
    for _ in 0..n {
        let turn = player.turn(&TripleState::START);
        std::hint::black_box(turn.best_keep(&dice, 2));
    }
    let ms = start.elapsed().as_secs_f64() * 1e3 / f64::from(n);
    println!("  advice (empty card, 2 rerolls left): {ms:.2} ms per decision");
}
