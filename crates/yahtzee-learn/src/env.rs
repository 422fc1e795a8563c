//! One game of solitaire Yahtzee as an environment: the rules' moves, the dice stream, and
//! (with a [`Model`]) the exact value of every action.

use std::sync::Arc;

use yahtzee_advice::{Strategy, TurnDecisions};
use yahtzee_rules::{tables, Dice, Move, RuleSet, State};
use yahtzee_solver::{chance_chance_value, Values};

use crate::dice_stream::{draw, CHANCE_CHANCE_ROLL, MULLIGAN_ROLL};
use crate::layout::{Action, Layout, KEEP_ALL};
use crate::LearnError;

/// The exact values of one rule set: the optimal strategy read from its solved table.
pub struct Model {
    strategy: Strategy<'static>,
}

impl Model {
    /// The model of `rules` over `values`, the expected points still to come from every
    /// state (the solver's table: a `Table` read through `yahtzee_advice::TableValues`, or
    /// a solved `Vec<f64>`). Lives as long as the program: environments share it.
    pub fn new(rules: &'static RuleSet, values: &'static (dyn Values + Sync)) -> Model {
        Model {
            strategy: Strategy::new(rules, values),
        }
    }

    fn value(&self, state: State) -> f64 {
        self.strategy.value(state)
    }
}

/// What one step did.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Step {
    /// Points written on the card by this step (box, upper bonus, Yahtzee bonus).
    pub reward: u32,
    /// The card is full.
    pub terminated: bool,
    /// The action's loss against the best action, in expected final points (with a model).
    pub regret: Option<f64>,
}

/// One game: the card, the dice showing, the rolls left, the dice stream.
pub struct Env {
    layout: Layout,
    model: Option<Arc<Model>>,
    seed: u64,
    episode: u64,
    state: State,
    /// Points written in each box (0 while open).
    scores: Vec<u32>,
    total: u32,
    yahtzee_bonus: u32,
    /// The dice showing, sorted.
    dice: [u8; 5],
    rolls_left: u8,
    /// House rule "mulligan": the dice showing are the mulligan's roll.
    mulligan_roll: bool,
    /// The turn's decisions and every action's value now (with a model).
    decisions: Option<TurnDecisions>,
    values: Vec<f64>,
    best: f64,
}

