//! The companion table of a rule set: where each state's expected score comes from (each
//! box's expected final score, the chance of the upper bonus, the expected extra-Yahtzee
//! and Mega bonus points), built by `yahtzee_stats::Companion` beside the value table.
//!
//! The value table's file format (docs/TABLE_FORMAT.md) with objective `companion` and
//! value type `f32le`: the header, then an index of one `u64` per block of 64 states (a
//! filled set and its flags; bit `u` set where the state with upper total `u` is
//! reached), then [`companion_width`] values for each reached state, in state order. Only
//! reached states are kept: for the official rules 536,448 of 1,048,576, 34 MB. Each value
//! is the `f64` the builder computed rounded to `f32` (a relative error of at most 2^-24);
//! sums are checked in `f64` before the file is written.

use std::path::Path;

use crate::bytes::Bytes;
use crate::check::describe_state;
use crate::error::TableError;
use crate::header::{align, check_header, companion_payload_offset, Header, Objective};
#[cfg(feature = "files")]
use crate::write::write_atomically;
use yahtzee_rules::{RuleSet, State};

/// Values per reached state: each box, then the upper bonus chance, the extra-Yahtzee and
/// the Mega bonus points.
pub fn companion_width(rules: &RuleSet) -> usize {
    rules.box_count() + 3
}

/// Blocks of 64 states (one index word each).
fn blocks(rules: &RuleSet) -> usize {
    rules.state_count() / 64
}

/// The header and sections of a companion file of `parts` ([`companion_width`] per
/// state in state order, NaN rows for states no game reaches).
fn image(rules: &RuleSet, parts: &[f64]) -> (Header, Vec<u8>, Vec<u8>) {
    let width = companion_width(rules);
    assert_eq!(parts.len(), rules.state_count() * width, "a row per state");
    let mut index = Vec::with_capacity(8 * blocks(rules));
    let mut payload = Vec::new();
    for (b, block) in parts.chunks(64 * width).enumerate() {
        let mut mask = 0u64;
        for (u, row) in block.chunks(width).enumerate() {
            if !row[0].is_nan() {
                mask |= 1 << u;
                payload.extend(row.iter().flat_map(|&x| (x as f32).to_le_bytes()));
            }
        }
        debug_assert!(b < blocks(rules));
        index.extend(mask.to_le_bytes());
    }
    let mut header = Header::blank(rules, Objective::Companion, (payload.len() / 4) as u64);
    header.index_crc32 = crc32fast::hash(&index);
    header.payload_crc32 = crc32fast::hash(&payload);
    header.index_offset = align(header.encode().len() as u64);
    header.payload_offset = companion_payload_offset(rules, header.index_offset);
    (header, index, payload)
}

/// The length of the companion file of `rules` with `reached` states.
pub fn companion_file_len(rules: &RuleSet, reached: u64) -> u64 {
    let value_count = reached * companion_width(rules) as u64;
    let mut header = Header::blank(rules, Objective::Companion, value_count);
    header.index_offset = align(header.encode().len() as u64);
    companion_payload_offset(rules, header.index_offset) + 4 * value_count
}

/// The whole companion file of `parts` (as [`write_companion_table`] writes it).
pub fn companion_bytes(rules: &RuleSet, parts: &[f64]) -> Vec<u8> {
    let (header, index, payload) = image(rules, parts);
    let mut bytes = header.encode();
    bytes.resize(header.index_offset as usize, 0);
    bytes.extend(&index);
    bytes.resize(header.payload_offset as usize, 0);
    bytes.extend(&payload);
    bytes
}

/// Writes the companion table of `parts` to `path` atomically (a temporary file renamed
/// over it, readable by everyone).
#[cfg(feature = "files")]
pub fn write_companion_table(
    path: &Path,
    rules: &RuleSet,
    parts: &[f64],
) -> Result<Header, TableError> {
    let (header, index, payload) = image(rules, parts);
    let gap = (header.payload_offset - header.index_offset) as usize - index.len();
    write_atomically(path, &header, &[&index, &vec![0; gap], &payload])?;
    Ok(header)
}

/// A companion table opened and checked whole: header, index checksum, the count of
/// values against the reached states, payload checksum, and every value (finite, not
/// below 0, a chance at most 1).
pub struct CompanionTable {
    map: Bytes,
    header: Header,
    rules: &'static RuleSet,
    /// Per block: the rank of its first reached state among all reached states.
    ranks: Vec<u32>,
    masks: Vec<u64>,
}

