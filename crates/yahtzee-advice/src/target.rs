//! Advice for playing to reach a score: every option ranked by the probability that the
//! final total reaches the target, read from a target table ([`TargetTable`]) with the
//! points kernel ([`PointsPlan`]), so advice and table use the same arithmetic.
//!
//! Options with equal probability (common once the target is certain or out of reach) are
//! ranked by expected score, so the advice then plays for the highest total.

use std::cell::RefCell;

use yahtzee_rules::{tables, Dice, Scorecard, State};
use yahtzee_solver::points::read;
use yahtzee_solver::{PointsPlan, PointsValues, PointsWorkspace, Prob, CHUNK};
use yahtzee_table::{TableError, TargetTable};

use crate::{Advice, AdviceError, Advisor, Choice, TurnMulligan};

/// A target table read as the points vectors of later turns.
pub struct TargetValues<'a>(pub &'a TargetTable);

impl PointsValues<f32> for TargetValues<'_> {
    fn vector(&self, s: State) -> &[f32] {
        self.0.vector(s)
    }
}

/// Where a position stands against its target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TargetStatus {
    /// Some option still matters for reaching it.
    InPlay,
    /// The points on the card already reach it: every option is certain.
    Reached,
    /// No sequence of rolls can reach it any more: every option has probability 0.
    OutOfReach,
}

impl TargetStatus {
    pub fn name(self) -> &'static str {
        match self {
            TargetStatus::InPlay => "in play",
            TargetStatus::Reached => "reached",
            TargetStatus::OutOfReach => "out of reach",
        }
    }
}

/// Answers "how do I best reach T?" from a target table and the expected-value advisor.
pub struct TargetAdvisor<'a> {
    advisor: &'a Advisor,
    table: &'a TargetTable,
    plan: PointsPlan,
    ws: RefCell<PointsWorkspace<f32>>,
}

impl<'a> TargetAdvisor<'a> {
    /// Both tables must be of the same rules.
    pub fn new(advisor: &'a Advisor, table: &'a TargetTable) -> Result<Self, AdviceError> {
        let rules = advisor.table().rules();
        if table.rules() != rules {
            return Err(AdviceError::RulesMismatch {
                card: table.rules().name,
                table: rules.name,
            });
        }
        let plan = PointsPlan::new(rules);
        let ws = RefCell::new(plan.workspace(64));
        Ok(TargetAdvisor {
            advisor,
            table,
            plan,
            ws,
        })
    }

    /// The table behind the probabilities.
    pub fn table(&self) -> &TargetTable {
        self.table
    }

    /// P(final total >= `target`) from the start of a turn with this card, playing for it.
    pub fn p_of_card(&self, card: &Scorecard, target: u32) -> Result<f64, TableError> {
        let s = card.state();
        self.table.verify_sets([s.filled()])?;
        Ok(self
            .table
            .p_at_least(s, i64::from(target) - i64::from(card.total())))
    }

    /// Every option of the position with its expected value and P(final total >= `target`),
    /// best first (by probability, then by expected value).
    pub fn advise(
        &self,
        card: &Scorecard,
        dice: Dice,
        rolls_left: u8,
        target: u32,
    ) -> Result<(Advice, TargetStatus), TargetError> {
        self.advise_in_turn(card, dice, rolls_left, TurnMulligan::AsCard, target)
    }

    /// [`TargetAdvisor::advise`] at a position inside the turn that the card cannot say
    /// ([`Advisor::advise_in_turn`]: the mulligan spent this turn).
    pub fn advise_in_turn(
        &self,
        card: &Scorecard,
        dice: Dice,
        rolls_left: u8,
        mulligan: TurnMulligan,
        target: u32,
    ) -> Result<(Advice, TargetStatus), TargetError> {
        let advice = self
            .advisor
            .advise_in_turn(card, dice, rolls_left, mulligan)?;
        let at = Position::of(mulligan.state(card, &dice, rolls_left)?, &dice, rolls_left);
        self.rank(advice, card, at, target)
    }

    /// House rule "mega-yahtzee": the turn-start question with the sixth die in hand (take
    /// it or roll five) ranked by P(final total >= `target`); `None` when the card has no
    /// sixth die in hand.
    pub fn advise_sixth_die(
        &self,
        card: &Scorecard,
        target: u32,
    ) -> Result<Option<(Advice, TargetStatus)>, TargetError> {
        let Some(advice) = self.advisor.advise_sixth_die(card)? else {
            return Ok(None);
        };
        let at = Position::TurnStart(card.state());
        self.rank(advice, card, at, target).map(Some)
    }