impl Env {
    /// A game of `layout`'s rules, exact values from `model` when given (it must be of the
    /// same rules). Call [`Env::reset`] before the first step.
    pub fn new(layout: Layout, model: Option<Arc<Model>>) -> Result<Env, LearnError> {
        if let Some(m) = &model {
            let rules = m.strategy.rules();
            if rules != layout.rules() {
                return Err(LearnError::ModelRules {
                    model: rules.name,
                    env: layout.rules().name,
                });
            }
        }
        let decisions = model.as_ref().map(|m| m.strategy.new_decisions());
        Ok(Env {
            layout,
            model,
            seed: 0,
            episode: 0,
            state: State::START,
            scores: vec![0; layout.rules().box_count()],
            total: 0,
            yahtzee_bonus: 0,
            dice: [0; 5],
            rolls_left: 0,
            mulligan_roll: false,
            decisions,
            values: vec![f64::NAN; layout.action_count()],
            best: f64::NAN,
        })
    }

    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    fn rules(&self) -> &'static RuleSet {
        self.layout.rules()
    }

    /// A new game: episode `episode` of seed `seed` (its dice: [`crate::dice_stream`]).
    pub fn reset(&mut self, seed: u64, episode: u64) {
        self.seed = seed;
        self.episode = episode;
        self.state = State::START;
        self.scores.fill(0);
        self.total = 0;
        self.yahtzee_bonus = 0;
        self.start_turn();
    }

    /// The seed and episode of this game.
    pub fn episode(&self) -> (u64, u64) {
        (self.seed, self.episode)
    }

    pub fn is_over(&self) -> bool {
        self.rules().is_full(self.state)
    }

    /// The card's total so far.
    pub fn total(&self) -> u32 {
        self.total
    }

    pub fn dice(&self) -> Dice {
        dice_of(&self.dice, 0b11111)
    }

    pub fn rolls_left(&self) -> u8 {
        self.rolls_left
    }

    fn turn(&self) -> u8 {
        self.state.turns_played() as u8
    }

    /// Rolls the turn's opening five dice and, with a model, decides the turn.
    fn start_turn(&mut self) {
        self.mulligan_roll = false;
        if self.is_over() {
            self.dice = [0; 5];
            self.rolls_left = 0;
            self.values.fill(f64::NAN);
            self.best = f64::NAN;
            return;
        }
        self.roll(0, 0);
        self.rolls_left = 2;
        if let (Some(m), Some(d)) = (&self.model, &mut self.decisions) {
            m.strategy.decide(self.state, d);
        }
        self.value_actions();
    }

    /// Keeps the dice at the positions of `mask` and rolls the others as roll `roll`.
    fn roll(&mut self, mask: u8, roll: u8) {
        let turn = self.turn();
        let mut slot = 0;
        for (i, d) in self.dice.iter_mut().enumerate() {
            if mask >> i & 1 == 0 {
                *d = draw(self.seed, self.episode, turn, roll, slot);
                slot += 1;
            }
        }
        self.dice.sort_unstable();
    }

    /// The state the boxes are scored from: after the mulligan's roll, with it spent.
    fn scoring_state(&self) -> State {
        if self.mulligan_roll {
            self.state.with_mulligan_used(true)
        } else {
            self.state
        }
    }

    fn mulligan_in_hand(&self) -> bool {
        self.rules().house.mulligan && !self.state.mulligan_used() && !self.mulligan_roll
    }

    /// Whether action `a` is legal now.
    pub fn is_legal(&self, a: usize) -> bool {
        self.why_illegal(a).is_none()
    }

    /// Why action `a` is not legal now, or `None` when it is.
    pub fn why_illegal(&self, a: usize) -> Option<&'static str> {
        if self.is_over() {
            return Some("the game is over");
        }
        let rules = self.rules();
        let dice = self.dice();
        let state = self.scoring_state();
        let forced = rules.forced_full_house(state, &dice);
        match self.layout.action(a) {
            None => Some("no such action"),
            Some(Action::Score(b)) if forced.is_some_and(|f| f != b) => {
                Some("a natural full house must be scored in Full House (fool-house)")
            }
            Some(Action::Score(b)) => {
                let mut legal = false;
                rules.for_each_move(state, &dice, |m| legal |= m.box_index == b);
                (!legal).then_some("that box is filled, or the Joker rule rules it out")
            }
            Some(_) if forced.is_some() => {
                Some("a natural full house must be scored in Full House (fool-house)")
            }
            Some(Action::Keep(_)) if self.rolls_left > 0 => None,
            Some(Action::Keep(KEEP_ALL)) => Some("no roll is left"),
            Some(Action::Keep(_)) if self.mulligan_in_hand() => None,
            Some(Action::Keep(_)) => Some("no roll is left"),
            Some(Action::ChanceChance) if self.rolls_left > 0 => {
                Some("chance-chance comes after the last roll")
            }
            Some(Action::ChanceChance) => rules
                .chance_chance_box(state)
                .is_none()
                .then_some("Chance is filled"),
        }
    }

    /// Writes the legal actions into `out` (1 legal, 0 not; one entry per action).
    pub fn mask(&self, out: &mut [u8]) {
        for (a, m) in out.iter_mut().enumerate() {
            *m = u8::from(self.is_legal(a));
        }
    }

    /// Plays action `a`. An illegal action is refused and changes nothing.
    pub fn step(&mut self, a: usize) -> Result<Step, LearnError> {
        if let Some(why) = self.why_illegal(a) {
            return Err(LearnError::Illegal { action: a, why });
        }
        let regret = self.model.is_some().then(|| self.best - self.values[a]);
        let action = self.layout.action(a).expect("legal");
        let mut reward = 0;
        match action {
            Action::Keep(mask) if self.rolls_left > 0 => {
                self.roll(mask, 3 - self.rolls_left);
                self.rolls_left -= 1;
                self.value_actions();
            }
            Action::Keep(mask) => {
                self.roll(mask, MULLIGAN_ROLL);
                self.mulligan_roll = true;
                self.value_actions();
            }
            Action::Score(b) => {
                let m = self.move_in(b).expect("legal");
                reward = self.write(m);
            }
            Action::ChanceChance => {
                self.roll(0, CHANCE_CHANCE_ROLL);
                let m = self.rules().chance_chance_move(self.scoring_state(), &self.dice());
                reward = self.write(m);
            }
        }
        Ok(Step {
            reward,
            terminated: self.is_over(),
            regret,
        })
    }

    /// The legal move that scores box `b` with the dice showing.
    fn move_in(&self, b: usize) -> Option<Move> {
        let mut found = None;
        self.rules()
            .for_each_move(self.scoring_state(), &self.dice(), |m| {
                if m.box_index == b {
                    found = Some(m);
                }
            });
        found
    }

    /// Writes move `m` on the card and starts the next turn.
    fn write(&mut self, m: Move) -> u32 {
        self.scores[m.box_index] = m.score;
        self.yahtzee_bonus += m.yahtzee_bonus;
        self.total += m.points();
        self.state = m.next;
        self.start_turn();
        m.points()
    }

    /// With a model: every legal action's expected points still to come from now (this
    /// step's included), NaN for the illegal ones, and the best of them.
    fn value_actions(&mut self) {
        let Some(model) = self.model.clone() else {
            return;
        };
        let n = self.layout.action_count();
        let mut values = std::mem::take(&mut self.values);
        let mut best = f64::NEG_INFINITY;
        for (a, v) in values.iter_mut().enumerate().take(n) {
            *v = if self.is_legal(a) {
                self.action_value(&model, a)
            } else {
                f64::NAN
            };
            if *v > best {
                best = *v;
            }
        }
        self.values = values;
        self.best = best;
    }

    fn action_value(&self, model: &Model, a: usize) -> f64 {
        let d = self.decisions.as_ref().expect("a model decides every turn");
        match self.layout.action(a).expect("legal") {
            Action::Keep(mask) => {
                let keep = tables().index(&dice_of(&self.dice, mask));
                if self.rolls_left > 0 {
                    d.keep_value(keep, self.rolls_left)
                } else {
                    d.mulligan_value(keep).expect("the mulligan in hand")
                }
            }
            Action::Score(b) => {
                let m = self.move_in(b).expect("legal");
                f64::from(m.points()) + model.value(m.next)
            }
            Action::ChanceChance => {
                chance_chance_value(self.rules(), self.scoring_state(), model.strategy.values())
            }
        }
    }

    /// With a model: each action's regret now (best value minus its value; NaN where
    /// illegal), written into `out`; returns the optimal expected final total from here.
    pub fn action_regret(&self, out: &mut [f64]) -> Option<f64> {
        self.model.as_ref()?;
        if self.is_over() {
            out.fill(f64::NAN);
            return Some(f64::from(self.total));
        }
        for (r, v) in out.iter_mut().zip(&self.values) {
            *r = self.best - v;
        }
        Some(f64::from(self.total) + self.best)
    }

    /// With a model: the optimal expected final total from now (the points on the card,
    /// then the best action's value).
    pub fn optimal_value(&self) -> Option<f64> {
        self.model.as_ref()?;
        let ahead = if self.is_over() { 0.0 } else { self.best };
        Some(f64::from(self.total) + ahead)
    }

    /// The observation ([`Layout::observation_names`]) written into `out`.
    pub fn observe(&self, out: &mut [f32]) {
        let rules = self.rules();
        let n = self.scores.len();
        for (o, d) in out.iter_mut().zip(self.dice) {
            *o = f32::from(d);
        }
        out[5] = f32::from(self.rolls_left);
        let mut upper = 0;
        for b in 0..n {
            out[6 + b] = f32::from(u8::from(self.state.is_filled(b)));
            out[6 + n + b] = self.scores[b] as f32;
            if rules.boxes[b].upper_face().is_some() {
                upper += self.scores[b];
            }
        }
        let at = 6 + 2 * n;
        out[at] = upper as f32;
        out[at + 1] = self.yahtzee_bonus as f32;
        out[at + 2] = f32::from(self.turn());
        out[at + 3] = self.total as f32;
        if rules.house.mulligan {
            out[at + 4] = f32::from(u8::from(self.mulligan_in_hand()));
            out[at + 5] = f32::from(u8::from(self.mulligan_roll));
        }
    }

    /// The best legal action now (the first of equal value), with a model.
    pub fn best_action(&self) -> Option<usize> {
        self.model.as_ref()?;
        (0..self.values.len()).find(|&a| self.values[a] == self.best)
    }
}

/// The dice at the positions of `mask` among `dice` (sorted faces, 0 for none).
fn dice_of(dice: &[u8; 5], mask: u8) -> Dice {
    let mut counts = [0u8; 6];
    for (i, &d) in dice.iter().enumerate() {
        if mask >> i & 1 == 1 && d > 0 {
            counts[usize::from(d) - 1] += 1;
        }
    }
    Dice::from_counts(counts).expect("at most five dice")
}
