//! Painted Yahtzee through the engine: advice, simulation and game reviews, in the shapes
//! `yahtzee painted ... --json` prints (docs/GAMES.md, "Painted Yahtzee").
//!
//! The strategy is `yahtzee-painted`'s: each turn exact over every keep of coloured dice,
//! against the exact table of a reduced game small enough to solve here (at most
//! [`EXACT_LIMIT`] states), else against the split value (the number half and the painted
//! half of the card, each solved exactly; corrected for the full game). Every table it
//! needs is solved once and kept as a table file in the data folder ([`load_or_solve`]),
//! so a later process reads it in milliseconds.

use std::path::{Path, PathBuf};

use serde::Deserialize;
use yahtzee_painted::advice::{Advice, Advisor};
#[cfg(feature = "native")]
use yahtzee_painted::approx::Valuer;
use yahtzee_painted::card::Card;
use yahtzee_painted::record::{self, Record, Review};
use yahtzee_painted::sim::Summary;
use yahtzee_painted::{Game, Hand};

#[cfg(feature = "native")]
use crate::Tables;
use crate::{EngineError, GameTables};

/// Games with at most this many states are played against their exact table; larger ones
/// (the full game: about 3e8) against the split value. A rough CPU time to solve a game's
/// exact table, in core-seconds. (Reckoned beside the other games' estimates, which the
/// build check reads too.)
pub use crate::estimates::{
    painted_solve_seconds as solve_seconds, PAINTED_EXACT_LIMIT as EXACT_LIMIT,
};

/// The most games one simulation question may ask for.
pub const MAX_GAMES: u64 = 10_000_000;

/// `painted` (the full game) or a reduced game `painted:c<colours>:<box>,<box>,...`.
pub fn game_named(name: &str) -> Result<Game, EngineError> {
    Game::named(name).map_err(|e| EngineError::BadInput(e.to_string()))
}

/// A card of `game`: `ones=3 red=12 flush=50 yahtzee_bonus=100` (empty: a new card).
pub fn parse_card(game: &Game, text: &str) -> Result<Card, EngineError> {
    Card::parse(game, text).map_err(|e| EngineError::BadInput(format!("bad card: {e}")))
}

/// Five coloured dice: a number and a colour letter each, `5r 5y 2g 3b 1p`.
pub fn parse_dice(game: &Game, text: &str) -> Result<Hand, EngineError> {
    let hand = Hand::parse(text, game.colours)
        .map_err(|e| EngineError::BadInput(format!("bad dice: {e}")))?;
    if hand.len() != yahtzee_painted::dice::DICE {
        return Err(EngineError::BadInput(format!(
            "bad dice: a roll has five dice, not {}",
            hand.len()
        )));
    }
    Ok(hand)
}

/// Where the exact table of `game` (a reduced game, or a half of a split card) is kept in
/// `dir`: `painted-<name>.table`, the name's `:` and `,` as `-` and `+` (a long name
/// shortened to a hash of it).
pub fn table_path(dir: &Path, game: &Game) -> PathBuf {
    let name = game.name().replace(':', "-").replace(',', "+");
    let file = if name.len() <= 150 {
        format!("{name}.table")
    } else {
        // FNV-1a of the name: stable across builds and platforms.
        let hash = game.name().bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        });
        format!(
            "painted-c{}-{}-{hash:016x}.table",
            game.colours,
            game.box_count()
        )
    };
    dir.join(file)
}

/// Games with more states than this say so before they are solved (a million states take
/// about a second with one colour, about 40 s with five, on two cores).
pub const SAY_SOLVING: usize = 200_000;