impl CompanionTable {
    /// Opens and checks the companion table at `path` for `rules`.
    #[cfg(feature = "files")]
    pub fn open(path: &Path, rules: &'static RuleSet) -> Result<CompanionTable, TableError> {
        CompanionTable::checked(crate::bytes::map(path)?, path, rules)
    }

    /// The companion table in `bytes` (a whole file), with every check of
    /// [`CompanionTable::open`]; `name` stands for the file in messages.
    pub fn from_bytes(
        bytes: Vec<u8>,
        name: &Path,
        rules: &'static RuleSet,
    ) -> Result<CompanionTable, TableError> {
        CompanionTable::checked(Bytes::Owned(bytes), name, rules)
    }

    fn checked(
        map: Bytes,
        path: &Path,
        rules: &'static RuleSet,
    ) -> Result<CompanionTable, TableError> {
        let p = || path.to_path_buf();
        let header = check_header(&map, path, rules, Objective::Companion)?;
        let at = header.index_offset as usize;
        let index = &map[at..at + 8 * blocks(rules)];
        let found = crc32fast::hash(index);
        if found != header.index_crc32 {
            return Err(TableError::IndexChecksum {
                path: p(),
                expected: header.index_crc32,
                found,
            });
        }
        let masks: Vec<u64> = index
            .chunks_exact(8)
            .map(|w| u64::from_le_bytes(w.try_into().expect("8 bytes")))
            .collect();
        let mut ranks = Vec::with_capacity(masks.len());
        let mut reached = 0u64;
        for m in &masks {
            ranks.push(reached as u32);
            reached += u64::from(m.count_ones());
        }
        let width = companion_width(rules) as u64;
        if reached * width != header.value_count {
            return Err(TableError::BadIndex {
                path: p(),
                reason: format!(
                    "{reached} states reached, but {} values for them",
                    header.value_count
                ),
            });
        }
        let payload = &map[header.payload_offset as usize..];
        let found = crc32fast::hash(payload);
        if found != header.payload_crc32 {
            return Err(TableError::Checksum {
                path: p(),
                expected: header.payload_crc32,
                found,
            });
        }
        let table = CompanionTable {
            map,
            header,
            rules,
            ranks,
            masks,
        };
        table.check_values(path)?;
        Ok(table)
    }

    /// Every value finite and not below 0, the upper bonus a chance (at most 1).
    fn check_values(&self, path: &Path) -> Result<(), TableError> {
        let boxes = self.rules.box_count();
        for i in 0..self.rules.state_count() {
            let state = self.rules.state_at(i);
            let Some(row) = self.parts(state) else {
                continue;
            };
            let bad = row.iter().enumerate().find_map(|(k, &x)| {
                let limit = if k == boxes { 1.0 } else { f32::MAX };
                (!(0.0..=limit).contains(&x)).then(|| format!("part {k} = {x}"))
            });
            if let Some(reason) = bad {
                return Err(TableError::BadValue {
                    path: path.to_path_buf(),
                    state: describe_state(self.rules, state),
                    reason,
                });
            }
        }
        Ok(())
    }

    /// The verified header.
    pub fn header(&self) -> &Header {
        &self.header
    }

    /// The whole file.
    pub fn file_bytes(&self) -> &[u8] {
        &self.map
    }

    /// The parts of `state` ([`companion_width`] values: the boxes in card order, the
    /// upper bonus chance, the extra-Yahtzee and Mega bonus points); `None` where no game
    /// reaches it.
    pub fn parts(&self, state: State) -> Option<Vec<f32>> {
        let i = self.rules.state_index(state);
        let (block, u) = (i / 64, i % 64);
        let mask = self.masks[block];
        if mask >> u & 1 == 0 {
            return None;
        }
        let rank = self.ranks[block] as usize + (mask & ((1u64 << u) - 1)).count_ones() as usize;
        let width = companion_width(self.rules);
        let at = self.header.payload_offset as usize + 4 * rank * width;
        Some(
            self.map[at..at + 4 * width]
                .chunks_exact(4)
                .map(|b| f32::from_le_bytes(b.try_into().expect("4 bytes")))
                .collect(),
        )
    }
}
