//! The state space a rule set decides: the flags beside the filled set and the upper
//! total, the dense index of a state in its table, and which states a game can reach from
//! the empty card.

use super::rule_set::RuleSet;
use crate::category::Category;
use crate::state::{State, UPPER_CAP};

impl RuleSet {
    /// Number of extra state bits beside the filled set and the upper total: one for
    /// "the Yahtzee box holds 50" when the game has an extra-Yahtzee bonus, one for "the
    /// mulligan is used" and one for "the sixth die is used" under those house rules.
    #[inline]
    pub fn flag_bits(&self) -> u32 {
        self.yahtzee_bits() + u32::from(self.house.mulligan) + u32::from(self.house.mega_yahtzee)
    }

    #[inline]
    fn yahtzee_bits(&self) -> u32 {
        u32::from(self.yahtzee_bonus > 0)
    }

    /// Number of states: 2^boxes × 2^flag_bits × 64 upper totals.
    pub fn state_count(&self) -> usize {
        (1usize << self.box_count()) * self.lanes_per_set()
    }

    /// Number of (flag, upper total) lanes per filled set.
    #[inline]
    pub fn lanes_per_set(&self) -> usize {
        64 << self.flag_bits()
    }

    /// Dense index of a state in the value table:
    /// `(filled × 2^flag_bits + flags) × 64 + upper`, where `flags` holds the Yahtzee flag
    /// in its low bit (when the game has one), the mulligan flag above it and the
    /// Mega-Yahtzee flag above that (each only under its house rule).
    #[inline]
    pub fn state_index(&self, s: State) -> usize {
        (s.filled() as usize) * self.lanes_per_set() + self.lane(s)
    }

    /// Position of a state's (flag, upper) pair within its filled set's block.
    #[inline]
    pub fn lane(&self, s: State) -> usize {
        let y = self.yahtzee_bits();
        let yahtzee = usize::from(y > 0 && s.yahtzee_50());
        let mulligan = usize::from(self.house.mulligan && s.mulligan_used());
        let m = y + u32::from(self.house.mulligan);
        let mega = usize::from(self.house.mega_yahtzee && s.mega_used());
        ((mega << m) | (mulligan << y) | yahtzee) * 64 + usize::from(s.upper())
    }

    /// The state at a table index.
    pub fn state_at(&self, index: usize) -> State {
        let lanes = self.lanes_per_set();
        let filled = (index / lanes) as u32;
        let flags = index % lanes / 64;
        let y = self.yahtzee_bits();
        let yahtzee = y > 0 && flags & 1 == 1;
        let mulligan = self.house.mulligan && flags >> y & 1 == 1;
        let m = y + u32::from(self.house.mulligan);
        let mega = self.house.mega_yahtzee && flags >> m & 1 == 1;
        State::new(filled, (index % 64) as u8, yahtzee)
            .with_mulligan_used(mulligan)
            .with_mega_used(mega)
    }

    /// Bitmask of the capped upper totals (0..=63) reachable with these boxes filled.
    pub fn reachable_upper(&self, filled: u32) -> u64 {
        let mut reach: u64 = 1;
        for (b, c) in self.boxes.iter().enumerate() {
            let Some(face) = c.upper_face().filter(|_| filled >> b & 1 == 1) else {
                continue;
            };
            // Each count of the face shifts every reachable total up by its score; totals
            // past the cap land on the cap.
            let mut next = 0u64;
            for n in 0..=5u32 {
                let shifted = u128::from(reach) << (u32::from(face) * n);
                next |= shifted as u64 & !(1 << UPPER_CAP);
                if shifted >> UPPER_CAP != 0 {
                    next |= 1 << UPPER_CAP;
                }
            }
            reach = next;
        }
        reach
    }

    /// True when the upper bonus is decided in states of this filled set with this upper
    /// total: the game has none, it is earned, or the open upper boxes can no longer reach
    /// it (five of their face each at most). The upper total is then no part of the
    /// future (it only ever decides the bonus), so all such states of one filled set and
    /// flags have the same value, bit for bit: each one's turn reads the same values of
    /// states just as decided, and earns no bonus. The solver computes one of them.
    #[inline]
    pub fn upper_decided(&self, filled: u32, upper: u8) -> bool {
        !self.upper_open(filled).contains(&u32::from(upper))
    }

    /// The upper totals with which the bonus is still open in this filled set (empty in a
    /// game without it): [`RuleSet::upper_decided`] is false exactly for these.
    pub fn upper_open(&self, filled: u32) -> std::ops::Range<u32> {
        if self.upper_bonus == 0 {
            return 0..0;
        }
        let open_most: u32 = (0..self.box_count())
            .filter(|&b| filled >> b & 1 == 0)
            .filter_map(|b| self.boxes[b].upper_face())
            .map(|face| 5 * u32::from(face))
            .sum();
        self.upper_threshold.saturating_sub(open_most)..self.upper_threshold
    }

    /// How many states a game can reach from the empty card, the ones a solver computes:
    /// over every filled set, its reachable upper totals times its possible flags. Fast
    /// (no state is visited): the reachable totals depend only on the filled upper boxes,
    /// the possible flags only on whether any box and the Yahtzee box are filled.
    pub fn reachable_state_count(&self) -> usize {
        let upper_mask: u32 = (0..self.box_count())
            .filter(|&b| self.boxes[b].upper_face().is_some())
            .map(|b| 1 << b)
            .sum();
        let yahtzee_bit = self.box_index(Category::Yahtzee).map_or(0, |y| 1u32 << y);
        let mut uppers = std::collections::HashMap::new();
        let mut flags = [None; 4];
        let lanes = self.lanes_per_set();
        (0..1u32 << self.box_count())
            .map(|f| {
                let u = *uppers
                    .entry(f & upper_mask)
                    .or_insert_with(|| self.reachable_upper(f).count_ones() as usize);
                let key = usize::from(f != 0) * 2 + usize::from(f & yahtzee_bit != 0);
                let fl = *flags[key].get_or_insert_with(|| {
                    (0..lanes / 64)
                        .filter(|fl| {
                            self.flags_possible(self.state_at(f as usize * lanes + fl * 64))
                        })
                        .count()
                });
                u * fl
            })
            .sum()
    }

    /// True when a solver ever meets this state from the empty card: its upper total is
    /// reachable and its flags are possible ([`RuleSet::flags_possible`]).
    pub fn is_reachable(&self, s: State) -> bool {
        self.flags_possible(s)
            && s.filled() < 1 << self.box_count()
            && self.reachable_upper(s.filled()) >> s.upper() & 1 == 1
    }

    /// True when the state's flags can occur with its filled boxes: the Yahtzee flag only
    /// with the Yahtzee box filled (and a bonus in the game), the mulligan and the sixth
    /// die used only under their house rules and after the first turn.
    pub fn flags_possible(&self, s: State) -> bool {
        let yahtzee_ok = !s.yahtzee_50()
            || (self.yahtzee_bits() > 0
                && self
                    .box_index(Category::Yahtzee)
                    .is_some_and(|y| s.is_filled(y)));
        let mulligan_ok = !s.mulligan_used() || (self.house.mulligan && s.filled() != 0);
        let mega_ok = !s.mega_used() || (self.house.mega_yahtzee && s.filled() != 0);
        yahtzee_ok && mulligan_ok && mega_ok
    }
}
