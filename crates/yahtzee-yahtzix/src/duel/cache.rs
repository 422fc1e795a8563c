//! The cache file of a solved two-player game, and the accept table read from it.
//!
//! Layout (little-endian), format version 3 (version 2 held the offers as `f64`):
//!
//! ```text
//! head    "YAHTZIX\0", u32 version, target, four_of_a_kind, exact, max_sweeps, 0,
//!         u64 sweeps, f64 residual, u64 lengths of none, accept, finals, each final,
//!         the none table (f64), each final (start, then its offers, f64),
//!         u32 CRC-32 of everything before it, u32 0
//! accept  the accept table (f32), one block per (seat, my score)
//! tail    u32 CRC-32 of each accept block, u32 CRC-32 of those CRCs
//! ```
//!
//! Opening maps the file, checks its size, the head's and the tail's CRCs, and reads the
//! small tables (none and finals, 4 MB at target 1,000); the accept table (160 MB; 1.2 GB
//! at 2,000) stays in the mapping, and each block is checked (CRC, and every value NaN or in [0, 1]) the first
//! time a turn reads it. So one piece of advice reads about 5 MB, not the whole file.
//! Written to a temporary file and renamed, so a reader sees a whole file or none.

use std::io::Write;
use std::path::Path;
use std::sync::OnceLock;

#[cfg(feature = "files")]
use memmap2::Mmap;
use rayon::prelude::*;

use super::{Duel, Final, FINAL_SLACK};

mod compact;
use crate::score::valid_score;
use crate::{Error, Rules};
pub use compact::COMPACT_CAP;

const MAGIC: &[u8; 8] = b"YAHTZIX\0";
const VERSION: u32 = 3;

/// Bytes before the none table: magic, six u32, sweeps, residual, four lengths.
const FIXED: usize = 8 + 6 * 4 + 2 * 8 + 4 * 8;

/// The accept table: computed in memory (`f32` as in the file, or `f64` for a reference
/// solve), or mapped from the cache file.
pub(crate) enum Accept {
    Owned(Vec<f32>),
    /// Multiples of 1/[`Accept::NARROW_LEVELS`], `u16::MAX` for none (the compact game).
    Narrow(Pieces),
    Wide(Vec<f64>),
    Mapped(Mapped),
}

/// A cache file's bytes: mapped from disk, or held in memory (a host without files, such
/// as a browser, keeps them in its own storage).
pub(crate) enum Bytes {
    #[cfg(feature = "files")]
    Map(Mmap),
    Held(Vec<u8>),
}

impl std::ops::Deref for Bytes {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        match self {
            #[cfg(feature = "files")]
            Bytes::Map(m) => m,
            Bytes::Held(v) => v,
        }
    }
}

/// The accept table in a cache file (mapped or held), each block checked on first use.
pub(crate) struct Mapped {
    map: Bytes,
    /// Byte offset of the table in the file.
    start: usize,
    len: usize,
    /// Values per block, and the target in units: block `b` is seat `b / n`, score `b % n`.
    block: usize,
    n: usize,
    crcs: Vec<u32>,
    /// Whether each block's CRC and values passed, once checked.
    checked: Vec<OnceLock<bool>>,
    path: String,
}

impl Accept {
    /// The compact game's rounding: each offer a multiple of 1/65,534 (`u16::MAX` marks a
    /// state no game reaches).
    pub(crate) const NARROW_LEVELS: u32 = 65_534;

    /// `len` values, none set, two bytes each.
    pub(crate) fn narrow(len: usize) -> Accept {
        Accept::Narrow(Pieces::new(len))
    }

    /// `len` values `fill`, in `f64` if `wide`.
    pub(crate) fn new(len: usize, fill: f64, wide: bool) -> Accept {
        if wide {
            Accept::Wide(vec![fill; len])
        } else {
            Accept::Owned(vec![fill as f32; len])
        }
    }

