//! The tables every module-level question reads (the functions, the other games, Painted
//! Yahtzee's play): one `Tables` per process over `$YAHTZEE_DATA_DIR` or the default
//! folder, each table opened (or built) once.

use std::sync::OnceLock;

use yahtzee_engine::Tables;

/// The tables of the module-level functions, from `$YAHTZEE_DATA_DIR` or the default folder.
pub(crate) fn shared() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| Tables::new(None))
}