/// The exact table of `game` from its file in `dir`, or solved here and written there (a
/// missing file, with a one-line `notice` first when the game has more than
/// [`SAY_SOLVING`] states; a damaged one, after a one-line `notice`; a folder that cannot
/// be written costs only the solve, with a notice). Never fails: the solve is the
/// fallback.
#[cfg(feature = "native")]
pub fn load_or_solve(dir: &Path, game: &Game, notice: &dyn Fn(&str)) -> Vec<f64> {
    let path = table_path(dir, game);
    if !path.exists() && game.state_count() > SAY_SOLVING {
        notice(&format!(
            "solving a Painted Yahtzee table once ({} states, {} colour(s)), kept as {}",
            game.state_count(),
            game.colours,
            path.display()
        ));
    }
    if path.exists() {
        match yahtzee_painted::solve::read_table(&path, game) {
            Ok(values) => return values,
            Err(e) => notice(&format!(
                "the Painted Yahtzee table {} cannot be read ({}); solving it again",
                path.display(),
                yahtzee_rules::one_line(&e)
            )),
        }
    }
    let values = yahtzee_painted::solve::solve(game);
    if let Err(e) = std::fs::create_dir_all(dir)
        .map_err(|e| e.to_string())
        .and_then(|()| yahtzee_painted::solve::write_table(&path, game, &values))
    {
        notice(&format!(
            "cannot keep the Painted Yahtzee table {} ({}); it is solved again next time",
            path.display(),
            yahtzee_rules::one_line(&e)
        ));
    }
    values
}

/// The strategy of `game` (see the module's text), its tables kept in `dir`.
///
/// A game too big to solve here (the full game) is played exactly when its table is in
/// `dir` (written by `yahtzee painted solve`), mapped from disk; a damaged or foreign file
/// there is named in a `notice` and the split strategy plays instead.
#[cfg(feature = "native")]
pub fn advisor(dir: &Path, game: &Game, notice: &dyn Fn(&str)) -> Advisor {
    let valuer = match mapped_exact(dir, game, notice) {
        Some(exact) => exact,
        None => Valuer::for_game_with(game, EXACT_LIMIT, &|g| load_or_solve(dir, g, notice)),
    };
    Advisor::new(game, valuer)
}

/// The exact table of a game past [`EXACT_LIMIT`] when its file is in `dir`, mapped.
#[cfg(feature = "native")]
fn mapped_exact(dir: &Path, game: &Game, notice: &dyn Fn(&str)) -> Option<Valuer> {
    let path = table_path(dir, game);
    if game.state_count() <= EXACT_LIMIT || !path.exists() {
        return None;
    }
    match yahtzee_painted::solve::open_table(&path, game) {
        Ok(table) => Some(Valuer::Exact(
            game.clone(),
            std::sync::Arc::new(yahtzee_painted::approx::ExactTable::Mapped(table)),
        )),
        Err(e) => {
            notice(&format!(
                "the exact Painted Yahtzee table {} cannot be read ({}); playing the split strategy",
                path.display(),
                yahtzee_rules::one_line(&e)
            ));
            None
        }
    }
}

/// The notice of a table rebuilt or not kept: one line on standard error.
pub fn notice_on_stderr(line: &str) {
    eprintln!("notice: {line}");
}

/// Dice as a question gives them: `"5r 5y 2g 3b 1p"` or `["5r", "5y", ...]`.
#[derive(Clone, Debug, Deserialize)]
#[serde(untagged)]
pub enum DiceText {
    Text(String),
    List(Vec<String>),
}

impl DiceText {
    pub fn text(&self) -> String {
        match self {
            DiceText::Text(t) => t.clone(),
            DiceText::List(l) => l.join(" "),
        }
    }
}

fn default_game() -> String {
    "painted".into()
}

/// A position to advise: the body of `POST /api/painted/advise` (or `POST /api/advise`
/// with `"game": "painted"`).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Question {
    /// `painted`, or a reduced game `painted:c<colours>:<box>,...`.
    #[serde(default = "default_game")]
    pub game: String,
    /// Filled boxes: `ones=3 red=12 flush=50 yahtzee_bonus=100`.
    #[serde(default)]
    pub card: String,
    /// The five dice showing: `5r 5y 2g 3b 1p`.
    pub dice: DiceText,
    /// Rerolls left: 2 after the first roll, 0 after the last.
    pub rolls_left: u8,
}