    pub(crate) fn get(&self, i: usize) -> f64 {
        match self {
            Accept::Owned(v) => f64::from(v[i]),
            Accept::Narrow(v) => match v.get(i) {
                u16::MAX => f64::NAN,
                x => f64::from(x) / f64::from(Accept::NARROW_LEVELS),
            },
            Accept::Wide(v) => v[i],
            Accept::Mapped(m) => m.get(i),
        }
    }

    pub(crate) fn len(&self) -> usize {
        match self {
            Accept::Owned(v) => v.len(),
            Accept::Narrow(v) => v.len,
            Accept::Wide(v) => v.len(),
            Accept::Mapped(m) => m.len,
        }
    }

    /// Bytes the table takes (mapped: in the file).
    pub(crate) fn bytes(&self) -> usize {
        match self {
            Accept::Wide(v) => 8 * v.len(),
            Accept::Narrow(v) => 2 * v.len,
            _ => 4 * self.len(),
        }
    }

    /// Writes `value` at `i` (rounded to `f32` unless wide); a mapped table is first copied
    /// into memory.
    pub(crate) fn set(&mut self, i: usize, value: f64) {
        self.set_row(i, &[value]);
    }

    /// Writes `values` from `i` on, as [`Accept::set`].
    pub(crate) fn set_row(&mut self, i: usize, values: &[f64]) {
        if let Accept::Mapped(_) = self {
            *self = Accept::Owned((0..self.len()).map(|j| self.get(j) as f32).collect());
        }
        match self {
            Accept::Owned(v) => {
                for (slot, &x) in v[i..i + values.len()].iter_mut().zip(values) {
                    *slot = x as f32;
                }
            }
            Accept::Narrow(v) => {
                let levels = f64::from(Accept::NARROW_LEVELS);
                for (j, &x) in (i..).zip(values) {
                    let level = if x.is_nan() {
                        u16::MAX
                    } else {
                        (x.clamp(0.0, 1.0) * levels).round() as u16
                    };
                    v.set(j, level);
                }
            }
            Accept::Wide(v) => v[i..i + values.len()].copy_from_slice(values),
            Accept::Mapped(_) => unreachable!("copied into memory above"),
        }
    }

    /// The `f32` bytes of values `from..to`, as the cache file holds them.
    fn put_f32(&self, from: usize, to: usize, out: &mut Vec<u8>) {
        match self {
            Accept::Owned(v) => v[from..to]
                .iter()
                .for_each(|x| out.extend_from_slice(&x.to_le_bytes())),
            Accept::Wide(v) => v[from..to]
                .iter()
                .for_each(|&x| out.extend_from_slice(&(x as f32).to_le_bytes())),
            Accept::Narrow(_) => {
                (from..to).for_each(|i| out.extend_from_slice(&(self.get(i) as f32).to_le_bytes()))
            }
            Accept::Mapped(m) => {
                out.extend_from_slice(&m.map[m.start + 4 * from..m.start + 4 * to])
            }
        }
    }

    /// Refuses block `b` of a mapped table if its CRC or a value is wrong.
    pub(crate) fn check_block(&self, b: usize) -> Result<(), Error> {
        match self {
            Accept::Owned(_) | Accept::Narrow(_) | Accept::Wide(_) => Ok(()),
            Accept::Mapped(m) => m.check(b),
        }
    }

    /// Checks every block (in parallel), refusing the first bad one.
    pub(crate) fn check_all(&self) -> Result<(), Error> {
        let Accept::Mapped(m) = self else {
            return Ok(());
        };
        (0..m.crcs.len()).into_par_iter().for_each(|b| {
            m.passes(b);
        });
        (0..m.crcs.len()).try_for_each(|b| m.check(b))
    }
}

