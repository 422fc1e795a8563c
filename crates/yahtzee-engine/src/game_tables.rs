//! Where the other games' solved tables come from: files in a data folder ([`crate::Tables`],
//! native hosts) or the same files' bytes held in memory ([`MemoryTables`], a browser's
//! WebAssembly module, which keeps them in its own storage).
//!
//! The questions of [`crate::triple`], [`crate::yahtzix`] and [`crate::painted`] are
//! answered against a [`GameTables`], so every host gives the same answers from the same
//! code.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::{Arc, Mutex};

use yahtzee_painted::advice::Advisor as PaintedAdvisor;
use yahtzee_painted::Game as PaintedGame;
use yahtzee_rules::RuleSet;
use yahtzee_triple::{Kind, Player, Variant};
use yahtzee_yahtzix::trio::Trio;
use yahtzee_yahtzix::{Duel, Rules as YahtzixRules};

use crate::yahtzix::Played;
use crate::EngineError;

/// The solved tables a question about Triple Yahtzee, Yahtzix or Painted Yahtzee needs,
/// each opened (or built) on first use and shared afterwards.
pub trait GameTables: Sync {
    /// The Triple Yahtzee player of `variant` with strategy `kind`, over the official
    /// rules' value table.
    fn triple_player(&self, variant: Variant, kind: Kind) -> Result<Arc<Player>, EngineError>;

    /// The solved two-player Yahtzix game of `rules`.
    fn yahtzix(&self, rules: &YahtzixRules) -> Result<Arc<Played>, EngineError>;

    /// The Painted Yahtzee strategy of `game`.
    fn painted_advisor(&self, game: &PaintedGame) -> Result<Arc<PaintedAdvisor>, EngineError>;

    /// The solved three-player Yahtzix game of `rules` where this host has it or solves it
    /// for a question ([`crate::yahtzix::three_fits`] its memory); `None` where it does not
    /// (three players' chances to win the table are then estimated).
    fn yahtzix_three(&self, rules: &YahtzixRules) -> Result<Option<Arc<Trio>>, EngineError>;
}

/// A table's values in state order, as the Triple Yahtzee valuer reads them.
pub fn triple_values(table: &yahtzee_table::Table) -> Arc<Vec<f64>> {
    let rules = table.rules();
    Arc::new(
        (0..rules.state_count())
            .map(|i| table.value_at(i))
            .collect(),
    )
}

/// Built things by name, each built once: a second asker waits for the first.
pub(crate) type Slots<T> = Mutex<BTreeMap<String, Arc<Mutex<Option<Arc<T>>>>>>;

fn slot<T>(slots: &Slots<T>, key: &str) -> Arc<Mutex<Option<Arc<T>>>> {
    let mut map = slots.lock().unwrap_or_else(|p| p.into_inner());
    map.entry(key.to_string()).or_default().clone()
}

/// What `slots` holds under `key`, or what `open` makes (kept unless it fails).
pub(crate) fn get<T>(
    slots: &Slots<T>,
    key: &str,
    open: impl FnOnce() -> Result<T, EngineError>,
) -> Result<Arc<T>, EngineError> {
    let slot = slot(slots, key);
    let mut held = slot.lock().unwrap_or_else(|p| p.into_inner());
    if let Some(t) = held.as_ref() {
        return Ok(t.clone());
    }
    let t = Arc::new(open()?);
    *held = Some(t.clone());
    Ok(t)
}

/// Whether the slot holds its table; never waits: a slot locked by a build under way is
/// not open yet (a server's request asking must not wait for the build).
#[cfg(feature = "native")]
pub(crate) fn is_open<T>(slots: &Slots<T>, key: &str) -> bool {
    let s = slot(slots, key);
    let held = match s.try_lock() {
        Ok(held) => held,
        Err(std::sync::TryLockError::Poisoned(p)) => p.into_inner(),
        Err(std::sync::TryLockError::WouldBlock) => return false,
    };
    held.is_some()
}

