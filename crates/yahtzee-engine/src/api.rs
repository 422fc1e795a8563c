//! The web API's questions, checked in one place: the bodies of `POST /api/advise` and
//! `POST /api/stats` and the card layout of `GET /api/card`. `yahtzee serve` and the
//! WebAssembly engine (`crates/yahtzee-wasm`) both read requests through here, so a page
//! gets the same answers and the same one-line errors from either.

use serde::{Deserialize, Serialize};
use yahtzee_advice::Advisor;
use yahtzee_rules::{Dice, RuleSet, Scorecard};
use yahtzee_table::TargetTable;

use crate::{EngineError, PlayFor, Report, TurnMulligan};

/// A `POST /api/advise` body, checked before any table is opened.
#[derive(Debug)]
pub struct AdviseQuestion {
    /// The rule set with its house rules.
    pub rules: &'static RuleSet,
    /// The card.
    pub card: Scorecard,
    /// The dice and rolls left; `None`: the sixth-die question.
    pub dice: Option<(Dice, u8)>,
    /// House rule "mulligan": spent this turn (`"mulligan": "this-turn"`, the dice are its
    /// roll), or as the card says.
    pub mulligan: TurnMulligan,
    /// What the player plays for.
    pub play_for: PlayFor,
    /// `"explain": true`: every option's `explain` object too (where its expected final
    /// total comes from, docs/EXPLAIN.md), from the rule set's companion table; only for
    /// play for the expected score, with five dice.
    pub explain: bool,
}

impl AdviseQuestion {
    /// The answer, `yahtzee advise --json`'s shape; `target` is needed when playing for a
    /// target.
    pub fn answer(
        &self,
        advisor: &Advisor,
        target: Option<&TargetTable>,
    ) -> Result<Report, EngineError> {
        self.answer_with(advisor, target, &crate::SolveOptions::default())
    }

    /// [`AdviseQuestion::answer`] within `options` (a best response's memory limit, a flag
    /// that cancels it: [`crate::advise_with`]).
    pub fn answer_with(
        &self,
        advisor: &Advisor,
        target: Option<&TargetTable>,
        options: &crate::SolveOptions,
    ) -> Result<Report, EngineError> {
        let position = self.dice.map(|(dice, rolls)| (dice, rolls, self.mulligan));
        crate::advise_with(
            advisor,
            target,
            &self.card,
            position,
            &self.play_for,
            options,
        )
    }

    /// Fills each option's `explain` in `report` (this question's answer) from `companion`,
    /// the rule set's companion table ([`crate::explain`]). The question was checked to be
    /// one it covers ([`advise_question`]).
    #[cfg(feature = "explain")]
    pub fn explain(
        &self,
        advisor: &Advisor,
        companion: &yahtzee_table::CompanionTable,
        report: &mut Report,
    ) -> Result<(), EngineError> {
        let Some((dice, rolls_left)) = self.dice else {
            return crate::explain_sixth_die(advisor, companion, &self.card, report);
        };
        crate::explain(
            advisor,
            companion,
            &self.card,
            &dice,
            rolls_left,
            self.mulligan,
            report,
        )
    }
}

/// A `POST /api/stats` body, checked as [`AdviseQuestion`].
#[derive(Debug)]
pub struct StatsQuestion {
    /// The rule set with its house rules.
    pub rules: &'static RuleSet,
    /// The card.
    pub card: Scorecard,
    /// What the player plays for.
    pub play_for: PlayFor,
}

/// Checks an `/api/advise` body: JSON shape, rules, card, dice, what to play for.
pub fn advise_question(body: &[u8]) -> Result<AdviseQuestion, EngineError> {
    let req: AdviseRequest = parse(body)?;
    only_yahtzee(&req.game)?;
    let dice = match (&req.dice, req.rolls_left) {
        (Some(d), Some(rolls)) => Some((crate::parse_dice(&d.text())?, rolls)),
        (None, None) => None,
        _ => {
            return Err(EngineError::BadInput(
                "give both dice and rolls_left (leave both out to ask whether to take the sixth die, under mega-yahtzee)".into(),
            ))
        }
    };
    let (rules, card, play_for) = common(
        &req.rules,
        &req.house,
        &req.scorecard,
        req.target,
        &req.opponents,
    )?;
    let mulligan = match req.mulligan.as_deref() {
        None => TurnMulligan::AsCard,
        Some(TurnMulligan::THIS_TURN) => TurnMulligan::SpentThisTurn,
        Some(other) => {
            return Err(EngineError::BadInput(format!(
                "mulligan '{}': say \"this-turn\" when the dice are the mulligan's roll (the card says whether it was used before: mulligan=used)",
                yahtzee_rules::one_line(other)
            )))
        }
    };
    match dice {
        Some((d, rolls)) => {
            mulligan.state(&card, &d, rolls)?;
        }
        None if mulligan != TurnMulligan::AsCard => {
            return Err(EngineError::BadInput(
                "the mulligan spent this turn needs the dice of its roll and rolls_left 0".into(),
            ))
        }
        None => {}
    }
    if req.explain && play_for != PlayFor::Expected {
        return Err(EngineError::BadInput(
            "explain covers play for the expected score only (leave out target and opponents)"
                .into(),
        ));
    }
    Ok(AdviseQuestion {
        rules,
        card,
        dice,
        mulligan,
        play_for,
        explain: req.explain,
    })
}

/// Checks an `/api/stats` body, as [`advise_question`].
pub fn stats_question(body: &[u8]) -> Result<StatsQuestion, EngineError> {
    let req: StatsRequest = parse(body)?;
    only_yahtzee(&req.game)?;
    let (rules, card, play_for) = common(
        &req.rules,
        &req.house,
        &req.scorecard,
        req.target,
        &req.opponents,
    )?;
    Ok(StatsQuestion {
        rules,
        card,
        play_for,
    })
}

