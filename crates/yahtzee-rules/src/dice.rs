//! Dice as multisets: the 252 rolls of five dice and the 462 keeps of zero to five dice.
//!
//! Order never matters in Yahtzee, so a handful of dice is stored as a count per face.
//! Every multiset of at most five dice has a dense index (see [`KeepIndex`]); the solver
//! works entirely on those indices and the precomputed [`DiceTables`].

use std::fmt;
use std::str::FromStr;
use std::sync::LazyLock;

use thiserror::Error;

/// Number of faces on a die.
pub const FACES: usize = 6;
/// Number of dice in a roll.
pub const DICE: usize = 5;
/// Number of distinct rolls of five dice.
pub const ROLLS: usize = 252;
/// Number of distinct keeps (multisets of zero to five dice).
pub const KEEPS: usize = 462;

/// A multiset of at most five dice, stored as a count per face (index 0 is face 1).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Dice {
    counts: [u8; FACES],
}

/// Why a string is not a valid set of dice.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum DiceError {
    #[error("'{0}' is not a die face: faces are 1 to 6")]
    BadFace(String),
    #[error("expected {expected} dice, got {got}")]
    WrongCount { expected: usize, got: usize },
    #[error("more than five dice")]
    TooMany,
}

impl Dice {
    /// The empty keep.
    pub const EMPTY: Dice = Dice { counts: [0; FACES] };

    /// Builds dice from counts per face; `None` if more than five dice.
    pub fn from_counts(counts: [u8; FACES]) -> Option<Dice> {
        let n: u32 = counts.iter().map(|&c| u32::from(c)).sum();
        (n as usize <= DICE).then_some(Dice { counts })
    }

    /// Builds dice from face values (1 to 6), in any order.
    pub fn from_faces(faces: &[u8]) -> Result<Dice, DiceError> {
        if faces.len() > DICE {
            return Err(DiceError::TooMany);
        }
        let mut counts = [0u8; FACES];
        for &f in faces {
            if !(1..=6).contains(&f) {
                return Err(DiceError::BadFace(f.to_string()));
            }
            counts[usize::from(f - 1)] += 1;
        }
        Ok(Dice { counts })
    }

    /// Parses exactly five dice: `13346`, `1 3 3 4 6` or `1,3,3,4,6`.
    pub fn parse_roll(s: &str) -> Result<Dice, DiceError> {
        let dice = parse_faces(s)?;
        if dice.len() != DICE {
            return Err(DiceError::WrongCount {
                expected: DICE,
                got: dice.len(),
            });
        }
        Dice::from_faces(&dice)
    }

    /// Parses a keep of up to five dice, typed loosely: every character other than spaces
    /// and commas is one face (`335`, `3 3 5`, `3,35`; empty for no dice).
    pub fn parse_keep(s: &str) -> Result<Dice, DiceError> {
        let faces: Vec<u8> = s
            .chars()
            .filter(|c| !c.is_whitespace() && *c != ',')
            .map(|c| match c.to_digit(10) {
                Some(d @ 1..=6) => Ok(d as u8),
                _ => Err(DiceError::BadFace(c.to_string())),
            })
            .collect::<Result<_, _>>()?;
        Dice::from_faces(&faces)
    }

    /// Count of dice showing `face` (1 to 6).
    pub fn count(&self, face: u8) -> u8 {
        self.counts[usize::from(face - 1)]
    }

    /// Counts per face, index 0 for face 1.
    pub fn counts(&self) -> [u8; FACES] {
        self.counts
    }

    /// Number of dice.
    pub fn len(&self) -> usize {
        self.counts.iter().map(|&c| usize::from(c)).sum()
    }

    /// True when no dice are held.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Sum of the faces.
    pub fn sum(&self) -> u32 {
        (1..=6u32)
            .map(|f| f * u32::from(self.counts[f as usize - 1]))
            .sum()
    }

    /// The faces in ascending order.
    pub fn faces(&self) -> Vec<u8> {
        let mut v = Vec::with_capacity(DICE);
        for f in 1..=6u8 {
            v.extend(std::iter::repeat_n(f, usize::from(self.count(f))));
        }
        v
    }

    /// The faces in ascending order, separated by spaces: `1 3 3 4 6` (empty for no dice).
    pub fn spaced(&self) -> String {
        let faces: Vec<String> = self.faces().iter().map(u8::to_string).collect();
        faces.join(" ")
    }

    /// The face of a five-of-a-kind, if these dice are one.
    pub fn five_of_a_kind(&self) -> Option<u8> {
        self.counts
            .iter()
            .position(|&c| usize::from(c) == DICE)
            .map(|i| i as u8 + 1)
    }