/// Two-byte values (little-endian) in pieces of [`Pieces::VALUES`]: the compact game's
/// offers, kept as the bytes of the parts a host stores (a page keeps each piece as one
/// record, and hands them back without a copy of the whole table).
pub(crate) struct Pieces {
    pub(crate) parts: Vec<Vec<u8>>,
    pub(crate) len: usize,
}

impl Pieces {
    /// Values per piece (8 MB): a power of two, so a value's piece is a shift away.
    pub(crate) const VALUES: usize = 1 << Pieces::SHIFT;
    const SHIFT: u32 = 22;

    /// `len` values, each `u16::MAX`.
    fn new(len: usize) -> Pieces {
        let parts = (0..Pieces::count(len))
            .map(|p| vec![0xFF; 2 * Pieces::values_in(len, p)])
            .collect();
        Pieces { parts, len }
    }

    /// Pieces of a table of `len` values.
    pub(crate) fn count(len: usize) -> usize {
        len.div_ceil(Pieces::VALUES)
    }

    /// Values in piece `p` of a table of `len` values.
    pub(crate) fn values_in(len: usize, p: usize) -> usize {
        (len - p * Pieces::VALUES).min(Pieces::VALUES)
    }

    fn get(&self, i: usize) -> u16 {
        let (part, j) = (
            &self.parts[i >> Pieces::SHIFT],
            2 * (i & (Pieces::VALUES - 1)),
        );
        u16::from_le_bytes([part[j], part[j + 1]])
    }

    fn set(&mut self, i: usize, x: u16) {
        let (part, j) = (
            &mut self.parts[i >> Pieces::SHIFT],
            2 * (i & (Pieces::VALUES - 1)),
        );
        part[j..j + 2].copy_from_slice(&x.to_le_bytes());
    }
}

impl Mapped {
    fn get(&self, i: usize) -> f64 {
        f64::from(f32_at(&self.map[self.start..], i))
    }

    fn passes(&self, b: usize) -> bool {
        *self.checked[b].get_or_init(|| {
            let from = self.start + 4 * b * self.block;
            let bytes = &self.map[from..from + 4 * self.block];
            crc32fast::hash(bytes) == self.crcs[b] && block_sound(bytes, b % self.n)
        })
    }

    fn check(&self, b: usize) -> Result<(), Error> {
        if self.passes(b) {
            return Ok(());
        }
        Err(Error::Table {
            path: self.path.clone(),
            why: format!(
                "block {b} of the accept table fails its checksum, or holds a value outside \
                 [0, 1] or one for scores no game reaches: the file is damaged (delete it to \
                 rebuild)"
            ),
        })
    }
}

/// Whether `x` is what a state holds: a probability where the scores can arise, NaN where
/// they cannot (a score from 5 to 25: no player has one).
fn sound(x: f64, scores_arise: bool) -> bool {
    if scores_arise {
        (0.0..=1.0).contains(&x)
    } else {
        x.is_nan()
    }
}

/// Whether the accept block of a player with `me` units (little-endian f32, one row of
/// `5 × opp` offers for each opponent's score `opp`) holds only sound values.
fn block_sound(bytes: &[u8], me: usize) -> bool {
    let count = bytes.len() / 4;
    let mut row_start = 0;
    (0..)
        .map(|opp| {
            let row = row_start..(row_start + 5 * opp).min(count);
            row_start = row.end;
            (opp, row)
        })
        .take_while(|(opp, row)| *opp == 0 || !row.is_empty())
        .all(|(opp, row)| {
            let arise = valid_score(me) && valid_score(opp);
            row.into_iter()
                .all(|i| sound(f64::from(f32_at(bytes, i)), arise))
        })
}

/// The `i`-th little-endian f32 of `bytes`.
fn f32_at(bytes: &[u8], i: usize) -> f32 {
    let mut b = [0u8; 4];
    b.copy_from_slice(&bytes[4 * i..4 * i + 4]);
    f32::from_le_bytes(b)
}

