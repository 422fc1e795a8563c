//! Move advice: for a scorecard, the dice showing and the rolls left, every option (a keep
//! or a box) ranked best-first with its expected value, read from a solved [`Table`].
//!
//! The expected values come from the solver's own one-turn kernel
//! ([`yahtzee_solver::TurnPlan`]) run on the single state of the card, with the table
//! supplying the values of later turns, so advice and table can never disagree.
//!
//! [`Strategy`] writes the same choices out for every roll of a turn at once, for playing
//! whole games and for following probabilities through a turn (statistics, simulation).
//!
//! Over `yahtzee-rules`, `yahtzee-solver` and `yahtzee-table`. Feature `native` (default)
//! turns on the table's files (the table crate's default); the WebAssembly build leaves it off.
//!
//! # Where to start
//!
//! - [`Advisor::advise`]`(card, dice, rolls_left)`: the ranked options ([`Advice`]);
//!   [`Report`] is the `--json` shape of `yahtzee advise`.
//! - [`TargetAdvisor`] (P(total ≥ T)) and [`WinAdvisor`] (P(win) against opponents).
//! - [`Strategy::decide`]: every decision of a turn at once.
//!
//! # Expected score
//!
//! With 0 rolls left, `Advisor::advise` values the legal boxes from `RuleSet::for_each_move`
//! as points plus the table's value of the next state; with rolls left, it runs the solver
//! kernel on the card's single state (the table supplies later turns), so advice and table
//! use the same arithmetic. A card is a turn's start; what it cannot say about the turn in
//! play is a [`TurnMulligan`] (`advise_in_turn`, also on the target and win advisors):
//! `SpentThisTurn`, the dice are the mulligan's roll, valued from the card's state with the
//! mulligan marked used (checked: rules with it, card without it, 0 rolls left, five dice).
//! `text` prints a [`Report`] as `yahtzee advise` does (`Report::text`; `explain_text` and
//! `option_named` for `--explain`).
//!
//! [`explain`] ([`Explain`]): an option's or a card's parts as final values (boxes,
//! fixed-score boxes as chances, the bonuses), `against` the best in words,
//! `parts_in_words` (the best option's words, also its JSON `words`, which the web pages
//! show as they are), `table_text` for `stats --means`. The parts come from the companion
//! table through the engine (`yahtzee_engine::explain`, which reads each option's parts
//! with `yahtzee_stats::companion::option_parts`; docs/EXPLAIN.md).
//!
//! [`mega`]: `sixth_die` / `advise_sixth_die` (the turn-start question,
//! `Choice::SixthDie`) and six dice (`advise_six`: six-dice keeps from the solver's
//! `MegaPlan`; after the last roll each box with its best five, `Ranked::scored`).
//!
//! # Playing for a target or to win
//!
//! [`target`]: `TargetAdvisor::advise(card, dice, rolls_left, T)`: the options with
//! P(final total ≥ T) from the target table at coordinate `T − points on the card`, ranked by
//! it, then by expected value; [`TargetStatus`] (in play, reached, out of reach).
//!
//! [`win`]: `Payoff::against` (the opponents' final-total distributions) and [`WinAdvisor`]:
//! the exact best response over the player's future states (`solve_payoff` with `WinTie`),
//! then options ranked by P(win) + P(tie)/2; refused above the memory limit
//! (`default_memory_limit`: half the machine's; `payoff_peak` says what a solve holds). Both
//! value options through `option_values` at a position (five dice, six dice, or the turn
//! start with the sixth die in hand).
//!
//! # The strategy
//!
//! [`strategy`]: `Strategy::decide(state, &mut TurnDecisions)` computes, for one state, the
//! value of every keep with one and two rerolls left and the [`FinalChoice`] of every final
//! roll (score a move, chance-chance, or spend the mulligan on a keep), in a few
//! microseconds; `keep_for(roll, rolls_left)` and `move_for(roll)` read the choice off, and
//! `final_roll_probabilities()` follows the opening roll's probabilities through both
//! rerolls. The operations are the kernel's, so the choice is bit for bit the advice's best
//! option (ties: the lowest keep index, then the first box), tested on every roll of a
//! spread of states. With the sixth die in hand, `decide` also plays the Mega turn
//! (`takes_sixth_die`, `mega_keep_for`, `mega_final_choice`,
//! `mega_final_roll_probabilities`), bit for bit the kernel's value.

pub mod explain;
pub mod mega;
pub mod strategy;
pub mod target;
mod text;
pub mod win;

