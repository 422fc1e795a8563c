//! The solver's view of a scorecard: which boxes are filled, the upper total and a flag.

use std::fmt;

/// Upper totals are capped here: beyond 63 the exact total never matters again.
pub const UPPER_CAP: u32 = 63;

/// What the future of a game depends on: the filled boxes (a bitmask over the rule set's box
/// list), the upper-section total capped at 63, and whether the Yahtzee box holds 50 (which
/// makes extra Yahtzees earn the bonus). Points already scored are not part of it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct State {
    filled: u32,
    upper: u8,
    yahtzee_50: bool,
    /// House rule "mulligan": the once-per-game fourth roll has been used.
    mulligan_used: bool,
    /// House rule "mega-yahtzee": the once-per-game sixth die has been used.
    mega_used: bool,
}

impl State {
    /// The state at the start of a game.
    pub const START: State = State {
        filled: 0,
        upper: 0,
        yahtzee_50: false,
        mulligan_used: false,
        mega_used: false,
    };

    /// Builds a state; the upper total is capped at 63.
    #[inline]
    pub fn new(filled: u32, upper: u8, yahtzee_50: bool) -> State {
        State {
            filled,
            upper: upper.min(UPPER_CAP as u8),
            yahtzee_50,
            mulligan_used: false,
            mega_used: false,
        }
    }

    /// The same state with the mulligan (house rule) marked used or not.
    #[inline]
    pub fn with_mulligan_used(self, used: bool) -> State {
        State {
            mulligan_used: used,
            ..self
        }
    }

    /// The same state with the sixth die (house rule "mega-yahtzee") marked used or not.
    #[inline]
    pub fn with_mega_used(self, used: bool) -> State {
        State {
            mega_used: used,
            ..self
        }
    }

    /// True when the once-per-game sixth die (house rule "mega-yahtzee") has been used.
    #[inline]
    pub fn mega_used(self) -> bool {
        self.mega_used
    }

    /// True when the once-per-game mulligan (house rule) has been used.
    #[inline]
    pub fn mulligan_used(self) -> bool {
        self.mulligan_used
    }

    /// Bitmask of filled boxes (bit `b` is box `b` of the rule set).
    #[inline]
    pub fn filled(self) -> u32 {
        self.filled
    }

    /// True when box `b` is filled.
    #[inline]
    pub fn is_filled(self, b: usize) -> bool {
        self.filled >> b & 1 == 1
    }

    /// Upper-section total, capped at 63.
    #[inline]
    pub fn upper(self) -> u8 {
        self.upper
    }

    /// True when the Yahtzee box holds 50.
    #[inline]
    pub fn yahtzee_50(self) -> bool {
        self.yahtzee_50
    }

    /// Number of boxes filled.
    #[inline]
    pub fn turns_played(self) -> u32 {
        self.filled.count_ones()
    }
}

impl fmt::Debug for State {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "State(filled={:#b}, upper={}, yahtzee_50={}, mulligan_used={}, mega_used={})",
            self.filled, self.upper, self.yahtzee_50, self.mulligan_used, self.mega_used
        )
    }
}
