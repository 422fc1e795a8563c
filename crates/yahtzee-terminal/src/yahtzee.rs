//! `yahtzee play`: a game of Yahtzee in the terminal for people and optimal bots, with
//! hints, the cost of every decision and a game record; or bots only, game after game
//! (`auto`). [`seats`] checks who plays, [`play_games`] plays: each game in lines
//! (`lines`) or full screen ([`screen`]), both through one [`table::Table`].

use std::io::{BufRead, Write};
use std::path::PathBuf;

use yahtzee_advice::Advisor;
use yahtzee_play::{Aim, Bots, Event, Game, Record};
use yahtzee_rules::{RuleSet, Scorecard};

use crate::Error;

mod lines;
pub mod screen;
pub mod table;

use lines::Session;

/// Who sits at the table, in turn order: each seat's name and whether it is a bot, and what
/// each seat's bot plays for.
#[derive(Clone, Debug, PartialEq)]
pub struct Seats {
    pub seats: Vec<(String, bool)>,
    pub aims: Vec<Aim>,
}

/// The seats of `people` (names; "You" when none are named) then `bots` (name and aim);
/// with `auto` (bots only), the bots, or two expected-score bots. Names must be non-empty,
/// one line and different.
pub fn seats(people: &[String], bots: &[(String, Aim)], auto: bool) -> Result<Seats, Error> {
    let mut seats: Vec<(String, bool)> = people
        .iter()
        .map(|n| (n.trim().to_string(), false))
        .collect();
    if seats.is_empty() && !auto {
        seats.push(("You".into(), false));
    }
    if auto && !seats.is_empty() {
        return Err(Error::Game(
            "--auto plays bots only: name them with --bot".into(),
        ));
    }
    let mut aims = vec![Aim::Expected; seats.len()];
    for (name, aim) in bots {
        seats.push((name.clone(), true));
        aims.push(*aim);
    }
    if seats.is_empty() {
        seats = if auto {
            vec![("Bot 1".into(), true), ("Bot 2".into(), true)]
        } else {
            vec![("You".into(), false)]
        };
        aims = vec![Aim::Expected; seats.len()];
    }
    if let Some(bad) = seats.iter().find(|(n, _)| n.is_empty() || n.contains('\n')) {
        return Err(Error::Game(format!("bad player name '{}'", bad.0)));
    }
    for (i, (n, _)) in seats.iter().enumerate() {
        if seats[..i].iter().any(|(m, _)| m == n) {
            return Err(Error::Game(format!("two players are called '{n}'")));
        }
    }
    Ok(Seats { seats, aims })
}

/// A run of games at one table.
pub struct Games<'a> {
    pub rules: &'static RuleSet,
    pub advisor: &'a Advisor,
    pub bots: &'a Bots<'a>,
    pub seats: &'a Seats,
    /// Seed of the first game's dice; game `g` uses `seed + g`.
    pub seed: u64,
    /// Games to play (more than one: bots only).
    pub games: u64,
    /// Bots only: a line per game instead of the standings.
    pub auto: bool,
    /// The dice are typed in (all showing) instead of rolled.
    pub dice_from_input: bool,
    /// Cards and bot moves told (not with `--quiet`).
    pub verbose: bool,
    /// The record file given (default: `records/game-<seed>.txt`; numbered with more games).
    pub record: Option<PathBuf>,
    /// Full screen ([`screen`]) instead of lines: for one game with a person, in a terminal.
    pub full_screen: bool,
    /// Hints on: the verdict after each decision (line mode and full screen), the cost
    /// column and the suggested dice (full screen). `h` asks for a hint either way.
    pub hints: bool,
}

/// One finished (or stopped) game.
pub struct Played {
    pub game: Game,
    pub record: Record,
    /// Expected points each seat lost against optimal play.
    pub costs: Vec<f64>,
    /// Played to the end (not quit, input not ended).
    pub finished: bool,
}