pub use explain::Explain;
pub use mega::SixthDie;
pub use strategy::{FinalChoice, Strategy, TurnDecisions};
pub use target::{TargetAdvisor, TargetError, TargetStatus, TargetValues};
pub use win::{Payoff, SolveOptions, WinAdvisor, WinChance};
pub use yahtzee_solver::{Cancel, Cancelled};

use std::sync::OnceLock;

use serde::Serialize;
use thiserror::Error;
use yahtzee_rules::{tables, Category, Dice, RuleSet, Scorecard, State};
use yahtzee_solver::{TurnPlan, Values, Workspace};
use yahtzee_table::Table;

/// What the player does: hold some dice and reroll the rest, or fill a box.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    /// Keep these dice (possibly none, possibly all five) and reroll the others.
    Keep(Dice),
    /// Write `score` in the box `category`.
    Fill { category: Category, score: u32 },
    /// House rule "chance-chance": instead of scoring, reroll all five dice and write their
    /// sum in Chance.
    ChanceChance,
    /// House rule "mulligan": after the last roll, spend the once-per-game fourth roll:
    /// keep these dice and reroll the others.
    Mulligan(Dice),
    /// House rule "mega-yahtzee", before a turn's first roll: take the sixth die for this
    /// turn (`true`) or roll five (`false`).
    SixthDie(bool),
}

/// Where inside its turn a position with dice showing stands, beyond what the card says: a
/// card describes the start of a turn (its `mulligan=used` means spent in an earlier turn).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum TurnMulligan {
    /// Nothing beyond the card: the mulligan (house rule) is in hand, or was spent in an
    /// earlier turn, as the card says.
    #[default]
    AsCard,
    /// House rule "mulligan": spent this turn, after its last roll. The dice showing are the
    /// mulligan's roll, no roll is left, and the boxes' continuation is read in the
    /// "mulligan used" states. The card must still hold the mulligan (`mulligan=unused`):
    /// it is spent once.
    SpentThisTurn,
}

impl TurnMulligan {
    /// The API's and the reports' name of [`TurnMulligan::SpentThisTurn`].
    pub const THIS_TURN: &'static str = "this-turn";

    /// The name in a [`Report`] (`"this-turn"`), `None` for [`TurnMulligan::AsCard`].
    pub fn name(self) -> Option<&'static str> {
        match self {
            TurnMulligan::AsCard => None,
            TurnMulligan::SpentThisTurn => Some(Self::THIS_TURN),
        }
    }

    /// The state the turn's options are valued from: the card's, with the mulligan marked
    /// used when it was spent this turn. Refuses a mulligan spent this turn under rules
    /// without it, on a card that already used it, with rolls left or on six dice.
    pub fn state(
        self,
        card: &Scorecard,
        dice: &Dice,
        rolls_left: u8,
    ) -> Result<State, AdviceError> {
        let state = card.state();
        if self == TurnMulligan::AsCard {
            return Ok(state);
        }
        if !card.rules().house.mulligan {
            return Err(AdviceError::MulliganNotInRules);
        }
        if state.mulligan_used() {
            return Err(AdviceError::MulliganSpentTwice);
        }
        if rolls_left != 0 {
            return Err(AdviceError::MulliganWithRollsLeft(rolls_left));
        }
        if dice.len() == yahtzee_rules::MEGA_DICE {
            return Err(AdviceError::MulliganOnSixDice);
        }
        Ok(state.with_mulligan_used(true))
    }
}

/// One option with its value.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ranked {
    pub choice: Choice,
    /// Expected points still to come from this moment under optimal play: this turn's box
    /// and bonuses, then all later turns. Points already on the card are not included.
    pub ev_remaining: f64,
    /// Points for this box now, with the upper bonus and Yahtzee bonus it earns (boxes only).
    pub points_now: Option<u32>,
    /// Playing for a target: P(final total >= target) with this option, then the play
    /// that maximises it.
    pub p_at_least: Option<f64>,
    /// Playing to win: P(finishing strictly first) with this option, then the play that
    /// maximises P(win) + P(tie) / 2.
    pub p_win: Option<f64>,
    /// Playing to win: P(tying for first) with this option.
    pub p_tie: Option<f64>,
    /// On a Mega-Yahtzee turn (six dice, house rule): the five dice this box scores.
    pub scored: Option<Dice>,
}

impl Ranked {
    /// An option worth `ev_remaining`, with nothing else known yet.
    pub fn new(choice: Choice, ev_remaining: f64) -> Ranked {
        Ranked {
            choice,
            ev_remaining,
            points_now: None,
            p_at_least: None,
            p_win: None,
            p_tie: None,
            scored: None,
        }
    }
}

