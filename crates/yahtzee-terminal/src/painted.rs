//! `yahtzee painted play`: a game of Painted Yahtzee in the terminal against the strategy
//! of `yahtzee-painted`, with hints and the cost of every decision; or the strategy playing
//! itself (`auto`). Lines in and out (commands typed, edited in a terminal), the dice and
//! the colour boxes in colour when the output is a terminal; [`screen`] is the full-screen
//! game. The game's record comes back to be written.

use std::io::{BufRead, Write};
use std::path::Path;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use yahtzee_painted::advice::Advisor;
use yahtzee_painted::card::Card;
use yahtzee_painted::dice::{Hand, DICE};
use yahtzee_painted::game::{Game, PaintedBox};
use yahtzee_painted::record::{box_named, keep_label, option_label, Event, Record};
use yahtzee_painted::sim::throw;
use yahtzee_painted::TurnValues;

use crate::solo::{Lines, Scored, Solo};
use crate::Error;

pub mod screen;

/// The commands, one a line (`help`, and after a command that is not one).
pub const HELP: &str = "commands:
  keep 5r 5y         keep those, roll the others (or k 5r5y); keep all: stop
  roll               reroll all five (or r)
  score flush        fill a box (or s flush; box names as on the card)
  hint               the strategy's five best choices (or h)
  card               the card (or c)
  help               this list (or ?)
  quit               stop; the game is recorded (or q)
dice: a number and a colour letter, r red, y yellow, g green, b blue, p purple";

/// How a game ended.
pub struct Outcome {
    /// The card at the end (full, or as left when the person quit).
    pub card: Card,
    /// Expected points lost against the strategy.
    pub cost: f64,
    /// Every roll and decision, ending `end` or `quit`: the game's record.
    pub record: Record,
}

/// ANSI colour codes of the five colours.
const ANSI: [&str; 5] = ["31", "33", "32", "34", "35"];

fn paint(text: &str, colour: u8, on: bool) -> String {
    if on {
        format!("\x1b[1;{}m{text}\x1b[0m", ANSI[colour as usize % 5])
    } else {
        text.to_string()
    }
}

