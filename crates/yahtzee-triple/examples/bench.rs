//! Speeds of the Triple Yahtzee targets, in process: one advice (every option of a
//! decision ranked) at several positions, and simulated games per minute.
//! `RAYON_NUM_THREADS=2 cargo run --release -p yahtzee-triple --example bench -- [GAMES]`
//! (scripts/bench_triple.sh runs it).

use std::time::Instant;

use yahtzee_rules::Dice;
use yahtzee_triple::{
    sim, solitaire_table, standard_player, Kind, Player, Triple, TripleCard, Variant,
};

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .map_or(10_000, |g| g.parse().expect("GAMES"));
    let table = solitaire_table(&Triple::standard(Variant::Lowe1978));
    println!("threads: {}", rayon::current_num_threads());
    for variant in [Variant::Lowe1978, Variant::Forum] {
        let player = standard_player(variant, Kind::Fitted, table.clone());
        let start = yahtzee_triple::TripleState::START;
        println!(
            "{} strategy's own value of the empty card: {:.2}",
            variant.name(),
            player.turn(&start).value
        );
        let cards = [
            "",
            "1.ones=2 2.sixes=24 3.yahtzee=50 1.chance=21 2.fh=25 3.ls=40",
        ];
        for card in cards {
            let card = TripleCard::parse(player.game(), card).expect("card");
            for left in [2u8, 1, 0] {
                let ms = advice_ms(&player, &card, left);
                let at = if card.filled_count() == 0 {
                    "empty card"
                } else {
                    "6 boxes filled"
                };
                println!(
                    "{} advice, {at}, {left} rerolls left: {ms:.3} ms",
                    variant.name()
                );
            }
        }
        let s = sim::simulate(&player, games, 1);
        println!("{} simulation: {}", variant.name(), s.line());
    }
}

/// Mean time of one decision's advice: the turn's values and every option ranked.
fn advice_ms(player: &Player, card: &TripleCard, rolls_left: u8) -> f64 {
    let dice = Dice::parse_roll("13346").expect("dice");
    let n = 40;
    let start = Instant::now();
    for _ in 0..n {
        let s = card.state();
        if rolls_left == 0 {
            std::hint::black_box(player.move_values(&s, &dice));
        } else {
            let turn = player.turn(&s);
            std::hint::black_box(turn.best_keep(&dice, rolls_left));
        }
    }
    start.elapsed().as_secs_f64() * 1e3 / f64::from(n)
}
