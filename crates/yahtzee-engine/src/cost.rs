//! What a build costs, known before it starts: every table of every game the engine can
//! solve on demand, with its peak memory, the memory it holds once built, its file and
//! its CPU time, and the one check every front end makes before solving ([`check`]).
//!
//! The estimates are reckoned from each build's dimensions (states, vector lengths, the
//! Yahtzix target's units), in the same terms as the structures the solvers allocate, plus
//! a fixed overhead measured once; `tests/cost.rs` holds the peak heap measured on small
//! instances to at most 25% above each estimate (it may be lower on a loaded machine, where
//! threads overlap less) and each file to its real length. CPU time is
//! rough (from timings on the reference machine, docs/SERVER.md): for a progress message
//! and a refusal, never a limit.

use std::path::Path;

use yahtzee_rules::RuleSet;
use yahtzee_triple::{Kind, Variant};
use yahtzee_yahtzix::Rules as YahtzixRules;

use crate::estimates::{
    painted_solve_seconds, yahtzix_solve_estimate, yahtzix_solve_memory, PAINTED_EXACT_LIMIT,
};
use crate::EngineError;

/// One table (or solved game) the engine can build on demand.
#[derive(Clone, Debug, PartialEq)]
pub enum Build {
    /// A rule set's value table (expected score): `<rules>.table`.
    Values(&'static RuleSet),
    /// A rule set's target table (P(total >= t) for every t): `<rules>.target.table`.
    Target(&'static RuleSet),
    /// A rule set's companion table, where the expected score comes from (docs/EXPLAIN.md):
    /// `<rules>.companion.table`, over its value table (a build of its own).
    Companion(&'static RuleSet),
    /// A Triple Yahtzee player: its strategy over the official rules' value table (which
    /// is a build of its own, [`Build::Values`]).
    Triple(Variant, Kind),
    /// The solved two-player Yahtzix game of these rules: `yahtzix-<rules>.table`.
    Yahtzix(YahtzixRules),
    /// The exact three-player Yahtzix game (held in memory only).
    YahtzixThree(YahtzixRules),
    /// The Painted Yahtzee strategy of a game: its exact table (a reduced game of at most
    /// [`PAINTED_EXACT_LIMIT`] states) or the two halves of its split value.
    Painted(yahtzee_painted::Game),
}

/// What a build costs.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Cost {
    /// Peak memory while it runs (bytes of heap; its file's pages not counted).
    pub memory: u64,
    /// Memory it holds once built and opened (heap, or the mapped file's pages).
    pub held: u64,
    /// Bytes its files take in the data folder (0: kept in memory only).
    pub disk: u64,
    /// CPU time, in core-seconds on the reference machine (rough).
    pub cpu_seconds: f64,
}

/// What kind of build a request asks for, for a server's policy (what an anonymous request
/// may start).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BuildKind {
    /// What the shipped pages use: value tables, Triple Yahtzee players, Yahtzix to the
    /// text's 2,000 for two, the full Painted Yahtzee strategy.
    Pages,
    /// A target table (1.2 GB for the official rules).
    Target,
    /// A Yahtzix target other than 2,000, or three players.
    Yahtzix,
    /// A reduced game (Yahtzee or Painted Yahtzee).
    Reduced,
    /// A rule set with a Mega bonus other than the listed rule sets' 1,000.
    MegaBonus,
}

use crate::SOLVE_OVERHEAD as OVERHEAD;

impl Build {
    /// Its cost, reckoned from its dimensions (milliseconds at most: a target table's
    /// vector lengths are counted state by state).
    pub fn cost(&self) -> Cost {
        match self {
            Build::Values(rules) => values_cost(rules),
            Build::Target(rules) => target_cost(rules),
            Build::Companion(rules) => companion_cost(rules),
            Build::Triple(..) => triple_cost(),
            Build::Yahtzix(rules) => yahtzix_cost(rules),
            Build::YahtzixThree(rules) => {
                let bytes = yahtzee_yahtzix::trio::Trio::estimate_bytes(rules);
                Cost {
                    memory: bytes + OVERHEAD,
                    held: bytes,
                    disk: 0,
                    // Measured (scripts/bench_costs.sh): 200, 0.55 GiB of tables, in
                    // 19 CPU seconds.
                    cpu_seconds: bytes as f64 * 3.4e-8,
                }
            }
            Build::Painted(game) => painted_cost(game),
        }
    }

    /// What it is, in words: "the target table of forced".
    pub fn describe(&self) -> String {
        match self {
            Build::Values(r) => format!("the table of {}", r.name),
            Build::Target(r) => format!("the target table of {}", r.name),
            Build::Companion(r) => format!("the companion table of {}", r.name),
            Build::Triple(v, k) => format!("the Triple Yahtzee player {}/{}", v.name(), k.name()),
            Build::Yahtzix(r) => format!("the Yahtzix table to {}", r.name()),
            Build::YahtzixThree(r) => format!("the three-player Yahtzix game to {}", r.name()),
            Build::Painted(g) => format!("the Painted Yahtzee tables of {}", g.name()),
        }
    }

