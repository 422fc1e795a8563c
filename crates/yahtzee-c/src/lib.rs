//! The engine as a C library: `libyahtzee.so` / `libyahtzee.a` with the header
//! `include/yahtzee.h` (generated from this file by cbindgen; a test keeps it current).
//! A thin layer over [`yahtzee_engine`], like the command line.
//!
//! Every function returns a status (`YZ_OK` or an error code) and writes its results
//! through pointers the caller provides; after an error, `yz_last_error()` gives the
//! one-line message (the CLI's) for the calling thread. No panic crosses the boundary: one
//! is caught and reported as `YZ_ERR_INTERNAL`. Cards and dice are text, as on the command
//! line: `"ones=3 yahtzee=50"`, `"13346"`.
//!
//! Every game of the family (Triple Yahtzee, Yahtzix) goes through one door: an engine
//! (`yz_engine_new`) and JSON questions and answers (`yz_game_advise`, `yz_game_stats`,
//! `yz_game_review`; the `games` module).

// The exported functions take raw pointers from C; each checks them for null and says in
// its doc what it needs. Clippy's lint asks for `unsafe fn`, which C callers cannot see.
#![allow(clippy::not_unsafe_ptr_arg_deref)]

mod explain;
mod games;

pub use explain::{yz_advise_explain, yz_card_parts, YzParts, YZ_MAX_BOXES, YZ_WHY_LEN};
pub use games::{
    yz_engine_free, yz_engine_new, yz_engine_set_memory_limit, yz_game_advise, yz_game_review,
    yz_game_stats, yz_string_free, YzEngine,
};

use std::cell::RefCell;
use std::ffi::{c_char, c_int, CStr, CString};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use yahtzee_advice::{Advisor, ReportOption};
use yahtzee_engine::{EngineError, PlayFor, TurnMulligan};
use yahtzee_rules::RuleSet;
use yahtzee_table::{store, CompanionTable, Table, TargetTable};

/// Success.
pub const YZ_OK: c_int = 0;
/// The question is wrong: unknown rules, a bad card or dice, rolls left not 0 to 2.
pub const YZ_ERR_INPUT: c_int = 1;
/// A table is missing, damaged, of other rules, or cannot be written.
pub const YZ_ERR_TABLE: c_int = 2;
/// A required pointer argument is null, or a string is not UTF-8.
pub const YZ_ERR_ARGUMENT: c_int = 3;
/// The options array is too small: `*count` says how many are needed.
pub const YZ_ERR_BUFFER: c_int = 4;
/// A bug in the engine (a caught panic). Please report it with `yz_last_error()`.
pub const YZ_ERR_INTERNAL: c_int = 5;

/// The most options any position has (keeps of five dice, or boxes and house-rule moves):
/// an options array of this size is always large enough.
pub const YZ_MAX_OPTIONS: usize = 64;

/// `kind` of a `YzOption`: keep the dice in `keep` and reroll the others.
pub const YZ_KEEP: c_int = 0;
/// `kind` of a `YzOption`: fill the box `category` for `score` points.
pub const YZ_BOX: c_int = 1;
/// `kind` of a `YzOption`: house rule "mulligan": spend the fourth roll, keeping `keep`.
pub const YZ_MULLIGAN: c_int = 2;
/// `kind` of a `YzOption`: house rule "chance-chance": reroll all five, score them in Chance.
pub const YZ_CHANCE_CHANCE: c_int = 3;

/// A solved value table (memory-mapped, verified) and what it answers. Opaque.
pub struct YzTable {
    advisor: Advisor,
    /// The target table, opened on first use from `target_path`.
    target: Mutex<Option<Arc<TargetTable>>>,
    target_path: PathBuf,
    /// The companion table beside the value table, opened (or built) on first use.
    companion: Mutex<Option<Arc<CompanionTable>>>,
}

