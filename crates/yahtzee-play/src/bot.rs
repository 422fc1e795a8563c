//! Bots: what a computer player does at each decision, for expected score, for a target,
//! or to win against the other seats.
//!
//! - [`Aim::Expected`]: the option `yahtzee advise` ranks first (today's optimal bot).
//! - [`Aim::Target`]: the best option for P(final total >= T), ties by expected score.
//! - [`Aim::Win`] (**fast**): the win payoff (ties half) as a function of the bot's final
//!   total, written as a sum of steps `w_t · [total >= t]`, where each opponent's chance
//!   to end below `t` is read from the target table (their own target-maximising tails, a
//!   close stand-in for their expected-score play). Options are ranked by
//!   `Σ w_t · P(total >= t)` from the target table, i.e. each step as if played alone.
//!   Against finished opponents the payoff is one step and the rule is exact.
//! - [`Aim::WinExact`]: the exact best response ([`WinAdvisor`]) to opponents playing for
//!   expected score from their cards, solved once per turn; when the bot still has more
//!   than `exact_from` boxes open (or the solve would need more than
//!   [`yahtzee_advice::win::default_memory_limit`]: `YAHTZEE_MEMORY_LIMIT` GiB, or half
//!   the machine's memory)
//!   it plays the fast rule for that turn.

use std::cell::RefCell;

use yahtzee_advice::{Advice, Advisor, Choice, Strategy, TableValues, TargetAdvisor, WinAdvisor};
use yahtzee_rules::{Dice, Scorecard};

use crate::{Event, Game};

/// What a bot plays for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Aim {
    Expected,
    Target(u32),
    Win,
    /// Exact best response while at most this many boxes are open, the fast rule before.
    WinExact {
        exact_from: u32,
    },
}

impl Aim {
    /// `expected`, `target=300`, `win`, `win-exact` (exact for the last 6 turns) or
    /// `win-exact=N` (exact for the last N turns).
    pub fn parse(text: &str) -> Result<Aim, String> {
        let (name, arg) = match text.split_once('=') {
            Some((n, a)) => (n.trim(), Some(a.trim())),
            None => (text.trim(), None),
        };
        let number = |what: &str| -> Result<u32, String> {
            arg.ok_or(format!("'{name}' needs {what}, e.g. {name}=300"))?
                .parse()
                .map_err(|_| format!("'{}' is not a whole number of {what}", arg.unwrap_or("")))
        };
        match (name, arg) {
            ("expected", None) => Ok(Aim::Expected),
            ("target", _) => Ok(Aim::Target(number("points")?)),
            ("win", None) => Ok(Aim::Win),
            ("win-exact", None) => Ok(Aim::WinExact { exact_from: 6 }),
            ("win-exact", Some(_)) => Ok(Aim::WinExact {
                exact_from: number("turns")?,
            }),
            _ => Err(format!(
                "unknown bot aim '{text}' (expected, target=T, win, win-exact[=N])"
            )),
        }
    }

    pub fn name(&self) -> String {
        match self {
            Aim::Expected => "expected".into(),
            Aim::Target(t) => format!("target={t}"),
            Aim::Win => "win".into(),
            Aim::WinExact { exact_from } => format!("win-exact={exact_from}"),
        }
    }

    /// Whether this aim reads the target table.
    pub fn needs_target_table(&self) -> bool {
        !matches!(self, Aim::Expected)
    }
}

/// Bots from their `NAME` or `NAME:AIM` texts ([`parse_bot`]); the first bad one is
/// refused.
pub fn parse_bots(texts: &[String]) -> Result<Vec<(String, Aim)>, String> {
    texts.iter().map(|t| parse_bot(t)).collect()
}

/// A bot as a player names it: `NAME:AIM` (see [`Aim::parse`]), or just `NAME`, a bot that
/// plays for the expected score.
pub fn parse_bot(text: &str) -> Result<(String, Aim), String> {
    let (name, aim) = match text.split_once(':') {
        Some((n, a)) => (n.trim(), Aim::parse(a)?),
        None => (text.trim(), Aim::Expected),
    };
    if name.is_empty() || name.contains('\n') {
        return Err(format!("bad bot name in '{text}'"));
    }
    Ok((name.to_string(), aim))
}

/// The solved best response of the turn being played (exact mode).
struct Solved<'a> {
    key: (Scorecard, Vec<Scorecard>),
    win: Option<WinAdvisor<'a>>,
}

/// Plays bots' decisions from the tables; one per thread.
pub struct Bots<'a> {
    advisor: &'a Advisor,
    target: Option<TargetAdvisor<'a>>,
    solved: RefCell<Option<Solved<'a>>>,
}

