//! Every option of a position ranked by the strategy's values: keeps while rerolls are
//! left, (column, box) moves after the last roll. Shared by the engine's advice and the
//! terminal game's hints.

use yahtzee_rules::{tables, Dice};

use crate::record::{label, move_label};
use crate::turn::sub_keeps;
use crate::{Player, TripleCard, TripleMove};

/// What an option does.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Choice {
    /// Keep these dice and reroll the rest (the whole roll: stop rolling).
    Keep(Dice),
    /// Score the roll in a column's box.
    Score(TripleMove),
}

/// One option with the strategy's value of it: expected points still to come.
#[derive(Clone, Copy, Debug)]
pub struct Ranked {
    pub choice: Choice,
    pub value: f64,
}

impl Ranked {
    /// `keep 3 3 5`, `keep all (stop)`, `score 3 full_house (75)`.
    pub fn label(&self, player: &Player, roll: &Dice) -> String {
        match self.choice {
            Choice::Keep(k) if k == *roll => "keep all (stop)".to_string(),
            Choice::Keep(k) => format!("keep {}", label(&k)),
            Choice::Score(m) => format!("score {}", move_label(&player.game(), &m)),
        }
    }
}

/// Every option, best first (ties in the strategy's own order: its best keep first).
pub fn rank_options(
    player: &Player,
    card: &TripleCard,
    dice: &Dice,
    rolls_left: u8,
) -> Vec<Ranked> {
    let s = card.state();
    let mut v: Vec<Ranked> = if rolls_left == 0 {
        player
            .move_values(&s, dice)
            .iter()
            .map(|&(m, value)| Ranked {
                choice: Choice::Score(m),
                value,
            })
            .collect()
    } else {
        let turn = player.turn(&s);
        let values = turn.keeps(rolls_left);
        let best = turn.best_keep(dice, rolls_left);
        let mut keeps: Vec<usize> = vec![best];
        keeps.extend(
            sub_keeps(dice.index())
                .iter()
                .map(|&k| usize::from(k))
                .filter(|&k| k != best),
        );
        keeps
            .into_iter()
            .map(|k| Ranked {
                choice: Choice::Keep(tables().keep(k)),
                value: values[k][0],
            })
            .collect()
    };
    v.sort_by(|a, b| b.value.total_cmp(&a.value));
    v
}

/// Every option as its label with its value, best first.
pub fn rank(player: &Player, card: &TripleCard, dice: &Dice, rolls_left: u8) -> Vec<(String, f64)> {
    rank_options(player, card, dice, rolls_left)
        .iter()
        .map(|r| (r.label(player, dice), r.value))
        .collect()
}

/// `keep 3 3 5`, `keep nothing`, or `keep all (stop)` when the keep is the whole roll.
pub fn keep_label(roll: &Dice, k: usize) -> String {
    let keep = tables().keep(k);
    if keep == *roll {
        "keep all (stop)".to_string()
    } else {
        format!("keep {}", label(&keep))
    }
}
