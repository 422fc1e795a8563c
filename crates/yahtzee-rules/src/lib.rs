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
pub use rules::{
    House, Joker, Move, RuleSet, RulesId, Style, UnknownRules, ALIASES, MADE_LIMIT, MAX_MEGA_BONUS,
};
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

/// The width of a terminal that every report fits: 80 columns.
pub const COLUMNS: usize = 80;

/// `line` folded at spaces into lines of at most `width` characters (a word longer than
/// that stands alone), the lines after the first starting with `indent`; each ends in a
/// line break. The spaces within a line are kept, so columns stay aligned. Reports print
/// their prose and rows through this, so a long rule-set name or a card's text never runs
/// past a terminal's edge.
pub fn wrap(line: &str, width: usize, indent: &str) -> String {
    let mut out = String::new();
    let mut current = String::new();
    // `current` holds no word yet: only the line's leading spaces, or the indent.
    let mut fresh = true;
    let mut rest = line.trim_end();
    while !rest.is_empty() {
        let word_at = rest.len() - rest.trim_start_matches(' ').len();
        let (gap, after) = rest.split_at(word_at);
        let (word, after) = after.split_at(after.find(' ').unwrap_or(after.len()));
        rest = after;
        let len = current.chars().count() + gap.chars().count() + word.chars().count();
        if !fresh && len > width {
            out += &current;
            out.push('\n');
            current = indent.to_string();
        } else if !fresh || out.is_empty() {
            current += gap;
        }
        current += word;
        fresh = false;
    }
    out += &current;
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn wrap_folds_at_spaces_within_the_width() {
        let text = "rules forced+mulligan+chance-chance+fool-house+mega-yahtzee, dice 1 3 3 4 6, 2 rolls left";
        let folded = super::wrap(text, 64, "  ");
        assert!(folded.lines().all(|l| l.chars().count() <= 64), "{folded}");
        assert_eq!(folded.lines().count(), 2, "{folded}");
        // A word longer than the width stands alone on its line.
        let narrow = super::wrap(text, 40, "  ");
        assert_eq!(
            narrow.lines().nth(1),
            Some("  forced+mulligan+chance-chance+fool-house+mega-yahtzee,")
        );
        assert!(
            folded.lines().skip(1).all(|l| l.starts_with("  ")),
            "{folded}"
        );
        assert_eq!(
            folded.split_whitespace().collect::<Vec<_>>(),
            text.split_whitespace().collect::<Vec<_>>()
        );
        assert_eq!(super::wrap("  short line", 80, ""), "  short line\n");
        // Spaces within a line are kept (columns), and the continuation takes the indent.
        assert_eq!(
            super::wrap("  a      1.0  long words here", 21, "           "),
            "  a      1.0  long\n           words here\n"
        );
        assert_eq!(super::wrap("", 80, ""), "\n");
    }
}
