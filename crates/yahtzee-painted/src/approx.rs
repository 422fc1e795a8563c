//! What the strategy plays each turn against: the value of the position after the move.
//!
//! In a game small enough, that is the exact table ([`Valuer::Exact`]). Otherwise the card
//! is cut in two games that are each solved exactly — the number boxes (Yahtzee's 13, with
//! the upper bonus and the Joker) and the painted boxes (colour totals and the colour
//! patterns) — and a position is worth the sum of its two halves' values
//! ([`Valuer::Split`]): two optimal games played side by side, each with its own turns. The
//! real game is worth more (a roll may go to either half), but what matters for a decision
//! is how the options compare, and the gap that costs is measured exactly on reduced games
//! by [`policy_value`] (docs/PAINTED.md).

use std::sync::Arc;

use rayon::prelude::*;

use crate::game::{Game, Layers, PaintedBox, State};
use crate::solve;
use crate::turn::{Plan, TurnValues};

/// One half of a split card: its own game, its table, and where its boxes sit on the card.
#[derive(Clone)]
pub struct Half {
    pub game: Game,
    table: Arc<Vec<f64>>,
    /// `boxes[i]`: the card's box index of the half's box `i`.
    boxes: Vec<usize>,
}

impl Half {
    fn new(card: &Game, keep: impl Fn(&PaintedBox) -> bool, colours: u8) -> Option<Half> {
        let boxes: Vec<usize> = (0..card.box_count())
            .filter(|&b| keep(&card.boxes[b]))
            .collect();
        if boxes.is_empty() {
            return None;
        }
        let game = Game::new(colours, boxes.iter().map(|&b| card.boxes[b]).collect())
            .expect("a half of a valid game is valid");
        let table = Arc::new(solve::solve(&game));
        Some(Half { game, table, boxes })
    }

    fn value(&self, s: State) -> f64 {
        let filled = self
            .boxes
            .iter()
            .enumerate()
            .fold(0, |m, (i, &b)| m | (s.filled >> b & 1) << i);
        if filled.count_ones() as usize == self.boxes.len() {
            return 0.0;
        }
        let sub = State {
            filled,
            upper: if self.game.has_upper() { s.upper } else { 0 },
            yahtzee_50: s.yahtzee_50 && self.game.flags() == 2,
        };
        self.table[self.game.state_index(sub)]
    }
}

/// A value of the position after a move.
#[derive(Clone)]
pub enum Valuer {
    /// The game's exact table (state-index order).
    Exact(Game, Arc<Vec<f64>>),
    /// The sum of the exact values of the number half and the painted half of the card.
    Split(Vec<Half>),
}

impl Valuer {
    /// The split value of `game`'s card (both halves solved here: about a second for the
    /// full game).
    pub fn split(game: &Game) -> Valuer {
        // The number half does not see colours: solved with one colour, the same values.
        let numbers = Half::new(game, |b| matches!(b, PaintedBox::Number(_)), 1);
        let painted = Half::new(game, |b| !matches!(b, PaintedBox::Number(_)), game.colours);
        Valuer::Split(numbers.into_iter().chain(painted).collect())
    }

    pub fn exact(game: &Game) -> Valuer {
        Valuer::Exact(game.clone(), Arc::new(solve::solve(game)))
    }

    pub fn name(&self) -> &'static str {
        match self {
            Valuer::Exact(..) => "exact",
            Valuer::Split(_) => "split",
        }
    }

    /// The value of the position `s` of the whole card (0 once it is full).
    pub fn value(&self, s: State) -> f64 {
        match self {
            Valuer::Exact(game, table) => {
                if s.filled.count_ones() as usize == game.box_count() {
                    0.0
                } else {
                    table[game.state_index(s)]
                }
            }
            Valuer::Split(halves) => halves.iter().map(|h| h.value(s)).sum(),
        }
    }
}

/// The exact expected score of the strategy that plays every turn exactly against
/// `valuer`: the solver's layers, each turn in two lanes — lane 0 decides by `valuer`, lane
/// 1 carries the strategy's own value of the next positions.
pub fn policy_value(game: &Game, valuer: &Valuer) -> f64 {
    let plan = Plan::new(game);
    let layers = Layers::of(game);
    let sps = game.states_per_set();
    let boxes = game.box_count();
    let mut next: Vec<f64> = Vec::new();
    for n in (0..boxes).rev() {
        let ids = &layers.sets[n];
        let own = solve::Next {
            game,
            layers: &layers,
            values: &next,
        };
        let mut layer = vec![0.0; ids.len() * sps];
        layer
            .par_chunks_mut(sps)
            .zip(ids.par_iter())
            .for_each(|(block, &id)| {
                let filled = game.set_of_id(id as usize);
                let mut tv = TurnValues::<2>::new(&plan);
                for (o, v) in block.iter_mut().enumerate() {
                    let s = game.state_at(filled, o);
                    plan.turn::<2, true>(
                        &[s; 2],
                        &mut |lane, n| {
                            if lane == 0 {
                                valuer.value(n)
                            } else {
                                own.value(n)
                            }
                        },
                        &mut tv,
                    );
                    *v = tv.value[1];
                }
            });
        next = layer;
    }
    next[game.state_offset(State::default())]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_exact_valuer_plays_the_optimal_strategy() {
        let game = Game::named("painted:c2:ones,yahtzee,colours,flush,palette").unwrap();
        let exact = Valuer::exact(&game);
        let optimal = match &exact {
            Valuer::Exact(g, t) => solve::start_value(g, t),
            _ => unreachable!(),
        };
        let v = policy_value(&game, &exact);
        assert!((v - optimal).abs() < 1e-9 * optimal, "{v} vs {optimal}");
        // The split strategy is worse, but not by much.
        let split = policy_value(&game, &Valuer::split(&game));
        assert!(
            split <= optimal + 1e-9 && split > 0.95 * optimal,
            "{split} vs {optimal}"
        );
    }
}
