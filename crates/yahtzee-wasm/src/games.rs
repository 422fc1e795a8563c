//! The games module's other games: Triple Yahtzee, Yahtzix and Painted Yahtzee answered by
//! the engine's one door ([`yahtzee_engine::Game::advise_other`]) from tables held as their
//! files' bytes ([`MemoryTables`]). The host (the page's worker, or a Node.js program) asks
//! which stored files a question needs, hands in those it has, and stores what was built.

use yahtzee_engine::{EngineError, Game, MemoryTables};

/// The most memory a build may take here (a page's budget): a Yahtzix solve to 1,000
/// takes about 350 MB with its file; past 1,000 the exact game does not fit and the
/// compact one is solved (about 190 MB at 2,000).
pub const MEMORY_LIMIT: u64 = 400_000_000;

thread_local! {
    static TABLES: MemoryTables =
        MemoryTables::new(MEMORY_LIMIT, Box::new(crate::host::progress));
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
    let names = TABLES.with(|t| t.files_for(body))?;
    Ok(serde_json::to_vec(&names).expect("names serialise"))
}

/// Sets the most memory a build may take (bytes).
pub fn set_memory_limit(bytes: u64) {
    TABLES.with(|t| t.set_memory_limit(bytes));
}

/// Hands in a stored file.
pub fn give(name: &str, bytes: Vec<u8>) {
    TABLES.with(|t| t.give(name, bytes));
}

/// `{"built": [...], "rejected": [...]}` since the last call; each built file's bytes wait
/// to be taken ([`take`]), one at a time.
pub fn built() -> String {
    let (built, rejected) = TABLES.with(MemoryTables::take_built);
    serde_json::json!({"built": built, "rejected": rejected}).to_string()
}

/// The bytes of the built file `name`, taken.
pub fn take(name: &str) -> Result<Vec<u8>, String> {
    TABLES.with(|t| t.take(name)).ok_or_else(|| {
        format!(
            "no built file '{}' waits to be taken",
            yahtzee_rules::one_line(name)
        )
    })
}
