//! The review of a game: for every decision of a record, the optimal choice, the choice
//! made and the expected points it cost.

use serde::Serialize;
use yahtzee_advice::{Advice, Advisor, Choice};
use yahtzee_rules::Dice;

use crate::game::Game;
use crate::record::{Event, Record, RecordError};

/// A choice as the review's JSON gives it: what kind it is and its fields, so a program
/// reads the dice kept or the box and its score without parsing a label.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Action {
    /// Keep these dice (sorted; none: reroll all) and roll the others.
    Keep { keep: Vec<u8> },
    /// Write `score` in the box `category` (ends the turn).
    Score { category: &'static str, score: u32 },
    /// House rule "chance-chance": reroll all five and score them in Chance.
    ChanceChance,
    /// House rule "mulligan": spend the fourth roll, keeping these dice.
    Mulligan { keep: Vec<u8> },
    /// House rule "mega-yahtzee", before a turn's first roll: take the sixth die or not.
    SixthDie { take: bool },
}

impl From<&Choice> for Action {
    fn from(c: &Choice) -> Action {
        match *c {
            Choice::Keep(k) => Action::Keep { keep: k.faces() },
            Choice::Fill { category, score } => Action::Score {
                category: category.name(),
                score,
            },
            Choice::ChanceChance => Action::ChanceChance,
            Choice::Mulligan(k) => Action::Mulligan { keep: k.faces() },
            Choice::SixthDie(take) => Action::SixthDie { take },
        }
    }
}

/// One decision: a keep, or a box (possibly chosen with rolls still left).
#[derive(Clone, Debug, Serialize)]
pub struct Decision {
    /// Line of the record.
    pub line: usize,
    pub player: String,
    pub round: u32,
    pub dice: Vec<u8>,
    pub rolls_left: u8,
    pub chosen: Action,
    /// Expected points still to come after the choice made (this turn's box included).
    pub chosen_ev: f64,
    /// The optimal choice (the first of equals), in the same form.
    pub best: Action,
    pub best_ev: f64,
    /// `best_ev - chosen_ev`: expected points lost (0 for an optimal choice).
    pub cost: f64,
    /// The choices as a report names them ([`label`]): for text, not the JSON.
    #[serde(skip)]
    pub chosen_label: String,
    #[serde(skip)]
    pub best_label: String,
    /// Where the cost went, for a costly decision explained (`yahtzee review --explain`):
    /// the parts that differ most between the choice made and the best one, in the words
    /// of `yahtzee advise --explain` ("upper bonus 65% instead of 67%"); empty otherwise.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub why: Vec<String>,
}

/// A player's result.
#[derive(Clone, Debug, Serialize)]
pub struct PlayerSummary {
    pub name: String,
    pub bot: bool,
    pub total: u32,
    pub decisions: usize,
    /// Expected points lost against optimal play, over the whole game.
    pub cost: f64,
}

/// Every decision of a game, judged.
#[derive(Clone, Debug, Serialize)]
pub struct Review {
    pub rules: &'static str,
    pub finished: bool,
    pub players: Vec<PlayerSummary>,
    pub decisions: Vec<Decision>,
}