impl<'a> Bots<'a> {
    /// `target` is needed for every aim but [`Aim::Expected`].
    pub fn new(advisor: &'a Advisor, target: Option<TargetAdvisor<'a>>) -> Bots<'a> {
        Bots {
            advisor,
            target,
            solved: RefCell::new(None),
        }
    }

    /// House rule "mega-yahtzee", before a turn's first roll: whether a bot of this aim
    /// takes the sixth die now.
    pub fn takes_sixth_die(&self, aim: Aim, game: &Game) -> Result<bool, String> {
        if game.rolls_made() > 0 || game.with_sixth_die() {
            return Ok(false);
        }
        let card = &game.current().card;
        let advice = self.advice(aim, game, card, Ask::SixthDie)?;
        Ok(advice.is_some_and(|a| a.best().choice == Choice::SixthDie(true)))
    }

    /// The current player's decision (the dice are rolled).
    pub fn decide(&self, aim: Aim, game: &Game) -> Result<Event, String> {
        let dice = game.dice().ok_or("the dice are not rolled")?;
        let card = &game.current().card;
        let rolls_left = game.rolls_left();
        let best = self.best(aim, game, card, dice, rolls_left)?;
        Ok(match best {
            Choice::Keep(k) if k.len() < dice.len() => Event::Keep(k),
            // Standing on all the dice: the best choice after the last roll.
            Choice::Keep(_) => match self.best(aim, game, card, dice, 0)? {
                Choice::Keep(_) => return Err("no keeps without rolls left".into()),
                c => event_of(c),
            },
            c => event_of(c),
        })
    }

    fn best(
        &self,
        aim: Aim,
        game: &Game,
        card: &Scorecard,
        dice: Dice,
        rolls_left: u8,
    ) -> Result<Choice, String> {
        let advice = self.advice(aim, game, card, Ask::Dice(dice, rolls_left))?;
        Ok(advice.ok_or("no options")?.best().choice)
    }

    /// The options of a question ranked for `aim` (`None`: no sixth die in hand to ask
    /// about).
    fn advice(
        &self,
        aim: Aim,
        game: &Game,
        card: &Scorecard,
        ask: Ask,
    ) -> Result<Option<Advice>, String> {
        match aim {
            Aim::Expected => match ask {
                Ask::Dice(dice, rolls) => self.advisor.advise(card, dice, rolls).map(Some),
                Ask::SixthDie => self.advisor.advise_sixth_die(card),
            }
            .map_err(e),
            Aim::Target(t) => {
                let target = self.target()?;
                match ask {
                    Ask::Dice(dice, rolls) => target.advise(card, dice, rolls, t).map(Some),
                    Ask::SixthDie => target.advise_sixth_die(card, t),
                }
                .map(|a| a.map(|(advice, _)| advice))
                .map_err(e)
            }
            Aim::Win => self.fast(game, card, ask),
            Aim::WinExact { exact_from } => {
                let open = game.rules().box_count() as u32 - card.state().turns_played();
                if open > exact_from || !self.exact(game)? {
                    return self.fast(game, card, ask);
                }
                let solved = self.solved.borrow();
                let win = solved
                    .as_ref()
                    .and_then(|s| s.win.as_ref())
                    .expect("solved");
                match ask {
                    Ask::Dice(dice, rolls) => win.advise(card, dice, rolls).map(Some),
                    Ask::SixthDie => win.advise_sixth_die(card),
                }
                .map_err(e)
            }
        }
    }

    fn target(&self) -> Result<&TargetAdvisor<'a>, String> {
        Ok(self
            .target
            .as_ref()
            .ok_or("this bot needs the target table")?)
    }

    /// The fast rule's weights: the payoff of finishing on `t` points, as a sum of steps
    /// `w` at targets `t` (see the module doc).
    pub fn fast_weights(&self, game: &Game) -> Result<Vec<(u32, f64)>, String> {
        let table = self.target()?.table();
        let me = game.current_seat();
        let mut opponents = Vec::new();
        let mut top = 0;
        for (_, p) in game.players().iter().enumerate().filter(|&(i, _)| i != me) {
            let s = p.card.state();
            table.verify_sets([s.filled()]).map_err(e)?;
            let most = if p.card.is_full() {
                0
            } else {
                table.max_points(s).unwrap_or(0)
            };
            top = top.max(p.card.total() + most + 1);
            opponents.push((p.card.total(), s, p.card.is_full()));
        }
        // below[x] = Π P(opponent ends below x), their tails from the target table.
        let below = |x: u32| -> f64 {
            opponents
                .iter()
                .map(|&(total, s, full)| {
                    let at_least = if x <= total {
                        1.0
                    } else if full {
                        0.0
                    } else {
                        table.p_at_least(s, i64::from(x - total))
                    };
                    1.0 - at_least
                })
                .product()
        };
        // Ties count half: payoff(x) = (below(x) + below(x + 1)) / 2.
        let payoff = |x: u32| 0.5 * (below(x) + below(x + 1));
        let mut weights = Vec::new();
        let mut last = payoff(0);
        if last > 0.0 {
            weights.push((0, last));
        }
        for t in 1..=top {
            let p = payoff(t);
            if p - last > 1e-9 {
                weights.push((t, p - last));
            }
            last = p;
        }
        Ok(weights)
    }

    fn fast(&self, game: &Game, card: &Scorecard, ask: Ask) -> Result<Option<Advice>, String> {
        let weights = self.fast_weights(game)?;
        let target = self.target()?;
        match ask {
            Ask::Dice(dice, rolls) => target
                .advise_weighted(card, dice, rolls, &weights)
                .map(Some),
            Ask::SixthDie => target.advise_sixth_die_weighted(card, &weights),
        }
        .map_err(e)
    }

    /// Solves the exact best response for the current turn if not done yet; false when it
    /// would need too much memory.
    fn exact(&self, game: &Game) -> Result<bool, String> {
        let me = game.current_seat();
        let card = game.current().card.clone();
        let others: Vec<Scorecard> = game
            .players()
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != me)
            .map(|(_, p)| p.card.clone())
            .collect();
        let key = (card.clone(), others.clone());
        if let Some(s) = self.solved.borrow().as_ref().filter(|s| s.key == key) {
            return Ok(s.win.is_some());
        }
        let rules = game.rules();
        let values = TableValues(self.advisor.table());
        let strategy = Strategy::new(rules, &values);
        let dists: Vec<Vec<f64>> = others
            .iter()
            .map(|c| yahtzee_stats::exact(&strategy, c, &|_| {}).distribution)
            .collect();
        let win = match WinAdvisor::solve(self.advisor, &card, &dists, &|_| {}) {
            Ok(w) => Some(w),
            Err(yahtzee_advice::AdviceError::TooEarly { .. }) => None,
            Err(x) => return Err(x.to_string()),
        };
        let found = win.is_some();
        *self.solved.borrow_mut() = Some(Solved { key, win });
        Ok(found)
    }
}

