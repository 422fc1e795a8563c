//! `review --explain`: where the cost of each costly decision of a game went, in the
//! words of `advise --explain` (docs/EXPLAIN.md).

use yahtzee_advice::{Advisor, Choice, TurnMulligan};
use yahtzee_play::{judge, Record, Review};
use yahtzee_table::CompanionTable;

use crate::explain::explain_choices;
use crate::EngineError;

/// Says where the cost of each costly decision of `review` (the review of `record` with
/// `advisor`) went: the parts that differ most between the move played and the best move,
/// in the words of `advise --explain` (its `why`), from `companion` (the record's rules'
/// companion table), the sixth-die question and the Mega-Yahtzee turn included.
pub fn explain_review(
    advisor: &Advisor,
    companion: &CompanionTable,
    record: &Record,
    review: &mut Review,
) -> Result<(), EngineError> {
    let costly: Vec<usize> = review
        .decisions
        .iter()
        .filter(|d| d.cost > 0.0)
        .map(|d| d.line)
        .collect();
    let mut found: Vec<(usize, Vec<String>)> = Vec::new();
    let mut failed = None;
    record
        .replay(|game, line, event| {
            if failed.is_some() || !costly.contains(&line) {
                return Ok(());
            }
            let Some((advice, i)) = judge(advisor, game, event) else {
                return Ok(());
            };
            let (chosen, best) = (&advice.options[i].choice, &advice.best().choice);
            let dice = match (game.dice(), chosen) {
                (Some(dice), _) => dice,
                (None, Choice::SixthDie(_)) => yahtzee_rules::Dice::default(),
                (None, _) => return Ok(()),
            };
            let card = &game.current().card;
            let rolls_left = match chosen {
                Choice::SixthDie(_) => crate::explain::SIXTH_DIE_QUESTION,
                _ => game.rolls_left(),
            };
            let as_card = TurnMulligan::AsCard;
            match explain_choices(
                advisor,
                companion,
                card,
                &dice,
                rolls_left,
                as_card,
                &[chosen, best],
            ) {
                Ok(e) => found.push((line, e[0].against(&e[1], card.rules()))),
                Err(e) => failed = Some(e),
            }
            Ok(())
        })
        .map_err(|e| EngineError::Record(e.to_string()))?;
    if let Some(e) = failed {
        return Err(e);
    }
    for d in &mut review.decisions {
        if let Some((_, why)) = found.iter().find(|(line, _)| *line == d.line) {
            d.why = why.clone();
        }
    }
    Ok(())
}
