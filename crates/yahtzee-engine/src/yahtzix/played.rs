//! The Yahtzix game a question names ([`Game`]: its target and rules) and its solved
//! two-player table ([`Played`]): where it is cached in the data folder, and how it is
//! opened or solved and written, with the message and the check before a first solve.

use std::path::Path;

use serde::Deserialize;
use yahtzee_yahtzix::turn::Rolls;
use yahtzee_yahtzix::{Duel, Rules};

use crate::estimates::yahtzix_solve_estimate as solve_estimate;
use crate::EngineError;

/// The game asked about: the fields every Yahtzix question shares.
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Game {
    /// Points to win, a multiple of 50 (default 2000, the text's game).
    #[serde(default = "default_target")]
    pub target: u32,
    /// Four of a kind on the first roll scores 250 (rule H).
    #[serde(default = "yes")]
    pub four_of_a_kind: bool,
    /// Rule L: win with exactly the target.
    #[serde(default)]
    pub exact: bool,
}

impl Default for Game {
    fn default() -> Self {
        Game {
            target: default_target(),
            four_of_a_kind: true,
            exact: false,
        }
    }
}

impl Game {
    /// The rules, checked.
    pub fn rules(&self) -> Result<Rules, EngineError> {
        Ok(Rules::new(self.target, self.four_of_a_kind, self.exact)?)
    }
}

fn default_target() -> u32 {
    2000
}

pub(super) fn yes() -> bool {
    true
}

/// A solved two-player game with the outcomes of its rolls, which every question reads
/// (kept together so a question computes neither).
pub struct Played {
    pub duel: Duel,
    pub rolls: Rolls,
}

impl Played {
    pub fn new(duel: Duel) -> Played {
        let rolls = Rolls::new(&duel.rules);
        Played { duel, rolls }
    }
}

/// Where the solved game of `rules` is cached in the data folder `dir`.
pub fn cache_path(dir: &Path, rules: &Rules) -> std::path::PathBuf {
    dir.join(format!("yahtzix-{}.table", rules.name()))
}

/// The solved two-player game of `rules` from the cache file `path`, or solved (about
/// 45 s and 1.3 GB at 2,000 on two cores, [`solve_estimate`]) and written there.
/// `rebuild_other_version`: a file of an older format is solved again (the default place)
/// rather than refused. `on_solve` is called before a solve, `progress` during it with the
/// work done and the total ([`Duel::work`]).
#[cfg(feature = "native")]
pub fn load_or_solve(
    rules: &Rules,
    path: &Path,
    rebuild_other_version: bool,
    on_solve: &dyn Fn(),
    progress: &dyn Fn(u64, u64),
) -> Result<Duel, EngineError> {
    if path.exists() {
        match Duel::load(path, rules) {
            Err(yahtzee_yahtzix::Error::OtherVersion { .. }) if rebuild_other_version => {}
            loaded => return Ok(loaded?),
        }
    }
    on_solve();
    let options = yahtzee_yahtzix::duel::SolveOptions {
        progress,
        ..Default::default()
    };
    let duel = Duel::solve_with(rules, options)?;
    // A solve killed while writing leaves its temporary file (hundreds of MB at 1,000).
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    yahtzee_table::remove_stale_temps(folder, &Duel::temp_prefix(path), "");
    duel.save(path)?;
    Ok(duel)
}

/// The solved two-player game of `rules`, as the command line opens it: from the file
/// `table` when given (one of another version refused), else from the cache in the data
/// folder `dir` (one of an older format solved again). A solve that cannot fit the memory
/// limit or the free disk is refused in one line before it starts; `on_solve` is told
/// what it costs ([`building_message`]) as it starts, `progress` as it goes.
#[cfg(feature = "native")]
pub fn open_or_solve(
    rules: &Rules,
    table: Option<&Path>,
    dir: &Path,
    on_solve: &dyn Fn(&str),
    progress: &dyn Fn(u64, u64),
) -> Result<Duel, EngineError> {
    let path = table.map_or_else(|| cache_path(dir, rules), Path::to_path_buf);
    if !path.exists() {
        let budget = crate::cost::Budget::for_dir(path.parent().unwrap_or(dir));
        crate::cost::check(&crate::cost::Build::Yahtzix(*rules), &budget)?;
    }
    let say = || on_solve(&building_message(rules, &path));
    load_or_solve(rules, &path, table.is_none(), &say, progress)
}

/// What a first solve of `rules` into `path` costs, in words (two lines): the message
/// before it starts.
pub fn building_message(rules: &Rules, path: &Path) -> String {
    let (seconds, bytes) = solve_estimate(rules);
    format!(
        "Building the Yahtzix table for {} points (once: about {} on two cores)...\n  {} ({})",
        rules.target,
        about_seconds(seconds),
        path.display(),
        about_bytes(bytes)
    )
}

/// "20 s", "2 min" for a message.
fn about_seconds(seconds: f64) -> String {
    match seconds {
        s if s < 1.0 => "a second".to_string(),
        s if s < 100.0 => format!("{:.0} s", s.max(1.0)),
        s => format!("{:.0} min", s / 60.0),
    }
}

/// "160 MB", "1.3 GB" for a message.
fn about_bytes(bytes: u64) -> String {
    let mb = bytes as f64 / 1e6;
    match mb {
        m if m < 1.0 => format!("{:.0} kB", 1e3 * m),
        m if m < 1000.0 => format!("{m:.0} MB"),
        m => format!("{:.1} GB", m / 1e3),
    }
}
