//! A position as a player describes it, checked, and every option with its win probability.

use serde::Serialize;

use crate::duel::{Duel, Seat};
use crate::score::{self, outcome, show_dice, Counts, UNIT};
use crate::turn::{Choice, Rolls, Turn, Value, FIRST_MAX};
use crate::{Error, Rules};

/// Where the mover stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    /// First or second player of the round.
    pub seat: Seat,
    /// The mover's score (points).
    pub me: u32,
    /// The opponent's score (points); at or past the target on the second player's last turn.
    pub opp: u32,
    pub stage: Stage,
}

/// The moment of the turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Before the turn, facing the previous player's offer (turn total, leftover dice) if any.
    Start { offer: Option<(u32, u8)> },
    /// Dice just rolled on roll `roll` (1 to 3), with `total` points set aside before it and
    /// `held` dice in hand before it (more than rolled only within 50 of an exact target).
    Rolled {
        roll: u8,
        total: u32,
        held: u8,
        dice: Counts,
    },
}

/// A score in units, refusing what no game can show (kept with the scoring).
pub use crate::score::score_units;

impl Position {
    /// Checks the position against `rules`: every refusal is one line.
    pub fn check(&self, rules: &Rules) -> Result<(), Error> {
        let me = score_units(self.me, "your score")?;
        let opp = score_units(self.opp, "opponent's score")?;
        let n = rules.target_units();
        if me >= n {
            return Err(Error::Position(format!(
                "your score {} has reached the target {}: the game is over",
                self.me, rules.target
            )));
        }
        if opp >= n {
            if self.seat == Seat::First {
                return Err(Error::Position(format!(
                    "opponent's score {} has reached the target {}: the first player has no turn left",
                    self.opp, rules.target
                )));
            }
            let most = rules.target + 400;
            if self.opp > most || (rules.exact && self.opp != rules.target) {
                return Err(Error::Position(format!(
                    "opponent's score {} cannot end a game to {}",
                    self.opp, rules.target
                )));
            }
        }
        match &self.stage {
            Stage::Start { offer: None } => Ok(()),
            Stage::Start {
                offer: Some((t, k)),
            } => check_offer(*t, *k, self.opp),
            Stage::Rolled {
                roll,
                total,
                held,
                dice,
            } => self.check_roll(rules, *roll, *total, *held, dice),
        }
    }

    fn check_roll(
        &self,
        rules: &Rules,
        roll: u8,
        total: u32,
        held: u8,
        dice: &Counts,
    ) -> Result<(), Error> {
        let rolled: u8 = dice.iter().sum();
        let bad = |why: String| Err(Error::Position(why));
        if !(1..=3).contains(&roll) {
            return bad(format!("roll {roll}: a turn has rolls 1 to 3"));
        }
        if roll == 1 && (total != 0 || held != 6) {
            return bad("roll 1 starts from nothing set aside and six dice".into());
        }
        if roll > 1
            && (total == 0 || !total.is_multiple_of(UNIT) || total > self.opp.max(300) + 100)
        {
            return bad(format!("turn total {total}: before roll {roll} it is a positive multiple of 5 within reach"));
        }
        if roll > 1 && !(1..=5).contains(&held) {
            return bad(format!(
                "{held} dice in hand before roll {roll}: one to five"
            ));
        }
        let near = rules.near((self.me / UNIT) as usize);
        if rolled > held || (!near && rolled != held) {
            return bad(format!(
                "{} dice shown with {held} in hand",
                show_dice(dice)
            ));
        }
        Ok(())
    }

    /// One line saying where the mover stands, as the command line shows a position.
    pub fn describe(&self, target: u32) -> String {
        let seat = if self.seat == Seat::First {
            "first"
        } else {
            "second"
        };
        let head = format!(
            "Yahtzix to {target}: you {} ({seat} player), opponent {}",
            self.me, self.opp
        );
        match &self.stage {
            Stage::Start {
                offer: Some((t, 1)),
            } => format!("{head}; before your turn, offer {t} on 1 die"),
            Stage::Start {
                offer: Some((t, k)),
            } => format!("{head}; before your turn, offer {t} on {k} dice"),
            Stage::Start { offer: None } => format!("{head}; before your turn"),
            Stage::Rolled {
                roll,
                total: 0,
                dice,
                ..
            } => format!("{head}; roll {roll}: {}", spaced(dice)),
            Stage::Rolled {
                roll, total, dice, ..
            } => {
                format!(
                    "{head}; roll {roll}: {} with {total} set aside",
                    spaced(dice)
                )
            }
        }
    }

