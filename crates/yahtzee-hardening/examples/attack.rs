//! The attack on a running `yahtzee serve` (issue 35): floods of builds, heavy questions,
//! malformed and slow requests beside advice at a steady rate, on loopback, then the
//! report; exits 1 when a mark is missed (`yahtzee_hardening::attack`). `scripts/attack.sh`
//! starts the server and runs this.
//!
//! ```text
//! cargo run --release -p yahtzee-hardening --example attack -- ADDR [--seconds 60]
//!     [--pid PID] [--data-dir DIR] [--memory-limit 6] [--data-budget 4]
//!     [--heavy-seconds 30] [--rate 100] [--small] [--without WORD,...] [--json]
//! ```
//!
//! `--memory-limit` and `--data-budget` are the server's (GiB); `--pid` and `--data-dir`
//! let the attack sample its memory and its data folder. `--json` prints the report as
//! JSON on standard output (the markdown then goes to standard error). `--without target`
//! leaves out the build and heavy kinds with that word in their name (`target`, `yahtzix`,
//! `painted`, `reduced`, `value`, `triple`, `stats`), to tell which flood hurts.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use yahtzee_hardening::attack::{run, Config};

const USAGE: &str = "usage: attack ADDR [--seconds N] [--pid PID] [--data-dir DIR] [--memory-limit GIB] [--data-budget GIB] [--heavy-seconds N] [--rate N] [--small] [--without WORD,...] [--json]";

fn fail(message: &str) -> ! {
    eprintln!("error: {message}\n{USAGE}");
    std::process::exit(2)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let addr: SocketAddr = args
        .next()
        .and_then(|a| a.parse().ok())
        .unwrap_or_else(|| fail("the server's address first (127.0.0.1:PORT)"));
    if !addr.ip().is_loopback() {
        fail("the attack only targets loopback");
    }
    let mut small = false;
    let mut json = false;
    let mut settings: Vec<(String, String)> = Vec::new();
    while let Some(flag) = args.next() {
        match flag.as_str() {
            "--small" => small = true,
            "--json" => json = true,
            "--seconds" | "--pid" | "--data-dir" | "--memory-limit" | "--data-budget"
            | "--heavy-seconds" | "--rate" | "--without" => {
                let value = args
                    .next()
                    .unwrap_or_else(|| fail(&format!("{flag} needs a value")));
                settings.push((flag, value));
            }
            other => fail(&format!("unknown argument {other}")),
        }
    }
    let mut config = if small {
        Config::short(addr, Duration::from_secs(60))
    } else {
        Config::benchmark(addr, Duration::from_secs(60))
    };
    for (flag, value) in settings {
        let number = || -> f64 {
            value
                .parse()
                .ok()
                .filter(|v: &f64| v.is_finite() && *v > 0.0)
                .unwrap_or_else(|| fail(&format!("{flag}: a positive number, not {value}")))
        };
        let gib = |v: f64| (v * f64::from(1u32 << 30)) as u64;
        match flag.as_str() {
            "--seconds" => config.duration = Duration::from_secs_f64(number()),
            "--pid" => config.pid = Some(number() as u32),
            "--data-dir" => config.data_dir = Some(PathBuf::from(&value)),
            "--memory-limit" => config.memory_limit = gib(number()),
            "--data-budget" => config.data_budget = gib(number()),
            "--heavy-seconds" => config.heavy_seconds = number() as u64,
            "--rate" => config.advice_rate = number(),
            _ => config.without = value.split(',').map(str::to_owned).collect(),
        }
    }
    let report = run(&config).unwrap_or_else(|e| {
        eprintln!("error: {e}");
        std::process::exit(1)
    });
    if json {
        eprint!("{}", report.markdown());
        println!(
            "{}",
            serde_json::to_string_pretty(&report.json()).expect("JSON")
        );
    } else {
        print!("{}", report.markdown());
    }
    let missed = report.missed();
    if !missed.is_empty() {
        eprintln!("missed: {}", missed.join(", "));
        std::process::exit(1);
    }
}
