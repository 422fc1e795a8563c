//! How a rule set scores: every box's score for every roll (precomputed), the Joker
//! conventions, the house rules' moves, and [`RuleSet::for_each_move`] /
//! [`RuleSet::place`], the one door every solver, advisor and game goes through.

use super::rule_set::{Joker, Move, RuleSet, Style};
use crate::category::Category;
use crate::dice::{tables, Dice, ROLLS};
use crate::state::{State, UPPER_CAP};

impl RuleSet {
    fn score_table(&self) -> &[Vec<u8>] {
        self.scores.get_or_init(|| {
            self.boxes
                .iter()
                .map(|&c| {
                    (0..ROLLS)
                        .map(|r| self.score_uncached(c, &tables().keep(r)) as u8)
                        .collect()
                })
                .collect()
        })
    }

    /// Normal score of box `c` for `dice` (five dice), with no Joker.
    pub fn score(&self, c: Category, dice: &Dice) -> u32 {
        match self.box_index(c) {
            Some(b) if dice.len() == 5 => u32::from(self.score_table()[b][dice.index()]),
            _ => self.score_uncached(c, dice),
        }
    }

    /// Normal score of box index `b` for roll index `r`, from the precomputed table.
    #[inline]
    pub fn score_of_roll(&self, b: usize, r: usize) -> u32 {
        u32::from(self.score_table()[b][r])
    }

    fn score_uncached(&self, c: Category, dice: &Dice) -> u32 {
        if let Some(f) = c.upper_face() {
            return u32::from(f) * u32::from(dice.count(f));
        }
        let counts = dice.counts();
        let max_count = counts.iter().copied().max().unwrap_or(0);
        let has_run = |from: usize, len: usize| (from..from + len).all(|f| counts[f] > 0);
        let full_house = counts.contains(&3) && counts.contains(&2);
        // Faces showing at least `n` times, highest first.
        let with = |n: u8| {
            (1..=6u32)
                .rev()
                .filter(move |&f| counts[f as usize - 1] >= n)
        };
        let of_a_kind = |n: u8| with(n).next().map_or(0, |f| f * u32::from(n));
        match (self.style, c) {
            (_, Category::Chance) => dice.sum(),
            (_, Category::Yahtzee) if max_count == 5 => 50,
            (_, Category::OnePair) => of_a_kind(2),
            (_, Category::TwoPairs) => {
                // Two different faces: four of a kind is one face, not two pairs.
                let pairs: Vec<u32> = with(2).collect();
                if pairs.len() == 2 {
                    2 * (pairs[0] + pairs[1])
                } else {
                    0
                }
            }
            (Style::Yatzy, Category::ThreeOfAKind) => of_a_kind(3),
            (Style::Yatzy, Category::FourOfAKind) => of_a_kind(4),
            (Style::Yatzy, Category::SmallStraight) if counts == [1, 1, 1, 1, 1, 0] => 15,
            (Style::Yatzy, Category::LargeStraight) if counts == [0, 1, 1, 1, 1, 1] => 20,
            (Style::Yatzy, Category::FullHouse) if full_house => dice.sum(),
            (Style::Yahtzee, Category::ThreeOfAKind) if max_count >= 3 => dice.sum(),
            (Style::Yahtzee, Category::FourOfAKind) if max_count >= 4 => dice.sum(),
            (Style::Yahtzee, Category::FullHouse) if full_house => 25,
            (Style::Yahtzee, Category::SmallStraight) if (0..3).any(|f| has_run(f, 4)) => 30,
            (Style::Yahtzee, Category::LargeStraight) if (0..2).any(|f| has_run(f, 5)) => 40,
            _ => 0,
        }
    }

    /// Scores a Joker gets in a lower box (full value for the fixed-score boxes).
    fn joker_score(&self, c: Category, dice: &Dice) -> u32 {
        match c {
            Category::FullHouse => 25,
            Category::SmallStraight => 30,
            Category::LargeStraight => 40,
            _ => self.score(c, dice),
        }
    }

    /// True when every box of the card is filled.
    #[inline]
    pub fn is_full(&self, state: State) -> bool {
        state.filled().count_ones() as usize == self.box_count()
    }

    /// True when writing `dice` in box `b` from `state` uses a Joker: an extra Yahtzee put in
    /// a lower box under a Joker rule (what the statistics count as "Jokers applied").
    pub fn is_joker(&self, state: State, dice: &Dice, b: usize) -> bool {
        self.joker != Joker::None
            && self.boxes[b].upper_face().is_none()
            && self.is_extra_yahtzee(state, dice)
    }

    /// House rule "fool-house": the Full House box, when `dice` must be scored there at
    /// once in `state` (the rule is on, Full House is open and the dice are a natural full
    /// house, which a five of a kind is not).
    pub fn forced_full_house(&self, state: State, dice: &Dice) -> Option<usize> {
        self.full_house_forcing(state)
            .filter(|_| dice.len() == 5 && dice.is_natural_full_house())
    }

    /// House rule "fool-house": the Full House box, when a natural full house rolled in
    /// `state` must be scored there (the rule is on and the box is open).
    pub fn full_house_forcing(&self, state: State) -> Option<usize> {
        self.box_index(Category::FullHouse)
            .filter(|&b| self.house.fool_house && !state.is_filled(b))
    }