impl Review {
    /// The review as `yahtzee review` prints it, within 80 columns: a row per decision
    /// (the choice column as wide as the longest choice, the best one under a costly
    /// choice), each player's total and loss, then the `top` costliest decisions; `name` is
    /// the record's.
    pub fn text(&self, name: &str, top: usize) -> String {
        let r = self;
        use yahtzee_rules::{wrap, COLUMNS};
        let mut out = String::new();
        let state = if r.finished {
            "finished"
        } else {
            "not finished"
        };
        out += &wrap(
            &format!("review of {name} (rules {}, {state})", r.rules),
            COLUMNS,
            "  ",
        );
        out.push('\n');
        // One row per decision; the choice column as wide as the longest choice, within 80
        // columns (a longer one runs on), and the best choice under it when it differs.
        let dice = |d: &Decision| d.dice.iter().map(u8::to_string).collect::<String>();
        let player_w = r
            .decisions
            .iter()
            .map(|d| d.player.chars().count())
            .max()
            .unwrap_or(0);
        let player_w = player_w.clamp(6, 12);
        let lead = 4 + 2 + player_w + 2 + 5 + 2 + 6 + 2 + 4 + 2;
        let cost_w = 7;
        let choice_w = r
            .decisions
            .iter()
            .map(|d| d.chosen_label.chars().count())
            .max()
            .unwrap_or(0)
            .clamp(6, COLUMNS - lead - cost_w - 1);
        let row = |line: &str, player: &str, round: &str, dice: &str, left: &str, choice: &str| {
            format!(
                "{line:>4}  {player:<player_w$}  {round:>5}  {dice:<6}  {left:>4}  {choice:<choice_w$}"
            )
        };
        let head = row("line", "player", "round", "dice", "left", "choice");
        out += &format!("{head} {:>cost_w$}\n", "cost");
        for d in &r.decisions {
            let cost = if d.cost > 0.0 {
                format!("{:.3}", d.cost)
            } else {
                "-".to_string()
            };
            let player: String = d.player.chars().take(player_w).collect();
            let line = row(
                &d.line.to_string(),
                &player,
                &d.round.to_string(),
                &dice(d),
                &d.rolls_left.to_string(),
                &d.chosen_label,
            );
            out += &format!("{line} {cost:>cost_w$}\n");
            if d.cost > 0.0 {
                out += &wrap(
                    &format!("{:lead$}best: {}", "", d.best_label),
                    COLUMNS,
                    &" ".repeat(lead + 6),
                );
            }
        }
        out.push('\n');
        for p in &r.players {
            out += &wrap(
                &format!(
                    "{:<12} {:>4} points, {:.3} expected points lost over {} decisions{}",
                    p.name,
                    p.total,
                    p.cost,
                    p.decisions,
                    if p.bot { " (bot)" } else { "" }
                ),
                COLUMNS,
                "  ",
            );
        }
        let worst = r.biggest_mistakes(top);
        if worst.is_empty() {
            out += "\nno mistakes: every decision was optimal\n";
        } else {
            out += "\nbiggest mistakes:\n";
            for d in worst {
                let dice: Vec<String> = d.dice.iter().map(u8::to_string).collect();
                out += &wrap(
                    &format!(
                        "  line {}: {} in round {} with {} ({} left), cost {:.3}:",
                        d.line,
                        d.player,
                        d.round,
                        dice.join(" "),
                        d.rolls_left,
                        d.cost
                    ),
                    COLUMNS,
                    "    ",
                );
                out += &wrap(
                    &format!("    {}; best {}", d.chosen_label, d.best_label),
                    COLUMNS,
                    "    ",
                );
                if !d.why.is_empty() {
                    out += &wrap(
                        &format!("    where the cost went: {}", d.why.join(", ")),
                        COLUMNS,
                        "      ",
                    );
                }
            }
        }
        out
    }

    /// The `n` costliest decisions, costliest first (only those that cost something).
    pub fn biggest_mistakes(&self, n: usize) -> Vec<&Decision> {
        let mut d: Vec<&Decision> = self.decisions.iter().filter(|d| d.cost > 0.0).collect();
        d.sort_by(|a, b| b.cost.total_cmp(&a.cost));
        d.truncate(n);
        d
    }
}

/// What a choice is called in reviews and hints, with `showing` dice rolled (five, or six
/// on the Mega turn).
pub fn label(c: &Choice, showing: usize) -> String {
    match c {
        Choice::Keep(k) if k.is_empty() => "reroll all".to_string(),
        Choice::Keep(k) if k.len() >= showing => format!("keep all ({})", k.spaced()),
        Choice::Keep(k) => format!("keep {}", k.spaced()),
        Choice::Fill { category, score } => format!("score {} ({score})", category.name()),
        Choice::ChanceChance => "chance-chance".to_string(),
        Choice::Mulligan(k) => format!("mulligan: keep {}", k.spaced()),
        Choice::SixthDie(true) => "take the sixth die".to_string(),
        Choice::SixthDie(false) => "roll five dice (sixth die kept in hand)".to_string(),
    }
}

