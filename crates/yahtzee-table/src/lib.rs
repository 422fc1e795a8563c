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
mod check;
pub mod companion;
#[cfg(feature = "files")]
pub mod export;
pub mod game;
#[cfg(feature = "files")]
pub mod store;

pub use check::{describe_state, most_points, Bounds};
#[cfg(feature = "files")]
pub use companion::write_companion_table;
pub use companion::{companion_bytes, companion_width, CompanionTable};
#[cfg(feature = "files")]
pub use game::GameTable;
pub use game::{game_table_bytes, game_table_from_bytes, GameDimensions};
#[cfg(feature = "files")]
pub use game::{read_game_table, write_game_table};

#[cfg(feature = "files")]
use std::fs::File;
#[cfg(feature = "files")]
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU8, Ordering};

#[cfg(feature = "files")]
use memmap2::Mmap;
use serde::{Deserialize, Serialize};
use thiserror::Error;
use yahtzee_rules::{RuleSet, State};

/// First eight bytes of every table file.
pub const MAGIC: [u8; 8] = *b"YZTABLE\0";
/// The layout version this code writes and reads (2 added the objective and the index).
pub const FORMAT_VERSION: u32 = 2;
/// Value type of expected-value tables: IEEE-754 binary64, little-endian.
pub const VALUE_TYPE: &str = "f64le";
/// Value type of target tables: IEEE-754 binary32, little-endian.
pub const TARGET_VALUE_TYPE: &str = "f32le";
const PAYLOAD_ALIGN: u64 = 64;

/// What a table's values mean.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Objective {
    /// Expected points still to come under play that maximises the expected final score.
    Expected,
    /// P(scoring at least `c` more points) under play that maximises it, for every `c`.
    Target,
    /// Where the expected points come from, under the play of [`Objective::Expected`]:
    /// each box's expected score and the bonuses ([`companion`]).
    Companion,
}

impl Objective {
    /// The name in the header and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Objective::Expected => "expected",
            Objective::Target => "target",
            Objective::Companion => "companion",
        }
    }

    fn value_type(self) -> &'static str {
        match self {
            Objective::Expected => VALUE_TYPE,
            Objective::Target | Objective::Companion => TARGET_VALUE_TYPE,
        }
    }
}

/// Everything a reader needs to trust and index the payload.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Header {
    /// [`MAGIC`].
    pub magic: [u8; 8],
    /// [`FORMAT_VERSION`] of the writer.
    pub format_version: u32,
    /// Rule-set name (`forced`, `free`, ...).
    pub rules: String,
    /// [`Objective::name`]: `expected` or `target`.
    pub objective: String,
    /// Number of boxes on the card (the filled set has this many bits).
    pub boxes: u32,
    /// Number of upper-total values (64: totals 0 to 63, capped).
    pub upper_totals: u32,
    /// Number of flag bits (1 when the Yahtzee-holds-50 flag exists).
    pub flag_bits: u32,
    /// Encoding of each value ([`VALUE_TYPE`]).
    pub value_type: String,
    /// Number of values in the payload.
    pub value_count: u64,
    /// Byte offset of the index (target tables; 0 for expected-value tables).
    pub index_offset: u64,
    /// CRC-32 of the index bytes (0 without an index).
    pub index_crc32: u32,
    /// Byte offset of the payload from the start of the file.
    pub payload_offset: u64,
    /// CRC-32 (IEEE, as zlib's `crc32`) of the payload bytes.
    pub payload_crc32: u32,
    /// The program that wrote the file, e.g. `yahtzee 0.1.0`.
    pub producer: String,
}

