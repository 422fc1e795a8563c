//! Monte Carlo games with the optimal strategy: seeded, parallel, reproducible.
//!
//! Game `g` of a run with seed `s` draws its dice from its own ChaCha8 stream (seed `s`,
//! stream `g`), so a game's dice do not depend on which thread plays it or in what order.
//! Results are tallied as integer histograms, whose sums do not depend on the order they
//! are added in: the same seed gives the same tally whatever the number of threads.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use yahtzee_advice::{FinalChoice, Strategy, TurnDecisions};
use yahtzee_rules::{tables, Dice, Move, RuleSet, Scorecard, State};

/// Games handed to a worker at a time (and the progress granularity).
const CHUNK: u64 = 2048;

/// Histograms of the results of simulated games: `h[x]` = number of games where the
/// quantity was `x`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub games: u64,
    /// Per box, in card order: the points written in it.
    pub boxes: Vec<Vec<u64>>,
    /// The upper bonus points (0 or its value).
    pub upper_bonus: Vec<u64>,
    /// The extra-Yahtzee bonus points, on the card and earned.
    pub yahtzee_bonus: Vec<u64>,
    /// House rule "mega-yahtzee": the Mega bonus points, on the card and earned.
    pub mega_bonus: Vec<u64>,
    /// The final total.
    pub total: Vec<u64>,
    /// Turns played in the simulation whose final roll was five of a kind.
    pub yahtzees: Vec<u64>,
    /// Turns played that scored an extra Yahtzee in a lower box as a Joker.
    pub jokers: Vec<u64>,
}

fn count(h: &mut Vec<u64>, x: u32) {
    let x = x as usize;
    if h.len() <= x {
        h.resize(x + 1, 0);
    }
    h[x] += 1;
}

fn merge_into(a: &mut Vec<u64>, b: &[u64]) {
    if a.len() < b.len() {
        a.resize(b.len(), 0);
    }
    for (x, y) in a.iter_mut().zip(b) {
        *x += y;
    }
}

impl Tally {
    fn merge(mut self, other: Tally) -> Tally {
        self.games += other.games;
        if self.boxes.len() < other.boxes.len() {
            self.boxes.resize(other.boxes.len(), Vec::new());
        }
        for (a, b) in self.boxes.iter_mut().zip(&other.boxes) {
            merge_into(a, b);
        }
        merge_into(&mut self.upper_bonus, &other.upper_bonus);
        merge_into(&mut self.yahtzee_bonus, &other.yahtzee_bonus);
        merge_into(&mut self.mega_bonus, &other.mega_bonus);
        merge_into(&mut self.total, &other.total);
        merge_into(&mut self.yahtzees, &other.yahtzees);
        merge_into(&mut self.jokers, &other.jokers);
        self
    }
}

/// Plays `games` games with `strategy` from `card`, in parallel; `progress` is called with
/// the number of games just finished.
pub fn simulate(
    strategy: &Strategy,
    card: &Scorecard,
    games: u64,
    seed: u64,
    progress: &(dyn Fn(u64) + Sync),
) -> Tally {
    (0..games.div_ceil(CHUNK))
        .into_par_iter()
        .map_init(
            || Player::new(strategy, card),
            |player, chunk| {
                let range = chunk * CHUNK..((chunk + 1) * CHUNK).min(games);
                let n = range.end - range.start;
                let mut tally = Tally::default();
                for g in range {
                    let mut rng = ChaCha8Rng::seed_from_u64(seed);
                    rng.set_stream(g);
                    player.play(&mut rng, &mut tally);
                }
                progress(n);
                tally
            },
        )
        .reduce(Tally::default, Tally::merge)
}

/// One worker: the strategy, the starting card, and the decisions of the first turn
/// (the same in every game, so computed once).
struct Player<'s, 'v> {
    strategy: &'s Strategy<'v>,
    card: Scorecard,
    first: TurnDecisions,
    turn: TurnDecisions,
}

impl<'s, 'v> Player<'s, 'v> {
    fn new(strategy: &'s Strategy<'v>, card: &Scorecard) -> Self {
        let mut first = strategy.new_decisions();
        if !card.is_full() {
            strategy.decide(card.state(), &mut first);
        }
        Player {
            strategy,
            card: card.clone(),
            first,
            turn: strategy.new_decisions(),
        }
    }