impl Question {
    /// The body of a request, checked for shape.
    pub fn from_json(body: &[u8]) -> Result<Question, EngineError> {
        crate::api::parse(body)
    }

    /// The game, card and dice, checked (before any table is opened).
    pub fn checked(&self) -> Result<(Game, Card, Hand), EngineError> {
        let game = game_named(&self.game)?;
        let card = parse_card(&game, &self.card)?;
        let dice = parse_dice(&game, &self.dice.text())?;
        if self.rolls_left > 2 {
            return Err(EngineError::BadInput(format!(
                "rolls_left {}: 0, 1 or 2 (after the first, second or third roll)",
                self.rolls_left
            )));
        }
        if card.is_full() {
            return Err(EngineError::BadInput(
                "the card is full: the game is over".into(),
            ));
        }
        Ok((game, card, dice))
    }

    /// Every option, best first, by the strategy of the question's game.
    pub fn answer(&self, tables: &dyn GameTables) -> Result<Advice, EngineError> {
        let (game, card, dice) = self.checked()?;
        let adv = tables.painted_advisor(&game)?;
        advise(&adv, &card, &dice, self.rolls_left)
    }
}

/// Every option of a position, best first.
pub fn advise(
    adv: &Advisor,
    card: &Card,
    dice: &Hand,
    rolls_left: u8,
) -> Result<Advice, EngineError> {
    adv.advise(card, dice, rolls_left)
        .map_err(EngineError::BadInput)
}

/// Simulation settings: the body of `POST /api/stats` with `"game": "painted"`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SimulateQuestion {
    #[serde(default = "default_game")]
    pub game: String,
    #[serde(default = "default_games")]
    pub games: u64,
    #[serde(default = "default_seed")]
    pub seed: u64,
    /// Which strategy plays (the command line's `--strategy`; a request always gets the
    /// best there is).
    #[serde(skip)]
    pub strategy: Strategy,
}

/// Which strategy plays a game too big to solve on first use (the full game).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Strategy {
    /// The exact table when it is in the data folder, else the split strategy.
    #[default]
    Best,
    /// The exact table: refused when it is not in the data folder.
    Exact,
    /// The split strategy even where the exact table is (to measure its gap).
    Split,
}

impl std::str::FromStr for Strategy {
    type Err = String;

    fn from_str(s: &str) -> Result<Strategy, String> {
        match s {
            "best" => Ok(Strategy::Best),
            "exact" => Ok(Strategy::Exact),
            "split" => Ok(Strategy::Split),
            _ => Err(format!("'{s}': best, exact or split")),
        }
    }
}

fn default_games() -> u64 {
    1000
}

fn default_seed() -> u64 {
    1
}

impl SimulateQuestion {
    pub fn from_json(body: &[u8]) -> Result<SimulateQuestion, EngineError> {
        crate::api::parse(body)
    }

    /// The game, and the number of games checked.
    pub fn checked(&self) -> Result<Game, EngineError> {
        let game = game_named(&self.game)?;
        if !(1..=MAX_GAMES).contains(&self.games) {
            return Err(EngineError::BadInput(format!(
                "games {}: from 1 to {MAX_GAMES}",
                self.games
            )));
        }
        Ok(game)
    }

    /// Mean, 95% interval and per-box means of seeded games (the same for any thread
    /// count), played by the strategy asked for.
    #[cfg(feature = "native")]
    pub fn answer(&self, tables: &Tables) -> Result<Summary, EngineError> {
        Ok(self.play(&*self.advisor(tables)?))
    }

    /// The games played by `adv` (what [`SimulateQuestion::advisor`] chose).
    pub fn play(&self, adv: &Advisor) -> Summary {
        yahtzee_painted::sim::simulate(adv, self.games as usize, self.seed)
    }

