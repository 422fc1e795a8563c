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
