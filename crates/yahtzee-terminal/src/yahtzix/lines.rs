//! `yahtzee yahtzix play` in lines: the person types answers, the game is told line by
//! line (the turns, the options with their chances, what each choice cost); the bots of
//! the other seats play between.

use std::cell::RefCell;
use std::fmt::Display;
use std::io::{BufRead, Write};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use yahtzee_yahtzix::party::HeadsUpBot;
use yahtzee_yahtzix::position::{keep_dice, spaced, Action, Advice, Stage};
use yahtzee_yahtzix::record::Record;
use yahtzee_yahtzix::score::{outcome, parse_dice, show_dice, Counts};
use yahtzee_yahtzix::sim::{play_turn_with, Event, Game, Player, TurnEnd, TurnState};
use yahtzee_yahtzix::turn::Rolls;
use yahtzee_yahtzix::{Duel, Rules};

use super::{
    capital, check_keep, dice_count, last_turns_text, pct, result_text, standings, win_chance,
    Outcome, Roll, Seat, Setup, Table,
};
use crate::Error;

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
        if mover == me && human.seat.quit {
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
struct Output<W: Write> {
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

/// The person at the terminal, answering in lines.
struct Human<'a, R: BufRead, W: Write> {
    seat: Seat<'a>,
    input: R,
    output: &'a Output<W>,
    hints: bool,
}

impl<R: BufRead, W: Write> Human<'_, R, W> {
    /// The next line typed, trimmed and lower-cased; `None` at the end of input or on quit.
    fn ask(&mut self, prompt: &str) -> Option<String> {
        if self.seat.quit || self.output.failed() {
            self.seat.quit = true;
            return None;
        }
        self.output.line(prompt);
        let mut line = String::new();
        match self.input.read_line(&mut line) {
            Ok(n) if n > 0 => {
                let line = line.trim().to_lowercase();
                if line == "q" || line == "quit" {
                    self.seat.quit = true;
                    return None;
                }
                Some(line)
            }
            _ => {
                self.seat.quit = true;
                None
            }
        }
    }

    fn show_hint(&self, stage: &Stage, most: usize) {
        if let Some(advice) = self.seat.advice(stage) {
            let mut text = options_text(&advice, most);
            if !self.seat.names.is_empty() && !advice.bust {
                text = text.replacen(
                    "option\n",
                    "option  (heads-up: two players, you and the leader)\n",
                    1,
                );
            }
            self.output.text(text);
        }
    }

    /// Says what the choice cost against the best one, when it cost anything.
    fn judge(&self, stage: &Stage, action: Action) {
        if let Some((best, best_win, my_win)) = self.seat.missed(stage, action) {
            self.output.line(format_args!(
                "  (best was {best}: {} against your {})",
                pct(best_win),
                pct(my_win)
            ));
        }
    }
}

impl<R: BufRead, W: Write> Player for Human<'_, R, W> {
    fn start(&mut self, game: &Game) -> bool {
        let Some((total, left, stage)) = self.seat.begin(game) else {
            return false;
        };
        if self.hints {
            self.show_hint(&stage, 3);
        }
        let question = match self.seat.offered_by(game) {
            None => format!("Go for it on {total} with {}?", dice_count(left)),
            Some(who) => format!(
                "{} left {total} on {}. Go for it?",
                capital(who),
                dice_count(left)
            ),
        };
        loop {
            let Some(line) = self.ask(&format!(
                "{question} [y]es, [n]o (roll six), [h]int, [q]uit"
            )) else {
                return false;
            };
            match line.as_str() {
                "y" | "yes" => {
                    self.judge(&stage, Action::GoForIt);
                    return true;
                }
                "n" | "no" => {
                    self.judge(&stage, Action::RollFresh);
                    return false;
                }
                "h" | "hint" => self.show_hint(&stage, 3),
                _ => self.output.line("  answer y, n, h or q"),
            }
        }
    }

    fn dice_to_roll(&mut self, st: TurnState) -> u8 {
        if !self.seat.near() || st.held == 1 {
            return st.held;
        }
        loop {
            let Some(line) = self.ask(&format!(
                "Within 50 of the exact target: roll how many of your {} dice?",
                st.held
            )) else {
                return st.held;
            };
            match line.parse::<u8>() {
                Ok(k) if (1..=st.held).contains(&k) => return k,
                _ => self
                    .output
                    .line(format_args!("  give a number from 1 to {}", st.held)),
            }
        }
    }

    fn choose(&mut self, st: TurnState, dice: &Counts) -> Action {
        let Roll {
            stage,
            bank_total,
            can_roll,
            reroll,
        } = Roll::of(&self.seat.rules, &st, dice);
        if self.hints {
            self.show_hint(&stage, 3);
        }
        let rules = self.seat.rules;
        let score = self.seat.game.as_ref().map_or(0, |g| g.scores[g.to_move]);
        let pass = (score == 0 && bank_total < yahtzee_yahtzix::OPENING)
            || (rules.exact && score + bank_total > rules.target);
        let bank_total = if pass {
            format!("{bank_total} (a pass: scores nothing)")
        } else {
            bank_total.to_string()
        };
        let prompt = if can_roll {
            format!(
                "[b]ank {bank_total}, or keep dice and roll on (type them, e.g. {}), [h]int, [q]uit",
                example_keep(&rules, &st, dice)
            )
        } else {
            format!(
                "[b]ank {bank_total} (no roll left{}), [h]int, [q]uit",
                if reroll { "" } else { ": no 1 or 5 to roll on" }
            )
        };
        loop {
            let Some(line) = self.ask(&prompt) else {
                return Action::Bank { plain: false };
            };
            let action = match line.as_str() {
                "b" | "bank" => Ok(Action::Bank { plain: false }),
                "h" | "hint" => {
                    self.show_hint(&stage, usize::MAX);
                    continue;
                }
                _ if !can_roll => Err("you cannot roll again: bank (b)".to_string()),
                text => parse_dice(text)
                    .map_err(|_| "type the dice to keep, e.g. 15, or b to bank".to_string())
                    .and_then(|keep| check_keep(&rules, keep, &st, dice, can_roll))
                    .map(Action::Keep),
            };
            let action = match action {
                Ok(action) => action,
                Err(why) => {
                    self.output.line(format_args!("  {why}"));
                    continue;
                }
            };
            self.judge(&stage, action);
            return action;
        }
    }
}

/// The ranked options, or the bust.
fn options_text(advice: &Advice, most: usize) -> String {
    if advice.bust {
        return format!(
            "  bust: nothing scores (you win {} from here)\n",
            pct(advice.win)
        );
    }
    let mut text = String::from("      win   option\n");
    for (i, o) in advice.options.iter().take(most).enumerate() {
        text += &format!("{:>3}. {:>7}  {}\n", i + 1, pct(o.win), o.label);
    }
    text
}

/// A keep to show in the prompt: the scoring dice of the best bank, if fewer than held.
fn example_keep(rules: &Rules, st: &TurnState, dice: &Counts) -> String {
    let o = outcome(rules, *dice, st.roll == 1);
    o.keeps
        .iter()
        .filter(|&&(_, kept)| kept < st.held)
        .max()
        .and_then(|&(points, kept)| keep_dice(rules, dice, st.roll == 1, points, kept))
        .map_or_else(|| "15".into(), |k| show_dice(&k))
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
