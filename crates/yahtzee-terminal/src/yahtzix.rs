//! `yahtzee yahtzix play`: a game of Yahtzix in the terminal against the bots of
//! `yahtzee-yahtzix` (two to eight players: the optimal bot for two, the heads-up bot at a
//! larger table), with hints and what each choice cost in chance to win.

use std::cell::RefCell;
use std::fmt::Display;
use std::io::{BufRead, Write};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use yahtzee_yahtzix::party::{HeadsUpBot, MAX_PLAYERS};
use yahtzee_yahtzix::position::{keep_dice, spaced, Action, Advice, AdviceOption, Stage};
use yahtzee_yahtzix::record::Record;
use yahtzee_yahtzix::score::{outcome, parse_dice, show_dice, Counts, UNIT};
use yahtzee_yahtzix::sim::{play_turn_with, Event, Game, Player, TurnEnd, TurnState};
use yahtzee_yahtzix::turn::Rolls;
use yahtzee_yahtzix::{Duel, Rules};

use crate::Error;

pub mod screen;

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
    let screen = Screen::new(out);
    let rolls = Rolls::new(rules);
    let bot_error = |e: yahtzee_yahtzix::Error| Error::Game(e.to_string());
    let mut rng = ChaCha8Rng::seed_from_u64(setup.seed);
    let me = table.seat;
    let bot = HeadsUpBot::new(duel, &rolls).map_err(bot_error)?;
    let mut human = Human {
        bot: bot.clone(),
        rules: *rules,
        input,
        screen: &screen,
        hints: setup.hints,
        quit: false,
        game: None,
        names: if two { Vec::new() } else { names.clone() },
    };
    let mut bots = vec![bot; table.players];
    let mut game = Game::with_players(rules, table.players);
    if two {
        screen.line(format_args!(
            "Yahtzix to {} (seed {}). You play {}. You win {} with best play from here.",
            rules.target,
            setup.seed,
            if me == 1 { "second" } else { "first" },
            pct(win_chance(duel, &game, me))
        ));
    } else {
        screen.line(format_args!(
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
    let mut announced = false;
    while game.winner.is_none() {
        screen.line("");
        let mover = game.to_move;
        let last = if game.last_turn { " last" } else { "" };
        if mover == me {
            if two {
                screen.line(format_args!(
                    "Your turn: you {}, bot {}.",
                    game.scores[me],
                    game.scores[1 - me]
                ));
            } else {
                screen.line(format_args!(
                    "Your{last} turn (seat {}): {}.",
                    me + 1,
                    standings(&names, &game)
                ));
            }
            let end = play_turn_with(
                &mut game,
                &mut human,
                &mut rng,
                &mut recorded(&mut record, narrate("you", rules, &screen)),
            );
            if human.quit {
                if two {
                    screen.line(format_args!(
                        "Game left at you {}, bot {}.",
                        game.scores[me],
                        game.scores[1 - me]
                    ));
                } else {
                    screen.line(format_args!("Game left at {}.", standings(&names, &game)));
                }
                screen.check()?;
                return Ok((Outcome::of(&game, me, true), record));
            }
            report(&screen, &game, me, end, "you");
        } else {
            if two {
                screen.line(format_args!(
                    "Bot's turn: bot {}, you {}.",
                    game.scores[1 - me],
                    game.scores[me]
                ));
            } else {
                screen.line(format_args!(
                    "{}'s{last} turn: {}.",
                    capital(&names[mover]),
                    standings(&names, &game)
                ));
            }
            let end = play_turn_with(
                &mut game,
                &mut bots[mover],
                &mut rng,
                &mut recorded(&mut record, narrate(&names[mover], rules, &screen)),
            );
            report(&screen, &game, mover, end, &names[mover]);
        }
        if game.last_turn && game.winner.is_none() && !announced {
            if two {
                screen.line(format_args!(
                    "The first player has reached {}: one last turn for the second.",
                    rules.target
                ));
            } else {
                screen.line(last_turns_text(&names, &game, mover));
                announced = true;
            }
        }
        screen.check()?;
    }
    let outcome = Outcome::of(&game, me, false);
    if two {
        let result = match outcome.person_won {
            None => "A tie.",
            Some(true) => "You win!",
            Some(false) => "The bot wins.",
        };
        screen.line(format_args!(
            "\nFinal: you {}, bot {}. {result}",
            game.scores[me],
            game.scores[1 - me]
        ));
    } else {
        screen.line(format_args!(
            "\nFinal: {}. {}",
            standings(&names, &game),
            result_text(&names, &game, me)
        ));
    }
    screen.check()?;
    Ok((outcome, record))
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
    crate::file::write_record(path, &record.to_text())?;
    crate::file::forget_for_interrupt();
    Ok(format!("game record: {}\n", path.display()))
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

/// The output, shared by the person's prompts and the narration of the turn (which the
/// game's turn loop calls while the person is borrowed); the first write error is kept
/// for [`Screen::check`], and ends the person's input.
struct Screen<W: Write> {
    out: RefCell<W>,
    error: RefCell<Option<std::io::Error>>,
}

impl<W: Write> Screen<W> {
    fn new(out: W) -> Screen<W> {
        Screen {
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

/// The person at the terminal, with the bot's solved turn for hints (the optimal bot's for
/// two players, else the heads-up bot's).
struct Human<'a, R: BufRead, W: Write> {
    bot: HeadsUpBot<'a>,
    rules: Rules,
    input: R,
    screen: &'a Screen<W>,
    hints: bool,
    quit: bool,
    game: Option<Game>,
    /// The names at a table of three or more (empty for two: the texts of two players).
    names: Vec<String>,
}

impl<R: BufRead, W: Write> Human<'_, R, W> {
    /// The next line typed, trimmed and lower-cased; `None` at the end of input or on quit.
    fn ask(&mut self, prompt: &str) -> Option<String> {
        if self.quit || self.screen.failed() {
            self.quit = true;
            return None;
        }
        self.screen.line(prompt);
        let mut line = String::new();
        match self.input.read_line(&mut line) {
            Ok(n) if n > 0 => {
                let line = line.trim().to_lowercase();
                if line == "q" || line == "quit" {
                    self.quit = true;
                    return None;
                }
                Some(line)
            }
            _ => {
                self.quit = true;
                None
            }
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

    fn show_hint(&self, stage: &Stage, most: usize) {
        if let Some(advice) = self.advice(stage) {
            let mut text = options_text(&advice, most);
            if !self.names.is_empty() && !advice.bust {
                text = text.replacen(
                    "option\n",
                    "option  (heads-up: two players, you and the leader)\n",
                    1,
                );
            }
            self.screen.text(text);
        }
    }

    /// Says what the choice cost against the best one, when it cost anything.
    fn judge(&self, stage: &Stage, action: Action) {
        let Some(advice) = self.advice(stage) else {
            return;
        };
        if let Some((best, mine)) = missed(&advice, action) {
            self.screen.line(format_args!(
                "  (best was {}: {} against your {})",
                best.label,
                pct(best.win),
                pct(mine.win)
            ));
        }
    }

    /// The dice typed as a keep, checked.
    fn keep_from(
        &self,
        text: &str,
        st: &TurnState,
        dice: &Counts,
        can_roll: bool,
    ) -> Result<Counts, String> {
        if !can_roll {
            return Err("you cannot roll again: bank (b)".into());
        }
        let keep = parse_dice(text)
            .map_err(|_| "type the dice to keep, e.g. 15, or b to bank".to_string())?;
        check_keep(&self.rules, keep, st, dice, can_roll)
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

impl<R: BufRead, W: Write> Player for Human<'_, R, W> {
    fn start(&mut self, game: &Game) -> bool {
        self.game = Some(game.clone());
        self.bot.start(game);
        let Some((total, left)) = game.offer else {
            return false;
        };
        let stage = Stage::Start { offer: game.offer };
        if self.hints {
            self.show_hint(&stage, 3);
        }
        // At a table of three or more, whose leftovers they are: the previous seat's.
        let question = match self.names.len() {
            0 => format!("Go for it on {total} with {}?", dice_count(left)),
            n => format!(
                "{} left {total} on {}. Go for it?",
                capital(&self.names[(game.to_move + n - 1) % n]),
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
                _ => self.screen.line("  answer y, n, h or q"),
            }
        }
    }

    fn dice_to_roll(&mut self, st: TurnState) -> u8 {
        if !self.bot.turn().is_some_and(|t| t.near) || st.held == 1 {
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
                    .screen
                    .line(format_args!("  give a number from 1 to {}", st.held)),
            }
        }
    }

    fn choose(&mut self, st: TurnState, dice: &Counts) -> Action {
        let stage = st.rolled(dice);
        let o = outcome(&self.rules, *dice, st.roll == 1);
        let (points, _) = o.bank.unwrap_or_default();
        let bank_total = st.total + u32::from(points) * UNIT;
        if self.hints {
            self.show_hint(&stage, 3);
        }
        let can_roll = st.roll < 3 && o.reroll;
        let score = self.game.as_ref().map_or(0, |g| g.scores[g.to_move]);
        let pass = (score == 0 && bank_total < yahtzee_yahtzix::OPENING)
            || (self.rules.exact && score + bank_total > self.rules.target);
        let bank_total = if pass {
            format!("{bank_total} (a pass: scores nothing)")
        } else {
            bank_total.to_string()
        };
        let prompt = if can_roll {
            format!(
                "[b]ank {bank_total}, or keep dice and roll on (type them, e.g. {}), [h]int, [q]uit",
                example_keep(&self.rules, &st, dice)
            )
        } else {
            format!(
                "[b]ank {bank_total} (no roll left{}), [h]int, [q]uit",
                if o.reroll {
                    ""
                } else {
                    ": no 1 or 5 to roll on"
                }
            )
        };
        loop {
            let Some(line) = self.ask(&prompt) else {
                return Action::Bank { plain: false };
            };
            let action = match line.as_str() {
                "b" | "bank" => Action::Bank { plain: false },
                "h" | "hint" => {
                    self.show_hint(&stage, usize::MAX);
                    continue;
                }
                text => match self.keep_from(text, &st, dice, can_roll) {
                    Ok(keep) => Action::Keep(keep),
                    Err(why) => {
                        self.screen.line(format_args!("  {why}"));
                        continue;
                    }
                },
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
    screen: &'a Screen<W>,
) -> impl FnMut(Event) + 'a {
    let mut roll_first = false;
    move |event| match event {
        Event::GoForIt { total, left } => screen.line(format_args!(
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
            screen.line(format_args!(
                "{who} {verb} {} dice (roll {} of 3{set}): {}",
                dice.iter().sum::<u8>(),
                st.roll,
                spaced(&dice)
            ));
        }
        Event::Bust => screen.line("  bust!"),
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
            screen.line(format_args!(
                "  {who} {verb} {} (+{}) and {roll} on",
                spaced(&keep),
                value.unwrap_or(0)
            ));
        }
        Event::Chose(_) => {}
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

fn report<W: Write>(screen: &Screen<W>, game: &Game, player: usize, end: TurnEnd, who: &str) {
    match end {
        TurnEnd::Bust => screen.line(format_args!("  {who}: nothing scores this turn")),
        TurnEnd::Banked { total, left } => {
            let offer = if left > 0 {
                format!("; {} left for \"Go for it\"", dice_count(left))
            } else {
                String::new()
            };
            screen.line(format_args!(
                "  {who}: {total} banked, {} in all{offer}",
                game.scores[player]
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