/// The value of every option, and which one `event` chose, for the position before it.
/// `None` for events that are not decisions (a chance-chance roll must go in Chance), or
/// that the replay will refuse.
pub fn judge(advisor: &Advisor, game: &Game, event: &Event) -> Option<(Advice, usize)> {
    let start = game.rolls_made() == 0 && !game.with_sixth_die();
    if start && matches!(event, Event::SixthDie | Event::Roll(_)) {
        // House rule "mega-yahtzee": a turn's first roll, with the sixth die in hand or not.
        let advice = advisor.advise_sixth_die(&game.current().card).ok()??;
        let take = *event == Event::SixthDie;
        let i = advice
            .options
            .iter()
            .position(|o| o.choice == Choice::SixthDie(take))?;
        return Some((advice, i));
    }
    let dice = game.dice()?;
    let card = &game.current().card;
    if game.kept().is_some() || game.in_chance_chance() {
        return None;
    }
    let is = |want: Choice| move |c: &Choice| *c == want;
    match event {
        Event::Keep(k) => {
            let advice = advisor.advise(card, dice, game.rolls_left()).ok()?;
            let i = advice
                .options
                .iter()
                .position(|o| o.choice == Choice::Keep(*k))?;
            Some((advice, i))
        }
        Event::Score(c) => judge_final(
            advisor,
            game,
            dice,
            |o: &Choice| matches!(o, Choice::Fill { category, .. } if category == c),
        ),
        Event::Mulligan(k) => judge_final(advisor, game, dice, is(Choice::Mulligan(*k))),
        Event::ChanceChance => judge_final(advisor, game, dice, is(Choice::ChanceChance)),
        _ => None,
    }
}

/// A choice made after the last roll (a box, chance-chance, the mulligan); made with rolls
/// left, it competes with every keep.
fn judge_final(
    advisor: &Advisor,
    game: &Game,
    dice: Dice,
    chosen: impl Fn(&Choice) -> bool,
) -> Option<(Advice, usize)> {
    let card = &game.current().card;
    let last = advisor.advise(card, dice, 0).ok()?;
    let chosen = *last.options.iter().find(|o| chosen(&o.choice))?;
    let mut advice = match game.rolls_left() {
        0 => last,
        n => advisor.advise(card, dice, n).ok()?,
    };
    let i = match advice
        .options
        .iter()
        .position(|o| o.choice == chosen.choice)
    {
        Some(i) => i,
        None => {
            advice.options.push(chosen);
            advice.options.len() - 1
        }
    };
    Some((advice, i))
}

/// Replays `record` and judges every keep and box with `advisor` (a table of the record's
/// rules).
pub fn review(record: &Record, advisor: &Advisor) -> Result<Review, RecordError> {
    let mut decisions = Vec::new();
    let game = record.replay(|game, line, event| {
        if let Some((advice, i)) = judge(advisor, game, event) {
            let showing = game.dice().map_or(5, |d| d.len());
            let best = advice.best();
            let chosen = &advice.options[i];
            decisions.push(Decision {
                line,
                player: game.current().name.clone(),
                round: game.round(),
                dice: game.dice().map(|d| d.faces()).unwrap_or_default(),
                rolls_left: game.rolls_left(),
                chosen: Action::from(&chosen.choice),
                chosen_ev: chosen.ev_remaining,
                best: Action::from(&best.choice),
                best_ev: best.ev_remaining,
                cost: (best.ev_remaining - chosen.ev_remaining).max(0.0),
                chosen_label: label(&chosen.choice, showing),
                best_label: label(&best.choice, showing),
                why: Vec::new(),
            });
        }
        Ok(())
    })?;
    let players = game
        .players()
        .iter()
        .map(|p| {
            let mine = decisions.iter().filter(|d| d.player == p.name);
            PlayerSummary {
                name: p.name.clone(),
                bot: p.bot,
                total: p.card.total(),
                decisions: mine.clone().count(),
                cost: mine.fold(0.0, |a, d| a + d.cost),
            }
        })
        .collect();
    Ok(Review {
        rules: record.rules.name,
        finished: game.is_over(),
        players,
        decisions,
    })
}
