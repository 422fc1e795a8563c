//! The expected-value table ([`Table`]): opened, every value checked in the checksum's
//! pass, and read by state.

use std::path::{Path, PathBuf};

use yahtzee_rules::{RuleSet, State};

#[cfg(feature = "files")]
use crate::bytes::map;
use crate::bytes::Bytes;
use crate::check::{self, describe_state};
use crate::error::TableError;
use crate::header::{check_header, Header, Objective};

/// The payload checks of [`Table::open`], in one pass so each block of values is read
/// from memory once: the CRC-32 of the payload ([`TableError::Checksum`], reported first),
/// then the values (see [`check`]): the first impossible one is refused with
/// [`TableError::BadValue`], naming its state. Values are checked only in the filled sets
/// that include `need` (all of them for a whole table: `need` 0), and the checksum only
/// for a whole table (a part's image was made from its values a moment before).
fn check_payload(
    payload: &[u8],
    header: &Header,
    path: &Path,
    rules: &RuleSet,
    need: u32,
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
            if need == 0 {
                crc.update(&payload[base * 8..(base + pattern.len()) * 8]);
            }
            let filled = (base / rules.lanes_per_set()) as u32;
            if first_bad.is_some() || filled & need != need {
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
    if need == 0 && found != header.payload_crc32 {
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

/// A value table opened read-only through a memory map and fully verified; or, made by
/// [`Table::part`], the part of one that a card can still reach.
pub struct Table {
    map: Bytes,
    header: Header,
    rules: &'static RuleSet,
    path: PathBuf,
    /// The boxes every card it holds has filled (a bit per box): 0 for a whole table.
    need: u32,
}

impl Table {
    /// Opens and verifies the table at `path` for `rules`: magic, format version,
    /// objective, rule set, dimensions, file size, payload checksum and values (finite and
    /// from 0 to [`most_points`](check::most_points) for reachable states, NaN for the
    /// others), in that order.
    #[cfg(feature = "files")]
    pub fn open(path: &Path, rules: &'static RuleSet) -> Result<Table, TableError> {
        Table::checked(map(path)?, path, rules)
    }

    /// The table in `bytes` (a whole file, as [`table_bytes`](crate::table_bytes) makes
    /// it), with every check of [`Table::open`]; `name` stands for the file in error
    /// messages.
    pub fn from_bytes(
        bytes: Vec<u8>,
        name: &Path,
        rules: &'static RuleSet,
    ) -> Result<Table, TableError> {
        Table::checked(Bytes::Owned(bytes), name, rules)
    }

    /// The part of a table that cards with the boxes of `need` filled can still reach:
    /// `values` as [`yahtzee_solver::solve_part`] gives them (NaN outside the part), with
    /// every check of [`Table::open`] on the part. It answers only for the states it
    /// [`covers`](Table::covers); its bytes are no table file (a file must be whole, and
    /// opening them refuses the first state outside the part), so it is never stored.
    pub fn part(
        rules: &'static RuleSet,
        values: &[f64],
        need: u32,
        name: &Path,
    ) -> Result<Table, TableError> {
        let map = Bytes::Owned(crate::table_bytes(rules, values));
        let mut table = Table::checked_part(map, name, rules, need)?;
        table.need = need;
        Ok(table)
    }

    fn checked(map: Bytes, path: &Path, rules: &'static RuleSet) -> Result<Table, TableError> {
        Table::checked_part(map, path, rules, 0)
    }

    fn checked_part(
        map: Bytes,
        path: &Path,
        rules: &'static RuleSet,
        need: u32,
    ) -> Result<Table, TableError> {
        let header = check_header(&map, path, rules, Objective::Expected)?;
        check_payload(
            &map[header.payload_offset as usize..],
            &header,
            path,
            rules,
            need,
        )?;
        Ok(Table {
            map,
            header,
            rules,
            path: path.to_path_buf(),
            need,
        })
    }

    /// Whether the table holds the value of `s` and of every state a game can reach from
    /// it: always for a whole table; for a [part](Table::part), when `s` has the part's
    /// boxes filled.
    pub fn covers(&self, s: State) -> bool {
        s.filled() & self.need == self.need
    }

    /// Whether this is the whole table (opened, or made by [`crate::table_bytes`]), not a
    /// [part](Table::part).
    pub fn is_whole(&self) -> bool {
        self.need == 0
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
