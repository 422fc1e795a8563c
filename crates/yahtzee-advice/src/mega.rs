//! House rule "mega-yahtzee": whether to take the sixth die, and advice on the six-dice
//! turn, from the same kernel as the solver ([`yahtzee_solver::MegaPlan`]).
//!
//! A card with the sixth die in hand (`mega=unused`) describes the start of a turn; six
//! dice showing mean the player took the sixth die this turn (the card may say `mega=used`
//! or not). Keeps are any of the six
//! dice; after the last roll each box is offered with the best five dice for it.

use serde::Serialize;
use yahtzee_rules::{mega_tables, Dice, Scorecard, State, MEGA_DICE};
use yahtzee_solver::Workspace;

use crate::{AdviceError, Advisor, Choice, Ranked, TableValues};

/// The decision before a turn's first roll with the sixth die in hand.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct SixthDie {
    /// Expected points still to come when the turn is played with five dice.
    pub roll_five: f64,
    /// Expected points still to come when the sixth die is taken this turn.
    pub take_sixth: f64,
}

impl SixthDie {
    /// True when taking the sixth die now is strictly better (ties keep it in hand).
    pub fn take(&self) -> bool {
        self.take_sixth > self.roll_five
    }
}

impl Advisor {
    /// House rule "mega-yahtzee": the value of the turn with five dice and with the sixth
    /// die, for a card with the sixth die in hand; `None` when the rules have no sixth die
    /// or the card has used it.
    pub fn sixth_die(&self, card: &Scorecard) -> Result<Option<SixthDie>, AdviceError> {
        self.check_card(card)?;
        let state = card.state();
        if !card.rules().house.mega_yahtzee || state.mega_used() {
            return Ok(None);
        }
        let values = TableValues(&self.table);
        let mut ws = Workspace::new(&self.plan);
        let roll_five = self.plan.turn_values(&mut ws, &[state], &values)[0];
        let take_sixth = self.plan.mega_values(&mut ws, &[state], &values)[0];
        Ok(Some(SixthDie {
            roll_five,
            take_sixth,
        }))
    }

    /// The turn-start decision as advice: take the sixth die, or roll five, best first
    /// (`None` when the sixth die is not in hand).
    pub fn advise_sixth_die(&self, card: &Scorecard) -> Result<Option<crate::Advice>, AdviceError> {
        let Some(s) = self.sixth_die(card)? else {
            return Ok(None);
        };
        let mut options = vec![
            Ranked::new(Choice::SixthDie(false), s.roll_five),
            Ranked::new(Choice::SixthDie(true), s.take_sixth),
        ];
        // Ties keep the die in hand.
        options.sort_by(|a, b| b.ev_remaining.total_cmp(&a.ev_remaining));
        Ok(Some(crate::Advice { options }))
    }

    /// Options for six dice showing (the sixth die taken this turn).
    pub(crate) fn advise_six(
        &self,
        state: State,
        dice: &Dice,
        rolls_left: u8,
    ) -> Result<crate::Advice, AdviceError> {
        if !self.table.rules().house.mega_yahtzee {
            return Err(AdviceError::SixDiceWithoutMega);
        }
        // Six dice mean the sixth die is taken this turn: whether the card already says
        // so (as a game's card does mid-turn) or not, what follows is without it.
        let spent = state.with_mega_used(true);
        let mut options = match rolls_left {
            0 => self.six_finals(spent, dice),
            1 | 2 => self.six_keeps(spent, dice, rolls_left),
            n => return Err(AdviceError::RollsLeft(n)),
        };
        options.sort_by(|a, b| b.ev_remaining.total_cmp(&a.ev_remaining));
        Ok(crate::Advice { options })
    }

    /// With rerolls left: every distinct keep of the six dice, valued by the Mega kernel.
    fn six_keeps(&self, spent: State, dice: &Dice, rolls_left: u8) -> Vec<Ranked> {
        let mega = self.plan.mega().expect("mega-yahtzee rules");
        let mut ws = Workspace::new(&self.plan);
        self.plan
            .final_rolls(&mut ws, &[spent], &TableValues(&self.table));
        let bonus = f64::from(self.table.rules().mega_bonus);
        mega.finals_in(&ws.keeps[..yahtzee_rules::ROLLS], &mut ws.six, bonus);
        if rolls_left == 2 {
            mega.expect_keeps_in(&mut ws.six);
            mega.best_subkeeps_in(&mut ws.six);
        }
        mega.expect_keeps_in(&mut ws.six);
        let t = mega_tables();
        (0..t.keep_count())
            .map(|k| t.keep(k))
            .filter(|k| dice.contains(k))
            .map(|k| Ranked::new(Choice::Keep(k), ws.six[k.mega_index()][0]))
            .collect()
    }

    /// After the last roll: each box with the best five dice for it (ties: the first five
    /// found, dropping the lowest face first), chance-chance where it applies. Six of a
    /// kind adds the Mega bonus to every option, scored now.
    fn six_finals(&self, spent: State, dice: &Dice) -> Vec<Ranked> {
        let rules = self.table.rules();
        let mega = if dice.six_of_a_kind().is_some() {
            rules.mega_bonus
        } else {
            0
        };
        let mut best: Vec<Ranked> = Vec::new();
        for five in (1..=MEGA_DICE as u8).filter_map(|f| dice.without(f)) {
            let options = self.final_options(spent, &five).into_iter();
            // The mulligan is not used on the Mega turn.
            for mut o in options.filter(|o| !matches!(o.choice, Choice::Mulligan(_))) {
                if matches!(o.choice, Choice::Fill { .. }) {
                    o.scored = Some(five);
                }
                o.ev_remaining += f64::from(mega);
                o.points_now = o.points_now.map(|p| p + mega);
                let same = |x: &Ranked| same_option(x, &o);
                match best.iter_mut().find(|x| same(x)) {
                    Some(x) if o.ev_remaining > x.ev_remaining => *x = o,
                    Some(_) => {}
                    None => best.push(o),
                }
            }
        }
        best
    }
}

/// Two final options for the same box (whatever the five dice), or both chance-chance.
fn same_option(a: &Ranked, b: &Ranked) -> bool {
    match (a.choice, b.choice) {
        (Choice::Fill { category: x, .. }, Choice::Fill { category: y, .. }) => x == y,
        (x, y) => x == y,
    }
}
