//! The table files: a solved rule set written once and then read back through a memory map
//! by any number of processes.
//!
//! Two objectives share one header ([`Header`], bincode's legacy configuration:
//! little-endian, fixed-width integers) and differ in what follows it (specified for other
//! languages in `docs/TABLE_FORMAT.md`):
//!
//! - **expected** ([`Table`], [`write_table`]): zero padding to [`Header::payload_offset`]
//!   (a multiple of 64), then one little-endian `f64` per state in
//!   [`yahtzee_rules::RuleSet::state_index`] order: the expected points still to come.
//! - **target** ([`TargetTable`], [`write_target_table`]): an index (one `u64` offset per
//!   state plus one, then one CRC-32 per filled set) and a payload of `f32`s: for each
//!   reachable state, P(scoring at least `c` more points) for `c` from 0 to the most it can
//!   still score.
//!
//! Files are written to a temporary file in the target folder and renamed into place, so a
//! reader never sees half a table; they are readable by every user (mode 0644).
//! [`store`] says where tables live and solves a missing one; [`atomic`] writes any other
//! file the same way (game records, plots).
//!
//! Over `yahtzee-rules` and `yahtzee-solver` (the solve that [`store`] runs for a missing
//! table, and the bounds of the value checks). Features: `files` (mapped reading, atomic
//! writing, the store, the exports), `multiversion` and `parallel` are the native default;
//! the WebAssembly build has none of them and keeps tables as bytes in memory
//! (`table_bytes`, `Table::from_bytes`); `parquet` (which the `yahtzee` binary turns on)
//! adds the Parquet export.
//!
//! # Where to start
//!
//! [`Table::open`] and [`TargetTable::open`] (every check below), [`write_table`] and
//! [`write_target_table`], and [`store::load_or_solve`] for "the table of these rules,
//! solved if it is missing".
//!
//! # Opening a table
//!
//! Checks, in order: magic, format version, header decoding (with a 64 KiB limit), objective,
//! rule set, dimensions, file size, then the payload CRC (value tables) or the index CRC
//! (target tables, whose filled sets are each checked on first use: `verify_turn`,
//! `verify_future`, `verify_all`). Each failure is its own [`TableError`] variant with a
//! one-line message (strings quoted from the header have their control characters escaped).
//!
//! The value checks (docs/TABLE_FORMAT.md §6, step 9): [`Bounds`] / [`most_points`], a bound
//! on what each state can still score (never below the solver's exact `max_remaining`,
//! constant time per state), built per kind of filled set as a pattern of lanes (NaN:
//! unreachable). `Table::open` checks every value in the checksum's pass, set by set, with a
//! branch-free fast path (`BadValue`, naming the state: [`describe_state`]);
//! `TargetTable::open` checks each state's vector length against the bound, and
//! `verify_sets` each probability (within 0 to 1, never rising) with the set's CRC
//! (`BadProbability`).
//!
//! # The other modules
//!
//! - [`game`]: `write_game_table` / `read_game_table`, the same format for a game outside
//!   the solitaire rule sets (Painted Yahtzee: the game's name as the rules, its own
//!   dimensions).
//! - [`companion`]: the companion table (objective `companion`, docs/TABLE_FORMAT.md §13):
//!   reached states only, `f32`, an index word of reached upper totals per block of 64
//!   states; `companion_bytes` / `write_companion_table`, [`CompanionTable`] (every check,
//!   then `parts(state)` by rank).
//! - [`store`]: the one policy for where tables live (`$YAHTZEE_DATA_DIR`, else the
//!   checkout's `data/` when the running executable is inside that checkout, else the
//!   platform's cache folder, `~/.cache/yahtzee` on Linux; never the working folder) and
//!   `load_or_solve` / `load_or_solve_target`: open, or solve and write when the file is
//!   missing or of an older format (a damaged table or one of other rules is reported, never
//!   rebuilt over); `building_message` says so ("Building the table for forced (once, about
//!   a second)...", from a rough time per state).
//! - [`export`]: `yahtzee export`: the `f32` export (header, optional bitmap of reachable
//!   states, `f32`s), `.npy` and CSV (layouts in docs/TABLE_FORMAT.md §11); `read_f32` reads
//!   the `f32` one back; `Exported::text` is what `yahtzee export` says of a file written,
//!   `Format::beside` where it goes unless told. Its `parquet` part (feature `parquet`):
//!   decoded columns (a boolean per box, upper total, flags, value; target tables in long
//!   form), streamed row group by row group through the `parquet` crate's column writer (no
//!   Arrow), atomically (§12).
//! - [`atomic`]: `temp_beside`, `write_whole`: the same temporary file and rename for any
//!   other file (records, plots). `remove_stale_temps`: temporary files of killed writers,
//!   removed by the next write once an hour old.

#[cfg(feature = "files")]
pub mod atomic;
mod bytes;
mod check;
pub mod companion;
mod error;
#[cfg(feature = "files")]
pub mod export;
pub mod game;
mod header;
#[cfg(feature = "files")]
pub mod store;
mod table;
mod target;
mod write;

pub use check::{describe_state, most_points, Bounds};
#[cfg(feature = "files")]
pub use companion::write_companion_table;
pub use companion::{companion_bytes, companion_width, CompanionTable};
pub use error::TableError;
#[cfg(feature = "files")]
pub use game::GameTable;
pub use game::{game_table_bytes, game_table_from_bytes, GameDimensions};
#[cfg(feature = "files")]
pub use game::{read_game_table, write_game_table};
pub use header::{Header, Objective, FORMAT_VERSION, MAGIC, TARGET_VALUE_TYPE, VALUE_TYPE};
pub use table::Table;
pub use target::TargetTable;
#[cfg(feature = "files")]
pub use write::{remove_stale_temps, write_table, write_target_table};
pub use write::{table_bytes, table_file_len, target_file_len, STALE_AFTER};
