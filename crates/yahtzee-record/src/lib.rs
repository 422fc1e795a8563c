//! The line format that every game record of the family shares (`yahtzee play`,
//! `triple play`, `yahtzix play`, `painted play` write one; each game's `review` reads it
//! back): one entry per line, a keyword and what follows it, blank lines and comments
//! skipped, every error naming its line.
//!
//! This crate is that shape only: [`entries`] splits a record's text into [`Line`]s,
//! [`RecordError`] is "line N: what is wrong", [`Writer`] builds the text. What each
//! keyword means (dice, boxes, players, the rules it names) is the game's own record
//! module. It depends on no other yahtzee crate, so Yahtzix (which depends on none)
//! shares it too.
//!
//! # The pieces
//!
//! - [`entries`]`(text, Comments)` gives each line holding an entry ([`Line`]: its number,
//!   keyword and the rest; blank lines and `#` comments skipped, whole-line only for Yahtzee
//!   records, whose player names may hold a `#`).
//! - `Line::err` and [`RecordError`] ("line N: what"), `Line::number` (seeds, turns),
//!   [`last_line`].
//! - [`Writer`]: the text line by line (`starting(first line)`, `line(word, rest)`, `seed`).
//! - [`mistakes`]: the end of a review's report, the costliest decisions.
//!
//! Each game's `record` module keeps its keywords, its events and its replay.

use std::fmt::{Display, Write};
use std::str::FromStr;

use thiserror::Error;

/// What is wrong with a record, and where.
#[derive(Debug, Error, PartialEq, Eq)]
#[error("line {line}: {message}")]
pub struct RecordError {
    /// The line (1-based; 0 where no line is to blame, as in an empty record).
    pub line: usize,
    pub message: String,
}

impl RecordError {
    /// The error `message` at `line`.
    pub fn new(line: usize, message: impl Into<String>) -> RecordError {
        RecordError {
            line,
            message: message.into(),
        }
    }
}

/// How a record marks its comments.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Comments {
    /// Lines whose first character (after spaces) is `#`: a `#` further on is text (a
    /// Yahtzee record's player names may hold one).
    WholeLine,
    /// `#` to the end of any line.
    Trailing,
}

/// One line of a record that holds an entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Line<'a> {
    /// The line's number in the file (1-based), for errors.
    pub number: usize,
    /// The entry, trimmed (and without its comment).
    pub text: &'a str,
    /// The keyword: the first word, as written (a game that takes any case lowercases it).
    pub word: &'a str,
    /// What follows the keyword, trimmed (empty when nothing does).
    pub rest: &'a str,
}

impl Line<'_> {
    /// The error `message` at this line.
    pub fn err(&self, message: impl Into<String>) -> RecordError {
        RecordError::new(self.number, message)
    }

    /// What follows the keyword read as a number (a seed, a turn), else the error that
    /// `message` makes of the text.
    pub fn number<T: FromStr>(
        &self,
        message: impl FnOnce(&str) -> String,
    ) -> Result<T, RecordError> {
        self.rest.parse().map_err(|_| self.err(message(self.rest)))
    }
}

/// The entries of a record's `text`, each with its line number; blank lines and comments
/// are skipped.
pub fn entries(text: &str, comments: Comments) -> impl Iterator<Item = Line<'_>> {
    text.lines().enumerate().filter_map(move |(i, raw)| {
        let text = match comments {
            Comments::WholeLine => raw.trim(),
            Comments::Trailing => raw.split('#').next().unwrap_or("").trim(),
        };
        if text.is_empty() || (comments == Comments::WholeLine && text.starts_with('#')) {
            return None;
        }
        let (word, rest) = text.split_once(char::is_whitespace).unwrap_or((text, ""));
        Some(Line {
            number: i + 1,
            text,
            word,
            rest: rest.trim(),
        })
    })
}

/// The number of a record's last line (1 for an empty one): where an error about
/// something missing at the end points.
pub fn last_line(text: &str) -> usize {
    text.lines().count().max(1)
}

/// A record's text, built one entry per line.
#[derive(Clone, Debug, Default)]
pub struct Writer {
    text: String,
}

