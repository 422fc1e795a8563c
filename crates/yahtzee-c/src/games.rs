//! Every game from C through one door: an engine (the tables of one data folder, opened
//! on first use and shared) and JSON questions and answers in the shapes of `POST
//! /api/advise` and `/api/stats` (docs/ENGINE.md). A game added to the engine needs no
//! new function here.

use std::ffi::{c_char, c_int, CString};
use std::path::PathBuf;

use serde_json::Value;
use yahtzee_engine::{Game, Tables};

use super::{arg, guard, optional_text, put, text, Failure, YZ_ERR_ARGUMENT, YZ_ERR_INPUT};

/// The engine over one data folder: every game's tables, opened (or solved and written)
/// on first use and kept until `yz_engine_free`. Safe to share between threads. Opaque.
pub struct YzEngine {
    tables: Tables,
}

/// A new engine over the tables in `data_dir` (null: the data folder,
/// `$YAHTZEE_DATA_DIR`); free it with `yz_engine_free`.
#[no_mangle]
pub extern "C" fn yz_engine_new(data_dir: *const c_char, out: *mut *mut YzEngine) -> c_int {
    guard(|| {
        let dir = optional_text(data_dir, "data_dir")?.map(PathBuf::from);
        let engine = Box::new(YzEngine {
            tables: Tables::new(dir),
        });
        put(out, Box::into_raw(engine), "out")
    })
}

/// Bounds the memory a build may take at its peak, in bytes (default: the environment's
/// `YAHTZEE_MEMORY_LIMIT` GiB, else half the machine's): a table whose build would need
/// more is refused with `YZ_ERR_TABLE` and a one-line message with its estimate, before
/// anything is built.
#[no_mangle]
pub extern "C" fn yz_engine_set_memory_limit(engine: *mut YzEngine, bytes: u64) -> c_int {
    guard(|| {
        if engine.is_null() {
            return Err(Failure(YZ_ERR_ARGUMENT, "engine is null".into()));
        }
        // SAFETY: a live engine from `yz_engine_new` (the caller's contract), not shared
        // with another thread while its limit is set.
        let engine = unsafe { &mut *engine };
        engine.tables.set_memory_limit(bytes);
        Ok(())
    })
}

/// Frees an engine from `yz_engine_new` (null: no-op).
#[no_mangle]
pub extern "C" fn yz_engine_free(engine: *mut YzEngine) {
    if !engine.is_null() {
        // SAFETY: from `Box::into_raw` in `yz_engine_new`, freed once (the caller's
        // contract).
        drop(unsafe { Box::from_raw(engine) });
    }
}

/// Frees a string this library returned (null: no-op).
#[no_mangle]
pub extern "C" fn yz_string_free(s: *mut c_char) {
    if !s.is_null() {
        // SAFETY: from `CString::into_raw` in this library, freed once.
        drop(unsafe { CString::from_raw(s) });
    }
}

/// Every option of a position, best first, for any game: `question` is the JSON body of
/// `POST /api/advise` (e.g. `{"dice": "13346", "rolls_left": 2, "card": "1.ones=3"}`);
/// `game` is `"yahtzee"`, `"triple"` or `"yahtzix"`, or null to read the question's
/// `"game"` field (default `"yahtzee"`). On success `*answer` holds the JSON answer (the
/// CLI's `--json`), to free with `yz_string_free`.
#[no_mangle]
pub extern "C" fn yz_game_advise(
    engine: *const YzEngine,
    game: *const c_char,
    question: *const c_char,
    answer: *mut *mut c_char,
) -> c_int {
    guard(|| ask(engine, game, question, answer, Game::advise))
}

/// Statistics of play, for any game: `question` is the JSON body of `POST /api/stats`
/// (exact for Yahtzee; simulated for Triple Yahtzee and Yahtzix). As `yz_game_advise`.
#[no_mangle]
pub extern "C" fn yz_game_stats(
    engine: *const YzEngine,
    game: *const c_char,
    question: *const c_char,
    answer: *mut *mut c_char,
) -> c_int {
    guard(|| ask(engine, game, question, answer, Game::stats))
}

/// Every decision of a game record (the text `yahtzee play` or `yahtzee triple play`
/// writes) judged against the game's strategy; `game` is required. As `yz_game_advise`.
#[no_mangle]
pub extern "C" fn yz_game_review(
    engine: *const YzEngine,
    game: *const c_char,
    record: *const c_char,
    answer: *mut *mut c_char,
) -> c_int {
    guard(|| {
        let e = arg(engine, "engine")?;
        let game = Game::from_name(text(game, "game")?)?;
        let value = game.review(&e.tables, text(record, "record")?)?;
        give(answer, &value)
    })
}

type Door = fn(Game, &Tables, &[u8]) -> Result<Value, yahtzee_engine::EngineError>;

fn ask(
    engine: *const YzEngine,
    game: *const c_char,
    question: *const c_char,
    answer: *mut *mut c_char,
    door: Door,
) -> Result<(), Failure> {
    let e = arg(engine, "engine")?;
    let body = text(question, "question")?.as_bytes();
    let asked = Game::of_request(body)?;
    let game = match optional_text(game, "game")? {
        None => asked,
        Some(name) => {
            let game = Game::from_name(name)?;
            // The question may name its game too; both must agree.
            let named = serde_json::from_slice::<Value>(body)
                .ok()
                .is_some_and(|v| v.get("game").is_some());
            if named && asked != game {
                return Err(Failure(
                    YZ_ERR_INPUT,
                    format!(
                        "the question asks about {}, the call about {}",
                        asked.name(),
                        game.name()
                    ),
                ));
            }
            game
        }
    };
    let body = if game == asked {
        body.to_vec()
    } else {
        with_game(body, game)?
    };
    let value = door(game, &e.tables, &body)?;
    give(answer, &value)
}

/// The question with its `"game"` field set.
fn with_game(body: &[u8], game: Game) -> Result<Vec<u8>, Failure> {
    let mut v: Value = serde_json::from_slice(body)
        .map_err(|e| Failure(YZ_ERR_INPUT, format!("bad question: {e}")))?;
    let Some(fields) = v.as_object_mut() else {
        return Err(Failure(
            YZ_ERR_INPUT,
            "bad question: not a JSON object".into(),
        ));
    };
    fields.insert("game".into(), Value::from(game.name()));
    serde_json::to_vec(&v).map_err(|e| Failure(YZ_ERR_INPUT, e.to_string()))
}

fn give(answer: *mut *mut c_char, value: &Value) -> Result<(), Failure> {
    let json = serde_json::to_string(value)
        .map_err(|e| Failure(YZ_ERR_ARGUMENT, format!("answer as JSON: {e}")))?;
    // JSON text never holds a NUL byte (serde escapes control characters).
    let c = CString::new(json).map_err(|e| Failure(YZ_ERR_ARGUMENT, e.to_string()))?;
    if answer.is_null() {
        return Err(Failure(YZ_ERR_ARGUMENT, "answer is a null pointer".into()));
    }
    put(answer, c.into_raw(), "answer")
}
