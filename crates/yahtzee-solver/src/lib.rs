//! The exact solver: backward induction over every scorecard state of a rule set, giving the
//! expected final score still to come under optimal (expected-score maximising) play.
//!
//! [`solve()`] produces the whole value table; [`turn`] holds the one-turn kernel that both
//! the solver and the advice use, so advice is computed by the very code that built the
//! table.

pub mod cancel;
pub mod ends;
pub mod follow;
mod lanes;
pub mod max_points;
pub mod mega;
mod par;
#[cfg(all(target_arch = "wasm32", target_feature = "atomics"))]
pub use par::wasm_pool;
pub mod points;
pub mod solve;
pub mod turn;

pub use cancel::{Cancel, CancelOnDrop, Cancelled};
pub use ends::{turn_ends, TurnEnds};
pub use follow::{Follower, Outcome};
pub use max_points::{max_remaining, MAX_POINTS_MEGA_BONUS, NO_STATE};
pub use mega::MegaPlan;
pub use points::{
    payoff_peak, payoff_size, solve_payoff, solve_payoff_cancellable, solve_target, PointsPlan,
    PointsTable, PointsValues, PointsWorkspace, Prob, WinTie, CHUNK,
};
pub use solve::{reachable_states, solve, solve_cancellable, UNREACHABLE};
pub use turn::{chance_chance_value, Lane, Lanes, TurnPlan, Values, Workspace, LANES};