    /// True when `dice` is an extra Yahtzee in `state`: five of a kind with the Yahtzee box
    /// already filled.
    pub fn is_extra_yahtzee(&self, state: State, dice: &Dice) -> bool {
        dice.five_of_a_kind().is_some()
            && self
                .box_index(Category::Yahtzee)
                .is_some_and(|y| state.is_filled(y))
    }

    /// Calls `f` with every legal move for final dice `dice` in `state`, in card order.
    /// Applies the Joker rule, the extra-Yahtzee bonus and the "fool-house" house rule. Nothing is called when the card is
    /// full.
    pub fn for_each_move(&self, state: State, dice: &Dice, mut f: impl FnMut(Move)) {
        let extra = self.is_extra_yahtzee(state, dice);
        let bonus = if extra && state.yahtzee_50() {
            self.yahtzee_bonus
        } else {
            0
        };
        let open = (0..self.box_count()).filter(|&b| !state.is_filled(b));
        let mut emit = |b: usize, score: u32| {
            let (next, upper_bonus) = self.place(state, b, score);
            f(Move {
                box_index: b,
                score,
                upper_bonus,
                yahtzee_bonus: bonus,
                next,
            });
        };
        if let Some(b) = self.forced_full_house(state, dice) {
            return emit(b, self.score(self.boxes[b], dice));
        }
        let face = dice.five_of_a_kind().unwrap_or(1);
        match (extra, self.joker) {
            (true, Joker::Forced) => {
                let upper = self.box_index(Category::upper_for(face));
                let is_lower = |b: usize| self.boxes[b].upper_face().is_none();
                if let Some(u) = upper.filter(|&u| !state.is_filled(u)) {
                    emit(u, self.score(self.boxes[u], dice));
                } else if open.clone().any(is_lower) {
                    for b in open.filter(|&b| is_lower(b)) {
                        emit(b, self.joker_score(self.boxes[b], dice));
                    }
                } else {
                    for b in open {
                        emit(b, self.score(self.boxes[b], dice));
                    }
                }
            }
            (true, Joker::Original1956) => {
                let is_lower = |b: usize| self.boxes[b].upper_face().is_none();
                if open.clone().any(is_lower) {
                    for b in open.filter(|&b| is_lower(b)) {
                        emit(b, self.joker_score(self.boxes[b], dice));
                    }
                } else {
                    for b in open {
                        emit(b, self.score(self.boxes[b], dice));
                    }
                }
            }
            (true, Joker::FreeChoice) => {
                let upper_filled = self
                    .box_index(Category::upper_for(face))
                    .is_none_or(|u| state.is_filled(u));
                for b in open {
                    let c = self.boxes[b];
                    let score = if upper_filled {
                        self.joker_score(c, dice)
                    } else {
                        self.score(c, dice)
                    };
                    emit(b, score);
                }
            }
            _ => {
                for b in open {
                    emit(b, self.score(self.boxes[b], dice));
                }
            }
        }
    }

    /// Writes `score` in box `b`: returns the next state and the upper bonus earned (if this
    /// move lifts the upper total to the threshold).
    #[inline]
    pub fn place(&self, state: State, b: usize, score: u32) -> (State, u32) {
        let c = self.boxes[b];
        let mut upper = u32::from(state.upper());
        let mut bonus = 0;
        if c.upper_face().is_some() {
            let new = upper + score;
            if upper < self.upper_threshold && new >= self.upper_threshold {
                bonus = self.upper_bonus;
            }
            upper = new.min(UPPER_CAP);
        }
        let flag =
            state.yahtzee_50() || (c == Category::Yahtzee && score == 50 && self.yahtzee_bonus > 0);
        let next = State::new(state.filled() | 1 << b, upper as u8, flag)
            .with_mulligan_used(state.mulligan_used())
            .with_mega_used(state.mega_used());
        (next, bonus)
    }

    /// The box that a chance-chance reroll is scored in, when that house rule applies in
    /// `state` (the game has it and Chance is open).
    pub fn chance_chance_box(&self, state: State) -> Option<usize> {
        self.box_index(Category::Chance)
            .filter(|&b| self.house.chance_chance && !state.is_filled(b))
    }

    /// House rule "chance-chance": the move for `dice`, the five dice rerolled instead of
    /// scoring the last roll: their sum in Chance. A five of a kind among them earns the
    /// extra-Yahtzee bonus under the usual condition (the Yahtzee box holds 50); the Joker
    /// rule does not apply, as the roll must go in Chance.
    pub fn chance_chance_move(&self, state: State, dice: &Dice) -> Move {
        let b = self
            .box_index(Category::Chance)
            .expect("chance-chance needs Chance");
        let score = dice.sum();
        let yahtzee_bonus = if self.is_extra_yahtzee(state, dice) && state.yahtzee_50() {
            self.yahtzee_bonus
        } else {
            0
        };
        let (next, upper_bonus) = self.place(state, b, score);
        Move {
            box_index: b,
            score,
            upper_bonus,
            yahtzee_bonus,
            next,
        }
    }
}
