//! The rules of Painted Yahtzee (docs/RULES.md, "Painted Yahtzee"): the boxes, their scores,
//! the Joker and bonus rules, the state of a card, and the canonical numbering of filled
//! sets the solver walks layer by layer.
//!
//! A [`Game`] is the full game (five colours, 23 boxes) or a reduced one (fewer colours,
//! fewer boxes) of the same rules, named `painted:c<colours>:<box>,<box>,…` — the reduced
//! games are what one machine solves exactly, for tests and for the strategy's gap.

use std::fmt;

use yahtzee_rules::{Category, Dice, RuleSet};

use crate::dice::{Hand, Keeps, COLOURS, DICE};

/// One box of the Painted Yahtzee card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PaintedBox {
    /// One of the 13 boxes of Yahtzee, scored by the numbers.
    Number(Category),
    /// The total of the dice of one colour (0 = red).
    Colour(u8),
    /// Four or more dice of one colour: the total of all five.
    FourOfAColour,
    /// Three dice of one colour and two of another: 25.
    PaintedHouse,
    /// One die of each of the five colours: 40.
    Rainbow,
    /// All five dice one colour: 50.
    Flush,
    /// Any roll: the total of the dice.
    Palette,
}

use PaintedBox::*;

impl PaintedBox {
    /// The 23 boxes of the full card, in card order.
    pub fn standard() -> Vec<PaintedBox> {
        let mut v: Vec<PaintedBox> = Category::ALL.iter().map(|&c| Number(c)).collect();
        v.extend((0..5).map(Colour));
        v.extend([FourOfAColour, PaintedHouse, Rainbow, Flush, Palette]);
        v
    }

    /// The canonical snake_case name, as on the command line and in JSON (`four_of_a_color`,
    /// `red`, `full_house`); [`PaintedBox::from_name`] also takes dashes and spaces.
    pub fn name(self) -> &'static str {
        match self {
            Number(c) => c.name(),
            Colour(c) => COLOURS[c as usize],
            FourOfAColour => "four_of_a_color",
            PaintedHouse => "painted_house",
            Rainbow => "rainbow",
            Flush => "flush",
            Palette => "palette",
        }
    }

    /// The label on the card.
    pub fn label(self) -> &'static str {
        match self {
            Number(c) => c.label(),
            Colour(c) => ["Red", "Yellow", "Green", "Blue", "Purple"][c as usize],
            FourOfAColour => "Four of a color",
            PaintedHouse => "Painted house",
            Rainbow => "Rainbow",
            Flush => "Flush",
            Palette => "Palette",
        }
    }

    pub fn from_name(s: &str) -> Option<PaintedBox> {
        let s = s.trim().to_ascii_lowercase().replace(['-', ' '], "_");
        let s = s.replace("colour", "color");
        PaintedBox::standard()
            .into_iter()
            .find(|b| b.name() == s)
            .or_else(|| Category::from_name(&s).map(Number))
    }

    /// The face of an upper (number) box.
    pub fn upper_face(self) -> Option<u8> {
        match self {
            Number(c) => c.upper_face(),
            _ => None,
        }
    }

    /// The box's score for a roll of five coloured dice, as the dice fall (no Joker).
    pub fn score(self, hand: &Hand) -> u32 {
        let numbers: Vec<u8> = hand.dice().map(|d| d.number).collect();
        let total: u32 = numbers.iter().map(|&n| u32::from(n)).sum();
        let mut per_colour = [0u8; 5];
        for d in hand.dice() {
            per_colour[d.colour as usize] += 1;
        }
        let most = per_colour.iter().copied().max().unwrap_or(0);
        match self {
            Number(c) => base_rules().score(c, &number_dice(hand)),
            Colour(c) => hand
                .dice()
                .filter(|d| d.colour == c)
                .map(|d| u32::from(d.number))
                .sum(),
            FourOfAColour if most >= 4 => total,
            PaintedHouse if per_colour.contains(&3) && per_colour.contains(&2) => 25,
            Rainbow if per_colour.iter().all(|&n| n == 1) => 40,
            Flush if most == 5 => 50,
            Palette => total,
            _ => 0,
        }
    }

    /// The box's score for an extra Yahtzee played as a Joker (base lower boxes only: the
    /// Joker makes the numbers wild, never the colours).
    fn joker_score(self, hand: &Hand) -> u32 {
        match self {
            Number(Category::FullHouse) => 25,
            Number(Category::SmallStraight) => 30,
            Number(Category::LargeStraight) => 40,
            b => b.score(hand),
        }
    }
}

