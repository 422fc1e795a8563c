//! Statistics of optimal play: what the strategy of a solved table scores, not just on
//! average.
//!
//! - [`exact()`]: the exact distribution of the final total and exact per-box moments, by
//!   carrying probability forward through every turn (no sampling).
//! - [`Companion`]: where the expected score comes from, from every state at once: each
//!   box's expected final score, the chance of the upper bonus, the expected bonuses.
//! - [`exact_goal()`]: the same for the play that maximises P(total ≥ T) or the chance of
//!   beating opponents (decisions that depend on the points still needed).
//! - [`simulate()`]: seeded, parallel Monte Carlo games with the same strategy, reproducible
//!   whatever the number of threads.
//! - [`summary`]: both turned into one report (means, spreads, percentiles, tail
//!   probabilities; confidence intervals for simulations), serialisable as JSON.
//! - [`plot`] (feature `plot`): a distribution as an SVG or PNG histogram.
//!
//! The strategy is [`yahtzee_advice::Strategy`]: the option `yahtzee advise` ranks first,
//! with ties broken as documented there.

pub mod companion;
pub mod exact;

pub use companion::{Companion, Parts};

pub use exact::{exact, exact_cancellable, Exact, Moments};
pub mod goal;

pub use goal::{exact_goal, exact_goal_cancellable, Goal};
pub mod simulate;

pub use simulate::{simulate, Tally};
#[cfg(feature = "plot")]
pub mod plot;
pub mod summary;

pub use summary::{Aim, Estimate, Line, Method, Summary, Versus};