/// The games' tables with no files: each is the bytes of the file [`crate::Tables`] would
/// write (the same names and formats), handed in by the host from its storage
/// ([`MemoryTables::give`]) and checked when opened, or built here and handed out for the
/// host to store ([`MemoryTables::take_built`]). A stored file that fails its checks is
/// built again (and handed out again, to replace it).
pub struct MemoryTables {
    /// Files handed in and not opened yet.
    given: Mutex<BTreeMap<String, Vec<u8>>>,
    /// Files built and not taken yet.
    built: Mutex<BTreeMap<String, Built>>,
    /// Files that were handed in and failed their checks (the host deletes them).
    rejected: Mutex<Vec<String>>,
    triple: Slots<Player>,
    forced: Slots<Vec<f64>>,
    yahtzix: Slots<Played>,
    three: Slots<Trio>,
    painted: Slots<PaintedAdvisor>,
    /// The largest memory a build may take (a Yahtzix solve's tables).
    memory_limit: std::sync::atomic::AtomicU64,
    progress: Box<dyn Fn(u64, u64) + Send + Sync>,
}

impl MemoryTables {
    /// No tables yet; builds may take up to `memory_limit` bytes, and report their
    /// progress (work done, total) to `progress`.
    pub fn new(memory_limit: u64, progress: Box<dyn Fn(u64, u64) + Send + Sync>) -> MemoryTables {
        MemoryTables {
            given: Mutex::default(),
            built: Mutex::default(),
            rejected: Mutex::default(),
            triple: Mutex::default(),
            forced: Mutex::default(),
            yahtzix: Mutex::default(),
            three: Mutex::default(),
            painted: Mutex::default(),
            memory_limit: memory_limit.into(),
            progress,
        }
    }

    /// The names of the files a question (a request body with its `"game"`) needs: the
    /// host hands in those it has stored before asking.
    pub fn files_for(&self, body: &[u8]) -> Result<Vec<String>, EngineError> {
        let game = crate::Game::of_request(body)?;
        Ok(match game {
            crate::Game::Yahtzee => Vec::new(),
            crate::Game::Triple => {
                crate::triple::Question::from_json(body)?.checked()?;
                vec![forced_name()]
            }
            crate::Game::Yahtzix => {
                let (rules, _) = crate::yahtzix::Question::from_json(body)?.position()?;
                match self.yahtzix_kind(&rules) {
                    DuelKind::Compact => compact_names(&rules),
                    _ => vec![yahtzix_name(&rules)],
                }
            }
            crate::Game::Painted => {
                let (game, ..) = crate::painted::Question::from_json(body)?.checked()?;
                yahtzee_painted::approx::Valuer::tables_for(&game, crate::painted::EXACT_LIMIT)
                    .iter()
                    .map(painted_name)
                    .collect()
            }
        })
    }