impl Writer {
    /// A record whose first line is `first` (the comment naming its format, e.g.
    /// `# yahtzee game record 1`).
    pub fn starting(first: &str) -> Writer {
        let mut w = Writer::default();
        w.text.push_str(first);
        w.text.push('\n');
        w
    }

    /// The entry `word rest` (just `word` when `rest` is empty).
    pub fn line(&mut self, word: &str, rest: impl Display) -> &mut Writer {
        let start = self.text.len();
        let _ = write!(self.text, "{word} {rest}");
        if self.text.len() == start + word.len() + 1 {
            self.text.pop();
        }
        self.text.push('\n');
        self
    }

    /// `seed N`, if there is a seed.
    pub fn seed(&mut self, seed: Option<u64>) -> &mut Writer {
        if let Some(seed) = seed {
            self.line("seed", seed);
        }
        self
    }

    /// The text written.
    pub fn finish(&mut self) -> String {
        std::mem::take(&mut self.text)
    }
}

/// The end of a review's report: the `top` costliest of `decisions`, costliest first (a
/// cost within rounding of 0 is no mistake), each as `say` writes it; or, when none cost
/// anything, that every decision was `best` ("optimal", "the strategy's").
pub fn mistakes<D>(
    decisions: &[D],
    cost: impl Fn(&D) -> f64,
    top: usize,
    best: &str,
    say: impl Fn(&D) -> String,
) -> String {
    let mut worst: Vec<&D> = decisions.iter().filter(|d| cost(d) > 1e-9).collect();
    if worst.is_empty() {
        return format!("\nno mistakes: every decision was {best}\n");
    }
    // A stable sort: equal costs stay in the game's order.
    worst.sort_by(|a, b| cost(b).total_cmp(&cost(a)));
    let mut out = "\nbiggest mistakes:\n".to_string();
    for d in worst.into_iter().take(top) {
        out += &say(d);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_skip_blanks_and_comments_and_keep_line_numbers() {
        let text = "# head\n\nroll 1 2 3 # late\n  keep  \nplayer A#1\n";
        let trailing: Vec<_> = entries(text, Comments::Trailing)
            .map(|l| (l.number, l.word, l.rest))
            .collect();
        assert_eq!(
            trailing,
            [(3, "roll", "1 2 3"), (4, "keep", ""), (5, "player", "A")]
        );
        let whole: Vec<_> = entries(text, Comments::WholeLine)
            .map(|l| (l.number, l.text))
            .collect();
        assert_eq!(
            whole,
            [(3, "roll 1 2 3 # late"), (4, "keep"), (5, "player A#1")]
        );
    }

    #[test]
    fn numbers_and_errors_name_their_line() {
        let l = entries("\nseed x7\nturn 12\n", Comments::Trailing).collect::<Vec<_>>();
        let e = l[0]
            .number::<u64>(|r| format!("bad seed '{r}'"))
            .unwrap_err();
        assert_eq!(e.to_string(), "line 2: bad seed 'x7'");
        assert_eq!(l[1].number::<u32>(|_| String::new()), Ok(12));
        assert_eq!(last_line(""), 1);
        assert_eq!(last_line("a\n\n# b\n"), 3);
    }

    #[test]
    fn the_writer_leaves_no_trailing_space() {
        let mut w = Writer::starting("# a record");
        w.seed(None)
            .line("rules", "forced")
            .seed(Some(7))
            .line("keep", "");
        assert_eq!(w.finish(), "# a record\nrules forced\nseed 7\nkeep\n");
    }

    #[test]
    fn mistakes_list_the_costliest_first_and_ties_in_order() {
        let costs = [(1, 0.5), (2, 0.0), (3, 2.0), (4, 0.5), (5, 1e-12)];
        let say = |d: &(u32, f64)| format!("{} ", d.0);
        let text = mistakes(&costs, |d| d.1, 3, "optimal", say);
        assert_eq!(text, "\nbiggest mistakes:\n3 1 4 ");
        let none = mistakes(&costs[1..2], |d| d.1, 3, "optimal", say);
        assert_eq!(none, "\nno mistakes: every decision was optimal\n");
    }
}
