//! The boxes of a scorecard ("categories"), with the names players type.

use std::fmt;

/// One box of the scorecard. A rule set lists which boxes its game has, in card order.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Category {
    Ones,
    Twos,
    Threes,
    Fours,
    Fives,
    Sixes,
    /// Yatzy only: the highest pair.
    OnePair,
    /// Yatzy only: two pairs of different faces.
    TwoPairs,
    ThreeOfAKind,
    FourOfAKind,
    FullHouse,
    SmallStraight,
    LargeStraight,
    Yahtzee,
    Chance,
}

impl Category {
    /// Every category, in Yahtzee card order.
    pub const ALL: [Category; 13] = [
        Category::Ones,
        Category::Twos,
        Category::Threes,
        Category::Fours,
        Category::Fives,
        Category::Sixes,
        Category::ThreeOfAKind,
        Category::FourOfAKind,
        Category::FullHouse,
        Category::SmallStraight,
        Category::LargeStraight,
        Category::Yahtzee,
        Category::Chance,
    ];

    /// The Scandinavian Yatzy card, in its order.
    pub const YATZY: [Category; 15] = [
        Category::Ones,
        Category::Twos,
        Category::Threes,
        Category::Fours,
        Category::Fives,
        Category::Sixes,
        Category::OnePair,
        Category::TwoPairs,
        Category::ThreeOfAKind,
        Category::FourOfAKind,
        Category::SmallStraight,
        Category::LargeStraight,
        Category::FullHouse,
        Category::Chance,
        Category::Yahtzee,
    ];

    /// Every category any game has.
    pub const EVERY: [Category; 15] = [
        Category::Ones,
        Category::Twos,
        Category::Threes,
        Category::Fours,
        Category::Fives,
        Category::Sixes,
        Category::OnePair,
        Category::TwoPairs,
        Category::ThreeOfAKind,
        Category::FourOfAKind,
        Category::FullHouse,
        Category::SmallStraight,
        Category::LargeStraight,
        Category::Yahtzee,
        Category::Chance,
    ];

    /// The canonical snake_case name, as used on the command line and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Category::Ones => "ones",
            Category::Twos => "twos",
            Category::Threes => "threes",
            Category::Fours => "fours",
            Category::Fives => "fives",
            Category::Sixes => "sixes",
            Category::OnePair => "one_pair",
            Category::TwoPairs => "two_pairs",
            Category::ThreeOfAKind => "three_of_a_kind",
            Category::FourOfAKind => "four_of_a_kind",
            Category::FullHouse => "full_house",
            Category::SmallStraight => "small_straight",
            Category::LargeStraight => "large_straight",
            Category::Yahtzee => "yahtzee",
            Category::Chance => "chance",
        }
    }

    /// The box's name as a player writes it on a card ("Three of a kind").
    pub fn label(self) -> &'static str {
        match self {
            Category::Ones => "Ones",
            Category::Twos => "Twos",
            Category::Threes => "Threes",
            Category::Fours => "Fours",
            Category::Fives => "Fives",
            Category::Sixes => "Sixes",
            Category::OnePair => "One pair",
            Category::TwoPairs => "Two pairs",
            Category::ThreeOfAKind => "Three of a kind",
            Category::FourOfAKind => "Four of a kind",
            Category::FullHouse => "Full house",
            Category::SmallStraight => "Small straight",
            Category::LargeStraight => "Large straight",
            Category::Yahtzee => "Yahtzee",
            Category::Chance => "Chance",
        }
    }

    /// Short names players also write (`aces`, `3k`, `fh`, `ss`, `ls`, `yz`, ...).
    pub fn aliases(self) -> &'static [&'static str] {
        match self {
            Category::Ones => &["aces", "1s", "one"],
            Category::Twos => &["deuces", "2s", "two"],
            Category::Threes => &["treys", "3s", "three"],
            Category::Fours => &["4s", "four"],
            Category::Fives => &["5s", "five"],
            Category::Sixes => &["6s", "six"],
            Category::OnePair => &["pair", "1p", "1pair", "op"],
            Category::TwoPairs => &["2p", "2pairs", "tp", "twopair"],
            Category::ThreeOfAKind => &["3k", "3ok", "3oak", "toak", "3kind", "trips"],
            Category::FourOfAKind => &["4k", "4ok", "4oak", "foak", "4kind", "quads"],
            Category::FullHouse => &["fh", "full", "house"],
            Category::SmallStraight => &["ss", "sm", "small", "sms", "smstraight"],
            Category::LargeStraight => &["ls", "lg", "large", "lgs", "lgstraight"],
            Category::Yahtzee => &["yz", "y", "yahtzees", "kniffel", "yatzy", "yatzee"],
            Category::Chance => &["ch", "c"],
        }
    }

    /// Looks a box up by its name or an alias, ignoring case, `-` and spaces vs `_`.
    pub fn from_name(s: &str) -> Option<Category> {
        let norm: String = s
            .trim()
            .to_ascii_lowercase()
            .chars()
            .map(|c| if c == '-' || c == ' ' { '_' } else { c })
            .collect();
        let squashed = norm.replace('_', "");
        Category::EVERY.into_iter().find(|c| {
            c.name() == norm
                || c.name().replace('_', "") == squashed
                || c.aliases().contains(&norm.as_str())
        })
    }

    /// The face counted by an upper-section box.
    pub fn upper_face(self) -> Option<u8> {
        match self {
            Category::Ones => Some(1),
            Category::Twos => Some(2),
            Category::Threes => Some(3),
            Category::Fours => Some(4),
            Category::Fives => Some(5),
            Category::Sixes => Some(6),
            _ => None,
        }
    }

    /// The upper-section box that counts `face` (1 to 6).
    pub fn upper_for(face: u8) -> Category {
        Category::ALL[usize::from(face - 1)]
    }
}

impl fmt::Display for Category {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_aliases_resolve() {
        for c in Category::EVERY {
            assert_eq!(Category::from_name(c.name()), Some(c));
            for a in c.aliases() {
                assert_eq!(Category::from_name(a), Some(c), "{a}");
            }
            // A label reads as the name with spaces and a capital, and means the same box.
            let words = c.name().replace('_', " ");
            assert_eq!(c.label().to_lowercase(), words, "{c}");
            assert_eq!(Category::from_name(c.label()), Some(c), "{}", c.label());
        }
        assert_eq!(Category::from_name("Full-House"), Some(Category::FullHouse));
        assert_eq!(Category::from_name("fullhouse"), Some(Category::FullHouse));
        assert_eq!(Category::from_name("3K"), Some(Category::ThreeOfAKind));
        assert_eq!(Category::from_name("sevens"), None);
    }
}
