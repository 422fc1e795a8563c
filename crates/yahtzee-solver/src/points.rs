//! Playing for a score instead of an average: the points-needed kernel and solver.
//!
//! Where [`crate::turn`] carries one expected value per state, this kernel carries, for one
//! state, a whole vector `v[c]` indexed by a *points coordinate* `c`: the best probability
//! (or, for a general payoff, the best expected payoff) from the start of a turn there. A
//! move that earns `p` points reads the next state's vector at `c - p`. Reads below 0 give
//! 1 and reads past the end of a vector give 0, so:
//!
//! - **Target** ([`solve_target`]): `c` is the number of points still needed, the final
//!   payoff is `[1.0]` (nothing more needed), and `v[c]` is the best P(earning at least `c`
//!   more points). One vector per state answers every target. Each state's vector runs
//!   from 0 to the most it can still score ([`crate::max_points`]).
//! - **Any payoff that rises with the final total** ([`solve_payoff`], for playing to win
//!   against opponents' score distributions): `c = top - x` for a final total `x`; the full
//!   card's vector is the payoff listed from `x = top` down, and 1 above `top`.
//!
//! The turn is the solver's: final rolls take the best move (bonuses, Joker rules and house
//! rules as in [`crate::TurnPlan`], whose keep steps run here on chunks of [`CHUNK`] `f32`
//! lanes of `c`), then two rerolls, then the mean over the opening roll (summed in `f64`).
//! Every lane is independent, so the result does not depend on how the work is split.
//!
//! The modules, bottom up: `prob` (the numbers carried), `table` (vectors in memory and how
//! one is read), `plan` (the kernel, and each option's value for advice), `solve` (the
//! solves over every state).

mod plan;
mod prob;
mod solve;
mod table;

pub use plan::{PointsPlan, PointsWorkspace, CHUNK};
pub use prob::{Prob, WinTie};
pub use solve::{payoff_peak, payoff_size, solve_payoff, solve_payoff_cancellable, solve_target};
pub use table::{read, PointsTable, PointsValues};
