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
//! - `plot` (feature `plot`): a distribution as an SVG or PNG histogram.
//!
//! The strategy is [`yahtzee_advice::Strategy`]: the option `yahtzee advise` ranks first,
//! with ties broken as documented there. Over `yahtzee-rules`, `yahtzee-solver` and
//! `yahtzee-advice` (and `yahtzee-table` for `plot`'s atomic writes).
//!
//! # How each works
//!
//! - [`exact`](mod@exact): a forward pass over levels (cards with k boxes filled). Each
//!   reached state is a node holding the joint distribution "reached with x points earned
//!   since the start" and the distribution of extra-Yahtzee bonuses earned. Per level: every
//!   node's turn in parallel (the [`Strategy`](yahtzee_advice::Strategy) gives the
//!   probabilities of the final rolls, merged into steps to the next states, plus
//!   probability-weighted per-box sums), then every next state gathers its incoming steps in
//!   source order, in parallel. Deterministic for any thread count; two levels in memory at
//!   a time (a few hundred MiB from the empty card). A turn that takes the sixth die
//!   ("mega-yahtzee") follows the rolls of six instead, its steps carrying the Mega bonus in
//!   their points (`Exact::mega_bonus`, the summary's `mega bonus` line).
//! - [`companion`]: `Companion::solve`, one backward pass over the levels, each level's
//!   filled sets in parallel, each writing its own block: eight states at a time through the
//!   solver's `turn_ends`, then each state's row from its slots' probabilities and the rows
//!   of the states they lead to (with the mulligan in hand, the moves written after it from
//!   the state with it spent too). One state at a time (the Mega rule sets; every state in
//!   `solve_per_state`, the tests' reference), each state's turn comes from `exact::turn`
//!   instead (docs/EXPLAIN.md).
//!   `option_parts`: one option's parts. The file is written by `yahtzee_table::companion`.
//! - [`goal`]: `exact_goal`, the same forward pass for the play that maximises a points
//!   payoff (a target table, or `WinAdvisor`'s best response). Decisions depend on the
//!   points, so each (state, points) value is played by the solver's `Follower` (chunks of 64
//!   points coordinates; a turn with the sixth die ends in outcomes carrying the Mega bonus),
//!   and by the expected-score strategy where the goal is certain or out of reach. Nodes
//!   carry (P, P·bonuses, P(no bonus)) for the exact bonus moments; batches of nodes run in
//!   parallel and merge in node order (deterministic).
//! - [`simulate`](mod@simulate): games in chunks of 2048 on rayon; game `g` uses ChaCha8
//!   stream `g` of the seed; results are integer histograms ([`Tally`]) merged by addition.
//! - [`summary`]: [`Summary`] (the `--json` of `stats` and `simulate`): [`Line`]s of mean,
//!   variance, standard deviation and P(0), percentiles, tail probabilities, with 95%
//!   intervals for simulations; `Estimate::text` / `percent` and `Percentile::name`, the
//!   figures as reports write them; `Summary::text`, the report of `stats` and `simulate`
//!   within 80 columns.
//! - `plot` (feature `plot`, off by default: the WebAssembly build and the engine need no
//!   plotters): `Histogram::of` a summary, drawn with plotters as SVG or PNG, one bar per
//!   score point with the mean and median marked, text in the crate's embedded
//!   `assets/fonts/DejaVuSans-subset.ttf` (no system fonts), written atomically;
//!   `check_path` refuses a bad name before any work. The CLI turns the feature on for
//!   `stats --plot` and `simulate --plot`.

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
