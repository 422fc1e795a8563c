//! Rule sets: which boxes a game has, how they score, the bonuses and the Joker rule.
//!
//! A [`RuleSet`] is plain data plus the scoring functions; it also decides the solver's state
//! space (how many boxes, whether the "Yahtzee box holds 50" flag exists). Everything that
//! depends on the rules goes through [`RuleSet::for_each_move`] and [`RuleSet::place`], so the
//! solver, the advice and later play modes cannot disagree about a move.

use std::fmt;
use std::sync::{LazyLock, OnceLock};

use crate::category::Category;
use crate::dice::{tables, Dice, ROLLS};
use crate::state::{State, UPPER_CAP};

/// How an extra Yahtzee (five of a kind with the Yahtzee box already filled) may be scored.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Joker {
    /// No Joker: an extra Yahtzee scores by the normal box rules only.
    None,
    /// Official rules: the matching upper box if open, else any open lower box as a Joker,
    /// else any open upper box (for 0).
    Forced,
    /// Any open box; Full House and the straights get full value only when the upper box of
    /// that face is filled too.
    FreeChoice,
    /// The 1956 rule: an open lower box as a Joker (never an upper box while a lower box is
    /// open); with every lower box filled, an open upper box by the normal rule.
    Original1956,
}

/// How the boxes that exist in both games score.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Style {
    /// Yahtzee: three/four of a kind and Chance score all five dice, Full House 25, straights
    /// 30 (four in a row) and 40 (five in a row).
    Yahtzee,
    /// Scandinavian Yatzy: pairs, three and four of a kind score only the matching dice,
    /// straights are exactly 1-2-3-4-5 (15) and 2-3-4-5-6 (20), Full House scores its sum.
    Yatzy,
}

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
    /// turn; five of the six are scored; six of a kind adds [`RuleSet::mega_bonus`].
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
    /// [`RuleSet::every`]).
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

/// Which rule set, by the name used on the command line and in table files.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum RulesId {
    /// Official Yahtzee with the forced Joker (the default).
    Forced,
    /// Yahtzee with the free-choice Joker.
    Free,
    /// Yahtzee with no extra-Yahtzee bonus and no Joker.
    NoBonus,
    /// Yahtzee with the 1956 Joker.
    Original1956,
    /// Scandinavian Yatzy.
    Yatzy,
}

/// A complete rule set of a Yahtzee-family game.
#[derive(Debug)]
pub struct RuleSet {
    pub id: RulesId,
    /// Short name used on the command line and stored in table files.
    pub name: &'static str,
    /// One line for `--help` and listings.
    pub description: &'static str,
    /// The boxes, in card order; a state's filled set is a bitmask over this list.
    pub boxes: &'static [Category],
    /// Upper total needed for the upper bonus.
    pub upper_threshold: u32,
    /// Points of the upper bonus.
    pub upper_bonus: u32,
    /// Points for each extra Yahtzee while the Yahtzee box holds 50 (0: no such bonus).
    pub yahtzee_bonus: u32,
    pub joker: Joker,
    pub style: Style,
    /// House rules in force (none for the five base rule sets).
    pub house: House,
    /// House rule "mega-yahtzee": the bonus for six of a kind on the sixth-die turn.
    pub mega_bonus: u32,
    /// Optimal expected score from the empty card, as this solver computes it (tested to
    /// 1e-6 against a fresh solve; listed by `yahtzee rules`).
    pub expected_value: f64,
    /// A published or independently computed value of the same, where one exists.
    pub reference_value: Option<f64>,
    /// The normal score of every box for every roll, `[box][roll]`, built on first use.
    scores: OnceLock<Vec<Vec<u8>>>,
}

/// One legal way to score a final roll: a box, its score, the bonuses and what follows.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Move {
    /// Index of the box in [`RuleSet::boxes`].
    pub box_index: usize,
    /// Points written in the box.
    pub score: u32,
    /// The upper bonus, when this move lifts the upper total to the threshold.
    pub upper_bonus: u32,
    /// The extra-Yahtzee bonus earned by this roll (whatever box it is scored in).
    pub yahtzee_bonus: u32,
    /// The scorecard state after the move.
    pub next: State,
}

impl Move {
    /// Points this move adds to the card: the box, the upper bonus and the Yahtzee bonus.
    pub fn points(&self) -> u32 {
        self.score + self.upper_bonus + self.yahtzee_bonus
    }
}

static YAHTZEE_BOXES: [Category; 13] = Category::ALL;
static YATZY_BOXES: [Category; 15] = Category::YATZY;

