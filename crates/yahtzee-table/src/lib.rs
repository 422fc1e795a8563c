//! The value-table file: a solved rule set's expected values, written once and then read
//! back through a memory map by any number of processes.
//!
//! Layout (specified for other languages in `docs/TABLE_FORMAT.md`): a [`Header`] encoded
//! with bincode's legacy configuration (little-endian, fixed-width integers), zero padding
//! to [`Header::payload_offset`] (a multiple of 64), then one little-endian `f64` per state
//! in [`yahtzee_rules::RuleSet::state_index`] order. Files are written to a temporary file
//! in the target folder and renamed into place, so a reader never sees half a table.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use memmap2::Mmap;
use serde::{Deserialize, Serialize};
use thiserror::Error;
use yahtzee_rules::{RuleSet, State};

/// First eight bytes of every table file.
pub const MAGIC: [u8; 8] = *b"YZTABLE\0";
/// The layout version this code writes and reads.
pub const FORMAT_VERSION: u32 = 1;
/// The only value type so far: IEEE-754 binary64, little-endian.
pub const VALUE_TYPE: &str = "f64le";
const PAYLOAD_ALIGN: u64 = 64;

/// Everything a reader needs to trust and index the payload.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Header {
    /// [`MAGIC`].
    pub magic: [u8; 8],
    /// [`FORMAT_VERSION`] of the writer.
    pub format_version: u32,
    /// Rule-set name (`forced`, `free`, ...).
    pub rules: String,
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
}

fn config() -> impl bincode::config::Config {
    bincode::config::legacy()
}

impl Header {
    /// The header for a table of `rules` with the given payload checksum.
    pub fn new(rules: &RuleSet, payload_crc32: u32) -> Header {
        let mut h = Header {
            magic: MAGIC,
            format_version: FORMAT_VERSION,
            rules: rules.name.to_string(),
            boxes: rules.box_count() as u32,
            upper_totals: 64,
            flag_bits: rules.flag_bits(),
            value_type: VALUE_TYPE.to_string(),
            value_count: rules.state_count() as u64,
            payload_offset: 0,
            payload_crc32,
            producer: concat!("yahtzee ", env!("CARGO_PKG_VERSION")).to_string(),
        };
        let len = h.encode().len() as u64;
        h.payload_offset = len.div_ceil(PAYLOAD_ALIGN) * PAYLOAD_ALIGN;
        h
    }

    fn encode(&self) -> Vec<u8> {
        bincode::serde::encode_to_vec(self, config()).expect("a header always encodes")
    }

    fn check_dimensions(&self, rules: &RuleSet) -> Result<(), String> {
        let expect = [
            ("boxes", u64::from(self.boxes), rules.box_count() as u64),
            ("upper totals", u64::from(self.upper_totals), 64),
            (
                "flag bits",
                u64::from(self.flag_bits),
                u64::from(rules.flag_bits()),
            ),
            ("values", self.value_count, rules.state_count() as u64),
        ];
        for (what, found, want) in expect {
            if found != want {
                return Err(format!("{what} {found}, expected {want}"));
            }
        }
        if self.value_type != VALUE_TYPE {
            return Err(format!(
                "value type '{}', expected '{VALUE_TYPE}'",
                self.value_type
            ));
        }
        if self.payload_offset % 8 != 0 {
            return Err(format!(
                "payload offset {} is not 8-byte aligned",
                self.payload_offset
            ));
        }
        Ok(())
    }
}

/// Writes the values of `rules` (one per state, in state-index order) to `path` atomically:
/// a temporary file in the same folder is written, flushed to disk and renamed over `path`.
/// On any error the temporary file is removed and an existing table is left untouched.
pub fn write_table(path: &Path, rules: &RuleSet, values: &[f64]) -> Result<Header, TableError> {
    assert_eq!(values.len(), rules.state_count(), "one value per state");
    let write_err = |io| TableError::Write {
        path: path.to_path_buf(),
        io,
    };
    let payload: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
    let header = Header::new(rules, crc32fast::hash(&payload));
    let mut head = header.encode();
    head.resize(header.payload_offset as usize, 0);

    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    std::fs::create_dir_all(dir).map_err(write_err)?;
    let tmp = tempfile::Builder::new()
        .prefix(".table-")
        .suffix(".tmp")
        .tempfile_in(dir)
        .map_err(write_err)?;
    {
        let mut w = BufWriter::new(tmp.as_file());
        w.write_all(&head).map_err(write_err)?;
        w.write_all(&payload).map_err(write_err)?;
        w.flush().map_err(write_err)?;
    }
    tmp.as_file().sync_all().map_err(write_err)?;
    tmp.persist(path).map_err(|e| write_err(e.error))?;
    Ok(header)
}

/// A value table opened read-only through a memory map and fully verified.
pub struct Table {
    map: Mmap,
    header: Header,
    rules: &'static RuleSet,
    path: PathBuf,
}

impl Table {
    /// Opens and verifies the table at `path` for `rules`: magic, format version, rule set,
    /// dimensions, file size and payload checksum, in that order.
    pub fn open(path: &Path, rules: &'static RuleSet) -> Result<Table, TableError> {
        let p = || path.to_path_buf();
        let file = File::open(path).map_err(|io| TableError::Open { path: p(), io })?;
        // SAFETY: the map is read-only and private to this process. Table files are only
        // ever replaced by renaming a new file over them, never modified in place, so the
        // mapped bytes cannot change under us; the whole payload is verified against its
        // checksum before any value is read.
        let map = unsafe { Mmap::map(&file) }.map_err(|io| TableError::Open { path: p(), io })?;
        let header = Self::verify(&map, path, rules)?;
        Ok(Table {
            map,
            header,
            rules,
            path: p(),
        })
    }

    fn verify(bytes: &[u8], path: &Path, rules: &RuleSet) -> Result<Header, TableError> {
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
        let (header, _): (Header, usize) = bincode::serde::decode_from_slice(bytes, config())
            .map_err(|e| TableError::BadHeader {
                path: p(),
                reason: e.to_string(),
            })?;
        if header.rules != rules.name {
            return Err(TableError::WrongRules {
                path: p(),
                found: header.rules,
                expected: rules.name.to_string(),
            });
        }
        header
            .check_dimensions(rules)
            .map_err(|reason| TableError::Dimensions {
                path: p(),
                rules: rules.name.to_string(),
                reason,
            })?;
        let expected = header.payload_offset + header.value_count * 8;
        if bytes.len() as u64 != expected {
            return Err(TableError::Size {
                path: p(),
                expected,
                found: bytes.len() as u64,
            });
        }
        let found = crc32fast::hash(&bytes[header.payload_offset as usize..]);
        if found != header.payload_crc32 {
            return Err(TableError::Checksum {
                path: p(),
                expected: header.payload_crc32,
                found,
            });
        }
        Ok(header)
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
