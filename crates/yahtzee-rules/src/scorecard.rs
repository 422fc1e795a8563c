//! A player's scorecard as typed on the command line, validated against the rules.

use std::collections::BTreeMap;

use thiserror::Error;

use crate::category::Category;
use crate::dice::ROLLS;
use crate::rules::RuleSet;
use crate::state::State;

/// Why a scorecard was refused.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum ScorecardError {
    #[error("unknown box '{0}' (boxes: {1})")]
    UnknownBox(String, String),
    #[error("box '{0}' is given twice")]
    Duplicate(&'static str),
    #[error("'{0}' is not of the form box=score")]
    Syntax(String),
    #[error("'{1}' is not a score for {0}")]
    NotANumber(&'static str, String),
    #[error("{0} can never hold {1} (possible: {2})")]
    Impossible(&'static str, u32, String),
    #[error("yahtzee_bonus must be a multiple of {0}, got {1}")]
    BonusNotMultiple(u32, u32),
    #[error("yahtzee_bonus {0} needs yahtzee=50 on the card")]
    BonusWithoutYahtzee(u32),
    #[error("yahtzee_bonus {0} means {1} extra Yahtzees, but only {2} other turns were played")]
    TooManyBonuses(u32, u32, u32),
    #[error("these rules have no Yahtzee bonus")]
    NoBonusInRules,
    #[error("mulligan={0}: say mulligan=used or mulligan=unused")]
    MulliganValue(String),
    #[error("these rules have no mulligan (add the house rule: --house mulligan)")]
    NoMulliganInRules,
    #[error("the mulligan cannot be used before the first box is filled")]
    MulliganTooEarly,
    #[error("mega={0}: say mega=used or mega=unused")]
    MegaValue(String),
    #[error("these rules have no sixth die (add the house rule: --house mega-yahtzee)")]
    NoMegaInRules,
    #[error("the sixth die cannot be used before the first box is filled")]
    MegaTooEarly,
    #[error("mega_bonus must be 0 or {0} (and needs mega=used), got {1}")]
    MegaBonus(u32, u32),
}

/// Scores written on a card, plus the extra-Yahtzee bonus points earned so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scorecard {
    rules: &'static RuleSet,
    scores: BTreeMap<usize, u32>,
    yahtzee_bonus: u32,
    /// House rule "mulligan": the once-per-game fourth roll has been spent.
    mulligan_used: bool,
    /// House rule "mega-yahtzee": the sixth die has been used, and the Mega bonus earned.
    mega_used: bool,
    mega_bonus: u32,
}

const BONUS_NAMES: [&str; 4] = ["yahtzee_bonus", "yb", "bonus_yahtzee", "yahtzee_bonuses"];

impl Scorecard {
    /// An empty card.
    pub fn new(rules: &'static RuleSet) -> Scorecard {
        Scorecard {
            rules,
            scores: BTreeMap::new(),
            yahtzee_bonus: 0,
            mulligan_used: false,
            mega_used: false,
            mega_bonus: 0,
        }
    }

    /// Parses `"ones=3 twos=6 yahtzee=50 yahtzee_bonus=100"` (spaces or commas between
    /// entries; box names or aliases; `:` also accepted for `=`). Every score must be one the
    /// box can hold under these rules. Under the mulligan house rule, `mulligan=used` says
    /// the once-per-game fourth roll is spent; under "mega-yahtzee", `mega=used` says the
    /// sixth die is (and `mega_bonus=N` the Mega bonus earned with it).
    pub fn parse(rules: &'static RuleSet, text: &str) -> Result<Scorecard, ScorecardError> {
        let mut card = Scorecard::new(rules);
        let mut bonus = None;
        let mut mulligan = None;
        let mut mega = None;
        let mut mega_bonus = None;
        for entry in text
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|e| !e.is_empty())
        {
            let (name, value) = entry
                .split_once(['=', ':'])
                .ok_or_else(|| ScorecardError::Syntax(entry.to_string()))?;
            if BONUS_NAMES.contains(&name.trim().to_ascii_lowercase().as_str()) {
                if bonus.is_some() {
                    return Err(ScorecardError::Duplicate("yahtzee_bonus"));
                }
                let v = value
                    .trim()
                    .parse()
                    .map_err(|_| ScorecardError::NotANumber("yahtzee_bonus", value.to_string()))?;
                bonus = Some(v);
                continue;
            }
            let key = name.trim().to_ascii_lowercase();
            let used = match key.as_str() {
                "mulligan" => Some((
                    &mut mulligan,
                    "mulligan",
                    ScorecardError::MulliganValue as fn(_) -> _,
                )),
                "mega" => Some((&mut mega, "mega", ScorecardError::MegaValue as fn(_) -> _)),
                _ => None,
            };
            if let Some((slot, name, bad)) = used {
                if slot.is_some() {
                    return Err(ScorecardError::Duplicate(name));
                }
                *slot = Some(match value.trim().to_ascii_lowercase().as_str() {
                    "used" | "yes" | "1" | "true" => true,
                    "unused" | "no" | "0" | "false" => false,
                    _ => return Err(bad(value.to_string())),
                });
                continue;
            }
            if key == "mega_bonus" {
                if mega_bonus.is_some() {
                    return Err(ScorecardError::Duplicate("mega_bonus"));
                }
                let v = value
                    .trim()
                    .parse()
                    .map_err(|_| ScorecardError::NotANumber("mega_bonus", value.to_string()))?;
                mega_bonus = Some(v);
                continue;
            }
            let (b, c) = card.find_box(name)?;
            if card.scores.contains_key(&b) {
                return Err(ScorecardError::Duplicate(c.name()));
            }
            let score = value
                .trim()
                .parse()
                .map_err(|_| ScorecardError::NotANumber(c.name(), value.to_string()))?;
            card.set(b, score)?;
        }
        if let Some(v) = bonus {
            card.set_yahtzee_bonus(v)?;
        }
        if let Some(used) = mulligan {
            card.set_mulligan_used(used)?;
        }
        if let Some(used) = mega {
            card.set_mega_used(used)?;
        }
        if let Some(points) = mega_bonus {
            card.set_mega_bonus(points)?;
        }
        Ok(card)
    }

    /// Records whether the sixth die (house rule "mega-yahtzee") has been used.
    pub fn set_mega_used(&mut self, used: bool) -> Result<(), ScorecardError> {
        if !self.rules.house.mega_yahtzee {
            return Err(ScorecardError::NoMegaInRules);
        }
        if used && self.scores.is_empty() {
            return Err(ScorecardError::MegaTooEarly);
        }
        if !used && self.mega_bonus > 0 {
            return Err(ScorecardError::MegaBonus(
                self.rules.mega_bonus,
                self.mega_bonus,
            ));
        }
        self.mega_used = used;
        Ok(())
    }

    /// Records the Mega bonus earned (0, or the rules' bonus once the sixth die is used).
    pub fn set_mega_bonus(&mut self, points: u32) -> Result<(), ScorecardError> {
        let ok = points == 0
            || (self.rules.house.mega_yahtzee && self.mega_used && points == self.rules.mega_bonus);
        if !ok {
            return Err(ScorecardError::MegaBonus(self.rules.mega_bonus, points));
        }
        self.mega_bonus = points;
        Ok(())
    }

    /// Takes the sixth die at the start of a turn (house rule "mega-yahtzee"; the rules
    /// must have it). Unlike [`Scorecard::set_mega_used`] this is allowed on the first turn.
    pub fn spend_mega(&mut self) {
        debug_assert!(self.rules.house.mega_yahtzee);
        self.mega_used = true;
    }

    /// Adds the Mega bonus, earned by six of a kind on the sixth-die turn.
    pub fn earn_mega_bonus(&mut self) {
        debug_assert!(self.mega_used);
        self.mega_bonus = self.rules.mega_bonus;
    }

    /// True when the sixth die (house rule "mega-yahtzee") has been used.
    pub fn mega_used(&self) -> bool {
        self.mega_used
    }

    /// The Mega bonus earned so far (house rule "mega-yahtzee").
    pub fn mega_bonus(&self) -> u32 {
        self.mega_bonus
    }

    /// Records whether the mulligan (house rule) has been spent.
    pub fn set_mulligan_used(&mut self, used: bool) -> Result<(), ScorecardError> {
        if !self.rules.house.mulligan {
            return Err(ScorecardError::NoMulliganInRules);
        }
        if used && self.scores.is_empty() {
            return Err(ScorecardError::MulliganTooEarly);
        }
        self.mulligan_used = used;
        Ok(())
    }

    /// Spends the mulligan during a turn (house rule; the rules must have it). Unlike
    /// [`Scorecard::set_mulligan_used`] this is allowed on the first turn, mid-turn.
    pub fn spend_mulligan(&mut self) {
        debug_assert!(self.rules.house.mulligan);
        self.mulligan_used = true;
    }

    /// True when the mulligan (house rule) has been spent.
    pub fn mulligan_used(&self) -> bool {
        self.mulligan_used
    }

    fn find_box(&self, name: &str) -> Result<(usize, Category), ScorecardError> {
        Category::from_name(name)
            .and_then(|c| self.rules.box_index(c).map(|b| (b, c)))
            .ok_or_else(|| {
                let names: Vec<_> = self.rules.boxes.iter().map(|c| c.name()).collect();
                ScorecardError::UnknownBox(name.to_string(), names.join(" "))
            })
    }

    /// Writes `score` in box `b`, checking that the box can hold it ([`card_scores`]).
    pub fn set(&mut self, b: usize, score: u32) -> Result<(), ScorecardError> {
        let c = self.rules.boxes[b];
        let possible = card_scores(self.rules, b);
        if !possible.contains(&score) {
            let list: Vec<String> = possible.iter().map(u32::to_string).collect();
            return Err(ScorecardError::Impossible(c.name(), score, list.join(" ")));
        }
        self.scores.insert(b, score);
        Ok(())
    }

    /// Records extra-Yahtzee bonus points already earned (a multiple of the bonus).
    pub fn set_yahtzee_bonus(&mut self, points: u32) -> Result<(), ScorecardError> {
        let unit = self.rules.yahtzee_bonus;
        if points == 0 {
            self.yahtzee_bonus = 0;
            return Ok(());
        }
        if unit == 0 {
            return Err(ScorecardError::NoBonusInRules);
        }
        if !points.is_multiple_of(unit) {
            return Err(ScorecardError::BonusNotMultiple(unit, points));
        }
        let y = self.rules.box_index(Category::Yahtzee);
        if y.and_then(|y| self.scores.get(&y)) != Some(&50) {
            return Err(ScorecardError::BonusWithoutYahtzee(points));
        }
        // Each extra Yahtzee was scored in some box after the Yahtzee box was filled.
        let others = self.scores.len() as u32 - 1;
        if points / unit > others {
            return Err(ScorecardError::TooManyBonuses(
                points,
                points / unit,
                others,
            ));
        }
        self.yahtzee_bonus = points;
        Ok(())
    }

    /// The rules this card is played under.
    pub fn rules(&self) -> &'static RuleSet {
        self.rules
    }

    /// The score in a box, if filled.
    pub fn score(&self, c: Category) -> Option<u32> {
        self.rules
            .box_index(c)
            .and_then(|b| self.scores.get(&b).copied())
    }

    /// Sum of the upper boxes (not capped).
    pub fn upper_total(&self) -> u32 {
        self.scores
            .iter()
            .filter(|(&b, _)| self.rules.boxes[b].upper_face().is_some())
            .map(|(_, &s)| s)
            .sum()
    }

    /// Extra-Yahtzee bonus points earned so far.
    pub fn yahtzee_bonus(&self) -> u32 {
        self.yahtzee_bonus
    }

    /// Points on the card now: the boxes, the upper bonus if reached, the Yahtzee bonuses
    /// and the Mega bonus.
    pub fn total(&self) -> u32 {
        let boxes: u32 = self.scores.values().sum();
        let upper_bonus = if self.upper_total() >= self.rules.upper_threshold {
            self.rules.upper_bonus
        } else {
            0
        };
        boxes + upper_bonus + self.yahtzee_bonus + self.mega_bonus
    }

    /// True when every box is filled.
    pub fn is_full(&self) -> bool {
        self.scores.len() == self.rules.box_count()
    }

    /// The solver state of this card.
    pub fn state(&self) -> State {
        let filled = self.scores.keys().fold(0u32, |m, &b| m | 1 << b);
        let y50 = self.rules.yahtzee_bonus > 0 && self.score(Category::Yahtzee) == Some(50);
        State::new(filled, self.upper_total().min(63) as u8, y50)
            .with_mulligan_used(self.mulligan_used)
            .with_mega_used(self.mega_used)
    }

    /// Filled boxes with their scores, in card order.
    pub fn entries(&self) -> impl Iterator<Item = (Category, u32)> + '_ {
        self.scores.iter().map(|(&b, &s)| (self.rules.boxes[b], s))
    }

    /// The card in [`Scorecard::parse`]'s syntax, which reads it back the same:
    /// `"ones=3 yahtzee=50 yahtzee_bonus=100 mulligan=used mega=used mega_bonus=1000"`.
    pub fn text(&self) -> String {
        let mut parts: Vec<String> = self
            .entries()
            .map(|(c, s)| format!("{}={s}", c.name()))
            .collect();
        if self.yahtzee_bonus() > 0 {
            parts.push(format!("yahtzee_bonus={}", self.yahtzee_bonus()));
        }
        if self.mulligan_used() {
            parts.push("mulligan=used".into());
        }
        if self.mega_used() {
            parts.push("mega=used".into());
        }
        if self.mega_bonus() > 0 {
            parts.push(format!("mega_bonus={}", self.mega_bonus()));
        }
        parts.join(" ")
    }
}

/// Every score box `b` can ever hold under these rules, ascending. Joker scores add nothing
/// new: a fixed-score box's full value and the sum of a five of a kind already occur.
pub fn possible_scores(rules: &RuleSet, b: usize) -> Vec<u32> {
    let mut v: Vec<u32> = (0..ROLLS).map(|r| rules.score_of_roll(b, r)).collect();
    v.push(0);
    v.sort_unstable();
    v.dedup();
    v
}

/// The scores a card may show in box `b`, ascending: [`possible_scores`] without 0 where
/// no roll scores 0 (Chance: its least is 1-1-1-1-1, 5).
pub fn card_scores(rules: &RuleSet, b: usize) -> Vec<u32> {
    let zero = (0..ROLLS).any(|r| rules.score_of_roll(b, r) == 0);
    let mut scores = possible_scores(rules, b);
    scores.retain(|&s| s > 0 || zero);
    scores
}
