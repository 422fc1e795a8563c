//! The engine compiled to WebAssembly (`wasm32-unknown-unknown`) for browsers and Node.js,
//! with no server and no files: any of the rule sets is solved in memory, kept as the
//! table file's bytes (which a page can store and hand back, checked like a file), and the
//! web API's questions are answered in its shapes (`GET /api/rules`, `GET /api/card`,
//! `POST /api/advise`: [`yahtzee_engine::api`]), with the same one-line errors.
//!
//! [`Engine`] is the logic; [`ffi`] is the module's raw interface (a few exported
//! functions over bytes in the module's memory, and one imported progress callback),
//! which `js/yahtzee.js` wraps in a typed JavaScript API. One thread: the browser runs the
//! module in a Web Worker so the page never waits on a solve.
//!
//! Over `yahtzee-rules`, `yahtzee-solver`, `yahtzee-table`, `yahtzee-advice` and
//! `yahtzee-engine`, all without their default (native) features: no threads, no files, no
//! statistics; `yahtzee-stats` for feature `explain` only. docs/WEB.md says how it is built
//! and measured; docs/BINDINGS.md how it is used.
//!
//! # Three modules
//!
//! - `yahtzee.wasm` (no feature): [`Engine`]: advisors per rule set, each over a `Table`
//!   held in memory (`yahtzee_table::table_bytes` after `solve`, or bytes handed back by the
//!   page: `Table::from_bytes`, checked like a file); `rules`, `card`, `solve(progress)`,
//!   `table_bytes`, `load_table`, `advise(body)` (the `/api/advise` body through
//!   `yahtzee_engine::api`; targets and play to win refused: their tables are too big for a
//!   browser).
//! - `yahtzee-games.wasm` (feature `games`): the `games` module: the other games' questions through
//!   `Game::advise_other` over a `MemoryTables` (`yz_game_files`, `yz_game_give`,
//!   `yz_game_built`, `yz_game_take`, `yz_game_memory_limit`; `yz_advise` routes a body by
//!   its `"game"`), wrapped by `loadGames()` / `GamesEngine` in `yahtzee.js`.
//! - `yahtzee-explain.wasm` (feature `explain`, on by default so the native tests cover
//!   it): each rule set's `CompanionTable` in memory beside its advisor:
//!   `solve_companion` (`yahtzee_stats::Companion::solve` over the table, then
//!   `companion_bytes`), `companion_bytes`, `load_companion` (checked like the file), and
//!   `advise` answering `"explain": true` (`yz_has_companion`, `yz_solve_companion`,
//!   `yz_companion_bytes`, `yz_load_companion`; `loadExplain()` / `ExplainEngine` in
//!   `yahtzee.js`; without the feature, `"explain"` is refused in one line).
//!
//! [`ffi`]: the raw exports over bytes in the module's memory (`yz_alloc`, calls answering 0
//! or 1 with the answer or a one-line error in an output buffer, the imported
//! `env.yz_progress`, a panic hook that leaves the message before the trap).
//! `js/yahtzee.js` is the typed ES module (`yahtzee.d.ts`): `load()` (Node.js reads the
//! file, browsers fetch), `Engine`, `YahtzeeError`; a trap restarts the instance.
//!
//! # Building and testing
//!
//! `scripts/build_wasm.sh` builds the modules (rustup's wasm32 target, or Debian's rustc-web
//! with `-Zbuild-std`) into `target/npm/yahtzee-engine/` and `--pack`s the npm tarball;
//! `tests/npm.test.mjs` (`node --test`) installs the tarball into an empty folder and
//! compares it with the CLI (`tests/games.test.mjs` the games module,
//! `tests/explain.test.mjs` the explaining one); `tests/engine.rs` runs the same code
//! natively. `scripts/build_web.sh` puts the modules under the static pages of `web/`.

pub mod ffi;
#[cfg(feature = "games")]
pub mod games;
mod host;

use std::collections::HashMap;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};

use yahtzee_advice::Advisor;
use yahtzee_engine::{api, EngineError, PlayFor};
use yahtzee_rules::RuleSet;
use yahtzee_solver::Cancel;
#[cfg(feature = "explain")]
use yahtzee_table::CompanionTable;
use yahtzee_table::Table;

