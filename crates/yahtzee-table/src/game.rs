//! Value tables of games beyond the solitaire rule sets (Painted Yahtzee), in the same file
//! format: the same header (the game's name as its rules, objective `expected`, its own
//! box count, upper totals and flag bits), padding, then one `f64` per state. The layout of
//! the states is the game's own; this module only checks that a file is the one asked for
//! and intact.

use std::path::Path;

use crate::error::TableError;
use crate::header::{align, check_prefix, config, Header, Objective};
use crate::header::{FORMAT_VERSION, HEADER_LIMIT, MAGIC};
#[cfg(feature = "files")]
use crate::write::write_atomically;

/// What a game's table must be: its name and dimensions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameDimensions {
    pub name: String,
    pub boxes: u32,
    pub upper_totals: u32,
    pub flag_bits: u32,
    pub value_count: u64,
}

fn header(d: &GameDimensions, crc: u32) -> Header {
    let mut h = Header {
        magic: MAGIC,
        format_version: FORMAT_VERSION,
        rules: d.name.clone(),
        objective: Objective::Expected.name().to_string(),
        boxes: d.boxes,
        upper_totals: d.upper_totals,
        flag_bits: d.flag_bits,
        value_type: Objective::Expected.value_type().to_string(),
        value_count: d.value_count,
        index_offset: 0,
        index_crc32: 0,
        payload_offset: 0,
        payload_crc32: crc,
        producer: concat!("yahtzee ", env!("CARGO_PKG_VERSION")).to_string(),
    };
    h.payload_offset = align(h.encode().len() as u64);
    h
}

/// The length of a game's table file (what [`write_game_table`] writes).
pub fn game_file_len(d: &GameDimensions) -> u64 {
    header(d, 0).payload_offset + 8 * d.value_count
}

/// The whole file of a game's table: header, padding, payload.
pub fn game_table_bytes(d: &GameDimensions, values: &[f64]) -> Vec<u8> {
    assert_eq!(values.len() as u64, d.value_count, "one value per state");
    let payload: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
    let h = header(d, crc32fast::hash(&payload));
    let mut bytes = h.encode();
    bytes.resize(h.payload_offset as usize, 0);
    bytes.extend_from_slice(&payload);
    bytes
}

/// Writes a game's table atomically (temporary file, flushed, renamed; readable by all).
#[cfg(feature = "files")]
pub fn write_game_table(
    path: &Path,
    d: &GameDimensions,
    values: &[f64],
) -> Result<Header, TableError> {
    assert_eq!(values.len() as u64, d.value_count, "one value per state");
    let payload: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
    let h = header(d, crc32fast::hash(&payload));
    write_atomically(path, &h, &[&payload])?;
    Ok(h)
}

/// Reads a game's table, refusing a file of another game, other dimensions, a truncated or
/// padded one and one whose checksum fails, each with its own one-line error.
#[cfg(feature = "files")]
pub fn read_game_table(path: &Path, d: &GameDimensions) -> Result<Vec<f64>, TableError> {
    let bytes = std::fs::read(path).map_err(|io| TableError::Open {
        path: path.to_path_buf(),
        io,
    })?;
    game_table_from_bytes(&bytes, path, d)
}

/// [`read_game_table`] of bytes in memory (`path` names them in messages).
pub fn game_table_from_bytes(
    bytes: &[u8],
    path: &Path,
    d: &GameDimensions,
) -> Result<Vec<f64>, TableError> {
    let payload = &bytes[checked_payload(bytes, path, d)?..];
    Ok(payload
        .chunks_exact(8)
        .map(|b| f64::from_le_bytes(b.try_into().expect("8 bytes")))
        .collect())
}

/// A game's table file mapped read-only and checked whole when opened, as
/// [`read_game_table`] checks it: for the tables too big to hold twice (the full Painted
/// Yahtzee game's is 1.6 GB), a value is read from the map where it is needed.
#[cfg(feature = "files")]
pub struct GameTable {
    bytes: crate::bytes::Bytes,
    payload: usize,
    len: usize,
}

#[cfg(feature = "files")]
impl GameTable {
    /// Maps `path` and checks it is `d`'s table, intact (its checksum read through once).
    pub fn open(path: &Path, d: &GameDimensions) -> Result<GameTable, TableError> {
        let bytes = crate::bytes::map(path)?;
        let payload = checked_payload(&bytes, path, d)?;
        Ok(GameTable {
            bytes,
            payload,
            len: d.value_count as usize,
        })
    }

