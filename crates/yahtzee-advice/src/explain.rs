//! Why one option beats another, in the boxes and bonuses a player thinks in: where an
//! option's expected final total comes from (each box's expected final score, the chance
//! of the upper bonus, the expected bonuses), and the parts that differ most from the best
//! option's, in words ("upper bonus 61% instead of 68%, Threes -0.4, Yahtzee 31% instead of
//! 34%"). The parts come from the companion table (`yahtzee_stats::companion`).

use serde::Serialize;
use yahtzee_rules::{RuleSet, Scorecard};

/// Where an option's expected final total comes from (the `explain` object of
/// `yahtzee advise --explain --json`): final values, the card's points included.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Explain {
    /// Each box, in card order.
    pub boxes: Vec<BoxPart>,
    /// The chance of the upper bonus (1 once it is on the card).
    pub upper_bonus: f64,
    /// The expected extra-Yahtzee bonus points at the end (those on the card included).
    pub yahtzee_bonus: f64,
    /// House rule "mega-yahtzee": the expected Mega bonus points at the end.
    #[serde(skip_serializing_if = "is_zero")]
    pub mega_bonus: f64,
    /// Against the best option: the parts that differ most, in words (empty for the best).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub why: Vec<String>,
    /// The best option only: where its total comes from, in words ([`Explain::words`], as
    /// `advise --explain` prints them); empty for the others.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub words: Vec<String>,
}

/// One box's part of an [`Explain`].
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BoxPart {
    /// Its name on the command line and in the JSON (`full_house`).
    #[serde(rename = "box")]
    pub name: &'static str,
    /// Its name on the card (`Full House`), for words.
    #[serde(skip)]
    pub label: &'static str,
    /// Its expected final score.
    pub points: f64,
    /// A box that scores one value or nothing (Full House, the straights, Yahtzee): the
    /// chance it is scored.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chance: Option<f64>,
}

fn is_zero(x: &f64) -> bool {
    *x == 0.0
}

/// Differences smaller than this many points are not worth a word.
const NOTICED: f64 = 0.005;

/// Parts named in a `why`, at most.
const NAMED: usize = 3;

impl Explain {
    /// The final values from an option's `parts` (the boxes, the upper bonus chance, the
    /// extra-Yahtzee and Mega bonus points still to come, as the companion table holds
    /// them) and what `card` holds already.
    pub fn new(card: &Scorecard, parts: &[f64]) -> Explain {
        let rules = card.rules();
        let n = rules.box_count();
        let boxes = (0..n)
            .map(|b| {
                let c = rules.boxes[b];
                let points = parts[b] + f64::from(card.score(c).unwrap_or(0));
                BoxPart {
                    name: c.name(),
                    label: c.label(),
                    points,
                    chance: fixed_value(rules, b).map(|v| points / f64::from(v)),
                }
            })
            .collect();
        let earned = card.upper_total() >= rules.upper_threshold && rules.upper_bonus > 0;
        Explain {
            boxes,
            upper_bonus: if earned { 1.0 } else { parts[n] },
            yahtzee_bonus: parts[n + 1] + f64::from(card.yahtzee_bonus()),
            mega_bonus: parts[n + 2] + f64::from(card.mega_bonus()),
            why: Vec::new(),
            words: Vec::new(),
        }
    }

    /// The expected final total these parts make.
    pub fn total(&self, rules: &RuleSet) -> f64 {
        self.boxes.iter().map(|b| b.points).sum::<f64>()
            + self.upper_bonus * f64::from(rules.upper_bonus)
            + self.yahtzee_bonus
            + self.mega_bonus
    }