/// Why a table could not be written or opened. Each failure has its own message.
#[derive(Debug, Error)]
pub enum TableError {
    // The I/O error is part of the message rather than an error `source`, so printing the
    // whole error chain does not repeat it.
    #[error("cannot open table {path}: {io}")]
    Open { path: PathBuf, io: std::io::Error },
    #[error("{rules}: playing for a target or to win takes a Mega bonus of at most {max} (the rule text's \"up to 1000\"; each points vector grows with the bonus), not {bonus}")]
    MegaBonusTooLarge { rules: String, bonus: u32, max: u32 },
    #[error("cannot write table {path}: {io}")]
    Write { path: PathBuf, io: std::io::Error },
    #[error("{path} is truncated: only {found} bytes, not even a header")]
    TooShort { path: PathBuf, found: u64 },
    #[error("{path} is not a Yahtzee table file (bad magic bytes)")]
    BadMagic { path: PathBuf },
    #[error("{path} has table format version {found}, this program reads version {expected}: rebuild it with `yahtzee solve`")]
    Version {
        path: PathBuf,
        found: u32,
        expected: u32,
    },
    #[error("{path} has a corrupt header: {reason}")]
    BadHeader { path: PathBuf, reason: String },
    #[error("{path} is a table for objective '{found}', not '{expected}' (see `yahtzee solve --objective`)")]
    WrongObjective {
        path: PathBuf,
        found: String,
        expected: &'static str,
    },
    #[error("{path} is a table for rules '{found}', not '{expected}'")]
    WrongRules {
        path: PathBuf,
        found: String,
        expected: String,
    },
    #[error("{path} has dimensions that do not match rules '{rules}': {reason}")]
    Dimensions {
        path: PathBuf,
        rules: String,
        reason: String,
    },
    #[error("{path} is truncated or padded: expected {expected} bytes, found {found}")]
    Size {
        path: PathBuf,
        expected: u64,
        found: u64,
    },
    #[error("{path} is corrupt: payload checksum {found:08x} does not match the header's {expected:08x}")]
    Checksum {
        path: PathBuf,
        expected: u32,
        found: u32,
    },
    #[error(
        "{path} is corrupt: index checksum {found:08x} does not match the header's {expected:08x}"
    )]
    IndexChecksum {
        path: PathBuf,
        expected: u32,
        found: u32,
    },
    #[error("{path} is corrupt: {reason}")]
    BadIndex { path: PathBuf, reason: String },
    #[error("{path} is corrupt: the values of filled set {filled:#x} fail their checksum")]
    BlockChecksum { path: PathBuf, filled: u32 },
    #[error("{path} is corrupt: {state} holds {reason}")]
    BadValue {
        path: PathBuf,
        state: String,
        reason: String,
    },
    #[error("{path} is corrupt: {state} has {reason}")]
    BadProbability {
        path: PathBuf,
        state: String,
        reason: String,
    },
    #[error("{path} is not a sound export: {reason}")]
    BadExport { path: PathBuf, reason: String },
}

/// The most bytes a header may claim when decoded: a damaged string length is refused
/// as a bad header instead of sizing an allocation (found by fuzzing: a length near 2^64
/// overflowed the allocator).
const HEADER_LIMIT: usize = 1 << 16;

fn config() -> bincode::config::Configuration<
    bincode::config::LittleEndian,
    bincode::config::Fixint,
    bincode::config::NoLimit,
> {
    bincode::config::legacy()
}

impl Header {
    /// The header for an expected-value table of `rules` with the given payload checksum.
    pub fn new(rules: &RuleSet, payload_crc32: u32) -> Header {
        let mut h = Header::blank(rules, Objective::Expected, rules.state_count() as u64);
        h.payload_crc32 = payload_crc32;
        h.payload_offset = align(h.encode().len() as u64);
        h
    }

    fn blank(rules: &RuleSet, objective: Objective, value_count: u64) -> Header {
        Header {
            magic: MAGIC,
            format_version: FORMAT_VERSION,
            rules: rules.name.to_string(),
            objective: objective.name().to_string(),
            boxes: rules.box_count() as u32,
            upper_totals: 64,
            flag_bits: rules.flag_bits(),
            value_type: objective.value_type().to_string(),
            value_count,
            index_offset: 0,
            index_crc32: 0,
            payload_offset: 0,
            payload_crc32: 0,
            producer: concat!("yahtzee ", env!("CARGO_PKG_VERSION")).to_string(),
        }
    }

    /// Where the index of a target table starts and ends, and where its payload starts.
    fn target_layout(&self) -> (u64, u64) {
        let states = 64u64 << (self.boxes + self.flag_bits);
        let index_len = (states + 1) * 8 + (4u64 << self.boxes);
        (index_len, align(self.index_offset + index_len))
    }

    fn encode(&self) -> Vec<u8> {
        bincode::serde::encode_to_vec(self, config()).expect("a header always encodes")
    }

