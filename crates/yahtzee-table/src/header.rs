//! The header every table file starts with ([`Header`], bincode's legacy configuration:
//! little-endian, fixed-width integers), what a table's values mean ([`Objective`]), where
//! each section starts, and the checks a reader makes of a header before trusting it.

use std::path::Path;

use serde::{Deserialize, Serialize};
use yahtzee_rules::RuleSet;

use crate::error::TableError;

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
    /// each box's expected score and the bonuses ([`companion`](crate::companion)).
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

    pub(crate) fn value_type(self) -> &'static str {
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

/// The most bytes a header may claim when decoded: a damaged string length is refused
/// as a bad header instead of sizing an allocation (found by fuzzing: a length near 2^64
/// overflowed the allocator).
pub(crate) const HEADER_LIMIT: usize = 1 << 16;

pub(crate) fn config() -> bincode::config::Configuration<
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

    pub(crate) fn blank(rules: &RuleSet, objective: Objective, value_count: u64) -> Header {
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
    pub(crate) fn target_layout(&self) -> (u64, u64) {
        let states = 64u64 << (self.boxes + self.flag_bits);
        let index_len = (states + 1) * 8 + (4u64 << self.boxes);
        (index_len, align(self.index_offset + index_len))
    }

    pub(crate) fn encode(&self) -> Vec<u8> {
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
            && self.payload_offset != companion_payload_offset(rules, self.index_offset)
        {
            return Err(format!(
                "payload offset {}, expected {}",
                self.payload_offset,
                companion_payload_offset(rules, self.index_offset)
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

pub(crate) fn align(n: u64) -> u64 {
    n.div_ceil(PAYLOAD_ALIGN) * PAYLOAD_ALIGN
}

/// Where a companion table's payload starts for a header whose index starts at
/// `index_offset`: after one `u64` per block of 64 states.
pub(crate) fn companion_payload_offset(rules: &RuleSet, index_offset: u64) -> u64 {
    align(index_offset + 8 * (rules.state_count() / 64) as u64)
}

/// The magic bytes and format version at the start of a table file.
pub(crate) fn check_prefix(bytes: &[u8], path: &Path) -> Result<(), TableError> {
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

/// Checks, in order: magic, format version, header decoding, objective, rule set,
/// dimensions and file size. Returns the header.
pub(crate) fn check_header(
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