impl fmt::Display for PaintedBox {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The numbers of a coloured hand as plain dice.
pub fn number_dice(hand: &Hand) -> Dice {
    let numbers: Vec<u8> = hand.dice().map(|d| d.number).collect();
    Dice::from_faces(&numbers).expect("at most five dice 1-6")
}

fn base_rules() -> &'static RuleSet {
    RuleSet::named("forced").expect("the forced rule set exists")
}

/// Why a game name, a card or a position is refused.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum GameError {
    #[error("{0}")]
    Name(String),
}

/// A game of the Painted Yahtzee family: colours on the dice and the boxes on the card.
#[derive(Clone, Debug, PartialEq)]
pub struct Game {
    pub colours: u8,
    /// The boxes, in card order.
    pub boxes: Vec<PaintedBox>,
    /// Upper total that earns the bonus: three of each number on the card (63 in full).
    pub threshold: u32,
    pub upper_bonus: u32,
    pub yahtzee_bonus: u32,
    name: String,
}

/// What writing a roll in a box does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    pub box_index: usize,
    /// The box's score (a Joker score for an extra Yahtzee in a lower box).
    pub score: u32,
    pub upper_bonus: u32,
    pub yahtzee_bonus: u32,
    /// Scored as a Joker (an extra Yahtzee in a base lower box).
    pub joker: bool,
    pub next: State,
}

impl Move {
    /// Points this move adds to the card.
    pub fn points(&self) -> u32 {
        self.score + self.upper_bonus + self.yahtzee_bonus
    }
}

/// A position between turns: which boxes are filled, the upper total (capped at the
/// threshold) and whether the Yahtzee box holds 50.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct State {
    pub filled: u32,
    pub upper: u8,
    pub yahtzee_50: bool,
}

impl State {
    pub fn is_filled(&self, b: usize) -> bool {
        self.filled >> b & 1 == 1
    }
}

impl Game {
    /// The full game: five colours, 23 boxes, 35 bonus at 63, 100 per extra Yahtzee.
    pub fn standard() -> Game {
        Game::new(5, PaintedBox::standard()).expect("the standard game is valid")
    }

    /// A game of `colours` colours and the given boxes (put in card order). Colour boxes
    /// come all or none (the colours must stay exchangeable), and Rainbow needs five
    /// colours.
    pub fn new(colours: u8, mut boxes: Vec<PaintedBox>) -> Result<Game, GameError> {
        if !(1..=5).contains(&colours) {
            return Err(GameError::Name(format!(
                "a game has 1 to 5 colours, not {colours}"
            )));
        }
        boxes.sort();
        boxes.dedup();
        if boxes.is_empty() {
            return Err(GameError::Name("a game needs at least one box".into()));
        }
        let colour_boxes = boxes.iter().filter(|b| matches!(b, Colour(_))).count();
        if colour_boxes != 0 && colour_boxes != colours as usize
            || boxes
                .iter()
                .any(|b| matches!(b, Colour(c) if *c >= colours))
        {
            return Err(GameError::Name(format!(
                "colour boxes come all or none: this game has {colours} colours"
            )));
        }
        if boxes.contains(&Rainbow) && colours != 5 {
            return Err(GameError::Name(
                "rainbow needs five colours (one die of each)".into(),
            ));
        }
        let threshold = 3 * boxes
            .iter()
            .filter_map(|b| b.upper_face())
            .map(u32::from)
            .sum::<u32>();
        let standard = colours == 5 && boxes == PaintedBox::standard();
        let name = if standard {
            "painted".to_string()
        } else {
            let mut names: Vec<&str> = boxes
                .iter()
                .filter(|b| !matches!(b, Colour(_)))
                .map(|b| b.name())
                .collect();
            if colour_boxes > 0 {
                let at = boxes.iter().position(|b| matches!(b, Colour(_))).unwrap();
                names.insert(at, "colours");
            }
            format!("painted:c{colours}:{}", names.join(","))
        };
        Ok(Game {
            colours,
            boxes,
            threshold,
            upper_bonus: 35,
            yahtzee_bonus: 100,
            name,
        })
    }

