//! The terminal games of the `yahtzee` command. Each game plays in lines (any input,
//! [`BufRead`], and output, [`Write`], so scripts and tests play it too) or full screen.
//!
//! # The games
//!
//! - [`yahtzee`]: `yahtzee play`, people and optimal bots (`yahtzee-play`);
//! - [`triple`]: `yahtzee triple play`, Triple Yahtzee against its strategy;
//! - [`yahtzix`]: `yahtzee yahtzix play`, a Yahtzix race against one to seven bots;
//! - [`painted`]: `yahtzee painted play`, Painted Yahtzee against its strategy;
//! - [`train`]: `yahtzee train`, the trainer's puzzles (practice, the daily puzzle, the
//!   proficiency test), in lines or full screen.
//!
//! Each holds only what is its own: its card, its options and hints, its keys and
//! commands, its record.
//!
//! # What they share
//!
//! - [`screen`]: the one event loop of the full screen (draw, wait for a key or a bot's
//!   timed step, hand it on, draw again) and the [`screen::Play`] trait;
//! - [`widgets`]: dice drawn large and the dice held, the card's rows and keys, the panel
//!   beside the dice with its messages, the key line and the key list, the colours, and
//!   the keys every screen answers alike (`q`, `?`, `t`, Ctrl-C);
//! - [`terminal`]: the terminal held and given back on every way out;
//! - [`solo`]: the line mode of a one-player game against a strategy;
//! - [`file`](mod@file): game records, written whole, and saved on an interrupt;
//! - [`line`](mod@line): line editing for the line mode in a terminal (`--plain`).
//!
//! # Adding a game
//!
//! Full screen, a game is a [`screen::Play`]: it keeps a [`widgets::chrome::Chrome`]
//! (hints, the key list, messages, colours), lists its keys (`KEYS`), draws its part of
//! the screen (most with [`widgets::panel::Board`]: dice, panel, card, key line), answers
//! the keys the shared ones leave, and stops with its record written
//! ([`file::RecordFile`]); [`screen::run`] plays it. A one-player game in lines is a
//! [`solo::Solo`] (its dice, boxes, card and strategy's values), played by
//! [`solo::Lines`]. A game whose own loop asks its players (Yahtzix) reads keys with
//! [`screen::next_input`] and answers the shared keys with
//! [`widgets::chrome::shared_key`].
//!
//! The command line (`src/` of the root package) parses the arguments, opens the tables
//! and hands these games its standard input and output, choosing the [`Mode`]: full screen
//! when standard input and output are a terminal and a person plays (not `--plain`), else
//! lines. Errors are one line (I/O, a bot that cannot decide, a record that cannot be
//! written).
//!
//! Over `yahtzee-rules`, `yahtzee-table` (atomic record files), `yahtzee-advice`,
//! `yahtzee-play` and the games' crates (`yahtzee-triple`, `yahtzee-yahtzix`,
//! `yahtzee-painted`); not the engine (the CLI opens the tables and hands them over).
//!
//! # Tests
//!
//! `tests/games.rs`: scripted, seeded games of each on small rules (reduced Yahtzee and
//! Triple cards, Yahtzix to 300): outcomes as the last lines say, help for a command that
//! is not one, `keep all`, `undo`, quitting and the end of input, records that replay.
//! `tests/screen.rs` and `tests/train_screen.rs`: the full screens on `TestBackend` at
//! 80×24 against the snapshots in `tests/snapshots/`, with the facts each must show. The
//! root package's `tests/full_screen.rs` drives `yahtzee play` and `yahtzee painted play`
//! in tmux (holds, a roll, undo, a box, a bot's turn, Ctrl-C, then the record reviewed),
//! and `yahtzee train` (a puzzle answered by keys, the progress saved).
//! `scripts/terminal_screenshots.sh` takes the screens in `docs/*-terminal.txt`,
//! `docs/play-terminal.png` and `docs/painted-terminal.png`.
//!
//! [`BufRead`]: std::io::BufRead
//! [`Write`]: std::io::Write

pub mod file;
pub mod line;
pub mod painted;
pub mod screen;
pub mod solo;
pub mod terminal;
pub mod train;
pub mod triple;
pub mod widgets;
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
