//! Triple Yahtzee: three columns of the 13 Yahtzee boxes, 39 turns, column totals counted
//! ×1, ×2 and ×3, under the 1978 E.S. Lowe rules (default) or the forum variant (rules in
//! docs/RULES.md §8).
//!
//! The game is far too large to solve exactly (2^39 filled sets times three upper totals),
//! so this crate plays it the best way it can compute and measures how good that is:
//!
//! - [`game`]: the rules — legal moves, Joker placements and bonuses of each variant, built
//!   on the solitaire rules of `yahtzee-rules` (one column = one solitaire card);
//! - [`value`]: the approximate value of a position — the columns' solitaire values times
//!   their multipliers, plus a correction fitted per turn ([`fit`]);
//! - [`turn`]: each turn played exactly against that value with the solver's turn kernel;
//! - [`sim`]: seeded, thread-count-independent simulation with 95% intervals;
//! - [`exact`]: reduced games solved exactly, and a strategy's exact expected score there,
//!   for the distance from optimal;
//! - [`advice`]: every option of a position ranked by the strategy's values;
//! - [`card`] and [`record`]: the three-column scorecard and game records, with review.
//!
//! Over `yahtzee-rules`, `yahtzee-record` and `yahtzee-solver` only. Its front ends are the
//! engine (`yahtzee_engine::triple`: the CLI's `yahtzee triple advise|simulate|review`, the
//! server, Python, C, the games WebAssembly module) and the terminal game (`yahtzee triple
//! play`). `scripts/bench_triple.sh` measures its speeds.
//!
//! # Where to start
//!
//! [`standard_player`] (a [`Player`] over [`solitaire_table`] and [`standard_weights`]) and
//! `Player::turn`; [`Triple`] and [`TripleState`] for the rules.
//!
//! # Modules in detail
//!
//! - [`game`]: [`Triple`] (the base rule set of a column: `forced`, or a reduced one for the
//!   exact tests; [`Variant`] 1978 or forum), [`TripleState`] (three solitaire states plus
//!   the forum's Yahtzee count), `for_each_move` (1978: each column's moves from
//!   `RuleSet::for_each_move`; forum: the forced placement tiers and the 100/200/300
//!   bonuses).
//! - [`value`]: [`Valuer`]: Σ multiplier × the solitaire table's value of each column, plus
//!   `w[t] · φ(s)` (29 features, one weight row per turn number), or 0 (greedy).
//! - [`fit`]: the weights by fitted backward induction: positions sampled by playing, then
//!   from the last turn back, each position's exact turn value against turn `t + 1`'s fit,
//!   ridge-regressed on the features; two passes. The `weights` module is its output for the
//!   standard game (`cargo run --release -p yahtzee-triple --example fit`).
//! - [`turn`]: `Player::turn`: the solver's turn with a Triple step 1 (`final_values`: one
//!   value per (column, box, effect) slot and turn, then per roll a max over open boxes of
//!   multiplied points plus slot value), then the solver's keep steps twice; `best_keep`,
//!   `best_move`, `move_values` read the decisions off.
//! - [`sim`]: seeded games (a ChaCha8 stream per game, rayon), a summary with 95% intervals.
//! - [`exact`]: reduced games: the optimal value by memoised backward induction over the
//!   reachable positions, and a strategy's exact value (lane 0 decides, lane 1 carries exact
//!   values).
//! - [`card`], [`record`]: [`TripleCard`] (parses `1.ones=3 … bonus=100 yahtzees=2`, checks,
//!   totals, three-column display), the play/review file and its `review`.
//! - [`advice`]: `rank_options`: every option of a position (a keep or a (column, box) move)
//!   with the strategy's value, best first; the engine's advice and the terminal game's
//!   hints.

pub mod advice;
pub mod card;
pub mod exact;
pub mod fit;
pub mod game;
pub mod record;
pub mod sim;
pub mod turn;
pub mod value;
mod weights;

use std::sync::Arc;

pub use card::{CardError, TripleCard};
pub use game::{Triple, TripleMove, TripleState, Variant, COLUMNS, MULTIPLIERS};
pub use turn::{Player, Turn};
pub use value::{Kind, Valuer, Weights, FEATURES};

/// The solved solitaire table of the game's base rules (a fraction of a second in release).
pub fn solitaire_table(game: &Triple) -> Arc<Vec<f64>> {
    Arc::new(yahtzee_solver::solve(game.rules, &|_| {}))
}

/// The fitted correction shipped for the standard game of `variant`.
pub fn standard_weights(variant: Variant) -> Weights {
    match variant {
        Variant::Lowe1978 => weights::LOWE_1978.to_vec(),
        Variant::Forum => weights::FORUM.to_vec(),
    }
}

/// A player of the standard game: `kind` of strategy, `table` the solved `forced` table
/// (from [`solitaire_table`] or a table file).
pub fn standard_player(variant: Variant, kind: Kind, table: Arc<Vec<f64>>) -> Player {
    let game = Triple::standard(variant);
    Player::new(Valuer::new(game, kind, table, standard_weights(variant)))
}
