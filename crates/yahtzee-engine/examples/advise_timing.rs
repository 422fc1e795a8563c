//! Times Yahtzee advice through the engine in-process: `yahtzee_engine::advise` for
//! expected score on a mix of positions, from a mapped `forced` table.
//!
//!     advise_timing TABLE [ROUNDS=7] [CALLS=20000]
//!
//! Prints the median, over ROUNDS rounds of CALLS calls, of the time per call in
//! microseconds. `scripts/bench_advice.sh` runs it beside the same program built from an
//! earlier commit (its engine's `advise` has kept this signature), so a change to the
//! engine's door can be checked for a loss of speed on one machine in one run.

use std::hint::black_box;
use std::path::Path;
use std::time::Instant;

use yahtzee_advice::Advisor;
use yahtzee_engine::{advise, parse_card, parse_dice, rules_named, PlayFor};
use yahtzee_table::Table;

/// A mix of early, middle and late positions with every count of rolls left.
const POSITIONS: [(&str, &str, u8); 6] = [
    ("", "13346", 2),
    ("ones=3 fours=12 three_of_a_kind=21 yahtzee=50", "22456", 2),
    ("ones=3 fours=12 three_of_a_kind=21 yahtzee=50", "22456", 0),
    ("ones=2 twos=6 threes=9 chance=22", "55561", 1),
    (
        "ones=3 twos=6 threes=9 fours=12 fives=15 sixes=18 three_of_a_kind=20 four_of_a_kind=0 full_house=25 small_straight=30 large_straight=40",
        "66666",
        1,
    ),
    ("yahtzee=0 chance=20", "12345", 0),
];

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let Some(path) = args.get(1) else {
        eprintln!("usage: advise_timing TABLE [ROUNDS] [CALLS]");
        std::process::exit(2);
    };
    let rounds: usize = args.get(2).map_or(7, |s| s.parse().expect("ROUNDS"));
    let calls: usize = args.get(3).map_or(20_000, |s| s.parse().expect("CALLS"));
    let rules = rules_named("forced", &[]).expect("forced rules");
    let table = Table::open(Path::new(path), rules).unwrap_or_else(|e| {
        eprintln!("error: {e}");
        std::process::exit(1)
    });
    let advisor = Advisor::new(table);
    let positions: Vec<_> = POSITIONS
        .iter()
        .map(|(card, dice, rolls)| {
            let card = parse_card(rules, card).expect("card");
            (card, parse_dice(dice).expect("dice"), *rolls)
        })
        .collect();
    let mut per_call = Vec::with_capacity(rounds);
    for _ in 0..rounds {
        let start = Instant::now();
        for i in 0..calls {
            let (card, dice, rolls) = &positions[i % positions.len()];
            let report = advise(&advisor, None, card, *dice, *rolls, &PlayFor::Expected);
            black_box(report.expect("advice"));
        }
        per_call.push(start.elapsed().as_secs_f64() * 1e6 / calls as f64);
    }
    per_call.sort_by(f64::total_cmp);
    println!("{:.3}", per_call[rounds / 2]);
}
