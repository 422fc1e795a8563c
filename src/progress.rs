//! Progress on stderr: the bar drawn while the engine builds a table (the observer its
//! [`Tables`] reports to), and the bars of the commands' own long work.

use std::sync::{Mutex, MutexGuard};

use indicatif::{ProgressBar, ProgressStyle};
use yahtzee_engine::cost::Build;
use yahtzee_engine::{Progress, Tables};

/// The engine's tables in the data folder, their builds said and drawn on stderr (nothing
/// with `quiet`).
pub fn tables(quiet: bool) -> Tables {
    Tables::new(None).with_progress(Bars {
        quiet,
        bar: Mutex::new(ProgressBar::hidden()),
    })
}

/// A build's messages and its progress bar: hidden with `quiet` or when stderr is not a
/// terminal.
struct Bars {
    quiet: bool,
    /// The bar of the build under way.
    bar: Mutex<ProgressBar>,
}

impl Bars {
    fn bar(&self) -> MutexGuard<'_, ProgressBar> {
        self.bar.lock().unwrap_or_else(|p| p.into_inner())
    }
}

impl Progress for Bars {
    fn say(&self, message: &str) {
        if !self.quiet {
            self.bar().suspend(|| eprintln!("{message}"));
        }
    }

    fn start(&self, build: &Build, total: u64) {
        const SCORECARDS: &str = "solving {msg} {bar:40} {percent:>3}% of scorecards, {elapsed}";
        let (template, message) = match build {
            Build::Target(r) => (SCORECARDS, format!("{} (target table)", r.name)),
            Build::Yahtzix(r) => (
                "solving {msg} {bar:40} {percent:>3}%, {elapsed}, eta {eta}",
                format!("Yahtzix {}", r.name()),
            ),
            Build::Values(r) | Build::Companion(r) => (SCORECARDS, r.name.to_string()),
            other => (SCORECARDS, other.describe()),
        };
        *self.bar() = bar(self.quiet, total, template);
        self.bar().set_message(message);
    }

    fn advance(&self, steps: u64) {
        self.bar().inc(steps);
    }

    fn finish(&self) {
        std::mem::replace(&mut *self.bar(), ProgressBar::hidden()).finish_and_clear();
    }
}

/// Prints a message on stderr, unless `quiet`.
pub fn say(quiet: bool) -> impl Fn(&str) {
    move |message| {
        if !quiet {
            eprintln!("{message}");
        }
    }
}

/// A progress bar on stderr with this `template`; hidden with `quiet`.
pub fn bar(quiet: bool, len: u64, template: &str) -> ProgressBar {
    if quiet {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(len);
    bar.set_style(ProgressStyle::with_template(template).expect("valid template"));
    bar
}