static RULE_SETS: [RuleSet; 5] = [
    RuleSet {
        id: RulesId::Forced,
        name: "forced",
        description: "official Yahtzee: 35 upper bonus, 100 per extra Yahtzee, forced Joker",
        boxes: &YAHTZEE_BOXES,
        upper_threshold: 63,
        upper_bonus: 35,
        yahtzee_bonus: 100,
        joker: Joker::Forced,
        style: Style::Yahtzee,
        house: House::NONE,
        mega_bonus: DEFAULT_MEGA_BONUS,
        expected_value: 254.58772873,
        reference_value: Some(254.58772873),
        scores: OnceLock::new(),
    },
    RuleSet {
        id: RulesId::Free,
        name: "free",
        description: "Yahtzee with the free-choice Joker (any open box for an extra Yahtzee)",
        boxes: &YAHTZEE_BOXES,
        upper_threshold: 63,
        upper_bonus: 35,
        yahtzee_bonus: 100,
        joker: Joker::FreeChoice,
        style: Style::Yahtzee,
        house: House::NONE,
        mega_bonus: DEFAULT_MEGA_BONUS,
        expected_value: 254.58960948,
        reference_value: Some(254.5896095),
        scores: OnceLock::new(),
    },
    RuleSet {
        id: RulesId::NoBonus,
        name: "no-bonus",
        description: "Yahtzee without extra-Yahtzee bonus or Joker (extra Yahtzees score normally)",
        boxes: &YAHTZEE_BOXES,
        upper_threshold: 63,
        upper_bonus: 35,
        yahtzee_bonus: 0,
        joker: Joker::None,
        style: Style::Yahtzee,
        house: House::NONE,
        mega_bonus: DEFAULT_MEGA_BONUS,
        expected_value: 245.87077451,
        reference_value: Some(245.870775),
        scores: OnceLock::new(),
    },
    RuleSet {
        id: RulesId::Original1956,
        name: "original-1956",
        description: "Yahtzee with the 1956 Joker (extra Yahtzees only as lower-section Jokers)",
        boxes: &YAHTZEE_BOXES,
        upper_threshold: 63,
        upper_bonus: 35,
        yahtzee_bonus: 100,
        joker: Joker::Original1956,
        style: Style::Yahtzee,
        house: House::NONE,
        mega_bonus: DEFAULT_MEGA_BONUS,
        expected_value: 254.17830545,
        reference_value: None,
        scores: OnceLock::new(),
    },
    RuleSet {
        id: RulesId::Yatzy,
        name: "yatzy",
        description: "Scandinavian Yatzy: 15 boxes, 50 upper bonus, no extra bonus, no Joker",
        boxes: &YATZY_BOXES,
        upper_threshold: 63,
        upper_bonus: 50,
        yahtzee_bonus: 0,
        joker: Joker::None,
        style: Style::Yatzy,
        house: House::NONE,
        mega_bonus: DEFAULT_MEGA_BONUS,
        expected_value: 248.43998938,
        reference_value: None,
        scores: OnceLock::new(),
    },
];