    /// The strategy asked for, its tables read or solved (a refusal before any is read
    /// when exact play is asked and the table is not there).
    #[cfg(feature = "native")]
    pub fn advisor(&self, tables: &Tables) -> Result<std::sync::Arc<Advisor>, EngineError> {
        let game = self.checked()?;
        let big = game.state_count() > EXACT_LIMIT;
        let on_disk = table_path(tables.dir(), &game).exists();
        let adv = match self.strategy {
            // Refused before any table is read.
            Strategy::Exact if big && !on_disk => return Err(no_exact(tables, &game)),
            // The split strategy whatever the game's size (a limit of 0 states), built
            // here: the cached advisor plays the exact table where there is one.
            Strategy::Split => {
                let valuer = Valuer::for_game_with(&game, 0, &|g| {
                    load_or_solve(tables.dir(), g, &notice_on_stderr)
                });
                std::sync::Arc::new(Advisor::new(&game, valuer))
            }
            _ => tables.painted_advisor(&game)?,
        };
        if self.strategy == Strategy::Exact && adv.valuer.name() != "exact" {
            // The file is there but damaged (a notice said so): no exact play.
            return Err(no_exact(tables, &game));
        }
        Ok(adv)
    }
}

/// The refusal of exact play where the exact table is not in the data folder.
#[cfg(feature = "native")]
fn no_exact(tables: &Tables, game: &Game) -> EngineError {
    EngineError::BadInput(format!(
        "no exact table of {} in {}: `yahtzee painted solve --game {}` writes it",
        game.name(),
        tables.dir().display(),
        game.name()
    ))
}

/// A game record parsed (its game is named inside).
pub fn parse_record(text: &str) -> Result<Record, EngineError> {
    Record::parse(text).map_err(|e| EngineError::Record(e.to_string()))
}

/// Every decision of a game record judged against the strategy of the record's game.
pub fn review(tables: &dyn GameTables, record_text: &str) -> Result<Review, EngineError> {
    let rec = parse_record(record_text)?;
    let adv = tables.painted_advisor(&rec.game)?;
    record::review(&rec, &adv).map_err(|e| EngineError::Record(e.to_string()))
}

/// The advice as `yahtzee painted advise` prints it (within 80 columns): the position,
/// then the `shown` best options with the expected final total each leads to and its loss.
pub fn advice_text(a: &Advice, shown: usize) -> String {
    let mut out = yahtzee_rules::wrap(
        &format!(
            "dice {} with {} reroll(s) left ({}, {} strategy); {} points on the card, \
             expected final total {:.2}",
            a.dice, a.rolls_left, a.game, a.strategy, a.card_points, a.expected_total
        ),
        yahtzee_rules::COLUMNS,
        "  ",
    );
    let labels: Vec<String> = a.options.iter().map(record::option_label).collect();
    let shown = shown.min(a.options.len());
    let w = labels[..shown]
        .iter()
        .map(|l| l.chars().count())
        .max()
        .unwrap_or(0)
        .clamp(6, 50);
    out += &format!("\n{:>3}  {:w$} {:>12}\n", "", "", "expected");
    out += &format!(
        "{:>3}  {:<w$} {:>12} {:>10}\n",
        "#", "option", "final total", "loss"
    );
    for (i, (o, label)) in a.options.iter().zip(&labels).take(shown).enumerate() {
        let loss = if o.loss > 0.0 {
            format!("{:.3}", o.loss)
        } else {
            "best".to_string()
        };
        out += &format!("{:>3}. {label:<w$} {:>12.3} {loss:>10}\n", i + 1, o.value);
    }
    if shown < a.options.len() {
        out += &format!(
            "     ({} more: --top {})\n",
            a.options.len() - shown,
            a.options.len()
        );
    }
    out
}

