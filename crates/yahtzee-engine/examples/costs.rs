//! One build, its estimate beside what it took: `scripts/bench_costs.sh` runs this once per
//! build under `/usr/bin/time -v` (peak resident memory, CPU seconds) and prints the table
//! of docs/SERVER.md, "What a build costs".
//!
//! ```text
//! cargo run --release -p yahtzee-engine --example costs -- KIND NAME DIR
//! ```
//!
//! KIND is `values` or `target` (NAME a rule set), `yahtzix` or `yahtzix3` (NAME a
//! target), `painted` (NAME a game), `triple` (NAME a variant); DIR an empty data folder.
//! Prints one JSON line: the estimate and the bytes written.

use std::path::PathBuf;
use std::time::Instant;

use yahtzee_engine::cost::Build;
use yahtzee_engine::Tables;

fn build(kind: &str, name: &str) -> Result<Build, String> {
    let rules = || yahtzee_rules::RuleSet::named(name).map_err(|e| e.to_string());
    let yahtzix = || {
        let target = name.parse().map_err(|_| format!("target '{name}'"))?;
        yahtzee_yahtzix::Rules::new(target, true, false).map_err(|e| e.to_string())
    };
    Ok(match kind {
        "values" => Build::Values(rules()?),
        "target" => Build::Target(rules()?),
        "yahtzix" => Build::Yahtzix(yahtzix()?),
        "yahtzix3" => Build::YahtzixThree(yahtzix()?),
        "painted" => Build::Painted(yahtzee_painted::Game::named(name).map_err(|e| e.to_string())?),
        "triple" => Build::Triple(
            yahtzee_triple::Variant::from_name(name).ok_or(format!("variant {name}"))?,
            yahtzee_triple::Kind::Fitted,
        ),
        other => return Err(format!("unknown kind {other}")),
    })
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [kind, name, dir] = args.as_slice() else {
        eprintln!("usage: costs KIND NAME DIR");
        std::process::exit(2);
    };
    let build = build(kind, name).unwrap_or_else(|e| {
        eprintln!("error: {e}");
        std::process::exit(2)
    });
    let tables = Tables::new(Some(PathBuf::from(dir))).with_memory_limit(u64::MAX);
    if let Build::Triple(..) = build {
        // Its own cost only: the official table first.
        let forced = yahtzee_rules::RuleSet::by_name("forced").expect("official rules");
        tables
            .prepare(&Build::Values(forced))
            .expect("the official table");
    }
    let cost = build.cost();
    let before = folder_bytes(dir);
    let start = Instant::now();
    tables.prepare(&build).unwrap_or_else(|e| {
        eprintln!("error: {e}");
        std::process::exit(1)
    });
    let disk = folder_bytes(dir) - before;
    println!(
        "{{\"build\": \"{}\", \"memory\": {}, \"held\": {}, \"disk\": {}, \"cpu_seconds\": {:.2}, \"written\": {disk}, \"seconds\": {:.2}}}",
        build.describe(),
        cost.memory,
        cost.held,
        cost.disk,
        cost.cpu_seconds,
        start.elapsed().as_secs_f64()
    );
}

fn folder_bytes(dir: &str) -> u64 {
    std::fs::read_dir(dir)
        .map(|d| {
            d.filter_map(|e| e.ok()?.metadata().ok())
                .map(|m| m.len())
                .sum()
        })
        .unwrap_or(0)
}