    /// Plays one game to the end and counts its results.
    fn play(&mut self, rng: &mut ChaCha8Rng, tally: &mut Tally) {
        let rules = self.strategy.rules();
        let mut scores: Vec<u32> = rules
            .boxes
            .iter()
            .map(|&c| self.card.score(c).unwrap_or(0))
            .collect();
        let mut yahtzee_bonus = self.card.yahtzee_bonus();
        let mut mega_bonus = self.card.mega_bonus();
        let (mut yahtzees, mut jokers) = (0, 0);
        let mut state = self.card.state();
        let mut first = true;
        while !rules.is_full(state) {
            let d = if first {
                &self.first
            } else {
                self.strategy.decide(state, &mut self.turn);
                &self.turn
            };
            first = false;
            let (m, dice, from) = if d.takes_sixth_die() {
                let (m, dice, from, bonus) = mega_turn(rules, d, rng);
                mega_bonus += bonus;
                (m, dice, from)
            } else {
                let mut roll = roll_onto(rng, Dice::EMPTY);
                for rolls_left in [2, 1] {
                    let keep = d.keep_for(roll, rolls_left);
                    if keep != roll {
                        roll = roll_onto(rng, tables().keep(keep));
                    }
                }
                finish_turn(rules, d, roll, rng)
            };
            scores[m.box_index] = m.score;
            yahtzee_bonus += m.yahtzee_bonus;
            if dice.five_of_a_kind().is_some() {
                yahtzees += 1;
                if rules.is_joker(from, &dice, m.box_index) {
                    jokers += 1;
                }
            }
            state = m.next;
        }
        let upper: u32 = (0..rules.box_count())
            .filter(|&b| rules.boxes[b].upper_face().is_some())
            .map(|b| scores[b])
            .sum();
        let upper_bonus = if upper >= rules.upper_threshold {
            rules.upper_bonus
        } else {
            0
        };
        if tally.boxes.is_empty() {
            tally.boxes = vec![Vec::new(); rules.box_count()];
        }
        for (h, &s) in tally.boxes.iter_mut().zip(&scores) {
            count(h, s);
        }
        let total = scores.iter().sum::<u32>() + upper_bonus + yahtzee_bonus + mega_bonus;
        tally.games += 1;
        count(&mut tally.upper_bonus, upper_bonus);
        count(&mut tally.yahtzee_bonus, yahtzee_bonus);
        count(&mut tally.mega_bonus, mega_bonus);
        count(&mut tally.total, total);
        count(&mut tally.yahtzees, yahtzees);
        count(&mut tally.jokers, jokers);
    }
}

/// After the last roll `roll`: the move made, the dice it scores and the state it is made
/// from, through chance-chance and the mulligan where the strategy takes them.
fn finish_turn(
    rules: &RuleSet,
    d: &TurnDecisions,
    roll: usize,
    rng: &mut ChaCha8Rng,
) -> (Move, Dice, State) {
    let (choice, roll, state) = match d.final_choice(roll) {
        FinalChoice::Mulligan(keep) => {
            let again = roll_onto(rng, tables().keep(keep));
            (
                d.choice_after_mulligan(again),
                again,
                d.state_after_mulligan(),
            )
        }
        other => (other, roll, d.state()),
    };
    match choice {
        FinalChoice::Score(m) => (m, tables().keep(roll), state),
        FinalChoice::ChanceChance => {
            let dice = tables().keep(roll_onto(rng, Dice::EMPTY));
            (rules.chance_chance_move(state, &dice), dice, state)
        }
        FinalChoice::Mulligan(_) => unreachable!("the mulligan is spent once"),
    }
}

/// House rule "mega-yahtzee": the turn with the sixth die, played by the strategy: the
/// move, the five dice scored, the state it is made from and the Mega bonus earned.
fn mega_turn(rules: &RuleSet, d: &TurnDecisions, rng: &mut ChaCha8Rng) -> (Move, Dice, State, u32) {
    let t = yahtzee_rules::mega_tables();
    let mut roll = roll_six_onto(rng, Dice::EMPTY);
    for rolls_left in [2, 1] {
        let keep = d.mega_keep_for(roll, rolls_left);
        if keep != roll {
            roll = roll_six_onto(rng, t.keep(keep));
        }
    }
    let bonus = match t.keep(roll).six_of_a_kind() {
        Some(_) => rules.mega_bonus,
        None => 0,
    };
    let state = d.state_after_sixth_die();
    match d.mega_final_choice(roll) {
        (five, FinalChoice::Score(m)) => (m, five, state, bonus),
        (_, FinalChoice::ChanceChance) => {
            let dice = tables().keep(roll_onto(rng, Dice::EMPTY));
            (rules.chance_chance_move(state, &dice), dice, state, bonus)
        }
        (_, FinalChoice::Mulligan(_)) => unreachable!("no mulligan on the Mega turn"),
    }
}

/// Rolls the dice missing from `keep` up to six and returns the six-dice roll index.
fn roll_six_onto(rng: &mut ChaCha8Rng, keep: Dice) -> usize {
    let mut faces = keep.faces();
    while faces.len() < yahtzee_rules::MEGA_DICE {
        faces.push(rng.random_range(1..=6));
    }
    let dice = Dice::from_faces_up_to(&faces, yahtzee_rules::MEGA_DICE).expect("six dice");
    dice.mega_index()
}

/// Rolls the dice missing from `keep` and returns the roll index of the five dice.
fn roll_onto(rng: &mut ChaCha8Rng, keep: Dice) -> usize {
    let mut counts = keep.counts();
    for _ in keep.len()..5 {
        counts[rng.random_range(0..6)] += 1;
    }
    let dice = Dice::from_counts(counts).expect("five dice");
    tables().index(&dice)
}
