//! The Painted Yahtzee scorecard a player writes: `ones=3 red=12 flush=50 …`, validated
//! box by box (a score the box cannot hold is refused with one line), with its points and
//! the solver's [`State`].

use yahtzee_rules::{Category, RuleSet};

use crate::game::{Game, PaintedBox, State};

/// A card: the score written in each box of the game (`None` while open) and the Yahtzee
/// bonuses earned.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Card {
    pub scores: Vec<Option<u32>>,
    pub yahtzee_bonus: u32,
}

/// Can `score` be written in box `b` (by some roll, or a Joker)?
pub fn can_hold(b: PaintedBox, score: u32) -> bool {
    match b {
        PaintedBox::Number(c) => {
            let rules = RuleSet::named("forced").expect("forced exists");
            (0..yahtzee_rules::ROLLS)
                .any(|r| rules.score(c, &yahtzee_rules::tables().keep(r)) == score)
                || matches!(
                    (c, score),
                    (Category::FullHouse, 25)
                        | (Category::SmallStraight, 30)
                        | (Category::LargeStraight, 40)
                )
        }
        PaintedBox::Colour(_) => score <= 30,
        PaintedBox::FourOfAColour => score == 0 || (5..=30).contains(&score),
        PaintedBox::PaintedHouse => score == 0 || score == 25,
        PaintedBox::Rainbow => score == 0 || score == 40,
        PaintedBox::Flush => score == 0 || score == 50,
        PaintedBox::Palette => (5..=30).contains(&score),
    }
}

impl Card {
    pub fn empty(game: &Game) -> Card {
        Card {
            scores: vec![None; game.box_count()],
            yahtzee_bonus: 0,
        }
    }

    /// Parses `box=score` pairs (spaces or commas between them; `yahtzee_bonus=N` for the
    /// 100s earned by extra Yahtzees). An empty text is the empty card.
    pub fn parse(game: &Game, text: &str) -> Result<Card, String> {
        let mut card = Card::empty(game);
        for pair in text.split([' ', ',', '\t', '\n']).filter(|p| !p.is_empty()) {
            let (name, value) = pair.split_once('=').ok_or_else(|| {
                format!(
                    "'{}' is not box=score (e.g. red=12)",
                    yahtzee_rules::one_line(pair)
                )
            })?;
            let score: u32 = value.trim().parse().map_err(|_| {
                format!(
                    "'{}' is not a score (a whole number)",
                    yahtzee_rules::one_line(value)
                )
            })?;
            let key = name.trim().to_ascii_lowercase().replace('-', "_");
            if key == "yahtzee_bonus" || key == "bonus" {
                if !score.is_multiple_of(100) {
                    return Err(format!(
                        "yahtzee_bonus={score}: the bonus comes in hundreds"
                    ));
                }
                card.yahtzee_bonus = score;
                continue;
            }
            let b = game.box_named(&key)?;
            if card.scores[b].is_some() {
                return Err(format!("{} is given twice", game.boxes[b].name()));
            }
            if !can_hold(game.boxes[b], score) {
                return Err(format!(
                    "{}={score}: no roll scores {score} in {}",
                    game.boxes[b].name(),
                    game.boxes[b].label()
                ));
            }
            card.scores[b] = Some(score);
        }
        let yahtzee = game.box_index(PaintedBox::Number(Category::Yahtzee));
        if card.yahtzee_bonus > 0 && yahtzee.and_then(|y| card.scores[y]) != Some(50) {
            return Err("a Yahtzee bonus needs 50 in the Yahtzee box".into());
        }
        Ok(card)
    }

    /// The upper total (uncapped).
    pub fn upper_total(&self, game: &Game) -> u32 {
        (0..game.box_count())
            .filter(|&b| game.boxes[b].upper_face().is_some())
            .filter_map(|b| self.scores[b])
            .sum()
    }

    /// Points on the card: the boxes, the upper bonus once earned, the Yahtzee bonuses.
    pub fn points(&self, game: &Game) -> u32 {
        let boxes: u32 = self.scores.iter().flatten().sum();
        let bonus = if game.has_upper() && self.upper_total(game) >= game.threshold {
            game.upper_bonus
        } else {
            0
        };
        boxes + bonus + self.yahtzee_bonus
    }

    pub fn state(&self, game: &Game) -> State {
        let filled = (0..game.box_count())
            .filter(|&b| self.scores[b].is_some())
            .fold(0, |m, b| m | 1 << b);
        let yahtzee = game.box_index(PaintedBox::Number(Category::Yahtzee));
        State {
            filled,
            upper: self.upper_total(game).min(game.threshold) as u8,
            yahtzee_50: yahtzee.and_then(|y| self.scores[y]) == Some(50),
        }
    }

    pub fn is_full(&self) -> bool {
        self.scores.iter().all(Option::is_some)
    }

    /// Writes a move on the card.
    pub fn apply(&mut self, m: &crate::game::Move) {
        self.scores[m.box_index] = Some(m.score);
        self.yahtzee_bonus += m.yahtzee_bonus;
    }

    /// The card in its own text form (what [`Card::parse`] reads).
    pub fn text(&self, game: &Game) -> String {
        let mut parts: Vec<String> = (0..game.box_count())
            .filter_map(|b| self.scores[b].map(|s| format!("{}={s}", game.boxes[b].name())))
            .collect();
        if self.yahtzee_bonus > 0 {
            parts.push(format!("yahtzee_bonus={}", self.yahtzee_bonus));
        }
        parts.join(" ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cards_parse_and_refuse_impossible_scores() {
        let g = Game::standard();
        let c = Card::parse(
            &g,
            "ones=3 sixes=24, red=12 flush=50 yahtzee=50 yahtzee-bonus=100",
        )
        .unwrap();
        assert_eq!(c.points(&g), 3 + 24 + 12 + 50 + 50 + 100);
        let s = c.state(&g);
        assert_eq!(
            (s.upper, s.yahtzee_50, s.filled.count_ones()),
            (27, true, 5)
        );
        assert_eq!(Card::parse(&g, &c.text(&g)).unwrap(), c);
        for bad in [
            "ones=7",
            "red=31",
            "rainbow=39",
            "painted-house=20",
            "palette=0",
            "orange=3",
            "ones=3 ones=2",
            "yahtzee-bonus=100",
            "ones",
            "ones=x",
            "four-of-a-color=4",
        ] {
            let e = Card::parse(&g, bad).unwrap_err();
            assert!(!e.contains('\n'), "{bad}: {e}");
        }
        let full: String = g
            .boxes
            .iter()
            .map(|b| format!("{}=0 ", b.name()))
            .collect::<String>()
            .replace("palette=0", "palette=5")
            .replace("chance=0", "chance=5");
        let c = Card::parse(&g, &full).unwrap();
        assert!(c.is_full());
    }
}
