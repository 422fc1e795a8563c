//! What a command plays for, with the target table it needs: from the file its
//! `--target-table` names, else from the data folder, opened (or built) by the engine's
//! [`Tables`].

use std::path::Path;
use std::sync::Arc;

use anyhow::Result;
use yahtzee_engine::{PlayFor, Tables};
use yahtzee_play::Aim;
use yahtzee_rules::RuleSet;
use yahtzee_table::TargetTable;

/// The target table of `rules` (the file `table`, else the data folder's) when one of
/// `aims` plays for a target or to win.
pub fn target_for(
    tables: &Tables,
    rules: &'static RuleSet,
    mut aims: impl Iterator<Item = Aim>,
    table: Option<&Path>,
) -> Result<Option<Arc<TargetTable>>> {
    if !aims.any(|a| a.needs_target_table()) {
        return Ok(None);
    }
    Ok(Some(tables.target_from(rules, table)?))
}

/// What `--target T [--target-table P]` or `--opponent CARD...` ask to play for (refused
/// before any work when these rules cannot take it), with the target table when a target
/// is asked.
pub fn play_for(
    tables: &Tables,
    rules: &'static RuleSet,
    target: Option<u32>,
    target_table: Option<&Path>,
    opponents: &[String],
) -> Result<(PlayFor, Option<Arc<TargetTable>>)> {
    let play_for = PlayFor::asked(target, opponents);
    yahtzee_engine::check_play_for(rules, &play_for)?;
    let table = match target {
        Some(_) => Some(tables.target_from(rules, target_table)?),
        None => None,
    };
    Ok((play_for, table))
}
