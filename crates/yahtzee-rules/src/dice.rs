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
/// Number of dice on a Mega-Yahtzee turn (house rule "mega-yahtzee": a sixth die).
pub const MEGA_DICE: usize = 6;
/// Number of distinct rolls of six dice.
pub const MEGA_ROLLS: usize = 462;
/// Number of distinct keeps of zero to six dice.
pub const MEGA_KEEPS: usize = 924;

/// A multiset of at most six dice (five, except on a Mega-Yahtzee turn), stored as a count
/// per face (index 0 is face 1).
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
    #[error("more than {0} dice")]
    TooMany(&'static str),
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
            return Err(DiceError::TooMany("five"));
        }
        Dice::from_faces_up_to(faces, DICE)
    }

    /// Builds up to `max` (at most six) dice from face values, in any order.
    pub fn from_faces_up_to(faces: &[u8], max: usize) -> Result<Dice, DiceError> {
        if faces.len() > max.min(MEGA_DICE) {
            return Err(DiceError::TooMany(if max >= MEGA_DICE {
                "six"
            } else {
                "five"
            }));
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
        Dice::parse_dice(s, DICE)
    }

    /// Parses exactly `n` dice (5, or 6 on a Mega-Yahtzee turn), spelled as for
    /// [`Dice::parse_roll`].
    pub fn parse_dice(s: &str, n: usize) -> Result<Dice, DiceError> {
        let dice = parse_faces(s)?;
        if dice.len() != n {
            return Err(DiceError::WrongCount {
                expected: n,
                got: dice.len(),
            });
        }
        Dice::from_faces_up_to(&dice, n)
    }

    /// Parses a keep of up to five dice, typed loosely: every character other than spaces
    /// and commas is one face (`335`, `3 3 5`, `3,35`; empty for no dice).
    pub fn parse_keep(s: &str) -> Result<Dice, DiceError> {
        Dice::parse_keep_up_to(s, DICE)
    }

    /// [`Dice::parse_keep`] for a keep of up to `max` dice (six on a Mega-Yahtzee turn).
    pub fn parse_keep_up_to(s: &str, max: usize) -> Result<Dice, DiceError> {
        let faces: Vec<u8> = s
            .chars()
            .filter(|c| !c.is_whitespace() && *c != ',')
            .map(|c| match c.to_digit(10) {
                Some(d @ 1..=6) => Ok(d as u8),
                _ => Err(DiceError::BadFace(c.to_string())),
            })
            .collect::<Result<_, _>>()?;
        Dice::from_faces_up_to(&faces, max)
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

    /// The face of a six of a kind (Mega-Yahtzee), if these dice are one.
    pub fn six_of_a_kind(&self) -> Option<u8> {
        self.counts
            .iter()
            .position(|&c| usize::from(c) == MEGA_DICE)
            .map(|i| i as u8 + 1)
    }

    /// These dice less one die showing `face` (if one does).
    pub fn without(&self, face: u8) -> Option<Dice> {
        let mut counts = self.counts;
        let c = counts.get_mut(usize::from(face).checked_sub(1)?)?;
        *c = c.checked_sub(1)?;
        Some(Dice { counts })
    }

    /// The face of a five-of-a-kind, if these dice are one.
    pub fn five_of_a_kind(&self) -> Option<u8> {
        self.counts
            .iter()
            .position(|&c| usize::from(c) == DICE)
            .map(|i| i as u8 + 1)
    }

    /// True for a natural full house: three of one face and two of another (a five of a
    /// kind is not one).
    pub fn is_natural_full_house(&self) -> bool {
        self.counts.contains(&3) && self.counts.contains(&2)
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

    /// This multiset's dense index among all 462 keeps (at most five dice).
    pub fn index(&self) -> usize {
        tables().index(self)
    }

    /// This multiset's dense index among the 924 keeps of up to six dice
    /// ([`mega_tables`]).
    pub fn mega_index(&self) -> usize {
        mega_tables().index(self)
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
    /// Dice in a full roll: five, or six for Mega-Yahtzee's tables.
    dice: usize,
    keeps: Vec<Dice>,
    /// Index of each keep's count vector, as a perfect hash of the counts in base 6.
    lookup: Vec<u16>,
    /// For keeps short of a full roll: the index of the keep with one more die of each face.
    add: Vec<[u16; FACES]>,
    /// For each keep: indices of the keeps with one die less (one per distinct face held).
    remove: Vec<Vec<u16>>,
    /// Probability of each roll of the fair dice.
    roll_prob: Vec<f64>,
    /// First keep index of each size (full rolls first), then the number of keeps.
    size_start: Vec<usize>,
}

/// A perfect hash of counts of at most six dice (base 7).
fn counts_key(c: &[u8; FACES]) -> usize {
    c.iter().fold(0, |acc, &x| acc * 7 + usize::from(x))
}

impl DiceTables {
    fn build(dice: usize) -> DiceTables {
        let mut keeps = Vec::new();
        let mut size_start = vec![0; dice + 2];
        for size in (0..=dice).rev() {
            size_start[dice - size] = keeps.len();
            let mut c = [0u8; FACES];
            enumerate(&mut c, 0, size as u8, &mut |c| {
                keeps.push(Dice { counts: *c })
            });
        }
        size_start[dice + 1] = keeps.len();
        let mut lookup = vec![u16::MAX; 7usize.pow(FACES as u32)];
        for (i, k) in keeps.iter().enumerate() {
            lookup[counts_key(&k.counts)] = i as u16;
        }
        let find = |c: &[u8; FACES]| lookup[counts_key(c)];
        let add = keeps
            .iter()
            .map(|k| {
                let mut out = [u16::MAX; FACES];
                if k.len() < dice {
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
        let fact = [1.0, 1.0, 2.0, 6.0, 24.0, 120.0, 720.0];
        let outcomes = 6f64.powi(dice as i32);
        let roll_prob = keeps[..size_start[1]]
            .iter()
            .map(|k| {
                let perms = k
                    .counts
                    .iter()
                    .fold(fact[dice], |acc, &c| acc / fact[c as usize]);
                perms / outcomes
            })
            .collect();
        DiceTables {
            dice,
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

    /// Dice in a full roll (5, or 6 for [`mega_tables`]).
    pub fn dice(&self) -> usize {
        self.dice
    }

    /// Number of keeps (462, or 924 with six dice); the full rolls come first.
    pub fn keep_count(&self) -> usize {
        self.keeps.len()
    }

    /// Index of `keep` plus one die of each face (`keep` must hold fewer than a full roll).
    pub fn add(&self, i: KeepIndex) -> &[u16; FACES] {
        &self.add[i]
    }

    /// Indices of `keep` minus one die, one per distinct face held.
    pub fn remove(&self, i: KeepIndex) -> &[u16] {
        &self.remove[i]
    }

    /// Probability of rolling roll `r` (a full roll's index) with fair dice.
    pub fn roll_prob(&self, r: KeepIndex) -> f64 {
        self.roll_prob[r]
    }

    /// Keep indices holding exactly `size` dice.
    pub fn size_range(&self, size: usize) -> std::ops::Range<KeepIndex> {
        self.size_start[self.dice - size]..self.size_start[self.dice - size + 1]
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

static TABLES: LazyLock<DiceTables> = LazyLock::new(|| DiceTables::build(DICE));
static MEGA_TABLES: LazyLock<DiceTables> = LazyLock::new(|| DiceTables::build(MEGA_DICE));

/// The shared dice tables (built on first use, in microseconds).
pub fn tables() -> &'static DiceTables {
    &TABLES
}

/// The same tables for six dice (house rule "mega-yahtzee"): 462 rolls, then the keeps
/// of five dice down to none, 924 in all.
pub fn mega_tables() -> &'static DiceTables {
    &MEGA_TABLES
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
    fn six_dice_tables_count_rolls_and_keeps() {
        let t = mega_tables();
        assert_eq!((t.dice(), t.keep_count()), (MEGA_DICE, MEGA_KEEPS));
        assert_eq!(t.size_range(6), 0..MEGA_ROLLS);
        assert_eq!(t.size_range(5).len(), 252);
        assert!(t.keep(MEGA_KEEPS - 1).is_empty());
        let total: f64 = (0..MEGA_ROLLS).map(|r| t.roll_prob(r)).sum();
        assert!((total - 1.0).abs() < 1e-12);
        let six = Dice::parse_dice("666666", 6).unwrap();
        assert_eq!(six.six_of_a_kind(), Some(6));
        assert_eq!(t.roll_prob(six.mega_index()), 1.0 / 46656.0);
        // 123456 in any order: 720 of the 46656 outcomes.
        let run = Dice::parse_dice("654321", 6).unwrap();
        assert_eq!(t.roll_prob(run.mega_index()), 720.0 / 46656.0);
        for i in 0..MEGA_KEEPS {
            assert_eq!(t.index(&t.keep(i)), i);
        }
        assert_eq!(Dice::parse_keep("123456"), Err(DiceError::TooMany("five")));
        assert_eq!(Dice::parse_keep_up_to("123456", 6).unwrap().len(), 6);
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