/// One ranked option, as `yahtzee advise --json` reports it.
#[repr(C)]
pub struct YzOption {
    /// `YZ_KEEP`, `YZ_BOX`, `YZ_MULLIGAN` or `YZ_CHANCE_CHANCE`.
    pub kind: c_int,
    /// The dice kept (keeps and mulligans), in ascending order: up to five, six on a
    /// Mega-Yahtzee turn (house rule).
    pub keep: [u8; 6],
    /// How many of `keep` are set.
    pub keep_len: u8,
    /// The box filled, e.g. "full_house" (boxes and chance-chance); "" otherwise.
    pub category: [c_char; 24],
    /// Points the box scores now, bonuses included (boxes only).
    pub score: u32,
    /// Expected points still to come with this option, then optimal play.
    pub ev_remaining: f64,
    /// Expected points lost against the option with the highest expected value.
    pub loss: f64,
    /// Playing for a target: P(final total >= target); NaN otherwise.
    pub p_at_least: f64,
    /// Playing to win: P(finishing strictly first); NaN otherwise.
    pub p_win: f64,
    /// Playing to win: P(tying for first); NaN otherwise.
    pub p_tie: f64,
    /// The extra-Yahtzee bonus this box earns with the dice (100 under the official rules;
    /// already in `ev_remaining`); 0 for none.
    pub yahtzee_bonus: u32,
    /// This box takes the dice as a Joker (an extra Yahtzee in a lower box).
    pub joker: bool,
}

thread_local! {
    static LAST_ERROR: RefCell<CString> = RefCell::new(CString::default());
}

/// A failure on its way to C: its code and message.
struct Failure(c_int, String);

impl From<EngineError> for Failure {
    fn from(e: EngineError) -> Self {
        let code = if e.is_bad_input() {
            YZ_ERR_INPUT
        } else {
            YZ_ERR_TABLE
        };
        Failure(code, e.to_string())
    }
}

impl From<yahtzee_table::TableError> for Failure {
    fn from(e: yahtzee_table::TableError) -> Self {
        Failure(YZ_ERR_TABLE, e.to_string())
    }
}

/// Runs `f`, turning its failure or panic into a status and the thread's last error.
fn guard(f: impl FnOnce() -> Result<(), Failure>) -> c_int {
    let (code, message) = match catch_unwind(AssertUnwindSafe(f)) {
        Ok(Ok(())) => return YZ_OK,
        Ok(Err(Failure(code, message))) => (code, message),
        Err(panic) => {
            let what = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_default();
            (YZ_ERR_INTERNAL, format!("internal error: {what}"))
        }
    };
    let text = CString::new(message.replace('\0', " ")).unwrap_or_default();
    LAST_ERROR.with(|e| *e.borrow_mut() = text);
    code
}

/// A required C string argument as `&str`.
fn text<'a>(p: *const c_char, what: &str) -> Result<&'a str, Failure> {
    if p.is_null() {
        return Err(Failure(
            YZ_ERR_ARGUMENT,
            format!("{what} is a null pointer"),
        ));
    }
    // SAFETY: not null; the caller passes a NUL-terminated string that outlives the call
    // (the documented contract of every function here).
    let s = unsafe { CStr::from_ptr(p) };
    s.to_str()
        .map_err(|_| Failure(YZ_ERR_ARGUMENT, format!("{what} is not UTF-8")))
}

/// An optional C string argument (null: none).
fn optional_text<'a>(p: *const c_char, what: &str) -> Result<Option<&'a str>, Failure> {
    if p.is_null() {
        Ok(None)
    } else {
        text(p, what).map(Some)
    }
}

/// A required pointer argument as a reference.
fn arg<'a, T>(p: *const T, what: &str) -> Result<&'a T, Failure> {
    // SAFETY: null is refused; otherwise the caller passes a valid pointer from this
    // library (tables) that it has not freed, as documented.
    unsafe { p.as_ref() }
        .ok_or_else(|| Failure(YZ_ERR_ARGUMENT, format!("{what} is a null pointer")))
}

/// Writes `value` through an output pointer.
fn put<T>(out: *mut T, value: T, what: &str) -> Result<(), Failure> {
    if out.is_null() {
        return Err(Failure(
            YZ_ERR_ARGUMENT,
            format!("{what} is a null pointer"),
        ));
    }
    // SAFETY: not null; the caller passes a pointer to writable memory for one `T`.
    unsafe { out.write(value) };
    Ok(())
}