    /// Gives each option of `advice` its probability and sorts by it (stable, so equal
    /// probabilities keep the expected-value order).
    fn rank(
        &self,
        mut advice: Advice,
        card: &Scorecard,
        at: Position,
        target: u32,
    ) -> Result<(Advice, TargetStatus), TargetError> {
        let state = card.state();
        self.table.verify_turn(state)?;
        let need = i64::from(target) - i64::from(card.total());
        let most = self.table.max_points(state).unwrap_or(0);
        let status = if need <= 0 {
            TargetStatus::Reached
        } else if need > i64::from(most) {
            TargetStatus::OutOfReach
        } else {
            TargetStatus::InPlay
        };
        let probabilities: Vec<f64> = match status {
            TargetStatus::Reached => vec![1.0; advice.options.len()],
            TargetStatus::OutOfReach => vec![0.0; advice.options.len()],
            TargetStatus::InPlay => {
                let ws = &mut self.ws.borrow_mut();
                let next = TargetValues(self.table);
                let values = option_values(&self.plan, ws, &next, &advice, at, need as usize);
                values.into_iter().map(f64::from).collect()
            }
        };
        for (o, p) in advice.options.iter_mut().zip(probabilities) {
            o.p_at_least = Some(p);
        }
        advice
            .options
            .sort_by(|a, b| b.p_at_least.unwrap().total_cmp(&a.p_at_least.unwrap()));
        Ok((advice, status))
    }

    /// Every option ranked by a weighted sum of its chances of reaching several targets,
    /// `Σ w · P(final total >= t)` over `weights` = (t, w), then by expected value; the
    /// options carry the weighted sum in `p_at_least`.
    pub fn advise_weighted(
        &self,
        card: &Scorecard,
        dice: Dice,
        rolls_left: u8,
        weights: &[(u32, f64)],
    ) -> Result<Advice, TargetError> {
        let advice = self.advisor.advise(card, dice, rolls_left)?;
        let at = Position::of(card.state(), &dice, rolls_left);
        self.rank_weighted(advice, card, at, weights)
    }

    /// [`TargetAdvisor::advise_weighted`] for the turn-start question with the sixth die in
    /// hand (house rule "mega-yahtzee"); `None` when the card has no sixth die in hand.
    pub fn advise_sixth_die_weighted(
        &self,
        card: &Scorecard,
        weights: &[(u32, f64)],
    ) -> Result<Option<Advice>, TargetError> {
        let Some(advice) = self.advisor.advise_sixth_die(card)? else {
            return Ok(None);
        };
        let at = Position::TurnStart(card.state());
        self.rank_weighted(advice, card, at, weights).map(Some)
    }

    fn rank_weighted(
        &self,
        advice: Advice,
        card: &Scorecard,
        at: Position,
        weights: &[(u32, f64)],
    ) -> Result<Advice, TargetError> {
        let state = card.state();
        self.table.verify_turn(state)?;
        let rules = self.advisor.table().rules();
        let next = TargetValues(self.table);
        let most = i64::from(self.table.max_points(state).unwrap_or(0));
        let so_far = i64::from(card.total());
        let mut score = vec![0.0; advice.options.len()];
        let ws = &mut self.ws.borrow_mut();
        // Targets already reached count fully; those out of reach not at all.
        let mut live: Vec<(usize, f64)> = Vec::new();
        for &(t, w) in weights {
            let need = i64::from(t) - so_far;
            if need <= 0 {
                score.iter_mut().for_each(|s| *s += w);
            } else if need <= most {
                live.push((need as usize, w));
            }
        }
        live.sort_by_key(|x| x.0);
        let Position::Five(state, rolls_left) = at else {
            // Six dice or the turn start: one coordinate at a time.
            for &(c, w) in &live {
                let values = option_values(&self.plan, ws, &next, &advice, at, c);
                for (s, p) in score.iter_mut().zip(values) {
                    *s += w * f64::from(p);
                }
            }
            return Ok(sorted_by_weight(advice, score));
        };
        let t = tables();
        let mut i = 0;
        while i < live.len() {
            let c0 = live[i].0 / CHUNK * CHUNK;
            let chunk: Vec<(usize, f64)> = live[i..]
                .iter()
                .take_while(|x| x.0 < c0 + CHUNK)
                .copied()
                .collect();
            i += chunk.len();
            let keeps: Option<Vec<[f32; CHUNK]>> = (rolls_left > 0).then(|| {
                self.plan
                    .keep_values_chunk(ws, state, &next, c0, rolls_left)
                    .to_vec()
            });
            for (o, s) in advice.options.iter().zip(score.iter_mut()) {
                for &(c, w) in &chunk {
                    let p = match o.choice {
                        Choice::Keep(k) => keeps.as_ref().expect("keeps")[t.index(&k)][c - c0],
                        Choice::Fill { category, score } => {
                            let b = rules.box_index(category).expect("a box of the game");
                            let points = o.points_now.unwrap_or(score);
                            let (after, _) = rules.place(state, b, score);
                            read(next.vector(after), c as i64 - i64::from(points))
                        }
                        Choice::ChanceChance => self.plan.chance_chance_value(ws, state, &next, c),
                        Choice::Mulligan(k) => {
                            self.plan.mulligan_values(ws, state, &next, c)[t.index(&k)]
                        }
                        Choice::SixthDie(_) => unreachable!("five dice showing"),
                    };
                    *s += w * f64::from(p);
                }
            }
        }
        Ok(sorted_by_weight(advice, score))
    }
}

