//! Game records: every roll and decision of a game of two to eight players, as text,
//! replayed under the rules and reviewed against optimal play (each decision's chance to win
//! lost: the exact two-player table for two, the heads-up strategy for three or more).
//!
//! ```text
//! yahtzix 1000          the rules (Rules::name: target, +no-four, +exact)
//! seed 7                optional, as the players' names below
//! players you bot       one name per seat, seat 1 first (two to eight; two if left out)
//! roll 1 1 5 5 2 3      dice rolled (how many: all in hand, or fewer within 50 of an exact target)
//! keep 1 1 5            scoring dice set aside, the rest rolled on
//! roll 2 4 6            a roll that scores nothing is a bust: the turn ends
//! roll 1 1 5 2 3 6
//! bank                  the turn's points recorded (`bank plain`: "all count" ignored)
//! go                    the next player goes for the offer (`fresh`, or a roll: six new dice)
//! ```
//!
//! Turns follow each other: after a bank or a bust the next seat moves (seat 1 after the
//! last), under the going-out rule of docs/RULES.md Y10 and Y12. `#` starts a comment;
//! blank lines are skipped.

use serde::Serialize;
use yahtzee_record::{entries, mistakes, Comments, Line, RecordError, Writer};

use crate::duel::{Duel, Seat};
use crate::party::{Seating, MAX_PLAYERS};
use crate::position::{advise, spaced, Action, Position, Stage};
use crate::score::{first_roll_value, later_roll_value, outcome, parse_dice, Counts, UNIT};
use crate::sim::{self, apply, Game, Step, TurnEnd, TurnState};
use crate::turn::Rolls;
use crate::{Error, Rules};

/// One line of a record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// Go for the previous player's offer.
    Go,
    /// Decline the offer: six fresh dice.
    Fresh,
    /// Dice rolled.
    Roll(Counts),
    /// Scoring dice set aside, the rest rolled on.
    Keep(Counts),
    /// The turn's points recorded (`plain`: "all count" ignored, exact finish).
    Bank { plain: bool },
}

/// A game as played: rules, seed, names, and every event with its line number.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    pub rules: Rules,
    pub seed: Option<u64>,
    /// One name per seat, seat 1 first (two to eight; names are single words).
    pub players: Vec<String>,
    /// Events with the line they are on (1-based; 0 for events not read from text).
    pub events: Vec<(usize, Event)>,
}

fn bad(line: usize, why: impl std::fmt::Display) -> Error {
    record_error(RecordError::new(line, why.to_string()))
}

impl Record {
    /// An empty record of a two-player game under `rules`.
    pub fn new(rules: Rules, seed: Option<u64>, players: [String; 2]) -> Record {
        Record::with_players(rules, seed, players.into())
    }

    /// An empty record of a game of `players.len()` (two to eight) under `rules`.
    pub fn with_players(rules: Rules, seed: Option<u64>, players: Vec<String>) -> Record {
        Record {
            rules,
            seed,
            players,
            events: Vec::new(),
        }
    }

    /// Adds an event.
    pub fn push(&mut self, e: Event) {
        self.events.push((0, e));
    }

    /// Adds what a watched turn shows ([`sim::play_turn_with`]'s events); a bust is
    /// implicit in its roll.
    pub fn observe(&mut self, e: &sim::Event) {
        match *e {
            sim::Event::GoForIt { .. } => self.push(Event::Go),
            sim::Event::Rolled { dice, .. } => self.push(Event::Roll(dice)),
            sim::Event::Chose(Action::Keep(k)) => self.push(Event::Keep(k)),
            sim::Event::Chose(Action::Bank { plain }) => self.push(Event::Bank { plain }),
            sim::Event::Chose(_) | sim::Event::Bust => {}
        }
    }

    /// The record as text ([`Record::parse`] reads it back).
    pub fn to_text(&self) -> String {
        let mut w = Writer::default();
        w.line("yahtzix", self.rules.name()).seed(self.seed);
        w.line("players", self.players.join(" "));
        for (_, e) in &self.events {
            match e {
                Event::Go => w.line("go", ""),
                Event::Fresh => w.line("fresh", ""),
                Event::Roll(d) => w.line("roll", spaced(d)),
                Event::Keep(d) => w.line("keep", spaced(d)),
                Event::Bank { plain: false } => w.line("bank", ""),
                Event::Bank { plain: true } => w.line("bank", "plain"),
            };
        }
        w.finish()
    }

