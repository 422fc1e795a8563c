//! Writing tables: a value table's bytes ([`table_bytes`]) and files ([`write_table`],
//! [`write_target_table`]), their lengths before they are built, and the atomic write every
//! table file goes through (a temporary file beside the target, flushed, made readable by
//! everyone and renamed over it), with the clean-up of temporary files left by killed
//! writers.

#[cfg(feature = "files")]
use std::fs::File;
#[cfg(feature = "files")]
use std::io::{BufWriter, Write};
#[cfg(feature = "files")]
use std::path::Path;

use yahtzee_rules::RuleSet;

#[cfg(feature = "files")]
use crate::error::TableError;
use crate::header::{align, Header, Objective};

/// The whole file of a value table for `rules` (one value per state, in state-index
/// order): header, padding, payload. What [`write_table`] writes, and what a host without
/// files (WebAssembly in a browser) keeps and reads back with
/// [`Table::from_bytes`](crate::Table::from_bytes).
pub fn table_bytes(rules: &RuleSet, values: &[f64]) -> Vec<u8> {
    table_image(rules, values).1
}

/// The length of a value table's file for `rules` (what [`write_table`] writes): for a
/// build's cost before it starts.
pub fn table_file_len(rules: &RuleSet) -> u64 {
    Header::new(rules, 0).payload_offset + 8 * rules.state_count() as u64
}

/// The length of a target table's file for `rules` holding `values` probabilities (what
/// [`write_target_table`] writes).
pub fn target_file_len(rules: &RuleSet, values: u64) -> u64 {
    let mut header = Header::blank(rules, Objective::Target, values);
    header.index_offset = align(header.encode().len() as u64);
    header.target_layout().1 + 4 * values
}

/// [`table_bytes`] with its header.
fn table_image(rules: &RuleSet, values: &[f64]) -> (Header, Vec<u8>) {
    assert_eq!(values.len(), rules.state_count(), "one value per state");
    // The header's length does not depend on the checksum (fixed-width integers).
    let offset = Header::new(rules, 0).payload_offset as usize;
    let mut bytes = Vec::with_capacity(offset + values.len() * 8);
    bytes.resize(offset, 0);
    // The values' bytes as they lie in memory where that is little-endian (one copy, fast
    // even in code a browser has only just compiled), else value by value.
    if cfg!(target_endian = "little") {
        bytes.extend_from_slice(bytemuck::cast_slice(values));
    } else {
        bytes.extend(values.iter().flat_map(|v| v.to_le_bytes()));
    }
    let header = Header::new(rules, crc32fast::hash(&bytes[offset..]));
    let head = header.encode();
    bytes[..head.len()].copy_from_slice(&head);
    (header, bytes)
}

/// Writes the values of `rules` (one per state, in state-index order) to `path` atomically:
/// a temporary file in the same folder is written, flushed to disk and renamed over `path`.
/// On any error the temporary file is removed and an existing table is left untouched.
#[cfg(feature = "files")]
pub fn write_table(path: &Path, rules: &RuleSet, values: &[f64]) -> Result<Header, TableError> {
    let (header, bytes) = table_image(rules, values);
    write_file_atomically(path, &[&bytes]).map_err(|io| TableError::Write {
        path: path.to_path_buf(),
        io,
    })?;
    Ok(header)
}

/// Writes a target table atomically (as [`write_table`]): `offsets` has one entry per state
/// plus one (state `i`'s probabilities are `values[offsets[i]..offsets[i + 1]]`, empty for
/// unreachable states).
#[cfg(feature = "files")]
pub fn write_target_table(
    path: &Path,
    rules: &RuleSet,
    offsets: &[u64],
    values: &[f32],
) -> Result<Header, TableError> {
    assert_eq!(
        offsets.len(),
        rules.state_count() + 1,
        "one offset per state"
    );
    assert_eq!(offsets.last().copied(), Some(values.len() as u64));
    let bytes = f32_bytes(values);
    let lanes = rules.lanes_per_set();
    let mut index: Vec<u8> = offsets.iter().flat_map(|o| o.to_le_bytes()).collect();
    for set in 0..1usize << rules.box_count() {
        let range = offsets[set * lanes] as usize * 4..offsets[(set + 1) * lanes] as usize * 4;
        index.extend(crc32fast::hash(&bytes[range]).to_le_bytes());
    }
    let mut header = Header::blank(rules, Objective::Target, values.len() as u64);
    header.index_crc32 = crc32fast::hash(&index);
    header.payload_crc32 = crc32fast::hash(bytes);
    // The offsets depend on the header's length, which does not depend on their values.
    header.index_offset = align(header.encode().len() as u64);
    header.payload_offset = header.target_layout().1;
    let gap = (header.payload_offset - header.index_offset) as usize - index.len();
    write_atomically(path, &header, &[&index, &vec![0; gap], bytes])?;
    Ok(header)
}