/// All options for one position, best first.
#[derive(Clone, Debug)]
pub struct Advice {
    pub options: Vec<Ranked>,
}

impl Advice {
    /// The best option.
    pub fn best(&self) -> &Ranked {
        &self.options[0]
    }
}

/// Why a position cannot be advised.
#[derive(Debug, Error, PartialEq)]
pub enum AdviceError {
    #[error("the scorecard is full: the game is over")]
    GameOver,
    #[error("rolls left must be 0, 1 or 2, got {0}")]
    RollsLeft(u8),
    #[error("this scorecard does not follow the one the win advice was solved from")]
    NotSolved,
    #[error("too early in the game for the exact chance to win: it needs {gib:.1} GiB of memory (limit {limit_gib:.1} GiB); raise it with --memory-limit (or YAHTZEE_MEMORY_LIMIT, in GiB), or try --target, or a position with fewer open boxes")]
    TooEarly { gib: f64, limit_gib: f64 },
    #[error("the computation was cancelled (its time limit passed or its client went away)")]
    Cancelled,
    #[error("six dice need the house rule mega-yahtzee")]
    SixDiceWithoutMega,
    #[error("{0} dice: a roll has five dice (six on a Mega-Yahtzee turn)")]
    DiceCount(usize),
    #[error("the mulligan spent this turn needs the house rule mulligan")]
    MulliganNotInRules,
    #[error("the card already has the mulligan used (mulligan=used): it cannot be spent again this turn")]
    MulliganSpentTwice,
    #[error(
        "the mulligan is rolled after the turn's last roll: rolls left must be 0 with it, got {0}"
    )]
    MulliganWithRollsLeft(u8),
    #[error("the mulligan is not used on the Mega turn (six dice)")]
    MulliganOnSixDice,
    #[error("the scorecard is for rules '{card}' but the table is for '{table}'")]
    RulesMismatch {
        card: &'static str,
        table: &'static str,
    },
}

/// A table read as the [`Values`] of later turns.
pub struct TableValues<'a>(pub &'a Table);

impl Values for TableValues<'_> {
    fn value(&self, _rules: &RuleSet, s: State) -> f64 {
        self.0.value(s)
    }
}

/// Answers positions from one table.
pub struct Advisor {
    table: Table,
    plan: TurnPlan,
    /// Most points each state can still earn; computed on first need (about 0.5 s for the
    /// official rules), then shared by every best response solved with this advisor.
    max_remaining: OnceLock<Vec<u16>>,
}

impl Advisor {
    pub fn new(table: Table) -> Advisor {
        let plan = TurnPlan::new(table.rules());
        Advisor {
            table,
            plan,
            max_remaining: OnceLock::new(),
        }
    }

    /// The table behind the advice.
    pub fn table(&self) -> &Table {
        &self.table
    }

    /// [`yahtzee_solver::max_remaining`] of the table's rules, computed once.
    pub fn max_remaining(&self) -> &[u16] {
        self.max_remaining
            .get_or_init(|| yahtzee_solver::max_remaining(self.table.rules()))
    }

    /// Expected points still to come from the start of a turn with this card.
    pub fn value_of_card(&self, card: &Scorecard) -> f64 {
        self.table.value(card.state())
    }

    /// Ranks every option for `dice` with `rolls_left` rerolls left (0, 1 or 2).
    ///
    /// With rolls left the options are the distinct keeps of the dice (keeping all five
    /// ends rolling); with none, the boxes the rules allow. Ties keep a fixed order: larger
    /// keeps first, boxes in card order.
    pub fn advise(
        &self,
        card: &Scorecard,
        dice: Dice,
        rolls_left: u8,
    ) -> Result<Advice, AdviceError> {
        self.advise_in_turn(card, dice, rolls_left, TurnMulligan::AsCard)
    }

