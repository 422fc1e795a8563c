//! Game records, written whole or not at all ([`yahtzee_table::atomic`]), and kept for an
//! interrupt: a game in progress hands its record here after every move
//! ([`keep_for_interrupt`]), so Ctrl-C (SIGINT), SIGTERM or a closed terminal (SIGHUP)
//! writes it, as a stopped game's record, before the program stops.

use std::path::{Path, PathBuf};
use std::sync::{Mutex, Once};

/// The record of the game in progress and where it goes.
static PENDING: Mutex<Option<(PathBuf, String)>> = Mutex::new(None);

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
    crate::terminal::give_back();
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

/// Writes a game's record once it ended, and says where (the closing line of a game).
pub fn record_written(path: &Path, text: &str) -> Result<String, crate::Error> {
    write_record(path, text)?;
    forget_for_interrupt();
    Ok(format!("game record: {}\n", path.display()))
}

/// Writes a game record (creating its folder); the error names the file.
pub fn write_record(path: &Path, text: &str) -> Result<(), crate::Error> {
    yahtzee_table::atomic::write_whole(path, text.as_bytes()).map_err(|e| crate::Error::Record {
        path: path.display().to_string(),
        why: e.to_string(),
    })
}

/// A full-screen game's record file: kept for an interrupt while the game goes on, written
/// once when it ends or stops.
#[derive(Clone, Debug)]
pub struct RecordFile {
    pub path: PathBuf,
    /// Written (or refused), once the game ended or stopped.
    saved: Option<Result<(), String>>,
}

impl RecordFile {
    pub fn new(path: PathBuf) -> RecordFile {
        RecordFile { path, saved: None }
    }

    /// Keeps `text`, the record as a stopped game's, to be written on an interrupt.
    pub fn keep(&self, text: &str) {
        keep_for_interrupt(&self.path, text);
    }

    /// Writes `text` as the record, unless it was written already.
    pub fn write(&mut self, text: &str) {
        if self.saved.is_none() {
            self.saved = Some(write_record(&self.path, text).map_err(|e| e.to_string()));
            forget_for_interrupt();
        }
    }

    /// The record was written (or refused): the game is over.
    pub fn is_written(&self) -> bool {
        self.saved.is_some()
    }

    /// What the game-over panel says: where the record is (`then` after it), or why it
    /// could not be written; nothing before the end.
    pub fn status(&self, then: &str) -> String {
        match &self.saved {
            Some(Ok(())) => format!("record {}{then}", self.path.display()),
            Some(Err(e)) => e.clone(),
            None => String::new(),
        }
    }

    /// The error of a record that could not be written, for the game's caller.
    pub fn check(&self) -> Result<(), crate::Error> {
        match &self.saved {
            Some(Err(e)) => Err(crate::Error::Game(e.clone())),
            _ => Ok(()),
        }
    }
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