/// The bytes of `f32`s as stored (little-endian; this program only builds for
/// little-endian machines, where that is their memory layout).
#[cfg(feature = "files")]
fn f32_bytes(values: &[f32]) -> &[u8] {
    bytemuck::cast_slice(values)
}

#[cfg(not(target_endian = "little"))]
compile_error!("table files are read and written in place as little-endian numbers");

/// The header, zero padding to the first section, then `sections`, written to a temporary
/// file beside `path`, flushed, made readable by everyone and renamed over `path`.
#[cfg(feature = "files")]
pub(crate) fn write_atomically(
    path: &Path,
    header: &Header,
    sections: &[&[u8]],
) -> Result<(), TableError> {
    let write_err = |io| TableError::Write {
        path: path.to_path_buf(),
        io,
    };
    let mut head = header.encode();
    let first = if header.index_offset > 0 {
        header.index_offset
    } else {
        header.payload_offset
    };
    head.resize(first as usize, 0);
    let mut parts: Vec<&[u8]> = vec![&head];
    parts.extend_from_slice(sections);
    write_file_atomically(path, &parts).map_err(write_err)
}

/// `parts`, one after the other, written to a temporary file beside `path` (creating the
/// folder), flushed to disk, made readable by everyone and renamed over `path`: a reader
/// sees the old file or the new one, never a part of one.
#[cfg(feature = "files")]
pub(crate) fn write_file_atomically(path: &Path, parts: &[&[u8]]) -> std::io::Result<()> {
    write_file_atomically_with(path, |file| {
        let mut w = BufWriter::with_capacity(1 << 20, file);
        for p in parts {
            w.write_all(p)?;
        }
        w.flush()
    })
}

/// [`write_file_atomically`] for a writer that streams: `write` fills the temporary file
/// (and flushes what it buffers); then the file is synced, made readable by everyone and
/// renamed over `path`. On an error from `write` the temporary file is removed.
#[cfg(feature = "files")]
pub(crate) fn write_file_atomically_with<T, E: From<std::io::Error>>(
    path: &Path,
    write: impl FnOnce(&File) -> Result<T, E>,
) -> Result<T, E> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    std::fs::create_dir_all(dir)?;
    remove_stale_temps(dir, ".table-", ".tmp");
    let tmp = tempfile::Builder::new()
        .prefix(".table-")
        .suffix(".tmp")
        .tempfile_in(dir)?;
    let out = write(tmp.as_file())?;
    tmp.as_file().sync_all()?;
    make_readable(tmp.as_file())?;
    tmp.persist(path).map_err(|e| e.error)?;
    Ok(out)
}

/// How old a temporary file must be before a writer takes it for the leftover of a killed
/// one: far longer than any write takes (the 1.1 GB target table: seconds).
pub const STALE_AFTER: std::time::Duration = std::time::Duration::from_secs(3600);

/// Removes the temporary files (`PREFIX*SUFFIX` in `dir`) that a writer killed mid-write
/// left, once untouched for [`STALE_AFTER`]: they never had the real name, so readers never
/// saw them, but they would pile up. Best effort: errors are ignored (the write that
/// follows reports its own).
#[cfg(feature = "files")]
pub fn remove_stale_temps(dir: &Path, prefix: &str, suffix: &str) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if !(name.starts_with(prefix) && name.ends_with(suffix)) {
            continue;
        }
        let stale = entry
            .metadata()
            .and_then(|m| m.modified())
            .ok()
            .and_then(|t| t.elapsed().ok())
            .is_some_and(|age| age > STALE_AFTER);
        if stale && entry.file_type().is_ok_and(|t| t.is_file()) {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// Tables are meant to be shared and shipped: rw-r--r-- rather than the temporary file's
/// owner-only mode.
#[cfg(feature = "files")]
fn make_readable(file: &File) -> std::io::Result<()> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        file.set_permissions(std::fs::Permissions::from_mode(0o644))?;
    }
    #[cfg(not(unix))]
    let _ = file;
    Ok(())
}