    /// [`Advisor::advise`] at a position inside the turn that the card cannot say: with
    /// [`TurnMulligan::SpentThisTurn`], the dice are the mulligan's roll (0 rolls left) and
    /// the options are the boxes (and chance-chance) with what follows in the "mulligan
    /// used" states.
    pub fn advise_in_turn(
        &self,
        card: &Scorecard,
        dice: Dice,
        rolls_left: u8,
        mulligan: TurnMulligan,
    ) -> Result<Advice, AdviceError> {
        self.check_card(card)?;
        let rules = self.table.rules();
        let state = mulligan.state(card, &dice, rolls_left)?;
        if dice.len() == yahtzee_rules::MEGA_DICE {
            return self.advise_six(state, &dice, rolls_left);
        }
        if dice.len() != yahtzee_rules::dice::DICE {
            return Err(AdviceError::DiceCount(dice.len()));
        }
        // House rule "fool-house": a natural full house is scored at once, on any roll.
        let forced = rules.forced_full_house(state, &dice).is_some();
        let mut options = match rolls_left {
            0 => self.final_options(state, &dice),
            1 | 2 if forced => self.final_options(state, &dice),
            1 | 2 => self.keeps(state, &dice, rolls_left),
            n => return Err(AdviceError::RollsLeft(n)),
        };
        options.sort_by(|a, b| b.ev_remaining.total_cmp(&a.ev_remaining));
        Ok(Advice { options })
    }

    /// The card is of the table's rules and not full.
    fn check_card(&self, card: &Scorecard) -> Result<(), AdviceError> {
        let rules = self.table.rules();
        if card.rules() != rules {
            return Err(AdviceError::RulesMismatch {
                card: card.rules().name,
                table: rules.name,
            });
        }
        if card.is_full() {
            return Err(AdviceError::GameOver);
        }
        Ok(())
    }

    /// After the last roll: the boxes, then (house rules) chance-chance and the mulligan's
    /// keeps, in that order so that ties go to scoring now. A natural full house under
    /// "fool-house" has its one move only.
    fn final_options(&self, state: State, dice: &Dice) -> Vec<Ranked> {
        let rules = self.table.rules();
        let forced = rules.forced_full_house(state, dice).is_some();
        let mut out = Vec::new();
        rules.for_each_move(state, dice, |m| {
            let fill = Choice::Fill {
                category: rules.boxes[m.box_index],
                score: m.score,
            };
            out.push(Ranked {
                points_now: Some(m.points()),
                ..Ranked::new(fill, f64::from(m.points()) + self.table.value(m.next))
            });
        });
        let values = TableValues(&self.table);
        if forced {
            return out;
        }
        if rules.chance_chance_box(state).is_some() {
            let cc = yahtzee_solver::chance_chance_value(rules, state, &values);
            out.push(Ranked::new(Choice::ChanceChance, cc));
        }
        if rules.house.mulligan && !state.mulligan_used() {
            // The keeps' values with the mulligan's roll to come, as the kernel has them.
            let mut ws = Workspace::new(&self.plan);
            let spent = state.with_mulligan_used(true);
            self.plan.final_values(&mut ws, &[spent], &values);
            self.plan.expect_keeps(&mut ws);
            for k in dice.sub_keeps().into_iter().filter(|k| k != dice) {
                let ev = ws.keeps[tables().index(&k)][0];
                out.push(Ranked::new(Choice::Mulligan(k), ev));
            }
        }
        out
    }

    fn keeps(&self, state: State, dice: &Dice, rolls_left: u8) -> Vec<Ranked> {
        let mut ws = Workspace::new(&self.plan);
        self.plan
            .final_values(&mut ws, &[state], &TableValues(&self.table));
        if rolls_left == 2 {
            self.plan.reroll(&mut ws);
        }
        self.plan.expect_keeps(&mut ws);
        dice.sub_keeps()
            .into_iter()
            .map(|k| Ranked::new(Choice::Keep(k), ws.keeps[tables().index(&k)][0]))
            .collect()
    }
}

/// The advice for a card as a serialisable report (the `--json` schema of `yahtzee advise`).
#[derive(Clone, Serialize)]
pub struct Report {
    pub rules: &'static str,
    pub dice: Vec<u8>,
    pub rolls_left: u8,
    /// House rule "mulligan": `"this-turn"` when the dice are the mulligan's roll, spent
    /// this turn ([`TurnMulligan::SpentThisTurn`]); absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mulligan: Option<&'static str>,
    /// Points on the card now (boxes, upper bonus if reached, Yahtzee bonuses).
    pub points_so_far: u32,
    /// Points so far plus the best option's expected value.
    pub expected_final: f64,
    /// Playing for a target: the final total aimed at.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target: Option<u32>,
    /// Playing for a target: `in play`, `reached` or `out of reach`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target_status: Option<&'static str>,
    /// Playing to win: the opponents' cards, as given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub opponents: Option<Vec<String>>,
    pub options: Vec<ReportOption>,
}