    /// The mover's score and the opponent's, in units.
    fn units(&self) -> (usize, usize) {
        ((self.me / UNIT) as usize, (self.opp / UNIT) as usize)
    }
}

/// A position as a player gives it (the fields of `yahtzee yahtzix advise`), before it is
/// checked against the rules.
#[derive(Clone, Debug, Default)]
pub struct Described<'a> {
    pub me: u32,
    pub opp: u32,
    /// The second player of the round is to move.
    pub second: bool,
    /// Before the turn, the opponent's leftover offer: `TOTAL:DICE`, e.g. `150:2`.
    pub offer: Option<&'a str>,
    /// The dice just rolled, e.g. `115523`; with them the roll (1 to 3, default 1, or 2 with
    /// a total), the points set aside before it and the dice held before it (default: those
    /// shown).
    pub dice: Option<&'a str>,
    pub roll: Option<u8>,
    pub total: u32,
    pub held: Option<u8>,
}

impl Described<'_> {
    /// The position, its text parsed (not yet checked: [`Position::check`]).
    pub fn position(&self) -> Result<Position, Error> {
        let stage = match (self.offer, self.dice) {
            (Some(offer), _) => Stage::Start {
                offer: Some(parse_offer(offer)?),
            },
            (None, None) => Stage::Start { offer: None },
            (None, Some(text)) => {
                let dice = score::parse_dice(text)?;
                let shown: u8 = dice.iter().sum();
                Stage::Rolled {
                    roll: self.roll.unwrap_or(if self.total > 0 { 2 } else { 1 }),
                    total: self.total,
                    held: self.held.unwrap_or(shown),
                    dice,
                }
            }
        };
        Ok(Position {
            seat: if self.second {
                Seat::Second
            } else {
                Seat::First
            },
            me: self.me,
            opp: self.opp,
            stage,
        })
    }
}

/// An offer `TOTAL:DICE`, e.g. `150:2` (checked with the position).
pub fn parse_offer(text: &str) -> Result<(u32, u8), Error> {
    let bad = |why: &str| Error::Position(format!("offer {text:?}: {why}"));
    let (total, dice) = text
        .split_once(':')
        .ok_or_else(|| bad("give TOTAL:DICE, e.g. 150:2"))?;
    let total = total
        .trim()
        .parse()
        .map_err(|_| bad("the total is not a number"))?;
    let dice = dice
        .trim()
        .parse()
        .map_err(|_| bad("the dice count is not a number"))?;
    Ok((total, dice))
}

fn check_offer(total: u32, dice: u8, opp: u32) -> Result<(), Error> {
    if total == 0 || !total.is_multiple_of(UNIT) || total > opp {
        return Err(Error::Position(format!(
            "offer of {total}: a positive multiple of 5 no more than the opponent's score {opp}"
        )));
    }
    if !(1..=5).contains(&dice) {
        return Err(Error::Position(format!(
            "offer on {dice} dice: one to five are left over"
        )));
    }
    Ok(())
}

/// One option of a position.
#[derive(Clone, Debug, Serialize)]
pub struct AdviceOption {
    /// What to do, in words (e.g. "keep 1 1 5, roll 3 dice").
    pub label: String,
    /// The mover's probability of winning after it.
    pub win: f64,
    #[serde(skip)]
    pub action: Action,
}

/// What an option does, for play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    GoForIt,
    RollFresh,
    Roll(u8),
    Bank { plain: bool },
    Keep(Counts),
}

/// Every option of a position, best first, and the position's value.
#[derive(Clone, Debug, Serialize)]
pub struct Advice {
    pub win: f64,
    pub bust: bool,
    pub options: Vec<AdviceOption>,
}

/// Ranks the options of `pos` (checked first) with the solved game.
pub fn advise(duel: &Duel, rolls: &Rolls, pos: &Position) -> Result<Advice, Error> {
    pos.check(&duel.rules)?;
    let (me, opp) = pos.units();
    let tmax2 = match &pos.stage {
        Stage::Start {
            offer: Some((t, _)),
        } => (t / UNIT) as usize,
        Stage::Rolled { total, .. } => (total / UNIT) as usize,
        _ => 0,
    }
    .max(FIRST_MAX);
    let (ends, bust, near) = duel.turn_setup(pos.seat, me, opp, tmax2)?;
    let turn = Turn::solve(rolls, &ends, bust, near, tmax2);
    Ok(rank(&duel.rules, &turn, &pos.stage))
}

