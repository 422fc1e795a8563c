//! The exact solver: backward induction over every scorecard state of a rule set, giving the
//! expected final score still to come under optimal (expected-score maximising) play.
//!
//! [`solve()`] produces the whole value table; [`turn`] holds the one-turn kernel that both
//! the solver and the advice use, so advice is computed by the very code that built the
//! table. [`solve_target`] and [`solve_payoff`] do the same for playing to reach a score or to
//! win. Over `yahtzee-rules` only.
//!
//! # Where to start
//!
//! - [`TurnPlan`]: one turn for eight states ("lanes") at once, the kernel of everything.
//! - [`solve()`] / [`solve_cancellable`]: the value table, one `f64` per state; [`solve_part`]:
//!   the part a card with some boxes filled can still reach (a page's first answer).
//! - [`PointsPlan`], [`solve_target`], [`solve_payoff`]: a vector per state, indexed by points.
//!
//! # Modules
//!
//! - [`turn`]: `TurnPlan::turn_values` evaluates one turn for 8 states sharing a filled set:
//!   (1) every final roll's best move, via precomputed continuation "slots" (box × effect on
//!   the state), so the inner loop is `max(score + cont[slot])` over lanes; (2) each keep's
//!   expectation as the mean of its six one-die-larger keeps; (3) each keep's best sub-keep,
//!   recursively; (2) and (3) twice; then the mean over the opening roll. Five of a kind
//!   with the Yahtzee box filled goes through `RuleSet::for_each_move` (Jokers, bonus). Every
//!   step is a loop over `[f64; 8]`, which the compiler vectorises. House rules enter at step
//!   1 (`final_values`): chance-chance is one more option per roll ([`chance_chance_value`],
//!   shared with advice and strategy), and with the mulligan in hand each roll may instead be
//!   worth the best keep rolled once more in the "mulligan used" states. `mulligan_pair`
//!   evaluates a chunk of states and their mulligan-spent twins together, reusing the twins'
//!   first reroll. "Fool-house": `final_rolls` gives each natural full house its Full House
//!   move only, and `best_subkeeps_in(.., forced)` leaves those rolls out of the sub-keep
//!   step, so they are never rerolled.
//! - [`ends`]: [`turn_ends`]: how the turns of 8 states end under the table's own play, for
//!   the companion table (docs/EXPLAIN.md): the kernel's steps with, beside them, each lane's
//!   choices tie for tie as the advisor makes them (the keep lattice pass carries the lowest
//!   keep index holding each best), then the probabilities carried forward through the keeps
//!   chosen and each final roll's tallied to its move's slot and box ([`TurnEnds`]). Not the
//!   Mega turns; with the mulligan in hand, where it is spent and how the rolls it makes end.
//! - `lanes`: what every kernel works on: [`LANES`], [`Lanes`], the [`Lane`] number trait,
//!   and the keep step that five and six dice share (re-exported by [`turn`]).
//! - [`mega`]: "mega-yahtzee": [`MegaPlan`] (the six-dice keep graph, each roll of six's
//!   five-dice sub-rolls); `TurnPlan::mega_values` is the ordinary `final_rolls` in the states
//!   with the sixth die spent, the best five of each roll of six (plus the Mega bonus on six
//!   of a kind), two keep steps over 924 keeps, and the mean over the opening roll of six.
//! - [`solve`](mod@solve): filled sets from full to empty; all sets with the same number of
//!   filled boxes run in parallel, each writing its own block. Under "mega-yahtzee" the
//!   states with the sixth die in hand take the better of the ordinary turn and the Mega
//!   turn. Only reachable (filled set, upper total, flag) states are computed; the rest hold
//!   NaN ([`UNREACHABLE`]). Of the states whose upper bonus is decided (earned, or out of
//!   reach of the open upper boxes: `RuleSet::upper_decided`), one per flags is computed
//!   and copied to the others, which have its value bit for bit ([`distinct_turns`]; a
//!   third of the states). The kernel finds the next states' values by arithmetic on the
//!   table's index (`Values::as_slice`). The kernel is multiversioned (SSE2, AVX2,
//!   AVX-512) with identical bits.
//! - [`cancel`]: [`Cancel`], a shared flag that the solves, the exact statistics and the best
//!   response read between filled sets, levels and batches; set, they return [`Cancelled`]
//!   (never a partial answer). `Cancel::on_drop` is the server's guard: a request's future
//!   dropped (time limit, client gone) cancels its work. Never set, every result is the same
//!   bits as without it.
//! - `par`: `map_init`, the one place work is spread: rayon (feature `parallel`), else in
//!   order, or, in a WebAssembly build with shared memory, `wasm_pool` (worker threads that
//!   JavaScript starts; docs/WEB.md, "Threads"). Results come in input order.
//! - [`max_points`]: [`max_remaining`], the most points each state can still earn (the length
//!   of its points vector; beyond it every probability is 0).
//! - [`points`]: playing for a score. [`PointsPlan`] runs the turn on a vector per state,
//!   indexed by a points coordinate `c` (a move earning `p` reads the next state at `c - p`;
//!   below 0 reads 1, past the end 0), in chunks of 64 lanes of a probability type (`f32`, or
//!   `WinTie`: payoff and tie probability under the same decisions). [`solve_target`] (final
//!   payoff 1: P(at least `c` more points)) and [`solve_payoff`] (any rising payoff, over the
//!   states a filter accepts) reuse [`TurnPlan`]'s keep steps, which are generic over the
//!   lane type ([`Lane`]). Advice asks it for one coordinate. The sixth-die turn reads the
//!   Mega bonus's points off a spare chunk of the pad; bonuses up to
//!   [`MAX_POINTS_MEGA_BONUS`] only, since each in-hand vector is as long as the bonus.
//! - [`follow`]: [`Follower`]: for one state and a chunk of coordinates, the kernel's
//!   decisions per lane (ties to the higher expected score, then advice order) and the
//!   probability of every way the turn ends ([`Outcome`], with the Mega bonus flag), for the
//!   goal statistics.
//!
//! # Features
//!
//! `parallel` (rayon) and `multiversion` (SIMD dispatch) are on by default; the WebAssembly
//! build turns both off.

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
pub use solve::{
    distinct_turns, reachable_states, solve, solve_cancellable, solve_part, UNREACHABLE,
};
pub use turn::{chance_chance_value, Lane, Lanes, TurnPlan, Values, Workspace, LANES};