/// What a bot is asked: a position with dice showing, or the sixth-die question.
#[derive(Clone, Copy)]
enum Ask {
    Dice(Dice, u8),
    SixthDie,
}

fn e(x: impl std::fmt::Display) -> String {
    x.to_string()
}

fn event_of(c: Choice) -> Event {
    match c {
        Choice::Keep(k) => Event::Keep(k),
        Choice::Fill { category, .. } => Event::Score(category),
        Choice::Mulligan(k) => Event::Mulligan(k),
        Choice::ChanceChance => Event::ChanceChance,
        Choice::SixthDie(_) => Event::SixthDie,
    }
}

/// Rolls the dice not kept, with `rng` (one draw per die, in order), up to five.
pub fn roll_dice(kept: Dice, rng: &mut impl rand::Rng) -> Dice {
    roll_up_to(kept, 5, rng)
}

/// Rolls the dice not kept up to `n` dice (five, or six on the Mega turn).
pub fn roll_up_to(kept: Dice, n: usize, rng: &mut impl rand::Rng) -> Dice {
    let mut faces = kept.faces();
    while faces.len() < n {
        faces.push(rng.random_range(0..6) as u8 + 1);
    }
    Dice::from_faces_up_to(&faces, n).expect("at most six dice")
}

/// Plays `game` to the end with a bot in every seat (`aims[seat]`), the dice from `rng`.
pub fn play_out(
    bots: &Bots,
    aims: &[Aim],
    game: &mut Game,
    rng: &mut impl rand::Rng,
) -> Result<(), String> {
    while !game.is_over() {
        play_turn(bots, aims[game.current_seat()], game, rng)?;
    }
    Ok(())
}

/// Plays the current seat's whole turn (from its first roll) with a bot of this aim.
pub fn play_turn(
    bots: &Bots,
    aim: Aim,
    game: &mut Game,
    rng: &mut impl rand::Rng,
) -> Result<(), String> {
    if bots.takes_sixth_die(aim, game)? {
        game.take_sixth_die().map_err(e)?;
    }
    game.roll(roll_up_to(Dice::EMPTY, game.dice_per_roll(), rng))
        .map_err(e)?;
    let seat = game.current_seat();
    loop {
        apply(game, bots.decide(aim, game)?)?;
        if game.current_seat() != seat || game.is_over() || game.dice().is_none() {
            return Ok(());
        }
        game.roll(roll_up_to(game.to_keep(), game.dice_per_roll(), rng))
            .map_err(e)?;
        if game.in_chance_chance() {
            return game
                .score(yahtzee_rules::Category::Chance)
                .map(|_| ())
                .map_err(e);
        }
    }
}

/// Applies a bot's decision to the game.
pub fn apply(game: &mut Game, event: Event) -> Result<(), String> {
    match event {
        Event::Keep(k) => game.keep(k).map(|_| ()),
        Event::Score(c) => game.score(c).map(|_| ()),
        Event::Mulligan(k) => game.mulligan(k),
        Event::ChanceChance => game.chance_chance(),
        Event::SixthDie => game.take_sixth_die(),
        _ => return Err("bots only keep and score".into()),
    }
    .map_err(e)
}
