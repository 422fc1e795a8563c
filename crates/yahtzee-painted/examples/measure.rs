//! Timings of the Painted Yahtzee kernel: `cargo run --release -p yahtzee-painted --example
//! measure -- turn` (one turn of the full game, one lane and eight) or `-- solve NAME`
//! (a reduced game solved on this machine).

use std::time::Instant;

use yahtzee_painted::game::{Game, State};
use yahtzee_painted::turn::{Plan, TurnValues};
use yahtzee_painted::{approx, solve};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("turn") => {
            let t = Instant::now();
            let game = Game::standard();
            let plan = Plan::new(&game);
            for k in 0..=5 {
                plan.scored(k);
            }
            println!(
                "plan of the full game, six graphs: {:.2} s",
                t.elapsed().as_secs_f64()
            );
            let red = game
                .box_index(yahtzee_painted::PaintedBox::Colour(0))
                .unwrap();
            let states = [
                ("empty card", State::default()),
                (
                    "two colour boxes filled",
                    State {
                        filled: 3 << red,
                        upper: 0,
                        yahtzee_50: false,
                    },
                ),
                (
                    "one box open",
                    State {
                        filled: (1 << 22) - 1,
                        upper: 0,
                        yahtzee_50: false,
                    },
                ),
            ];
            for (what, s) in states {
                let mut tv = TurnValues::<1>::new(&plan);
                let t = Instant::now();
                for _ in 0..20 {
                    plan.turn::<1, false>(&[s], &mut |_, _| 0.0, &mut tv);
                }
                let one = t.elapsed().as_secs_f64() * 50.0;
                let mut tv = TurnValues::<8>::new(&plan);
                let t = Instant::now();
                for _ in 0..20 {
                    plan.turn::<8, false>(&[s; 8], &mut |_, _| 0.0, &mut tv);
                }
                let eight = t.elapsed().as_secs_f64() * 50.0;
                println!("{what}: one lane {one:.2} ms, eight lanes {eight:.2} ms");
            }
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
        Some("gap") => {
            // The split strategy's exact value against the optimum, on reduced games.
            for name in &args[1..] {
                let game = Game::named(name).expect("game name");
                let t = Instant::now();
                let table = solve::solve(&game);
                let optimal = solve::start_value(&game, &table);
                let solve_s = t.elapsed().as_secs_f64();
                let t = Instant::now();
                let valuer = approx::Valuer::split(&game);
                let split = approx::policy_value(&game, &valuer);
                println!(
                    "{}: optimal {optimal:.4}, split strategy {split:.4}, gap {:.4} ({:.3}%); solve {solve_s:.1} s, evaluation {:.1} s",
                    game.name(),
                    optimal - split,
                    100.0 * (optimal - split) / optimal,
                    t.elapsed().as_secs_f64()
                );
            }
        }
        _ => eprintln!("usage: measure turn | solve NAME | gap NAME..."),
    }
}
