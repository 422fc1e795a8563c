//! One game of solitaire Yahtzee as an environment: the rules' moves, the dice stream, and
//! (with a [`Model`]) the exact value of every action.

use std::cell::RefCell;
use std::sync::LazyLock;

use yahtzee_advice::{Strategy, TurnDecisions};
use yahtzee_rules::{mega_tables, tables, Dice, Move, RuleSet, State, ROLLS};
use yahtzee_solver::{chance_chance_value, Values};

use crate::dice_stream::{draw, CHANCE_CHANCE_ROLL, MULLIGAN_ROLL};
use crate::finals::Finals;
use crate::layout::{Action, Layout};
use crate::model::Model;
use crate::six;
use crate::LearnError;

/// What one step did.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Step {
    /// Points written on the card by this step (box, upper bonus, Yahtzee bonus, Mega
    /// bonus).
    pub reward: u32,
    /// The card is full.
    pub terminated: bool,
    /// The action's loss against the best action, in expected final points (with a model).
    pub regret: Option<f64>,
}

/// One game: the card, the dice showing, the rolls left, the dice stream. A clone is the
/// same game at the same moment, to play on apart (a search's copy).
#[derive(Clone)]
pub struct Env {
    layout: Layout,
    model: Option<&'static Model>,
    seed: u64,
    episode: u64,
    state: State,
    /// Points written in each box (0 while open).
    scores: Vec<u32>,
    total: u32,
    yahtzee_bonus: u32,
    mega_bonus: u32,
    /// The dice showing, sorted: the first `n` (five; six on a Mega turn; none while the
    /// sixth-die question is asked).
    dice: [u8; 6],
    n: usize,
    rolls_left: u8,
    /// House rule "mega-yahtzee": the sixth-die question is asked (before the first roll),
    /// or the sixth die was taken this turn (the boxes are scored with it spent), and the
    /// Mega bonus six of a kind showing earns.
    question: bool,
    mega_turn: bool,
    mega_points: u32,
    /// House rule "mulligan": the dice showing are the mulligan's roll.
    mulligan_roll: bool,
    /// The legal move of each box with the dice showing (`None`: not legal), and the box a
    /// natural full house must go in (fool-house), refreshed whenever the dice change.
    moves: Vec<Option<Move>>,
    forced: Option<usize>,
    /// Each action's legality, and the dice's roll index, refreshed with the moves.
    legal: Vec<bool>,
    roll_index: usize,
    /// With a model, from the turn's decisions: every keep's value with one reroll left,
    /// and (mulligan in hand) every keep's value with the mulligan's roll to come. The
    /// decisions themselves live in a per-thread scratch ([`with_decisions`]): a batch
    /// of thousands of games keeps only these 7 KB each.
    keep1: Vec<f64>,
    spent: Vec<f64>,
    /// Under Mega Yahtzee: the five-dice turn's keep values with two rerolls left, kept
    /// from the question to the five dice rolled, and the question's two values (take the
    /// sixth die, roll five).
    keep2: Vec<f64>,
    sixth: (f64, f64),
    /// In a batch: a new turn's decisions are left to the batch, which decides many
    /// games' turns at once (`pending` until it has).
    pub(crate) defer: bool,
    pub(crate) pending: bool,
    /// Decided in lanes: every open box's value for each score this turn
    /// ([`Finals::cont`], by [`Finals::slot`]), so scoring a box reads it, not the table.
    pub(crate) cont: Vec<f64>,
    pub(crate) cont_this_turn: bool,
    /// Every action's value now (with a model), NaN where illegal, and the best.
    values: Vec<f64>,
    best: f64,
}