fn rules_of(name: &str) -> Result<&'static RuleSet, Failure> {
    Ok(yahtzee_engine::rules_named(name, &[])?)
}

fn boxed(table: Table) -> *mut YzTable {
    let target_path = store::target_path_beside(&table);
    Box::into_raw(Box::new(YzTable {
        advisor: Advisor::new(table),
        target: Mutex::new(None),
        target_path,
        companion: Mutex::new(None),
    }))
}

/// Opens and verifies the table at `path` for the rules named `rules` (`"forced"`,
/// `"yatzy"`, `"forced+mulligan"`, ...). On success `*out` holds a table to free with
/// `yz_table_free`.
#[no_mangle]
pub extern "C" fn yz_table_open(
    path: *const c_char,
    rules: *const c_char,
    out: *mut *mut YzTable,
) -> c_int {
    guard(|| {
        let rules = rules_of(text(rules, "rules")?)?;
        let table = Table::open(&PathBuf::from(text(path, "path")?), rules)?;
        put(out, boxed(table), "out")
    })
}

/// Opens the table of `rules` at `path` (null: the data folder, `$YAHTZEE_DATA_DIR`),
/// solving and writing it first when missing (about a second).
#[no_mangle]
pub extern "C" fn yz_table_load_or_solve(
    rules: *const c_char,
    path: *const c_char,
    out: *mut *mut YzTable,
) -> c_int {
    guard(|| {
        let rules = rules_of(text(rules, "rules")?)?;
        let path =
            optional_text(path, "path")?.map_or_else(|| store::default_path(rules), PathBuf::from);
        let table = store::load_or_solve(rules, &path, &|_| {}, &|_| {})?;
        put(out, boxed(table), "out")
    })
}

/// Solves `rules` (always) and writes the table atomically to `path` (null: the data
/// folder), then opens it into `*out`.
#[no_mangle]
pub extern "C" fn yz_solve(
    rules: *const c_char,
    path: *const c_char,
    out: *mut *mut YzTable,
) -> c_int {
    guard(|| {
        let rules = rules_of(text(rules, "rules")?)?;
        let path =
            optional_text(path, "path")?.map_or_else(|| store::default_path(rules), PathBuf::from);
        store::solve_to(rules, &path, &|_| {})?;
        let table = Table::open(&path, rules)?;
        put(out, boxed(table), "out")
    })
}

/// Frees a table from `yz_table_open`, `yz_table_load_or_solve` or `yz_solve` (null: no-op).
#[no_mangle]
pub extern "C" fn yz_table_free(table: *mut YzTable) {
    if !table.is_null() {
        // SAFETY: a pointer from `Box::into_raw` in this library, freed once (the
        // caller's contract).
        drop(unsafe { Box::from_raw(table) });
    }
}

/// Expected points still to come from the start of a turn with `card`, into `*value`.
#[no_mangle]
pub extern "C" fn yz_state_value(
    table: *const YzTable,
    card: *const c_char,
    value: *mut f64,
) -> c_int {
    guard(|| {
        let t = arg(table, "table")?;
        let card = yahtzee_engine::parse_card(t.advisor.table().rules(), text(card, "card")?)?;
        put(value, t.advisor.value_of_card(&card), "value")
    })
}

/// Where the state of `card` is among the table's values (`yz_table_values`), into
/// `*index`.
#[no_mangle]
pub extern "C" fn yz_state_index(
    table: *const YzTable,
    card: *const c_char,
    index: *mut usize,
) -> c_int {
    guard(|| {
        let t = arg(table, "table")?;
        let rules = t.advisor.table().rules();
        let card = yahtzee_engine::parse_card(rules, text(card, "card")?)?;
        put(index, rules.state_index(card.state()), "index")
    })
}

/// The table's values (little-endian `double`s, one per state, NaN where no game goes):
/// `*values` points into the memory map, valid until the table is freed; `*count` is
/// their number.
#[no_mangle]
pub extern "C" fn yz_table_values(
    table: *const YzTable,
    values: *mut *const f64,
    count: *mut usize,
) -> c_int {
    guard(|| {
        let t = arg(table, "table")?;
        let payload = t.advisor.table().payload();
        put(values, payload.as_ptr().cast::<f64>(), "values")?;
        put(count, payload.len() / 8, "count")
    })
}