    /// The most memory a build may take, in bytes.
    pub fn memory_limit(&self) -> u64 {
        self.memory_limit.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// Sets the most memory a build may take (a host on a small phone lowers it; the
    /// choice between the exact and the compact Yahtzix game follows it).
    pub fn set_memory_limit(&self, bytes: u64) {
        self.memory_limit
            .store(bytes, std::sync::atomic::Ordering::Relaxed);
    }

    /// Hands in a stored file (checked when it is first needed).
    pub fn give(&self, name: &str, bytes: Vec<u8>) {
        lock(&self.given).insert(name.to_string(), bytes);
    }

    /// The names of the built files waiting to be taken ([`MemoryTables::take`]) and
    /// stored; and the names of files handed in that failed their checks since the last
    /// call, to delete.
    pub fn take_built(&self) -> (Vec<String>, Vec<String>) {
        let built = lock(&self.built).keys().cloned().collect();
        (built, std::mem::take(&mut *lock(&self.rejected)))
    }

    /// The bytes of the built file `name`, once; `None` when none waits. A part of a compact
    /// game is copied out of the game only now, so a host that stores each part before it
    /// takes the next never holds a second copy of the table.
    pub fn take(&self, name: &str) -> Option<Vec<u8>> {
        let built = lock(&self.built).remove(name)?;
        match built {
            Built::Bytes(bytes) => Some(bytes),
            Built::Head(played) => played.duel.compact_head().ok(),
            Built::Piece(played, p) => played.duel.compact_piece(p).ok(),
        }
    }

    /// A file handed in under `name`, taken (opened once); `None` when there is none.
    fn taken(&self, name: &str) -> Option<Vec<u8>> {
        lock(&self.given).remove(name)
    }

    fn reject(&self, name: &str) {
        lock(&self.rejected).push(name.to_string());
    }

    fn keep_built(&self, name: String, bytes: Vec<u8>) {
        lock(&self.built).insert(name, Built::Bytes(bytes));
    }

    /// Which two-player game this host keeps for `rules`: the exact one where its solve and
    /// file fit the memory limit, else the compact one where that fits.
    fn yahtzix_kind(&self, rules: &YahtzixRules) -> DuelKind {
        let exact = crate::yahtzix::solve_memory(rules)
            + yahtzee_yahtzix::duel::Layout::of(rules).len as u64;
        if exact <= self.memory_limit() {
            DuelKind::Exact
        } else if crate::yahtzix::compact_memory(rules) <= self.memory_limit() {
            DuelKind::Compact
        } else {
            DuelKind::TooBig(crate::yahtzix::compact_memory(rules))
        }
    }

    /// The exact two-player game: from a given file, else solved.
    fn exact_duel(&self, rules: &YahtzixRules) -> Result<Duel, EngineError> {
        let name = yahtzix_name(rules);
        if let Some(bytes) = self.taken(&name) {
            match Duel::from_bytes(bytes, &name, rules).and_then(|d| {
                d.verify_all()?;
                Ok(d)
            }) {
                Ok(duel) => return Ok(duel),
                Err(_) => self.reject(&name),
            }
        }
        let options = yahtzee_yahtzix::duel::SolveOptions {
            progress: &*self.progress,
            ..Default::default()
        };
        let duel = Duel::solve_with(rules, options)?;
        self.keep_built(name, duel.to_bytes());
        Ok(duel)
    }

    /// The compact two-player game from its given parts (every one, each checked), or
    /// `None` where they are missing or damaged (those given are then rejected).
    fn given_compact(&self, rules: &YahtzixRules) -> Option<Duel> {
        let names = compact_names(rules);
        let parts: Vec<Option<Vec<u8>>> = names.iter().map(|n| self.taken(n)).collect();
        if parts.iter().all(Option::is_none) {
            return None;
        }
        let opened = parts
            .into_iter()
            .collect::<Option<Vec<_>>>()
            .and_then(|mut parts| {
                let head = parts.remove(0);
                Duel::from_compact(&head, parts, &names[0], rules).ok()
            });
        if opened.is_none() {
            names.iter().for_each(|n| self.reject(n));
        }
        opened
    }

    /// The compact two-player game: from its given parts, else solved (`true`: its parts
    /// are then to be handed out).
    fn compact_duel(&self, rules: &YahtzixRules) -> Result<(Duel, bool), EngineError> {
        if let Some(duel) = self.given_compact(rules) {
            return Ok((duel, false));
        }
        let options = yahtzee_yahtzix::duel::SolveOptions {
            progress: &*self.progress,
            ..Default::default()
        };
        Ok((Duel::solve_with(rules, options.compact())?, true))
    }

    /// The official rules' values: from a given file, else solved (about a second).
    fn forced_values(&self) -> Result<Arc<Vec<f64>>, EngineError> {
        get(&self.forced, "forced", || {
            let rules = RuleSet::by_name("forced").expect("the official rules");
            let name = forced_name();
            if let Some(bytes) = self.taken(&name) {
                match yahtzee_table::Table::from_bytes(bytes, Path::new(&name), rules) {
                    Ok(table) => return Ok(Arc::unwrap_or_clone(triple_values(&table))),
                    Err(_) => self.reject(&name),
                }
            }
            crate::check_value_build(rules, self.memory_limit())?;
            let total = 1u64 << rules.box_count();
            let done = std::sync::atomic::AtomicU64::new(0);
            let values = yahtzee_solver::solve(rules, &|n| {
                let d = done.fetch_add(n, std::sync::atomic::Ordering::Relaxed) + n;
                (self.progress)(d, total);
            });
            self.keep_built(name, yahtzee_table::table_bytes(rules, &values));
            Ok(values)
        })
    }

    /// One exact Painted Yahtzee table: from a given file, else solved.
    fn painted_values(&self, game: &PaintedGame) -> Vec<f64> {
        let name = painted_name(game);
        if let Some(bytes) = self.taken(&name) {
            match yahtzee_painted::solve::table_from_bytes(&bytes, &name, game) {
                Ok(values) => return values,
                Err(_) => self.reject(&name),
            }
        }
        let values = yahtzee_painted::solve::solve(game);
        self.keep_built(name, yahtzee_painted::solve::table_bytes(game, &values));
        values
    }
}

impl GameTables for MemoryTables {
    fn triple_player(&self, variant: Variant, kind: Kind) -> Result<Arc<Player>, EngineError> {
        get(&self.triple, &triple_key(variant, kind), || {
            let values = self.forced_values()?;
            Ok(yahtzee_triple::standard_player(variant, kind, values))
        })
    }

