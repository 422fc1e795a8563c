//! `yahtzee yahtzix play` in lines: the person types answers, the game is told line by
//! line (the turns, the options with their chances, what each choice cost); the bots of
//! the other seats play between.

use std::cell::RefCell;
use std::fmt::Display;
use std::io::{BufRead, Write};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use yahtzee_yahtzix::party::HeadsUpBot;
use yahtzee_yahtzix::position::{spaced, Action};
use yahtzee_yahtzix::record::Record;
use yahtzee_yahtzix::sim::{play_turn_with, Event, Game, Player, TurnEnd};
use yahtzee_yahtzix::turn::Rolls;
use yahtzee_yahtzix::{Duel, Rules};

use super::{
    capital, dice_count, last_turns_text, pct, result_text, standings, win_chance, Outcome, Seat,
    Setup, Table,
};
use crate::Error;

mod human;

use human::Human;

/// Plays one two-player game of `duel`'s rules against its optimal bot: the person answers
/// on `input`, everything is told on `out`. Ends with the game, at `q` or at the end of the
/// input.
pub fn play(
    duel: &Duel,
    rules: &Rules,
    setup: Setup,
    input: impl BufRead,
    out: impl Write,
) -> Result<Outcome, Error> {
    play_recorded(duel, rules, setup, input, out).map(|(outcome, _)| outcome)
}

/// [`play`], with the game's record (`yahtzee yahtzix review` judges it): every roll and
/// choice, as far as the game went.
pub fn play_recorded(
    duel: &Duel,
    rules: &Rules,
    setup: Setup,
    input: impl BufRead,
    out: impl Write,
) -> Result<(Outcome, Record), Error> {
    play_table(duel, rules, setup, Table::two(setup.second), input, out)
}

/// [`play_recorded`] at a table of two to eight: the person in `table.seat` (`setup.second`
/// is not read), a bot in every other seat (the heads-up bot: the two-player table against
/// the leading opponent, which for two players is the optimal bot), hints from the same
/// strategy.
pub fn play_table(
    duel: &Duel,
    rules: &Rules,
    setup: Setup,
    table: Table,
    input: impl BufRead,
    out: impl Write,
) -> Result<(Outcome, Record), Error> {
    let names = table.names();
    let two = table.players == 2;
    let mut record = Record::with_players(*rules, Some(setup.seed), table.record_names());
    let output = Output::new(out);
    let rolls = Rolls::new(rules);
    let bot_error = |e: yahtzee_yahtzix::Error| Error::Game(e.to_string());
    let mut rng = ChaCha8Rng::seed_from_u64(setup.seed);
    let me = table.seat;
    let bot = HeadsUpBot::new(duel, &rolls).map_err(bot_error)?;
    let mut human = Human {
        seat: Seat::new(
            bot.clone(),
            *rules,
            if two { Vec::new() } else { names.clone() },
        ),
        input,
        output: &output,
        hints: setup.hints,
    };
    let mut bots = vec![bot; table.players];
    let mut game = Game::with_players(rules, table.players);
    if two {
        output.line(format_args!(
            "Yahtzix to {} (seed {}). You play {}. You win {} with best play from here.",
            rules.target,
            setup.seed,
            if me == 1 { "second" } else { "first" },
            pct(win_chance(duel, &game, me))
        ));
    } else {
        output.line(format_args!(
            "Yahtzix to {} (seed {}), {} players. You play seat {} of {}; the bots play the\n\
             two-player table against the leader{}.",
            rules.target,
            setup.seed,
            table.players,
            me + 1,
            table.players,
            if setup.hints {
                ", and the hints give its chances (heads-up)"
            } else {
                ""
            }
        ));
    }
    let words = Words {
        names: &names,
        me,
        two,
    };
    let mut announced = false;
    while game.winner.is_none() {
        output.line("");
        output.line(words.heading(&game));
        let mover = game.to_move;
        let who = names[mover].as_str();
        let player: &mut dyn Player = if mover == me {
            &mut human
        } else {
            &mut bots[mover]
        };
        let end = play_turn_with(
            &mut game,
            player,
            &mut rng,
            &mut recorded(&mut record, narrate(who, rules, &output)),
        );
        if mover == me && human.quit() {
            output.line(format_args!("Game left at {}.", words.scores(&game)));
            output.check()?;
            return Ok((Outcome::of(&game, me, true), record));
        }
        report(&output, &game, mover, end, who);
        if game.last_turn && game.winner.is_none() && !announced {
            if two {
                output.line(format_args!(
                    "The first player has reached {}: one last turn for the second.",
                    rules.target
                ));
            } else {
                output.line(last_turns_text(&names, &game, mover));
                announced = true;
            }
        }
        output.check()?;
    }
    let outcome = Outcome::of(&game, me, false);
    let result = if two {
        outcome.two_player_result().to_string()
    } else {
        result_text(&names, &game, me)
    };
    output.line(format_args!("\nFinal: {}. {result}", words.scores(&game)));
    output.check()?;
    Ok((outcome, record))
}