/// Ranks every option for `dice` (e.g. "13346") with `rolls_left` (0 to 2) rerolls left on
/// `card`, best first, for the highest expected score. Writes up to `capacity` options to
/// `options` and their number to `*count`; with `capacity` below the number of options it
/// writes none and returns `YZ_ERR_BUFFER` (`YZ_MAX_OPTIONS` is always enough).
#[no_mangle]
pub extern "C" fn yz_advise(
    table: *const YzTable,
    card: *const c_char,
    dice: *const c_char,
    rolls_left: c_int,
    options: *mut YzOption,
    capacity: usize,
    count: *mut usize,
) -> c_int {
    guard(|| {
        let play_for = PlayFor::Expected;
        advise(
            table,
            card,
            dice,
            rolls_left,
            TurnMulligan::AsCard,
            &play_for,
            options,
            capacity,
            count,
        )
    })
}

/// House rule "mulligan": as `yz_advise` after the mulligan's roll, spent this turn (after
/// the turn's last roll, so no roll is left): `dice` are its roll, `card` still holds the
/// mulligan (a card's `mulligan=used` means an earlier turn), and the boxes are valued with
/// the mulligan gone. `YZ_ERR_INPUT` under rules without the mulligan, on a card with
/// `mulligan=used` or on six dice. (For a target or to win, ask `yz_game_advise` with
/// `"mulligan": "this-turn"`.)
#[no_mangle]
pub extern "C" fn yz_advise_mulligan_spent(
    table: *const YzTable,
    card: *const c_char,
    dice: *const c_char,
    options: *mut YzOption,
    capacity: usize,
    count: *mut usize,
) -> c_int {
    guard(|| {
        advise(
            table,
            card,
            dice,
            0,
            TurnMulligan::SpentThisTurn,
            &PlayFor::Expected,
            options,
            capacity,
            count,
        )
    })
}

/// As `yz_advise`, ranked by the chance of a final total of at least `target` (points on
/// the card count). Reads the target table next to the value table
/// (`<rules>.target.table`), solving it there first when missing (about a minute, 1 GB).
#[no_mangle]
pub extern "C" fn yz_advise_target(
    table: *const YzTable,
    card: *const c_char,
    dice: *const c_char,
    rolls_left: c_int,
    target: u32,
    options: *mut YzOption,
    capacity: usize,
    count: *mut usize,
) -> c_int {
    guard(|| {
        let play_for = PlayFor::Target(target);
        advise(
            table,
            card,
            dice,
            rolls_left,
            TurnMulligan::AsCard,
            &play_for,
            options,
            capacity,
            count,
        )
    })
}

/// As `yz_advise`, ranked by the chance to win (ties half) against `n_opponents`
/// opponents with the cards `opponents[i]`, who play for expected score from there.
#[no_mangle]
pub extern "C" fn yz_advise_to_win(
    table: *const YzTable,
    card: *const c_char,
    dice: *const c_char,
    rolls_left: c_int,
    opponents: *const *const c_char,
    n_opponents: usize,
    options: *mut YzOption,
    capacity: usize,
    count: *mut usize,
) -> c_int {
    guard(|| {
        if opponents.is_null() || n_opponents == 0 {
            return Err(Failure(YZ_ERR_ARGUMENT, "no opponents given".into()));
        }
        // SAFETY: not null; the caller passes an array of `n_opponents` string pointers.
        let cards = unsafe { std::slice::from_raw_parts(opponents, n_opponents) };
        let cards = cards
            .iter()
            .map(|&c| text(c, "opponent card").map(str::to_string))
            .collect::<Result<Vec<_>, _>>()?;
        let play_for = PlayFor::Win(cards);
        advise(
            table,
            card,
            dice,
            rolls_left,
            TurnMulligan::AsCard,
            &play_for,
            options,
            capacity,
            count,
        )
    })
}

