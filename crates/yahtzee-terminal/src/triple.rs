//! `yahtzee triple play`: a game of Triple Yahtzee in the terminal against the strategy of
//! `yahtzee-triple`, with hints and the cost of every decision; or the strategy playing
//! itself (`auto`). The game's record comes back to be written.

use std::io::{BufRead, Write};
use std::path::Path;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use yahtzee_rules::{tables, Dice};
use yahtzee_triple::advice::{keep_label, rank};
use yahtzee_triple::record::{self, best_of, move_label, Event, Record};
use yahtzee_triple::sim::roll_dice;
use yahtzee_triple::{Player, TripleCard, Variant};

use crate::Error;

/// The commands, one a line (`help`, and after a command that is not one).
pub const HELP: &str = "commands:
  keep 3 3 5         keep those, roll the others (or k 335); keep all: stop
  roll               reroll all five (or r)
  score 2 full_house fill a column's box (or s 2 fh: column 1-3, box)
  hint               the strategy's five best choices (or h)
  card               the card (or c)
  help               this list (or ?)
  quit               stop; the game is recorded (or q)";

pub mod screen;

/// How a game ended.
pub struct Outcome {
    /// The card at the end (full, or as left when the person quit).
    pub card: TripleCard,
    /// Expected points lost against the strategy.
    pub cost: f64,
    /// Every roll and decision, to be written as the game's record.
    pub record: Record,
}

impl Outcome {
    /// The record as the text of its file.
    pub fn record_text(&self, player: &Player) -> String {
        self.record.to_text(&player.game())
    }
}

/// Plays one game with the dice of `seed`: the person answers on `input` (or, with `auto`,
/// the strategy decides), everything is told on `out`. Ends when the card is full, at
/// `quit` or at the end of the input.
pub fn play(
    player: &Player,
    variant: Variant,
    seed: u64,
    auto: bool,
    record_path: Option<&Path>,
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> Result<Outcome, Error> {
    let mut t = Table {
        record_path,
        player,
        card: TripleCard::new(player.game()),
        record: Record::new(variant, Some(seed)),
        rng: ChaCha8Rng::seed_from_u64(seed),
        auto,
        cost: 0.0,
        out,
    };
    writeln!(
        t.out,
        "Triple Yahtzee ({} rules), seed {seed}.\n{HELP}",
        variant.name()
    )?;
    let mut turn = 0;
    while !t.card.is_full() {
        turn += 1;
        if !t.turn(turn, input)? {
            break;
        }
    }
    writeln!(t.out, "\n{}", t.card.display())?;
    writeln!(
        t.out,
        "final total {} · {:.3} expected points lost against the strategy",
        t.card.total(),
        t.cost
    )?;
    Ok(Outcome {
        card: t.card,
        cost: t.cost,
        record: t.record,
    })
}

/// Plays one game in `mode` (full screen, or lines on standard input and output), writes
/// its record to `path` and returns the closing lines to print.
pub fn play_in(
    mode: crate::Mode,
    player: &Player,
    variant: Variant,
    seed: u64,
    auto: bool,
    hints: bool,
    path: &Path,
) -> Result<String, Error> {
    if mode == crate::Mode::FullScreen {
        let (card, cost) = screen::play(player, variant, seed, hints, path.to_path_buf())?;
        let total = card.total();
        return Ok(format!(
            "final total {total} · {cost:.3} expected points lost\ngame record: {}\n",
            path.display()
        ));
    }
    let mut stdout = std::io::stdout();
    let game = mode.with_input(|mut input| {
        play(
            player,
            variant,
            seed,
            auto,
            Some(path),
            &mut input,
            &mut stdout,
        )
    })?;
    crate::file::write_record(path, &game.record_text(player))?;
    crate::file::forget_for_interrupt();
    Ok(format!("game record: {}\n", path.display()))
}

/// A game in the terminal.
struct Table<'a, W: Write> {
    /// Where the record goes, kept current for Ctrl-C ([`crate::file::keep_for_interrupt`]).
    record_path: Option<&'a Path>,
    player: &'a Player,
    card: TripleCard,
    record: Record,
    rng: ChaCha8Rng,
    auto: bool,
    /// Expected points lost against the strategy.
    cost: f64,
    out: &'a mut W,
}

/// What a person typed.
enum Input {
    Keep(Dice),
    /// Keep all five: stop rolling.
    KeepAll,
    Score(usize, usize),
    Hint,
    Card,
    Help,
    Quit,
}

