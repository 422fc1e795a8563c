//! `yahtzee advise`: rank every option of a position.

use std::path::PathBuf;

use anyhow::{Context, Result};
use yahtzee_advice::{Advisor, Report};
use yahtzee_rules::{Dice, Scorecard};

use crate::{table_file, RulesOpts};

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    rules: RulesOpts,
    /// Filled boxes, e.g. "ones=3 twos=6 yahtzee=50 yahtzee_bonus=100" (empty: a new card).
    #[arg(long, default_value = "")]
    scorecard: String,
    /// The five dice showing, e.g. 13346.
    #[arg(long)]
    dice: String,
    /// Rerolls left this turn: 2 after the first roll, 0 after the last.
    #[arg(long, value_parser = clap::value_parser!(u8).range(0..=2))]
    rolls_left: u8,
    /// Table file [default: data/<rules>.table, built if missing].
    #[arg(long)]
    table: Option<PathBuf>,
    /// Print JSON (schema in the README).
    #[arg(long)]
    json: bool,
    /// No progress bar if the table has to be built.
    #[arg(long, short)]
    quiet: bool,
}

pub fn run(args: Args) -> Result<()> {
    let rules = args.rules.rules();
    let card = Scorecard::parse(rules, &args.scorecard).context("bad --scorecard")?;
    let dice = Dice::parse_roll(&args.dice).context("bad --dice")?;
    let path = args
        .table
        .clone()
        .unwrap_or_else(|| table_file::default_path(rules));
    let table = table_file::open_or_build(rules, &path, args.quiet)?;
    let advisor = Advisor::new(table);
    let advice = advisor.advise(&card, dice, args.rolls_left)?;
    let report = Report::new(&card, &dice, args.rolls_left, &advice);
    let text = if args.json {
        serde_json::to_string_pretty(&report)? + "\n"
    } else {
        human(&report)
    };
    crate::print_stdout(&text)
}

fn human(r: &Report) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    macro_rules! println {
        ($($t:tt)*) => { writeln!(out, $($t)*).expect("writing to a String") };
    }
    let dice: Vec<String> = r.dice.iter().map(u8::to_string).collect();
    println!(
        "rules {}, dice {}, {} roll{} left, {} points on the card",
        r.rules,
        dice.join(" "),
        r.rolls_left,
        if r.rolls_left == 1 { "" } else { "s" },
        r.points_so_far
    );
    println!(
        "expected final total with optimal play: {:.4}",
        r.expected_final
    );
    println!();
    let what = if r.rolls_left > 0 {
        "keep"
    } else {
        "box or action"
    };
    println!("{:>3}  {:<26} {:>12} {:>10}", "#", what, "expected", "loss");
    for (i, o) in r.options.iter().enumerate() {
        let faces = |k: &[u8]| k.iter().map(u8::to_string).collect::<Vec<_>>().join(" ");
        let label = match (&o.keep, o.category) {
            (Some(k), _) if o.mulligan && k.is_empty() => "mulligan: reroll all".to_string(),
            (Some(k), _) if o.mulligan => format!("mulligan: keep {}", faces(k)),
            (None, Some(_)) if o.chance_chance => "chance-chance (reroll all)".to_string(),
            (Some(k), _) if k.is_empty() => "nothing (reroll all)".to_string(),
            (Some(k), _) if k.len() == 5 => {
                let faces: Vec<String> = k.iter().map(u8::to_string).collect();
                format!("{} (all)", faces.join(" "))
            }
            (Some(k), _) => k.iter().map(u8::to_string).collect::<Vec<_>>().join(" "),
            (None, Some(c)) => format!("{c} ({})", o.score.unwrap_or(0)),
            (None, None) => String::new(),
        };
        let loss = if i == 0 {
            "best".to_string()
        } else {
            format!("-{:.4}", o.loss)
        };
        println!(
            "{:>3}  {:<26} {:>12.4} {:>10}",
            i + 1,
            label,
            o.ev_remaining,
            loss
        );
    }
    out
}