/// The summary as `yahtzee painted simulate` prints it: mean ± 95% interval, spread,
/// per-box means, and the speed (`seconds` the games took on `threads` threads).
pub fn summary_text(s: &Summary, seconds: f64, threads: usize) -> String {
    let mut out = format!(
        "{} ({} strategy): {} games, seed {}\n",
        s.game, s.strategy, s.games, s.seed
    );
    out += &format!(
        "mean {:.2} ± {:.2} (95%), sd {:.2}, min {}, max {}\n",
        s.mean, s.ci95, s.sd, s.min, s.max
    );
    out += &format!(
        "upper bonus {:.1}% of games, Yahtzee bonus {:.2} a game\n",
        100.0 * s.upper_bonus_rate,
        s.yahtzee_bonus_mean
    );
    out += "\nmean score per box:\n";
    // Three boxes a row: 3 × 26 columns.
    for row in s.boxes.chunks(3) {
        let cells: Vec<String> = row
            .iter()
            .map(|(name, m)| format!("{name:<17}{m:>7.2}"))
            .collect();
        out += &format!("  {}\n", cells.join("  ").trim_end());
    }
    if seconds > 0.0 {
        out += &format!(
            "\n{:.0} games/min ({:.2} s on {} threads)\n",
            s.games as f64 / seconds * 60.0,
            seconds,
            threads
        );
    }
    out
}

/// Where `yahtzee painted solve` keeps the checkpoints of `game`'s exact solve unless told
/// otherwise: the platform's cache folder (outside any checkout, so a later session on the
/// same machine resumes it), `painted-solve/<table name>`.
#[cfg(feature = "native")]
pub fn checkpoint_dir(game: &Game) -> PathBuf {
    let table = table_path(Path::new(""), game);
    let stem = table.file_stem().unwrap_or_default();
    yahtzee_table::store::cache_dir()
        .join("painted-solve")
        .join(stem)
}

/// What the resumable exact solve of `game` costs: its two layers in memory while it runs,
/// then every layer and the table in state order (twice while the file is written); on
/// disk the layers and the table.
#[cfg(feature = "native")]
pub fn exact_solve_cost(game: &Game) -> crate::cost::Cost {
    let table = 8 * game.state_count() as u64;
    crate::cost::Cost {
        memory: 3 * table + (100 << 20),
        held: table,
        disk: 2 * table + yahtzee_painted::solve::file_len(game) - table,
        cpu_seconds: solve_seconds(game),
    }
}

/// Solves `game` exactly with its work checkpointed in `folder` (resumed from what is
/// there; see `yahtzee_painted::checkpoint`), `chunk` filled sets at a time, and writes its
/// table where the engine reads it: `tables`' data folder. Returns the table's path and the
/// expected final total from the empty card. Refused before anything is computed when the
/// memory limit or the free disk is too small.
#[cfg(feature = "native")]
pub fn solve_exact(
    tables: &Tables,
    game: &Game,
    folder: &Path,
    chunk: usize,
    progress: &mut dyn FnMut(yahtzee_painted::checkpoint::Progress),
) -> Result<(PathBuf, f64), EngineError> {
    use yahtzee_painted::checkpoint;
    let cost = exact_solve_cost(game);
    let what = format!("the exact table of {}", game.name());
    if cost.memory > tables.memory_limit() {
        return Err(EngineError::TooBig(format!(
            "{what} needs about {} of memory to solve, more than the limit of {} (raise it with {}=GIB)",
            crate::cost::bytes(cost.memory),
            crate::cost::bytes(tables.memory_limit()),
            yahtzee_advice::win::MEMORY_LIMIT_ENV,
        )));
    }
    let out = table_path(tables.dir(), game);
    let fail = |e: String| EngineError::Checkpoint(yahtzee_rules::one_line(&e));
    let plan = yahtzee_painted::Plan::new(game);
    let layers = yahtzee_painted::game::Layers::of(game);
    let folder = checkpoint::Folder::open(folder, game, &layers, chunk).map_err(fail)?;
    let values = checkpoint::solve_in(&folder, &plan, &layers, progress).map_err(fail)?;
    std::fs::create_dir_all(tables.dir()).map_err(|e| fail(e.to_string()))?;
    yahtzee_painted::solve::write_table(&out, game, &values).map_err(fail)?;
    Ok((out, yahtzee_painted::solve::start_value(game, &values)))
}

