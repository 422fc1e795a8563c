//! The compact game's tables ([`SolveOptions::compact`]) as parts a host stores one by one:
//! a head, then the offers' table in pieces of 2^22 values, so that neither a writer nor a
//! reader ever holds a second copy of the whole table (a page's memory is the bound:
//! docs/GAMES.md, "Yahtzix to 2,000 in a page").
//!
//! Layout (little-endian), format version 4:
//!
//! ```text
//! head    "YAHTZIX\0", u32 version, target, four_of_a_kind, exact, max_sweeps, cap,
//!         u64 sweeps, f64 residual, u64 lengths of none, accept, finals, each final,
//!         the none table (f64), each final (start, then its offers, f64),
//!         u32 CRC-32 of each piece, u32 CRC-32 of everything before it, u32 0
//! piece   offers (u16: multiples of 1/65,534, u16::MAX where no game comes), the
//!         accept table's values p × 2^22 on, one block per (seat, my score), each row
//!         5 × min(opponent's score, cap) long
//! ```

use super::{damaged, sizes, Accept, Crc, Pieces, Small, FIXED};
use crate::duel::{rows_before, Duel, SolveOptions};
use crate::turn::FIRST_MAX;
use crate::{Error, Rules};

/// The compact tables' format (the exact game's file is version 3).
const VERSION: u32 = 4;

/// The compact game's cap: a first roll's largest total, in units.
pub const COMPACT_CAP: usize = FIRST_MAX;

impl SolveOptions<'_> {
    /// The compact game: offers kept up to [`COMPACT_CAP`] units, in two bytes each.
    pub fn compact(self) -> Self {
        SolveOptions {
            offer_cap: Some(COMPACT_CAP),
            levels: Some(Accept::NARROW_LEVELS),
            ..self
        }
    }
}

impl Duel {
    /// The compact game's offers under `rules`: how many, and the pieces they are stored
    /// in.
    pub fn compact_len(rules: &Rules) -> (usize, usize) {
        let n = rules.target_units();
        let len = 2 * n * 5 * rows_before(n, COMPACT_CAP);
        (len, Pieces::count(len))
    }

    /// Bytes of the compact game's head under `rules`.
    pub fn compact_head_len(rules: &Rules) -> usize {
        let [none, _, finals, final_len, _] = sizes(rules);
        FIXED + 8 * (none + finals * (1 + final_len)) + 4 * Duel::compact_len(rules).1 + 8
    }

    fn pieces(&self) -> Result<&Pieces, Error> {
        match &self.accept {
            Accept::Narrow(p) if self.offer_cap == COMPACT_CAP => Ok(p),
            _ => Err(Error::Rules(
                "only the compact game is stored in parts".into(),
            )),
        }
    }

    /// The head of the compact game's parts.
    pub fn compact_head(&self) -> Result<Vec<u8>, Error> {
        let pieces = self.pieces()?;
        let mut w = Crc {
            inner: Vec::with_capacity(Duel::compact_head_len(&self.rules)),
            crc: crc32fast::Hasher::new(),
        };
        let written = self.write_small(&mut w, VERSION, COMPACT_CAP as u32);
        written.expect("writing to memory does not fail");
        let mut out = w.inner;
        for part in &pieces.parts {
            out.extend_from_slice(&crc32fast::hash(part).to_le_bytes());
        }
        let crc = crc32fast::hash(&out);
        out.extend_from_slice(&crc.to_le_bytes());
        out.extend_from_slice(&0u32.to_le_bytes());
        Ok(out)
    }

    /// Piece `p` of the compact game's offers (from 0; [`Duel::compact_len`] says how
    /// many).
    pub fn compact_piece(&self, p: usize) -> Result<Vec<u8>, Error> {
        let pieces = self.pieces()?;
        pieces
            .parts
            .get(p)
            .cloned()
            .ok_or_else(|| Error::Rules(format!("the compact game has no piece {p}")))
    }

    /// The compact game of `rules` from its head and every piece in order (`name` names
    /// them in messages), refusing parts that are damaged, truncated, missing or of other
    /// rules. Every piece is checked against its CRC here; the pieces become the table
    /// without a copy.
    pub fn from_compact(
        head: &[u8],
        pieces: Vec<Vec<u8>>,
        name: &str,
        rules: &Rules,
    ) -> Result<Duel, Error> {
        let (len, count) = Duel::compact_len(rules);
        let version = (VERSION, COMPACT_CAP as u32);
        let small = Small::read(
            head,
            name,
            rules,
            version,
            len,
            Duel::compact_head_len(rules),
        )?;
        let sums = head.len() - 8;
        if head[sums..sums + 4] != crc32fast::hash(&head[..sums]).to_le_bytes() {
            return Err(damaged(name));
        }
        if pieces.len() != count {
            return Err(Error::Table {
                path: name.to_string(),
                why: format!("{} of its {count} pieces given", pieces.len()),
            });
        }
        let crcs = &head[small.end..sums];
        for (p, part) in pieces.iter().enumerate() {
            let crc = &crcs[4 * p..4 * p + 4];
            if part.len() != 2 * Pieces::values_in(len, p)
                || crc != crc32fast::hash(part).to_le_bytes()
            {
                return Err(damaged(&format!("{name} (piece {})", p + 1)));
            }
        }
        Ok(Duel {
            rules: *rules,
            n: rules.target_units(),
            none: small.none,
            accept: Accept::Narrow(Pieces { parts: pieces, len }),
            finals: small.finals,
            offer_cap: COMPACT_CAP,
            later_banks: crate::duel::later_banks(rules),
            residual: small.residual,
            sweeps: small.sweeps,
            max_sweeps: small.max_sweeps,
        })
    }
}
