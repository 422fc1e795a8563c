//! The games module's other games: Triple Yahtzee, Yahtzix and Painted Yahtzee answered by
//! the engine's one door ([`yahtzee_engine::Game::advise_other`]) from tables held as their
//! files' bytes ([`MemoryTables`]). The host (the page's worker, or a Node.js program) asks
//! which stored files a question needs, hands in those it has, and stores what was built.

use std::cell::RefCell;
use std::collections::BTreeMap;

use yahtzee_engine::{EngineError, Game, MemoryTables};

/// The most memory a build may take here (a page's budget): a Yahtzix solve to 1,000
/// takes about 250 MB; 1,500 (about 650 MB) and 2,000 (1.5 GB) are refused in one line.
pub const MEMORY_LIMIT: u64 = 400_000_000;

thread_local! {
    static TABLES: MemoryTables =
        MemoryTables::new(MEMORY_LIMIT, Box::new(crate::ffi::progress));
    /// Built files waiting to be taken.
    static OUTBOX: RefCell<BTreeMap<String, Vec<u8>>> = const { RefCell::new(BTreeMap::new()) };
}

/// The answer to `body` when it asks about a game other than Yahtzee (JSON bytes), `None`
/// for a Yahtzee question.
pub fn advise(body: &[u8]) -> Option<Result<Vec<u8>, EngineError>> {
    let game = match Game::of_request(body) {
        Ok(Game::Yahtzee) => return None,
        Ok(game) => game,
        Err(e) => return Some(Err(e)),
    };
    Some(TABLES.with(|t| {
        let answer = game.advise_other(t, body)?;
        Ok(serde_json::to_vec(&answer).expect("answers serialise"))
    }))
}

/// The stored files `body` needs, as a JSON list of names.
pub fn files_for(body: &[u8]) -> Result<Vec<u8>, EngineError> {
    let names = MemoryTables::files_for(body)?;
    Ok(serde_json::to_vec(&names).expect("names serialise"))
}

/// Hands in a stored file.
pub fn give(name: &str, bytes: Vec<u8>) {
    TABLES.with(|t| t.give(name, bytes));
}

/// `{"built": [...], "rejected": [...]}` since the last call; the built bytes wait in the
/// outbox.
pub fn built() -> String {
    let (built, rejected) = TABLES.with(MemoryTables::take_built);
    let names: Vec<String> = built.iter().map(|(n, _)| n.clone()).collect();
    OUTBOX.with(|o| o.borrow_mut().extend(built));
    serde_json::json!({"built": names, "rejected": rejected}).to_string()
}

/// The bytes of the built file `name`, taken from the outbox.
pub fn take(name: &str) -> Result<Vec<u8>, String> {
    OUTBOX.with(|o| o.borrow_mut().remove(name)).ok_or_else(|| {
        format!(
            "no built file '{}' waits to be taken",
            yahtzee_rules::one_line(name)
        )
    })
}
