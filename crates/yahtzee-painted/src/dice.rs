//! Coloured dice: each die shows a number 1–6 and one of the game's colours, each equally
//! likely and independent, so a die has `6 × colours` faces (30 in the full game).
//!
//! A keep is a multiset of at most five faces; [`Keeps`] numbers every keep densely (the
//! five-dice rolls first, then four dice, …, the empty keep last) by the combinatorial
//! number system, so a keep's index is computed, not looked up, and holds the tables the
//! turn kernel walks: each keep's one-die-larger keeps (`add`), its distinct one-die-smaller
//! keeps (`subs`) and each roll's probability.

use std::fmt;

/// Colour names, in card order (a game with fewer colours uses the first ones).
pub const COLOURS: [&str; 5] = ["red", "yellow", "green", "blue", "purple"];
/// One-letter colour names, as dice are written: `5r` is a red five.
pub const LETTERS: [char; 5] = ['r', 'y', 'g', 'b', 'p'];
/// Dice in a roll.
pub const DICE: usize = 5;

/// One die: a number 1–6 and a colour index (0 = red).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Die {
    pub number: u8,
    pub colour: u8,
}

impl Die {
    /// The face index of this die: `colour × 6 + number − 1`.
    pub fn face(self) -> u8 {
        self.colour * 6 + self.number - 1
    }

    pub fn from_face(face: u8) -> Die {
        Die {
            number: face % 6 + 1,
            colour: face / 6,
        }
    }
}

impl fmt::Display for Die {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.number, LETTERS[self.colour as usize])
    }
}

/// Up to five coloured dice, sorted by face (a multiset).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Hand {
    faces: [u8; DICE],
    len: u8,
}

impl Hand {
    pub fn from_faces(faces: &[u8]) -> Hand {
        assert!(faces.len() <= DICE, "at most five dice");
        let mut h = Hand {
            faces: [0; DICE],
            len: faces.len() as u8,
        };
        h.faces[..faces.len()].copy_from_slice(faces);
        h.faces[..faces.len()].sort_unstable();
        h
    }

    pub fn from_dice(dice: &[Die]) -> Hand {
        let faces: Vec<u8> = dice.iter().map(|d| d.face()).collect();
        Hand::from_faces(&faces)
    }

    pub fn faces(&self) -> &[u8] {
        &self.faces[..self.len as usize]
    }

    pub fn dice(&self) -> impl Iterator<Item = Die> + '_ {
        self.faces().iter().map(|&f| Die::from_face(f))
    }

    pub fn len(&self) -> usize {
        self.len as usize
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// This hand with one more die.
    pub fn with(&self, face: u8) -> Hand {
        let mut v = self.faces().to_vec();
        v.push(face);
        Hand::from_faces(&v)
    }

    /// Is every die of `other` in this hand (as a multiset)?
    pub fn contains(&self, other: &Hand) -> bool {
        let mut mine = self.faces().to_vec();
        other.faces().iter().all(|f| {
            mine.iter()
                .position(|m| m == f)
                .map(|i| mine.swap_remove(i))
                .is_some()
        })
    }

    /// Every distinct sub-multiset (the empty keep and the hand itself included).
    pub fn sub_hands(&self) -> Vec<Hand> {
        let n = self.len();
        let mut out: Vec<Hand> = (0..1u32 << n)
            .map(|m| {
                let f: Vec<u8> = (0..n)
                    .filter(|i| m >> i & 1 == 1)
                    .map(|i| self.faces[i])
                    .collect();
                Hand::from_faces(&f)
            })
            .collect();
        out.sort_by(|a, b| (a.len(), a.faces()).cmp(&(b.len(), b.faces())));
        out.dedup();
        out
    }

    /// Parses dice written as number + colour letter (`5r 5y 2g`, `5r5y2g`, commas or spaces
    /// between dice allowed) for a game of `colours` colours.
    pub fn parse(text: &str, colours: u8) -> Result<Hand, String> {
        let chars: Vec<char> = text
            .chars()
            .filter(|c| !c.is_whitespace() && *c != ',')
            .collect();
        if chars.is_empty() {
            return Err(
                "no dice given (write each die as a number and a colour letter, e.g. 5r 3g)".into(),
            );
        }
        if !chars.len().is_multiple_of(2) {
            return Err(format!(
                "dice '{}' must be pairs of a number 1-6 and a colour letter ({})",
                yahtzee_rules::one_line(text.trim()),
                letters(colours)
            ));
        }
        let mut dice = Vec::new();
        for pair in chars.chunks(2) {
            let number = pair[0]
                .to_digit(10)
                .filter(|d| (1..=6).contains(d))
                .ok_or_else(|| format!("'{}' is not a die number 1-6", pair[0].escape_default()))?;
            let colour = LETTERS[..colours as usize]
                .iter()
                .position(|&l| l == pair[1].to_ascii_lowercase())
                .ok_or_else(|| {
                    format!(
                        "'{}' is not a colour of this game ({})",
                        pair[1].escape_default(),
                        letters(colours)
                    )
                })?;
            dice.push(Die {
                number: number as u8,
                colour: colour as u8,
            });
        }
        if dice.len() > DICE {
            return Err(format!("{} dice given; a roll has five", dice.len()));
        }
        Ok(Hand::from_dice(&dice))
    }
}

