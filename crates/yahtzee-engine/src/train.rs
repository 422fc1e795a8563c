//! The trainer: puzzles from the exact table that teach optimal play (docs/TRAIN.md).
//!
//! A puzzle is a position from a seeded game played by the table's own strategy, with
//! every option ranked (the [`Report`] of `yahtzee advise --explain --json`: each option's
//! loss and where its expected total comes from). A position becomes a puzzle when it
//! teaches something:
//!
//! - a **trap**: the greedy player ([`Player::Greedy`]) takes an option that loses at
//!   least [`TRAP`] expected points;
//! - or a **close call**: the best option beats the next by less than [`CLOSE`] points,
//!   and it is not the greedy player's.
//!
//! Each has a [`Theme`], worked out from the explanations of the best option and the one
//! it is set against (the greedy player's, or the runner-up), and a [`Difficulty`] from
//! the margin between the best option and the next. At most one puzzle comes from a
//! turn. The same `(rules, seed, count, difficulty)` gives the same puzzles on every
//! front end: the games' dice come from ChaCha8 seeded by the set's seed and the game's
//! number, and everything else is the table's.

mod players;
mod theme;

pub use players::{greedy_choice, myopic_choice, Player};
pub use theme::{theme_of, Difficulty, Theme};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::Serialize;
use yahtzee_advice::{Advisor, Report, TurnMulligan};
use yahtzee_play::{bot, Bots, Game};
use yahtzee_rules::{Dice, Scorecard};
use yahtzee_table::CompanionTable;

use crate::{advise, explain, EngineError, PlayFor};

/// The most puzzles one set may ask for.
pub const MAX_PUZZLES: usize = 200;
/// A greedy option losing at least this many expected points makes a trap.
pub const TRAP: f64 = 1.0;
/// A best option winning by less than this many points makes a close call.
pub const CLOSE: f64 = 0.25;
/// Games played per puzzle asked, at most, before the set is refused as too rare.
pub const GAMES_PER_PUZZLE: u64 = 50;
/// Options whose values differ by less than this are tied.
const TIE: f64 = 1e-9;

/// A set of puzzles asked for: `count` puzzles from the games of `seed`, of one
/// difficulty or any.
#[derive(Clone, Copy, Debug)]
pub struct Query {
    pub seed: u64,
    pub count: usize,
    pub difficulty: Option<Difficulty>,
}

/// Why a position was chosen (the `kind` of a puzzle's JSON).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// A plausible player's option loses at least [`TRAP`] points.
    Trap,
    /// The best option wins by less than [`CLOSE`], and no plausible player takes it.
    Close,
}

/// One puzzle (the JSON of `yahtzee train --list --json`, one per puzzle).
#[derive(Serialize)]
pub struct Puzzle {
    /// Its place in the set, from 1.
    pub number: usize,
    /// The seeded game it comes from (from 0) and the turn (from 1).
    pub game: u64,
    pub turn: u32,
    /// The card at the position, as `--card` takes it.
    pub card: String,
    pub theme: Theme,
    pub difficulty: Difficulty,
    pub kind: Kind,
    /// By how many points the best option beats the next.
    pub margin: f64,
    /// The options the greedy and the myopic players take (indexes into `report.options`).
    pub greedy: usize,
    pub myopic: usize,
    /// The option the best one is set against: for a trap, the plausible player's that
    /// loses more; for a close call, the runner-up.
    pub against: usize,
    /// Every option ranked, with its loss and explanation: `advise --explain --json` of
    /// the position.
    pub report: Report,
}

impl Puzzle {
    /// The position's dice.
    pub fn dice(&self) -> Dice {
        Dice::from_faces_up_to(&self.report.dice, yahtzee_rules::MEGA_DICE)
            .expect("a report's dice are dice")
    }
}