    /// `painted` (the full game) or `painted:c<colours>:<box>,<box>,…` where `colours`
    /// stands for every colour box.
    pub fn named(name: &str) -> Result<Game, GameError> {
        let name = name.trim();
        if name == "painted" {
            return Ok(Game::standard());
        }
        let bad = || {
            GameError::Name(format!(
                "unknown game '{}': write painted, or painted:c<colours 1-5>:<box>,<box>,... (colours = every colour box)",
                yahtzee_rules::one_line(name)
            ))
        };
        let rest = name.strip_prefix("painted:c").ok_or_else(bad)?;
        let (c, list) = rest.split_once(':').ok_or_else(bad)?;
        let colours: u8 = c.parse().map_err(|_| bad())?;
        let mut boxes = Vec::new();
        for word in list.split(',') {
            if word.trim() == "colours" || word.trim() == "colors" {
                boxes.extend((0..colours.min(5)).map(Colour));
            } else {
                let b = PaintedBox::from_name(word).ok_or_else(|| {
                    GameError::Name(format!(
                        "unknown box '{}' in game name",
                        yahtzee_rules::one_line(word)
                    ))
                })?;
                if matches!(b, Colour(_)) {
                    return Err(GameError::Name(
                        "name colour boxes together as 'colours'".into(),
                    ));
                }
                boxes.push(b);
            }
        }
        Game::new(colours, boxes)
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    pub fn box_count(&self) -> usize {
        self.boxes.len()
    }

    /// Faces of a die: six numbers times the colours.
    pub fn faces(&self) -> usize {
        6 * self.colours as usize
    }

    pub fn box_index(&self, b: PaintedBox) -> Option<usize> {
        self.boxes.iter().position(|&x| x == b)
    }

    /// The index of the box called `name` (`flush`, `four-of-a-color`, `fh`), or a line
    /// naming this game's boxes.
    pub fn box_named(&self, name: &str) -> Result<usize, String> {
        PaintedBox::from_name(name)
            .and_then(|b| self.box_index(b))
            .ok_or_else(|| {
                let names: Vec<&str> = self.boxes.iter().map(|b| b.name()).collect();
                format!(
                    "'{}' is not a box of {} (boxes: {})",
                    yahtzee_rules::one_line(name.trim()),
                    self.name(),
                    names.join(", ")
                )
            })
    }

    pub fn has_upper(&self) -> bool {
        self.threshold > 0
    }

    fn has_yahtzee(&self) -> bool {
        self.box_index(Number(Category::Yahtzee)).is_some()
    }

    /// Upper totals a state can hold: 0 to the threshold (capped there).
    pub fn upper_totals(&self) -> usize {
        self.threshold as usize + 1
    }

    /// Yahtzee-flag values: 2 with a Yahtzee box, else 1.
    pub fn flags(&self) -> usize {
        1 + usize::from(self.has_yahtzee())
    }

    /// Values per filled set: upper totals × flags.
    pub fn states_per_set(&self) -> usize {
        self.upper_totals() * self.flags()
    }

    pub fn turns(&self) -> usize {
        self.boxes.len()
    }

    /// Is the roll an extra Yahtzee (five of a number with the Yahtzee box filled)?
    pub fn is_extra_yahtzee(&self, s: State, hand: &Hand) -> bool {
        hand.len() == DICE
            && number_dice(hand).five_of_a_kind().is_some()
            && self
                .box_index(Number(Category::Yahtzee))
                .is_some_and(|y| s.is_filled(y))
    }

    /// Writes `score` in box `b`: the next state and the upper bonus earned.
    pub fn place(&self, s: State, b: usize, score: u32) -> (State, u32) {
        let mut next = s;
        next.filled |= 1 << b;
        let mut bonus = 0;
        if self.boxes[b].upper_face().is_some() {
            let new = u32::from(s.upper) + score;
            if u32::from(s.upper) < self.threshold && new >= self.threshold {
                bonus = self.upper_bonus;
            }
            next.upper = new.min(self.threshold) as u8;
        }
        if self.boxes[b] == Number(Category::Yahtzee) && score == 50 {
            next.yahtzee_50 = true;
        }
        (next, bonus)
    }

    /// Every legal move of a final roll, in box order, under the forced Joker rule: an
    /// extra Yahtzee earns 100 while the Yahtzee box holds 50, must go in its number's upper
    /// box while that is open, else in any open lower or painted box (base lower boxes
    /// scored as a Joker, painted boxes as the colours fall), else in an upper box for 0.
    pub fn for_each_move(&self, s: State, hand: &Hand, mut f: impl FnMut(Move)) {
        let extra = self.is_extra_yahtzee(s, hand);
        let ybonus = if extra && s.yahtzee_50 {
            self.yahtzee_bonus
        } else {
            0
        };
        let mut emit = |b: usize, score: u32, joker: bool| {
            let (next, upper_bonus) = self.place(s, b, score);
            f(Move {
                box_index: b,
                score,
                upper_bonus,
                yahtzee_bonus: ybonus,
                joker,
                next,
            });
        };
        let open = (0..self.box_count()).filter(|&b| !s.is_filled(b));
        if !extra {
            for b in open {
                emit(b, self.boxes[b].score(hand), false);
            }
            return;
        }
        let face = number_dice(hand).five_of_a_kind().expect("extra Yahtzee");
        let own = self
            .box_index(Number(Category::upper_for(face)))
            .filter(|&u| !s.is_filled(u));
        let not_upper = |b: &usize| self.boxes[*b].upper_face().is_none();
        if let Some(u) = own {
            emit(u, self.boxes[u].score(hand), false);
        } else if open.clone().any(|b| not_upper(&b)) {
            for b in open.filter(not_upper) {
                let joker = matches!(self.boxes[b], Number(_));
                emit(b, self.boxes[b].joker_score(hand), joker);
            }
        } else {
            for b in open {
                emit(b, self.boxes[b].score(hand), false);
            }
        }
    }

    /// The keeps of this game's dice.
    pub fn keeps(&self) -> Keeps {
        Keeps::new(self.faces())
    }

    // --- Canonical filled sets -------------------------------------------------------------
    //
    // The colours are exchangeable, so a filled set's value depends only on how many colour
    // boxes are filled. A canonical id is `other × (colour boxes + 1) + k`: `other` the
    // filled bits of the boxes that are not colour boxes (in card order), `k` the number of
    // colour boxes filled; its representative fills the first `k` colours.

    /// How the colours of a state with these boxes filled are relabelled for its turn:
    /// `map[actual] = canonical`, the colours of filled colour boxes first (in colour order),
    /// then the open ones. The identity in a game without colour boxes.
    pub fn colour_map(&self, filled: u32) -> [u8; 5] {
        let mut map = [0, 1, 2, 3, 4];
        if self.colour_boxes() == 0 {
            return map;
        }
        let is_filled = |c: u8| {
            self.box_index(Colour(c))
                .is_some_and(|b| filled >> b & 1 == 1)
        };
        let order = (0..self.colours)
            .filter(|&c| is_filled(c))
            .chain((0..self.colours).filter(|&c| !is_filled(c)));
        for (i, c) in order.enumerate() {
            map[c as usize] = i as u8;
        }
        map
    }

    /// Number of colour boxes filled.
    pub fn filled_colours(&self, filled: u32) -> usize {
        (0..self.box_count())
            .filter(|&b| matches!(self.boxes[b], Colour(_)) && filled >> b & 1 == 1)
            .count()
    }

    /// The state with its filled colour boxes relabelled to the first colours.
    pub fn canonical_state(&self, s: State) -> State {
        State {
            filled: self.set_of_id(self.set_id(s.filled)),
            ..s
        }
    }

    pub fn colour_boxes(&self) -> usize {
        self.boxes.iter().filter(|b| matches!(b, Colour(_))).count()
    }

    fn other_boxes(&self) -> Vec<usize> {
        (0..self.box_count())
            .filter(|&b| !matches!(self.boxes[b], Colour(_)))
            .collect()
    }

    /// Number of canonical filled sets.
    pub fn set_count(&self) -> usize {
        (1 << self.other_boxes().len()) * (self.colour_boxes() + 1)
    }

    /// Number of canonical sets with `n` boxes filled (a layer of the solver).
    pub fn layer_len(&self, n: usize) -> usize {
        let m = self.other_boxes().len();
        let binom = |n: usize, k: usize| -> usize {
            if k > n {
                0
            } else {
                (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
            }
        };
        (0..=self.colour_boxes().min(n))
            .map(|k| binom(m, n - k))
            .sum()
    }

    /// The canonical id of a filled set.
    pub fn set_id(&self, filled: u32) -> usize {
        let mut other = 0usize;
        let mut k = 0;
        let mut bit = 0;
        for (b, pb) in self.boxes.iter().enumerate() {
            let on = filled >> b & 1 == 1;
            if matches!(pb, Colour(_)) {
                k += usize::from(on);
            } else {
                other |= usize::from(on) << bit;
                bit += 1;
            }
        }
        other * (self.colour_boxes() + 1) + k
    }

    /// The representative filled set of canonical id `id`.
    pub fn set_of_id(&self, id: usize) -> u32 {
        let per = self.colour_boxes() + 1;
        let (other, k) = (id / per, id % per);
        let mut filled = 0u32;
        let mut bit = 0;
        let mut colours_left = k;
        for (b, pb) in self.boxes.iter().enumerate() {
            if matches!(pb, Colour(_)) {
                if colours_left > 0 {
                    filled |= 1 << b;
                    colours_left -= 1;
                }
            } else {
                if other >> bit & 1 == 1 {
                    filled |= 1 << b;
                }
                bit += 1;
            }
        }
        filled
    }

    /// Offset of a state within its set's block: flag-major, then upper total.
    pub fn state_offset(&self, s: State) -> usize {
        usize::from(s.yahtzee_50) * self.upper_totals() + s.upper as usize
    }

    /// The state at offset `o` of the set `filled`.
    pub fn state_at(&self, filled: u32, o: usize) -> State {
        State {
            filled,
            upper: (o % self.upper_totals()) as u8,
            yahtzee_50: o / self.upper_totals() == 1,
        }
    }

    /// Index of a state in the whole table (canonical set id major).
    pub fn state_index(&self, s: State) -> usize {
        self.set_id(s.filled) * self.states_per_set() + self.state_offset(s)
    }

    pub fn state_count(&self) -> usize {
        self.set_count() * self.states_per_set()
    }

    /// Can this state occur in play? The upper total must be one the filled upper boxes
    /// make, and the Yahtzee flag needs a filled Yahtzee box.
    pub fn is_reachable(&self, s: State) -> bool {
        self.reachable_offsets(s.filled)
            .contains(&self.state_offset(s))
    }

    /// The offsets (within its set's block) of the states of filled set `filled` that can
    /// occur in play, in increasing order.
    pub fn reachable_offsets(&self, filled: u32) -> Vec<usize> {
        let faces: Vec<u32> = (0..self.box_count())
            .filter(|&b| filled >> b & 1 == 1)
            .filter_map(|b| self.boxes[b].upper_face())
            .map(u32::from)
            .collect();
        // Totals reachable with 0-5 of each filled face, capped at the threshold.
        let mut reach = vec![false; self.upper_totals()];
        reach[0] = true;
        for f in faces {
            let mut next = vec![false; reach.len()];
            for (t, _) in reach.iter().enumerate().filter(|(_, &r)| r) {
                for n in 0..=5 {
                    next[(t as u32 + f * n).min(self.threshold) as usize] = true;
                }
            }
            reach = next;
        }
        let yahtzee_filled = self
            .box_index(Number(Category::Yahtzee))
            .is_some_and(|y| filled >> y & 1 == 1);
        let flags = if yahtzee_filled { self.flags() } else { 1 };
        (0..flags)
            .flat_map(|y| {
                let reach = &reach;
                (0..self.upper_totals())
                    .filter(move |&u| reach[u])
                    .map(move |u| y * self.upper_totals() + u)
            })
            .collect()
    }
}

impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)
    }
}