/// The options of `stage` in a solved turn, by the mover's own chance to win.
pub fn rank<V: Value>(rules: &Rules, turn: &Turn<V>, stage: &Stage) -> Advice {
    let mut options = Vec::new();
    let mut busted = false;
    match stage {
        Stage::Start { offer } => {
            if let Some((t, k)) = offer {
                let val = turn.before2[(t / UNIT) as usize][usize::from(*k)].v.own();
                let dice = if *k == 1 {
                    "1 die".to_string()
                } else {
                    format!("{k} dice")
                };
                options.push(opt(
                    format!("go for it: {t} on {dice}"),
                    val,
                    Action::GoForIt,
                ));
            }
            if turn.near {
                for k in 1..=6 {
                    let label = format!("roll {k} of 6 dice");
                    let win = turn.roll_value(1, 0, 6, k).v.own();
                    options.push(opt(label, win, Action::Roll(k)));
                }
            } else {
                options.push(opt(
                    "roll six fresh dice".into(),
                    turn.start.v.own(),
                    Action::RollFresh,
                ));
            }
        }
        Stage::Rolled {
            roll,
            total,
            held,
            dice,
        } => {
            let t = (total / UNIT) as usize;
            let o = outcome(rules, *dice, *roll == 1);
            busted = o.bank.is_none();
            for (choice, val) in turn.choices(*roll, t, *held, &o) {
                let win = val.v.own();
                let mut option = choice_option(rules, *roll, *total, *held, dice, choice, win);
                if val.bust == 1.0 && matches!(option.action, Action::Bank { .. }) {
                    option.label += " (a pass: scores nothing)";
                }
                options.push(option);
            }
        }
    }
    options.sort_by(|a, b| b.win.total_cmp(&a.win));
    let win = options.first().map_or(turn.bust.own(), |o| o.win);
    Advice {
        win,
        bust: busted,
        options,
    }
}

fn opt(label: String, win: f64, action: Action) -> AdviceOption {
    AdviceOption { label, win, action }
}

fn choice_option(
    rules: &Rules,
    roll: u8,
    total: u32,
    held: u8,
    dice: &Counts,
    choice: Choice,
    win: f64,
) -> AdviceOption {
    match choice {
        Choice::Bank | Choice::BankPlain => {
            let plain = choice == Choice::BankPlain;
            let o = outcome(rules, *dice, roll == 1);
            let (points, _) = if plain { o.bank_plain } else { o.bank }.unwrap_or_default();
            let sum = total + u32::from(points) * UNIT;
            let how = if plain { " (all count ignored)" } else { "" };
            opt(format!("bank {sum}{how}"), win, Action::Bank { plain })
        }
        Choice::Keep { points, kept } => {
            let keep = keep_dice(rules, dice, roll == 1, points, kept).unwrap_or_default();
            let left = held - kept;
            let left = if left == 1 {
                "1 die".to_string()
            } else {
                format!("{left} dice")
            };
            let label = format!(
                "keep {} (+{}), {left} left",
                spaced(&keep),
                u32::from(points) * UNIT
            );
            opt(label, win, Action::Keep(keep))
        }
    }
}

/// Faces with spaces, e.g. `1 1 5`.
pub fn spaced(dice: &Counts) -> String {
    show_dice(dice)
        .chars()
        .map(String::from)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Dice of `dice` worth `points` units, `kept` of them, that may be set aside; the one with
/// the lowest faces first when several are.
pub fn keep_dice(
    rules: &Rules,
    dice: &Counts,
    first: bool,
    points: u16,
    kept: u8,
) -> Option<Counts> {
    let rolled: u8 = dice.iter().sum();
    score::sub_multisets(dice).into_iter().find(|k| {
        k.iter().sum::<u8>() == kept
            && if first {
                score::first_roll_value(rules, k, rolled, true)
            } else {
                score::later_roll_value(k)
            } == Some(u32::from(points) * UNIT)
    })
}