/// A puzzle set asked for in JSON (the WebAssembly engine's `puzzles`):
/// `{"rules": "forced", "house": [..], "seed": 7, "count": 10, "difficulty": "hard"}`, every
/// field but `seed` optional (`rules` the official game, `count` 10, any difficulty), or
/// `"date": "2026-11-29"` for the daily puzzle (its seed, one puzzle).
pub fn request(body: &[u8]) -> Result<(&'static yahtzee_rules::RuleSet, Query), EngineError> {
    #[derive(serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Asked {
        #[serde(default)]
        rules: Option<String>,
        #[serde(default)]
        house: Vec<String>,
        seed: Option<u64>,
        count: Option<usize>,
        difficulty: Option<String>,
        date: Option<String>,
    }
    let a: Asked = serde_json::from_slice(body)
        .map_err(|e| EngineError::BadInput(format!("bad puzzle request: {e}")))?;
    let house: Vec<&str> = a.house.iter().map(String::as_str).collect();
    let rules = crate::rules_named(a.rules.as_deref().unwrap_or("forced"), &house)?;
    let difficulty = match a.difficulty.as_deref() {
        None => None,
        Some(d) => Some(Difficulty::named(d).ok_or_else(|| {
            EngineError::BadInput(format!("difficulty '{d}': easy, medium or hard"))
        })?),
    };
    let (seed, count) = match (a.date, a.seed) {
        (Some(date), None) => (daily_seed(&date)?, 1),
        (None, Some(seed)) => (seed, a.count.unwrap_or(10)),
        _ => {
            return Err(EngineError::BadInput(
                "a puzzle request gives a seed or a date".into(),
            ))
        }
    };
    Ok((
        rules,
        Query {
            seed,
            count,
            difficulty,
        },
    ))
}

/// The seed of the daily puzzle of a date, `YYYY-MM-DD`: the same for everyone on that
/// day (the date's digits as a number, 20261129).
pub fn daily_seed(date: &str) -> Result<u64, EngineError> {
    let bad = || EngineError::BadInput(format!("date '{date}': YYYY-MM-DD, as 2026-11-29"));
    let parts: Vec<&str> = date.split('-').collect();
    let [y, m, d] = parts[..] else {
        return Err(bad());
    };
    let num = |s: &str, len| {
        (s.len() == len && s.bytes().all(|b| b.is_ascii_digit()))
            .then(|| s.parse::<u64>().ok())
            .flatten()
    };
    match (num(y, 4), num(m, 2), num(d, 2)) {
        (Some(y), Some(m @ 1..=12), Some(d @ 1..=31)) => Ok(y * 10_000 + m * 100 + d),
        _ => Err(bad()),
    }
}

/// Today's date in UTC as `YYYY-MM-DD`, from the clock's days since 1970 (the civil
/// calendar's conversion).
pub fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let z = (secs / 86_400) as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}

/// The puzzles `query` asks for under `advisor`'s rules, explained from `companion` (the
/// same rules' companion table). Refused, before any game is played, for a count of 0 or
/// over [`MAX_PUZZLES`]; and when [`GAMES_PER_PUZZLE`] games per puzzle asked give too few.
pub fn puzzles(
    advisor: &Advisor,
    companion: &CompanionTable,
    query: &Query,
) -> Result<Vec<Puzzle>, EngineError> {
    if query.count == 0 || query.count > MAX_PUZZLES {
        return Err(EngineError::BadInput(format!(
            "--count {}: from 1 to {MAX_PUZZLES} puzzles",
            query.count
        )));
    }
    let games = query.count as u64 * GAMES_PER_PUZZLE;
    let mut out = Vec::with_capacity(query.count);
    for game in 0..games {
        if out.len() == query.count {
            break;
        }
        let seed = game_seed(query.seed, game);
        let mut last_turn = 0;
        play_game(advisor, seed, |turn, card, report| {
            if out.len() == query.count || turn == last_turn {
                return Ok(());
            }
            let Some(mut puzzle) = judge(card, report, query.difficulty) else {
                return Ok(());
            };
            last_turn = turn;
            let dice = puzzle.dice();
            let rolls_left = puzzle.report.rolls_left;
            let as_card = TurnMulligan::AsCard;
            let r = &mut puzzle.report;
            explain(advisor, companion, card, &dice, rolls_left, as_card, r)?;
            puzzle.theme = theme_of(
                card,
                rolls_left,
                pair(&puzzle, 0),
                pair(&puzzle, puzzle.against),
            );
            (puzzle.number, puzzle.game, puzzle.turn) = (out.len() + 1, game, turn);
            out.push(puzzle);
            Ok(())
        })?;
    }
    if out.len() < query.count {
        let what = query.difficulty.map_or("", Difficulty::name);
        return Err(EngineError::BadInput(format!(
            "only {} {what} puzzles in the {games} games of seed {}: ask for fewer",
            out.len(),
            query.seed
        )));
    }
    Ok(out)
}

