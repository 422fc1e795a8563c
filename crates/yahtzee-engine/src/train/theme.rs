//! What a puzzle teaches and how hard it is: its theme, worked out from the explanations
//! of the best option and the option it is set against, and its difficulty, from the
//! options' losses.

use serde::Serialize;
use yahtzee_advice::{Explain, ReportOption};
use yahtzee_rules::{Category, RuleSet, Scorecard};

/// What a puzzle is about (the `theme` of its JSON).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Theme {
    /// The upper boxes and the bonus they earn decide it.
    UpperBonus,
    /// A straight against a pair, three or four of a kind, or a full house.
    StraightsVsPairs,
    /// The Yahtzee box and its bonuses decide it.
    ChasingYahtzee,
    /// An extra Yahtzee, scored as a Joker.
    Joker,
    /// Which box takes a zero (or a poor score) this turn.
    WhereToZero,
    /// Three boxes or fewer left to fill.
    Endgame,
}

impl Theme {
    pub const ALL: [Theme; 6] = [
        Theme::UpperBonus,
        Theme::StraightsVsPairs,
        Theme::ChasingYahtzee,
        Theme::Joker,
        Theme::WhereToZero,
        Theme::Endgame,
    ];

    /// Its name in the JSON and on the command line (`upper-bonus`).
    pub fn name(self) -> &'static str {
        match self {
            Theme::UpperBonus => "upper-bonus",
            Theme::StraightsVsPairs => "straights-vs-pairs",
            Theme::ChasingYahtzee => "chasing-yahtzee",
            Theme::Joker => "joker",
            Theme::WhereToZero => "where-to-zero",
            Theme::Endgame => "endgame",
        }
    }

    /// Its title for a player ("The upper bonus").
    pub fn title(self) -> &'static str {
        match self {
            Theme::UpperBonus => "The upper bonus",
            Theme::StraightsVsPairs => "Straights against pairs",
            Theme::ChasingYahtzee => "Chasing a Yahtzee",
            Theme::Joker => "The Joker",
            Theme::WhereToZero => "Where to put a zero",
            Theme::Endgame => "The endgame",
        }
    }
}

/// How hard a puzzle is, from the margin by which its best option wins (the `difficulty`
/// of its JSON): the smaller the margin, the finer the judgement it asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Difficulty {
    /// The best option wins by [`Difficulty::EASY`] points or more.
    Easy,
    /// By [`Difficulty::HARD`] points or more, under [`Difficulty::EASY`].
    Medium,
    /// By less than [`Difficulty::HARD`] points.
    Hard,
}

impl Difficulty {
    /// Margins (expected points) from which a puzzle is medium, and easy.
    pub const HARD: f64 = 0.5;
    pub const EASY: f64 = 2.0;

    /// The difficulty of a puzzle whose best option beats the next by `margin` points.
    pub fn of_margin(margin: f64) -> Difficulty {
        if margin >= Difficulty::EASY {
            Difficulty::Easy
        } else if margin >= Difficulty::HARD {
            Difficulty::Medium
        } else {
            Difficulty::Hard
        }
    }

    /// Its name (`easy`, `medium`, `hard`).
    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
        }
    }

    /// The difficulty named `text`.
    pub fn named(text: &str) -> Option<Difficulty> {
        [Difficulty::Easy, Difficulty::Medium, Difficulty::Hard]
            .into_iter()
            .find(|d| d.name() == text)
    }
}

/// The theme of a puzzle on `card` whose `best` option is set against `other` (the option
/// a plausible player takes, or the runner-up), with the explanations of both.
///
/// In order: an extra Yahtzee scored as a Joker; three boxes or fewer open (the endgame);
/// a box written with a zero by either option, after the last roll (where to put a zero);
/// else the group of parts that moves most between the two explanations: the upper boxes
/// with the upper bonus, the Yahtzee box with its bonuses, or the straights. (The boxes of
/// a kind, pairs, full house and Chance are the other side of most of these trades, so
/// they name no theme of their own.)
pub fn theme_of(
    card: &Scorecard,
    rolls_left: u8,
    best: (&ReportOption, &Explain),
    other: (&ReportOption, &Explain),
) -> Theme {
    let rules = card.rules();
    if best.0.joker || other.0.joker {
        return Theme::Joker;
    }
    let open = (0..rules.box_count())
        .filter(|&b| !card.state().is_filled(b))
        .count();
    if open <= 3 {
        return Theme::Endgame;
    }
    let zero = |o: &ReportOption| o.category.is_some() && o.score == Some(0) && !o.chance_chance;
    if rolls_left == 0 && (zero(best.0) || zero(other.0)) {
        return Theme::WhereToZero;
    }
    let [upper, yahtzee, straights] = group_moves(rules, best.1, other.1);
    if upper >= yahtzee && upper >= straights {
        Theme::UpperBonus
    } else if yahtzee >= straights {
        Theme::ChasingYahtzee
    } else {
        Theme::StraightsVsPairs
    }
}

/// How much each group of parts moves between two explanations, in expected points (each
/// part's move counted whole, so points moved between two boxes of a group count):
/// [upper boxes and bonus, Yahtzee and its bonuses, straights].
fn group_moves(rules: &RuleSet, a: &Explain, b: &Explain) -> [f64; 3] {
    let mut moves = [0.0; 3];
    for (i, (x, y)) in a.boxes.iter().zip(&b.boxes).enumerate() {
        let d = (x.points - y.points).abs();
        match rules.boxes[i] {
            c if c.upper_face().is_some() => moves[0] += d,
            Category::Yahtzee => moves[1] += d,
            Category::SmallStraight | Category::LargeStraight => moves[2] += d,
            _ => {}
        }
    }
    moves[0] += ((a.upper_bonus - b.upper_bonus) * f64::from(rules.upper_bonus)).abs();
    moves[1] += (a.yahtzee_bonus - b.yahtzee_bonus).abs() + (a.mega_bonus - b.mega_bonus).abs();
    moves
}
