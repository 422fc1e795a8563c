//! Timings of the Painted Yahtzee kernel: `cargo run --release -p yahtzee-painted --example
//! measure -- turn` (one turn of the full game, one lane and eight) or `-- solve NAME`
//! (a reduced game solved on this machine).

use std::time::Instant;

use yahtzee_painted::game::{Game, State};
use yahtzee_painted::turn::{Plan, TurnValues};
use yahtzee_painted::{approx, fit, solve};

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
            // docs/PAINTED.md's table of orbits: how many fewer rolls the symmetry leaves.
            let throws = game.keeps().rolls();
            for k in 0..=5 {
                let g = &plan.scored(k).graph;
                println!(
                    "k={k}: {} roll orbits, {} keep orbits, {:.1}x fewer rolls than {throws}",
                    g.rolls(),
                    g.len(),
                    throws as f64 / g.rolls() as f64
                );
            }
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
                let mut adv = yahtzee_painted::advice::Advisor::new(&game, valuer.clone());
                // MEASURE_ROUNDS=2: a second round fitted to games of the corrected strategy
                // (docs/PAINTED.md: it did not help, so the shipped correction has one).
                let rounds: u64 = std::env::var("MEASURE_ROUNDS")
                    .ok()
                    .and_then(|r| r.parse().ok())
                    .unwrap_or(1);
                for round in 1..=rounds {
                    let c = fit::fit_correction(&adv, 4000, round);
                    let corrected = valuer.with_correction(c);
                    let v = approx::policy_value(&game, &corrected);
                    println!(
                        "  corrected (round {round}, 4,000 games): {v:.4}, gap {:.4} ({:.3}%)",
                        optimal - v,
                        100.0 * (optimal - v) / optimal
                    );
                    adv = yahtzee_painted::advice::Advisor::new(&game, corrected);
                }
            }
        }
        Some("play") => {
            // The standard game: building the split value, one piece of advice, simulation.
            let game = Game::standard();
            let t = Instant::now();
            let valuer = approx::Valuer::for_game(&game, 0);
            println!(
                "split value of the full game: {:.2} s",
                t.elapsed().as_secs_f64()
            );
            if args.get(2).map(String::as_str) == Some("compare") {
                let games: usize = args[1].parse().unwrap();
                for v in [approx::Valuer::split(&game), valuer.clone()] {
                    let name = v.name();
                    let adv = yahtzee_painted::advice::Advisor::new(&game, v);
                    let s = yahtzee_painted::sim::simulate(&adv, games, 99);
                    println!("{name}: {:.3} ± {:.3} over {games} games", s.mean, s.ci95);
                }
                return;
            }
            let adv = yahtzee_painted::advice::Advisor::new(&game, valuer);
            let card = yahtzee_painted::card::Card::empty(&game);
            let hand = yahtzee_painted::Hand::parse("1r 2y 3g 4b 6p", 5).unwrap();
            for i in 0..3 {
                let t = Instant::now();
                let a = adv.advise(&card, &hand, 2).unwrap();
                println!(
                    "advice {i}: {:.1} ms (best {} worth {:.3})",
                    t.elapsed().as_secs_f64() * 1e3,
                    a.options[0].keep.as_deref().unwrap_or(""),
                    a.expected_total
                );
            }
            let games: usize = args.get(1).map_or(200, |g| g.parse().unwrap());
            let t = Instant::now();
            let s = yahtzee_painted::sim::simulate(&adv, games, 1);
            let secs = t.elapsed().as_secs_f64();
            println!(
                "{games} games: mean {:.2} ± {:.2} in {secs:.1} s = {:.0} games/min on {} threads",
                s.mean,
                s.ci95,
                games as f64 * 60.0 / secs,
                rayon::current_num_threads()
            );
        }
        Some("fit") => {
            // The correction of the full game's split value, as Rust source.
            let game = Game::standard();
            let games: usize = args.get(1).map_or(8000, |g| g.parse().unwrap());
            let adv = yahtzee_painted::advice::Advisor::new(&game, approx::Valuer::split(&game));
            let t = Instant::now();
            let c = fit::fit_correction(&adv, games, 2026);
            eprintln!(
                "fitted from {games} games in {:.1} s",
                t.elapsed().as_secs_f64()
            );
            println!("/// Fitted by `cargo run --release -p yahtzee-painted --example measure -- fit {games}`.");
            println!("pub const STANDARD_SIZES: [usize; 2] = {:?};", c.sizes);
            println!("pub const STANDARD: [f64; {}] = [", c.table.len());
            for row in c.table.chunks(c.sizes[1] + 1) {
                let cells: Vec<String> = row.iter().map(|v| format!("{v:.3}")).collect();
                println!("    {},", cells.join(", "));
            }
            println!("];");
        }
        Some("full") => full(std::path::Path::new(&args[1])),
        Some("cost") => cost(args.get(1).map_or(2, |s| s.parse().unwrap())),
        _ => {
            eprintln!("usage: measure turn | solve NAME | gap NAME... | play [GAMES] | fit [GAMES] | cost [SAMPLES]")
        }
    }
}

