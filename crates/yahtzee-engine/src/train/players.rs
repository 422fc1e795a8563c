//! The players a puzzle is set against and a test is taken by, each choosing among a
//! position's ranked options: random, greedy and optimal.

use serde::Serialize;
use yahtzee_advice::{Report, ReportOption};
use yahtzee_rules::{Category, Dice, Scorecard};

/// A reference player (the `player` of a puzzle's trap and of a test's scores).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Player {
    /// Every option alike: its score is the mean loss over the options.
    Random,
    /// The learning environments' greedy baseline (`yahtzee.baselines.greedy_actions`):
    /// while rolls are left, keep the dice of the most common face (the higher face on a
    /// tie); after the last roll, the box worth the most points now (box, upper bonus,
    /// Yahtzee bonus; the first in card order on a tie). It never spends the mulligan,
    /// takes chance-chance or takes the sixth die.
    Greedy,
    /// The table's best option.
    Optimal,
}

impl Player {
    pub const ALL: [Player; 3] = [Player::Random, Player::Greedy, Player::Optimal];

    pub fn name(self) -> &'static str {
        match self {
            Player::Random => "random",
            Player::Greedy => "greedy",
            Player::Optimal => "optimal",
        }
    }

    /// This player's expected loss on a position whose options `report` ranks, played
    /// from `card`.
    pub fn loss(self, card: &Scorecard, report: &Report) -> f64 {
        match self {
            Player::Random => {
                report.options.iter().map(|o| o.loss).sum::<f64>() / report.options.len() as f64
            }
            Player::Greedy => report.options[greedy_choice(card, report)].loss,
            Player::Optimal => 0.0,
        }
    }
}

/// The index in `report` of the option the greedy player takes ([`Player::Greedy`]).
pub fn greedy_choice(card: &Scorecard, report: &Report) -> usize {
    let plain = |o: &ReportOption| !o.mulligan && !o.chance_chance && o.sixth_die.is_none();
    if report.rolls_left > 0 {
        let dice = Dice::from_faces_up_to(&report.dice, yahtzee_rules::MEGA_DICE)
            .expect("a report's dice are dice");
        let face = (1..=6u8)
            .max_by_key(|&f| (dice.count(f), f))
            .expect("six faces");
        let keep = vec![face; usize::from(dice.count(face))];
        if let Some(i) = report
            .options
            .iter()
            .position(|o| plain(o) && o.keep.as_ref() == Some(&keep))
        {
            return i;
        }
        // No such keep (a natural full house that must be scored): score.
    }
    let points = |o: &ReportOption| points_now(card, o);
    let mut best: Option<(usize, u32, usize)> = None; // (option, points, box)
    for (i, o) in report.options.iter().enumerate() {
        let Some(category) = o.category.filter(|_| plain(o)) else {
            continue;
        };
        let b = card
            .rules()
            .box_index(Category::from_name(category).expect("a report names its boxes"))
            .expect("a box of the rules");
        let p = points(o);
        if best.is_none_or(|(_, bp, bb)| p > bp || (p == bp && b < bb)) {
            best = Some((i, p, b));
        }
    }
    best.map_or(0, |(i, _, _)| i)
}

/// The points a box option writes now: the score, the upper bonus it completes and the
/// extra-Yahtzee bonus (as the environments' `action_points`).
fn points_now(card: &Scorecard, o: &ReportOption) -> u32 {
    let rules = card.rules();
    let score = o.score.unwrap_or(0);
    let category = o.category.and_then(Category::from_name);
    let upper = category.is_some_and(|c| c.upper_face().is_some());
    let before = card.upper_total();
    let bonus = if upper
        && rules.upper_bonus > 0
        && before < rules.upper_threshold
        && before + score >= rules.upper_threshold
    {
        rules.upper_bonus
    } else {
        0
    };
    score + bonus + o.yahtzee_bonus
}
