//! Solve times, memory and advice latency (run under `/usr/bin/time -v` for peak memory):
//! `cargo run --release -p yahtzee-yahtzix --example measure -- [solo|points|duel|advise|trio|trio-plain] TARGET`,
//! `-- open TARGET FILE` for a cached table, or `-- precision TARGET [SAMPLES]`: the
//! `f32` offers' table against a solve with `f64` offers (every value, and the best option
//! of SAMPLES random positions, 10,000 by default). `trio TARGET [compare] [exact|no-four]`:
//! the exact three-player game (with `compare`, against plain value iteration).
//! `compact TARGET CAP LEVELS [DECISIONS] [SEED]`: the compact game (offers kept to CAP
//! units, rounded to 1/LEVELS; 0: not rounded) judged by the exact one over the decisions
//! of games it plays against itself and over random positions; `capped TARGET CAP LEVELS`
//! times its solve alone.

use std::time::Instant;

use yahtzee_yahtzix::duel::{precision, Seat, SolveOptions};
use yahtzee_yahtzix::position::{advise, Position, Stage};
use yahtzee_yahtzix::score::parse_dice;
use yahtzee_yahtzix::trio::Trio;
use yahtzee_yahtzix::turn::Rolls;
use yahtzee_yahtzix::{solo, Duel, Rules, Solo};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let what = args.first().map_or("duel", String::as_str);
    let target: u32 = args.get(1).map_or(Ok(1000), |t| t.parse())?;
    let exact = args.iter().any(|a| a == "exact");
    let no_four = args.iter().any(|a| a == "no-four");
    let rules = Rules::new(target, !no_four, exact)?;
    let threads = rayon::current_num_threads();
    let start = Instant::now();
    match what {
        "points" => {
            let (points, bust) = solo::points_per_turn(&rules);
            println!("max points per turn {points:.4}, bust {bust:.4}");
        }
        "solo" => {
            let s = Solo::solve(&rules)?;
            println!(
                "target {target}: expected turns {:.6}, residual {:.1e}, sweeps {}",
                s.turns[0], s.residual, s.sweeps
            );
        }
        "trio" | "trio-plain" => {
            println!(
                "estimated {:.0} MiB",
                Trio::estimate_bytes(&rules) as f64 / 1048576.0
            );
            let t = if what == "trio" {
                Trio::solve(&rules)?
            } else {
                let (t, sweeps) = Trio::solve_plain(&rules, 1e-12)?;
                println!("plain value iteration: {sweeps} sweeps");
                t
            };
            let c = t.start();
            println!(
                "target {target}, 3 players: seats win {:.6} {:.6} {:.6}, residual {:.1e}, sweeps {} (max {}), {} triples mixed, tables {:.0} MiB",
                c[0],
                c[1],
                c[2],
                t.residual,
                t.sweeps,
                t.max_sweeps,
                t.mixed,
                t.memory_bytes() as f64 / 1048576.0
            );
            if args.iter().any(|a| a == "bellman") {
                println!(
                    "one plain sweep over every state but the mixed triples {:?}: residual {:.1e}",
                    t.mixed_at,
                    t.bellman_residual()
                );
            }
            if args.iter().any(|a| a == "compare") {
                let (plain, sweeps) = Trio::solve_plain(&rules, 1e-13)?;
                println!(
                    "plain value iteration ({sweeps} sweeps): largest difference {:.1e}",
                    t.max_difference(&plain)
                );
                println!(
                    "one plain sweep over the solved table: residual {:.1e} (plain's own: {:.1e})",
                    t.bellman_residual(),
                    plain.bellman_residual()
                );
            }
        }
        "gap" => {
            // `gap TARGET [GAMES]`: the heads-up strategy in each seat against exact bots,
            // the exact bots' self-play, and heads-up self-play, against the exact table.
            let games: u64 = args.get(2).map_or(Ok(20_000), |g| g.parse())?;
            let trio = Trio::solve(&rules)?;
            let duel = Duel::solve(&rules)?;
            let rolls = Rolls::new(&rules);
            let exact = trio.start();
            let show = |what: &str, seat: usize, r: &yahtzee_yahtzix::sim::Rate| {
                println!(
                    "{what} seat {}: {:.4} [{:.4}, {:.4}], exact {:.4}, gap {:+.4}",
                    seat + 1,
                    r.rate,
                    r.low,
                    r.high,
                    exact[seat],
                    exact[seat] - r.rate
                )
            };
            use yahtzee_yahtzix::party::{table_stats, HeadsUpBot, TrioBot};
            use yahtzee_yahtzix::sim::Player;
            let exact_bots = table_stats(&rules, 3, games, 1, |_| {
                Box::new(TrioBot::new(&trio, &rolls)) as Box<dyn Player>
            });
            for (s, r) in exact_bots.win_rates.iter().enumerate() {
                show("exact self-play", s, r);
            }
            for seat in 0..3 {
                let t = table_stats(&rules, 3, games, 2 + seat as u64, |s| {
                    if s == seat {
                        Box::new(HeadsUpBot::new(&duel, &rolls).unwrap()) as Box<dyn Player>
                    } else {
                        Box::new(TrioBot::new(&trio, &rolls))
                    }
                });
                show("heads-up among exact,", seat, &t.win_rates[seat]);
            }
            let heads_up = table_stats(&rules, 3, games, 9, |_| {
                Box::new(HeadsUpBot::new(&duel, &rolls).unwrap()) as Box<dyn Player>
            });
            for (s, r) in heads_up.win_rates.iter().enumerate() {
                show("heads-up self-play", s, r);
            }
        }
        "duel" | "advise" => {
            let d = Duel::solve(&rules)?;
            println!(
                "target {target}: P(first wins) {:.6}, residual {:.1e}, sweeps {} (max {}), tables {:.0} MiB",
                d.first_player_wins(),
                d.residual,
                d.sweeps,
                d.max_sweeps,
                d.memory_bytes() as f64 / 1048576.0
            );
            println!(
                "solve {:.2} s on {threads} threads",
                start.elapsed().as_secs_f64()
            );
            if what == "advise" {
                time_advice(&d)?;
            }
            return Ok(());
        }
        "capped" => {
            // capped TARGET CAP LEVELS: the capped, rounded solve alone, timed.
            let (cap, levels, options) = compact_options(&args, 54)?;
            let d = Duel::solve_with(&rules, options)?;
            println!(
                "offers to {cap} units, {levels} levels: solve {:.1} s on {threads} threads, first player {:.6}",
                start.elapsed().as_secs_f64(),
                d.first_player_wins()
            );
            return Ok(());
        }
        "compact" => {
            // compact TARGET CAP LEVELS [DECISIONS] [SEED]: a capped, rounded solve's advice
            // judged by the exact game, over the decisions of games it plays against itself.
            let num = |i: usize, d: u64| args.get(i).map_or(Ok(d), |a| a.parse::<u64>());
            let (cap, levels, options) = compact_options(&args, 74)?;
            let (want, seed) = (num(4, 10_000)? as usize, num(5, 1)?);
            let exact = Duel::solve(&rules)?;
            println!("exact solve {:.1} s", start.elapsed().as_secs_f64());
            let t = Instant::now();
            let approx = Duel::solve_with(&rules, options)?;
            println!(
                "offers to {cap} units, {levels} levels: solve {:.1} s on {threads} threads, first player {:.6} (exact {:.6})",
                t.elapsed().as_secs_f64(),
                approx.first_player_wins(),
                exact.first_player_wins()
            );
            compare(&rules, &exact, &approx, want, seed)?;
            let c = precision::compare(&approx, &exact, want, seed)?;
            println!(
                "{} random positions ({} with a choice): best differs in {}, worst loss {:.2e}, largest option error {:.2e}, largest value error {:.2e}",
                c.sampled, c.decisions, c.differ, c.worst_gap, c.max_option_error, c.max_error
            );
            return Ok(());
        }
        "precision" => {
            let samples: usize = args.get(2).map_or(Ok(10_000), |s| s.parse())?;
            let narrow = Duel::solve(&rules)?;
            let t1 = start.elapsed().as_secs_f64();
            let wide = Duel::solve_with(
                &rules,
                SolveOptions {
                    wide: true,
                    ..Default::default()
                },
            )?;
            let t2 = start.elapsed().as_secs_f64() - t1;
            println!(
                "target {target}: P(first wins) f32 {:.12}, f64 {:.12}; solves {t1:.1} s and {t2:.1} s on {threads} threads",
                narrow.first_player_wins(),
                wide.first_player_wins()
            );
            let c = precision::compare(&narrow, &wide, samples, 1)?;
            println!(
                "largest difference over every state and offer {:.2e}; {} positions sampled ({} with a choice), best option differs in {} (worst gap {:.2e}), largest option difference {:.2e}",
                c.max_error, c.sampled, c.decisions, c.differ, c.worst_gap, c.max_option_error
            );
            return Ok(());
        }
        "open" => {
            // `open TARGET FILE`: what `yahtzee yahtzix advise` pays on a cached table.
            let file = args.get(2).ok_or("open TARGET FILE")?;
            let d = Duel::load(std::path::Path::new(file), &rules)?;
            let opened = start.elapsed().as_secs_f64();
            std::hint::black_box(Rolls::new(&rules));
            let ready = start.elapsed().as_secs_f64();
            println!(
                "open {:.2} ms (head checked, offers mapped), Rolls::new {:.2} ms",
                1e3 * opened,
                1e3 * (ready - opened)
            );
            time_advice(&d)?;
            let t = Instant::now();
            d.verify_all()?;
            println!(
                "every block checked (as a bot does): {:.1} ms",
                1e3 * t.elapsed().as_secs_f64()
            );
            return Ok(());
        }
        _ => return Err(format!("unknown measurement {what}").into()),
    }
    println!(
        "{:.3} s on {threads} threads",
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

/// Mean and worst time of an advice query over positions across the table.
fn time_advice(d: &Duel) -> Result<(), Box<dyn std::error::Error>> {
    let rolls = Rolls::new(&d.rules);
    let mut worst = 0f64;
    let mut total = 0f64;
    let mut n = 0;
    let top = d.rules.target - 50;
    let mid = top / 100 * 50;
    for (me, opp) in [(0, 0), (mid, top), (top, top), (top, 0)] {
        for stage in [
            Stage::Start {
                offer: (opp >= 30).then_some((opp, 2)),
            },
            Stage::Rolled {
                roll: 1,
                total: 0,
                held: 6,
                dice: parse_dice("115523")?,
            },
            Stage::Rolled {
                roll: 2,
                total: 150,
                held: 4,
                dice: parse_dice("1253")?,
            },
        ] {
            let pos = Position {
                seat: Seat::Second,
                me,
                opp,
                stage,
            };
            let t = Instant::now();
            let a = advise(d, &rolls, &pos)?;
            let dt = t.elapsed().as_secs_f64();
            std::hint::black_box(a);
            worst = worst.max(dt);
            total += dt;
            n += 1;
        }
    }
    println!(
        "advice: mean {:.3} ms, worst {:.3} ms over {n} queries",
        1e3 * total / n as f64,
        1e3 * worst
    );
    Ok(())
}

/// Plays games of `approx` against itself (seeded) until `want` decisions are made, and
/// judges each by `exact`: how often its choice is not the best, the mean and worst chance
/// to win it costs.
fn compare(
    rules: &Rules,
    exact: &Duel,
    approx: &Duel,
    want: usize,
    seed: u64,
) -> Result<(), Box<dyn std::error::Error>> {
    use yahtzee_yahtzix::record::{review, Record};
    use yahtzee_yahtzix::sim::{game_rng, play_turn_with, DuelBot, Game};
    let rolls = Rolls::new(rules);
    let mut costs = Vec::new();
    let mut g = 0;
    while costs.len() < want {
        let mut rng = game_rng(seed, g);
        let mut bots = [DuelBot::new(approx, &rolls)?, DuelBot::new(approx, &rolls)?];
        let mut game = Game::new(rules);
        let mut record = Record::new(*rules, Some(seed), ["a".into(), "b".into()]);
        while game.winner.is_none() {
            let seat = game.to_move;
            play_turn_with(&mut game, &mut bots[seat], &mut rng, &mut |e| {
                record.observe(&e)
            });
        }
        costs.extend(
            review(&record, exact, &rolls)?
                .decisions
                .iter()
                .map(|d| d.cost),
        );
        g += 1;
    }
    costs.truncate(want);
    let n = costs.len() as f64;
    let differ = costs.iter().filter(|&&c| c > 1e-9).count();
    let mean = costs.iter().sum::<f64>() / n;
    let worst = costs.iter().cloned().fold(0.0, f64::max);
    println!(
        "{} decisions from {g} games (seed {seed}): best differs in {differ} ({:.2}%), chance to win lost: mean {:.2e}, worst {:.2e}",
        costs.len(),
        100.0 * differ as f64 / n,
        mean,
        worst
    );
    Ok(())
}

/// The compact game's options from the arguments `TARGET CAP LEVELS` after the measurement's
/// name (CAP defaults to `cap`; LEVELS 0, the default: not rounded).
fn compact_options(
    args: &[String],
    cap: usize,
) -> Result<(usize, u32, SolveOptions<'static>), Box<dyn std::error::Error>> {
    let cap = args.get(2).map_or(Ok(cap), |a| a.parse())?;
    let levels: u32 = args.get(3).map_or(Ok(0), |a| a.parse())?;
    let options = SolveOptions {
        offer_cap: Some(cap),
        levels: (levels > 0).then_some(levels),
        ..Default::default()
    };
    Ok((cap, levels, options))
}
