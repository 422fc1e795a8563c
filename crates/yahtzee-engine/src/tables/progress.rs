//! What a build tells whoever watches it: a [`Progress`] hears why a table is built and
//! what it costs before the solve starts, then the work as it is done. A command line
//! draws a progress bar from it ([`crate::Tables::with_progress`]); a server, the Python
//! package and the C library watch nothing ([`Silent`]).

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use crate::cost::Build;

/// An observer of the builds a [`crate::Tables`] makes, one after another (building a
/// companion table may first build its value table). Every method has a default that does
/// nothing.
pub trait Progress: Send + Sync {
    /// Before a build starts: what is built, why, and about what it costs, in one or a few
    /// lines of at most 80 columns where the words allow (no final line break).
    fn say(&self, _message: &str) {}

    /// The solve of `build` starts: `total` steps of work (for a rule set's value or target
    /// table, its filled sets; for a companion table, its boxes).
    fn start(&self, _build: &Build, _total: u64) {}

    /// `steps` more steps done (called from the solve's threads).
    fn advance(&self, _steps: u64) {}

    /// The solve that last started is over: done, or failed.
    fn finish(&self) {}
}

/// Watches nothing: the default of a [`crate::Tables`].
pub struct Silent;

impl Progress for Silent {}

/// One solve as a [`Progress`] hears it: started once, finished when dropped (on success
/// or failure alike) if it started.
pub(crate) struct Watched<'a> {
    progress: &'a dyn Progress,
    build: Build,
    started: AtomicBool,
    /// Steps reported so far, for a solve that reports its total done ([`Watched::reach`]).
    done: AtomicU64,
}

impl<'a> Watched<'a> {
    /// `build`, not started yet.
    pub(crate) fn new(progress: &'a dyn Progress, build: Build) -> Watched<'a> {
        Watched {
            progress,
            build,
            started: AtomicBool::new(false),
            done: AtomicU64::new(0),
        }
    }

    /// Starts the solve (once): `total` steps.
    pub(crate) fn start(&self, total: u64) {
        if !self.started.swap(true, Ordering::SeqCst) {
            self.progress.start(&self.build, total);
        }
    }

    /// `steps` more steps done.
    pub(crate) fn advance(&self, steps: u64) {
        self.progress.advance(steps);
    }

    /// `done` of `total` steps done in all: started at the first report, then told the
    /// steps since the last.
    pub(crate) fn reach(&self, done: u64, total: u64) {
        self.start(total);
        let before = self.done.fetch_max(done, Ordering::SeqCst);
        self.advance(done.saturating_sub(before));
    }
}

impl Drop for Watched<'_> {
    fn drop(&mut self) {
        if *self.started.get_mut() {
            self.progress.finish();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    /// Everything heard, in order.
    #[derive(Default)]
    struct Heard(Mutex<Vec<String>>);

    impl Progress for Heard {
        fn start(&self, _build: &Build, total: u64) {
            self.0.lock().unwrap().push(format!("start {total}"));
        }
        fn advance(&self, steps: u64) {
            self.0.lock().unwrap().push(format!("+{steps}"));
        }
        fn finish(&self) {
            self.0.lock().unwrap().push("finish".into());
        }
    }

    #[test]
    fn a_solve_reporting_its_total_is_heard_as_steps_started_once_and_finished() {
        let heard = Heard::default();
        let rules = yahtzee_rules::RuleSet::by_name("forced").unwrap();
        {
            let w = Watched::new(&heard, Build::Values(rules));
            w.reach(3, 10);
            w.reach(7, 10);
            w.reach(10, 10);
        }
        let log = heard.0.lock().unwrap().join(" ");
        assert_eq!(log, "start 10 +3 +4 +3 finish");
    }

    #[test]
    fn a_solve_never_started_is_never_finished() {
        let heard = Heard::default();
        let rules = yahtzee_rules::RuleSet::by_name("forced").unwrap();
        drop(Watched::new(&heard, Build::Values(rules)));
        assert!(heard.0.lock().unwrap().is_empty());
    }
}