/// The module's version as JavaScript sees it: the crate's, and the table format it reads
/// and writes (a page keys its stored tables by it).
pub fn version() -> String {
    format!(
        "{}+table{}",
        env!("CARGO_PKG_VERSION"),
        yahtzee_table::FORMAT_VERSION
    )
}

/// Solved tables, one per rule set asked about, and the companion tables (where each
/// option's expected score comes from) of those asked to explain.
#[derive(Default)]
pub struct Engine {
    advisors: HashMap<&'static str, Advisor>,
    #[cfg(feature = "explain")]
    companions: HashMap<&'static str, CompanionTable>,
}

impl Engine {
    /// `GET /api/rules`: every rule set with its description and optimal expected score.
    pub fn rules(&self) -> String {
        json(yahtzee_engine::rules_listing())
    }

    /// `GET /api/card?rules=NAME`: the boxes and bonuses of a card.
    pub fn card(&self, name: &str) -> Result<String, EngineError> {
        Ok(json(&api::card_layout(name)?))
    }

    /// Whether the whole table of `name` is solved or loaded (not only the part of it that
    /// [`Engine::solve_for`] solves).
    pub fn has_table(&self, name: &str) -> Result<bool, EngineError> {
        let rules = yahtzee_engine::rules_named(name, &[])?;
        Ok(self
            .advisors
            .get(rules.name)
            .is_some_and(|a| a.table().is_whole()))
    }

    /// Whether the question in `body` (an `/api/advise` body) is answered from a table in
    /// memory, whole or the part that [`Engine::solve_for`] solved, without solving.
    pub fn covers(&self, body: &[u8]) -> Result<bool, EngineError> {
        let q = api::advise_question(body)?;
        Ok(self.covered(&q))
    }

    fn covered(&self, q: &api::AdviseQuestion) -> bool {
        self.advisors
            .get(q.rules.name)
            .is_some_and(|a| a.table().covers(q.card.state()))
    }

    /// Solves the part of the table that the card of the question in `body` (an
    /// `/api/advise` body) can still reach: the cards with at least its boxes filled, a
    /// sixteenth of the work with four of them filled ([`yahtzee_solver::solve_part`]),
    /// calling `progress(done, total)` with the part's filled sets finished. `advise`
    /// then answers that card and every card after it in its game, with the whole table's
    /// values bit for bit, until [`Engine::solve`] or [`Engine::load_table`] brings the
    /// whole table. An empty card's part is the whole table, solved as `solve` does.
    /// Returns the expected points still to come from the card.
    pub fn solve_for(
        &mut self,
        body: &[u8],
        progress: &(dyn Fn(u64, u64) + Sync),
    ) -> Result<f64, EngineError> {
        let q = api::advise_question(body)?;
        let (rules, state) = (q.rules, q.card.state());
        if !self.covered(&q) {
            let need = state.filled();
            if need == 0 {
                self.solve(rules.name, progress)?;
            } else {
                yahtzee_engine::check_value_build(
                    rules,
                    yahtzee_advice::win::default_memory_limit(),
                )?;
                let total = 1u64 << (rules.box_count() as u32 - need.count_ones());
                let values = solve_counted(total, progress, |p| {
                    yahtzee_solver::solve_part(rules, need, p, &Cancel::new())
                })
                .expect("never cancelled");
                let name = format!("{}.table (part)", rules.name);
                let table = Table::part(rules, &values, need, Path::new(&name))?;
                self.advisors.insert(rules.name, Advisor::new(table));
            }
        }
        Ok(self.advisors[rules.name].table().value(state))
    }

    /// Solves the table of `name` (again, if it is loaded), calling `progress(done, total)`
    /// with filled sets finished; returns the optimal expected score of the empty card.
    pub fn solve(
        &mut self,
        name: &str,
        progress: &(dyn Fn(u64, u64) + Sync),
    ) -> Result<f64, EngineError> {
        let rules = yahtzee_engine::rules_named(name, &[])?;
        yahtzee_engine::check_value_build(rules, yahtzee_advice::win::default_memory_limit())?;
        let total = 1u64 << rules.box_count();
        let values = solve_counted(total, progress, |p| yahtzee_solver::solve(rules, p));
        let bytes = yahtzee_table::table_bytes(rules, &values);
        drop(values);
        self.keep(rules, bytes)?;
        self.empty_card_value(rules)
    }

