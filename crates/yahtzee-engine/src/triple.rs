//! Triple Yahtzee through the engine: advice, simulation and game reviews, in the shapes
//! `yahtzee triple ... --json` prints (docs/ENGINE.md, "Triple Yahtzee").
//!
//! The strategy is `yahtzee-triple`'s: each turn played exactly against an approximate
//! value of the position (the columns' solitaire values plus a fitted correction), so an
//! option's value is expected points under that strategy, not an exact optimum.

use serde::{Deserialize, Serialize};
use yahtzee_rules::Dice;
use yahtzee_triple::advice::{rank_options, Choice};
use yahtzee_triple::record::{self, Record, Review};
use yahtzee_triple::sim::Summary;
use yahtzee_triple::{Kind, Player, TripleCard, Variant};

use crate::{EngineError, GameTables};

/// `1978` (default) or `forum`.
pub fn variant_named(name: &str) -> Result<Variant, EngineError> {
    Variant::from_name(name).ok_or_else(|| {
        EngineError::BadInput(format!(
            "unknown Triple Yahtzee variant '{name}' (1978, forum)"
        ))
    })
}

/// `fitted` (default), `solitaire` or `greedy`.
pub fn strategy_named(name: &str) -> Result<Kind, EngineError> {
    Kind::from_name(name).ok_or_else(|| {
        EngineError::BadInput(format!(
            "unknown Triple Yahtzee strategy '{name}' (fitted, solitaire, greedy)"
        ))
    })
}

/// A position to advise: the request body of `POST /api/advise` with `"game": "triple"`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Question {
    /// Always `triple` here (the field the request is dispatched on).
    #[serde(default)]
    pub game: Option<String>,
    #[serde(default = "default_variant")]
    pub variant: String,
    #[serde(default = "default_strategy")]
    pub strategy: String,
    /// Filled boxes as `COLUMN.box=score`, e.g. `1.ones=3 3.yahtzee=50 bonus=100`.
    #[serde(default)]
    pub card: String,
    /// The five dice showing: `"13346"` or `[1, 3, 3, 4, 6]`.
    pub dice: crate::api::DiceText,
    /// Rerolls left: 2 after the first roll, 0 after the last.
    pub rolls_left: u8,
}

fn default_variant() -> String {
    "1978".into()
}

fn default_strategy() -> String {
    "fitted".into()
}

/// The answer to a [`Question`].
#[derive(Clone, Debug, Serialize)]
pub struct Advice {
    pub game: &'static str,
    pub variant: &'static str,
    pub strategy: &'static str,
    /// The card as given, normalised.
    pub card: String,
    /// Points on the card now.
    pub total: u32,
    pub dice: Vec<u8>,
    pub rolls_left: u8,
    /// Points on the card plus the best option's value.
    pub expected_final: f64,
    /// Every option, best first.
    pub options: Vec<AdviceOption>,
}

/// One option of an [`Advice`]: `keep` while rerolls are left, else `column` and
/// `category` (with the points the move adds).
#[derive(Clone, Debug, Serialize)]
pub struct AdviceOption {
    /// In words: `keep 3 3 5`, `keep all (stop)`, `score 3 full_house (75)`.
    pub option: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub keep: Option<Vec<u8>>,
    /// Column 1, 2 or 3 (scored ×1, ×2, ×3).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub column: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub category: Option<&'static str>,
    /// Points the move adds to the final total (multiplied box and upper bonus, plus the
    /// Yahtzee bonus).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub points: Option<u32>,
    /// Expected points from this decision to the end of the game, under the strategy.
    pub ev_remaining: f64,
    /// Expected points lost against the best option (0 for it).
    pub loss: f64,
}

impl Advice {
    /// The advice as `yahtzee triple advise` prints it: the position, then the `shown`
    /// best options with the expected final total each leads to and its loss (as
    /// `yahtzee advise`: positive, "best" for the best), the label column as wide as its
    /// labels; `card` is the card drawn above it.
    pub fn text(&self, card: &TripleCard, shown: usize) -> String {
        let mut out = card.display();
        out.push('\n');
        out += &yahtzee_rules::wrap(
            &format!(
                "dice {} with {} reroll(s) left ({} rules, {} strategy); expected final total {:.2}",
                spaced(&self.dice),
                self.rolls_left,
                self.variant,
                self.strategy,
                self.expected_final
            ),
            yahtzee_rules::COLUMNS,
            "  ",
        );
        let opts = &self.options;
        let shown = shown.min(opts.len());
        let w = opts.iter().take(shown).map(|o| o.option.chars().count());
        let w = w.max().unwrap_or(0).max(6);
        let so_far = self.expected_final - opts.first().map_or(0.0, |o| o.ev_remaining);
        out += &format!("\n{:>3}  {:w$} {:>12}\n", "", "", "expected");
        out += &format!(
            "{:>3}  {:<w$} {:>12} {:>10}\n",
            "#", "option", "final total", "loss"
        );
        for (i, o) in opts.iter().take(shown).enumerate() {
            let loss = if o.loss > 0.0 {
                format!("{:.3}", o.loss)
            } else {
                "best".to_string()
            };
            let total = so_far + o.ev_remaining;
            out += &format!("{:>3}. {:<w$} {total:>12.3} {loss:>10}\n", i + 1, o.option);
        }
        if shown < opts.len() {
            out += &format!("     ({} more: --all)\n", opts.len() - shown);
        }
        out
    }
}

