//! Game records, written whole or not at all ([`yahtzee_table::atomic`]).

use std::path::Path;

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
