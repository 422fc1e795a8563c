//! What Painted Yahtzee's advice costs in process, step by step (docs/GAMES.md, "Painted
//! Yahtzee"): the turn's tables, the split value read from the data folder (solved and
//! written there the first time), and each advice.
//!
//! `cargo run --release -p yahtzee-engine --example painted_speed -- [DATA_DIR]`

use std::time::Instant;

use yahtzee_painted::{card::Card, Game, Hand, Plan};

fn ms(t: Instant) -> f64 {
    t.elapsed().as_secs_f64() * 1e3
}

fn main() {
    let dir = std::env::args()
        .nth(1)
        .map_or_else(yahtzee_table::store::data_dir, Into::into);
    let game = Game::standard();
    let notice = |l: &str| eprintln!("notice: {l}");
    let t = Instant::now();
    let plan = Plan::new(&game);
    println!("the keeps of 30-faced dice (Plan::new): {:.1} ms", ms(t));
    let t = Instant::now();
    let _ = plan.scored(0);
    println!("one keep graph, on first use: {:.1} ms", ms(t));
    let t = Instant::now();
    let valuer = yahtzee_painted::approx::Valuer::for_game_with(
        &game,
        yahtzee_engine::painted::EXACT_LIMIT,
        &|g| yahtzee_engine::painted::load_or_solve(&dir, g, &notice),
    );
    println!(
        "the {} value from {}: {:.1} ms",
        valuer.name(),
        dir.display(),
        ms(t)
    );
    let adv = yahtzee_engine::painted::advisor(&dir, &game, &notice);
    let positions = [
        ("", "5r 5y 2g 3b 1p"),
        ("ones=3 red=12", "6b 6b 6b 2b 1b"),
        (
            "ones=3 twos=6 red=12 yellow=9 green=10 flush=50",
            "4r 4r 4g 4g 2p",
        ),
    ];
    // The first pass builds each keep graph it needs (one per number of filled colour
    // boxes); the second finds them built.
    for pass in ["first", "again"] {
        for rolls_left in [2, 1, 0] {
            for (card, dice) in positions {
                let card = Card::parse(&game, card).expect("a valid card");
                let hand = Hand::parse(dice, 5).expect("valid dice");
                let t = Instant::now();
                let a = adv.advise(&card, &hand, rolls_left).expect("advice");
                println!(
                    "advice ({pass}), {rolls_left} rerolls left, {dice}: {:.2} ms ({} options)",
                    ms(t),
                    a.options.len()
                );
            }
        }
    }
}