/// Optimal expected scores of the rule sets with house rules, as computed by this solver
/// (tested to 1e-6 against a fresh solve).
const HOUSE_VALUES: [(&str, f64); 75] = [
    ("forced+mulligan", 265.607114329),
    ("forced+chance-chance", 254.675393944),
    ("forced+mulligan+chance-chance", 265.703797067),
    ("free+mulligan", 265.609442443),
    ("free+chance-chance", 254.677375285),
    ("free+mulligan+chance-chance", 265.706259931),
    ("no-bonus+mulligan", 253.448875445),
    ("no-bonus+chance-chance", 245.912458615),
    ("no-bonus+mulligan+chance-chance", 253.483033515),
    ("original-1956+mulligan", 264.957346891),
    ("original-1956+chance-chance", 254.267102095),
    ("original-1956+mulligan+chance-chance", 265.054169785),
    ("yatzy+mulligan", 255.009134403),
    ("yatzy+chance-chance", 248.458305237),
    ("yatzy+mulligan+chance-chance", 255.023138),
    ("forced+fool-house", 253.188854638),
    ("forced+mulligan+fool-house", 264.048996204),
    ("forced+chance-chance+fool-house", 253.267781192),
    ("forced+mulligan+chance-chance+fool-house", 264.135923516),
    ("free+fool-house", 253.190840014),
    ("free+mulligan+fool-house", 264.051458963),
    ("free+chance-chance+fool-house", 253.269869579),
    ("free+mulligan+chance-chance+fool-house", 264.138529005),
    ("no-bonus+fool-house", 244.974146887),
    ("no-bonus+mulligan+fool-house", 252.551033998),
    ("no-bonus+chance-chance+fool-house", 245.012592691),
    ("no-bonus+mulligan+chance-chance+fool-house", 252.582440699),
    ("original-1956+fool-house", 252.763667629),
    ("original-1956+mulligan+fool-house", 263.375213128),
    ("original-1956+chance-chance+fool-house", 252.843806800),
    (
        "original-1956+mulligan+chance-chance+fool-house",
        263.462537551,
    ),
    ("yatzy+fool-house", 246.023710557),
    ("yatzy+mulligan+fool-house", 252.608431873),
    ("yatzy+chance-chance+fool-house", 246.042621526),
    ("yatzy+mulligan+chance-chance+fool-house", 252.623045041),
    ("forced+mega-yahtzee", 285.639056200),
    ("forced+mulligan+mega-yahtzee", 297.355930204),
    ("forced+chance-chance+mega-yahtzee", 285.739200067),
    ("forced+mulligan+chance-chance+mega-yahtzee", 297.464236881),
    ("forced+fool-house+mega-yahtzee", 284.600579958),
    ("forced+mulligan+fool-house+mega-yahtzee", 296.218832908),
    (
        "forced+chance-chance+fool-house+mega-yahtzee",
        284.693779303,
    ),
    (
        "forced+mulligan+chance-chance+fool-house+mega-yahtzee",
        296.319532482,
    ),
    ("free+mega-yahtzee", 285.641439521),
    ("free+mulligan+mega-yahtzee", 297.358815929),
    ("free+chance-chance+mega-yahtzee", 285.741727120),
    ("free+mulligan+chance-chance+mega-yahtzee", 297.467310124),
    ("free+fool-house+mega-yahtzee", 284.603080258),
    ("free+mulligan+fool-house+mega-yahtzee", 296.221857166),
    ("free+chance-chance+fool-house+mega-yahtzee", 284.696431119),
    (
        "free+mulligan+chance-chance+fool-house+mega-yahtzee",
        296.322753160,
    ),
    ("no-bonus+mega-yahtzee", 272.894691801),
    ("no-bonus+mulligan+mega-yahtzee", 280.310780026),
    ("no-bonus+chance-chance+mega-yahtzee", 272.939934526),
    (
        "no-bonus+mulligan+chance-chance+mega-yahtzee",
        280.347820441,
    ),
    ("no-bonus+fool-house+mega-yahtzee", 272.313956293),
    ("no-bonus+mulligan+fool-house+mega-yahtzee", 279.736375704),
    (
        "no-bonus+chance-chance+fool-house+mega-yahtzee",
        272.356839128,
    ),
    (
        "no-bonus+mulligan+chance-chance+fool-house+mega-yahtzee",
        279.771347401,
    ),
    ("original-1956+mega-yahtzee", 285.090370172),
    ("original-1956+mulligan+mega-yahtzee", 296.479239018),
    ("original-1956+chance-chance+mega-yahtzee", 285.191003677),
    (
        "original-1956+mulligan+chance-chance+mega-yahtzee",
        296.587388808,
    ),
    ("original-1956+fool-house+mega-yahtzee", 284.028186676),
    (
        "original-1956+mulligan+fool-house+mega-yahtzee",
        295.309794810,
    ),
    (
        "original-1956+chance-chance+fool-house+mega-yahtzee",
        284.122084466,
    ),
    (
        "original-1956+mulligan+chance-chance+fool-house+mega-yahtzee",
        295.410861572,
    ),
    ("yatzy+mega-yahtzee", 274.893807750),
    ("yatzy+mulligan+mega-yahtzee", 281.229473933),
    ("yatzy+chance-chance+mega-yahtzee", 274.912492411),
    ("yatzy+mulligan+chance-chance+mega-yahtzee", 281.244043465),
    ("yatzy+fool-house+mega-yahtzee", 273.081025256),
    ("yatzy+mulligan+fool-house+mega-yahtzee", 279.412735466),
    ("yatzy+chance-chance+fool-house+mega-yahtzee", 273.099993998),
    (
        "yatzy+mulligan+chance-chance+fool-house+mega-yahtzee",
        279.427822345,
    ),
];

/// Other names players give the official rules (`forced`): what the box lid, or a friend,
/// calls the game. Each is accepted wherever a rule set is named ([`RuleSet::named`]).
pub const ALIASES: [(&str, &str); 3] = [
    ("yahtzee", "forced"),
    ("official", "forced"),
    ("american", "forced"),
];

/// A rule-set name that is none of ours, with the closest names to suggest.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownRules {
    /// The name as given.
    pub name: String,
    /// Base rule sets or aliases close to the name, closest first (at most three).
    pub suggestions: Vec<&'static str>,
    /// A well-formed name refused because this process has made [`MADE_LIMIT`] rule sets
    /// on demand already.
    pub limit_reached: bool,
}