/// What `yahtzee painted solve` says as the exact solve goes: where it starts, a line at
/// each whole per cent of the work for a log (a background solve has no terminal for a
/// bar), and what it made.
#[cfg(feature = "native")]
pub struct SolveLog {
    start: std::time::Instant,
    /// The last whole per cent said; `None` before the first report, which is where a
    /// resumed solve starts (said as its first line, with no estimate: nothing has been
    /// timed yet).
    said: Option<u64>,
}

#[cfg(feature = "native")]
impl SolveLog {
    /// A log of a solve starting now.
    pub fn new() -> SolveLog {
        SolveLog {
            start: std::time::Instant::now(),
            said: None,
        }
    }

    /// The first line: the game, the threads and the checkpoint folder `dir`.
    pub fn starting(game: &Game, threads: usize, dir: &Path) -> String {
        format!(
            "solving {} exactly on {threads} thread(s); checkpoints in {}",
            game.name(),
            dir.display()
        )
    }

    /// The line for `p` when the work passes a whole per cent not said yet, with the time
    /// spent and `left` (the progress bar's estimate).
    pub fn line(
        &mut self,
        p: &yahtzee_painted::checkpoint::Progress,
        left: std::time::Duration,
    ) -> Option<String> {
        let percent = 100 * p.done / p.total.max(1);
        if self.said.is_none() {
            self.said = Some(percent);
            return Some(format!(
                "{percent}% done before this run (layer {})",
                p.layer
            ));
        }
        if self.said >= Some(percent) {
            return None;
        }
        self.said = Some(percent);
        Some(format!(
            "{percent}% (layer {}), {} s spent, about {} s left",
            p.layer,
            self.start.elapsed().as_secs(),
            left.as_secs()
        ))
    }

    /// The last line: the table written to `path` and the expected total from the empty
    /// card, `value`.
    pub fn solved(&self, game: &Game, value: f64, path: &Path) -> String {
        format!(
            "{}: {value:.9} expected on the empty card; table {} ({:.0} s)\n",
            game.name(),
            path.display(),
            self.start.elapsed().as_secs_f64()
        )
    }
}

#[cfg(feature = "native")]
impl Default for SolveLog {
    fn default() -> Self {
        SolveLog::new()
    }
}

#[cfg(test)]
#[cfg(feature = "native")]
mod tests {
    use super::*;

    const SMALL: &str = "painted:c2:ones,yahtzee,colours,flush";