/// A Yahtzee question's `game` field: absent or `yahtzee` (the others go to their own
/// modules through [`crate::Game`]).
fn only_yahtzee(game: &Option<String>) -> Result<(), EngineError> {
    match game.as_deref() {
        None | Some("yahtzee") => Ok(()),
        // Only where `Game` does not dispatch first: the WebAssembly engine.
        Some(other) if ["triple", "yahtzix", "painted"].contains(&other) || other.starts_with("painted:") => Err(EngineError::BadInput(format!(
            "game '{other}' is not in this engine, which answers Yahtzee (yahtzee serve answers every game)"
        ))),
        Some(other) => Err(EngineError::BadInput(format!(
            "unknown game '{other}' (yahtzee, triple, yahtzix, painted)"
        ))),
    }
}

/// The request body as JSON of type `T`.
pub(crate) fn parse<T: for<'de> Deserialize<'de>>(bytes: &[u8]) -> Result<T, EngineError> {
    serde_json::from_slice(bytes)
        .map_err(|e| EngineError::BadInput(format!("bad request body: {e}")))
}

/// The rule set, the card and what to play for, checked.
fn common(
    rules: &str,
    house: &[String],
    scorecard: &str,
    target: Option<u32>,
    opponents: &[String],
) -> Result<(&'static RuleSet, Scorecard, PlayFor), EngineError> {
    let house: Vec<&str> = house.iter().map(String::as_str).collect();
    let rules = crate::rules_named(rules, &house)?;
    let card = crate::parse_card(rules, scorecard)?;
    let play_for = match (target, opponents.is_empty()) {
        (Some(_), false) => {
            return Err(EngineError::BadInput(
                "play for a target or to win, not both".into(),
            ))
        }
        (Some(t), true) => PlayFor::Target(t),
        (None, false) => PlayFor::Win(opponents.to_vec()),
        (None, true) => PlayFor::Expected,
    };
    Ok((rules, card, play_for))
}

fn default_rules() -> String {
    "forced".into()
}

/// Five dice as `"13346"` or `[1, 3, 3, 4, 6]`.
#[derive(Clone, Debug, Deserialize)]
#[serde(untagged)]
pub enum DiceText {
    Text(String),
    Faces(Vec<u8>),
}

impl DiceText {
    /// The dice as text, faces separated by spaces when given as a list.
    pub fn text(&self) -> String {
        match self {
            DiceText::Text(t) => t.clone(),
            DiceText::Faces(f) => f
                .iter()
                .map(|d| d.to_string())
                .collect::<Vec<_>>()
                .join(" "),
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AdviseRequest {
    /// `yahtzee` (the only game this request type asks about; [`crate::Game`] dispatches).
    #[serde(default)]
    game: Option<String>,
    #[serde(default = "default_rules")]
    rules: String,
    #[serde(default)]
    house: Vec<String>,
    #[serde(default)]
    scorecard: String,
    /// Both left out: the turn-start question of "mega-yahtzee" (take the sixth die?).
    dice: Option<DiceText>,
    rolls_left: Option<u8>,
    /// `"this-turn"`: the dice are the mulligan's roll, spent this turn (house rule).
    #[serde(default)]
    mulligan: Option<String>,
    target: Option<u32>,
    #[serde(default)]
    opponents: Vec<String>,
    /// Every option's `explain` object too (play for the expected score).
    #[serde(default)]
    explain: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StatsRequest {
    #[serde(default)]
    game: Option<String>,
    #[serde(default = "default_rules")]
    rules: String,
    #[serde(default)]
    house: Vec<String>,
    #[serde(default)]
    scorecard: String,
    target: Option<u32>,
    #[serde(default)]
    opponents: Vec<String>,
}

/// One box of a card, as `GET /api/card` lists it.
#[derive(Clone, Debug, Serialize)]
pub struct CardBox {
    /// The canonical name (`three_of_a_kind`), as cards and JSON answers spell it.
    pub name: &'static str,
    /// The name a player writes (`Three of a kind`).
    pub label: &'static str,
    pub upper: bool,
    /// Every score the box can hold.
    pub scores: Vec<u32>,
}

/// The boxes and bonuses of a rule set's card: `GET /api/card?rules=R`.
#[derive(Clone, Debug, Serialize)]
pub struct CardLayout {
    pub rules: &'static str,
    pub boxes: Vec<CardBox>,
    pub upper_threshold: u32,
    pub upper_bonus: u32,
    pub yahtzee_bonus: bool,
    pub mulligan: bool,
    pub chance_chance: bool,
    pub fool_house: bool,
    /// House rule "mega-yahtzee", and its Mega bonus.
    pub mega_yahtzee: bool,
    pub mega_bonus: u32,
}

/// The card of the rule set `name` (a full name, house rules included).
pub fn card_layout(name: &str) -> Result<CardLayout, EngineError> {
    let rules = crate::rules_named(name, &[])?;
    let boxes = rules
        .boxes
        .iter()
        .enumerate()
        .map(|(b, c)| CardBox {
            name: c.name(),
            label: c.label(),
            upper: c.upper_face().is_some(),
            scores: yahtzee_rules::card_scores(rules, b),
        })
        .collect();
    Ok(CardLayout {
        rules: rules.name,
        boxes,
        upper_threshold: rules.upper_threshold,
        upper_bonus: rules.upper_bonus,
        yahtzee_bonus: rules.yahtzee_bonus > 0,
        mulligan: rules.house.mulligan,
        chance_chance: rules.house.chance_chance,
        fool_house: rules.house.fool_house,
        mega_yahtzee: rules.house.mega_yahtzee,
        mega_bonus: rules.mega_bonus,
    })
}