    /// The table of `name` as the bytes of its file (`docs/TABLE_FORMAT.md`), to store;
    /// refused while only a part of it is solved.
    pub fn table_bytes(&self, name: &str) -> Result<&[u8], EngineError> {
        let table = self.advisor(name)?.table();
        if !table.is_whole() {
            return Err(EngineError::BadInput(format!(
                "only part of the table for {} is solved yet",
                table.rules().name
            )));
        }
        Ok(table.file_bytes())
    }

    /// Loads a stored table of `name`, checked like a file (format, rules, checksum,
    /// values); returns the optimal expected score of the empty card.
    pub fn load_table(&mut self, name: &str, bytes: Vec<u8>) -> Result<f64, EngineError> {
        let rules = yahtzee_engine::rules_named(name, &[])?;
        self.keep(rules, bytes)?;
        self.empty_card_value(rules)
    }

    /// Forgets the table of `name` and its companion table (their memory is freed).
    pub fn drop_table(&mut self, name: &str) -> Result<(), EngineError> {
        let rules = yahtzee_engine::rules_named(name, &[])?;
        self.advisors.remove(rules.name);
        #[cfg(feature = "explain")]
        self.companions.remove(rules.name);
        Ok(())
    }

    /// `POST /api/advise`: every option of the position in `body`, best first. The table
    /// is solved first if it is not loaded. Playing for a target or to win needs tables
    /// too big for a browser: refused with a one-line error.
    pub fn advise(&mut self, body: &[u8]) -> Result<String, EngineError> {
        let q = api::advise_question(body)?;
        match q.play_for {
            PlayFor::Expected => {}
            PlayFor::Target(_) => return Err(EngineError::BadInput(
                "playing for a target needs the target table (1 GB): ask yahtzee serve or the CLI"
                    .into(),
            )),
            PlayFor::Win(_) => return Err(EngineError::BadInput(
                "playing to win needs exact statistics of the opponents: ask yahtzee serve or the CLI"
                    .into(),
            )),
        }
        if !self.covered(&q) {
            self.solve(q.rules.name, &|_, _| {})?;
        }
        if q.explain {
            return self.explained(&q);
        }
        Ok(json(&q.answer(&self.advisors[q.rules.name], None)?))
    }

    /// The answer with each option's `explain`, the companion table built first when
    /// missing.
    #[cfg(feature = "explain")]
    fn explained(&mut self, q: &api::AdviseQuestion) -> Result<String, EngineError> {
        if !self.companions.contains_key(q.rules.name) {
            self.solve_companion(q.rules.name, &|_, _| {})?;
        }
        let advisor = &self.advisors[q.rules.name];
        let mut report = q.answer(advisor, None)?;
        q.explain(advisor, &self.companions[q.rules.name], &mut report)?;
        Ok(json(&report))
    }

    #[cfg(not(feature = "explain"))]
    fn explained(&mut self, _: &api::AdviseQuestion) -> Result<String, EngineError> {
        Err(EngineError::BadInput(
            "explain is in the module yahtzee-explain.wasm (loadExplain()), not this one".into(),
        ))
    }

    #[cfg(feature = "explain")]
    /// The trainer's puzzles asked in `body` ([`yahtzee_engine::train::request`]), as
    /// JSON: the same as `yahtzee train list --json`'s. The value and companion tables are
    /// built first when missing.
    pub fn puzzles(&mut self, body: &[u8]) -> Result<String, EngineError> {
        let (rules, query) = yahtzee_engine::train::request(body)?;
        if !self.companions.contains_key(rules.name) {
            self.solve_companion(rules.name, &|_, _| {})?;
        }
        let (advisor, companion) = (&self.advisors[rules.name], &self.companions[rules.name]);
        Ok(json(&yahtzee_engine::train::puzzles(
            advisor, companion, &query,
        )?))
    }

    #[cfg(feature = "explain")]
    /// Whether the companion table of `name` is built or loaded.
    pub fn has_companion(&self, name: &str) -> Result<bool, EngineError> {
        let rules = yahtzee_engine::rules_named(name, &[])?;
        Ok(self.companions.contains_key(rules.name))
    }

