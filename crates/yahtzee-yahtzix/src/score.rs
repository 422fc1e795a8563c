//! Scoring of one roll, and every roll's outcomes with their probabilities.
//!
//! Points are kept in units of five (every Yahtzix score is a multiple of 5), so a turn
//! total or a game score is a small integer index into the solver's tables.

use crate::Rules;

/// Dice counts by face: `counts[f]` dice show `f` (index 0 unused).
pub type Counts = [u8; 7];

/// Points are stored in units of this many points.
pub const UNIT: u32 = 5;

/// Whether `units` can be a game score: 0 (not yet opened) or at least the opening 30.
pub fn valid_score(units: usize) -> bool {
    units == 0 || units as u32 * UNIT >= crate::OPENING
}

/// A score in units, refusing what no game can show.
pub fn score_units(points: u32, what: &str) -> Result<usize, crate::Error> {
    if !points.is_multiple_of(UNIT) {
        return Err(crate::Error::Position(format!(
            "{what} {points}: scores are multiples of 5"
        )));
    }
    let units = (points / UNIT) as usize;
    if !valid_score(units) {
        return Err(crate::Error::Position(format!(
            "{what} {points}: a player has 0 (not opened) or at least {}",
            crate::OPENING
        )));
    }
    Ok(units)
}

/// A set of dice that scores on its own, and what it is worth in points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    /// A single 1 (10) or 5 (5), scoring on every roll.
    Single(u8),
    /// Three of a face: ten times the face, three 1s 30 (first roll only).
    Triple(u8),
    /// Four of a face: 250 under the reading of rule H (first roll only).
    FourOfAKind(u8),
    /// Two triplets (six of a kind counts as two): 150 (first roll only).
    TwoTriplets,
    /// 1-2-3-4-5 or 2-3-4-5-6: 150 (first roll only).
    FiveStraight,
    /// 1-2-3-4-5-6: 200 (first roll only).
    SixStraight,
}

/// What a kept set of dice is worth on a first roll of `rolled` dice: the best way to split
/// it into scoring units (rule D(3): "always use the highest possible score"), raised to the
/// "all count" 100 when all six dice of a six-dice roll count. `None` if some die in it does
/// not score.
pub fn first_roll_value(rules: &Rules, keep: &Counts, rolled: u8, all_count: bool) -> Option<u32> {
    let parts = best_split(rules, *keep)?;
    let kept: u8 = keep.iter().sum();
    if all_count && rolled == 6 && kept == 6 {
        Some(parts.max(100))
    } else {
        Some(parts)
    }
}

/// What a kept set is worth on a later roll: only single 1s and 5s count (rule F, H).
pub fn later_roll_value(keep: &Counts) -> Option<u32> {
    let others: u8 = keep.iter().sum::<u8>() - keep[1] - keep[5];
    (others == 0).then(|| 10 * u32::from(keep[1]) + 5 * u32::from(keep[5]))
}

/// The units of the best split of `dice` into premiums and singles, for display.
pub fn best_units(rules: &Rules, dice: &Counts) -> Option<Vec<Unit>> {
    let total = best_split(rules, *dice)?;
    let mut units = Vec::new();
    let mut rest = *dice;
    while rest.iter().any(|&c| c > 0) {
        let (unit, left) = unit_moves(rules, &rest)
            .into_iter()
            .find(|&(u, ref left)| {
                best_split(rules, *left).map(|v| v + unit_points(u)) == best_split(rules, rest)
            })?;
        units.push(unit);
        rest = left;
    }
    debug_assert_eq!(units.iter().map(|&u| unit_points(u)).sum::<u32>(), total);
    Some(units)
}

/// Points of one unit.
pub fn unit_points(unit: Unit) -> u32 {
    match unit {
        Unit::Single(1) => 10,
        Unit::Single(_) => 5,
        Unit::Triple(1) => 30,
        Unit::Triple(f) => 10 * u32::from(f),
        Unit::FourOfAKind(_) => 250,
        Unit::TwoTriplets | Unit::FiveStraight => 150,
        Unit::SixStraight => 200,
    }
}

/// The best total of a split of all of `dice` into units, `None` if some die is left over.
/// The lowest face present must be in some unit; trying each unit that holds it covers
/// every split.
fn best_split(rules: &Rules, dice: Counts) -> Option<u32> {
    if dice.iter().all(|&c| c == 0) {
        return Some(0);
    }
    unit_moves(rules, &dice)
        .into_iter()
        .filter_map(|(unit, left)| best_split(rules, left).map(|v| v + unit_points(unit)))
        .max()
}

/// Every unit holding a die of the lowest face present, with the dice left after it.
fn unit_moves(rules: &Rules, dice: &Counts) -> Vec<(Unit, Counts)> {
    let Some(low) = (1..=6).find(|&f| dice[f] > 0) else {
        return Vec::new();
    };
    let face = low as u8;
    let mut moves = Vec::new();
    let mut take = |unit: Unit, faces: &[(usize, u8)]| {
        let mut left = *dice;
        for &(f, n) in faces {
            if left[f] < n {
                return;
            }
            left[f] -= n;
        }
        moves.push((unit, left));
    };
    if face == 1 || face == 5 {
        take(Unit::Single(face), &[(low, 1)]);
    }
    take(Unit::Triple(face), &[(low, 3)]);
    if rules.four_of_a_kind {
        take(Unit::FourOfAKind(face), &[(low, 4)]);
    }
    for other in low..=6 {
        if other == low {
            take(Unit::TwoTriplets, &[(low, 6)]);
        } else {
            take(Unit::TwoTriplets, &[(low, 3), (other, 3)]);
        }
    }
    if low <= 2 {
        let run: Vec<(usize, u8)> = (low..low + 5).map(|f| (f, 1)).collect();
        take(Unit::FiveStraight, &run);
    }
    if low == 1 {
        take(
            Unit::SixStraight,
            &[(1, 1), (2, 1), (3, 1), (4, 1), (5, 1), (6, 1)],
        );
    }
    moves
}