/// The `i`-th little-endian f64 of `bytes`.
fn f64_at(bytes: &[u8], i: usize) -> f64 {
    let mut b = [0u8; 8];
    b.copy_from_slice(&bytes[8 * i..8 * i + 8]);
    f64::from_le_bytes(b)
}

/// Lengths of the tables `rules` make: none, accept, finals, each final's offers, block.
fn sizes(rules: &Rules) -> [usize; 5] {
    let n = rules.target_units();
    let block = 5 * n * (n - 1) / 2;
    let finals = n + FINAL_SLACK + 1;
    [2 * n * n, 2 * n * block, finals, 6 * finals, block]
}

/// Where things are in the cache file of `rules` (bytes), for tools that read or check it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// The head's length, its CRC and 4 zero bytes included; the accept table starts here.
    pub head: usize,
    /// Accept blocks, and values in each (`f32`: [`Layout::VALUE_BYTES`] bytes).
    pub blocks: usize,
    pub block_values: usize,
    /// Where the block CRCs start (after the accept table), and the file's length.
    pub tail: usize,
    pub len: usize,
}

impl Layout {
    /// Bytes of one value of the accept table (`f32`).
    pub const VALUE_BYTES: usize = 4;

    pub fn of(rules: &Rules) -> Layout {
        let [none, accept, finals, final_len, block] = sizes(rules);
        let head = FIXED + 8 * (none + finals * (1 + final_len)) + 8;
        let blocks = accept / block;
        let tail = head + 4 * accept;
        Layout {
            head,
            blocks,
            block_values: block,
            tail,
            len: tail + 4 * blocks + 4,
        }
    }

    /// Rewrites every CRC of a cache file of this layout to match its bytes, as a careless
    /// writer would (tests: values the CRCs no longer catch must still be refused).
    pub fn reseal(&self, bytes: &mut [u8]) {
        if bytes.len() != self.len {
            return;
        }
        let crc = crc32fast::hash(&bytes[..self.head - 8]);
        bytes[self.head - 8..self.head - 4].copy_from_slice(&crc.to_le_bytes());
        for b in 0..self.blocks {
            let from = self.head + 4 * b * self.block_values;
            let crc = crc32fast::hash(&bytes[from..from + 4 * self.block_values]);
            let at = self.tail + 4 * b;
            bytes[at..at + 4].copy_from_slice(&crc.to_le_bytes());
        }
        let crc = crc32fast::hash(&bytes[self.tail..self.len - 4]);
        bytes[self.len - 4..].copy_from_slice(&crc.to_le_bytes());
    }
}

impl Duel {
    /// How the temporary files [`Duel::save`] writes beside `path` begin (`.NAME.tmp`, then
    /// the process id): a writer killed mid-write leaves one, for a caller to clean up.
    pub fn temp_prefix(path: &Path) -> String {
        let name = path.file_name().map(|n| n.to_string_lossy());
        format!(".{}.tmp", name.unwrap_or_default())
    }