    /// Reads a record; each refusal names its line.
    pub fn parse(text: &str) -> Result<Record, Error> {
        let mut rules = None;
        let mut record = Record::new(Rules::standard(), None, ["first".into(), "second".into()]);
        for l in entries(text, Comments::Trailing) {
            let (n, word, rest) = (l.number, l.word, l.rest);
            if rules.is_none() {
                if word != "yahtzix" {
                    return Err(bad(
                        n,
                        "a record starts with `yahtzix RULES`, e.g. `yahtzix 1000`",
                    ));
                }
                rules = Some(rules_named(rest).map_err(|e| bad(n, e))?);
                continue;
            }
            match word {
                "seed" => {
                    record.seed = Some(
                        l.number(|_| "seed: a number".into())
                            .map_err(record_error)?,
                    )
                }
                "players" => record.players = players(&l)?,
                _ => record.events.push((n, event(&l)?)),
            }
        }
        record.rules =
            rules.ok_or_else(|| bad(0, "empty record: it starts with `yahtzix RULES`"))?;
        Ok(record)
    }

    /// Replays the record under its rules, one seat per name, calling `decision` before
    /// each decision with the game (as at the turn's start), the mover's stage and what was
    /// chosen; returns the game as the record leaves it. Every event is checked: an illegal
    /// one is refused with its line.
    pub fn replay(
        &self,
        mut decision: impl FnMut(&Game, usize, &Stage, Action),
    ) -> Result<Game, Error> {
        let rules = self.rules;
        let mut game = Game::with_players(&rules, self.players.len());
        let mut events = self.events.iter().peekable();
        while let Some(&&(line, first)) = events.peek() {
            if game.winner.is_some() {
                return Err(bad(line, "the game is over"));
            }
            let start = Stage::Start { offer: game.offer };
            let mut st = TurnState {
                roll: 1,
                total: 0,
                held: 6,
            };
            match (first, game.offer) {
                (Event::Go, Some((total, left))) => {
                    decision(&game, line, &start, Action::GoForIt);
                    events.next();
                    st = TurnState {
                        roll: 2,
                        total,
                        held: left,
                    };
                }
                (Event::Go, None) => return Err(bad(line, "go: no offer stands")),
                (Event::Fresh, Some(_)) => {
                    decision(&game, line, &start, Action::RollFresh);
                    events.next();
                }
                (Event::Fresh, None) => return Err(bad(line, "fresh: no offer stands")),
                (Event::Roll(_), Some(_)) => decision(&game, line, &start, Action::RollFresh),
                _ => {}
            }
            let end = self.replay_turn(&mut game, st, &mut events, &mut decision)?;
            game.end_turn(end);
        }
        Ok(game)
    }

    /// One turn from `st`: rolls and the choices after them, to a bank or a bust.
    fn replay_turn<'a>(
        &self,
        game: &mut Game,
        mut st: TurnState,
        events: &mut std::iter::Peekable<impl Iterator<Item = &'a (usize, Event)>>,
        decision: &mut impl FnMut(&Game, usize, &Stage, Action),
    ) -> Result<TurnEnd, Error> {
        let rules = self.rules;
        loop {
            let Some(&(line, Event::Roll(dice))) = events.next() else {
                let line = self.events.last().map_or(0, |e| e.0);
                return Err(bad(
                    line,
                    "the record ends inside a turn: a roll is missing",
                ));
            };
            let rolled: u8 = dice.iter().sum();
            let near = rules.near((game.scores[game.to_move] / UNIT) as usize);
            if rolled > st.held || (!near && rolled != st.held) {
                return Err(bad(
                    line,
                    format!("{rolled} dice rolled with {} in hand", st.held),
                ));
            }
            let o = outcome(&rules, dice, st.roll == 1);
            if o.bank.is_none() {
                return Ok(TurnEnd::Bust);
            }
            let Some(&(line, next)) = events.next() else {
                return Err(bad(line, "the record ends after a roll: keep or bank"));
            };
            let action = match next {
                Event::Keep(k) => Action::Keep(k),
                Event::Bank { plain } => Action::Bank { plain },
                _ => return Err(bad(line, "after a roll: keep or bank")),
            };
            check_choice(&rules, st, &dice, action).map_err(|why| bad(line, why))?;
            let stage = st.rolled(&dice);
            decision(game, line, &stage, action);
            match apply(&rules, st, &dice, action) {
                Step::Next(next) => st = next,
                Step::End(end) => return Ok(end),
            }
        }
    }
}

