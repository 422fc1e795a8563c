//! The terminal games of the `yahtzee` command, as loops over any input ([`BufRead`]) and
//! output ([`Write`]), so they can be played from a script and tested:
//!
//! - [`yahtzee`]: `yahtzee play`, a game of Yahtzee for people and bots with hints, the
//!   cost of every decision against optimal play and a game record (`yahtzee-play`);
//! - [`triple`]: `yahtzee triple play`, Triple Yahtzee against the fitted strategy
//!   (`yahtzee-triple`);
//! - [`yahtzix`]: `yahtzee yahtzix play`, Yahtzix against the optimal bot
//!   (`yahtzee-yahtzix`);
//! - [`painted`]: `yahtzee painted play`, Painted Yahtzee against its strategy
//!   (`yahtzee-painted`);
//! - [`screen`]: what the full-screen games share (the terminal held and given back, the
//!   loop of keys and timed steps, dice drawn large); [`yahtzee::screen`] is `yahtzee
//!   play` full screen, [`triple::screen`], [`yahtzix::screen`] and [`painted::screen`]
//!   the others;
//! - [`line`]: line editing for the line mode in a terminal (`--plain`);
//! - [`file`](mod@file): game records, written whole or not at all, and saved on Ctrl-C.
//!
//! The command line (`src/` of the root package) parses the arguments, opens the tables and
//! hands these loops its standard input and output.
//!
//! [`BufRead`]: std::io::BufRead
//! [`Write`]: std::io::Write

pub mod file;
pub mod line;
pub mod painted;
pub mod screen;
pub mod triple;
pub mod yahtzee;
pub mod yahtzix;

/// Why a game in the terminal stopped with an error (one line each).
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Reading the input or writing the output failed.
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// The game cannot go on (a bot that cannot decide, a table that fails).
    #[error("{0}")]
    Game(String),
    /// A game record that cannot be written.
    #[error("cannot write record {path}: {why}")]
    Record { path: String, why: String },
}

/// The seed of a game whose player gave none: the clock's seconds.
pub fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// How a game talks to the person at the terminal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// The full-screen game: standard input and output are a terminal, a person plays and
    /// lines were not asked for.
    FullScreen,
    /// Lines: commands typed, edited (rustyline) when standard input is a terminal.
    Lines { edited: bool },
}

impl Mode {
    /// The mode for a game with (`person`) or without a person at the table, and `plain`
    /// (`--plain`: lines even in a terminal).
    pub fn choose(plain: bool, person: bool) -> Mode {
        use std::io::IsTerminal;
        let terminal = std::io::stdin().is_terminal() && std::io::stdout().is_terminal();
        if terminal && person && !plain {
            Mode::FullScreen
        } else {
            Mode::Lines {
                edited: terminal && person,
            }
        }
    }

    /// Runs `f` on standard input: through the line editor, or as it is.
    pub fn with_input<T>(
        self,
        f: impl FnOnce(&mut dyn std::io::BufRead) -> Result<T, Error>,
    ) -> Result<T, Error> {
        match self {
            Mode::Lines { edited: true } => f(&mut line::Editor::new()?),
            _ => f(&mut std::io::stdin().lock()),
        }
    }
}
