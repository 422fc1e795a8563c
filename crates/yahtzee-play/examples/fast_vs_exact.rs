//! How far the fast win bot (`--bot NAME:win`) is from the exact best response, decision by
//! decision, in late positions of real two-player games under the official rules.
//!
//! ```text
//! cargo run --release -p yahtzee-play --example fast_vs_exact -- [TURNS] [MAX_OPEN] [SEED]
//! ```
//!
//! Each sampled turn comes from a seeded game of the fast bot against the expected-score
//! bot (the fast bot sits first in even samples, second in odd ones), stopped when the
//! fast bot is about to start a turn with `k` boxes open, `k` cycling through
//! `1..=MAX_OPEN`. The exact best response to the opponent's card ([`WinAdvisor`]) is
//! solved there, and the fast bot plays the turn while every one of its decisions is
//! scored by the exact P(win) + P(tie)/2 of the option it took against the best option.
//!
//! The sum of a turn's per-decision losses estimates, without bias, the chance of winning
//! given up by playing that one turn with the fast rule (and exactly afterwards).
//! Needs `data/forced.table` and `data/forced.target.table` (`yahtzee solve` and
//! `yahtzee solve --objective target` write them).

use std::path::Path;
use std::time::Instant;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use yahtzee_advice::{Advice, Advisor, Choice, Strategy, TableValues, TargetAdvisor, WinAdvisor};
use yahtzee_play::{bot, Aim, Bots, Event, Game};
use yahtzee_rules::RuleSet;
use yahtzee_table::{Table, TargetTable};

#[derive(Default)]
struct Tally {
    decisions: u64,
    agreed: u64,
    turns: u64,
    loss: f64,
    max_loss: f64,
    turn_loss: Vec<f64>,
}

fn main() -> Result<(), String> {
    let arg = |i: usize, default: u64| -> Result<u64, String> {
        std::env::args().nth(i).map_or(Ok(default), |a| {
            a.parse().map_err(|_| format!("bad number '{a}'"))
        })
    };
    let (turns, max_open, seed) = (arg(1, 1000)?, arg(2, 6)?.clamp(1, 13), arg(3, 1)?);
    let rules = RuleSet::by_name("forced").ok_or("no official rules")?;
    let e = |x: yahtzee_table::TableError| x.to_string();
    let advisor = Advisor::new(Table::open(Path::new("data/forced.table"), rules).map_err(e)?);
    let target = TargetTable::open(Path::new("data/forced.target.table"), rules).map_err(e)?;
    let bots = Bots::new(
        &advisor,
        Some(TargetAdvisor::new(&advisor, &target).map_err(|x| x.to_string())?),
    );
    let values = TableValues(advisor.table());
    let strategy = Strategy::new(rules, &values);
    let mut by_open: Vec<Tally> = (0..=max_open).map(|_| Tally::default()).collect();
    let start = Instant::now();
    for i in 0..turns {
        let open = 1 + (i % max_open) as u32;
        let fast_seat = (i % 2) as usize;
        let mut rng = ChaCha8Rng::seed_from_u64(seed.wrapping_add(i));
        let mut game = Game::new(rules, vec![("A".into(), true), ("B".into(), true)]);
        let aims = |seat: usize| {
            if seat == fast_seat {
                Aim::Win
            } else {
                Aim::Expected
            }
        };
        // Play until the fast bot is about to start a turn with `open` boxes open.
        while !(game.current_seat() == fast_seat
            && rules.box_count() as u32 - game.current().card.state().turns_played() == open)
        {
            bot::play_turn(&bots, aims(game.current_seat()), &mut game, &mut rng)?;
        }
        let opponent = &game.players()[1 - fast_seat].card;
        let dist = yahtzee_stats::exact(&strategy, opponent, &|_| {}).distribution;
        let card = game.current().card.clone();
        let exact =
            WinAdvisor::solve(&advisor, &card, &[dist], &|_| {}).map_err(|x| x.to_string())?;
        let tally = &mut by_open[open as usize];
        let mut turn_loss = 0.0;
        game.roll(bot::roll_dice(yahtzee_rules::Dice::EMPTY, &mut rng))
            .map_err(|x| x.to_string())?;
        loop {
            let (card, dice, rolls_left) = (
                &game.current().card,
                game.dice().unwrap(),
                game.rolls_left(),
            );
            let event = bots.decide(Aim::Win, &game)?;
            let ranked = exact
                .advise(card, dice, rolls_left)
                .map_err(|x| x.to_string())?;
            let taken = match event {
                Event::Keep(_) => ranked.clone(),
                _ => exact.advise(card, dice, 0).map_err(|x| x.to_string())?,
            };
            let best = value(&ranked, 0);
            let got = value(&taken, position(&taken, &event)?);
            let loss = (best - got).max(0.0);
            tally.decisions += 1;
            tally.agreed += u64::from(loss <= 1e-12);
            tally.loss += loss;
            tally.max_loss = tally.max_loss.max(loss);
            turn_loss += loss;
            let ends = !matches!(event, Event::Keep(_));
            bot::apply(&mut game, event)?;
            if ends || game.in_chance_chance() {
                break;
            }
            game.roll(bot::roll_dice(game.to_keep(), &mut rng))
                .map_err(|x| x.to_string())?;
        }
        tally.turns += 1;
        tally.turn_loss.push(turn_loss);
    }
    report(&by_open, start.elapsed().as_secs_f64());
    Ok(())
}

/// P(win) + P(tie)/2 of the option at `index`.
fn value(advice: &Advice, index: usize) -> f64 {
    let o = &advice.options[index];
    o.p_win.unwrap_or(0.0) + 0.5 * o.p_tie.unwrap_or(0.0)
}

/// Where the bot's decision is among the ranked options.
fn position(advice: &Advice, event: &Event) -> Result<usize, String> {
    advice
        .options
        .iter()
        .position(|o| match (o.choice, event) {
            (Choice::Keep(a), Event::Keep(b)) => a == *b,
            (Choice::Fill { category, .. }, Event::Score(c)) => category == *c,
            (Choice::Mulligan(a), Event::Mulligan(b)) => a == *b,
            (Choice::ChanceChance, Event::ChanceChance) => true,
            _ => false,
        })
        .ok_or_else(|| format!("the bot's {event:?} is not an option"))
}

fn report(by_open: &[Tally], seconds: f64) {
    println!(
        "open  turns  decisions  agree%   mean loss/decision  max loss   mean loss/turn  (95% ci)"
    );
    let mut all = Tally::default();
    for (open, t) in by_open.iter().enumerate().filter(|(_, t)| t.turns > 0) {
        line(&open.to_string(), t);
        all.decisions += t.decisions;
        all.agreed += t.agreed;
        all.turns += t.turns;
        all.loss += t.loss;
        all.max_loss = all.max_loss.max(t.max_loss);
        all.turn_loss.extend(&t.turn_loss);
    }
    line("all", &all);
    println!("{} turns in {seconds:.1} s", all.turns);
}

fn line(label: &str, t: &Tally) {
    let n = t.turn_loss.len() as f64;
    let mean = t.turn_loss.iter().sum::<f64>() / n;
    let var = t.turn_loss.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    let half = 1.96 * (var / n).sqrt();
    println!(
        "{label:>4}  {:>5}  {:>9}  {:>6.2}  {:>18.6}  {:>8.4}  {:>14.6}  [{:.6}, {:.6}]",
        t.turns,
        t.decisions,
        100.0 * t.agreed as f64 / t.decisions as f64,
        t.loss / t.decisions as f64,
        t.max_loss,
        mean,
        mean - half,
        mean + half,
    );
}