/// A record error as the crate's [`Error`].
fn record_error(e: RecordError) -> Error {
    Error::Record(e.to_string())
}

/// A `players` line: two to eight names, one per seat.
fn players(l: &Line) -> Result<Vec<String>, Error> {
    let names: Vec<String> = l.rest.split_whitespace().map(String::from).collect();
    if !(2..=MAX_PLAYERS).contains(&names.len()) {
        return Err(bad(
            l.number,
            format!("players: two names, or up to {MAX_PLAYERS} (one per seat)"),
        ));
    }
    Ok(names)
}

/// A line of the body: its event, or why it is not one.
fn event(l: &Line) -> Result<Event, Error> {
    let (n, rest) = (l.number, l.rest);
    Ok(match l.word {
        "go" => Event::Go,
        "fresh" => Event::Fresh,
        "bank" if rest.is_empty() => Event::Bank { plain: false },
        "bank" if rest == "plain" => Event::Bank { plain: true },
        "roll" => Event::Roll(
            parse_dice(rest).map_err(|_| bad(n, format!("roll {rest:?}: one to six faces 1-6")))?,
        ),
        "keep" => Event::Keep(
            parse_dice(rest)
                .map_err(|_| bad(n, format!("keep {rest:?}: one to five faces 1-6")))?,
        ),
        _ => return Err(bad(n, format!("unknown line {:?}", l.text))),
    })
}

/// The rules a record's first line names: `1000`, `2000+no-four`, `1000+exact`.
pub fn rules_named(name: &str) -> Result<Rules, Error> {
    let mut parts = name.split('+');
    let target = parts
        .next()
        .and_then(|t| t.trim().parse().ok())
        .ok_or_else(|| Error::Rules(format!("{name:?}: TARGET[+no-four][+exact]")))?;
    let (mut four, mut exact) = (true, false);
    for p in parts {
        match p {
            "no-four" => four = false,
            "exact" => exact = true,
            _ => {
                return Err(Error::Rules(format!(
                    "{name:?}: unknown option {p:?} (no-four, exact)"
                )))
            }
        }
    }
    Rules::new(target, four, exact)
}

/// Why a choice is not allowed on these dice, if it is not.
fn check_choice(rules: &Rules, st: TurnState, dice: &Counts, action: Action) -> Result<(), String> {
    let o = outcome(rules, *dice, st.roll == 1);
    match action {
        Action::Bank { plain: true } if o.bank_plain.is_none() => {
            Err("bank plain: nothing to bank".into())
        }
        Action::Bank { .. } => Ok(()),
        Action::Keep(k) => {
            if (1..=6).any(|f| k[f] > dice[f]) {
                return Err(format!(
                    "keep {}: not in the roll {}",
                    spaced(&k),
                    spaced(dice)
                ));
            }
            let kept: u8 = k.iter().sum();
            let rolled: u8 = dice.iter().sum();
            let value = if st.roll == 1 {
                first_roll_value(rules, &k, rolled, true)
            } else {
                later_roll_value(&k)
            };
            if value.is_none() {
                return Err(format!("keep {}: those dice do not all score", spaced(&k)));
            }
            if st.roll == 3 || !o.reroll || kept >= st.held {
                return Err(format!("keep {}: no roll on from here: bank", spaced(&k)));
            }
            Ok(())
        }
        _ => Err("not a choice after a roll".into()),
    }
}

/// A choice as the review's JSON gives it: its kind and fields, so a program reads the
/// dice set aside or the bank without parsing a label.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Choice {
    /// Take the previous player's offer (their turn total on their leftover dice).
    GoForIt,
    /// Decline it: roll six fresh dice.
    RollFresh,
    /// Within 50 of an exact target: roll this many of the dice in hand.
    Roll { dice: u8 },
    /// Bank the turn's points (`plain`: the roll counted without "all count").
    Bank { plain: bool },
    /// Set these dice aside and roll the others on.
    Keep { keep: Vec<u8> },
}

impl From<Action> for Choice {
    fn from(a: Action) -> Choice {
        match a {
            Action::GoForIt => Choice::GoForIt,
            Action::RollFresh => Choice::RollFresh,
            Action::Roll(dice) => Choice::Roll { dice },
            Action::Bank { plain } => Choice::Bank { plain },
            Action::Keep(k) => Choice::Keep {
                keep: (1..=6u8)
                    .flat_map(|f| std::iter::repeat_n(f, usize::from(k[usize::from(f)])))
                    .collect(),
            },
        }
    }
}

