//! `yahtzee advise`: rank every option of a position.

use std::path::PathBuf;

use anyhow::{bail, Context, Result};
use yahtzee_advice::{AdviceError, Advisor, Report, TurnMulligan};
use yahtzee_rules::Scorecard;

use crate::{table_file, RulesOpts};

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    rules: RulesOpts,
    /// Filled boxes, e.g. "ones=3 twos=6 yahtzee=50 yahtzee_bonus=100" (empty: a new card).
    #[arg(long, default_value = "")]
    scorecard: String,
    /// The five dice showing, e.g. 13346 (six on a Mega-Yahtzee turn). Without dice, under
    /// the house rule mega-yahtzee: whether to take the sixth die before the first roll.
    #[arg(long, requires = "rolls_left")]
    dice: Option<String>,
    /// Rerolls left this turn: 2 after the first roll, 0 after the last.
    #[arg(long, value_parser = clap::value_parser!(u8).range(0..=2), requires = "dice")]
    rolls_left: Option<u8>,
    /// House rule mulligan: the dice are the mulligan's roll, spent this turn (after its
    /// last roll: --rolls-left 0). The card still holds it (no mulligan=used: that means an
    /// earlier turn); the boxes are valued with the mulligan gone.
    #[arg(long, requires = "dice")]
    mulligan_spent: bool,
    /// Table file [default: data/<rules>.table, built if missing].
    #[arg(long)]
    table: Option<PathBuf>,
    /// Play to reach this final total: rank options by P(final total >= TARGET) (points on
    /// the card count), using the target table.
    #[arg(long)]
    target: Option<u32>,
    /// Target table file [default: data/<rules>.target.table, built if missing].
    #[arg(long)]
    target_table: Option<PathBuf>,
    /// Play to win against an opponent with this scorecard (repeat for several), who plays
    /// for expected score from there: rank options by P(win) + P(tie)/2.
    #[arg(long, conflicts_with = "target")]
    opponent: Vec<String>,
    /// Print JSON (schema in the README); it holds every option.
    #[arg(long)]
    json: bool,
    /// Show every option, not just the best ten.
    #[arg(long)]
    all: bool,
    /// No progress bar if the table has to be built.
    #[arg(long, short)]
    quiet: bool,
}

pub fn run(args: Args) -> Result<()> {
    let rules = args.rules.rules()?;
    let card = Scorecard::parse(rules, &args.scorecard).context("bad --scorecard")?;
    let dice = match &args.dice {
        Some(text) => Some(yahtzee_engine::parse_dice(text)?),
        None if rules.house.mega_yahtzee => None,
        None => bail!("give --dice and --rolls-left (only mega-yahtzee asks without dice: whether to take the sixth die)"),
    };
    let mulligan = if args.mulligan_spent {
        TurnMulligan::SpentThisTurn
    } else {
        TurnMulligan::AsCard
    };
    // A mulligan spent this turn that cannot be is refused before any table is opened.
    if let (Some(dice), Some(rolls_left)) = (&dice, args.rolls_left) {
        match mulligan.state(&card, dice, rolls_left) {
            Err(AdviceError::MulliganNotInRules) => bail!(
                "--mulligan-spent needs the house rule mulligan (--house mulligan); rules {} have none",
                rules.name
            ),
            Err(e) => bail!("--mulligan-spent: {e}"),
            Ok(_) => {}
        }
    }
    let path = args
        .table
        .clone()
        .unwrap_or_else(|| table_file::default_path(rules));
    // What to play for first: a goal these rules cannot take is refused before any work.
    let (play_for, target) = table_file::play_for(
        rules,
        args.target,
        args.target_table.as_deref(),
        &args.opponent,
        args.quiet,
    )?;
    let advisor = Advisor::new(table_file::open_or_build(rules, &path, args.quiet)?);
    let report = match (dice, args.rolls_left) {
        (Some(dice), Some(rolls_left)) => yahtzee_engine::advise_in_turn(
            &advisor,
            target.as_ref(),
            &card,
            dice,
            rolls_left,
            mulligan,
            &play_for,
        )?,
        _ => yahtzee_engine::advise_sixth_die(&advisor, target.as_ref(), &card, &play_for)?,
    };
    let text = if args.json {
        serde_json::to_string_pretty(&report)? + "\n"
    } else {
        human(&report, if args.all { usize::MAX } else { SHOWN })
    };
    crate::print_stdout(&text)
}

/// Options the human output shows without `--all`.
const SHOWN: usize = 10;

