//! The target table ([`TargetTable`]): P(scoring at least `c` more points) for every
//! state, its index checked on open and each filled set's probabilities checked before
//! first use.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU8, Ordering};

use yahtzee_rules::{RuleSet, State};

#[cfg(feature = "files")]
use crate::bytes::map;
use crate::bytes::Bytes;
use crate::check::{self, describe_state};
use crate::error::TableError;
use crate::header::Header;
#[cfg(feature = "files")]
use crate::header::{check_header, Objective};

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
    /// Opens the target table at `path` for `rules`: the header checks of
    /// [`Table::open`](crate::Table::open), then the index's checksum and the offsets' order
    /// and bounds.
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