/// The cost model of the full game's exact solve: each layer's sets timed on samples (a
/// set's time depends on its layer and on how many colour boxes it has filled, which picks
/// its keep graph), on one thread, then scaled by the number of such sets.
fn cost(samples: usize) {
    use yahtzee_painted::game::Layers;
    let game = Game::standard();
    let plan = Plan::new(&game);
    for k in 0..=5 {
        plan.scored(k);
    }
    let layers = Layers::of(&game);
    let sps = game.states_per_set();
    let one = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    let mut total_cpu = 0.0;
    let mut peak_next = 0usize;
    println!("| layer | sets | values (MB) | CPU (core-h) |");
    println!("|---:|---:|---:|---:|");
    for n in (0..game.box_count()).rev() {
        let ids = &layers.sets[n];
        let next_len = layers.sets[n + 1].len() * sps;
        peak_next = peak_next.max(next_len);
        let zeros = vec![0.0; next_len];
        let next = solve::Next {
            game: &game,
            layers: &layers,
            values: &zeros,
        };
        // Sets of this layer by colour boxes filled, and a few of each timed.
        let mut by_k: Vec<Vec<u32>> = vec![Vec::new(); 6];
        for &id in ids {
            by_k[game.filled_colours(game.set_of_id(id as usize))].push(id);
        }
        let mut cpu = 0.0;
        for sets in by_k.iter().filter(|v| !v.is_empty()) {
            let step = (sets.len() / samples).max(1);
            let picked: Vec<u32> = sets.iter().step_by(step).take(samples).copied().collect();
            let mut out = vec![0.0; sps];
            // CPU time of the thread that runs them (not wall time: the machine may be
            // shared).
            let secs = one.install(|| {
                let start = thread_cpu_seconds();
                for &id in &picked {
                    solve::solve_set(&plan, id as usize, &next, &mut out);
                }
                thread_cpu_seconds() - start
            });
            let per_set = secs / picked.len() as f64;
            cpu += per_set * sets.len() as f64;
        }
        total_cpu += cpu;
        println!(
            "| {n} | {} | {:.0} | {:.3} |",
            ids.len(),
            (ids.len() * sps * 8) as f64 / 1e6,
            cpu / 3600.0
        );
    }
    let table_gb = (game.state_count() * 8) as f64 / 1e9;
    println!();
    println!("states {}, table {table_gb:.2} GB", game.state_count());
    println!(
        "CPU {:.2} core-hours on this machine's cores",
        total_cpu / 3600.0
    );
    println!(
        "largest layer a worker reads: {:.0} MB",
        (peak_next * 8) as f64 / 1e6
    );
}

/// CPU seconds this thread has run (Linux: /proc/thread-self/schedstat, in nanoseconds).
fn thread_cpu_seconds() -> f64 {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").expect("Linux schedstat");
    let ns: f64 = text.split_whitespace().next().unwrap().parse().unwrap();
    ns / 1e9
}

/// The full game solved on this machine's threads, layer by layer, with every chunk of 2,048
/// sets saved in `dir` as it is finished: a run that is stopped and started again goes on
/// from the last chunk saved. Writes `dir/painted.table` and prints the value of the empty
/// card.
fn full(dir: &std::path::Path) {
    use yahtzee_painted::game::Layers;
    let game = Game::standard();
    let plan = Plan::new(&game);
    let layers = Layers::of(&game);
    let sps = game.states_per_set();
    std::fs::create_dir_all(dir).unwrap();
    let read = |p: &std::path::Path| -> Option<Vec<f64>> {
        let b = std::fs::read(p).ok()?;
        Some(
            b.chunks_exact(8)
                .map(|c| f64::from_le_bytes(c.try_into().unwrap()))
                .collect(),
        )
    };
    let write = |p: &std::path::Path, v: &[f64]| {
        let tmp = p.with_extension("tmp");
        let bytes: Vec<u8> = v.iter().flat_map(|x| x.to_le_bytes()).collect();
        std::fs::write(&tmp, bytes).unwrap();
        std::fs::rename(&tmp, p).unwrap();
    };
    let start = Instant::now();
    let mut values: Vec<Vec<f64>> = vec![Vec::new(); game.box_count() + 1];
    for n in (0..=game.box_count()).rev() {
        let t = Instant::now();
        let len = layers.sets[n].len();
        let path = dir.join(format!("layer-{n:02}.f64"));
        if let Some(v) = read(&path).filter(|v| v.len() == len * sps) {
            values[n] = v;
            println!("layer {n}: saved before");
            continue;
        }
        let next = if n == game.box_count() {
            Vec::new()
        } else {
            values[n + 1].clone()
        };
        let mut layer = Vec::with_capacity(len * sps);
        for (c, from) in (0..len).step_by(2048).enumerate() {
            let to = (from + 2048).min(len);
            let cp = dir.join(format!("layer-{n:02}-chunk-{c:04}.f64"));
            let chunk = match read(&cp).filter(|v| v.len() == (to - from) * sps) {
                Some(v) => v,
                None => {
                    let v = solve::solve_chunk(&plan, &layers, n, from..to, &next);
                    write(&cp, &v);
                    v
                }
            };
            layer.extend(chunk);
        }
        write(&path, &layer);
        for c in 0..len.div_ceil(2048) {
            let _ = std::fs::remove_file(dir.join(format!("layer-{n:02}-chunk-{c:04}.f64")));
        }
        values[n] = layer;
        println!(
            "layer {n}: {len} sets in {:.1} s ({:.0} s so far)",
            t.elapsed().as_secs_f64(),
            start.elapsed().as_secs_f64()
        );
    }
    let table = solve::table_from_layers(&game, &layers, &values);
    solve::write_table(&dir.join("painted.table"), &game, &table).unwrap();
    println!(
        "painted: {:.9} expected on the empty card ({} threads, {:.0} s)",
        solve::start_value(&game, &table),
        rayon::current_num_threads(),
        start.elapsed().as_secs_f64()
    );
}
