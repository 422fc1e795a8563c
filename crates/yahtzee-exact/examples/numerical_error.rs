//! How exact are the `f64` value tables? For each rule set named, the production table
//! (`yahtzee_solver::solve`) against the same game solved in double-double by the
//! production kernel's keep steps; then the reduced games in exact rationals.
//!
//! ```text
//! cargo run --release -p yahtzee-exact --example numerical_error -- forced free no-bonus yatzy
//! cargo run --release -p yahtzee-exact --example numerical_error -- --reduced-only --json
//! ```
//!
//! Options: `--json` (one JSON document instead of text), `--json-to PATH` (the text on
//! stdout and the JSON document into `PATH`, from the same run), `--no-reduced` (skip the
//! rational games), `--reduced-only` (only them). Numbers are printed to 4 significant
//! digits (times to 0.1 s), written the same way in the text and the JSON.

use std::time::Instant;

use num_rational::BigRational;
use serde_json::{json, Value};
use yahtzee_exact::bound::{relative_bound, table_bound};
use yahtzee_exact::compare::{dd_vs_exact, f64_vs_dd, f64_vs_exact};
use yahtzee_exact::dd::exact_dd;
use yahtzee_exact::rational::{decimal, exact_f64, fixed, to_f64};
use yahtzee_exact::{describe, kernel, reference, Diff, DoubleDouble, LARGER, REDUCED};
use yahtzee_rules::{RuleSet, State};

/// `x` to 4 significant digits (what is printed, in text and JSON alike).
fn sig(x: f64) -> f64 {
    format!("{x:.3e}").parse().expect("a number")
}

/// Seconds to 0.1 s.
fn secs(t: Instant) -> f64 {
    round1(t.elapsed().as_secs_f64())
}