    /// A key naming it uniquely (a server builds each once at a time).
    pub fn key(&self) -> String {
        self.describe()
    }

    /// Its kind, for a server's policy.
    pub fn kind(&self) -> BuildKind {
        let listed = |r: &RuleSet| RuleSet::every().any(|x| x.name == r.name);
        match self {
            Build::Values(r) | Build::Target(r) | Build::Companion(r) if r.is_reduced() => {
                BuildKind::Reduced
            }
            Build::Values(r) | Build::Target(r) | Build::Companion(r) if !listed(r) => {
                BuildKind::MegaBonus
            }
            Build::Values(_) | Build::Companion(_) | Build::Triple(..) => BuildKind::Pages,
            Build::Target(_) => BuildKind::Target,
            Build::Yahtzix(r) if *r == YahtzixRules::standard() => BuildKind::Pages,
            Build::Yahtzix(_) | Build::YahtzixThree(_) => BuildKind::Yahtzix,
            Build::Painted(g) if *g == yahtzee_painted::Game::standard() => BuildKind::Pages,
            Build::Painted(_) => BuildKind::Reduced,
        }
    }

    /// The command that builds it ahead into the data folder `dir`.
    pub fn command(&self, dir: &Path) -> String {
        let env = format!("YAHTZEE_DATA_DIR={}", dir.display());
        match self {
            Build::Values(r) => format!("{env} yahtzee solve --rules '{}'", r.name),
            Build::Target(r) => {
                format!(
                    "{env} yahtzee solve --objective target --rules '{}'",
                    r.name
                )
            }
            Build::Companion(r) => {
                format!(
                    "{env} yahtzee solve --objective companion --rules '{}'",
                    r.name
                )
            }
            Build::Triple(..) => format!("{env} yahtzee solve --rules forced"),
            Build::Yahtzix(r) => format!("{env} yahtzee yahtzix solve {}", yahtzix_flags(r)),
            // Held in memory only: nothing to build ahead; the CLI solves it on its own.
            Build::YahtzixThree(r) => {
                format!("yahtzee yahtzix solve --players 3 {}", yahtzix_flags(r))
            }
            Build::Painted(g) => format!(
                "{env} yahtzee painted advise --game '{}' --dice '1r 2r 3r 4r 5r' --rolls-left 2",
                g.name()
            ),
        }
    }
}

fn yahtzix_flags(r: &YahtzixRules) -> String {
    let mut flags = format!("--target {}", r.target);
    if !r.four_of_a_kind {
        flags.push_str(" --no-four-of-a-kind");
    }
    if r.exact {
        flags.push_str(" --exact");
    }
    flags
}

/// A value table: the solver's one `f64` per state, then the file's image of them (a
/// second copy while it is written); opened, the file is mapped.
fn values_cost(rules: &RuleSet) -> Cost {
    let file = yahtzee_table::table_file_len(rules);
    Cost {
        memory: crate::value_build_memory(rules),
        held: file,
        disk: file,
        cpu_seconds: 2.0 * yahtzee_table::store::solve_seconds(rules),
    }
}

/// A companion table: a row of `f64` parts per state while it is built, the reached
/// states' indices, the largest level's rows, then the file's image (reached states only,
/// `f32`); opened, the file is mapped. Built in the kernel's lanes under every rule set in
/// four to seven times its value solve on two cores (docs/companion-all.txt): sixteen
/// solves of CPU, with room.
fn companion_cost(rules: &RuleSet) -> Cost {
    let states = rules.state_count() as u64;
    let reached = rules.reachable_state_count() as u64;
    let width = yahtzee_table::companion_width(rules) as u64;
    let file = yahtzee_table::companion::companion_file_len(rules, reached);
    Cost {
        memory: 8 * states * width
            + 8 * reached
            + reached * (8 * width + 40) / 4
            + 4 * reached * width
            + states / 8
            + OVERHEAD,
        held: file,
        disk: file,
        cpu_seconds: 16.0 * yahtzee_table::store::solve_seconds(rules),
    }
}

/// A target table: the points kernel's peak ([`yahtzee_solver::payoff_peak`], `f32`s),
/// the longest points each state can still make (`u16`), the offsets (`u64`), then the
/// file's index while it is written; opened, the file is mapped.
fn target_cost(rules: &'static RuleSet) -> Cost {
    let max = yahtzee_solver::max_remaining(rules);
    let values = yahtzee_solver::payoff_size(rules, &max, 1, |_| true);
    let peak = yahtzee_solver::payoff_peak(rules, &max, 1, |_| true);
    let states = rules.state_count() as u64;
    let file = yahtzee_table::target_file_len(rules, values);
    Cost {
        memory: 4 * peak
            + 2 * states
            + 8 * states
            + (8 * states + (4 << rules.box_count()))
            + OVERHEAD,
        held: file,
        disk: file,
        cpu_seconds: 2.0 * yahtzee_table::store::target_seconds(rules),
    }
}

/// A Triple Yahtzee player: a copy of the official table's values and its fitted weights.
fn triple_cost() -> Cost {
    let forced = RuleSet::by_name("forced").expect("the official rules");
    let copy = 8 * forced.state_count() as u64;
    Cost {
        memory: copy + OVERHEAD,
        held: copy,
        disk: 0,
        cpu_seconds: 0.1,
    }
}

/// The two-player Yahtzix game: its tables (what the cache file holds), the outcomes of
/// every roll, and each level's pair solutions while they are stored.
fn yahtzix_cost(rules: &YahtzixRules) -> Cost {
    let file = yahtzee_yahtzix::duel::Layout::of(rules).len as u64;
    let (seconds, _) = yahtzix_solve_estimate(rules);
    Cost {
        memory: yahtzix_solve_memory(rules),
        held: file,
        disk: file,
        cpu_seconds: 2.0 * seconds,
    }
}

/// The Painted Yahtzee strategy: each exact table it needs solved in turn (its layers and
/// the table in state order: two `f64`s per state at the peak, beside the solver's keep
/// graphs), the earlier ones held; then the advisor's keeps of the game's colours.
fn painted_cost(game: &yahtzee_painted::Game) -> Cost {
    let games = yahtzee_painted::approx::Valuer::tables_for(game, PAINTED_EXACT_LIMIT);
    let mut cost = Cost::default();
    for g in &games {
        let states = g.state_count() as u64;
        let solver = PAINTED_SOLVER[usize::from(g.colours) - 1];
        cost.memory = cost.memory.max(cost.held + 16 * states + solver);
        cost.held += 8 * states;
        cost.disk += yahtzee_painted::solve::file_len(g);
        cost.cpu_seconds += painted_solve_seconds(g);
    }
    let keeps = PAINTED_KEEPS[usize::from(game.colours) - 1];
    cost.memory = cost.memory.max(cost.held + keeps);
    cost.held += keeps;
    cost
}

/// Heap of the Painted Yahtzee solver beside its tables, by colours (1 to 5): its keep
/// graphs (one per number of colour boxes filled) and the workspaces of two threads,
/// measured on reduced games of five to seven boxes.
const PAINTED_SOLVER: [u64; 5] = [400 << 10, 3 << 20, 13 << 20, 26 << 20, 46 << 20];

/// Heap of an advisor's keeps of coloured dice (`yahtzee_painted::turn::Plan::new`), by
/// colours, measured; its graphs are added as advice needs them (up to about the
/// solver's).
const PAINTED_KEEPS: [u64; 5] = [20_416, 323_782, 2_250_638, 6_086_644, 20_225_716];

/// Heap of the exact statistics of `rules` from the empty card (a later card takes less):
/// 583 MB resident measured for `forced` (`yahtzee stats`), in proportion to the states.
pub fn exact_stats_memory(rules: &RuleSet) -> u64 {
    560 * rules.state_count() as u64
}

/// Where a build is checked: the memory it may take and the free disk.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    /// Bytes a build may take at its peak.
    pub memory: u64,
    /// Bytes free in the data folder (`None`: unknown, not checked).
    pub disk_free: Option<u64>,
}

