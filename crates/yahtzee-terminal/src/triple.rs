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
use yahtzee_triple::{Player, TripleCard, Turn, Variant};

use crate::solo::{Lines, Scored, Solo};
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
    let game = Game {
        record_path,
        player,
        card: TripleCard::new(player.game()),
        record: Record::new(variant, Some(seed)),
        rng: ChaCha8Rng::seed_from_u64(seed),
    };
    let mut t = Lines::new(game, auto, out);
    writeln!(
        t.out,
        "Triple Yahtzee ({} rules), seed {seed}.\n{HELP}",
        variant.name()
    )?;
    t.play(input)?;
    let card = t.game.card;
    writeln!(t.out, "\n{}", card.display())?;
    writeln!(
        t.out,
        "final total {} · {:.3} expected points lost against the strategy",
        card.total(),
        t.cost
    )?;
    Ok(Outcome {
        card,
        cost: t.cost,
        record: t.game.record,
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
    crate::file::record_written(path, &game.record_text(player))
}

/// A game of Triple Yahtzee in lines ([`Solo`]).
struct Game<'a> {
    /// Where the record goes, kept current for Ctrl-C ([`crate::file::keep_for_interrupt`]).
    record_path: Option<&'a Path>,
    player: &'a Player,
    card: TripleCard,
    record: Record,
    rng: ChaCha8Rng,
}

impl Solo for Game<'_> {
    type Dice = Dice;
    /// A column and a box.
    type Box = (usize, usize);
    type Turn = Turn;
    const HELP: &'static str = HELP;

    fn is_full(&self) -> bool {
        self.card.is_full()
    }

    fn card(&self) -> String {
        format!("{}\n", self.card.display())
    }

    fn turn_title(&self, n: u32) -> String {
        format!("turn {n}")
    }

    fn show(&self, dice: &Dice) -> String {
        dice.spaced()
    }

    fn start_turn(&mut self, n: u32) -> (Turn, Dice) {
        self.record.push(Event::Turn(n));
        let values = self.player.turn(&self.card.state());
        (values, roll_dice(Dice::EMPTY, &mut self.rng))
    }

    fn rolled(&mut self, dice: Dice) {
        self.record.push(Event::Roll(dice));
        if let Some(path) = self.record_path {
            let text = self.record.to_text(&self.player.game());
            crate::file::keep_for_interrupt(path, &text);
        }
    }

    fn roll_on(&mut self, kept: Dice) -> Dice {
        self.record.push(Event::Keep(kept));
        roll_dice(kept, &mut self.rng)
    }

    fn best_keep(&self, turn: &Turn, dice: &Dice, left: u8) -> Dice {
        tables().keep(turn.best_keep(dice, left))
    }

    fn keep_value(&self, turn: &Turn, kept: &Dice, left: u8) -> f64 {
        turn.keeps(left)[kept.index()][0]
    }

    fn keep_label(&self, dice: &Dice, keep: &Dice) -> String {
        keep_label(dice, keep.index())
    }

    fn auto_keep(&self, _: &Dice) -> Option<String> {
        None
    }

    fn best_box(&self, dice: &Dice) -> ((usize, usize), String) {
        let m = self.player.best_move(&self.card.state(), dice);
        let name = self.player.game().rules.boxes[m.box_index].name();
        ((m.col, m.box_index), format!("{} {name}", m.col + 1))
    }

    fn parse_keep(&self, text: &str) -> Result<Dice, String> {
        Dice::parse_keep(text).map_err(|e| e.to_string())
    }

    fn parse_box(&self, text: &str) -> Result<(usize, usize), String> {
        match record::parse_score(&self.player.game(), text)? {
            Event::Score(c, b) => Ok((c, b)),
            _ => Err("bad score".to_string()),
        }
    }

    fn contains(&self, dice: &Dice, kept: &Dice) -> Result<(), String> {
        if dice.contains(kept) {
            Ok(())
        } else {
            Err(format!("{} is not in the roll", kept.spaced()))
        }
    }

    fn check_box(&self, dice: &Dice, (c, b): (usize, usize)) -> Result<(), String> {
        let game = self.player.game();
        let moves = game.moves(&self.card.state(), dice);
        if moves.iter().any(|m| m.col == c && m.box_index == b) {
            return Ok(());
        }
        let legal: Vec<String> = moves.iter().map(|m| move_label(&game, m)).collect();
        Err(format!(
            "not a legal box for {}; legal: {}",
            dice.spaced(),
            legal.join(", ")
        ))
    }

    fn score(&mut self, dice: &Dice, (c, b): (usize, usize)) -> Result<Scored, Error> {
        let game = self.player.game();
        let options = self.player.move_values(&self.card.state(), dice);
        let Some(&(m, v)) = options.iter().find(|(m, _)| m.col == c && m.box_index == b) else {
            return Err(Error::Game("the box was checked legal".into()));
        };
        let (bm, bv) = best_of(&options);
        self.record.push(Event::Score(c, b));
        self.card.apply(&m, dice.five_of_a_kind().is_some());
        Ok(Scored {
            cost: bv - v,
            best: format!("score {}", move_label(&game, &bm)),
            told: format!("scored {} points: {}", m.points, move_label(&game, &m)),
        })
    }

    fn hint(&self, dice: &Dice, left: u8) -> Result<String, Error> {
        let ranked = rank(self.player, &self.card, dice, left);
        Ok(ranked
            .iter()
            .take(5)
            .enumerate()
            .map(|(i, (o, v))| format!("  {}. {o:<28} {v:>10.3}\n", i + 1))
            .collect())
    }
}