/// One option of a [`Report`]; exactly one of `keep`, `category` and `sixth_die` is
/// present.
#[derive(Clone, Serialize)]
pub struct ReportOption {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub keep: Option<Vec<u8>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub category: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<u32>,
    /// House rule: this keep spends the mulligan (a fourth roll).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub mulligan: bool,
    /// House rule: reroll all five dice and score them in Chance.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub chance_chance: bool,
    /// House rule "mega-yahtzee", before the first roll: take the sixth die (`true`) or
    /// roll five (`false`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sixth_die: Option<bool>,
    /// On the Mega turn (six dice): the five dice this box scores.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scored: Option<Vec<u8>>,
    /// The extra-Yahtzee bonus this box earns with it (five of a kind while the Yahtzee box
    /// holds 50: 100 under the official rules), already in `ev_remaining`; absent (0) when
    /// none, so a player sees where the bonus comes from.
    #[serde(skip_serializing_if = "is_zero")]
    pub yahtzee_bonus: u32,
    /// This box takes the dice as a Joker (an extra Yahtzee in a lower box: Full House 25,
    /// straights 30 and 40 whatever the faces); absent (false) otherwise.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub joker: bool,
    pub ev_remaining: f64,
    /// Expected points lost against the option with the highest expected value (0 for it).
    pub loss: f64,
    /// Playing for a target: P(final total >= target) with this option.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub p_at_least: Option<f64>,
    /// Playing to win: P(finishing strictly first) with this option.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub p_win: Option<f64>,
    /// Playing to win: P(tying for first) with this option.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub p_tie: Option<f64>,
    /// `--explain`: where this option's expected final total comes from (each box, the
    /// bonuses) and, against the best option, why it differs (docs/EXPLAIN.md).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub explain: Option<Explain>,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// The extra-Yahtzee bonus and the Joker of writing `five` in `category` from the card's
/// state, as the rules' own move says ([`RuleSet::for_each_move`], [`RuleSet::is_joker`]).
fn bonus_and_joker(card: &Scorecard, five: &Dice, category: Category) -> (u32, bool) {
    // Both need five of a kind: other rolls (nearly every one) are answered at once,
    // which keeps a report's cost that of the advice (`scripts/bench_advice.sh`).
    if five.five_of_a_kind().is_none() {
        return (0, false);
    }
    let rules = card.rules();
    let state = card.state();
    let Some(b) = rules.box_index(category) else {
        return (0, false);
    };
    let mut bonus = 0;
    rules.for_each_move(state, five, |m| {
        if m.box_index == b {
            bonus = m.yahtzee_bonus;
        }
    });
    (bonus, rules.is_joker(state, five, b))
}

impl Report {
    pub fn new(card: &Scorecard, dice: &Dice, rolls_left: u8, advice: &Advice) -> Report {
        let best = advice
            .options
            .iter()
            .map(|o| o.ev_remaining)
            .fold(f64::NEG_INFINITY, f64::max);
        let options = advice
            .options
            .iter()
            .map(|o| {
                let (yahtzee_bonus, joker) = match o.choice {
                    Choice::Fill { category, .. } => {
                        bonus_and_joker(card, o.scored.as_ref().unwrap_or(dice), category)
                    }
                    _ => (0, false),
                };
                let (keep, category, score) = match o.choice {
                    Choice::Keep(k) | Choice::Mulligan(k) => (Some(k.faces()), None, None),
                    Choice::Fill { category, score } => (None, Some(category.name()), Some(score)),
                    Choice::ChanceChance => (None, Some(Category::Chance.name()), None),
                    Choice::SixthDie(_) => (None, None, None),
                };
                ReportOption {
                    keep,
                    category,
                    score,
                    mulligan: matches!(o.choice, Choice::Mulligan(_)),
                    chance_chance: o.choice == Choice::ChanceChance,
                    sixth_die: match o.choice {
                        Choice::SixthDie(take) => Some(take),
                        _ => None,
                    },
                    scored: o.scored.map(|d| d.faces()),
                    yahtzee_bonus,
                    joker,
                    ev_remaining: o.ev_remaining,
                    loss: best - o.ev_remaining,
                    p_at_least: o.p_at_least,
                    p_win: o.p_win,
                    p_tie: o.p_tie,
                    explain: None,
                }
            })
            .collect();
        Report {
            rules: card.rules().name,
            dice: dice.faces(),
            rolls_left,
            mulligan: None,
            points_so_far: card.total(),
            expected_final: f64::from(card.total()) + best,
            target: None,
            target_status: None,
            opponents: None,
            options,
        }
    }
}