/// Faces as "1 3 3 4 6".
fn spaced(dice: &[u8]) -> String {
    dice.iter().map(u8::to_string).collect::<Vec<_>>().join(" ")
}

impl Question {
    /// The body of a request, checked.
    pub fn from_json(body: &[u8]) -> Result<Question, EngineError> {
        crate::api::parse(body)
    }

    /// The variant, strategy, card and dice, checked.
    pub fn checked(&self) -> Result<(Variant, Kind, TripleCard, Dice), EngineError> {
        let variant = variant_named(&self.variant)?;
        let kind = strategy_named(&self.strategy)?;
        let card = TripleCard::parse(yahtzee_triple::Triple::standard(variant), &self.card)
            .map_err(|e| EngineError::BadInput(format!("bad card: {e}")))?;
        let dice = crate::parse_dice(&self.dice.text())?;
        if self.rolls_left > 2 {
            return Err(EngineError::BadInput(format!(
                "rolls_left {}: 0, 1 or 2",
                self.rolls_left
            )));
        }
        if card.is_full() {
            return Err(EngineError::BadInput(
                "the card is full: the game is over".into(),
            ));
        }
        Ok((variant, kind, card, dice))
    }

    /// Every option ranked by `tables`' player of the question's variant and strategy.
    pub fn answer(&self, tables: &dyn GameTables) -> Result<Advice, EngineError> {
        let (variant, kind, card, dice) = self.checked()?;
        let player = tables.triple_player(variant, kind)?;
        Ok(advise(&player, &card, &dice, self.rolls_left))
    }
}

/// Every option of a position, best first.
pub fn advise(player: &Player, card: &TripleCard, dice: &Dice, rolls_left: u8) -> Advice {
    let game = player.game();
    let ranked = rank_options(player, card, dice, rolls_left);
    let best = ranked.first().map_or(0.0, |r| r.value);
    let options = ranked
        .iter()
        .map(|r| {
            let (keep, column, category, points) = match r.choice {
                Choice::Keep(k) => (Some(k.faces()), None, None, None),
                Choice::Score(m) => (
                    None,
                    Some(m.col as u8 + 1),
                    Some(game.rules.boxes[m.box_index].name()),
                    Some(m.points),
                ),
            };
            AdviceOption {
                option: r.label(player, dice),
                keep,
                column,
                category,
                points,
                ev_remaining: r.value,
                loss: best - r.value,
            }
        })
        .collect();
    Advice {
        game: "triple",
        variant: game.variant.name(),
        strategy: player.valuer.kind.name(),
        card: card.to_text(),
        total: card.total(),
        dice: dice.faces(),
        rolls_left,
        expected_final: f64::from(card.total()) + best,
        options,
    }
}

/// Simulation settings: the body of `POST /api/stats` with `"game": "triple"`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SimulateQuestion {
    #[serde(default)]
    pub game: Option<String>,
    #[serde(default = "default_variant")]
    pub variant: String,
    /// Strategies to play [default: all three].
    #[serde(default)]
    pub strategies: Vec<String>,
    #[serde(default = "default_games")]
    pub games: u64,
    #[serde(default = "default_seed")]
    pub seed: u64,
}

fn default_games() -> u64 {
    10_000
}

fn default_seed() -> u64 {
    1
}

/// The most games one simulation question may ask for.
pub const MAX_GAMES: u64 = 10_000_000;

impl SimulateQuestion {
    /// The body of a request, checked for shape.
    pub fn from_json(body: &[u8]) -> Result<SimulateQuestion, EngineError> {
        crate::api::parse(body)
    }

    /// The variant and the strategies asked for, checked.
    pub fn checked(&self) -> Result<(Variant, Vec<Kind>), EngineError> {
        let variant = variant_named(&self.variant)?;
        if !(2..=MAX_GAMES).contains(&self.games) {
            return Err(EngineError::BadInput(format!(
                "games {}: from 2 to {MAX_GAMES}",
                self.games
            )));
        }
        let kinds = if self.strategies.is_empty() {
            Kind::ALL.to_vec()
        } else {
            self.strategies
                .iter()
                .map(|s| strategy_named(s))
                .collect::<Result<_, _>>()?
        };
        Ok((variant, kinds))
    }

    /// One summary per strategy (mean and 95% interval of the final total), the same for
    /// any thread count.
    pub fn answer(&self, tables: &dyn GameTables) -> Result<Vec<Summary>, EngineError> {
        let (variant, kinds) = self.checked()?;
        kinds
            .into_iter()
            .map(|k| {
                let player = tables.triple_player(variant, k)?;
                Ok(yahtzee_triple::sim::simulate(
                    &player, self.games, self.seed,
                ))
            })
            .collect()
    }
}

/// Every decision of a game record judged against the fitted strategy.
pub fn review(tables: &dyn GameTables, record_text: &str) -> Result<Review, EngineError> {
    let rec = Record::parse(record_text).map_err(|e| EngineError::Record(e.to_string()))?;
    let player = tables.triple_player(rec.variant, Kind::Fitted)?;
    record::review(&rec, &player).map_err(|e| EngineError::Record(e.to_string()))
}
