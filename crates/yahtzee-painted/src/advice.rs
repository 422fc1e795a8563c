//! Every option of a Painted Yahtzee position ranked: with rolls left, each distinct keep
//! of the coloured dice; on the last roll, each legal box. Values are expected final
//! totals (the card's points plus what the strategy expects from here), computed by the
//! exact turn against the [`Valuer`].

use serde::Serialize;

use crate::approx::Valuer;
use crate::card::Card;
use crate::dice::{Hand, DICE};
use crate::game::{Game, Move};
use crate::turn::{Plan, TurnValues};

/// The strategy of a game: the turn's tables and the value it plays against.
pub struct Advisor {
    pub plan: Plan,
    pub valuer: Valuer,
}

/// One option, ranked.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Ranked {
    /// `keep` (the dice kept; all five = stand) or `score` (a box).
    pub action: &'static str,
    /// The dice kept, as written (`5r 5y`; empty to reroll all).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub keep: Option<String>,
    /// The box name.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[serde(rename = "box")]
    pub box_name: Option<&'static str>,
    /// Points the box adds now (its score, upper bonus and Yahtzee bonus).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub points: Option<u32>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub joker: bool,
    /// Expected final total with this option.
    pub value: f64,
    /// How much less than the best option (0 for the best).
    pub loss: f64,
}

/// The answer to a position.
#[derive(Clone, Debug, Serialize)]
pub struct Advice {
    pub game: String,
    pub strategy: &'static str,
    pub dice: String,
    pub rolls_left: u8,
    /// Points on the card now.
    pub card_points: u32,
    /// Expected final total with the best option.
    pub expected_total: f64,
    pub options: Vec<Ranked>,
}

impl Advisor {
    pub fn new(game: &Game, valuer: Valuer) -> Advisor {
        Advisor {
            plan: Plan::new(game),
            valuer,
        }
    }

    pub fn game(&self) -> &Game {
        &self.plan.game
    }

    /// The turn's tables for the state of `card`.
    pub fn turn(&self, card: &Card) -> TurnValues<1> {
        let mut tv = TurnValues::<1>::new(&self.plan);
        let s = card.state(self.game());
        self.plan
            .turn::<1, false>(&[s], &mut |_, n| self.valuer.value(n), &mut tv);
        tv
    }

    /// Every option of `hand` (five dice) with `rolls_left` (0 to 2), best first.
    pub fn advise(&self, card: &Card, hand: &Hand, rolls_left: u8) -> Result<Advice, String> {
        let game = self.game();
        if card.is_full() {
            return Err("the card is full: the game is over".into());
        }
        if hand.len() != DICE {
            return Err(format!("a roll has five dice, not {}", hand.len()));
        }
        if rolls_left > 2 {
            return Err(format!(
                "rolls left is 0, 1 or 2 (after the first, second or third roll), not {rolls_left}"
            ));
        }
        let points = card.points(game);
        let mut options = if rolls_left == 0 {
            self.moves(card, hand)
                .into_iter()
                .map(|(m, v)| Ranked {
                    action: "score",
                    keep: None,
                    box_name: Some(game.boxes[m.box_index].name()),
                    points: Some(m.points()),
                    joker: m.joker,
                    value: f64::from(points) + v,
                    loss: 0.0,
                })
                .collect::<Vec<_>>()
        } else {
            let tv = self.turn(card);
            hand.sub_hands()
                .into_iter()
                .map(|k| Ranked {
                    action: "keep",
                    keep: Some(k.to_string()),
                    box_name: None,
                    points: None,
                    joker: false,
                    value: f64::from(points) + tv.keep_value(&self.plan, &k, rolls_left)[0],
                    loss: 0.0,
                })
                .collect()
        };
        // Best first; among equals, the order they came in (boxes in card order; keeps
        // from fewer dice to more).
        options.sort_by(|a, b| b.value.total_cmp(&a.value));
        let best = options[0].value;
        for o in &mut options {
            o.loss = best - o.value;
        }
        Ok(Advice {
            game: game.name().to_string(),
            strategy: self.valuer.name(),
            dice: hand.to_string(),
            rolls_left,
            card_points: points,
            expected_total: best,
            options,
        })
    }

    /// Each legal move of a final roll with the points it adds plus the value after it.
    pub fn moves(&self, card: &Card, hand: &Hand) -> Vec<(Move, f64)> {
        let mut out = Vec::new();
        let s = card.state(self.game());
        self.game().for_each_move(s, hand, |m| {
            let v = f64::from(m.points()) + self.valuer.value(m.next);
            out.push((m, v));
        });
        out
    }

    /// The best keep of `hand` with `rolls_left` (1 or 2) by the turn's tables: the first
    /// of the best among [`Hand::sub_hands`].
    pub fn best_keep(&self, tv: &TurnValues<1>, hand: &Hand, rolls_left: u8) -> Hand {
        let mut best: Option<(Hand, f64)> = None;
        for k in hand.sub_hands() {
            let v = tv.keep_value(&self.plan, &k, rolls_left)[0];
            if best.is_none_or(|(_, b)| v > b) {
                best = Some((k, v));
            }
        }
        best.expect("a hand has sub-hands").0
    }

    /// The best move of a final roll (first in card order among equals).
    pub fn best_move(&self, card: &Card, hand: &Hand) -> Move {
        let s = card.state(self.game());
        self.plan
            .best_move(s, hand, &mut |n| self.valuer.value(n))
            .0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::PaintedBox;

    #[test]
    fn the_last_box_takes_what_the_roll_scores() {
        // One box open (the flush): the only option scores the roll there.
        let game = Game::standard();
        let flush = game.box_index(PaintedBox::Flush).unwrap();
        let mut card = Card::empty(&game);
        for b in 0..game.box_count() {
            if b != flush {
                card.scores[b] = Some(if b == game.box_count() - 1 { 5 } else { 0 });
            }
        }
        let chance = game
            .box_index(PaintedBox::Number(yahtzee_rules::Category::Chance))
            .unwrap();
        card.scores[chance] = Some(5);
        let adv = Advisor::new(&game, Valuer::split(&game));
        let hand = Hand::parse("1b 2b 3b 4b 6b", 5).unwrap();
        let a = adv.advise(&card, &hand, 0).unwrap();
        assert_eq!(a.options.len(), 1);
        assert_eq!(a.options[0].points, Some(50));
        assert_eq!(a.expected_total, f64::from(card.points(&game) + 50));
        // With a roll left, keeping the five blue dice is certain: worth exactly the same.
        let a = adv.advise(&card, &hand, 1).unwrap();
        assert_eq!(a.options[0].keep.as_deref(), Some("1b 2b 3b 4b 6b"));
        assert_eq!(a.options[0].value, f64::from(card.points(&game) + 50));
        // Rerolling everything: five dice of one colour in one throw, 5 × (1/5)^5.
        let reroll = a
            .options
            .iter()
            .find(|o| o.keep.as_deref() == Some(""))
            .unwrap();
        let p = 5.0 * 0.2f64.powi(5);
        let want = f64::from(card.points(&game)) + 50.0 * p;
        assert!(
            (reroll.value - want).abs() < 1e-9,
            "{} vs {want}",
            reroll.value
        );
    }
}
