//! Triple Yahtzee: three columns of the 13 Yahtzee boxes, 39 turns, column totals counted
//! ×1, ×2 and ×3, under the 1978 E.S. Lowe rules (default) or the forum variant.
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