/// The canonical sets of each layer (filled count), in id order, and each set's position
/// in its layer.
pub struct Layers {
    pub sets: Vec<Vec<u32>>,
    pub position: Vec<u32>,
}

impl Layers {
    pub fn of(game: &Game) -> Layers {
        let mut sets = vec![Vec::new(); game.box_count() + 1];
        let mut position = vec![0; game.set_count()];
        for (id, pos) in position.iter_mut().enumerate() {
            let n = game.set_of_id(id).count_ones() as usize;
            *pos = sets[n].len() as u32;
            sets[n].push(id as u32);
        }
        Layers { sets, position }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hand(s: &str) -> Hand {
        Hand::parse(s, 5).unwrap()
    }

    #[test]
    fn every_box_scores_as_the_rules_say() {
        let g = Game::standard();
        let score = |b: &str, dice: &str| PaintedBox::from_name(b).unwrap().score(&hand(dice));
        // Numbers ignore colours.
        assert_eq!(score("threes", "3r 3y 3g 1b 6p"), 9);
        assert_eq!(score("full-house", "2r 2y 5g 5b 5p"), 25);
        assert_eq!(score("large-straight", "1r 2r 3y 4g 5g"), 40);
        assert_eq!(score("yahtzee", "4r 4y 4g 4b 4p"), 50);
        // Colour totals.
        assert_eq!(score("red", "6r 5r 1y 2g 3b"), 11);
        assert_eq!(score("purple", "6r 5r 1y 2g 3b"), 0);
        assert_eq!(score("blue", "6b 5b 4b 3b 2b"), 20);
        // Four of a colour: the total of all five dice.
        assert_eq!(score("four_of_a_color", "6g 5g 4g 3g 2r"), 20);
        assert_eq!(score("four_of_a_color", "6g 5g 4g 3g 2g"), 20);
        assert_eq!(score("four_of_a_color", "6g 5g 4g 3r 2r"), 0);
        // Painted house: exactly three of one colour and two of another.
        assert_eq!(score("painted_house", "1y 2y 3y 4p 5p"), 25);
        assert_eq!(score("painted_house", "1y 2y 3y 4y 5y"), 0);
        assert_eq!(score("painted_house", "1y 2y 3y 4p 5b"), 0);
        // Rainbow: one of each colour, whatever the numbers.
        assert_eq!(score("rainbow", "1r 1y 1g 1b 1p"), 40);
        assert_eq!(score("rainbow", "1r 2r 3g 4b 5p"), 0);
        // Flush: all one colour.
        assert_eq!(score("flush", "1p 3p 5p 2p 2p"), 50);
        assert_eq!(score("flush", "1p 3p 5p 2p 2b"), 0);
        assert_eq!(score("palette", "6r 6y 1g 2b 3p"), 18);
        assert_eq!(g.box_count(), 23);
        assert_eq!(g.threshold, 63);
    }

    #[test]
    fn joker_rules_carry_over() {
        let g = Game::standard();
        let ones = g.box_index(Number(Category::Ones)).unwrap();
        let y = g.box_index(Number(Category::Yahtzee)).unwrap();
        let lhs = g.box_index(Number(Category::LargeStraight)).unwrap();
        let flush = g.box_index(Flush).unwrap();
        let roll = hand("1r 1r 1r 1r 1r");
        let moves = |s: State| {
            let mut v = Vec::new();
            g.for_each_move(s, &roll, |m| v.push(m));
            v
        };
        // Yahtzee box holds 50, Ones open: forced into Ones, with the 100 bonus.
        let s = State {
            filled: 1 << y,
            upper: 0,
            yahtzee_50: true,
        };
        let m = moves(s);
        assert_eq!(m.len(), 1);
        assert_eq!(
            (m[0].box_index, m[0].score, m[0].yahtzee_bonus),
            (ones, 5, 100)
        );
        // Ones filled: any lower or painted box; the large straight as a Joker scores 40,
        // the flush scores its natural 50 (all red) but is no Joker.
        let s = State {
            filled: 1 << y | 1 << ones,
            upper: 5,
            yahtzee_50: false,
        };
        let m = moves(s);
        assert!(m
            .iter()
            .all(|m| g.boxes[m.box_index].upper_face().is_none()));
        let ls = m.iter().find(|m| m.box_index == lhs).unwrap();
        assert_eq!((ls.score, ls.joker, ls.yahtzee_bonus), (40, true, 0));
        let fl = m.iter().find(|m| m.box_index == flush).unwrap();
        assert_eq!((fl.score, fl.joker), (50, false));
        // Without the Yahtzee box filled, five of a kind is an ordinary roll.
        let m = moves(State::default());
        assert_eq!(m.len(), 23);
    }

    #[test]
    fn upper_bonus_is_paid_when_the_threshold_is_reached() {
        let g = Game::standard();
        let sixes = g.box_index(Number(Category::Sixes)).unwrap();
        let s = State {
            filled: 0,
            upper: 40,
            yahtzee_50: false,
        };
        let (next, bonus) = g.place(s, sixes, 24);
        assert_eq!((next.upper, bonus), (63, 35));
        let (_, bonus) = g.place(next, 0, 3);
        assert_eq!(bonus, 0);
    }

    #[test]
    fn names_round_trip_and_bad_names_are_refused() {
        let g = Game::named("painted:c2:ones,twos,yahtzee,colours,flush").unwrap();
        assert_eq!(g.name(), "painted:c2:ones,twos,yahtzee,colours,flush");
        assert_eq!(Game::named(g.name()).unwrap(), g);
        assert_eq!(g.threshold, 9);
        assert_eq!(g.box_count(), 6);
        assert_eq!(Game::named("painted").unwrap(), Game::standard());
        for bad in [
            "painted:c6:ones",
            "painted:c2:rainbow",
            "painted:c2:ones,sevens",
            "painted:c2:red",
            "paint",
        ] {
            let e = Game::named(bad).unwrap_err().to_string();
            assert!(!e.contains('\n'), "{e}");
        }
    }

    #[test]
    fn canonical_sets_cover_every_filled_set() {
        let g = Game::named("painted:c3:ones,chance,colours,flush").unwrap();
        assert_eq!(g.set_count(), 8 * 4);
        for id in 0..g.set_count() {
            assert_eq!(g.set_id(g.set_of_id(id)), id);
        }
        // Filling any one colour box gives the same canonical set.
        let red = g.box_index(Colour(0)).unwrap();
        let blue = g.box_index(Colour(2)).unwrap();
        assert_eq!(g.set_id(1 << red), g.set_id(1 << blue));
        let layers = Layers::of(&g);
        for n in 0..=g.box_count() {
            assert_eq!(layers.sets[n].len(), g.layer_len(n));
        }
        let full = g.set_count() - 1;
        assert_eq!(g.set_of_id(full).count_ones() as usize, g.box_count());
    }
}