    /// Exact where it fits this host's memory (every target to 1,000 in a page's 400 MB),
    /// else the compact game.
    fn yahtzix(&self, rules: &YahtzixRules) -> Result<Arc<Played>, EngineError> {
        let mut solved_compact = false;
        let played = get(&self.yahtzix, &rules.name(), || {
            let duel = match self.yahtzix_kind(rules) {
                DuelKind::Exact => self.exact_duel(rules)?,
                DuelKind::Compact => {
                    let (duel, solved) = self.compact_duel(rules)?;
                    solved_compact = solved;
                    duel
                }
                DuelKind::TooBig(need) => {
                    return Err(EngineError::TooBig(format!(
                        "Yahtzix to {} needs about {} MB of memory to solve, even as the compact game, more than this host's {} MB",
                        rules.target,
                        need / 1_000_000,
                        self.memory_limit() / 1_000_000
                    )))
                }
            };
            Ok(Played::new(duel))
        })?;
        if solved_compact {
            let names = compact_names(rules);
            let mut built = lock(&self.built);
            built.insert(names[0].clone(), Built::Head(played.clone()));
            for (p, name) in names[1..].iter().enumerate() {
                built.insert(name.clone(), Built::Piece(played.clone(), p));
            }
        }
        Ok(played)
    }

    fn painted_advisor(&self, game: &PaintedGame) -> Result<Arc<PaintedAdvisor>, EngineError> {
        get(&self.painted, game.name(), || {
            let valuer = yahtzee_painted::approx::Valuer::for_game_with(
                game,
                crate::painted::EXACT_LIMIT,
                &|g| self.painted_values(g),
            );
            Ok(PaintedAdvisor::new(game, valuer))
        })
    }

    /// Solved here when it fits beside the two-player game (not stored: it is quick).
    fn yahtzix_three(&self, rules: &YahtzixRules) -> Result<Option<Arc<Trio>>, EngineError> {
        let beside = crate::yahtzix::solve_memory(rules);
        if !crate::yahtzix::three_fits(rules, self.memory_limit().saturating_sub(beside)) {
            return Ok(None);
        }
        get(&self.three, &rules.name(), || Ok(Trio::solve(rules)?)).map(Some)
    }
}

/// A file built and waiting to be taken: its bytes, or a part of a solved compact game
/// (copied out when taken).
enum Built {
    Bytes(Vec<u8>),
    Head(Arc<Played>),
    Piece(Arc<Played>, usize),
}

/// Which two-player Yahtzix game a host keeps: exact, compact, or neither (with the memory
/// the compact one needs).
enum DuelKind {
    Exact,
    Compact,
    TooBig(u64),
}

/// The names of the compact game's parts: its head, then each piece.
fn compact_names(rules: &YahtzixRules) -> Vec<String> {
    let head = format!("yahtzix-{}.compact", rules.name());
    let (_, pieces) = Duel::compact_len(rules);
    let names = (1..=pieces).map(|p| format!("{head}.{p}"));
    std::iter::once(head.clone()).chain(names).collect()
}

/// The key of a Triple Yahtzee player in its slots.
pub(crate) fn triple_key(variant: Variant, kind: Kind) -> String {
    format!("{}/{}", variant.name(), kind.name())
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

/// The official rules' value table's file name (as in a data folder).
fn forced_name() -> String {
    "forced.table".to_string()
}

fn yahtzix_name(rules: &YahtzixRules) -> String {
    file_name(&crate::yahtzix::cache_path(Path::new(""), rules))
}

fn painted_name(game: &PaintedGame) -> String {
    file_name(&crate::painted::table_path(Path::new(""), game))
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}