impl UnknownRules {
    /// `name` refused; suggestions are the base names and aliases within a few typing
    /// mistakes of `head` (the name before any `+house` part; empty: none).
    fn new(name: &str, head: &str) -> UnknownRules {
        let candidates = RULE_SETS
            .iter()
            .map(|r| r.name)
            .chain(ALIASES.iter().map(|&(alias, _)| alias));
        // A third of the name's letters may be wrong (at least one, at most three): closer
        // than that is a typo; further is a different word, and a suggestion would mislead.
        if head.is_empty() {
            return UnknownRules {
                name: name.to_string(),
                suggestions: Vec::new(),
                limit_reached: false,
            };
        }
        let allowed = (head.chars().count() / 3).clamp(1, 3);
        let mut close: Vec<(usize, &'static str)> = candidates
            .map(|c| (edit_distance(head, c), c))
            .filter(|&(d, _)| d <= allowed)
            .collect();
        close.sort_by_key(|&(d, _)| d);
        UnknownRules {
            name: name.to_string(),
            suggestions: close.into_iter().take(3).map(|(_, c)| c).collect(),
            limit_reached: false,
        }
    }
}

impl fmt::Display for UnknownRules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.limit_reached {
            return write!(
                f,
                "rule set '{}': this process has made {MADE_LIMIT} rule sets on demand (Mega bonuses, reduced games) already; use one of those or a listed rule set",
                crate::one_line(&self.name)
            );
        }
        write!(f, "unknown rule set '{}'", crate::one_line(&self.name))?;
        match self.suggestions.as_slice() {
            [] => {}
            [one] => write!(f, ": did you mean {one}?")?,
            [rest @ .., last] => write!(f, ": did you mean {} or {last}?", rest.join(", "))?,
        }
        if self.name.contains(':') {
            return write!(
                f,
                " (a reduced game is <base rules>:<box>,<box>,...@<upper threshold 0-63>, \
                 distinct boxes of that card by their names: forced:ones,twos,yahtzee,chance@6)"
            );
        }
        let names: Vec<&str> = RULE_SETS.iter().map(|r| r.name).collect();
        let aliases: Vec<&str> = ALIASES.iter().map(|&(a, _)| a).collect();
        write!(
            f,
            " (rule sets: {}; {} mean forced)",
            names.join(", "),
            aliases.join(", ")
        )
    }
}

impl std::error::Error for UnknownRules {}

/// The rule sets made on demand so far.
static MADE: std::sync::Mutex<Vec<&'static RuleSet>> = std::sync::Mutex::new(Vec::new());

/// The most rule sets a process makes on demand from names it reads ([`RuleSet::by_name`]:
/// Mega bonuses other than the default, reduced games): each is kept for the rest of the
/// program, so a long-lived process (a server) reading names from anyone bounds them.
pub const MADE_LIMIT: usize = 4096;

/// Whether a name read from input may make one more rule set: it was made already, or
/// there is room.
fn may_make(name: &str) -> bool {
    let made = MADE.lock().unwrap_or_else(|e| e.into_inner());
    made.len() < MADE_LIMIT || made.iter().any(|r| r.name == name)
}

/// The rule set named `name`, made by `make` (given the name to keep) the first time it
/// is asked for and kept for the rest of the program: rule sets made on demand (another
/// Mega bonus, a reduced game) are `&'static` like the listed ones, one per name.
fn made_once(name: String, make: impl FnOnce(&'static str) -> RuleSet) -> &'static RuleSet {
    let mut made = MADE.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(r) = made.iter().find(|r| r.name == name) {
        return r;
    }
    let r: &'static RuleSet = Box::leak(Box::new(make(Box::leak(name.into_boxed_str()))));
    made.push(r);
    r
}

/// Levenshtein distance (insertions, deletions, substitutions) between two short names.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let substitute = diagonal + usize::from(ca != cb);
            diagonal = row[j + 1];
            row[j + 1] = substitute.min(row[j] + 1).min(diagonal + 1);
        }
    }
    row[b.len()]
}

/// The largest Mega bonus a rule-set name may ask for.
pub const MAX_MEGA_BONUS: u32 = 100_000;

/// Every base rule set combined with every non-empty set of house rules.
static HOUSE_RULE_SETS: LazyLock<Vec<RuleSet>> = LazyLock::new(|| {
    let leak = |s: String| -> &'static str { Box::leak(s.into_boxed_str()) };
    RULE_SETS
        .iter()
        .flat_map(|base| {
            House::combinations()
                .skip(1)
                .map(move |house| (base, house))
        })
        .map(|(base, house)| {
            let name = leak(format!("{}+{}", base.name, house.names().join("+")));
            let value = HOUSE_VALUES
                .iter()
                .find(|(n, _)| *n == name)
                .map_or(f64::NAN, |v| v.1);
            RuleSet {
                name,
                description: leak(format!(
                    "{}, with house rules {}",
                    base.description,
                    house.names().join(" and ")
                )),
                house,
                expected_value: value,
                reference_value: None,
                scores: OnceLock::new(),
                ..*base
            }
        })
        .collect()
});