/// One decision judged.
#[derive(Clone, Debug, Serialize)]
pub struct Decision {
    pub line: usize,
    pub player: String,
    /// The mover's score and the opponent's at the turn's start (with three or more
    /// players, the opponent the heads-up strategy plays against: the leader).
    pub me: u32,
    pub opp: u32,
    /// Where the turn stood: `offer 150 on 2 dice`, `roll 1: 1 1 5 5 2 3`.
    pub stage: String,
    pub chosen: Choice,
    pub best: Choice,
    /// The choices in words (`keep 1 5 (+15), 4 dice left`, `bank 350`), for the text
    /// report.
    #[serde(skip)]
    pub chosen_label: String,
    #[serde(skip)]
    pub best_label: String,
    /// The mover's chance to win after the choice, and after the best one.
    pub p_win: f64,
    pub p_win_best: f64,
    /// Chance to win lost (0 for the best choice).
    pub cost: f64,
}

/// A record's decisions judged against optimal play (two players), or against the
/// heads-up strategy (three or more: the two-player table against the leading opponent).
#[derive(Clone, Debug, Serialize)]
pub struct Review {
    pub rules: String,
    /// Names in seat order; `scores` and `cost` follow it.
    pub players: Vec<String>,
    pub scores: Vec<u32>,
    pub finished: bool,
    /// The winner's name, `tie` (a shared win), or none if unfinished.
    pub winner: Option<String>,
    /// Everyone who wins or shares the win (empty if unfinished).
    pub winners: Vec<String>,
    /// What judged the decisions: `exact` (two players) or `heads-up`.
    pub strategy: &'static str,
    pub decisions: Vec<Decision>,
    /// Each player's chance to win lost, summed over their decisions.
    pub cost: Vec<f64>,
}

impl Review {
    /// The review as `yahtzee yahtzix review` prints it: every judged decision, then the
    /// `top` costliest; `name` is the record's.
    pub fn text(&self, name: &str, top: usize) -> String {
        let pct = |p: f64| format!("{:.2}%", 100.0 * p);
        let mut out = if self.players.len() == 2 {
            let state = match &self.winner {
                Some(w) if w == "tie" => "a tie".to_string(),
                Some(w) => format!("{w} won"),
                None => "not finished".to_string(),
            };
            format!(
                "review of {name} (Yahtzix {}, {state})\n\
                 scores: {} {}, {} {}; chance to win lost: {} {}, {} {}\n\n",
                self.rules,
                self.players[0],
                self.scores[0],
                self.players[1],
                self.scores[1],
                self.players[0],
                pct(self.cost[0]),
                self.players[1],
                pct(self.cost[1]),
            )
        } else {
            let state = match &self.winners[..] {
                [] => "not finished".to_string(),
                [w] => format!("{w} won"),
                ws => format!("{} share the win", ws.join(" and ")),
            };
            let mut out = format!(
                "review of {name} (Yahtzix {}, {} players, {state})\n\
                 judged by the heads-up strategy: each chance is the two-player table's\n\
                 against the leading opponent, not exact play at a table of {}\n",
                self.rules,
                self.players.len(),
                self.players.len(),
            );
            let name_w = self
                .players
                .iter()
                .map(|p| p.chars().count())
                .max()
                .unwrap_or(0);
            for ((p, score), cost) in self.players.iter().zip(&self.scores).zip(&self.cost) {
                out += &format!(
                    "  {p:<name_w$} {score:>5}   chance to win lost {}\n",
                    pct(*cost)
                );
            }
            out + "\n"
        };
        // One row per decision within 80 columns (player names cut to 10); under a costly
        // one, the best choice.
        let width = |f: &dyn Fn(&Decision) -> usize, least: usize| {
            self.decisions.iter().map(f).max().unwrap_or(0).max(least)
        };
        let player_w = width(&|d| d.player.chars().count(), 6).min(10);
        let stage_w = width(&|d| d.stage.chars().count(), 5);
        let lead = 4 + 2 + player_w + 2 + stage_w + 2;
        let choice_w =
            width(&|d| d.chosen_label.chars().count(), 6).min(80usize.saturating_sub(lead + 8));
        let row = |line: &str, player: &str, stage: &str, choice: &str, cost: &str| {
            let player: String = player.chars().take(player_w).collect();
            format!("{line:>4}  {player:<player_w$}  {stage:<stage_w$}  {choice:<choice_w$} {cost:>7}\n")
        };
        out += &row("line", "player", "where", "choice", "cost");
        for d in &self.decisions {
            let costly = d.cost > 1e-9;
            let cost = if costly { pct(d.cost) } else { "-".into() };
            out += &row(
                &d.line.to_string(),
                &d.player,
                &d.stage,
                &d.chosen_label,
                &cost,
            );
            if costly {
                out += &format!("{:lead$}best: {}\n", "", d.best_label);
            }
        }
        let say = |d: &Decision| {
            format!(
                "  line {}: {} at {}, {} of the chance to win:\n    {}; best {}\n",
                d.line,
                d.player,
                d.stage,
                pct(d.cost),
                d.chosen_label,
                d.best_label,
            )
        };
        out += &mistakes(&self.decisions, |d| d.cost, top, "optimal", say);
        out
    }
}

