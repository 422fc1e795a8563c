//! `yahtzee train`: the trainer's puzzles (`yahtzee_engine::train`) in lines or full
//! screen ([`screen`]). Three modes: practice (one puzzle after another, the themes missed
//! coming back first), the daily puzzle, and the proficiency test (20 puzzles, then the
//! mean loss per decision beside the reference players'). Each answer shows the best
//! option, the player's loss and why, in the explanation's words. Progress is kept in a
//! file beside the game records ([`progress`]).

pub mod progress;
pub mod screen;

use std::io::{BufRead, Write};

use yahtzee_engine::train::{Player, Puzzle};
use yahtzee_engine::ReportOption;
use yahtzee_rules::{Category, Scorecard};

use crate::{Error, Mode};
use progress::Progress;

/// What a session does with its puzzles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Session {
    /// One after another, missed themes first, until the player quits or they run out.
    Practice,
    /// The day's one puzzle.
    Daily,
    /// Every puzzle in order, then the score.
    Test,
}

/// The puzzles a proficiency test takes.
pub const TEST_PUZZLES: usize = 20;

/// What `yahtzee train` is asked to do: a session, or list the puzzles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ask {
    Session(Session),
    List,
}

impl Ask {
    /// The mode named `text`: `practice`, `daily`, `test` or `list`.
    pub fn named(text: &str) -> Option<Ask> {
        Some(match text {
            "practice" => Ask::Session(Session::Practice),
            "daily" => Ask::Session(Session::Daily),
            "test" => Ask::Session(Session::Test),
            "list" => Ask::List,
            _ => return None,
        })
    }

    /// The puzzles this mode takes, when it decides: one a day, twenty in a test.
    pub fn count(self) -> Option<usize> {
        match self {
            Ask::Session(Session::Daily) => Some(1),
            Ask::Session(Session::Test) => Some(TEST_PUZZLES),
            _ => None,
        }
    }
}

/// `yahtzee train`: lists `puzzles` (of rule set `rules`, from `seed`) or runs a session,
/// full screen when standard input and output are a terminal, else over them in lines;
/// the player's progress is loaded from and saved to its file beside the game records.
pub fn start(
    ask: Ask,
    rules: &str,
    seed: u64,
    puzzles: &[Puzzle],
    json: bool,
) -> Result<(), Error> {
    let mut stdout = std::io::stdout();
    let Ask::Session(session) = ask else {
        return list(puzzles, json, &mut stdout);
    };
    let path = Progress::path(rules);
    let mut progress = Progress::load(&path).map_err(Error::Game)?;
    let set = format!(
        "Puzzle set: --seed {seed} ({} puzzles, {rules})",
        puzzles.len()
    );
    if Mode::choose(false, true) == Mode::FullScreen {
        let mut s = screen::Screen::new(session, puzzles, &mut progress);
        crate::screen::run(&mut s)?;
        writeln!(stdout, "{set}")?;
        for line in s.summary() {
            writeln!(stdout, "{line}")?;
        }
    } else {
        writeln!(stdout, "{set}")?;
        let stdin = std::io::stdin();
        run(
            session,
            puzzles,
            &mut progress,
            &mut stdin.lock(),
            &mut stdout,
        )?;
    }
    progress.save(&path).map_err(Error::Game)
}

