//! The line mode of a one-player game against a strategy (Triple Yahtzee, Painted
//! Yahtzee), written once: the turn of a roll and two rerolls, the commands read (`keep`,
//! `roll`, `score`, `hint`, `card`, `help`, `quit`), every keep and box judged against the
//! strategy's choice, or the strategy playing itself (`auto`).
//!
//! A game plugs in as a [`Solo`]: its dice, its boxes, its card, its record and its
//! strategy's values; [`Lines`] plays it.

use std::io::{BufRead, Write};

use crate::Error;

/// What a one-player game provides to be played in lines.
pub trait Solo {
    /// The dice showing, or kept.
    type Dice: Copy + PartialEq + Default;
    /// A box to fill.
    type Box: Copy;
    /// The strategy's values of this turn's keeps.
    type Turn;
    /// The commands, as `help` lists them.
    const HELP: &'static str;

    /// The card is full: the game is over.
    fn is_full(&self) -> bool;
    /// The card as told between turns and by `card` (ending with a new line), and the
    /// title of turn `n`.
    fn card(&self) -> String;
    fn turn_title(&self, n: u32) -> String;
    /// Dice as told.
    fn show(&self, dice: &Self::Dice) -> String;

    /// Starts turn `n` (recorded): the strategy's values for it, and the first roll.
    fn start_turn(&mut self, n: u32) -> (Self::Turn, Self::Dice);
    /// Records a roll (and keeps the record for an interrupt).
    fn rolled(&mut self, dice: Self::Dice);
    /// Records a keep and rolls the other dice.
    fn roll_on(&mut self, kept: Self::Dice) -> Self::Dice;

    /// The strategy's keep of `dice` with `left` rerolls, what a keep is worth, and how
    /// its keep is said.
    fn best_keep(&self, turn: &Self::Turn, dice: &Self::Dice, left: u8) -> Self::Dice;
    fn keep_value(&self, turn: &Self::Turn, kept: &Self::Dice, left: u8) -> f64;
    fn keep_label(&self, dice: &Self::Dice, keep: &Self::Dice) -> String;
    /// What `auto` says before a keep, if anything.
    fn auto_keep(&self, keep: &Self::Dice) -> Option<String>;
    /// The strategy's box for `dice`, and how `auto` says it (after `score `).
    fn best_box(&self, dice: &Self::Dice) -> (Self::Box, String);

    /// Reads a keep and a box as typed.
    fn parse_keep(&self, text: &str) -> Result<Self::Dice, String>;
    fn parse_box(&self, text: &str) -> Result<Self::Box, String>;
    /// Whether a keep is part of the roll, and what is said when it is not.
    fn contains(&self, dice: &Self::Dice, kept: &Self::Dice) -> Result<(), String>;
    /// Whether a box takes the roll, and what is said when it does not.
    fn check_box(&self, dice: &Self::Dice, b: Self::Box) -> Result<(), String>;

    /// Fills `b` (a legal box) with the roll, recorded; what it cost against the
    /// strategy's box and what is told.
    fn score(&mut self, dice: &Self::Dice, b: Self::Box) -> Result<Scored, Error>;
    /// The strategy's best choices, as told by `hint`.
    fn hint(&self, dice: &Self::Dice, left: u8) -> Result<String, Error>;
}

/// A box filled: what it cost, the strategy's choice, and the line that tells it.
pub struct Scored {
    pub cost: f64,
    pub best: String,
    pub told: String,
}

/// What a person typed, in a game of `G`.
type Typed<G> = Input<<G as Solo>::Dice, <G as Solo>::Box>;

/// What a person typed.
enum Input<D, B> {
    Keep(D),
    /// Keep all five: stop rolling.
    KeepAll,
    Score(B),
    Hint,
    Card,
    Help,
    Quit,
}

/// A game in lines: the person's commands on an input (or, with `auto`, the strategy's
/// choices), everything told on `out`.
pub struct Lines<'a, G: Solo, W: Write> {
    pub game: G,
    auto: bool,
    /// Expected points lost against the strategy.
    pub cost: f64,
    pub out: &'a mut W,
}

impl<'a, G: Solo, W: Write> Lines<'a, G, W> {
    pub fn new(game: G, auto: bool, out: &'a mut W) -> Self {
        Lines {
            game,
            auto,
            cost: 0.0,
            out,
        }
    }

