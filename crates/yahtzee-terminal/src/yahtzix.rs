//! `yahtzee yahtzix play`: a game of Yahtzix in the terminal against the bots of
//! `yahtzee-yahtzix` (two to eight players: the optimal bot for two, the heads-up bot at a
//! larger table), with hints and what each choice cost in chance to win; in lines
//! ([`lines`]) or full screen ([`screen`]).
//!
//! The game's turn loop (`yahtzee_yahtzix::sim::play_turn_with`) asks its players in turn,
//! so the person is a `Player` in either mode; what both modes share is here: the table,
//! how a game ended, the person's [`Seat`] (the bot's solved turn for hints), the checks
//! of a keep and the words of the results.

use yahtzee_yahtzix::party::{HeadsUpBot, MAX_PLAYERS};
use yahtzee_yahtzix::position::{spaced, Action, Advice, AdviceOption, Stage};
use yahtzee_yahtzix::score::{outcome, Counts, UNIT};
use yahtzee_yahtzix::sim::{Game, Player, TurnState};
use yahtzee_yahtzix::{Duel, Rules};

use crate::Error;

pub mod lines;
pub mod screen;

pub use lines::{play, play_recorded, play_table};

/// How the game is set up.
#[derive(Clone, Copy, Debug)]
pub struct Setup {
    /// The person plays second (the bot starts); two players only (a [`Table`] says where
    /// the person sits at a larger table).
    pub second: bool,
    /// Seed of the dice.
    pub seed: u64,
    /// Show the best options before every decision.
    pub hints: bool,
}

/// Who sits at the table: two to eight players, the person in one seat and a bot in each
/// of the others.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Table {
    pub players: usize,
    /// The person's seat, from 0 (seat 0 starts every round).
    pub seat: usize,
}

impl Table {
    /// Two players, the person first or second.
    pub fn two(second: bool) -> Table {
        Table {
            players: 2,
            seat: usize::from(second),
        }
    }

    /// `players` (2 to 8) with the person in `seat` (from 1, as the command line counts);
    /// a refusal is one line.
    pub fn new(players: usize, seat: usize) -> Result<Table, String> {
        if !(2..=MAX_PLAYERS).contains(&players) {
            return Err(format!(
                "{players} players: Yahtzix is for 2 to {MAX_PLAYERS}"
            ));
        }
        if !(1..=players).contains(&seat) {
            return Err(format!(
                "seat {seat}: the seats of {players} players are 1 to {players}"
            ));
        }
        Ok(Table {
            players,
            seat: seat - 1,
        })
    }

    /// The table `yahtzee yahtzix play` asks for: `players` with the person in `seat` (from
    /// 1; default 1), or second of two with `second`; a refusal is one line.
    pub fn asked(players: usize, seat: Option<usize>, second: bool) -> Result<Table, String> {
        if second && players != 2 {
            return Err(format!(
                "--second is for two players: give your seat of {players} with --seat"
            ));
        }
        Table::new(players, seat.unwrap_or(if second { 2 } else { 1 }))
    }

    /// The names the game shows, in seat order: `you` and `bot` for two players, else
    /// `you` and `bot 2`, `bot 3`, ... by seat.
    pub fn names(&self) -> Vec<String> {
        (0..self.players)
            .map(|s| match s {
                s if s == self.seat => "you".to_string(),
                _ if self.players == 2 => "bot".to_string(),
                s => format!("bot {}", s + 1),
            })
            .collect()
    }

    /// The names in the record (one word each): `bot2` for `bot 2`.
    pub fn record_names(&self) -> Vec<String> {
        self.names().iter().map(|n| n.replace(' ', "")).collect()
    }
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The person's score and the best of the bots' (for two players, the bot's).
    pub scores: [u32; 2],
    /// `Some(true)`: the person won alone, `Some(false)`: a bot won or the person has no
    /// share of the win; `None`: a shared win with the person in it, or a game left.
    pub person_won: Option<bool>,
    /// The person quit (or the input ended) before the end.
    pub left: bool,
    /// Every seat's score, seat 1 first.
    pub table: Vec<u32>,
    /// The seats that win or share the win (from 0; empty if the game was left).
    pub winners: Vec<usize>,
}

impl Outcome {
    /// How a game of two ended, in words.
    fn two_player_result(&self) -> &'static str {
        match self.person_won {
            None => "A tie.",
            Some(true) => "You win!",
            Some(false) => "The bot wins.",
        }
    }