/// Plays `games.games` games, reading the people's commands (or dice) from `input` and
/// telling everything on `out`; writes each game's record and, with more than one game,
/// the average totals. Returns the games.
pub fn play_games(
    games: &Games,
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> Result<Vec<Played>, Error> {
    let many = games.games > 1;
    let mut results = Vec::new();
    for g in 0..games.games {
        let game_seed = games.seed.wrapping_add(g);
        let file = record_path(&games.record, game_seed, many, g);
        // Full screen, the game is played and its record written on the screen; the lines
        // go on after it with the standings.
        let (mut table, finished) = if games.full_screen && !many {
            let t = screen::play(games, game_seed, games.hints, file.clone())?;
            let finished = t.game.is_over();
            (Session::from_table(games, t, file.clone(), out), finished)
        } else {
            let mut table = Session::new(games, game_seed, file.clone(), out);
            let finished = table.play(input)?;
            crate::file::write_record(&file, &table.t.record.to_text())?;
            (table, finished)
        };
        crate::file::forget_for_interrupt();
        if games.auto {
            let totals: Vec<String> = table
                .t
                .game
                .players()
                .iter()
                .map(|p| format!("{} {}", p.name, p.card.total()))
                .collect();
            table.say(format!(
                "game {} (seed {game_seed}): {} · record {}",
                g + 1,
                totals.join(", "),
                file.display()
            ));
        } else {
            table.standings(finished);
            table.say(format!("game record: {}", file.display()));
        }
        table.flush()?;
        crate::file::forget_for_interrupt();
        results.push(Played {
            game: table.t.game,
            record: table.t.record,
            costs: table.t.costs,
            finished,
        });
    }
    if many {
        let mut text = String::from("\naverage over the games:\n");
        for (i, (name, _)) in games.seats.seats.iter().enumerate() {
            let mean = results
                .iter()
                .map(|p| f64::from(p.game.players()[i].card.total()))
                .sum::<f64>()
                / results.len() as f64;
            text += &format!("  {name:<12} {mean:.1}\n");
        }
        print(out, &text)?;
    }
    Ok(results)
}

/// Writes `text`; a closed pipe (`| head`) is not an error.
fn print(out: &mut (impl Write + ?Sized), text: &str) -> Result<(), Error> {
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(e.into()),
        _ => Ok(()),
    }
}

/// Where game `g` of a run is recorded: the file given (numbered `-1`, `-2`, ... before its
/// extension when there are many games), else `records/game-<seed>.txt`.
pub fn record_path(given: &Option<PathBuf>, seed: u64, many: bool, g: u64) -> PathBuf {
    let base = given
        .clone()
        .unwrap_or_else(|| PathBuf::from(format!("records/game-{seed}.txt")));
    if !many || given.is_none() {
        return base;
    }
    let stem = base
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let ext = base
        .extension()
        .map(|e| format!(".{}", e.to_string_lossy()))
        .unwrap_or_default();
    base.with_file_name(format!("{stem}-{}{ext}", g + 1))
}

/// The commands, one a line (`help`, and after a command that is not one).
pub const HELP: &str = "commands:
  keep 3 3 5     keep those dice and roll the others (or k 335); keep all
  roll           reroll all five (or r)
  score BOX      fill a box: score full_house, or just fh, or its name
  hint           the best and the next best choice (or h)
  undo           take back your last choice (its cost still counts)
  boxes          what each open box would score with these dice (or b)
  card           everyone's card (or c)
  help           this list (or ?)
  quit           stop; the game is recorded (or q)
house rules:
  mulligan 3 3   after the third roll: keep those and roll the others once more
  cc             chance-chance: reroll all five into Chance
  sixth die      offered before a turn's first roll (mega-yahtzee)";

/// A bot's decision as the table tells it.
pub fn bot_move(event: &Event) -> String {
    match event {
        Event::Keep(k) if k.is_empty() => "rerolls all".to_string(),
        Event::Keep(k) => format!("keeps {k}"),
        Event::Score(c) => format!("scores {}", c.label()),
        Event::Mulligan(k) => format!("spends the mulligan keeping {}", k.spaced()),
        Event::ChanceChance => "goes chance-chance".to_string(),
        Event::SixthDie => "takes the sixth die".to_string(),
        _ => String::new(),
    }
}

/// A card as a small table: each box with its score or a dot, the upper subtotal and bonus
/// progress, Yahtzee bonuses and the total.
pub fn card_text(card: &Scorecard) -> String {
    let rules = card.rules();
    let mut cells = Vec::new();
    for &c in rules.boxes {
        let v = card.score(c).map_or("·".to_string(), |s| s.to_string());
        cells.push(format!("{:>15} {:>3}", c.label(), v));
    }
    let mut lines: Vec<String> = cells.chunks(3).map(|c| c.join("  ")).collect();
    let upper = card.upper_total();
    let bonus = if upper >= rules.upper_threshold {
        format!("bonus {} earned", rules.upper_bonus)
    } else {
        format!(
            "{} more for the {} bonus",
            rules.upper_threshold - upper,
            rules.upper_bonus
        )
    };
    let mut tail = format!("  upper {upper} ({bonus})");
    if rules.yahtzee_bonus > 0 {
        tail += &format!(" · yahtzee bonus {}", card.yahtzee_bonus());
    }
    if rules.house.mega_yahtzee {
        tail += &match (card.mega_used(), card.mega_bonus()) {
            (false, _) => " · sixth die in hand".to_string(),
            (true, 0) => " · sixth die used".to_string(),
            (true, b) => format!(" · mega bonus {b}"),
        };
    }
    tail += &format!(" · total {}", card.total());
    // Two lines where one would pass 80 columns.
    match tail.char_indices().rfind(|&(i, c)| c == '·' && i < 76) {
        Some((i, _)) if tail.chars().count() > 78 => {
            lines.push(tail[..i].trim_end().to_string());
            lines.push(format!("  {}", tail[i + '·'.len_utf8()..].trim_start()));
        }
        _ => lines.push(tail),
    }
    lines.join("\n")
}