/// Runs a session of `puzzles` (of `rules`) over `input` and `output`, recording each
/// answer in `progress` (saved by the caller). Returns the mean loss per puzzle answered.
pub fn run(
    session: Session,
    puzzles: &[Puzzle],
    progress: &mut Progress,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<Option<f64>, Error> {
    let mut left: Vec<&Puzzle> = puzzles.iter().collect();
    let mut losses = Vec::new();
    while !left.is_empty() {
        let at = match session {
            Session::Practice => progress.next_of(&left),
            Session::Daily | Session::Test => 0,
        };
        let puzzle = left.remove(at);
        let n = losses.len() + 1;
        show(puzzle, n, puzzles.len(), out)?;
        let Some(chosen) = ask(puzzle, input, out)? else {
            break;
        };
        let loss = puzzle.report.options[chosen].loss;
        answer(puzzle, chosen, out)?;
        progress.record(puzzle.theme, loss);
        losses.push(loss);
    }
    let mean = (!losses.is_empty()).then(|| losses.iter().sum::<f64>() / losses.len() as f64);
    if let Some(mean) = test_score(session, puzzles, &losses) {
        progress.record_test(mean);
        writeln!(out)?;
        for line in score_lines(puzzles, mean) {
            writeln!(out, "{line}")?;
        }
    }
    Ok(mean)
}

/// The position: its theme and difficulty, the card, the dice and rolls left.
fn show(p: &Puzzle, n: usize, of: usize, out: &mut dyn Write) -> Result<(), Error> {
    let card = card_of(p);
    writeln!(out, "\n{}", title(p, n, of))?;
    writeln!(out, "Card: {}", card_line(&card))?;
    let rolls = match p.report.rolls_left {
        0 => "no rolls left: choose a box".to_string(),
        r => format!(
            "{r} roll{} left: keep some dice or choose a box",
            if r == 1 { "" } else { "s" }
        ),
    };
    let dice: Vec<String> = p.report.dice.iter().map(u8::to_string).collect();
    writeln!(out, "Dice: {}   {rolls}", dice.join(" "))?;
    Ok(())
}

/// A puzzle's title: "Puzzle 2 of 10 · The upper bonus · medium".
pub fn title(p: &Puzzle, n: usize, of: usize) -> String {
    let (theme, difficulty) = (p.theme.title(), p.difficulty.name());
    format!("Puzzle {n} of {of} · {theme} · {difficulty}")
}

/// The card's boxes, filled ones with their scores, open ones marked.
fn card_line(card: &Scorecard) -> String {
    let rules = card.rules();
    let boxes: Vec<String> = rules
        .boxes
        .iter()
        .map(|&c| match card.score(c) {
            Some(s) => format!("{} {s}", c.label()),
            None => format!("{} _", c.label()),
        })
        .collect();
    format!("{} (total {})", boxes.join(", "), card.total())
}

fn card_of(p: &Puzzle) -> Scorecard {
    let rules = yahtzee_rules::RuleSet::named(p.report.rules).expect("a puzzle's rules");
    Scorecard::parse(rules, &p.card).expect("a puzzle's card")
}

/// Reads the player's choice until it names an option; `None` on `q` or the end of input.
fn ask(p: &Puzzle, input: &mut dyn BufRead, out: &mut dyn Write) -> Result<Option<usize>, Error> {
    loop {
        write!(out, "Your choice (keep 2 2 5, a box such as fours, or q): ")?;
        out.flush()?;
        let mut line = String::new();
        if input.read_line(&mut line)? == 0 {
            return Ok(None);
        }
        let line = line.trim();
        if line == "q" || line == "quit" {
            return Ok(None);
        }
        match parse_choice(p, line) {
            Ok(i) => return Ok(Some(i)),
            Err(why) => writeln!(out, "{why}")?,
        }
    }
}

/// The option `text` names: `keep` and the dice (`keep 2 2 5`, `k 225`; `keep` alone
/// rerolls all), `mulligan` and the dice kept, `chance-chance`, or a box by its name or
/// label (`fours`, `full house`, `full_house`).
pub fn parse_choice(p: &Puzzle, text: &str) -> Result<usize, String> {
    let lower = text.to_lowercase();
    let (word, rest) = lower.split_once(' ').unwrap_or((&lower, ""));
    let faces = |s: &str| -> Option<Vec<u8>> {
        let mut f: Vec<u8> = s
            .chars()
            .filter(|c| !c.is_whitespace())
            .map(|c| {
                c.to_digit(10)
                    .filter(|d| (1..=6).contains(d))
                    .map(|d| d as u8)
            })
            .collect::<Option<_>>()?;
        f.sort_unstable();
        Some(f)
    };
    let found = match word {
        "keep" | "k" => {
            let f = faces(rest).ok_or("keep: the dice to keep, as 2 2 5")?;
            keep_option(p, &f, false)
        }
        "mulligan" | "m" => {
            let f = faces(rest).ok_or("mulligan: the dice to keep, as 2 2 5")?;
            keep_option(p, &f, true)
        }
        "chance-chance" | "cc" => chance_chance_option(p),
        _ => {
            let name = lower.replace(' ', "_");
            let c = Category::from_name(&name)
                .or_else(|| {
                    let boxes = card_of(p).rules().boxes;
                    boxes
                        .iter()
                        .copied()
                        .find(|c| c.label().to_lowercase() == lower)
                })
                .ok_or_else(|| format!("'{text}': keep and the dice, or a box"))?;
            box_option(p, c)
        }
    };
    found.ok_or_else(|| format!("'{text}' is not an option here"))
}

/// The option keeping the dice `faces` (sorted) and rolling the rest: with the mulligan
/// (`mulligan`) or a plain reroll.
pub fn keep_option(p: &Puzzle, faces: &[u8], mulligan: bool) -> Option<usize> {
    let options = &p.report.options;
    options
        .iter()
        .position(|o| o.mulligan == mulligan && o.keep.as_deref() == Some(faces))
}

/// The option filling box `c` with the dice showing.
pub fn box_option(p: &Puzzle, c: Category) -> Option<usize> {
    let options = &p.report.options;
    options
        .iter()
        .position(|o| o.category == Some(c.name()) && !o.chance_chance)
}

/// The chance-chance option, where the house rule offers one.
pub fn chance_chance_option(p: &Puzzle) -> Option<usize> {
    p.report.options.iter().position(|o| o.chance_chance)
}

/// The answer: the best option, the player's loss, and why in the explanation's words.
fn answer(p: &Puzzle, chosen: usize, out: &mut dyn Write) -> Result<(), Error> {
    for line in answer_lines(p, chosen) {
        writeln!(out, "{line}")?;
    }
    Ok(())
}

/// The answer to choosing option `chosen` of `p`, a line each: whether it is right (or
/// the best option and what the choice loses), then why.
pub fn answer_lines(p: &Puzzle, chosen: usize) -> Vec<String> {
    let options = &p.report.options;
    let n = p.report.dice.len();
    let best = &options[0];
    let mine = &options[chosen];
    let why = |o: &ReportOption| {
        o.explain
            .as_ref()
            .filter(|e| !e.why.is_empty())
            .map(|e| e.why.join(", "))
    };
    if mine.loss <= 1e-9 {
        let mut lines = vec![format!("Right: {} is the best option.", describe(best, n))];
        let against = &options[p.against];
        if let Some(why) = why(against) {
            lines.push(format!("With {} instead: {why}.", describe(against, n)));
        }
        return lines;
    }
    let mut lines = vec![format!(
        "Best: {}. Yours, {}, loses {:.2} points.",
        describe(best, n),
        describe(mine, n),
        mine.loss
    )];
    if let Some(why) = why(mine) {
        lines.push(format!("Why: with yours, {why}."));
    }
    lines
}

/// An option in a player's words, with `showing` dice showing: "keep 2 2 5", "Fours for
/// 8", "chance-chance".
pub fn describe(o: &ReportOption, showing: usize) -> String {
    let dice = |k: &[u8]| {
        let d: Vec<String> = k.iter().map(u8::to_string).collect();
        if d.is_empty() {
            "nothing".to_string()
        } else {
            d.join(" ")
        }
    };
    if o.chance_chance {
        return "chance-chance".into();
    }
    match (&o.keep, o.category, o.score) {
        (Some(k), _, _) if o.mulligan => format!("the mulligan, keeping {}", dice(k)),
        (Some(k), _, _) if k.len() == showing => "keep them all (stand)".into(),
        (Some(k), _, _) => format!("keep {}", dice(k)),
        (None, Some(c), Some(s)) => {
            let label = Category::from_name(c).map_or(c, Category::label);
            format!("{label} for {s}")
        }
        _ => "this option".into(),
    }
}

/// Prints `puzzles`: as one JSON array (`json`), else each position with its answer.
pub fn list(puzzles: &[Puzzle], json: bool, out: &mut dyn Write) -> Result<(), Error> {
    if json {
        let text = serde_json::to_string_pretty(puzzles).expect("puzzles serialise");
        writeln!(out, "{text}")?;
        return Ok(());
    }
    for p in puzzles {
        let n = p.report.dice.len();
        show(p, p.number, puzzles.len(), out)?;
        let against = &p.report.options[p.against];
        writeln!(
            out,
            "Answer: {} ({:?}: {} loses {:.2})",
            describe(&p.report.options[0], n),
            p.kind,
            describe(against, n),
            against.loss
        )?;
    }
    Ok(())
}

/// The mean loss of a session's `losses` when it is a test and every puzzle was answered.
pub fn test_score(session: Session, puzzles: &[Puzzle], losses: &[f64]) -> Option<f64> {
    let finished = session == Session::Test && losses.len() == puzzles.len();
    (finished && !losses.is_empty()).then(|| losses.iter().sum::<f64>() / losses.len() as f64)
}

/// A test's score beside the reference players' on the same puzzles, a line each.
pub fn score_lines(puzzles: &[Puzzle], mine: f64) -> Vec<String> {
    let mut lines = vec![format!("Your score: {mine:.2} points lost per decision.")];
    for (player, loss) in reference_scores(puzzles) {
        lines.push(format!("  {:<8} {loss:.2}", player.name()));
    }
    lines
}

/// Each reference player's mean loss per decision on `puzzles`, run through them.
pub fn reference_scores(puzzles: &[Puzzle]) -> Vec<(Player, f64)> {
    Player::ALL
        .into_iter()
        .map(|player| {
            let total: f64 = puzzles
                .iter()
                .map(|p| player.loss(&card_of(p), &p.report))
                .sum();
            (player, total / puzzles.len().max(1) as f64)
        })
        .collect()
}
