//! The rules of Yahtzee-family games, and nothing else: dice and keeps, the boxes of the
//! card, how each box scores, bonuses and Joker rules, the solver's state space, and the
//! parsing and validation of a scorecard typed by a player.
//!
//! Data flows one way through the workspace: **rules** (this crate) → solver → table file →
//! advice → CLI. Nothing here knows about expected values.

pub mod category;
pub mod dice;
pub mod rules;
pub mod scorecard;
pub mod state;

pub use category::Category;
pub use dice::{
    mega_tables, tables, Dice, DiceError, DiceTables, KeepIndex, KEEPS, MEGA_DICE, MEGA_KEEPS,
    MEGA_ROLLS, ROLLS,
};
pub use rules::{House, Joker, Move, RuleSet, RulesId, Style};
pub use scorecard::{card_scores, possible_scores, Scorecard, ScorecardError};
pub use state::{State, UPPER_CAP};

/// `text` with its control characters (line breaks, tabs, escapes) written as escapes
/// (`\n`, `\u{1b}`), for error messages that quote input: they stay one line, whatever was
/// typed or read from a file.
pub fn one_line(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_control() {
                c.escape_default().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}
