//! Files written whole or not at all: written to a temporary file beside the target, then
//! renamed over it. Shared by the plots and the game records (tables have their own, in
//! `yahtzee-table`).

use std::path::Path;

use tempfile::NamedTempFile;

/// The folder a file goes in (`.` for a bare name).
pub fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    }
}

/// A hidden temporary file beside `path` (`.<name>.XXXXXX<suffix>`), with the permissions
/// `File::create` would give, to be renamed over `path` with `persist` once complete.
/// Dropped unpersisted, it is deleted; one left by a killed writer is removed by a later
/// write of the same file once stale ([`yahtzee_table::remove_stale_temps`]).
pub fn temp_beside(path: &Path, suffix: &str) -> std::io::Result<NamedTempFile> {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy())
        .unwrap_or_default();
    let prefix = format!(".{name}.");
    yahtzee_table::remove_stale_temps(folder_of(path), &prefix, suffix);
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
