//! `yahtzee yahtzix play`: a game of Yahtzix in the terminal against the optimal bot of
//! `yahtzee-yahtzix`, with hints and what each choice cost in chance to win.

use std::cell::RefCell;
use std::fmt::Display;
use std::io::{BufRead, Write};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use yahtzee_yahtzix::position::{keep_dice, spaced, Action, Advice, AdviceOption, Stage};
use yahtzee_yahtzix::record::Record;
use yahtzee_yahtzix::score::{outcome, parse_dice, show_dice, Counts, UNIT};
use yahtzee_yahtzix::sim::{play_turn_with, DuelBot, Event, Game, Player, TurnEnd, TurnState};
use yahtzee_yahtzix::turn::Rolls;
use yahtzee_yahtzix::{Duel, Rules};

use crate::Error;

pub mod screen;

/// How the game is set up.
#[derive(Clone, Copy, Debug)]
pub struct Setup {
    /// The person plays second (the bot starts).
    pub second: bool,
    /// Seed of the dice.
    pub seed: u64,
    /// Show the best options before every decision.
    pub hints: bool,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The person's score and the bot's.
    pub scores: [u32; 2],
    /// `Some(true)`: the person won, `Some(false)`: the bot; `None`: a tie or a game left.
    pub person_won: Option<bool>,
    /// The person quit (or the input ended) before the end.
    pub left: bool,
}

/// Plays one game of `duel`'s rules against its optimal bot: the person answers on
/// `input`, everything is told on `out`. Ends with the game, at `q` or at the end of the
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
    let names = if setup.second {
        ["bot", "you"]
    } else {
        ["you", "bot"]
    };
    let mut record = Record::new(*rules, Some(setup.seed), names.map(String::from));
    let screen = Screen::new(out);
    let rolls = Rolls::new(rules);
    let bot_error = |e: yahtzee_yahtzix::Error| Error::Game(e.to_string());
    let mut rng = ChaCha8Rng::seed_from_u64(setup.seed);
    let me = usize::from(setup.second);
    let mut human = Human {
        bot: DuelBot::new(duel, &rolls).map_err(bot_error)?,
        rules: *rules,
        input,
        screen: &screen,
        hints: setup.hints,
        quit: false,
        game: None,
    };
    let mut bot = DuelBot::new(duel, &rolls).map_err(bot_error)?;
    let mut game = Game::new(rules);
    screen.line(format_args!(
        "Yahtzix to {} (seed {}). You play {}. You win {} with best play from here.",
        rules.target,
        setup.seed,
        if setup.second { "second" } else { "first" },
        pct(win_chance(duel, &game, me))
    ));
    while game.winner.is_none() {
        screen.line("");
        if game.to_move == me {
            screen.line(format_args!(
                "Your turn: you {}, bot {}.",
                game.scores[me],
                game.scores[1 - me]
            ));
            let end = play_turn_with(
                &mut game,
                &mut human,
                &mut rng,
                &mut recorded(&mut record, narrate("you", rules, &screen)),
            );
            if human.quit {
                screen.line(format_args!(
                    "Game left at you {}, bot {}.",
                    game.scores[me],
                    game.scores[1 - me]
                ));
                screen.check()?;
                let outcome = Outcome {
                    scores: [game.scores[me], game.scores[1 - me]],
                    person_won: None,
                    left: true,
                };
                return Ok((outcome, record));
            }
            report(&screen, &game, me, end, "you");
        } else {
            screen.line(format_args!(
                "Bot's turn: bot {}, you {}.",
                game.scores[1 - me],
                game.scores[me]
            ));
            let end = play_turn_with(
                &mut game,
                &mut bot,
                &mut rng,
                &mut recorded(&mut record, narrate("bot", rules, &screen)),
            );
            report(&screen, &game, 1 - me, end, "bot");
        }
        if game.last_turn && game.winner.is_none() {
            screen.line(format_args!(
                "The first player has reached {}: one last turn for the second.",
                rules.target
            ));
        }
        screen.check()?;
    }
    let person_won = match game.winner {
        Some(2) | None => None,
        Some(w) => Some(w == me),
    };
    let result = match person_won {
        None => "A tie.",
        Some(true) => "You win!",
        Some(false) => "The bot wins.",
    };
    screen.line(format_args!(
        "\nFinal: you {}, bot {}. {result}",
        game.scores[me],
        game.scores[1 - me]
    ));
    screen.check()?;
    let outcome = Outcome {
        scores: [game.scores[me], game.scores[1 - me]],
        person_won,
        left: false,
    };
    Ok((outcome, record))
}

/// Plays one game in `mode` (full screen, or lines on standard input and output), writes
/// its record to `path` and returns the closing line to print.
pub fn play_in(
    mode: crate::Mode,
    duel: &Duel,
    rules: &Rules,
    setup: Setup,
    path: &std::path::Path,
) -> Result<String, Error> {
    let (_, record) = match mode {
        crate::Mode::FullScreen => screen::play(duel, rules, setup, path)?,
        crate::Mode::Lines { .. } => {
            mode.with_input(|input| play_recorded(duel, rules, setup, input, std::io::stdout()))?
        }
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

/// The person at the terminal, with the optimal bot's solved turn for hints.
struct Human<'a, R: BufRead, W: Write> {
    bot: DuelBot<'a>,
    rules: Rules,
    input: R,
    screen: &'a Screen<W>,
    hints: bool,
    quit: bool,
    game: Option<Game>,
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
            self.screen.text(options_text(&advice, most));
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
        loop {
            let Some(line) = self.ask(&format!(
                "Go for it on {total} with {}? [y]es, [n]o (roll six), [h]int, [q]uit",
                dice_count(left)
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

/// The probability that player `me` wins from the start of the game's next turn.
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
