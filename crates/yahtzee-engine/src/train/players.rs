//! The players a puzzle is set against and a test is taken by, each choosing among a
//! position's ranked options: random, greedy and optimal.

use serde::Serialize;
use yahtzee_advice::{FinalChoice, Report, ReportOption, Strategy};
use yahtzee_rules::{mega_tables, tables, Category, Dice, RuleSet, Scorecard, State, MEGA_DICE};
use yahtzee_solver::Values;

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
    /// Plays each turn for its own points: the most points this turn is expected to write
    /// (box, upper bonus, Yahtzee bonus), as if the game ended with it, played exactly (the
    /// kernel's turn over a table of zeros); ties to the first option, as the table's.
    Myopic,
    /// The table's best option.
    Optimal,
}

impl Player {
    pub const ALL: [Player; 4] = [
        Player::Random,
        Player::Greedy,
        Player::Myopic,
        Player::Optimal,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Player::Random => "random",
            Player::Greedy => "greedy",
            Player::Myopic => "myopic",
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
            Player::Myopic => report.options[myopic_choice(card, report)].loss,
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

/// No points after this turn: the values the myopic player plays against.
struct NothingLater;

impl Values for NothingLater {
    fn value(&self, _: &RuleSet, _: State) -> f64 {
        0.0
    }
}

/// The index in `report` of the option the myopic player takes ([`Player::Myopic`]).
pub fn myopic_choice(card: &Scorecard, report: &Report) -> usize {
    let rules = card.rules();
    let strategy = Strategy::new(rules, &NothingLater);
    let mut d = strategy.new_decisions();
    let dice = Dice::from_faces_up_to(&report.dice, MEGA_DICE).expect("a report's dice are dice");
    let six = dice.len() == MEGA_DICE;
    strategy.decide_showing(card.state(), dice.len(), &mut d);
    let keep_option = |keep: Dice, mulligan: bool| {
        let faces = keep.faces();
        report
            .options
            .iter()
            .position(|o| o.mulligan == mulligan && o.keep.as_ref() == Some(&faces))
    };
    let found = match (report.rolls_left, six) {
        (0, _) => {
            let choice = if six {
                d.mega_final_choice(dice.mega_index()).1
            } else {
                d.final_choice(tables().index(&dice))
            };
            match choice {
                FinalChoice::Score(m) => {
                    let name = rules.boxes[m.box_index].name();
                    report
                        .options
                        .iter()
                        .position(|o| o.category == Some(name) && !o.chance_chance && !o.mulligan)
                }
                FinalChoice::ChanceChance => report.options.iter().position(|o| o.chance_chance),
                FinalChoice::Mulligan(k) => keep_option(tables().keep(k), true),
            }
        }
        (r, false) => keep_option(tables().keep(d.keep_for(tables().index(&dice), r)), false),
        (r, true) => {
            let k = d.mega_keep_for(dice.mega_index(), r);
            keep_option(mega_tables().keep(k), false)
        }
    };
    found.unwrap_or(0)
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
