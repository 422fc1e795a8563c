//! Files written whole or not at all: written to a temporary file beside the target, then
//! renamed over it, as the tables are. For the other files the programs write (game
//! records, plots); a temporary file left by a killed writer is removed by a later write of
//! the same file once stale ([`crate::remove_stale_temps`]).

use std::io::Write;
use std::path::Path;

use tempfile::NamedTempFile;

use crate::write::remove_stale_temps;

/// The folder a file goes in (`.` for a bare name).
pub fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    }
}

/// A hidden temporary file beside `path` (`.<name>.XXXXXX<suffix>`), with the permissions
/// `File::create` would give, to be renamed over `path` with `persist` once complete.
/// Dropped unpersisted, it is deleted.
pub fn temp_beside(path: &Path, suffix: &str) -> std::io::Result<NamedTempFile> {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy())
        .unwrap_or_default();
    let prefix = format!(".{name}.");
    remove_stale_temps(folder_of(path), &prefix, suffix);
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(suffix);
    #[cfg(unix)]
    {
        // 0o666 less the umask, not tempfile's private 0o600.
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    builder.tempfile_in(folder_of(path))
}

/// Writes `bytes` to `path` whole or not at all (a temporary file in the same folder, synced,
/// then renamed over `path`), creating the folder if needed.
pub fn write_whole(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    std::fs::create_dir_all(folder_of(path))?;
    let mut tmp = temp_beside(path, ".tmp")?;
    tmp.write_all(bytes)?;
    tmp.as_file().sync_all()?;
    tmp.persist(path).map_err(|e| e.error)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_is_written_whole_in_a_new_folder_and_replaced() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("records").join("game.txt");
        write_whole(&path, b"first\n").unwrap();
        write_whole(&path, b"second\n").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "second\n");
        let names: Vec<_> = std::fs::read_dir(path.parent().unwrap())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, ["game.txt"], "no temporary file left");
        assert_eq!(folder_of(Path::new("bare.txt")), Path::new("."));
    }

    #[cfg(unix)]
    #[test]
    fn the_mode_is_that_of_a_newly_created_file() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.txt");
        write_whole(&path, b"x").unwrap();
        let plain = dir.path().join("plain");
        std::fs::File::create(&plain).unwrap();
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&path), mode(&plain));
    }
}