    /// Writes the solved tables to `path` atomically (mode 0644).
    #[cfg(feature = "files")]
    pub fn save(&self, path: &Path) -> Result<(), Error> {
        let fail = |why: std::io::Error| Error::Table {
            path: path.display().to_string(),
            why: why.to_string(),
        };
        if self.is_compact() {
            return Err(fail(std::io::Error::other(
                "the compact game is stored in parts (Duel::compact_head), not as one file",
            )));
        }
        let dir = match path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
            _ => std::path::PathBuf::from("."),
        };
        std::fs::create_dir_all(&dir).map_err(fail)?;
        let tmp = dir.join(format!("{}{}", Duel::temp_prefix(path), std::process::id()));
        let written = self.write_to(&tmp).and_then(|()| {
            #[cfg(unix)]
            {
                use std::os::unix::fs::PermissionsExt;
                std::fs::set_permissions(&tmp, std::fs::Permissions::from_mode(0o644))?;
            }
            std::fs::rename(&tmp, path)
        });
        if written.is_err() {
            let _ = std::fs::remove_file(&tmp);
        }
        written.map_err(fail)
    }

    #[cfg(feature = "files")]
    fn write_to(&self, file: &Path) -> std::io::Result<()> {
        let inner = std::io::BufWriter::with_capacity(1 << 20, std::fs::File::create(file)?);
        let w = self.write_into(inner)?;
        w.into_inner().map_err(|e| e.into_error())?.sync_all()
    }

    /// The cache file's bytes (what [`Duel::save`] writes), for a host without files.
    pub fn to_bytes(&self) -> Vec<u8> {
        debug_assert!(!self.is_compact(), "the compact game is stored in parts");
        self.write_into(Vec::with_capacity(Layout::of(&self.rules).len))
            .expect("writing to memory does not fail")
    }

    /// Writes the cache file's bytes into `w`, and hands it back.
    fn write_into<W: Write>(&self, inner: W) -> std::io::Result<W> {
        let block = sizes(&self.rules)[4];
        let mut w = Crc {
            inner,
            crc: crc32fast::Hasher::new(),
        };
        self.write_small(&mut w, VERSION, 0)?;
        let head = w.crc.finalize();
        let mut w = w.inner;
        w.write_all(&head.to_le_bytes())?;
        w.write_all(&0u32.to_le_bytes())?;
        let mut crcs = Vec::new();
        let mut bytes = Vec::with_capacity(4 * block);
        for b in 0..self.accept.len() / block {
            bytes.clear();
            self.accept.put_f32(b * block, (b + 1) * block, &mut bytes);
            crcs.push(crc32fast::hash(&bytes));
            w.write_all(&bytes)?;
        }
        let tail: Vec<u8> = crcs.iter().flat_map(|c| c.to_le_bytes()).collect();
        w.write_all(&tail)?;
        w.write_all(&crc32fast::hash(&tail).to_le_bytes())?;
        Ok(w)
    }

    /// Writes the magic, `version`, the rules, the solve's figures, `cap` (0: none), the
    /// tables' lengths, and the none and final tables: what precedes the head's CRC.
    fn write_small<W: Write>(&self, w: &mut Crc<W>, version: u32, cap: u32) -> std::io::Result<()> {
        w.write_all(MAGIC)?;
        let rules = &self.rules;
        for word in [
            version,
            rules.target,
            u32::from(rules.four_of_a_kind),
            u32::from(rules.exact),
            self.max_sweeps,
            cap,
        ] {
            w.write_all(&word.to_le_bytes())?;
        }
        w.write_all(&self.sweeps.to_le_bytes())?;
        w.write_all(&self.residual.to_le_bytes())?;
        let final_len = sizes(rules)[3];
        for len in [
            self.none.len(),
            self.accept.len(),
            self.finals.len(),
            final_len,
        ] {
            w.write_all(&(len as u64).to_le_bytes())?;
        }
        put_floats(w, self.none.iter().copied())?;
        for fin in &self.finals {
            w.write_all(&fin.start.to_le_bytes())?;
            put_floats(w, fin.before2.iter().flatten().copied())?;
        }
        Ok(())
    }

    /// Opens tables written by [`Duel::save`] for `rules`, refusing a file that is damaged,
    /// truncated or for other rules. The accept table stays mapped; each of its blocks is
    /// checked when first read ([`Duel::turn_setup`], [`Duel::accept`]) or all at once by
    /// [`Duel::verify_all`].
    #[cfg(feature = "files")]
    pub fn load(path: &Path, rules: &Rules) -> Result<Duel, Error> {
        let name = path.display().to_string();
        let file = std::fs::File::open(path).map_err(|e| Error::Table {
            path: name.clone(),
            why: e.to_string(),
        })?;
        // SAFETY: the cache file is only ever replaced by renaming a whole new file over it
        // (`save`), never written in place, so the mapped bytes do not change under us; every
        // byte is checked against a CRC before a value read from it is used.
        let map = unsafe { Mmap::map(&file) }.map_err(|e| Error::Table {
            path: name.clone(),
            why: e.to_string(),
        })?;
        Duel::open_bytes(Bytes::Map(map), &name, rules)
    }

    /// [`Duel::load`] of a cache file's bytes held in memory (`name` names them in
    /// messages), checked the same way.
    pub fn from_bytes(bytes: Vec<u8>, name: &str, rules: &Rules) -> Result<Duel, Error> {
        Duel::open_bytes(Bytes::Held(bytes), name, rules)
    }

    fn open_bytes(map: Bytes, name: &str, rules: &Rules) -> Result<Duel, Error> {
        let [_, accept_len, _, _, block] = sizes(rules);
        let layout = Layout::of(rules);
        let small = Small::read(&map, name, rules, (VERSION, 0), accept_len, layout.len)?;
        let damaged = || damaged(name);
        let head_crc = crc32fast::hash(&map[..layout.head - 8]);
        if map[layout.head - 8..layout.head - 4] != head_crc.to_le_bytes() {
            return Err(damaged());
        }
        let tail = &map[layout.tail..map.len() - 4];
        if map[map.len() - 4..] != crc32fast::hash(tail).to_le_bytes() {
            return Err(damaged());
        }
        let crcs = tail
            .chunks_exact(4)
            .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        let n = rules.target_units();
        Ok(Duel {
            rules: *rules,
            n,
            offer_cap: usize::MAX,
            later_banks: Vec::new(),
            none: small.none,
            accept: Accept::Mapped(Mapped {
                start: layout.head,
                len: accept_len,
                block,
                n,
                crcs,
                checked: (0..layout.blocks).map(|_| OnceLock::new()).collect(),
                path: name.to_string(),
                map,
            }),
            finals: small.finals,
            residual: small.residual,
            sweeps: small.sweeps,
            max_sweeps: small.max_sweeps,
        })
    }
}

