//! `yahtzee review FILE`: replay a game record and judge every decision against optimal play.

use std::path::PathBuf;

use anyhow::{Context, Result};
use yahtzee_advice::Advisor;
use yahtzee_play::{review, Record, Review};

use crate::table_file;

#[derive(clap::Args)]
pub struct Args {
    /// The game record (written by `yahtzee play`; format in the README).
    file: PathBuf,
    /// Print JSON: every decision with its cost, and each player's totals.
    #[arg(long)]
    json: bool,
    /// How many of the costliest decisions to list.
    #[arg(long, default_value_t = 5)]
    top: usize,
    /// Table file [default: data/<rules>.table, built if missing].
    #[arg(long)]
    table: Option<PathBuf>,
    /// No progress bar if the table has to be built.
    #[arg(long, short)]
    quiet: bool,
}

pub fn run(args: Args) -> Result<()> {
    let name = args.file.display().to_string();
    let text =
        std::fs::read_to_string(&args.file).with_context(|| format!("cannot read {name}"))?;
    let record = Record::parse(&text).with_context(|| name.clone())?;
    let rules = record.rules;
    let path = args
        .table
        .clone()
        .unwrap_or_else(|| table_file::default_path(rules));
    let advisor = Advisor::new(table_file::open_or_build(rules, &path, args.quiet)?);
    let r = review(&record, &advisor).with_context(|| name.clone())?;
    let text = if args.json {
        serde_json::to_string_pretty(&r)? + "\n"
    } else {
        human(&name, &r, args.top)
    };
    crate::print_stdout(&text)
}

fn human(name: &str, r: &Review, top: usize) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    macro_rules! println {
        ($($t:tt)*) => { writeln!(out, $($t)*).expect("writing to a String") };
    }
    let state = if r.finished {
        "finished"
    } else {
        "not finished"
    };
    println!("review of {name} (rules {}, {state})", r.rules);
    println!();
    println!(
        "{:>5}  {:<12} {:>5}  {:<10} {:>4}  {:<28} {:<28} {:>7}",
        "line", "player", "round", "dice", "left", "choice", "best", "cost"
    );
    for d in &r.decisions {
        let dice: String = d.dice.iter().map(u8::to_string).collect();
        let cost = if d.cost > 0.0 {
            format!("{:.3}", d.cost)
        } else {
            "-".to_string()
        };
        println!(
            "{:>5}  {:<12} {:>5}  {:<10} {:>4}  {:<28} {:<28} {:>7}",
            d.line, d.player, d.round, dice, d.rolls_left, d.chosen, d.best, cost
        );
    }
    println!();
    for p in &r.players {
        println!(
            "{:<12} {:>4} points, {:.3} expected points lost over {} decisions{}",
            p.name,
            p.total,
            p.cost,
            p.decisions,
            if p.bot { " (bot)" } else { "" }
        );
    }
    let worst = r.biggest_mistakes(top);
    if worst.is_empty() {
        println!("\nno mistakes: every decision was optimal");
    } else {
        println!("\nbiggest mistakes:");
        for d in worst {
            let dice: Vec<String> = d.dice.iter().map(u8::to_string).collect();
            println!(
                "  line {}: {} in round {} with {} ({} left): {}, best {} — cost {:.3}",
                d.line,
                d.player,
                d.round,
                dice.join(" "),
                d.rolls_left,
                d.chosen,
                d.best,
                d.cost
            );
        }
    }
    out
}