impl<W: Write> Table<'_, W> {
    /// Plays one turn; returns false when the person quits.
    fn turn(&mut self, n: u32, input: &mut impl BufRead) -> Result<bool, Error> {
        self.record.push(Event::Turn(n));
        let values = self.player.turn(&self.card.state());
        let mut dice = roll_dice(Dice::EMPTY, &mut self.rng);
        let mut left = 2u8;
        let mut rolled = true;
        writeln!(self.out, "\n{}\nturn {n}", self.card.display())?;
        loop {
            if rolled {
                self.record.push(Event::Roll(dice));
                if let Some(path) = self.record_path {
                    let text = self.record.to_text(&self.player.game());
                    crate::file::keep_for_interrupt(path, &text);
                }
                writeln!(
                    self.out,
                    "roll: {}   ({left} reroll(s) left)",
                    dice.spaced()
                )?;
            }
            let best_keep = (left > 0).then(|| values.best_keep(&dice, left));
            let Some(choice) = self.ask(input, &dice, left, best_keep)? else {
                return Ok(false);
            };
            // Stopping early (keeping all five, or scoring with rerolls left) is a keep.
            let kept = match choice {
                Input::Keep(k) => k,
                _ => dice,
            };
            if let Some(best) = best_keep {
                let v = values.keeps(left);
                self.judge(v[best][0] - v[kept.index()][0], &keep_label(&dice, best))?;
            }
            match choice {
                Input::Score(c, b) => {
                    self.score(&dice, c, b)?;
                    return Ok(true);
                }
                _ if kept == dice => {
                    left = 0;
                    rolled = false;
                    writeln!(self.out, "stopping with {}: score it", dice.spaced())?;
                }
                _ => {
                    self.record.push(Event::Keep(kept));
                    dice = roll_dice(kept, &mut self.rng);
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
        dice: &Dice,
        left: u8,
        best_keep: Option<usize>,
    ) -> Result<Option<Input>, Error> {
        loop {
            let got = if self.auto {
                self.auto_choice(dice, best_keep)?
            } else {
                read(&self.player.game(), input, &mut self.out, left)?
            };
            let got = match got {
                Input::KeepAll => Input::Keep(*dice),
                other => other,
            };
            match got {
                Input::Hint => self.hint(dice, left)?,
                Input::Card => writeln!(self.out, "{}", self.card.display())?,
                Input::Help => writeln!(self.out, "{HELP}")?,
                Input::Quit => return Ok(None),
                Input::Keep(_) if left == 0 => writeln!(self.out, "no rerolls left: score it")?,
                Input::Keep(k) if !dice.contains(&k) => {
                    writeln!(self.out, "{} is not in the roll", k.spaced())?
                }
                Input::Score(c, b) if !self.is_legal(dice, c, b) => {
                    let legal: Vec<String> = self
                        .player
                        .game()
                        .moves(&self.card.state(), dice)
                        .iter()
                        .map(|m| move_label(&self.player.game(), m))
                        .collect();
                    writeln!(
                        self.out,
                        "not a legal box for {}; legal: {}",
                        dice.spaced(),
                        legal.join(", ")
                    )?;
                }
                other => return Ok(Some(other)),
            }
        }
    }

    fn is_legal(&self, dice: &Dice, c: usize, b: usize) -> bool {
        self.player
            .game()
            .moves(&self.card.state(), dice)
            .iter()
            .any(|m| m.col == c && m.box_index == b)
    }

    /// Writes the roll in (`c`, `b`), a legal box.
    fn score(&mut self, dice: &Dice, c: usize, b: usize) -> Result<(), Error> {
        let s = self.card.state();
        let options = self.player.move_values(&s, dice);
        let Some(&(m, v)) = options.iter().find(|(m, _)| m.col == c && m.box_index == b) else {
            return Err(Error::Game("the box was checked legal".into()));
        };
        let (bm, bv) = best_of(&options);
        self.judge(
            bv - v,
            &format!("score {}", move_label(&self.player.game(), &bm)),
        )?;
        self.record.push(Event::Score(c, b));
        self.card.apply(&m, dice.five_of_a_kind().is_some());
        writeln!(
            self.out,
            "scored {} points: {}",
            m.points,
            move_label(&self.player.game(), &m)
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

    fn hint(&mut self, dice: &Dice, left: u8) -> Result<(), Error> {
        for (i, (o, v)) in rank(self.player, &self.card, dice, left)
            .iter()
            .take(5)
            .enumerate()
        {
            writeln!(self.out, "  {}. {o:<28} {v:>10.3}", i + 1)?;
        }
        Ok(())
    }

    fn auto_choice(&mut self, dice: &Dice, best_keep: Option<usize>) -> Result<Input, Error> {
        Ok(match best_keep {
            Some(k) if k != dice.index() => Input::Keep(tables().keep(k)),
            _ => {
                let m = self.player.best_move(&self.card.state(), dice);
                writeln!(
                    self.out,
                    "> score {} {}",
                    m.col + 1,
                    self.player.game().rules.boxes[m.box_index].name()
                )?;
                Input::Score(m.col, m.box_index)
            }
        })
    }
}

/// Reads one command; end of input quits.
fn read(
    game: &yahtzee_triple::Triple,
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
        let parsed = match word.to_ascii_lowercase().as_str() {
            "" => continue,
            "k" | "keep" if rest.trim().is_empty() => Ok(Input::Keep(Dice::EMPTY)),
            "k" | "keep" if rest.trim().eq_ignore_ascii_case("all") => Ok(Input::KeepAll),
            "k" | "keep" => Dice::parse_keep(rest)
                .map(Input::Keep)
                .map_err(|e| e.to_string()),
            "r" | "roll" => Ok(Input::Keep(Dice::EMPTY)),
            "s" | "score" => match record::parse_score(game, rest.trim()) {
                Ok(Event::Score(c, b)) => Ok(Input::Score(c, b)),
                Ok(_) => Err("bad score".to_string()),
                Err(e) => Err(e),
            },
            "h" | "hint" => Ok(Input::Hint),
            "c" | "card" => Ok(Input::Card),
            "help" | "?" => Ok(Input::Help),
            "q" | "quit" => Ok(Input::Quit),
            _ => Err(format!("unknown command '{word}'")),
        };
        match parsed {
            Ok(i) => return Ok(i),
            Err(e) => writeln!(out, "✗ {e} (help lists the commands)")?,
        }
    }
}