/// The options with their weighted sums in `p_at_least`, best first (stable).
fn sorted_by_weight(mut advice: Advice, score: Vec<f64>) -> Advice {
    for (o, s) in advice.options.iter_mut().zip(score) {
        o.p_at_least = Some(s);
    }
    advice
        .options
        .sort_by(|a, b| b.p_at_least.unwrap().total_cmp(&a.p_at_least.unwrap()));
    advice
}

/// Where in a turn a position stands, for valuing its options with the points kernel.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Position {
    /// Five dice showing in this state, with this many rolls left.
    Five(State, u8),
    /// Six dice showing (house rule "mega-yahtzee"): the turn ends in this state (the sixth
    /// die spent), with this many rolls left.
    Six(State, u8),
    /// Before the turn's first roll, the sixth die in hand: take it or roll five.
    TurnStart(State),
}

impl Position {
    pub(crate) fn of(state: State, dice: &Dice, rolls_left: u8) -> Position {
        if dice.len() == yahtzee_rules::MEGA_DICE {
            Position::Six(state.with_mega_used(true), rolls_left)
        } else {
            Position::Five(state, rolls_left)
        }
    }
}

/// The value at coordinate `c` of every option of `advice` (a position `at`), with later
/// turns read from `next`: the points kernel's keep values (of five or six dice), a box's
/// points (the Mega bonus included) read off the next state's vector, the house-rule
/// options.
pub(crate) fn option_values<T: Prob>(
    plan: &PointsPlan,
    ws: &mut PointsWorkspace<T>,
    next: &(impl PointsValues<T> + ?Sized),
    advice: &Advice,
    at: Position,
    c: usize,
) -> Vec<T> {
    let t = tables();
    let rules = plan.rules();
    let (state, rolls_left) = match at {
        Position::Five(s, r) | Position::Six(s, r) => (s, r),
        Position::TurnStart(s) => (s, 3),
    };
    let keeps = match at {
        Position::Five(s, r @ 1..=2) => Some(plan.keep_values(ws, s, next, c, r)),
        Position::Six(s, r @ 1..=2) => Some(plan.mega_keep_values(ws, s, next, c, r)),
        _ => None,
    };
    let keep_index = |k: &Dice| match at {
        Position::Six(..) => k.mega_index(),
        _ => t.index(k),
    };
    let mut mulligan = None;
    let mut sixth = None;
    advice
        .options
        .iter()
        .map(|o| match o.choice {
            Choice::Keep(k) => keeps.as_ref().expect("keeps")[keep_index(&k)],
            Choice::Fill { category, score } => {
                let b = rules.box_index(category).expect("a box of the game");
                let points = o.points_now.unwrap_or(score);
                let (after, _) = rules.place(state, b, score);
                read(next.vector(after), c as i64 - i64::from(points))
            }
            Choice::ChanceChance => plan.chance_chance_value(ws, state, next, c),
            Choice::Mulligan(k) => {
                let m = mulligan.get_or_insert_with(|| plan.mulligan_values(ws, state, next, c));
                m[t.index(&k)]
            }
            Choice::SixthDie(take) => {
                debug_assert_eq!(rolls_left, 3);
                let (five, six) =
                    *sixth.get_or_insert_with(|| plan.sixth_die_values(ws, state, next, c));
                if take {
                    six
                } else {
                    five
                }
            }
        })
        .collect()
}

/// Why a target position cannot be advised.
#[derive(Debug, thiserror::Error)]
pub enum TargetError {
    #[error(transparent)]
    Advice(#[from] AdviceError),
    #[error(transparent)]
    Table(#[from] TableError),
}