    /// Plays turns until the card is full; false when the person quit (or the input
    /// ended) first.
    pub fn play(&mut self, input: &mut impl BufRead) -> Result<bool, Error> {
        let mut turn = 0;
        while !self.game.is_full() {
            turn += 1;
            if !self.turn(turn, input)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Plays one turn; returns false when the person quits.
    fn turn(&mut self, n: u32, input: &mut impl BufRead) -> Result<bool, Error> {
        let (values, mut dice) = self.game.start_turn(n);
        let mut left = 2u8;
        let mut rolled = true;
        let (card, title) = (self.game.card(), self.game.turn_title(n));
        writeln!(self.out, "\n{card}{title}")?;
        loop {
            if rolled {
                self.game.rolled(dice);
                let shown = self.game.show(&dice);
                writeln!(self.out, "roll: {shown}   ({left} reroll(s) left)")?;
            }
            let best_keep = (left > 0).then(|| self.game.best_keep(&values, &dice, left));
            let Some(choice) = self.ask(input, &dice, left, best_keep)? else {
                return Ok(false);
            };
            // Stopping early (keeping all five, or scoring with rerolls left) is a keep.
            let kept = match choice {
                Input::Keep(k) => k,
                _ => dice,
            };
            if let Some(best) = best_keep {
                let value = |d: &G::Dice| self.game.keep_value(&values, d, left);
                let cost = value(&best) - value(&kept);
                self.judge(cost, &self.game.keep_label(&dice, &best))?;
            }
            match choice {
                Input::Score(b) => {
                    let scored = self.game.score(&dice, b)?;
                    self.judge(scored.cost, &scored.best)?;
                    writeln!(self.out, "{}", scored.told)?;
                    return Ok(true);
                }
                _ if kept == dice => {
                    left = 0;
                    rolled = false;
                    let shown = self.game.show(&dice);
                    writeln!(self.out, "stopping with {shown}: score it")?;
                }
                _ => {
                    dice = self.game.roll_on(kept);
                    left -= 1;
                    rolled = true;
                }
            }
        }
    }

    /// The next keep or legal score (None: quit); hints, the card and help on the way.
    fn ask(
        &mut self,
        input: &mut impl BufRead,
        dice: &G::Dice,
        left: u8,
        best_keep: Option<G::Dice>,
    ) -> Result<Option<Typed<G>>, Error> {
        loop {
            let got = if self.auto {
                self.auto_choice(dice, best_keep)?
            } else {
                read(&self.game, input, &mut self.out, left)?
            };
            match got {
                Input::Hint => {
                    let text = self.game.hint(dice, left)?;
                    write!(self.out, "{text}")?;
                }
                Input::Card => write!(self.out, "{}", self.game.card())?,
                Input::Help => writeln!(self.out, "{}", G::HELP)?,
                Input::Quit => return Ok(None),
                Input::Keep(_) | Input::KeepAll if left == 0 => {
                    writeln!(self.out, "no rerolls left: score it")?
                }
                Input::KeepAll => return Ok(Some(Input::Keep(*dice))),
                Input::Keep(k) => match self.game.contains(dice, &k) {
                    Ok(()) => return Ok(Some(Input::Keep(k))),
                    Err(why) => writeln!(self.out, "{why}")?,
                },
                Input::Score(b) => match self.game.check_box(dice, b) {
                    Ok(()) => return Ok(Some(Input::Score(b))),
                    Err(why) => writeln!(self.out, "{why}")?,
                },
            }
        }
    }

    /// Adds a decision's cost and, when it cost anything, says it with the strategy's
    /// choice.
    fn judge(&mut self, cost: f64, best: &str) -> Result<(), Error> {
        if cost > 1e-9 {
            self.cost += cost;
            writeln!(
                self.out,
                "  (costs {cost:.3} expected points; the strategy's choice: {best})"
            )?;
        }
        Ok(())
    }

    /// The strategy's choice, told as if typed.
    fn auto_choice(
        &mut self,
        dice: &G::Dice,
        best_keep: Option<G::Dice>,
    ) -> Result<Typed<G>, Error> {
        Ok(match best_keep {
            Some(k) if k != *dice => {
                if let Some(said) = self.game.auto_keep(&k) {
                    writeln!(self.out, "> {said}")?;
                }
                Input::Keep(k)
            }
            _ => {
                let (b, said) = self.game.best_box(dice);
                writeln!(self.out, "> score {said}")?;
                Input::Score(b)
            }
        })
    }
}

/// Reads one command; end of input quits.
fn read<G: Solo>(
    game: &G,
    input: &mut impl BufRead,
    out: &mut impl Write,
    left: u8,
) -> Result<Input<G::Dice, G::Box>, Error> {
    loop {
        write!(out, "{}> ", if left > 0 { "keep/score" } else { "score" })?;
        out.flush()?;
        let mut line = String::new();
        if input.read_line(&mut line)? == 0 {
            return Ok(Input::Quit);
        }
        let l = line.trim();
        let (word, rest) = l.split_once(char::is_whitespace).unwrap_or((l, ""));
        let rest = rest.trim();
        let parsed = match word.to_ascii_lowercase().as_str() {
            "" => continue,
            "k" | "keep" if rest.is_empty() => Ok(Input::Keep(G::Dice::default())),
            "k" | "keep" if rest.eq_ignore_ascii_case("all") => Ok(Input::KeepAll),
            "k" | "keep" => game.parse_keep(rest).map(Input::Keep),
            "r" | "roll" => Ok(Input::Keep(G::Dice::default())),
            "s" | "score" => game.parse_box(rest).map(Input::Score),
            "h" | "hint" => Ok(Input::Hint),
            "c" | "card" => Ok(Input::Card),
            "help" | "?" => Ok(Input::Help),
            "q" | "quit" => Ok(Input::Quit),
            _ => Err(format!(
                "unknown command '{}'",
                yahtzee_rules::one_line(word)
            )),
        };
        match parsed {
            Ok(i) => return Ok(i),
            Err(e) => writeln!(out, "✗ {e} (help lists the commands)")?,
        }
    }
}