impl Budget {
    /// The default memory limit ([`yahtzee_advice::win::default_memory_limit`]) and the
    /// free space of `dir` (or of its nearest existing parent).
    pub fn for_dir(dir: &Path) -> Budget {
        Budget {
            memory: yahtzee_advice::win::default_memory_limit(),
            disk_free: free_disk(dir),
        }
    }
}

/// Bytes free for this user on the file system of `dir` (or of its nearest existing
/// parent, for a folder not made yet).
pub fn free_disk(dir: &Path) -> Option<u64> {
    let mut at = Some(dir);
    while let Some(p) = at {
        if let Ok(s) = rustix::fs::statvfs(p) {
            return Some(s.f_bavail.saturating_mul(s.f_frsize));
        }
        at = p.parent();
    }
    None
}

/// Refuses `build` in one line when its estimate is past the budget's memory or free disk;
/// the message says what it needs and how to allow it.
pub fn check(build: &Build, budget: &Budget) -> Result<Cost, EngineError> {
    let cost = build.cost();
    if cost.memory > budget.memory {
        return Err(EngineError::TooBig(format!(
            "{} needs about {} of memory to build, more than the limit of {} (raise it with {}=GIB, or a server's --memory-limit)",
            build.describe(),
            bytes(cost.memory),
            bytes(budget.memory),
            yahtzee_advice::win::MEMORY_LIMIT_ENV,
        )));
    }
    if let Some(free) = budget.disk_free {
        if cost.disk > free {
            return Err(EngineError::TooBig(format!(
                "{} needs about {} of disk, more than the {} free in the data folder",
                build.describe(),
                bytes(cost.disk),
                bytes(free),
            )));
        }
    }
    Ok(cost)
}

/// Bytes in words: "15.9 GiB", "812 MiB", "64 KiB".
pub fn bytes(n: u64) -> String {
    let n = n as f64;
    if n >= f64::from(1u32 << 30) {
        format!("{:.1} GiB", n / f64::from(1u32 << 30))
    } else if n >= f64::from(1u32 << 20) {
        format!("{:.0} MiB", n / f64::from(1u32 << 20))
    } else {
        format!("{:.0} KiB", (n / 1024.0).ceil())
    }
}
