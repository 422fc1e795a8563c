//! The person at the terminal in the line mode: the questions of a turn (the offer, how
//! many dice near an exact target, bank or roll on), answered by lines typed; the options
//! with their chances on `h`, and what a choice cost.

use std::io::{BufRead, Write};

use yahtzee_yahtzix::position::{keep_dice, Action, Advice, Stage};
use yahtzee_yahtzix::score::{outcome, parse_dice, show_dice, Counts};
use yahtzee_yahtzix::sim::{Game, Player, TurnState};
use yahtzee_yahtzix::Rules;

use super::Output;
use crate::yahtzix::{capital, check_keep, dice_count, pct, Roll, Seat};

/// The person at the terminal, answering in lines.
pub(super) struct Human<'a, R: BufRead, W: Write> {
    pub(super) seat: Seat<'a>,
    pub(super) input: R,
    pub(super) output: &'a Output<W>,
    /// The options shown before every question.
    pub(super) hints: bool,
}

impl<R: BufRead, W: Write> Human<'_, R, W> {
    /// The person quit (or the input ended).
    pub(super) fn quit(&self) -> bool {
        self.seat.quit
    }

    /// The next line typed, trimmed and lower-cased; `None` at the end of input or on quit.
    fn ask(&mut self, prompt: &str) -> Option<String> {
        if self.seat.quit || self.output.failed() {
            self.seat.quit = true;
            return None;
        }
        self.output.line(prompt);
        let mut line = String::new();
        match self.input.read_line(&mut line) {
            Ok(n) if n > 0 => {
                let line = line.trim().to_lowercase();
                if line == "q" || line == "quit" {
                    self.seat.quit = true;
                    return None;
                }
                Some(line)
            }
            _ => {
                self.seat.quit = true;
                None
            }
        }
    }

    fn show_hint(&self, stage: &Stage, most: usize) {
        if let Some(advice) = self.seat.advice(stage) {
            let mut text = options_text(&advice, most);
            if !self.seat.names.is_empty() && !advice.bust {
                text = text.replacen(
                    "option\n",
                    "option  (heads-up: two players, you and the leader)\n",
                    1,
                );
            }
            self.output.text(text);
        }
    }

    /// Says what the choice cost against the best one, when it cost anything.
    fn judge(&self, stage: &Stage, action: Action) {
        if let Some((best, best_win, my_win)) = self.seat.missed(stage, action) {
            self.output.line(format_args!(
                "  (best was {best}: {} against your {})",
                pct(best_win),
                pct(my_win)
            ));
        }
    }
}

impl<R: BufRead, W: Write> Player for Human<'_, R, W> {
    fn start(&mut self, game: &Game) -> bool {
        let Some((total, left, stage)) = self.seat.begin(game) else {
            return false;
        };
        if self.hints {
            self.show_hint(&stage, 3);
        }
        let question = match self.seat.offered_by(game) {
            None => format!("Go for it on {total} with {}?", dice_count(left)),
            Some(who) => format!(
                "{} left {total} on {}. Go for it?",
                capital(who),
                dice_count(left)
            ),
        };
        loop {
            let Some(line) = self.ask(&format!(
                "{question} [y]es, [n]o (roll six), [h]int, [q]uit"
            )) else {
                return false;
            };
            match line.as_str() {
                "y" | "yes" => {
                    self.judge(&stage, Action::GoForIt);
                    return true;
                }
                "n" | "no" => {
                    self.judge(&stage, Action::RollFresh);
                    return false;
                }
                "h" | "hint" => self.show_hint(&stage, 3),
                _ => self.output.line("  answer y, n, h or q"),
            }
        }
    }

    fn dice_to_roll(&mut self, st: TurnState) -> u8 {
        if !self.seat.near() || st.held == 1 {
            return st.held;
        }
        loop {
            let Some(line) = self.ask(&format!(
                "Within 50 of the exact target: roll how many of your {} dice?",
                st.held
            )) else {
                return st.held;
            };
            match line.parse::<u8>() {
                Ok(k) if (1..=st.held).contains(&k) => return k,
                _ => self
                    .output
                    .line(format_args!("  give a number from 1 to {}", st.held)),
            }
        }
    }

    fn choose(&mut self, st: TurnState, dice: &Counts) -> Action {
        let Roll {
            stage,
            bank_total,
            can_roll,
            reroll,
        } = Roll::of(&self.seat.rules, &st, dice);
        if self.hints {
            self.show_hint(&stage, 3);
        }
        let rules = self.seat.rules;
        let score = self.seat.game.as_ref().map_or(0, |g| g.scores[g.to_move]);
        let pass = (score == 0 && bank_total < yahtzee_yahtzix::OPENING)
            || (rules.exact && score + bank_total > rules.target);
        let bank_total = if pass {
            format!("{bank_total} (a pass: scores nothing)")
        } else {
            bank_total.to_string()
        };
        let prompt = if can_roll {
            format!(
                "[b]ank {bank_total}, or keep dice and roll on (type them, e.g. {}), [h]int, [q]uit",
                example_keep(&rules, &st, dice)
            )
        } else {
            format!(
                "[b]ank {bank_total} (no roll left{}), [h]int, [q]uit",
                if reroll { "" } else { ": no 1 or 5 to roll on" }
            )
        };
        loop {
            let Some(line) = self.ask(&prompt) else {
                return Action::Bank { plain: false };
            };
            let action = match line.as_str() {
                "b" | "bank" => Ok(Action::Bank { plain: false }),
                "h" | "hint" => {
                    self.show_hint(&stage, usize::MAX);
                    continue;
                }
                _ if !can_roll => Err("you cannot roll again: bank (b)".to_string()),
                text => parse_dice(text)
                    .map_err(|_| "type the dice to keep, e.g. 15, or b to bank".to_string())
                    .and_then(|keep| check_keep(&rules, keep, &st, dice, can_roll))
                    .map(Action::Keep),
            };
            let action = match action {
                Ok(action) => action,
                Err(why) => {
                    self.output.line(format_args!("  {why}"));
                    continue;
                }
            };
            self.judge(&stage, action);
            return action;
        }
    }
}

/// The ranked options, or the bust.
fn options_text(advice: &Advice, most: usize) -> String {
    if advice.bust {
        return format!(
            "  bust: nothing scores (you win {} from here)\n",
            pct(advice.win)
        );
    }
    let mut text = String::from("      win   option\n");
    for (i, o) in advice.options.iter().take(most).enumerate() {
        text += &format!("{:>3}. {:>7}  {}\n", i + 1, pct(o.win), o.label);
    }
    text
}

/// A keep to show in the prompt: the scoring dice of the best bank, if fewer than held.
fn example_keep(rules: &Rules, st: &TurnState, dice: &Counts) -> String {
    let o = outcome(rules, *dice, st.roll == 1);
    o.keeps
        .iter()
        .filter(|&&(_, kept)| kept < st.held)
        .max()
        .and_then(|&(points, kept)| keep_dice(rules, dice, st.roll == 1, points, kept))
        .map_or_else(|| "15".into(), |k| show_dice(&k))
}