    fn check_dimensions(&self, rules: &RuleSet, objective: Objective) -> Result<(), String> {
        let expect = [
            ("boxes", u64::from(self.boxes), rules.box_count() as u64),
            ("upper totals", u64::from(self.upper_totals), 64),
            (
                "flag bits",
                u64::from(self.flag_bits),
                u64::from(rules.flag_bits()),
            ),
        ];
        for (what, found, want) in expect {
            if found != want {
                return Err(format!("{what} {found}, expected {want}"));
            }
        }
        if objective == Objective::Expected && self.value_count != rules.state_count() as u64 {
            let (found, want) = (self.value_count, rules.state_count());
            return Err(format!("values {found}, expected {want}"));
        }
        if self.value_type != objective.value_type() {
            return Err(format!(
                "value type '{}', expected '{}'",
                yahtzee_rules::one_line(&self.value_type),
                objective.value_type()
            ));
        }
        if !self.payload_offset.is_multiple_of(8) || !self.index_offset.is_multiple_of(8) {
            return Err(format!(
                "payload offset {} or index offset {} is not 8-byte aligned",
                self.payload_offset, self.index_offset
            ));
        }
        if objective == Objective::Companion
            && self.payload_offset != companion::companion_payload_offset(rules, self.index_offset)
        {
            return Err(format!(
                "payload offset {}, expected {}",
                self.payload_offset,
                companion::companion_payload_offset(rules, self.index_offset)
            ));
        }
        if objective == Objective::Target && self.payload_offset != self.target_layout().1 {
            return Err(format!(
                "payload offset {}, expected {}",
                self.payload_offset,
                self.target_layout().1
            ));
        }
        Ok(())
    }
}

fn align(n: u64) -> u64 {
    n.div_ceil(PAYLOAD_ALIGN) * PAYLOAD_ALIGN
}