#[allow(clippy::too_many_arguments)]
fn advise(
    table: *const YzTable,
    card: *const c_char,
    dice: *const c_char,
    rolls_left: c_int,
    mulligan: TurnMulligan,
    play_for: &PlayFor,
    options: *mut YzOption,
    capacity: usize,
    count: *mut usize,
) -> Result<(), Failure> {
    let t = arg(table, "table")?;
    let rules = t.advisor.table().rules();
    let card = yahtzee_engine::parse_card(rules, text(card, "card")?)?;
    let dice = yahtzee_engine::parse_dice(text(dice, "dice")?)?;
    let rolls_left = rolls(rolls_left)?;
    let target = match play_for {
        PlayFor::Target(_) => Some(t.target()?),
        _ => None,
    };
    let report = yahtzee_engine::advise_in_turn(
        &t.advisor,
        target.as_deref(),
        &card,
        dice,
        rolls_left,
        mulligan,
        play_for,
    )?;
    put(count, report.options.len(), "count")?;
    if capacity < report.options.len() {
        return Err(Failure(
            YZ_ERR_BUFFER,
            format!("{} options do not fit in {capacity}", report.options.len()),
        ));
    }
    if options.is_null() {
        return Err(Failure(YZ_ERR_ARGUMENT, "options is a null pointer".into()));
    }
    for (i, o) in report.options.iter().enumerate() {
        // SAFETY: `options` is not null and the caller gave room for `capacity` options,
        // at least `i + 1` here.
        unsafe { options.add(i).write(option(o)) };
    }
    Ok(())
}

/// Rerolls left from C: 0, 1 or 2.
fn rolls(rolls_left: c_int) -> Result<u8, Failure> {
    u8::try_from(rolls_left)
        .ok()
        .filter(|&r| r <= 2)
        .ok_or_else(|| {
            Failure(
                YZ_ERR_INPUT,
                format!("rolls left must be 0, 1 or 2, got {rolls_left}"),
            )
        })
}

impl YzTable {
    fn target(&self) -> Result<Arc<TargetTable>, Failure> {
        let mut held = self.target.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(t) = held.as_ref() {
            return Ok(t.clone());
        }
        let rules = self.advisor.table().rules();
        let t = Arc::new(store::load_or_solve_target(
            rules,
            &self.target_path,
            &|_| {},
            &|_| {},
        )?);
        *held = Some(t.clone());
        Ok(t)
    }
}

fn option(o: &ReportOption) -> YzOption {
    let kind = match (&o.keep, o.mulligan, o.chance_chance) {
        (Some(_), true, _) => YZ_MULLIGAN,
        (Some(_), false, _) => YZ_KEEP,
        (None, _, true) => YZ_CHANCE_CHANCE,
        (None, _, false) => YZ_BOX,
    };
    let mut keep = [0u8; 6];
    let kept = o.keep.as_deref().unwrap_or(&[]);
    keep[..kept.len()].copy_from_slice(kept);
    let mut category = [0 as c_char; 24];
    for (c, b) in category
        .iter_mut()
        .zip(o.category.unwrap_or("").bytes().take(23))
    {
        *c = b as c_char;
    }
    YzOption {
        kind,
        keep,
        keep_len: kept.len() as u8,
        category,
        score: o.score.unwrap_or(0),
        ev_remaining: o.ev_remaining,
        loss: o.loss,
        p_at_least: o.p_at_least.unwrap_or(f64::NAN),
        p_win: o.p_win.unwrap_or(f64::NAN),
        p_tie: o.p_tie.unwrap_or(f64::NAN),
        yahtzee_bonus: o.yahtzee_bonus,
        joker: o.joker,
    }
}

/// The message of the last error on this thread ("" if none): valid until the next call
/// into this library on this thread.
#[no_mangle]
pub extern "C" fn yz_last_error() -> *const c_char {
    LAST_ERROR.with(|e| e.borrow().as_ptr())
}

/// The library's version, e.g. "0.1.0".
#[no_mangle]
pub extern "C" fn yz_version() -> *const c_char {
    concat!(env!("CARGO_PKG_VERSION"), "\0").as_ptr().cast()
}
