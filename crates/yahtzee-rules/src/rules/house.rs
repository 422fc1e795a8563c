//! House rules: switches that combine with any base rule set (`forced+mulligan`, ...),
//! each combination a rule set of its own with its own table.

/// House rules: switches that combine with any rule set, each making a rule set of its own
/// (`forced+mulligan`, `yatzy+chance-chance`, ...) with its own table.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct House {
    /// Once per game, after the third roll of a turn, a fourth roll of one or more dice.
    pub mulligan: bool,
    /// Instead of scoring Chance after the last roll, reroll all five dice once and score
    /// that roll in Chance.
    pub chance_chance: bool,
    /// "Fool House": a natural full house (three of one face, two of another) that shows
    /// on any roll, while Full House is open, must be scored there at once.
    pub fool_house: bool,
    /// "Mega-Yahtzee": once per game, before a turn's first roll, a sixth die for that
    /// turn; five of the six are scored; six of a kind adds
    /// [`RuleSet::mega_bonus`](crate::RuleSet::mega_bonus).
    pub mega_yahtzee: bool,
}

/// The Mega bonus for six of a kind unless a rule-set name says otherwise
/// (`forced+mega-yahtzee=500`): the text's "up to 1000", at its stated maximum.
pub const DEFAULT_MEGA_BONUS: u32 = 1000;

impl House {
    pub const NONE: House = House {
        mulligan: false,
        chance_chance: false,
        fool_house: false,
        mega_yahtzee: false,
    };

    /// Every switch: its name (as in `--house` and rule-set names) and what it does.
    pub const SWITCHES: [(&'static str, &'static str); 4] = [
        (
            "mulligan",
            "once per game, a fourth roll (of one or more dice) after a turn's third roll",
        ),
        (
            "chance-chance",
            "instead of scoring Chance after the last roll, reroll all five dice once and score that in Chance",
        ),
        (
            "fool-house",
            "a natural full house on any roll must be scored in Full House at once while it is open",
        ),
        (
            "mega-yahtzee",
            "once per game, a sixth die for a whole turn; five are scored; six of a kind adds a Mega bonus (1000)",
        ),
    ];

    /// Every combination of switches, none first, in a fixed order (the order of
    /// [`RuleSet::every`](crate::RuleSet::every)).
    pub fn combinations() -> impl Iterator<Item = House> {
        (0..1u32 << House::SWITCHES.len()).map(|bits| House {
            mulligan: bits & 1 != 0,
            chance_chance: bits & 2 != 0,
            fool_house: bits & 4 != 0,
            mega_yahtzee: bits & 8 != 0,
        })
    }

    /// The switches that are on, by name.
    pub fn names(self) -> Vec<&'static str> {
        let on = [
            self.mulligan,
            self.chance_chance,
            self.fool_house,
            self.mega_yahtzee,
        ];
        House::SWITCHES
            .iter()
            .zip(on)
            .filter(|(_, on)| *on)
            .map(|((name, _), _)| *name)
            .collect()
    }

    /// Turns on the switch called `name`; false if there is no such switch.
    pub fn set(&mut self, name: &str) -> bool {
        match name {
            "mulligan" => self.mulligan = true,
            "chance-chance" => self.chance_chance = true,
            "fool-house" => self.fool_house = true,
            "mega-yahtzee" => self.mega_yahtzee = true,
            _ => return false,
        }
        true
    }
}