/// What a table's head holds before its checksums: the solve's figures and the small
/// tables, read and checked (each value a probability where the scores arise).
struct Small {
    max_sweeps: u32,
    sweeps: u64,
    residual: f64,
    none: Vec<f64>,
    finals: Vec<Final>,
    /// Where the small tables end.
    end: usize,
}

impl Small {
    /// Reads the head of `bytes` (`len` long in all) for `rules`, format `version` with
    /// offers capped at `cap` (0: none) and `accept_len` of them.
    fn read(
        bytes: &[u8],
        name: &str,
        rules: &Rules,
        (version, cap): (u32, u32),
        accept_len: usize,
        len: usize,
    ) -> Result<Small, Error> {
        let bad = |why: &str| Error::Table {
            path: name.to_string(),
            why: why.to_string(),
        };
        let mut r = Reader { bytes, pos: 0 };
        let truncated = || bad("truncated or unreadable");
        if r.take(8).ok_or_else(truncated)? != MAGIC {
            return Err(bad("not a Yahtzix table"));
        }
        let mut words = [0u32; 6];
        for w in &mut words {
            *w = r.u32().ok_or_else(truncated)?;
        }
        if words[0] != version {
            return Err(Error::OtherVersion {
                path: name.to_string(),
            });
        }
        let file_rules = Rules {
            target: words[1],
            four_of_a_kind: words[2] == 1,
            exact: words[3] == 1,
        };
        if file_rules != *rules {
            return Err(bad(&format!(
                "holds rules {}, not {}",
                file_rules.name(),
                rules.name()
            )));
        }
        if bytes.len() != len || words[5] != cap {
            return Err(bad("truncated, or tables of the wrong size"));
        }
        let [none_len, _, finals, final_len, _] = sizes(rules);
        let sweeps = r.u64().ok_or_else(truncated)?;
        let residual = f64::from_bits(r.u64().ok_or_else(truncated)?);
        for want in [none_len, accept_len, finals, final_len] {
            if r.u64().ok_or_else(truncated)? != want as u64 {
                return Err(bad("tables of the wrong size"));
            }
        }
        let none = r.floats(none_len).ok_or_else(truncated)?;
        let mut fins = Vec::with_capacity(finals);
        for _ in 0..finals {
            let start = r.f64().ok_or_else(truncated)?;
            let flat = r.floats(final_len).ok_or_else(truncated)?;
            let before2 = flat
                .chunks_exact(6)
                .map(|c| std::array::from_fn(|i| c[i]))
                .collect();
            fins.push(Final { start, before2 });
        }
        let n = rules.target_units();
        let in_range = none
            .iter()
            .enumerate()
            .all(|(i, &x)| sound(x, valid_score(i / n % n) && valid_score(i % n)))
            && fins.iter().all(|f| {
                sound(f.start, true) && f.before2.iter().flatten().all(|&x| sound(x, true))
            });
        if !in_range {
            return Err(bad(
                "holds a probability outside [0, 1], or one for scores no game reaches: the file is damaged",
            ));
        }
        Ok(Small {
            max_sweeps: words[4],
            sweeps,
            residual,
            none,
            finals: fins,
            end: r.pos,
        })
    }
}