fn letters(colours: u8) -> String {
    (0..colours as usize)
        .map(|c| format!("{} {}", LETTERS[c], COLOURS[c]))
        .collect::<Vec<_>>()
        .join(", ")
}

impl fmt::Display for Hand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let dice: Vec<String> = self.dice().map(|d| d.to_string()).collect();
        write!(f, "{}", dice.join(" "))
    }
}

impl fmt::Debug for Hand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{self}]")
    }
}

fn binomial(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

/// Every keep of a game with `faces` faces a die, densely numbered, and the tables the turn
/// kernel walks.
pub struct Keeps {
    pub faces: usize,
    /// Keeps of each size 0..=5.
    counts: [usize; DICE + 1],
    /// First index of the keeps of each size (five dice first, the empty keep last).
    offsets: [usize; DICE + 1],
    /// `binom[n][k]` = C(n, k) for the ranking.
    binom: Vec<[u32; DICE + 1]>,
    hands: Vec<Hand>,
    /// For keeps of fewer than five dice: `add[k × faces + f]` = the keep with face `f` added.
    add: Vec<u32>,
    /// Distinct one-die-smaller keeps of each keep, as a compressed list.
    sub_start: Vec<u32>,
    subs: Vec<u32>,
    /// Orderings of each five-dice roll (its probability times `faces^5`).
    roll_weight: Vec<f64>,
}

impl Keeps {
    pub fn new(faces: usize) -> Keeps {
        let mut counts = [0; DICE + 1];
        for (k, c) in counts.iter_mut().enumerate() {
            *c = binomial((faces + k - 1) as u64, k as u64) as usize;
        }
        let mut offsets = [0; DICE + 1];
        let mut at = 0;
        for k in (0..=DICE).rev() {
            offsets[k] = at;
            at += counts[k];
        }
        let total = at;
        let binom = (0..faces + DICE)
            .map(|n| {
                let mut row = [0u32; DICE + 1];
                for (k, r) in row.iter_mut().enumerate() {
                    *r = binomial(n as u64, k as u64) as u32;
                }
                row
            })
            .collect();
        let mut keeps = Keeps {
            faces,
            counts,
            offsets,
            binom,
            hands: vec![Hand::default(); total],
            add: Vec::new(),
            sub_start: Vec::new(),
            subs: Vec::new(),
            roll_weight: Vec::new(),
        };
        // Every multiset of each size, in any order: its index places it.
        let mut stack = vec![Hand::default()];
        while let Some(h) = stack.pop() {
            let i = keeps.index(&h);
            keeps.hands[i] = h;
            if h.len() < DICE {
                let from = h.faces().last().copied().unwrap_or(0);
                for f in from..faces as u8 {
                    stack.push(h.with(f));
                }
            }
        }
        let small = total - counts[DICE];
        keeps.add = Vec::with_capacity(small * faces);
        for i in counts[DICE]..total {
            let h = keeps.hands[i];
            for f in 0..faces as u8 {
                keeps.add.push(keeps.index(&h.with(f)) as u32);
            }
        }
        keeps.sub_start.push(0);
        for i in 0..total {
            let h = keeps.hands[i];
            let fs = h.faces();
            for j in 0..fs.len() {
                if j > 0 && fs[j] == fs[j - 1] {
                    continue;
                }
                let mut rest = fs.to_vec();
                rest.remove(j);
                keeps
                    .subs
                    .push(keeps.index(&Hand::from_faces(&rest)) as u32);
            }
            keeps.sub_start.push(keeps.subs.len() as u32);
        }
        keeps.roll_weight = (0..counts[DICE])
            .map(|r| orderings(keeps.hands[r].faces()) as f64)
            .collect();
        keeps
    }

    /// Number of keeps of every size.
    pub fn len(&self) -> usize {
        self.hands.len()
    }

    pub fn is_empty(&self) -> bool {
        self.hands.is_empty()
    }

    /// Number of five-dice rolls (they are indices `0..rolls()`).
    pub fn rolls(&self) -> usize {
        self.counts[DICE]
    }

    /// The dense index of a keep (a sorted multiset of faces).
    pub fn index(&self, h: &Hand) -> usize {
        let k = h.len();
        let rank: usize = h
            .faces()
            .iter()
            .enumerate()
            .map(|(i, &f)| self.binom[f as usize + i][i + 1] as usize)
            .sum();
        self.offsets[k] + rank
    }

    pub fn hand(&self, i: usize) -> Hand {
        self.hands[i]
    }

    /// Index of keep `i` with face `f` added (`i` must hold fewer than five dice).
    #[inline]
    pub fn add(&self, i: usize, f: usize) -> usize {
        self.add[(i - self.counts[DICE]) * self.faces + f] as usize
    }

    /// The one-larger keeps of keep `i` (fewer than five dice), one per face.
    #[inline]
    pub fn adds(&self, i: usize) -> &[u32] {
        let s = (i - self.counts[DICE]) * self.faces;
        &self.add[s..s + self.faces]
    }

    /// Distinct one-die-smaller keeps of keep `i`.
    #[inline]
    pub fn subs(&self, i: usize) -> &[u32] {
        &self.subs[self.sub_start[i] as usize..self.sub_start[i + 1] as usize]
    }

    /// The number of ordered throws that give roll `r` (exact in an `f64`).
    #[inline]
    pub fn roll_weight(&self, r: usize) -> f64 {
        self.roll_weight[r]
    }

    /// Ordered throws of five dice: `faces^5`.
    pub fn roll_denominator(&self) -> f64 {
        (self.faces as f64).powi(DICE as i32)
    }
}

/// Number of orderings of a multiset: n! / Π multiplicity!.
fn orderings(faces: &[u8]) -> u64 {
    let mut n: u64 = (1..=faces.len() as u64).product();
    let mut i = 0;
    while i < faces.len() {
        let j = faces[i..].iter().take_while(|&&f| f == faces[i]).count();
        n /= (1..=j as u64).product::<u64>();
        i += j;
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_match_the_combinatorics() {
        let k = Keeps::new(30);
        assert_eq!(k.rolls(), 278_256);
        assert_eq!(k.len(), 1 + 30 + 465 + 4960 + 40_920 + 278_256);
        let w: f64 = (0..k.rolls()).map(|r| k.roll_weight(r)).sum();
        assert_eq!(w, 30f64.powi(5));
    }

    #[test]
    fn index_is_a_bijection_and_tables_agree() {
        let k = Keeps::new(12);
        for i in 0..k.len() {
            let h = k.hand(i);
            assert_eq!(k.index(&h), i);
            if h.len() < DICE {
                for f in 0..12u8 {
                    assert_eq!(k.hand(k.add(i, f as usize)), h.with(f));
                }
            }
            for &s in k.subs(i) {
                let sub = k.hand(s as usize);
                assert_eq!(sub.len() + 1, h.len());
                assert!(h.contains(&sub));
            }
        }
    }

    #[test]
    fn parse_and_print() {
        let h = Hand::parse("5r 3g,1p6y2b", 5).unwrap();
        assert_eq!(h.to_string(), "5r 6y 3g 2b 1p");
        assert!(Hand::parse("5x", 5).unwrap_err().contains("not a colour"));
        assert!(Hand::parse("5p", 2).unwrap_err().contains("not a colour"));
        assert!(Hand::parse("7r", 5)
            .unwrap_err()
            .contains("not a die number"));
        assert!(Hand::parse("1r1r1r1r1r1r", 5)
            .unwrap_err()
            .contains("6 dice given"));
        assert!(Hand::parse("1r2", 5).is_err());
    }
}