/// Every decision of `record` with its cost in chance to win, from the solved game: exact
/// for two players, the heads-up strategy's ([`crate::party::advise`]) for three or more.
pub fn review(record: &Record, duel: &Duel, rolls: &Rolls) -> Result<Review, Error> {
    if duel.rules != record.rules {
        return Err(Error::Record(format!(
            "the record is Yahtzix {}, the solved game {}",
            record.rules.name(),
            duel.rules.name()
        )));
    }
    let players = record.players.len();
    let mut decisions = Vec::new();
    let mut cost = vec![0.0; players];
    let game = record.replay(|game, line, stage, action| {
        let pos = if players == 2 {
            Position {
                seat: if game.to_move == 0 {
                    Seat::First
                } else {
                    Seat::Second
                },
                me: game.scores[game.to_move],
                opp: game.scores[1 - game.to_move],
                stage: stage.clone(),
            }
        } else {
            // The heads-up strategy's position (party::advise), the seating checked first.
            let seating = Seating {
                scores: game.scores.clone(),
                to_move: game.to_move,
                stage: stage.clone(),
            };
            if seating.check(&record.rules).is_err() {
                return;
            }
            seating.heads_up(&record.rules)
        };
        // A position outside the solved game's range is not judged.
        let Ok(advice) = advise(duel, rolls, &pos) else {
            return;
        };
        let Some(chosen) = advice
            .options
            .iter()
            .find(|o| same(&record.rules, stage, o.action, action))
        else {
            return;
        };
        let best = &advice.options[0];
        let c = (best.win - chosen.win).max(0.0);
        cost[game.to_move] += c;
        decisions.push(Decision {
            line,
            player: record.players[game.to_move].clone(),
            me: pos.me,
            opp: pos.opp,
            stage: describe(stage),
            chosen: chosen.action.into(),
            best: best.action.into(),
            chosen_label: chosen.label.clone(),
            best_label: best.label.clone(),
            p_win: chosen.win,
            p_win_best: best.win,
            cost: c,
        });
    })?;
    let winner = game.winner.map(|w| match record.players.get(w) {
        Some(name) => name.clone(),
        None => "tie".to_string(),
    });
    Ok(Review {
        rules: record.rules.name(),
        players: record.players.clone(),
        scores: game.scores.clone(),
        finished: game.winner.is_some(),
        winner,
        winners: game
            .winners
            .iter()
            .map(|&w| record.players[w].clone())
            .collect(),
        strategy: if players == 2 { "exact" } else { "heads-up" },
        decisions,
        cost,
    })
}

/// Whether an option of the advice is the choice made: the same action, or for a keep the
/// same points and number of dice (the advice lists one keep of each).
fn same(rules: &Rules, stage: &Stage, option: Action, chosen: Action) -> bool {
    match (option, chosen, stage) {
        (Action::Keep(a), Action::Keep(b), Stage::Rolled { roll, dice, .. }) => {
            let rolled: u8 = dice.iter().sum();
            let value = |k: &Counts| {
                if *roll == 1 {
                    first_roll_value(rules, k, rolled, true)
                } else {
                    later_roll_value(k)
                }
            };
            a.iter().sum::<u8>() == b.iter().sum::<u8>() && value(&a) == value(&b)
        }
        (a, b, _) => a == b,
    }
}

fn describe(stage: &Stage) -> String {
    match stage {
        Stage::Start {
            offer: Some((t, k)),
        } => format!("offer {t} on {k} dice"),
        Stage::Start { offer: None } => "turn start".into(),
        Stage::Rolled {
            roll, total, dice, ..
        } if *total > 0 => {
            format!("roll {roll}: {} ({total} set aside)", spaced(dice))
        }
        Stage::Rolled { roll, dice, .. } => format!("roll {roll}: {}", spaced(dice)),
    }
}
