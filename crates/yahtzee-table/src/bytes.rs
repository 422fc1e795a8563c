//! A table file's bytes as the readers hold them: mapped read-only from disk, or owned in
//! memory where there are no files to map.

#[cfg(feature = "files")]
use std::fs::File;
#[cfg(feature = "files")]
use std::path::Path;

#[cfg(feature = "files")]
use memmap2::Mmap;

#[cfg(feature = "files")]
use crate::error::TableError;

/// A table file's bytes: mapped read-only from disk, or held in memory (a table solved or
/// read where there are no files to map: WebAssembly in a browser).
pub(crate) enum Bytes {
    #[cfg(feature = "files")]
    Mapped(Mmap),
    Owned(Vec<u8>),
}

impl std::ops::Deref for Bytes {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        match self {
            #[cfg(feature = "files")]
            Bytes::Mapped(m) => m,
            Bytes::Owned(v) => v,
        }
    }
}

/// Maps a table file read-only.
#[cfg(feature = "files")]
pub(crate) fn map(path: &Path) -> Result<Bytes, TableError> {
    let p = || path.to_path_buf();
    let file = File::open(path).map_err(|io| TableError::Open { path: p(), io })?;
    // SAFETY: the map is read-only and private to this process. Table files are only
    // ever replaced by renaming a new file over them, never modified in place, so the
    // mapped bytes cannot change under us; every byte is checked against a checksum
    // before a value is read from it.
    unsafe { Mmap::map(&file) }
        .map(Bytes::Mapped)
        .map_err(|io| TableError::Open { path: p(), io })
}
