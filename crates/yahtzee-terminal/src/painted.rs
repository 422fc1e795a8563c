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
    let mut t = Table {
        record_path,
        adv,
        card: Card::empty(game),
        record: Record::new(game, Some(seed)),
        rng: ChaCha8Rng::seed_from_u64(seed),
        auto,
        colour,
        cost: 0.0,
        out,
    };
    writeln!(
        t.out,
        "Painted Yahtzee ({}, {} strategy), seed {seed}.\n{HELP}",
        game.name(),
        adv.valuer.name()
    )?;
    let mut turn = 0;
    let mut quit = false;
    while !t.card.is_full() {
        turn += 1;
        if !t.turn(turn, input)? {
            quit = true;
            break;
        }
    }
    t.record.push(if quit { Event::Quit } else { Event::End });
    writeln!(t.out, "\n{}", card_text(game, &t.card, colour))?;
    writeln!(
        t.out,
        "{} {} · {:.3} expected points lost against the strategy",
        if quit { "stopped at" } else { "final total" },
        t.card.points(game),
        t.cost
    )?;
    Ok(Outcome {
        card: t.card,
        cost: t.cost,
        record: t.record,
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
    crate::file::write_record(path, &game.record.to_text())?;
    crate::file::forget_for_interrupt();
    Ok(format!("game record: {}\n", path.display()))
}

/// A game in the terminal.
struct Table<'a, W: Write> {
    record_path: Option<&'a Path>,
    adv: &'a Advisor,
    card: Card,
    record: Record,
    rng: ChaCha8Rng,
    auto: bool,
    colour: bool,
    /// Expected points lost against the strategy.
    cost: f64,
    out: &'a mut W,
}

/// What a person typed.
enum Input {
    Keep(Hand),
    KeepAll,
    Score(usize),
    Hint,
    Card,
    Help,
    Quit,
}