/// A checksum that does not match.
fn damaged(name: &str) -> Error {
    Error::Table {
        path: name.to_string(),
        why: "checksum mismatch: the file is damaged (delete it to rebuild)".to_string(),
    }
}

fn put_floats(w: &mut impl Write, xs: impl Iterator<Item = f64>) -> std::io::Result<()> {
    for x in xs {
        w.write_all(&x.to_le_bytes())?;
    }
    Ok(())
}

/// A writer that keeps a CRC-32 of the bytes through it.
struct Crc<T> {
    inner: T,
    crc: crc32fast::Hasher,
}

impl<W: Write> Write for Crc<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.crc.update(&buf[..n]);
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

/// Little-endian values read off the front of a byte slice; `None` past its end.
struct Reader<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl Reader<'_> {
    fn take(&mut self, k: usize) -> Option<&[u8]> {
        let end = self.pos.checked_add(k)?;
        let out = self.bytes.get(self.pos..end)?;
        self.pos = end;
        Some(out)
    }

    fn u32(&mut self) -> Option<u32> {
        let b = self.take(4)?;
        Some(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }

    fn u64(&mut self) -> Option<u64> {
        let b = self.take(8)?;
        let mut a = [0u8; 8];
        a.copy_from_slice(b);
        Some(u64::from_le_bytes(a))
    }

    fn f64(&mut self) -> Option<f64> {
        self.u64().map(f64::from_bits)
    }

    fn floats(&mut self, k: usize) -> Option<Vec<f64>> {
        let bytes = self.take(k.checked_mul(8)?)?;
        Some((0..k).map(|i| f64_at(bytes, i)).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::Pieces;

    #[test]
    fn values_past_a_piece_land_in_the_next_and_read_back() {
        let len = 2 * Pieces::VALUES + 5;
        let mut p = Pieces::new(len);
        assert_eq!(p.parts.len(), 3);
        assert_eq!(Pieces::values_in(len, 2), 5);
        assert_eq!(p.parts[2].len(), 10);
        for (i, x) in [
            (0, 7),
            (Pieces::VALUES - 1, 8),
            (Pieces::VALUES, 9),
            (len - 1, 10),
        ] {
            p.set(i, x);
        }
        assert_eq!(p.get(Pieces::VALUES - 1), 8);
        assert_eq!(p.get(Pieces::VALUES), 9);
        assert_eq!(p.parts[1][..2], [9, 0]);
        assert_eq!(p.get(len - 1), 10);
        assert_eq!(p.get(1), u16::MAX);
    }
}
