//! `yahtzee review FILE`: replay a game record and judge every decision against optimal play.

use std::path::PathBuf;

use anyhow::{Context, Result};
use yahtzee_advice::Advisor;
use yahtzee_play::{review, Decision, Record, Review};

use crate::table_file;

#[derive(clap::Args)]
pub struct Args {
    /// The game record (written by `yahtzee play`; format in the README).
    file: PathBuf,
    /// Print JSON: every decision with its cost, and each player's totals.
    #[arg(long, short)]
    json: bool,
    /// How many of the costliest decisions to list.
    #[arg(long, default_value_t = 5)]
    top: usize,
    /// Table file [default: <data folder>/<rules>.table, built if missing].
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
    use yahtzee_rules::{wrap, COLUMNS};
    let mut out = String::new();
    let state = if r.finished {
        "finished"
    } else {
        "not finished"
    };
    out += &wrap(
        &format!("review of {name} (rules {}, {state})", r.rules),
        COLUMNS,
        "  ",
    );
    out.push('\n');
    // One row per decision; the choice column as wide as the longest choice, within 80
    // columns (a longer one runs on), and the best choice under it when it differs.
    let dice = |d: &Decision| d.dice.iter().map(u8::to_string).collect::<String>();
    let player_w = r
        .decisions
        .iter()
        .map(|d| d.player.chars().count())
        .max()
        .unwrap_or(0);
    let player_w = player_w.clamp(6, 12);
    let lead = 4 + 2 + player_w + 2 + 5 + 2 + 6 + 2 + 4 + 2;
    let cost_w = 7;
    let choice_w = r
        .decisions
        .iter()
        .map(|d| d.chosen_label.chars().count())
        .max()
        .unwrap_or(0)
        .clamp(6, COLUMNS - lead - cost_w - 1);
    let row = |line: &str, player: &str, round: &str, dice: &str, left: &str, choice: &str| {
        format!(
            "{line:>4}  {player:<player_w$}  {round:>5}  {dice:<6}  {left:>4}  {choice:<choice_w$}"
        )
    };
    let head = row("line", "player", "round", "dice", "left", "choice");
    out += &format!("{head} {:>cost_w$}\n", "cost");
    for d in &r.decisions {
        let cost = if d.cost > 0.0 {
            format!("{:.3}", d.cost)
        } else {
            "-".to_string()
        };
        let player: String = d.player.chars().take(player_w).collect();
        let line = row(
            &d.line.to_string(),
            &player,
            &d.round.to_string(),
            &dice(d),
            &d.rolls_left.to_string(),
            &d.chosen_label,
        );
        out += &format!("{line} {cost:>cost_w$}\n");
        if d.cost > 0.0 {
            out += &wrap(
                &format!("{:lead$}best: {}", "", d.best_label),
                COLUMNS,
                &" ".repeat(lead + 6),
            );
        }
    }
    out.push('\n');
    for p in &r.players {
        out += &wrap(
            &format!(
                "{:<12} {:>4} points, {:.3} expected points lost over {} decisions{}",
                p.name,
                p.total,
                p.cost,
                p.decisions,
                if p.bot { " (bot)" } else { "" }
            ),
            COLUMNS,
            "  ",
        );
    }
    let worst = r.biggest_mistakes(top);
    if worst.is_empty() {
        out += "\nno mistakes: every decision was optimal\n";
    } else {
        out += "\nbiggest mistakes:\n";
        for d in worst {
            let dice: Vec<String> = d.dice.iter().map(u8::to_string).collect();
            out += &wrap(
                &format!(
                    "  line {}: {} in round {} with {} ({} left), cost {:.3}:",
                    d.line,
                    d.player,
                    d.round,
                    dice.join(" "),
                    d.rolls_left,
                    d.cost
                ),
                COLUMNS,
                "    ",
            );
            out += &wrap(
                &format!("    {}; best {}", d.chosen_label, d.best_label),
                COLUMNS,
                "    ",
            );
        }
    }
    out
}
