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
    pub(crate) boxes: Vec<usize>,
}

/// The halves of a split card: each half's own game and where its boxes sit on the card
/// (`boxes[i]`: the card's box index of the half's box `i`). The number half does not see
/// colours: solved with one colour, the same values. A half with no boxes is left out.
fn split_games(card: &Game) -> Vec<(Game, Vec<usize>)> {
    let half = |keep: &dyn Fn(&PaintedBox) -> bool, colours: u8| {
        let boxes: Vec<usize> = (0..card.box_count())
            .filter(|&b| keep(&card.boxes[b]))
            .collect();
        if boxes.is_empty() {
            return None;
        }
        let game = Game::new(colours, boxes.iter().map(|&b| card.boxes[b]).collect())
            .expect("a half of a valid game is valid");
        Some((game, boxes))
    };
    let numbers = half(&|b| matches!(b, PaintedBox::Number(_)), 1);
    let painted = half(&|b| !matches!(b, PaintedBox::Number(_)), card.colours);
    numbers.into_iter().chain(painted).collect()
}

impl Half {
    fn new(game: Game, boxes: Vec<usize>, solve: &dyn Fn(&Game) -> Vec<f64>) -> Half {
        let table = Arc::new(solve(&game));
        assert_eq!(table.len(), game.state_count(), "one value per state");
        Half { game, table, boxes }
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
    Exact(Game, Arc<ExactTable>),
    /// The sum of the exact values of the number half and the painted half of the card,
    /// plus a correction by how many boxes each half has open ([`Correction`]).
    Split(Vec<Half>, Option<Arc<Correction>>),
}

/// An exact table: solved in this process, or a table file mapped from disk (the full
/// game's 1.6 GB, written by `yahtzee painted solve`, is read where advice needs it).
pub enum ExactTable {
    Held(Vec<f64>),
    #[cfg(feature = "native")]
    Mapped(yahtzee_table::GameTable),
}

impl ExactTable {
    /// The value of state `i` (state-index order).
    pub fn get(&self, i: usize) -> f64 {
        match self {
            ExactTable::Held(v) => v[i],
            #[cfg(feature = "native")]
            ExactTable::Mapped(m) => m.get(i),
        }
    }
}

/// What the split value misses, by the number of open boxes in each half: the mean, over
/// simulated games, of the points a position went on to score minus its split value. The
/// split value plays each half with its own turns; the real game sends each roll to the
/// half it suits, and is worth more the more choice is left.
#[derive(Clone, Debug, PartialEq)]
pub struct Correction {
    /// Boxes of the number half and of the painted half.
    pub sizes: [usize; 2],
    /// `table[a × (sizes[1] + 1) + p]`, `a` and `p` the open boxes of each half.
    pub table: Vec<f64>,
}

impl Correction {
    fn at(&self, a: usize, p: usize) -> f64 {
        self.table[a * (self.sizes[1] + 1) + p]
    }
}

impl Valuer {
    /// The split value of `game`'s card (both halves solved here: about a second for the
    /// full game).
    pub fn split(game: &Game) -> Valuer {
        Valuer::split_with(game, &solve::solve)
    }

    /// The split value with each half's table from `solve` (the exact solver, or a cache
    /// of its tables: the engine keeps them as table files).
    /// The games whose exact tables the strategy of `game` is built from, in the order
    /// they are solved: `game` itself when it has at most `exact_limit` states, else the
    /// halves of its split value (for a build's cost before it starts).
    pub fn tables_for(game: &Game, exact_limit: usize) -> Vec<Game> {
        if game.state_count() <= exact_limit {
            return vec![game.clone()];
        }
        split_games(game).into_iter().map(|(g, _)| g).collect()
    }

    pub fn split_with(game: &Game, solve: &dyn Fn(&Game) -> Vec<f64>) -> Valuer {
        let halves = split_games(game)
            .into_iter()
            .map(|(g, boxes)| Half::new(g, boxes, solve))
            .collect();
        Valuer::Split(halves, None)
    }

    /// This split value with a correction (a split value without one is corrected).
    pub fn with_correction(&self, c: Correction) -> Valuer {
        match self {
            Valuer::Split(h, _) => Valuer::Split(h.clone(), Some(Arc::new(c))),
            v => v.clone(),
        }
    }

    /// The split value without its correction, and the open boxes of each half.
    pub(crate) fn split_parts(&self, s: State) -> Option<(f64, usize, usize)> {
        match self {
            Valuer::Split(halves, _) if halves.len() == 2 => {
                let open = |h: &Half| h.boxes.iter().filter(|&&b| !s.is_filled(b)).count();
                let v = halves.iter().map(|h| h.value(s)).sum();
                Some((v, open(&halves[0]), open(&halves[1])))
            }
            _ => None,
        }
    }

    /// The strategy's value for `game`: its exact table when it has at most `exact_limit`
    /// states, else the split value, corrected by the shipped fit for the full game.
    pub fn for_game(game: &Game, exact_limit: usize) -> Valuer {
        Valuer::for_game_with(game, exact_limit, &solve::solve)
    }

    /// [`Valuer::for_game`] with every exact table (the game's, or each half's) from
    /// `solve`.
    pub fn for_game_with(
        game: &Game,
        exact_limit: usize,
        solve: &dyn Fn(&Game) -> Vec<f64>,
    ) -> Valuer {
        if game.state_count() <= exact_limit {
            let table = solve(game);
            assert_eq!(table.len(), game.state_count(), "one value per state");
            return Valuer::Exact(game.clone(), Arc::new(ExactTable::Held(table)));
        }
        let split = Valuer::split_with(game, solve);
        if *game == Game::standard() {
            split.with_correction(Correction {
                sizes: crate::correction::STANDARD_SIZES,
                table: crate::correction::STANDARD.to_vec(),
            })
        } else {
            split
        }
    }

    pub fn exact(game: &Game) -> Valuer {
        Valuer::Exact(game.clone(), Arc::new(ExactTable::Held(solve::solve(game))))
    }

    pub fn name(&self) -> &'static str {
        match self {
            Valuer::Exact(..) => "exact",
            Valuer::Split(_, None) => "split",
            Valuer::Split(_, Some(_)) => "split+corrected",
        }
    }

    /// The value of the position `s` of the whole card (0 once it is full).
    pub fn value(&self, s: State) -> f64 {
        match self {
            Valuer::Exact(game, table) => {
                if s.filled.count_ones() as usize == game.box_count() {
                    0.0
                } else {
                    table.get(game.state_index(s))
                }
            }
            // The halves are valued once either way (this is every continuation's cost).
            Valuer::Split(halves, c) => {
                match c.as_ref().and_then(|c| Some((c, self.split_parts(s)?))) {
                    Some((c, (v, a, p))) => v + c.at(a, p),
                    None => halves.iter().map(|h| h.value(s)).sum(),
                }
            }
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
                block.fill(f64::NAN);
                for o in game.reachable_offsets(filled) {
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
                    block[o] = tv.value[1];
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
            Valuer::Exact(g, t) => t.get(g.state_index(State::default())),
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