impl Env {
    /// A game of `layout`'s rules, exact values from `model` when given (it must be of the
    /// same rules). Call [`Env::reset`] before the first step.
    pub fn new(layout: Layout, model: Option<&'static Model>) -> Result<Env, LearnError> {
        if let Some(m) = &model {
            let rules = m.strategy.rules();
            if rules != layout.rules() {
                return Err(LearnError::ModelRules {
                    model: rules.name,
                    env: layout.rules().name,
                });
            }
        }
        Ok(Env {
            layout,
            model,
            seed: 0,
            episode: 0,
            state: State::START,
            scores: vec![0; layout.rules().box_count()],
            total: 0,
            yahtzee_bonus: 0,
            mega_bonus: 0,
            dice: [0; 6],
            n: 0,
            rolls_left: 0,
            question: false,
            mega_turn: false,
            mega_points: 0,
            mulligan_roll: false,
            moves: vec![None; layout.rules().box_count()],
            forced: None,
            legal: vec![false; layout.action_count()],
            roll_index: 0,
            keep1: Vec::new(),
            spent: Vec::new(),
            keep2: Vec::new(),
            sixth: (f64::NAN, f64::NAN),
            defer: false,
            pending: false,
            cont: vec![0.0; model.map_or(0, |m| m.finals.slots())],
            cont_this_turn: false,
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
        self.mega_bonus = 0;
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

    /// The dice showing (none while the sixth-die question is asked).
    pub fn dice(&self) -> Dice {
        dice_of(&self.dice[..self.n], u8::MAX)
    }

    pub fn rolls_left(&self) -> u8 {
        self.rolls_left
    }

    fn turn(&self) -> u8 {
        self.state.turns_played() as u8
    }

    /// Rolls the turn's opening five dice (or, with the sixth die in hand, asks whether to
    /// take it) and, with a model, decides the turn.
    fn start_turn(&mut self) {
        self.mulligan_roll = false;
        self.mega_turn = false;
        self.question = false;
        if self.is_over() {
            self.dice = [0; 6];
            self.n = 0;
            self.rolls_left = 0;
            self.moves.fill(None);
            self.forced = None;
            self.legal.fill(false);
            self.values.fill(f64::NAN);
            self.best = f64::NAN;
            return;
        }
        if self.rules().house.mega_yahtzee && !self.state.mega_used() {
            self.question = true;
            self.dice = [0; 6];
            self.n = 0;
            self.rolls_left = 0;
        } else {
            self.n = 5;
            self.roll(0, 0);
            self.rolls_left = 2;
        }
        self.refresh();
        if self.model.is_some() {
            if self.defer {
                self.pending = true;
            } else {
                self.decide_alone();
            }
        }
    }

    /// The model, when this game has one.
    pub(crate) fn model(&self) -> Option<&'static Model> {
        self.model
    }

    /// Whether this turn's decisions need the whole scalar strategy (the mulligan in hand,
    /// or a natural full house that could not be rerolled) rather than the shared lanes.
    pub(crate) fn needs_alone(&self) -> bool {
        let rules = self.rules();
        (rules.house.mulligan && !self.state.mulligan_used())
            || rules.full_house_forcing(self.state).is_some()
            || self.question
    }

    /// The turn's state.
    pub(crate) fn state(&self) -> State {
        self.state
    }

    /// Decides this turn with the scalar strategy and values the opening roll's actions.
    pub(crate) fn decide_alone(&mut self) {
        let model = self.model.expect("a model");
        self.pending = false;
        self.cont_this_turn = false;
        with_decisions(&model.strategy, |d| {
            model.strategy.decide(self.state, d);
            self.keep1.clear();
            self.keep1.extend_from_slice(d.keep_values(1));
            self.spent.clear();
            if let Some(spent) = d.mulligan_values() {
                self.spent.extend_from_slice(spent);
            }
            let keep2 = d.keep_values(2);
            if self.question {
                // The five-dice turn's opening is valued once five dice are rolled.
                self.keep2.clear();
                self.keep2.extend_from_slice(keep2);
            } else {
                self.value_actions(&|k| keep2[k]);
            }
        });
        if self.question {
            self.sixth = six::question(model, self.state);
            self.value_actions(&|_| unreachable!("no keep while the question is asked"));
        }
    }

    /// Takes this turn's box continuations (by [`Finals::slot`]) from the lanes.
    pub(crate) fn set_cont(&mut self, cont: impl Iterator<Item = f64>) {
        self.cont.clear();
        self.cont.extend(cont);
        self.cont_this_turn = true;
    }

    /// Takes every keep's value with one reroll left from the lanes.
    pub(crate) fn set_keep1(&mut self, keep1: impl Iterator<Item = f64>) {
        self.keep1.clear();
        self.keep1.extend(keep1);
        self.spent.clear();
    }

    /// With the keep values of two rerolls left from the lanes, values the opening roll's
    /// actions: the turn is decided.
    pub(crate) fn decided(&mut self, keep2: &dyn Fn(usize) -> f64) {
        self.pending = false;
        self.value_actions(keep2);
    }

    /// Keeps the dice at the positions of `mask` and rolls the others as roll `roll`.
    fn roll(&mut self, mask: u8, roll: u8) {
        let turn = self.turn();
        let mut slot = 0;
        for (i, d) in self.dice[..self.n].iter_mut().enumerate() {
            if mask >> i & 1 == 0 {
                *d = draw(self.seed, self.episode, turn, roll, slot);
                slot += 1;
            }
        }
        self.dice[..self.n].sort_unstable();
        self.dice[self.n..].fill(0);
    }

    /// The legal moves and actions of the position, once each time it changes (not per
    /// action asked about).
    fn refresh(&mut self) {
        let (state, dice) = (self.scoring_state(), self.dice());
        let rules = self.rules();
        self.moves.fill(None);
        self.forced = None;
        self.mega_points = 0;
        let mut chance_chance = false;
        if self.n == 6 {
            chance_chance = six::moves(rules, state, &dice, &mut self.moves);
            if dice.six_of_a_kind().is_some() {
                self.mega_points = rules.mega_bonus;
            }
        } else if self.n == 5 {
            let moves = &mut self.moves;
            rules.for_each_move(state, &dice, |m| moves[m.box_index] = Some(m));
            self.forced = rules.forced_full_house(state, &dice);
            self.roll_index = tables().index(&dice);
            chance_chance = self.forced.is_none() && rules.chance_chance_box(state).is_some();
        }
        // By kind of action (the rules of `why_illegal`, which a test holds this to).
        // A keep's bits past the dice showing are ignored (with no dice, before the sixth
        // die's question is answered, every keep keeps nothing: it rolls five).
        let all = self.all_showing();
        let (question, forced, rolls_left) = (self.question, self.forced, self.rolls_left);
        let mulligan = self.mulligan_in_hand();
        let keep = |m: u8| match forced {
            _ if question => true,
            Some(_) => false,
            None if rolls_left > 0 => true,
            None => mulligan && m & all != all, // keeping all is no mulligan
        };
        let mut legal = std::mem::take(&mut self.legal);
        for (a, l) in legal.iter_mut().enumerate() {
            *l = match self.layout.action(a) {
                Some(Action::Keep(m)) => keep(m),
                Some(Action::Score(b)) => {
                    self.moves[b].is_some() && self.forced.is_none_or(|f| f == b)
                }
                Some(Action::ChanceChance) => chance_chance && self.rolls_left == 0,
                Some(Action::SixthDie(_)) => self.question,
                None => false,
            };
        }
        self.legal = legal;
    }

    /// The state the boxes are scored from: after the mulligan's roll, with it spent; on
    /// a Mega turn, with the sixth die spent.
    fn scoring_state(&self) -> State {
        if self.mulligan_roll {
            self.state.with_mulligan_used(true)
        } else if self.mega_turn {
            self.state.with_mega_used(true)
        } else {
            self.state
        }
    }

    /// The keep mask of every die showing.
    fn all_showing(&self) -> u8 {
        ((1u16 << self.n) - 1) as u8
    }

    /// The mulligan can be spent now (never on a Mega turn).
    fn mulligan_in_hand(&self) -> bool {
        self.rules().house.mulligan
            && !self.state.mulligan_used()
            && !self.mulligan_roll
            && !self.mega_turn
    }

    /// Whether action `a` is legal now.
    pub fn is_legal(&self, a: usize) -> bool {
        self.legal.get(a).copied().unwrap_or(false)
    }

    /// Why action `a` is refused now, `None` when it is legal: the position's mask is read
    /// (a step's hot path), the reason worked out only for a refusal.
    pub(crate) fn refusal(&self, a: usize) -> Option<&'static str> {
        if self.is_legal(a) {
            return None;
        }
        Some(self.why_illegal(a).unwrap_or("not legal now"))
    }

    /// Why action `a` is not legal now, or `None` when it is.
    pub fn why_illegal(&self, a: usize) -> Option<&'static str> {
        if self.is_over() {
            return Some("the game is over");
        }
        let forced = self.forced;
        let all = self.all_showing();
        match self.layout.action(a) {
            None => Some("no such action"),
            Some(Action::SixthDie(_)) if !self.question => {
                Some("the sixth die is taken or not before a turn's first roll")
            }
            Some(Action::SixthDie(_) | Action::Keep(_)) if self.question => None,
            Some(_) if self.question => Some("first take the sixth die or roll five"),
            Some(Action::SixthDie(_)) => None,
            Some(Action::Score(b)) if forced.is_some_and(|f| f != b) => {
                Some("a natural full house must be scored in Full House (fool-house)")
            }
            Some(Action::Score(b)) => self.moves[b]
                .is_none()
                .then_some("that box is filled, or the Joker rule rules it out"),
            Some(_) if forced.is_some() => {
                Some("a natural full house must be scored in Full House (fool-house)")
            }
            Some(Action::Keep(_)) if self.rolls_left > 0 => None,
            Some(Action::Keep(m)) if m & all == all => Some("no roll is left"),
            Some(Action::Keep(_)) if self.mulligan_in_hand() => None,
            Some(Action::Keep(_)) => Some("no roll is left"),
            Some(Action::ChanceChance) if self.rolls_left > 0 => {
                Some("chance-chance comes after the last roll")
            }
            Some(Action::ChanceChance)
                if self
                    .rules()
                    .chance_chance_box(self.scoring_state())
                    .is_none() =>
            {
                Some("Chance is filled")
            }
            Some(Action::ChanceChance) => (self.n == 6 && !self.is_legal(a)).then_some(
                "every five of the six dice is a full house that must be scored (fool-house)",
            ),
        }
    }