    #[cfg(feature = "explain")]
    /// Builds the companion table of `name` (where each state's expected score comes from,
    /// docs/EXPLAIN.md) over its value table, solved first when missing; calls
    /// `progress(done, total)` with the levels of the card finished.
    pub fn solve_companion(
        &mut self,
        name: &str,
        progress: &(dyn Fn(u64, u64) + Sync),
    ) -> Result<(), EngineError> {
        let rules = yahtzee_engine::rules_named(name, &[])?;
        if !self.has_table(rules.name)? {
            self.solve(rules.name, &|_, _| {})?;
        }
        let table = self.advisors[rules.name].table();
        let total = rules.box_count() as u64;
        let done = std::sync::atomic::AtomicU64::new(0);
        let values = yahtzee_advice::TableValues(table);
        let strategy = yahtzee_advice::Strategy::new(rules, &values);
        let companion = yahtzee_stats::Companion::solve(&strategy, &|n| {
            let d = done.fetch_add(n, std::sync::atomic::Ordering::Relaxed) + n;
            progress(d.min(total), total);
        });
        let bytes = yahtzee_table::companion_bytes(rules, companion.values());
        drop(companion);
        self.keep_companion(rules, bytes)
    }

    #[cfg(feature = "explain")]
    /// The companion table of `name` as the bytes of its file (docs/TABLE_FORMAT.md §13),
    /// to store.
    pub fn companion_bytes(&self, name: &str) -> Result<&[u8], EngineError> {
        let rules = yahtzee_engine::rules_named(name, &[])?;
        let table = self.companions.get(rules.name).ok_or_else(|| {
            EngineError::BadInput(format!(
                "the companion table for {} is not built yet",
                rules.name
            ))
        })?;
        Ok(table.file_bytes())
    }

    #[cfg(feature = "explain")]
    /// Loads a stored companion table of `name`, checked like its file (format, rules,
    /// index, payload).
    pub fn load_companion(&mut self, name: &str, bytes: Vec<u8>) -> Result<(), EngineError> {
        let rules = yahtzee_engine::rules_named(name, &[])?;
        self.keep_companion(rules, bytes)
    }

    #[cfg(feature = "explain")]
    fn keep_companion(
        &mut self,
        rules: &'static RuleSet,
        bytes: Vec<u8>,
    ) -> Result<(), EngineError> {
        let name = format!("{}.companion.table", rules.name);
        let table = CompanionTable::from_bytes(bytes, Path::new(&name), rules)?;
        self.companions.insert(rules.name, table);
        Ok(())
    }

    fn keep(&mut self, rules: &'static RuleSet, bytes: Vec<u8>) -> Result<(), EngineError> {
        let name = format!("{}.table", rules.name);
        let table = Table::from_bytes(bytes, Path::new(&name), rules)?;
        self.advisors.insert(rules.name, Advisor::new(table));
        Ok(())
    }

    fn advisor(&self, name: &str) -> Result<&Advisor, EngineError> {
        let rules = yahtzee_engine::rules_named(name, &[])?;
        self.advisors.get(rules.name).ok_or_else(|| {
            EngineError::BadInput(format!("the table for {} is not solved yet", rules.name))
        })
    }

    fn empty_card_value(&self, rules: &'static RuleSet) -> Result<f64, EngineError> {
        let card = yahtzee_engine::parse_card(rules, "")?;
        Ok(self.advisors[rules.name].table().value(card.state()))
    }
}

/// Runs `solve` with a progress callback that counts filled sets and reports
/// `progress(done, total)`.
fn solve_counted<R>(
    total: u64,
    progress: &(dyn Fn(u64, u64) + Sync),
    solve: impl FnOnce(&(dyn Fn(u64) + Sync)) -> R,
) -> R {
    let done = AtomicU64::new(0);
    solve(&|n| {
        let d = done.fetch_add(n, Ordering::Relaxed) + n;
        progress(d, total);
    })
}

fn json<T: serde::Serialize + ?Sized>(value: &T) -> String {
    serde_json::to_string(value).expect("answers serialise")
}