/// The whole file of a value table for `rules` (one value per state, in state-index
/// order): header, padding, payload. What [`write_table`] writes, and what a host without
/// files (WebAssembly in a browser) keeps and reads back with [`Table::from_bytes`].
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
    bytes.extend(values.iter().flat_map(|v| v.to_le_bytes()));
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
fn write_atomically(path: &Path, header: &Header, sections: &[&[u8]]) -> Result<(), TableError> {
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

/// A table file's bytes: mapped read-only from disk, or held in memory (a table solved or
/// read where there are no files to map: WebAssembly in a browser).
enum Bytes {
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
fn map(path: &Path) -> Result<Bytes, TableError> {
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

/// Checks, in order: magic, format version, header decoding, objective, rule set,
/// dimensions and file size. Returns the header.
/// The magic bytes and format version at the start of a table file.
fn check_prefix(bytes: &[u8], path: &Path) -> Result<(), TableError> {
    let p = || path.to_path_buf();
    let prefix = &bytes[..bytes.len().min(8)];
    if bytes.len() < 12 && MAGIC.starts_with(prefix) {
        return Err(TableError::TooShort {
            path: p(),
            found: bytes.len() as u64,
        });
    }
    if bytes.len() < 12 || bytes[..8] != MAGIC {
        return Err(TableError::BadMagic { path: p() });
    }
    let version = u32::from_le_bytes(bytes[8..12].try_into().expect("4 bytes"));
    if version != FORMAT_VERSION {
        return Err(TableError::Version {
            path: p(),
            found: version,
            expected: FORMAT_VERSION,
        });
    }
    Ok(())
}

fn check_header(
    bytes: &[u8],
    path: &Path,
    rules: &RuleSet,
    objective: Objective,
) -> Result<Header, TableError> {
    let p = || path.to_path_buf();
    check_prefix(bytes, path)?;
    let (header, _): (Header, usize) =
        bincode::serde::decode_from_slice(bytes, config().with_limit::<HEADER_LIMIT>()).map_err(
            |e| TableError::BadHeader {
                path: p(),
                reason: e.to_string(),
            },
        )?;
    // The header's strings are quoted in messages: escaped, so they stay one line.
    if header.objective != objective.name() {
        return Err(TableError::WrongObjective {
            path: p(),
            found: yahtzee_rules::one_line(&header.objective),
            expected: objective.name(),
        });
    }
    if header.rules != rules.name {
        return Err(TableError::WrongRules {
            path: p(),
            found: yahtzee_rules::one_line(&header.rules),
            expected: rules.name.to_string(),
        });
    }
    header
        .check_dimensions(rules, objective)
        .map_err(|reason| TableError::Dimensions {
            path: p(),
            rules: rules.name.to_string(),
            reason,
        })?;
    let width = match objective {
        Objective::Expected => 8,
        Objective::Target | Objective::Companion => 4,
    };
    let expected = header
        .value_count
        .checked_mul(width)
        .and_then(|n| n.checked_add(header.payload_offset));
    if expected != Some(bytes.len() as u64) {
        return Err(TableError::Size {
            path: p(),
            expected: expected.unwrap_or(u64::MAX),
            found: bytes.len() as u64,
        });
    }
    Ok(header)
}

/// The payload checks of [`Table::open`], in one pass so each block of values is read
/// from memory once: the CRC-32 of the payload ([`TableError::Checksum`], reported first),
/// then the values (see [`check`]): the first impossible one is refused with
/// [`TableError::BadValue`], naming its state.
fn check_payload(
    payload: &[u8],
    header: &Header,
    path: &Path,
    rules: &RuleSet,
) -> Result<(), TableError> {
    // The payload starts 64-byte aligned in a page-aligned map, so it is read in place.
    let copy: Vec<f64>;
    let values: &[f64] = match bytemuck::try_cast_slice(payload) {
        Ok(v) => v,
        Err(_) => {
            copy = payload
                .chunks_exact(8)
                .map(|b| f64::from_le_bytes(b.try_into().expect("8 bytes")))
                .collect();
            &copy
        }
    };
    let mut crc = crc32fast::Hasher::new();
    let mut first_bad = None;
    let checked: Result<(), std::convert::Infallible> =
        check::Bounds::new(rules).each_set(|base, set_bound, pattern| {
            crc.update(&payload[base * 8..(base + pattern.len()) * 8]);
            if first_bad.is_some() {
                return Ok(());
            }
            let block = &values[base..base + pattern.len()];
            // Fast path: every value of the set sound (no branches, so it vectorises).
            if !check::block_sound(block, pattern, set_bound) {
                first_bad = block
                    .iter()
                    .zip(pattern)
                    .enumerate()
                    .find_map(|(l, (&v, &p))| {
                        check::bad_value(v, set_bound + p).map(|reason| (base + l, reason))
                    });
            }
            Ok(())
        });
    let Ok(()) = checked;
    let found = crc.finalize();
    if found != header.payload_crc32 {
        return Err(TableError::Checksum {
            path: path.to_path_buf(),
            expected: header.payload_crc32,
            found,
        });
    }
    match first_bad {
        None => Ok(()),
        Some((i, reason)) => Err(TableError::BadValue {
            path: path.to_path_buf(),
            state: describe_state(rules, rules.state_at(i)),
            reason,
        }),
    }
}

/// A value table opened read-only through a memory map and fully verified.
pub struct Table {
    map: Bytes,
    header: Header,
    rules: &'static RuleSet,
    path: PathBuf,
}

impl Table {
    /// Opens and verifies the table at `path` for `rules`: magic, format version,
    /// objective, rule set, dimensions, file size, payload checksum and values (finite and
    /// from 0 to [`most_points`] for reachable states, NaN for the others), in that order.
    #[cfg(feature = "files")]
    pub fn open(path: &Path, rules: &'static RuleSet) -> Result<Table, TableError> {
        Table::checked(map(path)?, path, rules)
    }

    /// The table in `bytes` (a whole file, as [`table_bytes`] makes it), with every check
    /// of [`Table::open`]; `name` stands for the file in error messages.
    pub fn from_bytes(
        bytes: Vec<u8>,
        name: &Path,
        rules: &'static RuleSet,
    ) -> Result<Table, TableError> {
        Table::checked(Bytes::Owned(bytes), name, rules)
    }

    fn checked(map: Bytes, path: &Path, rules: &'static RuleSet) -> Result<Table, TableError> {
        let header = check_header(&map, path, rules, Objective::Expected)?;
        check_payload(&map[header.payload_offset as usize..], &header, path, rules)?;
        Ok(Table {
            map,
            header,
            rules,
            path: path.to_path_buf(),
        })
    }

    /// The whole file: header, padding and payload.
    pub fn file_bytes(&self) -> &[u8] {
        &self.map
    }

    /// The verified header.
    pub fn header(&self) -> &Header {
        &self.header
    }

    /// The rule set this table solves.
    pub fn rules(&self) -> &'static RuleSet {
        self.rules
    }

    /// Where the table was opened from.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The value at a state index.
    pub fn value_at(&self, index: usize) -> f64 {
        let at = self.header.payload_offset as usize + index * 8;
        f64::from_le_bytes(self.map[at..at + 8].try_into().expect("8 bytes"))
    }

    /// Expected points still to come from the start of a turn in state `s` (optimal play).
    pub fn value(&self, s: State) -> f64 {
        self.value_at(self.rules.state_index(s))
    }

    /// The raw payload bytes (little-endian `f64`s).
    pub fn payload(&self) -> &[u8] {
        &self.map[self.header.payload_offset as usize..]
    }
}

/// A target table opened through a memory map. Opening checks the header and the index;
/// the probabilities of each filled set are checked against their own checksum before
/// first use ([`TargetTable::verify_sets`]), so answering one position reads a few
/// megabytes, not the whole file.
pub struct TargetTable {
    map: Bytes,
    header: Header,
    rules: &'static RuleSet,
    path: PathBuf,
    /// Per filled set: 0 not checked yet, 1 checked and sound.
    checked: Vec<AtomicU8>,
}

impl TargetTable {
    /// Opens the target table at `path` for `rules`: the header checks of [`Table::open`],
    /// then the index's checksum and the offsets' order and bounds.
    #[cfg(feature = "files")]
    pub fn open(path: &Path, rules: &'static RuleSet) -> Result<TargetTable, TableError> {
        let map = map(path)?;
        let header = check_header(&map, path, rules, Objective::Target)?;
        let (index_len, _) = header.target_layout();
        let at = header.index_offset as usize;
        let index = &map[at..at + index_len as usize];
        let found = crc32fast::hash(index);
        if found != header.index_crc32 {
            return Err(TableError::IndexChecksum {
                path: path.to_path_buf(),
                expected: header.index_crc32,
                found,
            });
        }
        let table = TargetTable {
            checked: (0..1usize << rules.box_count())
                .map(|_| AtomicU8::new(0))
                .collect(),
            map,
            header,
            rules,
            path: path.to_path_buf(),
        };
        table.check_offsets()?;
        Ok(table)
    }

    fn offsets(&self) -> &[u64] {
        let at = self.header.index_offset as usize;
        let n = self.rules.state_count() + 1;
        bytemuck::cast_slice(&self.map[at..at + n * 8])
    }

    fn set_crcs(&self) -> &[u32] {
        let at = self.header.index_offset as usize + (self.rules.state_count() + 1) * 8;
        bytemuck::cast_slice(&self.map[at..at + (4 << self.rules.box_count())])
    }

    fn values(&self) -> &[f32] {
        bytemuck::cast_slice(&self.map[self.header.payload_offset as usize..])
    }

    #[cfg(feature = "files")]
    fn check_offsets(&self) -> Result<(), TableError> {
        let o = self.offsets();
        let bad = |reason: String| TableError::BadIndex {
            path: self.path.clone(),
            reason,
        };
        if o[0] != 0 || o[o.len() - 1] != self.header.value_count {
            return Err(bad(format!(
                "offsets run from {} to {}, not 0 to {}",
                o[0],
                o[o.len() - 1],
                self.header.value_count
            )));
        }
        if let Some(i) = o.windows(2).position(|w| w[1] < w[0]) {
            return Err(bad(format!("offset of state {} goes backwards", i + 1)));
        }
        // Each reachable state has from 1 to most_points + 1 probabilities, the others none.
        let rules = self.rules;
        check::Bounds::new(rules).each_set(|base, set_bound, pattern| {
            let lens = o[base..=base + pattern.len()]
                .windows(2)
                .map(|w| w[1] - w[0]);
            // Fast path, without branches: every length of the set possible.
            let sound = lens.zip(pattern).fold(true, |ok, (len, &p)| {
                let bound = set_bound + p;
                let reachable = (len >= 1) & ((len as f64) <= bound + 1.0);
                ok & (reachable | ((len == 0) & bound.is_nan()))
            });
            if sound {
                return Ok(());
            }
            for (l, p) in pattern.iter().enumerate() {
                let i = base + l;
                let len = o[i + 1] - o[i];
                let bound = set_bound + p;
                let reason = match (!bound.is_nan()).then_some(bound as u32) {
                    None if len > 0 => format!("{len} probabilities for a state no game reaches"),
                    Some(_) if len == 0 => "no probabilities for a reachable state".to_string(),
                    Some(most) if len > u64::from(most) + 1 => format!(
                        "{len} probabilities, more than the {} its {most} possible points allow",
                        u64::from(most) + 1
                    ),
                    _ => continue,
                };
                return Err(TableError::BadProbability {
                    path: self.path.clone(),
                    state: describe_state(rules, rules.state_at(i)),
                    reason,
                });
            }
            Ok(())
        })
    }

    /// Checks the probabilities of the given filled sets against their checksums, and that
    /// each is in [0, 1] and never above the one before it (each set once per opening).
    pub fn verify_sets(&self, sets: impl IntoIterator<Item = u32>) -> Result<(), TableError> {
        let lanes = self.rules.lanes_per_set();
        let bytes = &self.map[self.header.payload_offset as usize..];
        for filled in sets {
            let flag = &self.checked[filled as usize];
            if flag.load(Ordering::Relaxed) == 1 {
                continue;
            }
            let o = self.offsets();
            let f = filled as usize;
            let range = o[f * lanes] as usize * 4..o[(f + 1) * lanes] as usize * 4;
            if crc32fast::hash(&bytes[range]) != self.set_crcs()[f] {
                return Err(TableError::BlockChecksum {
                    path: self.path.clone(),
                    filled,
                });
            }
            let values = self.values();
            for i in f * lanes..(f + 1) * lanes {
                let v = &values[o[i] as usize..o[i + 1] as usize];
                if let Some(reason) = check::bad_probabilities(v) {
                    return Err(TableError::BadProbability {
                        path: self.path.clone(),
                        state: describe_state(self.rules, self.rules.state_at(i)),
                        reason,
                    });
                }
            }
            flag.store(1, Ordering::Relaxed);
        }
        Ok(())
    }

    /// Checks every filled set (and so the whole payload).
    pub fn verify_all(&self) -> Result<(), TableError> {
        self.verify_sets(0..1u32 << self.rules.box_count())
    }

    /// Checks the sets a turn from `state` reads: its own and the ones a move leads to.
    pub fn verify_turn(&self, state: State) -> Result<(), TableError> {
        let f = state.filled();
        let open = (0..self.rules.box_count() as u32).filter(|b| f >> b & 1 == 0);
        self.verify_sets(std::iter::once(f).chain(open.map(|b| f | 1 << b)))
    }

    /// Checks every set a game from `state` can reach.
    pub fn verify_future(&self, state: State) -> Result<(), TableError> {
        let f = state.filled();
        let all = (1u32 << self.rules.box_count()) - 1;
        self.verify_sets((f..=all).filter(|s| s & f == f))
    }

    /// The verified header.
    pub fn header(&self) -> &Header {
        &self.header
    }

    /// The rule set this table solves.
    pub fn rules(&self) -> &'static RuleSet {
        self.rules
    }

    /// Where the table was opened from.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The probabilities of state `s`: `v[c]` = P(scoring at least `c` more points) for `c`
    /// from 0 to the most it can still score (empty for an unreachable state). Its filled
    /// set must have been verified.
    pub fn vector(&self, s: State) -> &[f32] {
        let i = self.rules.state_index(s);
        debug_assert_eq!(
            self.checked[s.filled() as usize].load(Ordering::Relaxed),
            1,
            "set {:#x} read before it was verified",
            s.filled()
        );
        let o = self.offsets();
        &self.values()[o[i] as usize..o[i + 1] as usize]
    }

    /// P(scoring at least `c` more points from the start of a turn in `s`): 1 for `c <= 0`,
    /// 0 past the most the state can still score.
    pub fn p_at_least(&self, s: State, c: i64) -> f64 {
        if c <= 0 {
            return 1.0;
        }
        self.vector(s)
            .get(c as usize)
            .map_or(0.0, |&p| f64::from(p))
    }

    /// The most points still to come from `s` (None for an unreachable state).
    pub fn max_points(&self, s: State) -> Option<u32> {
        let i = self.rules.state_index(s);
        let o = self.offsets();
        (o[i + 1] > o[i]).then(|| (o[i + 1] - o[i] - 1) as u32)
    }
}