    /// Writes the legal actions into `out` (1 legal, 0 not; one entry per action).
    pub fn mask(&self, out: &mut [u8]) {
        for (m, &l) in out.iter_mut().zip(&self.legal) {
            *m = u8::from(l);
        }
    }

    /// Plays action `a`. An illegal action is refused and changes nothing.
    pub fn step(&mut self, a: usize) -> Result<Step, LearnError> {
        if let Some(why) = self.refusal(a) {
            return Err(LearnError::Illegal { action: a, why });
        }
        let regret = self.model.is_some().then(|| self.best - self.values[a]);
        let action = self.layout.action(a).expect("legal");
        let mut reward = 0;
        let action = match action {
            // No dice showing: a keep keeps nothing and rolls five dice.
            Action::Keep(_) if self.question => Action::SixthDie(false),
            other => other,
        };
        match action {
            Action::SixthDie(take) => {
                self.question = false;
                self.mega_turn = take;
                self.n = if take { 6 } else { 5 };
                self.roll(0, 0);
                self.rolls_left = 2;
                self.refresh();
                if let Some(model) = self.model {
                    if take {
                        let (mut keep1, mut keep2) = (std::mem::take(&mut self.keep1), Vec::new());
                        six::keep_values(model, self.scoring_state(), &mut keep1, &mut keep2);
                        self.keep1 = keep1;
                        self.value_actions(&|k| keep2[k]);
                    } else {
                        let keep2 = std::mem::take(&mut self.keep2);
                        self.value_actions(&|k| keep2[k]);
                    }
                }
            }
            Action::Keep(mask) if self.rolls_left > 0 => {
                self.roll(mask, 3 - self.rolls_left);
                self.rolls_left -= 1;
                self.refresh();
                self.value_actions(&|_| unreachable!("two rerolls left only at a turn's opening"));
            }
            Action::Keep(mask) => {
                self.mulligan_roll = true; // before the roll: its moves are in the spent state
                self.roll(mask, MULLIGAN_ROLL);
                self.refresh();
                self.value_actions(&|_| unreachable!("two rerolls left only at a turn's opening"));
            }
            Action::Score(b) => {
                let (m, mega) = (self.move_in(b).expect("legal"), self.mega_points);
                reward = mega + self.write(m, mega);
            }
            Action::ChanceChance => {
                let mega = self.mega_points;
                self.n = 5; // five dice rerolled into Chance, on a Mega turn too
                self.roll(0, CHANCE_CHANCE_ROLL);
                let m = self
                    .rules()
                    .chance_chance_move(self.scoring_state(), &self.dice());
                reward = mega + self.write(m, mega);
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
        self.moves[b]
    }

    /// Writes move `m` (and a Mega bonus of `mega` points) on the card and starts the next
    /// turn; returns the move's points.
    fn write(&mut self, m: Move, mega: u32) -> u32 {
        self.scores[m.box_index] = m.score;
        self.yahtzee_bonus += m.yahtzee_bonus;
        self.mega_bonus += mega;
        self.total += m.points() + mega;
        self.state = m.next;
        self.start_turn();
        m.points()
    }

    /// With a model: every legal action's expected points still to come from now (this
    /// step's included), NaN for the illegal ones, and the best of them. `keep2`: every
    /// keep's value with two rerolls left (read at a turn's opening roll only).
    fn value_actions(&mut self, keep2: &dyn Fn(usize) -> f64) {
        let Some(model) = self.model else {
            return;
        };
        let mut values = std::mem::take(&mut self.values);
        values.fill(f64::NAN);
        let (keeps, rest) = values.split_at_mut(self.layout.keeps());
        if self.legal[0] {
            // Every keep of the dice showing is legal, or (the mulligan) all but one.
            let five = (self.n == 5).then(|| mask_keeps(self.roll_index));
            for (m, v) in keeps.iter_mut().enumerate() {
                if !self.legal[m] {
                    continue;
                }
                if self.question {
                    *v = self.sixth.1; // keeping nothing: rolling five
                    continue;
                }
                let k = match five {
                    Some(indices) => usize::from(indices[m & 31]),
                    None => mega_tables().index(&dice_of(&self.dice[..6], m as u8)),
                };
                *v = match self.rolls_left {
                    2 => keep2(k),
                    1 => self.keep1[k],
                    _ => self.spent[k],
                };
            }
        }
        let boxes = self.scores.len();
        for (i, v) in rest.iter_mut().enumerate() {
            if !self.legal[self.layout.keeps() + i] {
                continue;
            }
            *v = match self.layout.action(self.layout.keeps() + i) {
                Some(Action::SixthDie(true)) => self.sixth.0,
                Some(Action::SixthDie(false)) => self.sixth.1,
                _ if i < boxes => self.box_value(model, i),
                _ => self.chance_chance_value(model),
            };
        }
        let mut best = f64::NEG_INFINITY;
        for &v in &values {
            if v > best {
                best = v;
            }
        }
        self.values = values;
        self.best = best;
    }

    /// The value of scoring box `b` now.
    fn box_value(&self, model: &Model, b: usize) -> f64 {
        let m = self.moves[b].expect("a legal box");
        if self.n == 6 {
            // The advice's expression for six dice (`advise_six`), then the Mega bonus.
            let value = f64::from(m.points()) + model.values.value(self.rules(), m.next);
            return value + f64::from(self.mega_points);
        }
        let cont = if self.cont_this_turn && !self.mulligan_roll {
            self.cont[model.finals.slot(b, m.score)]
        } else {
            Finals::cont(self.rules(), model.values, self.scoring_state(), b, m.score)
        };
        cont + f64::from(m.yahtzee_bonus)
    }

    /// The value of chance-chance now (with six dice showing, their Mega bonus too).
    fn chance_chance_value(&self, model: &Model) -> f64 {
        chance_chance_value(self.rules(), self.scoring_state(), model.values)
            + f64::from(self.mega_points)
    }

    /// With a model: each action's regret now (best value minus its value; +inf where
    /// illegal, so the best action is the least regret's), written into `out`; returns the
    /// optimal expected final total from here.
    pub fn action_regret(&self, out: &mut [f64]) -> Option<f64> {
        self.model.as_ref()?;
        if self.is_over() {
            out.fill(f64::INFINITY);
            return Some(f64::from(self.total));
        }
        for ((r, v), &legal) in out.iter_mut().zip(&self.values).zip(&self.legal) {
            *r = if legal { self.best - v } else { f64::INFINITY };
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

    /// The points each box action would write now (box, upper bonus, Yahtzee bonus),
    /// written into `out`; NaN for the actions that write nothing now or are illegal
    /// (keeps; chance-chance, whose points are still to roll). For greedy agents and
    /// reward shaping.
    pub fn action_points(&self, out: &mut [f64]) {
        out.fill(f64::NAN);
        let k = self.layout.keeps();
        for (b, m) in self.moves.iter().enumerate() {
            if let (Some(m), true) = (m, self.is_legal(k + b)) {
                out[k + b] = f64::from(m.points() + self.mega_points);
            }
        }
    }

    /// The observation ([`Layout::observation_names`]) written into `out`.
    pub fn observe(&self, out: &mut [f32]) {
        let rules = self.rules();
        let n = self.scores.len();
        let d = self.layout.dice();
        for (o, &x) in out.iter_mut().zip(&self.dice[..d]) {
            *o = f32::from(x);
        }
        out[d] = f32::from(self.rolls_left);
        let mut upper = 0;
        for b in 0..n {
            out[d + 1 + b] = f32::from(u8::from(self.state.is_filled(b)));
            out[d + 1 + n + b] = self.scores[b] as f32;
            if rules.boxes[b].upper_face().is_some() {
                upper += self.scores[b];
            }
        }
        let mut at = d + 1 + 2 * n;
        out[at] = upper as f32;
        out[at + 1] = self.yahtzee_bonus as f32;
        out[at + 2] = f32::from(self.turn());
        out[at + 3] = self.total as f32;
        at += 4;
        if rules.house.mulligan {
            out[at] = f32::from(u8::from(self.mulligan_in_hand()));
            out[at + 1] = f32::from(u8::from(self.mulligan_roll));
            at += 2;
        }
        if rules.house.mega_yahtzee {
            out[at] = f32::from(u8::from(!self.state.mega_used() && !self.mega_turn));
            out[at + 1] = f32::from(u8::from(self.question));
        }
    }

    /// The best legal action now (the first of equal value), with a model.
    pub fn best_action(&self) -> Option<usize> {
        self.model.as_ref()?;
        (0..self.values.len()).find(|&a| self.values[a] == self.best)
    }
}

/// Runs `f` with this thread's room for a turn's decisions under `strategy`'s rules.
pub(crate) fn with_decisions<R>(
    strategy: &Strategy<'static>,
    f: impl FnOnce(&mut TurnDecisions) -> R,
) -> R {
    thread_local! {
        static SCRATCH: RefCell<Vec<(&'static str, TurnDecisions)>> = const { RefCell::new(Vec::new()) };
    }
    SCRATCH.with_borrow_mut(|scratch| {
        let name = strategy.rules().name;
        let at = match scratch.iter().position(|(n, _)| *n == name) {
            Some(at) => at,
            None => {
                scratch.push((name, strategy.new_decisions()));
                scratch.len() - 1
            }
        };
        f(&mut scratch[at].1)
    })
}

/// The keep index of every keep mask (bit `i`: the `i`-th die, sorted) of every roll.
fn mask_keeps(roll: usize) -> &'static [u16; 32] {
    static TABLE: LazyLock<Vec<[u16; 32]>> = LazyLock::new(|| {
        (0..ROLLS)
            .map(|r| {
                let mut faces = [0u8; 5];
                for (f, d) in faces.iter_mut().zip(tables().keep(r).faces()) {
                    *f = d;
                }
                std::array::from_fn(|m| tables().index(&dice_of(&faces, m as u8)) as u16)
            })
            .collect()
    });
    &TABLE[roll]
}

/// The dice at the positions of `mask` among `dice` (sorted faces, 0 for none).
fn dice_of(dice: &[u8], mask: u8) -> Dice {
    let faces: Vec<u8> = (dice.iter().enumerate())
        .filter(|&(i, &d)| mask >> i & 1 == 1 && d > 0)
        .map(|(_, &d)| d)
        .collect();
    Dice::from_faces_up_to(&faces, yahtzee_rules::MEGA_DICE).expect("at most six dice")
}