fn human(r: &Report, shown: usize) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    macro_rules! println {
        ($($t:tt)*) => { writeln!(out, $($t)*).expect("writing to a String") };
    }
    let dice: Vec<String> = r.dice.iter().map(u8::to_string).collect();
    if r.rolls_left == 3 {
        println!(
            "rules {}, before the turn's first roll, sixth die in hand, {} points on the card",
            r.rules, r.points_so_far
        );
    } else if r.mulligan.is_some() {
        println!(
            "rules {}, dice {} (the mulligan's roll, spent this turn), {} points on the card",
            r.rules,
            dice.join(" "),
            r.points_so_far
        );
    } else {
        println!(
            "rules {}, dice {}, {} roll{} left, {} points on the card",
            r.rules,
            dice.join(" "),
            r.rolls_left,
            if r.rolls_left == 1 { "" } else { "s" },
            r.points_so_far
        );
    }
    println!(
        "expected final total with optimal play: {:.4}",
        r.expected_final
    );
    let target = r.target.zip(r.target_status);
    if let Some((t, status)) = target {
        let p = r.options[0].p_at_least.unwrap_or(0.0);
        match status {
            "reached" => println!(
                "target {t}: already reached with {} points on the card; options ranked by expected score",
                r.points_so_far
            ),
            "out of reach" => println!(
                "target {t}: out of reach (no rolls can add {} points); options ranked by expected score",
                t - r.points_so_far
            ),
            _ => println!(
                "target {t}: best chance to finish with {t} or more is {:.4}%",
                100.0 * p
            ),
        }
    }
    let win = r.opponents.is_some();
    if let Some(opponents) = &r.opponents {
        let o = &r.options[0];
        println!(
            "against {} opponent{} playing for expected score: best chance to win {:.4}%, to tie {:.4}%",
            opponents.len(),
            if opponents.len() == 1 { "" } else { "s" },
            100.0 * o.p_win.unwrap_or(0.0),
            100.0 * o.p_tie.unwrap_or(0.0)
        );
    }
    println!();
    // With rolls left the options are keeps, unless a rule forces scoring now (fool-house).
    let what = if r.rolls_left == 3 {
        "sixth die (mega-yahtzee)"
    } else if r.rolls_left > 0 && r.options.iter().all(|o| o.category.is_none()) {
        "keep"
    } else if r.rolls_left > 0 {
        "box (scored at once)"
    } else {
        "box or action"
    };
    // The label column: 26 wide, more for the Mega turn's "box (score) with five dice".
    let w = if r.options.iter().any(|o| o.scored.is_some()) {
        38
    } else {
        26
    };
    if win {
        println!(
            "{:>3}  {:<w$} {:>9} {:>9} {:>12} {:>10}",
            "#", what, "P(win)", "P(tie)", "expected", "loss"
        );
    } else if target.is_some() {
        println!(
            "{:>3}  {:<w$} {:>10} {:>12} {:>10}",
            "#", what, "P(>=target)", "expected", "loss"
        );
    } else {
        println!("{:>3}  {:<w$} {:>12} {:>10}", "#", what, "expected", "loss");
    }
    for (i, o) in r.options.iter().enumerate().take(shown) {
        let faces = |k: &[u8]| k.iter().map(u8::to_string).collect::<Vec<_>>().join(" ");
        let label = match (&o.keep, o.category) {
            (Some(k), _) if o.mulligan && k.is_empty() => "mulligan: reroll all".to_string(),
            (Some(k), _) if o.mulligan => format!("mulligan: keep {}", faces(k)),
            (None, Some(_)) if o.chance_chance => "chance-chance (reroll all)".to_string(),
            (Some(k), _) if k.is_empty() => "nothing (reroll all)".to_string(),
            (Some(k), _) if k.len() == r.dice.len() => {
                let faces: Vec<String> = k.iter().map(u8::to_string).collect();
                format!("{} (all)", faces.join(" "))
            }
            (Some(k), _) => k.iter().map(u8::to_string).collect::<Vec<_>>().join(" "),
            (None, Some(c)) => match &o.scored {
                Some(five) => format!("{c} ({}) with {}", o.score.unwrap_or(0), faces(five)),
                None => format!("{c} ({})", o.score.unwrap_or(0)),
            },
            (None, None) => match o.sixth_die {
                Some(true) => "take the sixth die".to_string(),
                Some(false) => "roll five dice".to_string(),
                None => String::new(),
            },
        };
        let loss = if o.loss == 0.0 {
            "best".to_string()
        } else {
            format!("-{:.4}", o.loss)
        };
        match o.p_at_least {
            _ if win => println!(
                "{:>3}  {:<w$} {:>8.4}% {:>8.4}% {:>12.4} {:>10}",
                i + 1,
                label,
                100.0 * o.p_win.unwrap_or(0.0),
                100.0 * o.p_tie.unwrap_or(0.0),
                o.ev_remaining,
                loss
            ),
            Some(p) => println!(
                "{:>3}  {:<w$} {:>10.4}% {:>12.4} {:>10}",
                i + 1,
                label,
                100.0 * p,
                o.ev_remaining,
                loss
            ),
            None => println!(
                "{:>3}  {:<w$} {:>12.4} {:>10}",
                i + 1,
                label,
                o.ev_remaining,
                loss
            ),
        }
    }
    if r.options.len() > shown {
        let more = r.options.len() - shown;
        println!(
            "     ... {more} more option{} (--all shows them)",
            if more == 1 { "" } else { "s" }
        );
    }
    out
}
