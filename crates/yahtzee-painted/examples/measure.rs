//! Timings of the Painted Yahtzee kernel: `cargo run --release -p yahtzee-painted --example
//! measure -- turn` (one turn of the full game, one lane and eight) or `-- solve NAME`
//! (a reduced game solved on this machine).

use std::time::Instant;

use yahtzee_painted::game::{Game, State};
use yahtzee_painted::solve;
use yahtzee_painted::turn::{Plan, TurnValues};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("turn") => {
            let t = Instant::now();
            let game = Game::standard();
            let plan = Plan::new(&game);
            println!("plan of the full game: {:.2} s", t.elapsed().as_secs_f64());
            let mut tv = TurnValues::<1>::new(&plan);
            let s = State::default();
            let t = Instant::now();
            for _ in 0..5 {
                plan.turn::<1, false>(&[s], &mut |_, _| 0.0, &mut tv);
            }
            println!("one turn, one lane: {:.1} ms", t.elapsed().as_secs_f64() * 200.0);
            let late = State { filled: (1 << 22) - 1, upper: 0, yahtzee_50: false };
            let t = Instant::now();
            for _ in 0..5 {
                plan.turn::<1, false>(&[late], &mut |_, _| 0.0, &mut tv);
            }
            println!("last turn, one lane: {:.1} ms", t.elapsed().as_secs_f64() * 200.0);
            let mut tv = TurnValues::<8>::new(&plan);
            let t = Instant::now();
            for _ in 0..3 {
                plan.turn::<8, false>(&[s; 8], &mut |_, _| 0.0, &mut tv);
            }
            println!("one turn, eight lanes: {:.1} ms", t.elapsed().as_secs_f64() * 1000.0 / 3.0);
        }
        Some("solve") => {
            let game = Game::named(&args[1]).expect("game name");
            let t = Instant::now();
            let table = solve::solve(&game);
            println!(
                "{}: {:.6} in {:.2} s ({} states)",
                game.name(),
                solve::start_value(&game, &table),
                t.elapsed().as_secs_f64(),
                table.len()
            );
        }
        _ => eprintln!("usage: measure turn | solve NAME"),
    }
}