/// One way a roll of some dice can fall, with what it allows.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// Probability of this multiset of faces.
    pub prob: f64,
    /// The dice, by face.
    pub dice: Counts,
    /// Stopping now: the turn's points for this roll (units of 5) and the dice it uses;
    /// `None` is a bust (nothing scores).
    pub bank: Option<(u16, u8)>,
    /// Stopping while the "all count" premium is ignored (exact finish, within 50): differs
    /// from `bank` only for a six-dice first roll where all six count.
    pub bank_plain: Option<(u16, u8)>,
    /// Whether the roll allows another roll: it shows a 1 or a 5 (rule D(1)).
    pub reroll: bool,
    /// Every distinct (points, dice kept) a player may set aside before rolling again.
    pub keeps: Vec<(u16, u8)>,
}

/// Every outcome of rolling `k` dice as the turn's first roll (premiums count) or a later
/// roll (only 1s and 5s count).
pub fn outcomes(rules: &Rules, k: u8, first: bool) -> Vec<Outcome> {
    multisets(k)
        .into_iter()
        .map(|dice| outcome(rules, dice, first))
        .collect()
}

/// What the roll `dice` allows.
pub fn outcome(rules: &Rules, dice: Counts, first: bool) -> Outcome {
    let rolled: u8 = dice.iter().sum();
    let value = |keep: &Counts, all_count: bool| {
        if first {
            first_roll_value(rules, keep, rolled, all_count)
        } else {
            later_roll_value(keep)
        }
    };
    let mut keeps = Vec::new();
    let mut bank: Option<(u16, u8)> = None;
    let mut bank_plain: Option<(u16, u8)> = None;
    for keep in sub_multisets(&dice) {
        let kept: u8 = keep.iter().sum();
        if kept == 0 {
            continue;
        }
        let better = |best: Option<(u16, u8)>, v: u32| {
            best.is_none_or(|(bv, bu)| {
                (v / UNIT) as u16 > bv || ((v / UNIT) as u16 == bv && kept > bu)
            })
        };
        if let Some(v) = value(&keep, true) {
            if better(bank, v) {
                bank = Some(((v / UNIT) as u16, kept));
            }
            keeps.push(((v / UNIT) as u16, kept));
        }
        if let Some(v) = value(&keep, false) {
            if better(bank_plain, v) {
                bank_plain = Some(((v / UNIT) as u16, kept));
            }
        }
    }
    keeps.sort_unstable();
    keeps.dedup();
    Outcome {
        prob: probability(&dice),
        dice,
        bank,
        bank_plain,
        reroll: dice[1] + dice[5] > 0,
        keeps,
    }
}

/// Every multiset of `k` dice, by counts.
pub fn multisets(k: u8) -> Vec<Counts> {
    fn fill(face: usize, left: u8, cur: &mut Counts, out: &mut Vec<Counts>) {
        if face == 6 {
            cur[6] = left;
            out.push(*cur);
            return;
        }
        for n in 0..=left {
            cur[face] = n;
            fill(face + 1, left - n, cur, out);
        }
        cur[face] = 0;
    }
    let mut out = Vec::new();
    fill(1, k, &mut [0; 7], &mut out);
    out
}

/// Every sub-multiset of `dice`.
pub fn sub_multisets(dice: &Counts) -> Vec<Counts> {
    let mut out = vec![[0u8; 7]];
    for f in 1..=6 {
        out = out
            .into_iter()
            .flat_map(|base| {
                (0..=dice[f]).map(move |n| {
                    let mut c = base;
                    c[f] = n;
                    c
                })
            })
            .collect();
    }
    out
}

/// Probability of rolling exactly the multiset `dice`.
pub fn probability(dice: &Counts) -> f64 {
    let n: u32 = dice.iter().map(|&c| u32::from(c)).sum();
    let mut ways = factorial(n);
    for &c in &dice[1..] {
        ways /= factorial(u32::from(c));
    }
    ways as f64 / 6f64.powi(n as i32)
}

fn factorial(n: u32) -> u64 {
    (1..=u64::from(n)).product()
}

/// Dice counts from faces such as `115523` (1 to 6 dice), refusing anything else.
pub fn parse_dice(text: &str) -> Result<Counts, crate::Error> {
    let bad =
        || crate::Error::Position(format!("dice {text:?}: give 1 to 6 faces 1-6, e.g. 115523"));
    let mut counts = [0u8; 7];
    for ch in text.chars().filter(|c| !matches!(c, ',' | ' ')) {
        let face = ch
            .to_digit(10)
            .filter(|f| (1..=6).contains(f))
            .ok_or_else(bad)?;
        counts[face as usize] += 1;
    }
    let n: u8 = counts.iter().sum();
    if n == 0 || n > 6 {
        return Err(bad());
    }
    Ok(counts)
}

/// Faces in order, e.g. `115523`.
pub fn show_dice(dice: &Counts) -> String {
    (1..=6)
        .flat_map(|f| std::iter::repeat_n(char::from(b'0' + f as u8), usize::from(dice[f])))
        .collect()
}