    #[test]
    fn questions_are_checked_in_one_line() {
        let q =
            |body: &str| Question::from_json(body.as_bytes()).and_then(|q| q.checked().map(|_| ()));
        assert!(q(r#"{"dice": "5r 5y 2g 3b 1p", "rolls_left": 2}"#).is_ok());
        assert!(q(
            r#"{"dice": ["5r", "5y", "2g", "3b", "1p"], "rolls_left": 0, "card": "red=12"}"#
        )
        .is_ok());
        for bad in [
            r#"{"dice": "5r 5y 2g 3b 5x", "rolls_left": 2}"#,
            r#"{"dice": "5r 5y 2g 3b 1p 1p", "rolls_left": 2}"#,
            r#"{"dice": "5r 5y 2g 3b", "rolls_left": 2}"#,
            r#"{"dice": "5r 5y 2g 3b 1p", "rolls_left": 3}"#,
            r#"{"dice": "5r 5y 2g 3b 1p", "rolls_left": 2, "card": "rainbow=39"}"#,
            r#"{"dice": "5r 5y 2g 3b 1p", "rolls_left": 2, "game": "painted:c9:ones"}"#,
            r#"{"dice": "5r 5y 2g 3b 1p", "rolls_left": 2, "colour": 3}"#,
            r#"{"dice": 5, "rolls_left": 2}"#,
            r#"{"rolls_left": 2}"#,
        ] {
            let e = q(bad).unwrap_err();
            assert!(e.is_bad_input(), "{bad}: {e}");
            assert!(!e.to_string().contains('\n'), "{e}");
        }
        // Blue dice in a game of two colours (red, yellow).
        let e = q(&format!(
            r#"{{"game": "{SMALL}", "dice": "1r 1r 1r 1r 1b", "rolls_left": 1}}"#
        ))
        .unwrap_err();
        assert!(e.to_string().contains("not a colour"), "{e}");
        let full = "ones=1 yahtzee=0 red=5 yellow=0 flush=0";
        let e = q(&format!(
            r#"{{"game": "{SMALL}", "card": "{full}", "dice": "1r 1r 1r 1r 1r", "rolls_left": 1}}"#
        ))
        .unwrap_err();
        assert!(e.to_string().contains("full"), "{e}");
    }

    #[test]
    fn tables_are_kept_and_a_damaged_one_is_solved_again() {
        let dir = tempfile::tempdir().unwrap();
        let game = Game::named(SMALL).unwrap();
        let notices = std::cell::RefCell::new(Vec::new());
        let notice = |l: &str| notices.borrow_mut().push(l.to_string());
        // Unreachable states hold NaN: compared as bits.
        let bits = |v: Vec<f64>| v.into_iter().map(f64::to_bits).collect::<Vec<_>>();
        let first = bits(load_or_solve(dir.path(), &game, &notice));
        let path = table_path(dir.path(), &game);
        assert!(path.exists());
        assert_eq!(bits(load_or_solve(dir.path(), &game, &notice)), first);
        assert!(notices.borrow().is_empty());
        // Cut the file short: read, refused, solved again with one notice, and rewritten.
        let bytes = std::fs::read(&path).unwrap();
        std::fs::write(&path, &bytes[..bytes.len() / 2]).unwrap();
        assert_eq!(bits(load_or_solve(dir.path(), &game, &notice)), first);
        assert_eq!(notices.borrow().len(), 1);
        assert!(!notices.borrow()[0].contains('\n'));
        assert_eq!(std::fs::read(&path).unwrap(), bytes);
        // A long name is shortened to a hash, still one file per game.
        let long = Game::named("painted:c5:ones,twos,threes,fours,fives,sixes,three_of_a_kind,four_of_a_kind,full_house,small_straight,large_straight,yahtzee,chance,colours").unwrap();
        let p = table_path(dir.path(), &long);
        assert!(p.file_name().unwrap().len() < 200);
    }

    #[test]
    fn advice_through_the_tables_is_the_advisors() {
        let dir = tempfile::tempdir().unwrap();
        let tables = Tables::new(Some(dir.path().to_path_buf()));
        let q = Question {
            game: SMALL.into(),
            card: "ones=2".into(),
            dice: DiceText::Text("1r 1y 1r 2y 2r".into()),
            rolls_left: 2,
        };
        let a = q.answer(&tables).unwrap();
        assert_eq!(a.strategy, "exact");
        assert_eq!(a.card_points, 2);
        assert_eq!(a.options[0].loss, 0.0);
        assert!(a.options.windows(2).all(|w| w[0].value >= w[1].value));
        assert!(tables.is_painted_open(&Game::named(SMALL).unwrap()));
        let text = advice_text(&a, 5);
        assert!(text.lines().all(|l| l.chars().count() <= 80), "{text}");
        let s = SimulateQuestion {
            game: SMALL.into(),
            games: 50,
            seed: 4,
            strategy: Strategy::Best,
        }
        .answer(&tables)
        .unwrap();
        assert_eq!(s.games, 50);
        let text = summary_text(&s, 1.0, 2);
        assert!(text.lines().all(|l| l.chars().count() <= 80), "{text}");
    }
}