/// Dice as `5r 5y 2g`, each in its colour when `colour`.
pub fn dice_text(hand: &Hand, colour: bool) -> String {
    hand.dice()
        .map(|d| paint(&d.to_string(), d.colour, colour))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The card within 80 columns: the number boxes on the left, the painted boxes on the
/// right (colour boxes in their colour when `colour`), then the totals.
pub fn card_text(game: &Game, card: &Card, colour: bool) -> String {
    let cell = |b: usize| {
        let label = game.boxes[b].label();
        let score = card.scores[b].map_or("-".to_string(), |s| s.to_string());
        let text = format!("{label:<17}{score:>5}");
        match game.boxes[b] {
            PaintedBox::Colour(c) => paint(&text, c, colour),
            _ => text,
        }
    };
    let left: Vec<usize> = (0..game.box_count())
        .filter(|&b| matches!(game.boxes[b], PaintedBox::Number(_)))
        .collect();
    let right: Vec<usize> = (0..game.box_count())
        .filter(|&b| !matches!(game.boxes[b], PaintedBox::Number(_)))
        .collect();
    let mut out = format!("── {} ──\n", game.name());
    for i in 0..left.len().max(right.len()) {
        let l = left.get(i).map_or(format!("{:22}", ""), |&b| cell(b));
        let r = right.get(i).map_or(String::new(), |&b| cell(b));
        let line = format!("  {l}   │ {r}");
        out += line.trim_end_matches([' ', '│']);
        out.push('\n');
    }
    let mut totals = Vec::new();
    if game.has_upper() {
        let upper = card.upper_total(game);
        let bonus = if upper >= game.threshold {
            format!("bonus {}", game.upper_bonus)
        } else {
            format!("{} more for the bonus", game.threshold - upper)
        };
        totals.push(format!("upper {upper}/{} ({bonus})", game.threshold));
    }
    if card.yahtzee_bonus > 0 {
        totals.push(format!("Yahtzee bonus {}", card.yahtzee_bonus));
    }
    totals.push(format!("total {}", card.points(game)));
    out += &format!("  {}\n", totals.join(" · "));
    out
}

/// Plays one game with the dice of `seed`: the person answers on `input` (or, with `auto`,
/// the strategy decides), everything is told on `out` (in colour when `colour`). Ends when
/// the card is full, at `quit` or at the end of the input.
#[allow(clippy::too_many_arguments)]
pub fn play(
    adv: &Advisor,
    seed: u64,
    auto: bool,
    colour: bool,
    record_path: Option<&Path>,
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> Result<Outcome, Error> {
    let game = adv.game();
    let painted = Painted {
        record_path,
        adv,
        card: Card::empty(game),
        record: Record::new(game, Some(seed)),
        rng: ChaCha8Rng::seed_from_u64(seed),
        colour,
    };
    let mut t = Lines::new(painted, auto, out);
    writeln!(
        t.out,
        "Painted Yahtzee ({}, {} strategy), seed {seed}.\n{HELP}",
        game.name(),
        adv.valuer.name()
    )?;
    let finished = t.play(input)?;
    let Painted {
        card, mut record, ..
    } = t.game;
    record.push(if finished { Event::End } else { Event::Quit });
    writeln!(t.out, "\n{}", card_text(game, &card, colour))?;
    writeln!(
        t.out,
        "{} {} · {:.3} expected points lost against the strategy",
        if finished {
            "final total"
        } else {
            "stopped at"
        },
        card.points(game),
        t.cost
    )?;
    Ok(Outcome {
        card,
        cost: t.cost,
        record,
    })
}

/// Plays one game in `mode` (full screen, or lines on standard input and output; edited
/// in a terminal), writes its record to `path` and returns the closing lines to print.
pub fn play_in(
    mode: crate::Mode,
    adv: &Advisor,
    seed: u64,
    auto: bool,
    path: &Path,
) -> Result<String, Error> {
    use std::io::IsTerminal;
    if mode == crate::Mode::FullScreen {
        let (card, cost) = screen::play(adv, seed, true, path.to_path_buf())?;
        let end = if card.is_full() {
            "final total"
        } else {
            "stopped at"
        };
        return Ok(format!(
            "{end} {} · {cost:.3} expected points lost against the strategy\ngame record: {}\n",
            card.points(adv.game()),
            path.display()
        ));
    }
    let colour = std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    let mut stdout = std::io::stdout();
    let game = mode.with_input(|mut input| {
        play(adv, seed, auto, colour, Some(path), &mut input, &mut stdout)
    })?;
    crate::file::record_written(path, &game.record.to_text())
}

/// A game of Painted Yahtzee in lines ([`Solo`]).
struct Painted<'a> {
    record_path: Option<&'a Path>,
    adv: &'a Advisor,
    card: Card,
    record: Record,
    rng: ChaCha8Rng,
    colour: bool,
}

impl Solo for Painted<'_> {
    type Dice = Hand;
    type Box = usize;
    type Turn = TurnValues<1>;
    const HELP: &'static str = HELP;

    fn is_full(&self) -> bool {
        self.card.is_full()
    }

    fn card(&self) -> String {
        card_text(self.adv.game(), &self.card, self.colour)
    }

    fn turn_title(&self, n: u32) -> String {
        format!("turn {n} of {}", self.adv.game().turns())
    }

    fn show(&self, hand: &Hand) -> String {
        dice_text(hand, self.colour)
    }

    fn start_turn(&mut self, n: u32) -> (TurnValues<1>, Hand) {
        self.record.push(Event::Turn(n));
        let values = self.adv.turn(&self.card);
        let faces = throw(&mut self.rng, self.adv.game().faces(), DICE);
        (values, Hand::from_faces(&faces))
    }

    fn rolled(&mut self, hand: Hand) {
        self.record.push(Event::Roll(hand));
        if let Some(path) = self.record_path {
            crate::file::keep_for_interrupt(path, &self.record.to_text_stopped());
        }
    }

    fn roll_on(&mut self, kept: Hand) -> Hand {
        self.record.push(Event::Keep(kept));
        let mut faces = kept.faces().to_vec();
        let faces_of_game = self.adv.game().faces();
        faces.extend(throw(&mut self.rng, faces_of_game, DICE - kept.len()));
        Hand::from_faces(&faces)
    }

    fn best_keep(&self, turn: &TurnValues<1>, hand: &Hand, left: u8) -> Hand {
        self.adv.best_keep(turn, hand, left)
    }

    fn keep_value(&self, turn: &TurnValues<1>, kept: &Hand, left: u8) -> f64 {
        turn.keep_value(&self.adv.plan, kept, left)[0]
    }

    fn keep_label(&self, _: &Hand, keep: &Hand) -> String {
        keep_label(keep)
    }

    fn auto_keep(&self, keep: &Hand) -> Option<String> {
        Some(keep_label(keep))
    }

    fn best_box(&self, hand: &Hand) -> (usize, String) {
        let m = self.adv.best_move(&self.card, hand);
        let name = self.adv.game().boxes[m.box_index].name();
        (m.box_index, name.to_string())
    }

    fn parse_keep(&self, text: &str) -> Result<Hand, String> {
        Hand::parse(text, self.adv.game().colours)
    }

    fn parse_box(&self, text: &str) -> Result<usize, String> {
        box_named(self.adv.game(), text)
    }

    fn contains(&self, hand: &Hand, kept: &Hand) -> Result<(), String> {
        if hand.contains(kept) {
            Ok(())
        } else {
            Err(format!("{kept} is not in the roll {hand}"))
        }
    }

    fn check_box(&self, hand: &Hand, b: usize) -> Result<(), String> {
        let game = self.adv.game();
        let legal: Vec<usize> = self
            .adv
            .moves(&self.card, hand)
            .iter()
            .map(|(m, _)| m.box_index)
            .collect();
        if legal.contains(&b) {
            return Ok(());
        }
        let names: Vec<&str> = legal.iter().map(|&b| game.boxes[b].name()).collect();
        Err(format!(
            "{} is not a legal box for {hand}; legal: {}",
            game.boxes[b].name(),
            names.join(", ")
        ))
    }

    fn score(&mut self, hand: &Hand, b: usize) -> Result<Scored, Error> {
        let game = self.adv.game();
        let options = self.adv.moves(&self.card, hand);
        let Some(&(m, v)) = options.iter().find(|(m, _)| m.box_index == b) else {
            return Err(Error::Game("the box was checked legal".into()));
        };
        let best = self.adv.best_move(&self.card, hand);
        let bv = options
            .iter()
            .find(|(o, _)| o.box_index == best.box_index)
            .map_or(v, |&(_, v)| v);
        self.record.push(Event::Score(b));
        self.card.apply(&m);
        let bonus = if m.yahtzee_bonus > 0 {
            " (with the Yahtzee bonus)"
        } else {
            ""
        };
        let best_box = game.boxes[best.box_index].name();
        Ok(Scored {
            cost: bv - v,
            best: format!("score {best_box} ({})", best.points()),
            told: format!(
                "scored {} points in {}{bonus}",
                m.points(),
                game.boxes[b].label()
            ),
        })
    }

    fn hint(&self, hand: &Hand, left: u8) -> Result<String, Error> {
        let a = self
            .adv
            .advise(&self.card, hand, left)
            .map_err(Error::Game)?;
        let mut text = format!("  {:<32} {:>12} {:>9}\n", "", "final total", "loss");
        for (i, o) in a.options.iter().take(5).enumerate() {
            text += &format!(
                "  {}. {:<29} {:>12.3} {:>9.3}\n",
                i + 1,
                option_label(o),
                o.value,
                o.loss
            );
        }
        Ok(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use yahtzee_painted::approx::Valuer;

    fn advisor() -> Advisor {
        let g = Game::named("painted:c2:ones,yahtzee,colours,flush").unwrap();
        Advisor::new(&g, Valuer::exact(&g))
    }

    #[test]
    fn the_strategy_plays_a_game_to_its_end_without_cost() {
        let adv = advisor();
        let mut out = Vec::new();
        let o = play(&adv, 7, true, false, None, &mut &b""[..], &mut out).unwrap();
        assert!(o.card.is_full());
        assert_eq!(o.cost, 0.0);
        assert_eq!(o.record.events.last().unwrap().1, Event::End);
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("final total"), "{text}");
        let rec = Record::parse(&o.record.to_text()).unwrap();
        let r = yahtzee_painted::record::review(&rec, &adv).unwrap();
        assert!(r.finished && r.cost < 1e-9, "{}", r.cost);
        assert_eq!(r.total, o.card.points(adv.game()));
    }

    #[test]
    fn a_person_s_game_stops_at_quit_with_bad_commands_answered() {
        let adv = advisor();
        let mut out = Vec::new();
        let script = "hint\nkeep 9z\nscore rainbow\nwhat\ncard\nk\nscore ones\nq\n";
        let o = play(&adv, 3, false, true, None, &mut script.as_bytes(), &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(o.record.events.last().unwrap().1, Event::Quit);
        assert_eq!(text.matches('✗').count(), 3, "{text}");
        assert!(text.contains("\x1b[1;31m"), "colours: {text}");
        assert!(text.contains("stopped at"), "{text}");
        let rec = Record::parse(&o.record.to_text()).unwrap();
        let r = yahtzee_painted::record::review(&rec, &adv).unwrap();
        assert!(!r.finished);
        assert!((r.cost - o.cost).abs() < 1e-9, "{} vs {}", r.cost, o.cost);
    }

    #[test]
    fn the_card_fits_80_columns() {
        let g = Game::standard();
        let card = Card::parse(&g, "ones=3 red=12 flush=50 yahtzee=50 yahtzee_bonus=100").unwrap();
        let text = card_text(&g, &card, false);
        assert!(text.lines().all(|l| l.chars().count() <= 80), "{text}");
        assert!(text.contains("Red") && text.contains("total 215"), "{text}");
    }
}
