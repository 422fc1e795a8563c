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
    fn a_record_is_written_whole_in_a_new_folder_and_replaced() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("records").join("game.txt");
        write_record(&path, "first\n").unwrap();
        write_record(&path, "second\n").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "second\n");
        let names: Vec<_> = std::fs::read_dir(path.parent().unwrap())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, ["game.txt"], "no temporary file left");
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