impl RuleSet {
    /// The five base rule sets (no house rules); see [`RuleSet::with_house`] for the others.
    pub fn all() -> &'static [RuleSet] {
        &RULE_SETS
    }

    /// The rule set with this id.
    pub fn get(id: RulesId) -> &'static RuleSet {
        RULE_SETS
            .iter()
            .find(|r| r.id == id)
            .expect("every id has a rule set")
    }

    /// Every rule set: the base ones, then each with each combination of house rules.
    pub fn every() -> impl Iterator<Item = &'static RuleSet> {
        RULE_SETS.iter().chain(HOUSE_RULE_SETS.iter())
    }

    /// The rule set with this name (`forced`, `yatzy`, `free+mulligan`, ...). Under
    /// "mega-yahtzee" a bonus other than the default is written after the switch:
    /// `forced+mega-yahtzee=500`.
    pub fn by_name(name: &str) -> Option<&'static RuleSet> {
        if let Some(r) = RuleSet::every().find(|r| r.name == name) {
            return Some(r);
        }
        if name.contains(':') {
            return RuleSet::reduced_by_name(name);
        }
        let (head, text) = name.rsplit_once('=')?;
        let rules = RuleSet::by_name(head).filter(|r| r.name.ends_with("+mega-yahtzee"))?;
        let bonus: u32 = text.parse().ok().filter(|b| *b <= MAX_MEGA_BONUS)?;
        // Spelled in one way only, so that a table's name is the rule set's name.
        (bonus.to_string() == text && (bonus == rules.mega_bonus || may_make(name)))
            .then(|| rules.with_mega_bonus(bonus))
    }

    /// The rule set a player names: a rule set's name (any case), or another name people
    /// use for the official game (`yahtzee`, `official`, `american`: [`ALIASES`]), alone or
    /// before house rules (`official+mulligan`). An unknown name is an [`UnknownRules`]
    /// that suggests the closest names, so a typo gets a one-line fix rather than a list
    /// to read through.
    pub fn named(name: &str) -> Result<&'static RuleSet, UnknownRules> {
        let name = name.trim();
        if let Some(r) = RuleSet::by_name(name) {
            return Ok(r);
        }
        let lower = name.to_ascii_lowercase();
        let (head, tail) = lower
            .split_once('+')
            .map_or((&lower[..], None), |(h, t)| (h, Some(t)));
        let base = ALIASES
            .iter()
            .find(|(alias, _)| *alias == head)
            .map(|&(_, base)| base)
            .or_else(|| RULE_SETS.iter().map(|r| r.name).find(|n| *n == head));
        let canonical = match (base, tail) {
            (Some(base), None) => Some(base.to_string()),
            (Some(base), Some(tail)) => Some(format!("{base}+{tail}")),
            (None, _) => None,
        };
        if let Some(r) = canonical.as_deref().and_then(RuleSet::by_name) {
            return Ok(r);
        }
        // A known game with unknown house rules: nothing to suggest for the game's name.
        let head = if base.is_some() { "" } else { head };
        let mut unknown = UnknownRules::new(name, head);
        // Only the names that make rule sets on demand can be refused for room.
        unknown.limit_reached = (name.contains(':') || name.contains('=')) && !may_make(name);
        Err(unknown)
    }

    /// This rule set's base (no house rules) with `house` added (and this rule set's Mega
    /// bonus, where "mega-yahtzee" stays on).
    ///
    /// A reduced game has no house rules: it is returned as it is (front ends refuse
    /// `--house` with one first).
    pub fn with_house(&self, house: House) -> &'static RuleSet {
        if self.is_reduced() {
            return RuleSet::by_name(self.name).expect("a reduced game's name reads back");
        }
        let r = RuleSet::every()
            .find(|r| r.id == self.id && r.house == house)
            .expect("every base has every house-rule combination");
        if house.mega_yahtzee && self.house.mega_yahtzee {
            r.with_mega_bonus(self.mega_bonus)
        } else {
            r
        }
    }

    /// This rule set (with "mega-yahtzee") with `bonus` for six of a kind: the listed rule
    /// set for the default bonus, else one made on first use, named `...=BONUS`.
    pub fn with_mega_bonus(&self, bonus: u32) -> &'static RuleSet {
        assert!(
            self.house.mega_yahtzee,
            "only mega-yahtzee has a Mega bonus"
        );
        let base = RuleSet::every()
            .find(|r| r.id == self.id && r.house == self.house)
            .expect("listed");
        if bonus == base.mega_bonus {
            return base;
        }
        made_once(format!("{}={bonus}", base.name), |name| RuleSet {
            name,
            description: Box::leak(
                format!("{}, Mega bonus {bonus}", base.description).into_boxed_str(),
            ),
            mega_bonus: bonus,
            expected_value: f64::NAN,
            reference_value: None,
            scores: OnceLock::new(),
            ..*base
        })
    }

    /// The box that a chance-chance reroll is scored in, when that house rule applies in
    /// `state` (the game has it and Chance is open).
    pub fn chance_chance_box(&self, state: State) -> Option<usize> {
        self.box_index(Category::Chance)
            .filter(|&b| self.house.chance_chance && !state.is_filled(b))
    }

    /// House rule "chance-chance": the move for `dice`, the five dice rerolled instead of
    /// scoring the last roll: their sum in Chance. A five of a kind among them earns the
    /// extra-Yahtzee bonus under the usual condition (the Yahtzee box holds 50); the Joker
    /// rule does not apply, as the roll must go in Chance.
    pub fn chance_chance_move(&self, state: State, dice: &Dice) -> Move {
        let b = self
            .box_index(Category::Chance)
            .expect("chance-chance needs Chance");
        let score = dice.sum();
        let yahtzee_bonus = if self.is_extra_yahtzee(state, dice) && state.yahtzee_50() {
            self.yahtzee_bonus
        } else {
            0
        };
        let (next, upper_bonus) = self.place(state, b, score);
        Move {
            box_index: b,
            score,
            upper_bonus,
            yahtzee_bonus,
            next,
        }
    }

    /// A smaller game under the same rules: only `boxes` (in that order), upper bonus at
    /// `upper_threshold`. For tests that check the solver against a plain reference on a game
    /// small enough for it; the rule set lives for the rest of the program.
    ///
    /// Its name is `<rules>:<box>,<box>,...@<threshold>` (`forced:ones,twos,yahtzee,chance@6`),
    /// which [`RuleSet::named`] reads back, so a reduced game is a rule set like any other to
    /// every front end and table file (the reproduction script and the numerical-error
    /// study solve them from the CLI). Made once per name; its expected value is unknown
    /// (NaN) until solved.
    pub fn reduced(&self, boxes: &[Category], upper_threshold: u32) -> &'static RuleSet {
        let list: Vec<&str> = boxes.iter().map(|c| c.name()).collect();
        let name = format!("{}:{}@{upper_threshold}", self.name, list.join(","));
        made_once(name, |name| RuleSet {
            description: Box::leak(
                format!("{}, reduced to {} boxes", self.description, boxes.len()).into_boxed_str(),
            ),
            name,
            boxes: Box::leak(boxes.to_vec().into_boxed_slice()),
            upper_threshold,
            expected_value: f64::NAN,
            reference_value: None,
            scores: OnceLock::new(),
            ..*self
        })
    }

    /// Whether this is a reduced game ([`RuleSet::reduced`]).
    pub fn is_reduced(&self) -> bool {
        self.name.contains(':')
    }

    /// A reduced game's name read back: `<base rule set>:<box>,...[@<threshold>]`, the boxes
    /// by their canonical names, distinct and on the base's card, the threshold at most
    /// 63 (default: the base's). Base rule sets only: house rules assume boxes a reduced
    /// card may lack.
    fn reduced_by_name(name: &str) -> Option<&'static RuleSet> {
        let (base, rest) = name.split_once(':')?;
        let base = RULE_SETS.iter().find(|r| r.name == base)?;
        let (list, threshold) = match rest.split_once('@') {
            Some((list, t)) => (list, t.parse::<u32>().ok().filter(|t| *t <= UPPER_CAP)?),
            None => (rest, base.upper_threshold),
        };
        let mut boxes = Vec::new();
        for word in list.split(',') {
            let c = base.boxes.iter().copied().find(|c| c.name() == word)?;
            if boxes.contains(&c) {
                return None;
            }
            boxes.push(c);
        }
        may_make(name).then(|| base.reduced(&boxes, threshold))
    }

    fn score_table(&self) -> &[Vec<u8>] {
        self.scores.get_or_init(|| {
            self.boxes
                .iter()
                .map(|&c| {
                    (0..ROLLS)
                        .map(|r| self.score_uncached(c, &tables().keep(r)) as u8)
                        .collect()
                })
                .collect()
        })
    }

    /// Number of boxes on the card.
    #[inline]
    pub fn box_count(&self) -> usize {
        self.boxes.len()
    }

    /// Position of a box on this card, if the game has it.
    pub fn box_index(&self, c: Category) -> Option<usize> {
        self.boxes.iter().position(|&b| b == c)
    }

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

    /// Normal score of box `c` for `dice` (five dice), with no Joker.
    pub fn score(&self, c: Category, dice: &Dice) -> u32 {
        match self.box_index(c) {
            Some(b) if dice.len() == 5 => u32::from(self.score_table()[b][dice.index()]),
            _ => self.score_uncached(c, dice),
        }
    }

    /// Normal score of box index `b` for roll index `r`, from the precomputed table.
    #[inline]
    pub fn score_of_roll(&self, b: usize, r: usize) -> u32 {
        u32::from(self.score_table()[b][r])
    }

    fn score_uncached(&self, c: Category, dice: &Dice) -> u32 {
        if let Some(f) = c.upper_face() {
            return u32::from(f) * u32::from(dice.count(f));
        }
        let counts = dice.counts();
        let max_count = counts.iter().copied().max().unwrap_or(0);
        let has_run = |from: usize, len: usize| (from..from + len).all(|f| counts[f] > 0);
        let full_house = counts.contains(&3) && counts.contains(&2);
        // Faces showing at least `n` times, highest first.
        let with = |n: u8| {
            (1..=6u32)
                .rev()
                .filter(move |&f| counts[f as usize - 1] >= n)
        };
        let of_a_kind = |n: u8| with(n).next().map_or(0, |f| f * u32::from(n));
        match (self.style, c) {
            (_, Category::Chance) => dice.sum(),
            (_, Category::Yahtzee) if max_count == 5 => 50,
            (_, Category::OnePair) => of_a_kind(2),
            (_, Category::TwoPairs) => {
                // Two different faces: four of a kind is one face, not two pairs.
                let pairs: Vec<u32> = with(2).collect();
                if pairs.len() == 2 {
                    2 * (pairs[0] + pairs[1])
                } else {
                    0
                }
            }
            (Style::Yatzy, Category::ThreeOfAKind) => of_a_kind(3),
            (Style::Yatzy, Category::FourOfAKind) => of_a_kind(4),
            (Style::Yatzy, Category::SmallStraight) if counts == [1, 1, 1, 1, 1, 0] => 15,
            (Style::Yatzy, Category::LargeStraight) if counts == [0, 1, 1, 1, 1, 1] => 20,
            (Style::Yatzy, Category::FullHouse) if full_house => dice.sum(),
            (Style::Yahtzee, Category::ThreeOfAKind) if max_count >= 3 => dice.sum(),
            (Style::Yahtzee, Category::FourOfAKind) if max_count >= 4 => dice.sum(),
            (Style::Yahtzee, Category::FullHouse) if full_house => 25,
            (Style::Yahtzee, Category::SmallStraight) if (0..3).any(|f| has_run(f, 4)) => 30,
            (Style::Yahtzee, Category::LargeStraight) if (0..2).any(|f| has_run(f, 5)) => 40,
            _ => 0,
        }
    }

    /// Scores a Joker gets in a lower box (full value for the fixed-score boxes).
    fn joker_score(&self, c: Category, dice: &Dice) -> u32 {
        match c {
            Category::FullHouse => 25,
            Category::SmallStraight => 30,
            Category::LargeStraight => 40,
            _ => self.score(c, dice),
        }
    }

    /// True when every box of the card is filled.
    #[inline]
    pub fn is_full(&self, state: State) -> bool {
        state.filled().count_ones() as usize == self.box_count()
    }

    /// True when writing `dice` in box `b` from `state` uses a Joker: an extra Yahtzee put in
    /// a lower box under a Joker rule (what the statistics count as "Jokers applied").
    pub fn is_joker(&self, state: State, dice: &Dice, b: usize) -> bool {
        self.joker != Joker::None
            && self.boxes[b].upper_face().is_none()
            && self.is_extra_yahtzee(state, dice)
    }

    /// House rule "fool-house": the Full House box, when `dice` must be scored there at
    /// once in `state` (the rule is on, Full House is open and the dice are a natural full
    /// house, which a five of a kind is not).
    pub fn forced_full_house(&self, state: State, dice: &Dice) -> Option<usize> {
        self.full_house_forcing(state)
            .filter(|_| dice.len() == 5 && dice.is_natural_full_house())
    }

    /// House rule "fool-house": the Full House box, when a natural full house rolled in
    /// `state` must be scored there (the rule is on and the box is open).
    pub fn full_house_forcing(&self, state: State) -> Option<usize> {
        self.box_index(Category::FullHouse)
            .filter(|&b| self.house.fool_house && !state.is_filled(b))
    }

    /// True when `dice` is an extra Yahtzee in `state`: five of a kind with the Yahtzee box
    /// already filled.
    pub fn is_extra_yahtzee(&self, state: State, dice: &Dice) -> bool {
        dice.five_of_a_kind().is_some()
            && self
                .box_index(Category::Yahtzee)
                .is_some_and(|y| state.is_filled(y))
    }

    /// Calls `f` with every legal move for final dice `dice` in `state`, in card order.
    /// Applies the Joker rule, the extra-Yahtzee bonus and the "fool-house" house rule. Nothing is called when the card is
    /// full.
    pub fn for_each_move(&self, state: State, dice: &Dice, mut f: impl FnMut(Move)) {
        let extra = self.is_extra_yahtzee(state, dice);
        let bonus = if extra && state.yahtzee_50() {
            self.yahtzee_bonus
        } else {
            0
        };
        let open = (0..self.box_count()).filter(|&b| !state.is_filled(b));
        let mut emit = |b: usize, score: u32| {
            let (next, upper_bonus) = self.place(state, b, score);
            f(Move {
                box_index: b,
                score,
                upper_bonus,
                yahtzee_bonus: bonus,
                next,
            });
        };
        if let Some(b) = self.forced_full_house(state, dice) {
            return emit(b, self.score(self.boxes[b], dice));
        }
        let face = dice.five_of_a_kind().unwrap_or(1);
        match (extra, self.joker) {
            (true, Joker::Forced) => {
                let upper = self.box_index(Category::upper_for(face));
                let is_lower = |b: usize| self.boxes[b].upper_face().is_none();
                if let Some(u) = upper.filter(|&u| !state.is_filled(u)) {
                    emit(u, self.score(self.boxes[u], dice));
                } else if open.clone().any(is_lower) {
                    for b in open.filter(|&b| is_lower(b)) {
                        emit(b, self.joker_score(self.boxes[b], dice));
                    }
                } else {
                    for b in open {
                        emit(b, self.score(self.boxes[b], dice));
                    }
                }
            }
            (true, Joker::Original1956) => {
                let is_lower = |b: usize| self.boxes[b].upper_face().is_none();
                if open.clone().any(is_lower) {
                    for b in open.filter(|&b| is_lower(b)) {
                        emit(b, self.joker_score(self.boxes[b], dice));
                    }
                } else {
                    for b in open {
                        emit(b, self.score(self.boxes[b], dice));
                    }
                }
            }
            (true, Joker::FreeChoice) => {
                let upper_filled = self
                    .box_index(Category::upper_for(face))
                    .is_none_or(|u| state.is_filled(u));
                for b in open {
                    let c = self.boxes[b];
                    let score = if upper_filled {
                        self.joker_score(c, dice)
                    } else {
                        self.score(c, dice)
                    };
                    emit(b, score);
                }
            }
            _ => {
                for b in open {
                    emit(b, self.score(self.boxes[b], dice));
                }
            }
        }
    }

    /// Writes `score` in box `b`: returns the next state and the upper bonus earned (if this
    /// move lifts the upper total to the threshold).
    #[inline]
    pub fn place(&self, state: State, b: usize, score: u32) -> (State, u32) {
        let c = self.boxes[b];
        let mut upper = u32::from(state.upper());
        let mut bonus = 0;
        if c.upper_face().is_some() {
            let new = upper + score;
            if upper < self.upper_threshold && new >= self.upper_threshold {
                bonus = self.upper_bonus;
            }
            upper = new.min(UPPER_CAP);
        }
        let flag =
            state.yahtzee_50() || (c == Category::Yahtzee && score == 50 && self.yahtzee_bonus > 0);
        let next = State::new(state.filled() | 1 << b, upper as u8, flag)
            .with_mulligan_used(state.mulligan_used())
            .with_mega_used(state.mega_used());
        (next, bonus)
    }

    /// Bitmask of the capped upper totals (0..=63) reachable with these boxes filled.
    pub fn reachable_upper(&self, filled: u32) -> u64 {
        let mut reach: u64 = 1;
        for (b, c) in self.boxes.iter().enumerate() {
            let Some(face) = c.upper_face().filter(|_| filled >> b & 1 == 1) else {
                continue;
            };
            let mut next = 0u64;
            for n in 0..=5u32 {
                let add = u32::from(face) * n;
                for t in 0..64u32 {
                    if reach >> t & 1 == 1 {
                        next |= 1 << (t + add).min(UPPER_CAP);
                    }
                }
            }
            reach = next;
        }
        reach
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

impl fmt::Display for RuleSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)
    }
}

impl PartialEq for RuleSet {
    fn eq(&self, other: &RuleSet) -> bool {
        self.name == other.name
    }
}

impl Eq for RuleSet {}
