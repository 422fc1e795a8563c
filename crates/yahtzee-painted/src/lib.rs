//! Painted Yahtzee: coloured dice (each die a number 1–6 and one of five colours) and ten
//! more boxes — the five colour totals, Four of a Color, Painted House, Rainbow, Flush and
//! Palette — under the rules read in docs/RULES.md ("Painted Yahtzee").
//!
//! - [`dice`]: coloured dice, hands and the coloured keep graph (278,256 rolls);
//! - [`game`]: boxes, scores, Joker and bonus rules, states, canonical filled sets (the
//!   colours are exchangeable) and the reduced games of the same rules;
//! - [`graph`]: the keep graph up to exchangeable colours;
//! - [`turn`]: one turn, exact over every keep of coloured dice, against any value of the
//!   position after it;
//! - [`solve`]: the exact solver, layer by layer and chunk by chunk — on this machine or on
//!   a cluster's workers (docs/PAINTED.md) — with the same bits either way;
//! - [`checkpoint`]: the same solve, resumable: a folder of checksummed layers and chunks
//!   that outlives the process (the Ray driver's layout);
//! - [`approx`]: the value the strategy plays against where the exact table is out of
//!   reach, and the strategy's exact value on reduced games (its gap to optimal);
//! - [`advice`] and [`sim`]: every option of a position ranked, and seeded simulation;
//! - [`card`]: the card as a player types it, validated;
//! - [`record`]: game records (`yahtzee painted play`) and their review.
//!
//! Data flows rules → turn → solver / strategy, as in the solitaire crates, on coloured
//! dice. Over `yahtzee-rules`, `yahtzee-record`, `yahtzee-solver` and `yahtzee-table` (its
//! tables are files of the common format). Feature `native` (default): files, checkpoints
//! and every core; the WebAssembly games module leaves it off. Its front ends are the engine
//! (`yahtzee_engine::painted`: `yahtzee painted advise|simulate|review|solve`, the server,
//! Python, C, WebAssembly) and the terminal game (`yahtzee painted play`).
//!
//! # Where to start
//!
//! [`Game`] (the full game or a reduced `painted:c<k>:…` one), [`Plan`] (the turn), then
//! `advice::Advisor`.
//!
//! # Modules in detail
//!
//! - [`dice`]: [`Die`] (number, colour), [`Hand`] (a sorted multiset of at most five faces;
//!   `parse` of `5r 3g`), [`Keeps`]: every keep of `6 × colours` faces densely numbered by
//!   the combinatorial number system (five-dice rolls first, the empty keep last), with each
//!   keep's one-larger and distinct one-smaller keeps and each roll's ordered-throw count.
//! - [`game`]: [`PaintedBox`] (the 13 Yahtzee boxes plus the colour totals, Four of a color,
//!   Painted house, Rainbow, Flush, Palette) and their scores; [`Game`] (colours, boxes);
//!   `for_each_move` (forced Joker, 100 per extra Yahtzee, no Flush bonus); [`State`];
//!   canonical filled sets (`set_id`: only how many colour boxes are filled matters),
//!   `colour_map` (the relabelling that puts filled colour boxes first), `Layers` (the sets
//!   of each filled count).
//! - [`graph`]: `Graph`: the keep graph up to the colour permutations that keep filled
//!   colour boxes filled (one node per orbit; several times to tens of times fewer rolls:
//!   docs/PAINTED.md).
//! - [`turn`]: [`Plan`] (per game; one scored graph per number of filled colour boxes, built
//!   on first use) and `Plan::turn::<L, FOLLOW>`: the exact turn in `L` lanes (the solver: 8
//!   states of a set; `FOLLOW`: lane 0 decides, the others carry another value — a
//!   strategy's exact value). [`TurnValues`] maps a hand with actual colours to its node.
//! - [`solve`]: `solve_set` (one set's block), `solve_chunk` (sets of a layer, rayon),
//!   `solve` (every layer), `table_from_layers`, `write_table` / `read_table` (our format via
//!   `yahtzee_table::game`; `open_table` maps one). The Ray driver
//!   (`scripts/painted_ray.py`) calls `solve_chunk` through the Python package.
//! - [`checkpoint`]: the resumable solve (`yahtzee painted solve`): a `Folder` of chunks and
//!   layers with a SHA-256 record per layer (the Ray driver's layout, locked for one solve),
//!   `solve_in` (finished layers verified and skipped, written chunks kept, each chunk logged
//!   with its CPU time), `work_of_sets` (the progress bar's cost model).
//! - [`approx`]: `Valuer`: `Exact` (a table solved here, or the full game's file mapped) or
//!   `Split` (number half + painted half, each solved exactly, plus a `Correction` by open
//!   boxes per half, shipped in the `correction` module for the full game); `policy_value`
//!   (a strategy's exact value on a reduced game: its gap to optimal). `for_game_with` /
//!   `split_with` take the exact solver as a function, so the engine reads the tables from
//!   its cache files.
//! - [`card`], [`advice`], [`sim`]: the card (`ones=3 red=12 …`, validated), `Advisor`
//!   (every keep or box ranked, expected final totals), seeded simulation and `play_game`.
//! - [`fit`]: `fit_correction`, the split value's `Correction` fitted from simulated games
//!   (above `advice` and `sim`, which `approx` does not import).
//! - [`record`]: `Record` (the game file `yahtzee painted play` writes: `game`, `seed`,
//!   `turn`, `roll 5r 5y 2g 3b 1p`, `keep 5r 5y`, `score flush`, ending `end` or `quit` so a
//!   cut file is refused), `review` (each keep and box checked and costed against the
//!   `Advisor`; per turn and in total), `option_label` / `keep_label` (options in words).

pub mod advice;
pub mod approx;
pub mod card;
#[cfg(feature = "native")]
pub mod checkpoint;
mod correction;
pub mod dice;
pub mod fit;
pub mod game;
pub mod graph;
pub mod record;

pub mod sim;
pub mod solve;
pub mod turn;

pub use dice::{Die, Hand, Keeps};
pub use game::{Game, GameError, Move, PaintedBox, State};
pub use turn::{Plan, TurnValues};