fn round1(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

/// CPU time of this process's live threads so far, in seconds (Linux: the first field of
/// each `/proc/self/task/*/schedstat`, nanoseconds on a CPU; rayon's threads live on), so
/// a run on a busy machine still says what the work costs. 0 elsewhere.
fn cpu_now() -> f64 {
    let Ok(tasks) = std::fs::read_dir("/proc/self/task") else {
        return 0.0;
    };
    tasks
        .flatten()
        .filter_map(|t| std::fs::read_to_string(t.path().join("schedstat")).ok())
        .filter_map(|s| s.split_whitespace().next()?.parse::<f64>().ok())
        .sum::<f64>()
        / 1e9
}

fn diff_json(d: &Diff, rules: &RuleSet) -> Value {
    json!({
        "states": d.states,
        "max_abs_diff": sig(d.max_abs),
        "max_abs_state": describe(rules, d.max_abs_at),
        "max_rel_diff": sig(d.max_rel),
        "max_rel_state": describe(rules, d.max_rel_at),
        "largest_value": sig(d.largest_value),
        "worst_bound_ratio": sig(d.worst_bound_ratio),
        "worst_bound_state": describe(rules, d.worst_bound_at),
    })
}

fn full_game(name: &str, text: bool) -> Value {
    let rules = RuleSet::named(name).unwrap_or_else(|e| panic!("{e}"));
    let t = Instant::now();
    let table = yahtzee_solver::solve(rules, &|_| {});
    let f64_seconds = secs(t);
    let t = Instant::now();
    let cpu = cpu_now();
    let dd = kernel::solve_dd(rules);
    let seconds = secs(t);
    let cpu_seconds = round1(cpu_now() - cpu);
    let d = f64_vs_dd(rules, &table, &dd);
    let start = rules.state_index(State::START);
    let start_dd = decimal(&exact_dd(dd[start]), 32);
    let bound = sig(table_bound(rules, d.largest_value));
    let bound_rel = sig(relative_bound(rules.box_count() as u32));
    // The published value: 8 decimals. The exact value (double-double, off by ~1e-28 at
    // most) rounded, the f64 value rounded, and how far the exact value is from a
    // rounding boundary (the f64 error would have to exceed that to change a digit).
    let (published_dd, margin) = fixed(&exact_dd(dd[start]), 8);
    let (published_f64, _) = fixed(&exact_f64(table[start]), 8);
    let margin = sig(to_f64(&margin));
    let v = json!({
        "rules": name,
        "states": d.states,
        "max_abs_diff": sig(d.max_abs),
        "max_abs_state": describe(rules, d.max_abs_at),
        "max_rel_diff": sig(d.max_rel),
        "max_rel_state": describe(rules, d.max_rel_at),
        "start_value_dd": start_dd,
        "start_value_f64": table[start],
        "start_diff": sig((DoubleDouble::from(table[start]) - dd[start]).to_f64()),
        "start_value_8dp_dd": published_dd,
        "start_value_8dp_f64": published_f64,
        "rounding_margin": margin,
        "largest_value": sig(d.largest_value),
        "bound": bound,
        "bound_rel": bound_rel,
        "worst_bound_ratio": sig(d.worst_bound_ratio),
        "worst_bound_state": describe(rules, d.worst_bound_at),
        "seconds": seconds,
        "cpu_seconds": cpu_seconds,
        "f64_seconds": f64_seconds,
        "threads": rayon::current_num_threads(),
    });
    if text {
        println!(
            "{name}: {} reachable states, f64 table vs double-double",
            d.states
        );
        println!(
            "  max |f64 - dd|         {}  at {}",
            v["max_abs_diff"],
            v["max_abs_state"].as_str().unwrap_or("")
        );
        println!(
            "  max |f64 - dd| / dd    {}  at {}",
            v["max_rel_diff"],
            v["max_rel_state"].as_str().unwrap_or("")
        );
        println!("  start value, dd        {start_dd}");
        println!(
            "  start value, f64       {}  (f64 - dd = {})",
            v["start_value_f64"], v["start_diff"]
        );
        println!("  to 8 decimals          dd {published_dd}, f64 {published_f64}  (dd is {} from a rounding boundary)", v["rounding_margin"]);
        println!("  largest value          {}", v["largest_value"]);
        println!(
            "  a-priori bound         {}  (relative {}: gamma_(325*{}))",
            v["bound"],
            v["bound_rel"],
            rules.box_count()
        );
        println!(
            "  worst |diff| / bound   {}  at {}",
            v["worst_bound_ratio"],
            v["worst_bound_state"].as_str().unwrap_or("")
        );
        println!(
            "  double-double solve    {} s, {} s CPU  (f64 solve {} s, {} threads)",
            v["seconds"], v["cpu_seconds"], v["f64_seconds"], v["threads"]
        );
    }
    v
}

fn reduced_game(g: &yahtzee_exact::Reduced, text: bool) -> Value {
    let rules = g.rules();
    let t = Instant::now();
    let cpu = cpu_now();
    let exact = reference::solve::<BigRational>(rules);
    let seconds = secs(t);
    let cpu_seconds = round1(cpu_now() - cpu);
    let table = yahtzee_solver::solve(rules, &|_| {});
    let dd = kernel::solve_dd(rules);
    let dd_plain: Vec<DoubleDouble> = reference::solve::<DoubleDouble>(rules)
        .into_iter()
        .map(|v| v.unwrap_or(kernel::UNREACHABLE))
        .collect();
    let f = f64_vs_exact(rules, &table, &exact);
    let k = dd_vs_exact(rules, &dd, &exact);
    let p = dd_vs_exact(rules, &dd_plain, &exact);
    let start = exact[rules.state_index(State::START)]
        .as_ref()
        .expect("the start is reachable");
    let bound = sig(table_bound(rules, f.largest_value));
    let mut v = diff_json(&f, rules);
    let o = v.as_object_mut().expect("an object");
    o.insert("game".into(), json!(g.label()));
    o.insert("rules".into(), json!(g.base));
    o.insert("start_value_exact".into(), json!(decimal(start, 32)));
    o.insert(
        "start_value_f64".into(),
        json!(table[rules.state_index(State::START)]),
    );
    o.insert("bound".into(), json!(bound));
    o.insert("dd_max_rel_diff".into(), json!(sig(k.max_rel)));
    o.insert("dd_plain_max_rel_diff".into(), json!(sig(p.max_rel)));
    o.insert("seconds".into(), json!(seconds));
    o.insert("cpu_seconds".into(), json!(cpu_seconds));
    if text {
        println!(
            "{}: {} reachable states, exact rationals",
            g.label(),
            f.states
        );
        println!(
            "  max |f64 - exact|              {}  at {}",
            v["max_abs_diff"],
            v["max_abs_state"].as_str().unwrap_or("")
        );
        println!("  max |f64 - exact| / exact      {}", v["max_rel_diff"]);
        println!(
            "  a-priori bound                 {}  (worst |diff| / bound {})",
            v["bound"], v["worst_bound_ratio"]
        );
        println!("  max |dd kernel - exact| / exact {}", v["dd_max_rel_diff"]);
        println!(
            "  max |dd plain - exact| / exact  {}",
            v["dd_plain_max_rel_diff"]
        );
        println!("  start value, exact             {}", decimal(start, 32));
        println!(
            "  rational solve                 {} s, {} s CPU",
            v["seconds"], v["cpu_seconds"]
        );
    }
    v
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let flag = |f: &str| args.iter().any(|a| a == f);
    let json_out = flag("--json");
    let reduced_only = flag("--reduced-only");
    let json_to = args
        .iter()
        .position(|a| a == "--json-to")
        .map(|i| args.get(i + 1).expect("--json-to PATH").clone());
    let mut names: Vec<&str> = args
        .iter()
        .filter(|a| !a.starts_with("--") && Some(*a) != json_to.as_ref())
        .map(String::as_str)
        .collect();
    if names.is_empty() && !reduced_only {
        names = vec!["forced", "free", "no-bonus", "yatzy"];
    }
    let text = !json_out;
    let mut full = Vec::new();
    if !reduced_only {
        for name in &names {
            full.push(full_game(name, text));
        }
    }
    let mut reduced = Vec::new();
    if !flag("--no-reduced") {
        for g in REDUCED.iter().chain(&LARGER) {
            reduced.push(reduced_game(g, text));
        }
    }
    let doc = json!({ "full": full, "reduced": reduced });
    let doc = serde_json::to_string_pretty(&doc).expect("JSON");
    if json_out {
        println!("{doc}");
    }
    if let Some(path) = json_to {
        std::fs::write(&path, doc + "\n").unwrap_or_else(|e| panic!("{path}: {e}"));
    }
}