    /// True when `other` is a sub-multiset of `self`.
    pub fn contains(&self, other: &Dice) -> bool {
        self.counts.iter().zip(other.counts).all(|(&a, b)| a >= b)
    }

    /// Every distinct sub-multiset of these dice (the keeps available from a roll), the empty
    /// keep included, in index order.
    pub fn sub_keeps(&self) -> Vec<Dice> {
        (0..KEEPS)
            .map(|i| tables().keep(i))
            .filter(|k| self.contains(k))
            .collect()
    }

    /// This multiset's dense index among all 462 keeps.
    pub fn index(&self) -> usize {
        tables().index(self)
    }
}

fn parse_faces(s: &str) -> Result<Vec<u8>, DiceError> {
    let tokens: Vec<&str> = s
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
        .collect();
    // "13346" is one token of single digits; "1 3 3 4 6" is five tokens.
    let digits: Vec<String> = if tokens.len() == 1 {
        tokens[0].chars().map(String::from).collect()
    } else {
        tokens.iter().map(|t| t.to_string()).collect()
    };
    digits
        .iter()
        .map(|d| match d.parse::<u8>() {
            Ok(f) if (1..=6).contains(&f) => Ok(f),
            _ => Err(DiceError::BadFace(d.clone())),
        })
        .collect()
}

impl FromStr for Dice {
    type Err = DiceError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Dice::parse_roll(s)
    }
}

impl fmt::Display for Dice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let faces = self.faces();
        if faces.is_empty() {
            return f.write_str("-");
        }
        for d in faces {
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Dice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Dice({self})")
    }
}

/// Dense index of a keep: 0..252 are the five-dice rolls, then four dice, three, ... and the
/// empty keep last (index 461). Within a size, keeps are in lexicographic order of counts.
pub type KeepIndex = usize;

/// Precomputed index tables over all keeps, shared by the solver and the advice.
pub struct DiceTables {
    keeps: Vec<Dice>,
    /// Index of each keep's count vector, as a perfect hash of the counts in base 6.
    lookup: Vec<u16>,
    /// For keeps of fewer than five dice: the index of the keep with one more die of each face.
    add: Vec<[u16; FACES]>,
    /// For each keep: indices of the keeps with one die less (one per distinct face held).
    remove: Vec<Vec<u16>>,
    /// Probability of each roll of five fair dice.
    roll_prob: Vec<f64>,
    /// First keep index of each size (size 5 first).
    size_start: [usize; DICE + 2],
}

fn counts_key(c: &[u8; FACES]) -> usize {
    c.iter().fold(0, |acc, &x| acc * 6 + usize::from(x))
}

impl DiceTables {
    fn build() -> DiceTables {
        let mut keeps = Vec::with_capacity(KEEPS);
        let mut size_start = [0; DICE + 2];
        for size in (0..=DICE).rev() {
            size_start[DICE - size] = keeps.len();
            let mut c = [0u8; FACES];
            enumerate(&mut c, 0, size as u8, &mut |c| {
                keeps.push(Dice { counts: *c })
            });
        }
        size_start[DICE + 1] = keeps.len();
        assert_eq!(keeps.len(), KEEPS);
        let mut lookup = vec![u16::MAX; 6usize.pow(FACES as u32)];
        for (i, k) in keeps.iter().enumerate() {
            lookup[counts_key(&k.counts)] = i as u16;
        }
        let find = |c: &[u8; FACES]| lookup[counts_key(c)];
        let add = keeps
            .iter()
            .map(|k| {
                let mut out = [u16::MAX; FACES];
                if k.len() < DICE {
                    for (f, slot) in out.iter_mut().enumerate() {
                        let mut c = k.counts;
                        c[f] += 1;
                        *slot = find(&c);
                    }
                }
                out
            })
            .collect();
        let remove = keeps
            .iter()
            .map(|k| {
                (0..FACES)
                    .filter(|&f| k.counts[f] > 0)
                    .map(|f| {
                        let mut c = k.counts;
                        c[f] -= 1;
                        find(&c)
                    })
                    .collect()
            })
            .collect();
        let fact = [1.0, 1.0, 2.0, 6.0, 24.0, 120.0];
        let roll_prob = keeps[..ROLLS]
            .iter()
            .map(|k| {
                let perms = k
                    .counts
                    .iter()
                    .fold(120.0, |acc, &c| acc / fact[c as usize]);
                perms / 7776.0
            })
            .collect();
        DiceTables {
            keeps,
            lookup,
            add,
            remove,
            roll_prob,
            size_start,
        }
    }

