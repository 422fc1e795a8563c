//! Game records, written whole or not at all ([`yahtzee_table::atomic`]), and kept for an
//! interrupt: a game in progress hands its record here after every move
//! ([`keep_for_interrupt`]), so Ctrl-C (SIGINT), SIGTERM or a closed terminal (SIGHUP)
//! writes it, as a stopped game's record, before the program stops.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, Once};

/// The record of the game in progress and where it goes.
static PENDING: Mutex<Option<(PathBuf, String)>> = Mutex::new(None);

/// Set while the full-screen game holds the terminal (raw mode, alternate screen): an
/// interrupt gives the terminal back first.
pub(crate) static FULL_SCREEN: AtomicBool = AtomicBool::new(false);

/// Keeps `text` (the record of the game so far, as a stopped game's record: a Yahtzee
/// record ends with `quit`) to be written to `path` if the program is interrupted;
/// installs the signal handler on first use.
pub fn keep_for_interrupt(path: &Path, text: &str) {
    static HANDLER: Once = Once::new();
    HANDLER.call_once(|| {
        // A handler that cannot be installed (another one is) leaves the default: the
        // record is then lost on an interrupt, as before, and the game goes on.
        let _ = ctrlc::set_handler(|| std::process::exit(save_on_interrupt()));
    });
    if let Ok(mut p) = PENDING.lock() {
        *p = Some((path.to_path_buf(), text.to_string()));
    }
}

/// The game is over and its record written: nothing to save on an interrupt.
pub fn forget_for_interrupt() {
    if let Ok(mut p) = PENDING.lock() {
        *p = None;
    }
}

/// Gives the terminal back, writes the kept record and says where; returns
/// the exit code of an interrupted program (130).
pub fn save_on_interrupt() -> i32 {
    if FULL_SCREEN.swap(false, Ordering::SeqCst) {
        crate::screen::restore();
    }
    let pending = PENDING.lock().ok().and_then(|mut p| p.take());
    if let Some((path, text)) = pending {
        match write_record(&path, &text) {
            Ok(()) => eprintln!("\ngame stopped: record {}", path.display()),
            Err(e) => eprintln!("\nerror: {e}"),
        }
    }
    130
}

/// What a game of the command line starts with: the dice seed (`seed`, else from the
/// clock) and the file for its record (`record`, else `records/<game>-<seed>.txt`).
pub fn seed_and_record(seed: Option<u64>, record: Option<PathBuf>, game: &str) -> (u64, PathBuf) {
    let seed = seed.unwrap_or_else(crate::clock_seed);
    let path = record.unwrap_or_else(|| PathBuf::from(format!("records/{game}-{seed}.txt")));
    (seed, path)
}

/// Writes a game record (creating its folder); the error names the file.
pub fn write_record(path: &Path, text: &str) -> Result<(), crate::Error> {
    yahtzee_table::atomic::write_whole(path, text.as_bytes()).map_err(|e| crate::Error::Record {
        path: path.display().to_string(),
        why: e.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_gets_a_seed_and_a_record_file_unless_given() {
        let named = seed_and_record(Some(7), None, "triple");
        assert_eq!(named, (7, PathBuf::from("records/triple-7.txt")));
        let given = PathBuf::from("game.txt");
        assert_eq!(
            seed_and_record(Some(7), Some(given.clone()), "triple").1,
            given
        );
        let (seed, path) = seed_and_record(None, None, "painted");
        assert_eq!(path, PathBuf::from(format!("records/painted-{seed}.txt")));
    }

    #[test]
    fn an_unwritable_record_is_one_line_naming_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let blocker = dir.path().join("file");
        std::fs::write(&blocker, "").unwrap();
        let path = blocker.join("game.txt");
        let msg = write_record(&path, "x").unwrap_err().to_string();
        assert!(
            msg.starts_with("cannot write record ") && msg.contains("game.txt"),
            "{msg}"
        );
        assert!(!msg.contains('\n'), "{msg}");
    }
}