/// An option of a puzzle with its explanation.
fn pair(puzzle: &Puzzle, i: usize) -> (&yahtzee_advice::ReportOption, &yahtzee_advice::Explain) {
    let o = &puzzle.report.options[i];
    (o, o.explain.as_ref().expect("explained"))
}

/// The puzzle a position makes, if it teaches something (see the module's documentation),
/// of `difficulty` if one is asked; its theme and place are filled in by the caller.
fn judge(card: &Scorecard, report: &Report, difficulty: Option<Difficulty>) -> Option<Puzzle> {
    let margin = report.options.iter().map(|o| o.loss).find(|&l| l > TIE)?;
    let greedy = greedy_choice(card, report);
    let myopic = myopic_choice(card, report);
    let loss = |i: usize| report.options[i].loss;
    // The plausible player's option that loses more (greedy's on a tie).
    let worse = if loss(myopic) > loss(greedy) {
        myopic
    } else {
        greedy
    };
    let (kind, against) = if loss(worse) >= TRAP {
        (Kind::Trap, worse)
    } else if margin < CLOSE && loss(greedy) > TIE && loss(myopic) > TIE {
        let next = report.options.iter().position(|o| o.loss > TIE)?;
        (Kind::Close, next)
    } else {
        return None;
    };
    let grade = Difficulty::of_margin(margin);
    if difficulty.is_some_and(|d| d != grade) {
        return None;
    }
    Some(Puzzle {
        number: 0,
        game: 0,
        turn: 0,
        card: card.text(),
        theme: Theme::Endgame,
        difficulty: grade,
        kind,
        margin,
        greedy,
        myopic,
        against,
        report: report.clone(),
    })
}

/// The seed of game `game` of a set seeded `seed` (SplitMix64's mix of the two).
fn game_seed(seed: u64, game: u64) -> u64 {
    let mut z = seed ^ game.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Plays one game seeded `seed` with the table's strategy, showing `visit` every position
/// where the player decides with dice showing: the turn (from 1), the card and the ranked
/// options.
fn play_game(
    advisor: &Advisor,
    seed: u64,
    mut visit: impl FnMut(u32, &Scorecard, &Report) -> Result<(), EngineError>,
) -> Result<(), EngineError> {
    let rules = advisor.table().rules();
    let bots = Bots::new(advisor, None);
    let aim = yahtzee_play::Aim::Expected;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut game = Game::new(rules, vec![("trainee".into(), true)]);
    let fail = |e: String| EngineError::BadInput(format!("the trainer's game: {e}"));
    while !game.is_over() {
        let turn = game.round();
        if bots.takes_sixth_die(aim, &game).map_err(fail)? {
            game.take_sixth_die().map_err(|e| fail(e.to_string()))?;
        }
        loop {
            let roll = bot::roll_up_to(game.to_keep(), game.dice_per_roll(), &mut rng);
            game.roll(roll).map_err(|e| fail(e.to_string()))?;
            if game.in_chance_chance() {
                let chance = yahtzee_rules::Category::Chance;
                game.score(chance).map_err(|e| fail(e.to_string()))?;
                break;
            }
            let card = game.current().card.clone();
            let dice = game.dice().expect("rolled");
            let report = advise(
                advisor,
                None,
                &card,
                dice,
                game.rolls_left(),
                &PlayFor::Expected,
            )?;
            visit(turn, &card, &report)?;
            let event = bots.decide(aim, &game).map_err(fail)?;
            bot::apply(&mut game, event).map_err(fail)?;
            if game.round() != turn || game.is_over() || game.dice().is_none() {
                break;
            }
        }
    }
    Ok(())
}
