//! `advise --explain`: where each option's expected final total comes from, from the
//! companion table (docs/EXPLAIN.md), and why each differs from the best option.

use yahtzee_advice::{Advisor, Choice, Explain, Report, Strategy, TableValues, TurnMulligan};
use yahtzee_rules::{Dice, Scorecard};
use yahtzee_table::CompanionTable;

use crate::EngineError;

/// Where the expected final total of `card` comes from, read from `companion` (the same
/// rules' companion table): each box's expected final score, the bonuses.
pub fn card_parts(companion: &CompanionTable, card: &Scorecard) -> Result<Explain, EngineError> {
    let parts = companion.parts(card.state()).ok_or_else(|| {
        EngineError::BadInput(
            "the companion table has no such card (a card no game reaches)".into(),
        )
    })?;
    let parts: Vec<f64> = parts.into_iter().map(f64::from).collect();
    Ok(Explain::new(card, &parts))
}

/// Fills the `explain` of every option of `report`, the expected-score advice of `card`
/// with `dice` showing and `rolls_left` rolls to come (`mulligan` as asked), from
/// `companion` (the same rules' companion table): each option's parts, and for each but
/// the best the parts that differ most from the best's.
pub fn explain(
    advisor: &Advisor,
    companion: &CompanionTable,
    card: &Scorecard,
    dice: &Dice,
    rolls_left: u8,
    mulligan: TurnMulligan,
    report: &mut Report,
) -> Result<(), EngineError> {
    let advice = advisor.advise_in_turn(card, *dice, rolls_left, mulligan)?;
    fill(
        advisor, companion, card, dice, rolls_left, mulligan, &advice, report,
    )
}

/// [`explain`] for the turn-start question of house rule "mega-yahtzee" (take the sixth
/// die or roll five): `report` is [`crate::advise_sixth_die`]'s.
pub fn explain_sixth_die(
    advisor: &Advisor,
    companion: &CompanionTable,
    card: &Scorecard,
    report: &mut Report,
) -> Result<(), EngineError> {
    let advice = advisor.advise_sixth_die(card)?.ok_or_else(|| {
        EngineError::BadInput("no sixth die to take here (not mega-yahtzee, or used)".into())
    })?;
    let none = Dice::default();
    let as_card = TurnMulligan::AsCard;
    fill(
        advisor,
        companion,
        card,
        &none,
        SIXTH_DIE_QUESTION,
        as_card,
        &advice,
        report,
    )
}

/// The rolls to come that stand for the sixth-die question in [`explain_choices`].
pub(crate) const SIXTH_DIE_QUESTION: u8 = 3;

/// Fills `report`'s options (`advice`'s, in the same order) with their explanations.
#[allow(clippy::too_many_arguments)]
fn fill(
    advisor: &Advisor,
    companion: &CompanionTable,
    card: &Scorecard,
    dice: &Dice,
    rolls_left: u8,
    mulligan: TurnMulligan,
    advice: &yahtzee_advice::Advice,
    report: &mut Report,
) -> Result<(), EngineError> {
    let rules = card.rules();
    // The report lists the advice's options in the same order.
    debug_assert!(advice
        .options
        .iter()
        .zip(&report.options)
        .all(|(o, shown)| o.ev_remaining == shown.ev_remaining));
    let choices: Vec<&Choice> = advice.options.iter().map(|o| &o.choice).collect();
    let explained = explain_choices(
        advisor, companion, card, dice, rolls_left, mulligan, &choices,
    )?;
    let best = explained.first().cloned();
    for (i, (o, mut e)) in report.options.iter_mut().zip(explained).enumerate() {
        if let Some(best) = &best {
            e.why = e.against(best, rules);
        }
        if i == 0 {
            e.words = e.parts_in_words();
        }
        o.explain = Some(e);
    }
    Ok(())
}

/// The parts of each of `choices`, options of `card` with `dice` showing and `rolls_left`
/// rolls to come (`mulligan` as asked; [`SIXTH_DIE_QUESTION`] rolls: the sixth-die
/// question, no dice), from `companion`; `BadInput` for an option not of this position.
pub(crate) fn explain_choices(
    advisor: &Advisor,
    companion: &CompanionTable,
    card: &Scorecard,
    dice: &Dice,
    rolls_left: u8,
    mulligan: TurnMulligan,
    choices: &[&Choice],
) -> Result<Vec<Explain>, EngineError> {
    let rules = card.rules();
    let state = match rolls_left {
        SIXTH_DIE_QUESTION => card.state(),
        _ => mulligan.state(card, dice, rolls_left)?,
    };
    let values = TableValues(advisor.table());
    let strategy = Strategy::new(rules, &values);
    let mut d = strategy.new_decisions();
    strategy.decide_showing(state, dice.len(), &mut d);
    let next = |s| {
        companion
            .parts(s)
            .map(|v| v.into_iter().map(f64::from).collect())
    };
    choices
        .iter()
        .map(|&c| {
            let parts = yahtzee_stats::companion::option_parts(
                &strategy, &d, &next, state, dice, rolls_left, c,
            )
            .ok_or_else(|| EngineError::BadInput("an option --explain does not cover".into()))?;
            Ok(Explain::new(card, &parts))
        })
        .collect()
}