/// How the lines name the seats: "you" and "bot" at a table of two, else the names and
/// seats.
struct Words<'n> {
    names: &'n [String],
    me: usize,
    two: bool,
}

impl Words<'_> {
    /// The scores: "you 150, bot 300" at two (the person first), else every seat's.
    fn scores(&self, game: &Game) -> String {
        if self.two {
            let me = self.me;
            format!("you {}, bot {}", game.scores[me], game.scores[1 - me])
        } else {
            standings(self.names, game)
        }
    }

    /// The line that opens a turn: whose it is, and the scores.
    fn heading(&self, game: &Game) -> String {
        let (me, mover) = (self.me, game.to_move);
        let last = if game.last_turn { " last" } else { "" };
        match (mover == me, self.two) {
            (true, true) => format!("Your turn: {}.", self.scores(game)),
            (false, true) => format!(
                "Bot's turn: bot {}, you {}.",
                game.scores[1 - me],
                game.scores[me]
            ),
            (true, false) => format!("Your{last} turn (seat {}): {}.", me + 1, self.scores(game)),
            (false, false) => format!(
                "{}'s{last} turn: {}.",
                capital(&self.names[mover]),
                self.scores(game)
            ),
        }
    }
}

/// A turn's watcher that also writes what happens into `record`.
fn recorded<'a>(
    record: &'a mut Record,
    mut watch: impl FnMut(Event) + 'a,
) -> impl FnMut(Event) + 'a {
    move |e| {
        record.observe(&e);
        watch(e)
    }
}

/// The output, shared by the person's prompts and the narration of the turn (which the
/// game's turn loop calls while the person is borrowed); the first write error is kept
/// for [`Output::check`], and ends the person's input.
pub(super) struct Output<W: Write> {
    out: RefCell<W>,
    error: RefCell<Option<std::io::Error>>,
}

impl<W: Write> Output<W> {
    fn new(out: W) -> Output<W> {
        Output {
            out: RefCell::new(out),
            error: RefCell::new(None),
        }
    }

    fn text(&self, text: impl Display) {
        if self.error.borrow().is_some() {
            return;
        }
        let mut out = self.out.borrow_mut();
        if let Err(e) = write!(out, "{text}").and_then(|()| out.flush()) {
            *self.error.borrow_mut() = Some(e);
        }
    }

    fn line(&self, text: impl Display) {
        self.text(format_args!("{text}\n"));
    }

    fn failed(&self) -> bool {
        self.error.borrow().is_some()
    }

    fn check(&self) -> Result<(), Error> {
        match self.error.borrow_mut().take() {
            Some(e) => Err(e.into()),
            None => Ok(()),
        }
    }
}

/// Tells what happens in a turn.
fn narrate<'a, W: Write>(
    who: &'a str,
    rules: &'a Rules,
    output: &'a Output<W>,
) -> impl FnMut(Event) + 'a {
    let mut roll_first = false;
    move |event| match event {
        Event::GoForIt { total, left } => output.line(format_args!(
            "{who}: go for it, {total} on {}",
            dice_count(left)
        )),
        Event::Rolled { st, dice } => {
            roll_first = st.roll == 1;
            let set = if st.total > 0 {
                format!(", {} set aside", st.total)
            } else {
                String::new()
            };
            let verb = if who == "you" { "roll" } else { "rolls" };
            output.line(format_args!(
                "{who} {verb} {} dice (roll {} of 3{set}): {}",
                dice.iter().sum::<u8>(),
                st.roll,
                spaced(&dice)
            ));
        }
        Event::Bust => output.line("  bust!"),
        Event::Chose(Action::Keep(keep)) => {
            let value = if roll_first {
                yahtzee_yahtzix::score::first_roll_value(rules, &keep, 6, true)
            } else {
                yahtzee_yahtzix::score::later_roll_value(&keep)
            };
            let (verb, roll) = if who == "you" {
                ("keep", "roll")
            } else {
                ("keeps", "rolls")
            };
            output.line(format_args!(
                "  {who} {verb} {} (+{}) and {roll} on",
                spaced(&keep),
                value.unwrap_or(0)
            ));
        }
        Event::Chose(_) => {}
    }
}

fn report<W: Write>(output: &Output<W>, game: &Game, player: usize, end: TurnEnd, who: &str) {
    match end {
        TurnEnd::Bust => output.line(format_args!("  {who}: nothing scores this turn")),
        TurnEnd::Banked { total, left } => {
            let offer = if left > 0 {
                format!("; {} left for \"Go for it\"", dice_count(left))
            } else {
                String::new()
            };
            output.line(format_args!(
                "  {who}: {total} banked, {} in all{offer}",
                game.scores[player]
            ));
        }
    }
}