    /// The value of state `i` (the game's own state order).
    pub fn get(&self, i: usize) -> f64 {
        assert!(i < self.len, "state {i} of a table of {}", self.len);
        let at = self.payload + 8 * i;
        f64::from_le_bytes(self.bytes[at..at + 8].try_into().expect("8 bytes"))
    }

    /// How many values it holds.
    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

/// Checks a game table's bytes (header, dimensions, length, checksum): where its values
/// start.
fn checked_payload(bytes: &[u8], path: &Path, d: &GameDimensions) -> Result<usize, TableError> {
    let p = || path.to_path_buf();
    check_prefix(bytes, path)?;
    let (h, _): (Header, usize) =
        bincode::serde::decode_from_slice(bytes, config().with_limit::<HEADER_LIMIT>()).map_err(
            |e| TableError::BadHeader {
                path: p(),
                reason: e.to_string(),
            },
        )?;
    if h.objective != Objective::Expected.name() {
        return Err(TableError::WrongObjective {
            path: p(),
            found: yahtzee_rules::one_line(&h.objective),
            expected: Objective::Expected.name(),
        });
    }
    if h.rules != d.name {
        return Err(TableError::WrongRules {
            path: p(),
            found: yahtzee_rules::one_line(&h.rules),
            expected: d.name.clone(),
        });
    }
    let found = (h.boxes, h.upper_totals, h.flag_bits, h.value_count);
    let want = (d.boxes, d.upper_totals, d.flag_bits, d.value_count);
    if found != want || h.value_type != Objective::Expected.value_type() {
        return Err(TableError::Dimensions {
            path: p(),
            rules: d.name.clone(),
            reason: format!("boxes, upper totals, flag bits, values {found:?}, expected {want:?}"),
        });
    }
    let expected = h.payload_offset + d.value_count * 8;
    if bytes.len() as u64 != expected || h.payload_offset % 8 != 0 {
        return Err(TableError::Size {
            path: p(),
            expected,
            found: bytes.len() as u64,
        });
    }
    let crc = crc32fast::hash(&bytes[h.payload_offset as usize..]);
    if crc != h.payload_crc32 {
        return Err(TableError::Checksum {
            path: p(),
            expected: h.payload_crc32,
            found: crc,
        });
    }
    Ok(h.payload_offset as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dims() -> GameDimensions {
        GameDimensions {
            name: "painted:c2:ones,flush".into(),
            boxes: 2,
            upper_totals: 4,
            flag_bits: 0,
            value_count: 3,
        }
    }

    #[test]
    fn round_trip_and_refusals() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.bin");
        write_game_table(&path, &dims(), &[1.0, 2.5, -3.0]).unwrap();
        assert_eq!(
            read_game_table(&path, &dims()).unwrap(),
            vec![1.0, 2.5, -3.0]
        );
        let mapped = GameTable::open(&path, &dims()).unwrap();
        assert_eq!((mapped.len(), mapped.get(1), mapped.get(2)), (3, 2.5, -3.0));
        let mut other = dims();
        other.name = "painted".into();
        let e = read_game_table(&path, &other).unwrap_err().to_string();
        assert!(e.contains("not 'painted'"), "{e}");
        let mut bytes = std::fs::read(&path).unwrap();
        let last = bytes.len() - 1;
        bytes[last] ^= 1;
        let e = game_table_from_bytes(&bytes, &path, &dims()).unwrap_err();
        assert!(matches!(e, TableError::Checksum { .. }), "{e}");
        std::fs::write(&path, &bytes).unwrap();
        let e = GameTable::open(&path, &dims()).err().unwrap();
        assert!(matches!(e, TableError::Checksum { .. }), "{e}");
        bytes.truncate(last);
        let e = game_table_from_bytes(&bytes, &path, &dims()).unwrap_err();
        assert!(matches!(e, TableError::Size { .. }), "{e}");
        let e = game_table_from_bytes(&bytes[..5], &path, &dims()).unwrap_err();
        assert!(matches!(e, TableError::TooShort { .. }), "{e}");
    }
}