    /// The keep with this index.
    pub fn keep(&self, i: KeepIndex) -> Dice {
        self.keeps[i]
    }

    /// The index of this keep.
    pub fn index(&self, d: &Dice) -> KeepIndex {
        usize::from(self.lookup[counts_key(&d.counts)])
    }

    /// Index of `keep` plus one die of each face (`keep` must hold fewer than five dice).
    pub fn add(&self, i: KeepIndex) -> &[u16; FACES] {
        &self.add[i]
    }

    /// Indices of `keep` minus one die, one per distinct face held.
    pub fn remove(&self, i: KeepIndex) -> &[u16] {
        &self.remove[i]
    }

    /// Probability of rolling roll `r` (index below 252) with five fair dice.
    pub fn roll_prob(&self, r: KeepIndex) -> f64 {
        self.roll_prob[r]
    }

    /// Keep indices holding exactly `size` dice.
    pub fn size_range(&self, size: usize) -> std::ops::Range<KeepIndex> {
        self.size_start[DICE - size]..self.size_start[DICE - size + 1]
    }
}

fn enumerate(c: &mut [u8; FACES], face: usize, left: u8, out: &mut impl FnMut(&[u8; FACES])) {
    if face == FACES - 1 {
        c[face] = left;
        out(c);
        return;
    }
    for n in (0..=left).rev() {
        c[face] = n;
        enumerate(c, face + 1, left - n, out);
    }
    c[face] = 0;
}

static TABLES: LazyLock<DiceTables> = LazyLock::new(DiceTables::build);

/// The shared dice tables (built on first use, in microseconds).
pub fn tables() -> &'static DiceTables {
    &TABLES
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_of_rolls_and_keeps() {
        let t = tables();
        assert_eq!(t.size_range(5).len(), 252);
        assert_eq!(t.size_range(4).len(), 126);
        assert_eq!(t.size_range(0), 461..462);
        assert!(t.keep(461).is_empty());
        let total: f64 = (0..ROLLS).map(|r| t.roll_prob(r)).sum();
        assert!((total - 1.0).abs() < 1e-12);
        // Yahtzee of ones: 1/7776; a straight 12345: 120/7776.
        let y = Dice::from_faces(&[1, 1, 1, 1, 1]).unwrap();
        assert_eq!(t.roll_prob(y.index()), 1.0 / 7776.0);
        let s = Dice::from_faces(&[5, 4, 3, 2, 1]).unwrap();
        assert_eq!(t.roll_prob(s.index()), 120.0 / 7776.0);
    }

    #[test]
    fn index_round_trips_and_links_are_consistent() {
        let t = tables();
        for i in 0..KEEPS {
            let k = t.keep(i);
            assert_eq!(t.index(&k), i);
            if k.len() < DICE {
                for (f, &j) in t.add(i).iter().enumerate() {
                    assert_eq!(t.keep(j as usize).len(), k.len() + 1);
                    assert_eq!(t.keep(j as usize).counts[f], k.counts[f] + 1);
                }
            }
            for &j in t.remove(i) {
                assert!(k.contains(&t.keep(j as usize)));
                assert_eq!(t.keep(j as usize).len() + 1, k.len());
            }
        }
    }

    #[test]
    fn parses_dice_in_every_accepted_spelling() {
        let d: Dice = "13346".parse().unwrap();
        assert_eq!(d, "6 4 3 3 1".parse().unwrap());
        assert_eq!(d, "1,3,3,4,6".parse().unwrap());
        assert_eq!(d.to_string(), "13346");
        assert_eq!(d.sum(), 17);
        assert!(matches!(
            "1334".parse::<Dice>(),
            Err(DiceError::WrongCount { .. })
        ));
        assert!(matches!(
            "133456".parse::<Dice>(),
            Err(DiceError::WrongCount { .. })
        ));
        assert!(matches!(
            "13307".parse::<Dice>(),
            Err(DiceError::BadFace(_))
        ));
        assert!(matches!(
            "1 3 x 4 6".parse::<Dice>(),
            Err(DiceError::BadFace(_))
        ));
        assert!(matches!(
            "".parse::<Dice>(),
            Err(DiceError::WrongCount { .. })
        ));
    }

    #[test]
    fn sub_keeps_of_a_roll() {
        let d: Dice = "11223".parse().unwrap();
        // 3 * 3 * 2 choices of counts.
        assert_eq!(d.sub_keeps().len(), 18);
        let y: Dice = "66666".parse().unwrap();
        assert_eq!(y.sub_keeps().len(), 6);
    }
}