    /// The game as it stands for the person in seat `me`.
    fn of(game: &Game, me: usize, left: bool) -> Outcome {
        let others = (0..game.players()).filter(|&s| s != me);
        let best = others.map(|s| game.scores[s]).max().unwrap_or(0);
        let person_won = match game.winners[..] {
            _ if left || game.winner.is_none() => None,
            [w] => Some(w == me),
            ref ws if ws.contains(&me) => None,
            _ => Some(false),
        };
        Outcome {
            scores: [game.scores[me], best],
            person_won,
            left,
            table: game.scores.clone(),
            winners: if left {
                Vec::new()
            } else {
                game.winners.clone()
            },
        }
    }
}

/// "you 150, bot 2 300, bot 3 0": every seat's score.
fn standings(names: &[String], game: &Game) -> String {
    names
        .iter()
        .zip(&game.scores)
        .map(|(n, s)| format!("{n} {s}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// "Bot 2" from "bot 2": a name that starts a sentence.
fn capital(name: &str) -> String {
    let mut c = name.chars();
    c.next()
        .map_or_else(String::new, |f| f.to_uppercase().chain(c).collect())
}

/// "a", "a and b", "a, b and c".
fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// At a table of three or more, once someone reaches the target: who has a last turn.
fn last_turns_text(names: &[String], game: &Game, reached: usize) -> String {
    let rest: Vec<String> = names[reached + 1..].to_vec();
    let who = capital(&names[reached]);
    let has = if names[reached] == "you" {
        "have"
    } else {
        "has"
    };
    format!(
        "{who} {has} reached {}: one last turn {} {}.",
        game.rules.target,
        if rest.len() == 1 { "for" } else { "each for" },
        and_list(&rest)
    )
}

/// How a game of three or more ended, in words.
fn result_text(names: &[String], game: &Game, me: usize) -> String {
    match game.winners[..] {
        [w] if w == me => "You win!".to_string(),
        [w] => format!("{} wins.", capital(&names[w])),
        ref ws if ws.contains(&me) => {
            let others: Vec<String> = ws
                .iter()
                .filter(|&&w| w != me)
                .map(|&w| names[w].clone())
                .collect();
            format!("You share the win with {}.", and_list(&others))
        }
        ref ws => {
            let all: Vec<String> = ws.iter().map(|&w| names[w].clone()).collect();
            format!("{} share the win.", capital(&and_list(&all)))
        }
    }
}

/// Plays one game in `mode` (full screen, or lines on standard input and output), writes
/// its record to `path` and returns the closing line to print.
pub fn play_in(
    mode: crate::Mode,
    duel: &Duel,
    rules: &Rules,
    setup: Setup,
    table: Table,
    path: &std::path::Path,
) -> Result<String, Error> {
    let (_, record) = match mode {
        crate::Mode::FullScreen => screen::play(duel, rules, setup, table, path)?,
        crate::Mode::Lines { .. } => mode
            .with_input(|input| play_table(duel, rules, setup, table, input, std::io::stdout()))?,
    };
    crate::file::record_written(path, &record.to_text())
}

/// "12.34%".
pub fn pct(p: f64) -> String {
    format!("{:.2}%", 100.0 * p)
}

/// "1 die", "3 dice".
pub fn dice_count(n: u8) -> String {
    if n == 1 {
        "1 die".into()
    } else {
        format!("{n} dice")
    }
}

/// The person's side of the table in either mode: the bot's solved turn for hints (the
/// optimal bot's for two players, else the heads-up bot's), the game as the person's turn
/// began, whether they quit, and the names at a table of three or more (empty for two).
pub struct Seat<'a> {
    bot: HeadsUpBot<'a>,
    rules: Rules,
    game: Option<Game>,
    quit: bool,
    names: Vec<String>,
}

impl<'a> Seat<'a> {
    fn new(bot: HeadsUpBot<'a>, rules: Rules, names: Vec<String>) -> Seat<'a> {
        Seat {
            bot,
            rules,
            game: None,
            quit: false,
            names,
        }
    }

    /// The ranked options at `stage` of this turn.
    fn advice(&self, stage: &Stage) -> Option<Advice> {
        Some(yahtzee_yahtzix::position::rank(
            &self.rules,
            self.bot.turn()?,
            stage,
        ))
    }

    /// When `action` at `stage` lost a chance to win worth saying: the best option's
    /// label and chance, and `action`'s chance.
    fn missed(&self, stage: &Stage, action: Action) -> Option<(String, f64, f64)> {
        let advice = self.advice(stage)?;
        let (best, mine) = missed(&advice, action)?;
        Some((best.label.clone(), best.win, mine.win))
    }

    /// The person's turn begins: the leftovers offered, as their total, their dice and the
    /// question's stage; `None` when none are.
    fn begin(&mut self, game: &Game) -> Option<(u32, u8, Stage)> {
        self.game = Some(game.clone());
        self.bot.start(game);
        let (total, left) = game.offer?;
        Some((total, left, Stage::Start { offer: game.offer }))
    }

    /// Whose leftovers are offered at a table of three or more: the previous seat's.
    fn offered_by(&self, game: &Game) -> Option<&str> {
        let n = self.names.len();
        (n > 0).then(|| self.names[(game.to_move + n - 1) % n].as_str())
    }

    /// Within 50 of an exact target: the person says how many of the held dice to roll.
    fn near(&self) -> bool {
        self.bot.turn().is_some_and(|t| t.near)
    }
}

/// A roll as the person decides on it: the question's stage, the turn's total if banked
/// now, whether a roll on is possible, and whether the dice have a 1 or 5 to roll on.
struct Roll {
    stage: Stage,
    bank_total: u32,
    can_roll: bool,
    reroll: bool,
}

impl Roll {
    fn of(rules: &Rules, st: &TurnState, dice: &Counts) -> Roll {
        let o = outcome(rules, *dice, st.roll == 1);
        let (points, _) = o.bank.unwrap_or_default();
        Roll {
            stage: st.rolled(dice),
            bank_total: st.total + u32::from(points) * UNIT,
            can_roll: st.roll < 3 && o.reroll,
            reroll: o.reroll,
        }
    }
}

/// The best option and `action`'s, when `action` lost a chance to win worth saying
/// (over 0.05 points of a percent).
fn missed(advice: &Advice, action: Action) -> Option<(&AdviceOption, &AdviceOption)> {
    let best = advice.options.first()?;
    let mine = advice.options.iter().find(|o| o.action == action)?;
    (best.win - mine.win > 5e-4).then_some((best, mine))
}

/// Checks dice set aside to roll on: part of the roll, fewer than in hand, all scoring.
fn check_keep(
    rules: &Rules,
    keep: Counts,
    st: &TurnState,
    dice: &Counts,
    can_roll: bool,
) -> Result<Counts, String> {
    if !can_roll {
        return Err("you cannot roll again: bank".into());
    }
    if (1..=6).any(|f| keep[f] > dice[f]) {
        return Err(format!(
            "{} is not part of your roll {}",
            spaced(&keep),
            spaced(dice)
        ));
    }
    let kept: u8 = keep.iter().sum();
    if kept == 0 {
        // Rolling on with nothing set aside would bust the turn (rule B(4)).
        return Err("set aside at least one scoring die first, or bank".into());
    }
    if kept >= st.held {
        return Err("keep fewer dice than you hold, or bank".into());
    }
    let rolled: u8 = dice.iter().sum();
    let value = if st.roll == 1 {
        yahtzee_yahtzix::score::first_roll_value(rules, &keep, rolled, true)
    } else {
        yahtzee_yahtzix::score::later_roll_value(&keep)
    };
    match value {
        Some(_) => Ok(keep),
        None => Err(format!("{} do not all score", spaced(&keep))),
    }
}

/// The probability that player `me` wins from the start of the game's next turn (two
/// players).
fn win_chance(duel: &Duel, game: &Game, me: usize) -> f64 {
    let pos = game.position();
    let rolls_free = game.offer.is_none() && game.scores.iter().all(|&s| s < game.rules.target);
    let mover = if rolls_free {
        duel.win(
            pos.seat,
            (pos.me / UNIT) as usize,
            (pos.opp / UNIT) as usize,
        )
    } else {
        0.5
    };
    if game.to_move == me {
        mover
    } else {
        1.0 - mover
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use yahtzee_yahtzix::score::parse_dice;

    #[test]
    fn the_table_the_flags_ask_for() {
        assert_eq!(Table::asked(2, None, false), Ok(Table::two(false)));
        assert_eq!(Table::asked(2, None, true), Ok(Table::two(true)));
        assert_eq!(Table::asked(5, Some(3), false).map(|t| t.seat), Ok(2));
        let second = Table::asked(3, None, true).unwrap_err();
        assert_eq!(
            second,
            "--second is for two players: give your seat of 3 with --seat"
        );
        assert!(Table::asked(3, Some(4), false).is_err());
    }

    /// Rolling on with nothing held is refused (it used to bust the turn), and a held
    /// scoring die is accepted.
    #[test]
    fn rolling_on_needs_a_die_set_aside() {
        let rules = Rules::new(300, true, false).unwrap();
        let st = TurnState {
            roll: 1,
            total: 0,
            held: 6,
        };
        let dice = parse_dice("112446").unwrap();
        let why = check_keep(&rules, [0; 7], &st, &dice, true).unwrap_err();
        assert!(why.contains("at least one scoring die"), "{why}");
        let one = parse_dice("1").unwrap();
        assert_eq!(check_keep(&rules, one, &st, &dice, true), Ok(one));
    }
}
