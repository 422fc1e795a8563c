//! The rule sets there are: the five base ones, each with every combination of house rules
//! (with their solved expected values), the names players give them ([`ALIASES`]), and
//! those made on demand from a name (another Mega bonus, a reduced game), bounded by
//! [`MADE_LIMIT`]. A name that is none of them is an [`UnknownRules`] with suggestions.

use std::fmt;
use std::sync::{LazyLock, OnceLock};

use super::house::{House, DEFAULT_MEGA_BONUS};
use super::rule_set::{Joker, RuleSet, RulesId, Style};
use crate::category::Category;
use crate::state::UPPER_CAP;

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
}