    /// The parts in words, as `advise --explain` prints the best option's: each box's
    /// expected final score ("Threes 8.9"; a box that scores one value as its chance,
    /// "Full House 91%"), the chance of the upper bonus, the expected bonus points.
    pub fn parts_in_words(&self) -> Vec<String> {
        let mut parts: Vec<String> = self
            .boxes
            .iter()
            .map(|b| match b.chance {
                Some(p) => format!("{} {:.0}%", b.label, 100.0 * p),
                None => format!("{} {:.1}", b.label, b.points),
            })
            .collect();
        parts.push(format!("upper bonus {:.0}%", 100.0 * self.upper_bonus));
        if self.yahtzee_bonus > 0.0 {
            parts.push(format!("Yahtzee bonus {:.1}", self.yahtzee_bonus));
        }
        if self.mega_bonus > 0.0 {
            parts.push(format!("Mega bonus {:.1}", self.mega_bonus));
        }
        parts
    }

    /// The parts as `yahtzee stats --means` prints them: each box's expected final score
    /// (and the chance of a box that scores one value), the bonuses, the total.
    pub fn table_text(&self, rules: &RuleSet) -> String {
        let mut out = format!("{:<18} {:>10} {:>9}\n", "", "expected", "chance");
        for b in &self.boxes {
            let chance = b
                .chance
                .map_or(String::new(), |p| format!("{:.4}%", 100.0 * p));
            let line = format!("{:<18} {:>10.4} {chance:>9}", b.name, b.points);
            out += line.trim_end();
            out.push('\n');
        }
        let bonus = self.upper_bonus * f64::from(rules.upper_bonus);
        let chance = format!("{:.4}%", 100.0 * self.upper_bonus);
        out += &format!("{:<18} {bonus:>10.4} {chance:>9}\n", "upper bonus");
        for (name, x) in [
            ("yahtzee bonus", self.yahtzee_bonus),
            ("mega bonus", self.mega_bonus),
        ] {
            if x > 0.0 {
                out += &format!("{name:<18} {x:>10.4}\n");
            }
        }
        out + &format!("{:<18} {:>10.4}\n", "total", self.total(rules))
    }

    /// The parts that differ most from `best`'s (by the points they move), in words: a box
    /// that scores one value as its chance, the upper bonus as its chance, the others in
    /// points.
    pub fn against(&self, best: &Explain, rules: &RuleSet) -> Vec<String> {
        let pct = |p: f64| format!("{:.0}%", 100.0 * p);
        // Two chances that round alike get a decimal more (31.6% instead of 32.1%).
        let pcts = |x: f64, y: f64| match (pct(x), pct(y)) {
            (a, b) if a != b => format!("{a} instead of {b}"),
            _ => format!("{:.1}% instead of {:.1}%", 100.0 * x, 100.0 * y),
        };
        let mut diffs: Vec<(f64, String)> = self
            .boxes
            .iter()
            .zip(&best.boxes)
            .map(|(a, b)| {
                let words = match (a.chance, b.chance) {
                    (Some(x), Some(y)) => format!("{} {}", a.label, pcts(x, y)),
                    _ => format!("{} {:+.1}", a.label, a.points - b.points),
                };
                (a.points - b.points, words)
            })
            .collect();
        if rules.upper_bonus > 0 {
            let d = (self.upper_bonus - best.upper_bonus) * f64::from(rules.upper_bonus);
            let words = format!("upper bonus {}", pcts(self.upper_bonus, best.upper_bonus));
            diffs.push((d, words));
        }
        for (name, a, b) in [
            ("Yahtzee bonus", self.yahtzee_bonus, best.yahtzee_bonus),
            ("Mega bonus", self.mega_bonus, best.mega_bonus),
        ] {
            diffs.push((a - b, format!("{name} {:+.1}", a - b)));
        }
        diffs.retain(|(d, _)| d.abs() >= NOTICED);
        // The largest moves first; equal ones in card order (a stable sort).
        diffs.sort_by(|a, b| b.0.abs().total_cmp(&a.0.abs()));
        diffs.into_iter().take(NAMED).map(|(_, w)| w).collect()
    }
}

/// The one value box `b` scores when it scores (Full House 25, the straights, Yahtzee 50),
/// or `None` for a box whose score varies with the dice.
fn fixed_value(rules: &RuleSet, b: usize) -> Option<u32> {
    match yahtzee_rules::possible_scores(rules, b)[..] {
        [0, v] => Some(v),
        _ => None,
    }
}
