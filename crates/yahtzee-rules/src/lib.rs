//! The rules of Yahtzee-family games, and nothing else: dice and keeps, the boxes of the
//! card, how each box scores, bonuses and Joker rules, the solver's state space, and the
//! parsing and validation of a scorecard typed by a player.
//!
//! Data flows one way through the workspace: **rules** (this crate) → solver → table file →
//! advice → CLI. Nothing here knows about expected values. This crate imports no other crate
//! of the workspace.
//!
//! # Where to start
//!
//! - [`RuleSet`]: one rule set, the single source of truth for moves.
//!   [`RuleSet::named`] reads any name a player or a front end gives (`forced`, an alias such
//!   as `yahtzee`, `forced+mulligan+fool-house`, `forced+mega-yahtzee=500`, or a reduced game
//!   `forced:ones,twos,yahtzee,chance@6`); [`RuleSet::every`] lists the 80 built-in ones.
//! - [`Dice`] and [`KeepIndex`]: rolls and keeps, with the tables every turn uses
//!   ([`tables`], [`mega_tables`]).
//! - [`Scorecard`]: a card as a player types it, checked, and its solver [`State`].
//!
//! # Modules
//!
//! - [`dice`]: [`Dice`] is a multiset of at most six dice stored as counts per face (five,
//!   except on a Mega-Yahtzee turn). Every multiset of at most five dice has a dense
//!   [`KeepIndex`]: 0..252 are the five-dice rolls, then the 4-dice keeps, and so on, with
//!   the empty keep at 461. [`DiceTables`] (built once) holds, per keep, the six
//!   one-die-larger keeps (`add`), the one-die-smaller keeps (`remove`) and the roll
//!   probabilities; [`tables`] for five dice, [`mega_tables`] for six (462 rolls, 924 keeps;
//!   `Dice::mega_index`).
//! - [`category`]: [`Category`], the boxes of every game (Yahtzee's 13 plus Yatzy's
//!   `OnePair` and `TwoPairs`) with canonical names and player aliases; `Category::ALL` is
//!   the Yahtzee card, `Category::YATZY` the Yatzy card.
//! - [`rules`]: [`RuleSet`]: the box list, upper threshold and bonus, Yahtzee bonus, the
//!   [`Joker`] convention (`None`, `Forced`, `FreeChoice`, `Original1956`), the scoring
//!   [`Style`] (`Yahtzee` or `Yatzy`), the [`House`] rules (`mulligan`, `chance_chance`,
//!   `fool_house`, `mega_yahtzee`), the Mega bonus and the solved `expected_value`. Five base
//!   rule sets live in a static array; [`RuleSet::every`] adds each with every combination
//!   of house rules (built once; names like `forced+mulligan+fool-house`; a name ending `=N`
//!   or `with_mega_bonus` makes a Mega bonus other than 1000 on first use), and
//!   `RuleSet::reduced(boxes, threshold)` makes small games (named
//!   `forced:ones,twos,yahtzee,chance@6` and read back by [`RuleSet::named`], so every front
//!   end takes them) for the reference-solver tests, the numerical-error study and the
//!   reproduction script's `ci` tier. A rule set decides the state space (`state_count`,
//!   `state_index`, `flag_bits`) and every move: `for_each_move(state, dice)` yields each
//!   legal [`Move`] (box, score, upper bonus, Yahtzee bonus, next state) with the Joker rules
//!   and "fool-house" applied (`forced_full_house`: the one box a natural full house must go
//!   in); `place` applies one score. Every box's score for every roll is precomputed.
//! - [`state`]: [`State`]: the filled boxes as a bitmask, the upper total capped at 63, and
//!   the flags "Yahtzee box holds 50", "mulligan used", "sixth die used" (house rules).
//! - [`scorecard`]: `Scorecard::parse` of `"ones=3 twos=6 … mulligan=used mega=used
//!   mega_bonus=1000"`, validated (every score must be one the box can hold; 0 only where a
//!   roll scores 0, so never in Chance), giving the points on the card and the solver
//!   [`State`] (always a reachable one: property-tested and fuzzed).
//! - [`one_line`]: control characters escaped, for messages that quote input (records, table
//!   headers, API bodies); [`wrap`] for reports within [`COLUMNS`].
//!
//! # The state index
//!
//! A rule set lays its flags out in its table:
//! `index = (filled × 2^flag_bits + flags) × 64 + upper`, where the flags are the Yahtzee bit
//! (if the game has a Yahtzee bonus), then the mulligan bit, then the sixth-die bit (each only
//! if its rule is on). The table file stores one value per index (docs/TABLE_FORMAT.md).
//!
//! # Rules as implemented
//!
//! - Scoring and both Joker conventions exactly as docs/RULES.md: the forced Joker (the
//!   matching upper box if open; else any open lower box, with Full House 25 and the
//!   straights 30 and 40; else an open upper box for 0), the free-choice Joker (any open box;
//!   Full House and straights at full value only when the matching upper box is filled), and
//!   +100 per extra Yahtzee only while the Yahtzee box holds 50.
//! - Keeping all five dice with rolls left is offered as a keep; its value equals holding the
//!   dice with the rolls left available (the player may still stop), matching the independent
//!   solver's conformance data.
//! - The 1956 Joker, Yatzy scoring and the house rules as decided in docs/USAGE.md ("Rule
//!   sets and house rules").
//!
//! # Adding a rule set or a house rule
//!
//! A base rule set is one more entry in the static array of [`rules`] (with new
//! [`Category`] values and scoring if it needs them) and its `expected_value` (the solver's
//! test `every_rule_set_solves_to_its_expected_value` checks it); a house rule is one more
//! [`House`] switch (its name in `House::SWITCHES`, its bit in `House::combinations`, a flag
//! bit in the state if it must remember something) and the values of its combinations. The
//! solver, table, advice and statistics are generic over [`RuleSet`]; ARCHITECTURE.md's
//! checklist names every other place to touch.

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