impl<W: Write> Table<'_, W> {
    /// Plays one turn; returns false when the person quits.
    fn turn(&mut self, n: u32, input: &mut impl BufRead) -> Result<bool, Error> {
        let game = self.adv.game();
        let faces = game.faces();
        self.record.push(Event::Turn(n));
        let values = self.adv.turn(&self.card);
        let mut hand = Hand::from_faces(&throw(&mut self.rng, faces, DICE));
        let mut left = 2u8;
        let mut rolled = true;
        writeln!(
            self.out,
            "\n{}turn {n} of {}",
            card_text(game, &self.card, self.colour),
            game.turns()
        )?;
        loop {
            if rolled {
                self.record.push(Event::Roll(hand));
                if let Some(path) = self.record_path {
                    crate::file::keep_for_interrupt(path, &self.record.to_text_stopped());
                }
                writeln!(
                    self.out,
                    "roll: {}   ({left} reroll(s) left)",
                    dice_text(&hand, self.colour)
                )?;
            }
            let best_keep = (left > 0).then(|| self.adv.best_keep(&values, &hand, left));
            let Some(choice) = self.ask(input, &hand, left, best_keep)? else {
                return Ok(false);
            };
            // Stopping early (keeping all five, or scoring with rerolls left) is a keep.
            let kept = match choice {
                Input::Keep(k) => k,
                _ => hand,
            };
            if let Some(best) = best_keep {
                let v = |h: &Hand| values.keep_value(&self.adv.plan, h, left)[0];
                self.judge(v(&best) - v(&kept), &keep_label(&best))?;
            }
            match choice {
                Input::Score(b) => {
                    self.score(&hand, b)?;
                    return Ok(true);
                }
                _ if kept == hand => {
                    left = 0;
                    rolled = false;
                    writeln!(
                        self.out,
                        "stopping with {}: score it",
                        dice_text(&hand, self.colour)
                    )?;
                }
                _ => {
                    self.record.push(Event::Keep(kept));
                    let mut f = kept.faces().to_vec();
                    f.extend(throw(&mut self.rng, faces, DICE - kept.len()));
                    hand = Hand::from_faces(&f);
                    left -= 1;
                    rolled = true;
                }
            }
        }
    }

    /// The next keep or legal score (None: quit); hints, the card and help on the way.
    fn ask(
        &mut self,
        input: &mut impl BufRead,
        hand: &Hand,
        left: u8,
        best_keep: Option<Hand>,
    ) -> Result<Option<Input>, Error> {
        loop {
            let got = if self.auto {
                self.auto_choice(hand, best_keep)?
            } else {
                read(self.adv.game(), input, &mut self.out, left)?
            };
            let got = match got {
                Input::KeepAll => Input::Keep(*hand),
                other => other,
            };
            match got {
                Input::Hint => self.hint(hand, left)?,
                Input::Card => write!(
                    self.out,
                    "{}",
                    card_text(self.adv.game(), &self.card, self.colour)
                )?,
                Input::Help => writeln!(self.out, "{HELP}")?,
                Input::Quit => return Ok(None),
                Input::Keep(_) if left == 0 => writeln!(self.out, "no rerolls left: score it")?,
                Input::Keep(k) if !hand.contains(&k) => {
                    writeln!(self.out, "{k} is not in the roll {hand}")?
                }
                Input::Score(b) if !self.legal(hand).contains(&b) => {
                    let game = self.adv.game();
                    let legal: Vec<&str> = self
                        .legal(hand)
                        .iter()
                        .map(|&b| game.boxes[b].name())
                        .collect();
                    writeln!(
                        self.out,
                        "{} is not a legal box for {hand}; legal: {}",
                        game.boxes[b].name(),
                        legal.join(", ")
                    )?;
                }
                other => return Ok(Some(other)),
            }
        }
    }

    fn legal(&self, hand: &Hand) -> Vec<usize> {
        self.adv
            .moves(&self.card, hand)
            .iter()
            .map(|(m, _)| m.box_index)
            .collect()
    }

    /// Writes the roll in box `b`, a legal one.
    fn score(&mut self, hand: &Hand, b: usize) -> Result<(), Error> {
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
        self.judge(
            bv - v,
            &format!(
                "score {} ({})",
                game.boxes[best.box_index].name(),
                best.points()
            ),
        )?;
        self.record.push(Event::Score(b));
        self.card.apply(&m);
        writeln!(
            self.out,
            "scored {} points in {}{}",
            m.points(),
            game.boxes[b].label(),
            if m.yahtzee_bonus > 0 {
                " (with the Yahtzee bonus)"
            } else {
                ""
            }
        )?;
        Ok(())
    }

    fn judge(&mut self, cost: f64, best: &str) -> Result<(), Error> {
        if cost > 1e-9 {
            self.cost += cost;
            writeln!(
                self.out,
                "  (costs {cost:.3} expected points; the strategy's choice: {best})"
            )?;
        }
        Ok(())
    }

    fn hint(&mut self, hand: &Hand, left: u8) -> Result<(), Error> {
        let a = self
            .adv
            .advise(&self.card, hand, left)
            .map_err(Error::Game)?;
        writeln!(self.out, "  {:<32} {:>12} {:>9}", "", "final total", "loss")?;
        for (i, o) in a.options.iter().take(5).enumerate() {
            writeln!(
                self.out,
                "  {}. {:<29} {:>12.3} {:>9.3}",
                i + 1,
                option_label(o),
                o.value,
                o.loss
            )?;
        }
        Ok(())
    }

    fn auto_choice(&mut self, hand: &Hand, best_keep: Option<Hand>) -> Result<Input, Error> {
        Ok(match best_keep {
            Some(k) if k != *hand => {
                writeln!(self.out, "> {}", keep_label(&k))?;
                Input::Keep(k)
            }
            _ => {
                let m = self.adv.best_move(&self.card, hand);
                writeln!(
                    self.out,
                    "> score {}",
                    self.adv.game().boxes[m.box_index].name()
                )?;
                Input::Score(m.box_index)
            }
        })
    }
}

/// Reads one command; end of input quits.
fn read(
    game: &Game,
    input: &mut impl BufRead,
    out: &mut impl Write,
    left: u8,
) -> Result<Input, Error> {
    loop {
        write!(out, "{}> ", if left > 0 { "keep/score" } else { "score" })?;
        out.flush()?;
        let mut line = String::new();
        if input.read_line(&mut line)? == 0 {
            return Ok(Input::Quit);
        }
        let l = line.trim();
        let (word, rest) = l.split_once(char::is_whitespace).unwrap_or((l, ""));
        let rest = rest.trim();
        let parsed = match word.to_ascii_lowercase().as_str() {
            "" => continue,
            "k" | "keep" if rest.is_empty() => Ok(Input::Keep(Hand::default())),
            "k" | "keep" if rest.eq_ignore_ascii_case("all") => Ok(Input::KeepAll),
            "k" | "keep" => Hand::parse(rest, game.colours).map(Input::Keep),
            "r" | "roll" => Ok(Input::Keep(Hand::default())),
            "s" | "score" => box_named(game, rest).map(Input::Score),
            "h" | "hint" => Ok(Input::Hint),
            "c" | "card" => Ok(Input::Card),
            "help" | "?" => Ok(Input::Help),
            "q" | "quit" => Ok(Input::Quit),
            _ => Err(format!(
                "unknown command '{}'",
                yahtzee_rules::one_line(word)
            )),
        };
        match parsed {
            Ok(i) => return Ok(i),
            Err(e) => writeln!(out, "✗ {e} (help lists the commands)")?,
        }
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
