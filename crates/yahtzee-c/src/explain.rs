//! Where the expected score comes from, from C (docs/EXPLAIN.md): each option's parts
//! with the words that say why it is worse than the best (`yz_advise_explain`), and a
//! card's parts (`yz_card_parts`, what `yahtzee stats --means` prints), read from the
//! companion table beside the value table (built there on first use).

use std::ffi::{c_char, c_int};
use std::sync::Arc;

use yahtzee_advice::Explain;
use yahtzee_engine::{PlayFor, TurnMulligan};
use yahtzee_rules::RuleSet;
use yahtzee_table::CompanionTable;

use super::{
    arg, guard, option, put, rolls, text, Failure, YzOption, YzTable, YZ_ERR_ARGUMENT,
    YZ_ERR_BUFFER,
};

/// The most boxes a card has (Yatzy's fifteen): the size of `YzParts`'s arrays.
pub const YZ_MAX_BOXES: usize = 15;

/// Bytes of `YzParts.why`, its final NUL included.
pub const YZ_WHY_LEN: usize = 256;

/// Where an expected final total comes from, under expected-score play: an option's
/// (`yz_advise_explain`) or a card's (`yz_card_parts`). The boxes, `upper_bonus_points`,
/// `yahtzee_bonus` and `mega_bonus` add up to `total`.
#[repr(C)]
pub struct YzParts {
    /// How many of the arrays' entries are set: the card's boxes, in card order.
    pub box_count: usize,
    /// Each box's name, e.g. "full_house".
    pub box_names: [[c_char; 24]; YZ_MAX_BOXES],
    /// Each box's expected final score (points on the card included).
    pub boxes: [f64; YZ_MAX_BOXES],
    /// A box that scores one value or nothing (Full House, the straights, Yahtzee): the
    /// chance it is scored; NaN for the others.
    pub chances: [f64; YZ_MAX_BOXES],
    /// The chance of the upper bonus (1 once it is on the card).
    pub upper_bonus: f64,
    /// The upper bonus's expected points: its chance times the bonus.
    pub upper_bonus_points: f64,
    /// The expected extra-Yahtzee bonus points at the end (those on the card included).
    pub yahtzee_bonus: f64,
    /// House rule "mega-yahtzee": the expected Mega bonus points at the end.
    pub mega_bonus: f64,
    /// The expected final total these parts make.
    pub total: f64,
    /// Against the best option: the parts that differ most, in the words `yahtzee advise
    /// --explain` prints, joined by ", " ("upper bonus 65% instead of 67%, Yahtzee bonus
    /// -0.4, Yahtzee 31.6% instead of 32.4%"); "" for the best option and for a card.
    pub why: [c_char; YZ_WHY_LEN],
}

/// As `yz_advise` (expected score), with each option's parts: `parts[i]` says where the
/// expected final total of `options[i]` comes from and, against the best option, why it
/// is worse. `options` may be null (the parts only). Reads the companion table beside the
/// value table (`<rules>.companion.table`), building it there first when missing (a few
/// seconds for the official rules, 34 MB). `YZ_ERR_BUFFER` (with `*count`) when
/// `capacity` is too small; `YZ_ERR_INPUT` for a bad card or dice. Six dice (the
/// Mega-Yahtzee turn) are explained like five.
#[no_mangle]
pub extern "C" fn yz_advise_explain(
    table: *const YzTable,
    card: *const c_char,
    dice: *const c_char,
    rolls_left: c_int,
    options: *mut YzOption,
    parts: *mut YzParts,
    capacity: usize,
    count: *mut usize,
) -> c_int {
    guard(|| {
        let t = arg(table, "table")?;
        let rules = t.advisor.table().rules();
        let card = yahtzee_engine::parse_card(rules, text(card, "card")?)?;
        let dice = yahtzee_engine::parse_dice(text(dice, "dice")?)?;
        let rolls_left = rolls(rolls_left)?;
        let mulligan = TurnMulligan::AsCard;
        let mut report = yahtzee_engine::advise_in_turn(
            &t.advisor,
            None,
            &card,
            dice,
            rolls_left,
            mulligan,
            &PlayFor::Expected,
        )?;
        let companion = t.companion()?;
        yahtzee_engine::explain(
            &t.advisor,
            &companion,
            &card,
            &dice,
            rolls_left,
            mulligan,
            &mut report,
        )?;
        put(count, report.options.len(), "count")?;
        if capacity < report.options.len() {
            return Err(Failure(
                YZ_ERR_BUFFER,
                format!("{} options do not fit in {capacity}", report.options.len()),
            ));
        }
        if parts.is_null() {
            return Err(Failure(YZ_ERR_ARGUMENT, "parts is a null pointer".into()));
        }
        for (i, o) in report.options.iter().enumerate() {
            let e = o.explain.as_ref().ok_or_else(|| {
                Failure(super::YZ_ERR_INTERNAL, "an option without its parts".into())
            })?;
            // SAFETY: `parts` is not null and the caller gave room for `capacity` parts,
            // at least `i + 1` here.
            unsafe { parts.add(i).write(parts_of(e, rules)) };
            if !options.is_null() {
                // SAFETY: not null, and room for `capacity` options as for `parts`.
                unsafe { options.add(i).write(option(o)) };
            }
        }
        Ok(())
    })
}

/// Where the expected final total of `card` comes from, under expected-score play, into
/// `*parts` (`why` is ""): each box's expected final score, the upper bonus chance, the
/// bonuses, as `yahtzee stats --means` prints them, read at once from the companion table
/// (built beside the value table first when missing, as for `yz_advise_explain`).
#[no_mangle]
pub extern "C" fn yz_card_parts(
    table: *const YzTable,
    card: *const c_char,
    parts: *mut YzParts,
) -> c_int {
    guard(|| {
        let t = arg(table, "table")?;
        let rules = t.advisor.table().rules();
        let card = yahtzee_engine::parse_card(rules, text(card, "card")?)?;
        let companion = t.companion()?;
        let e = yahtzee_engine::card_parts(&companion, &card)?;
        put(parts, parts_of(&e, rules), "parts")
    })
}

impl YzTable {
    /// The companion table beside the value table, opened (or built) on first use.
    fn companion(&self) -> Result<Arc<CompanionTable>, Failure> {
        let mut held = self.companion.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(c) = held.as_ref() {
            return Ok(c.clone());
        }
        let c = Arc::new(yahtzee_engine::companion_beside(self.advisor.table())?);
        *held = Some(c.clone());
        Ok(c)
    }
}

/// `e` as C reads it.
fn parts_of(e: &Explain, rules: &RuleSet) -> YzParts {
    let mut p = YzParts {
        box_count: e.boxes.len().min(YZ_MAX_BOXES),
        box_names: [[0; 24]; YZ_MAX_BOXES],
        boxes: [0.0; YZ_MAX_BOXES],
        chances: [f64::NAN; YZ_MAX_BOXES],
        upper_bonus: e.upper_bonus,
        upper_bonus_points: e.upper_bonus * f64::from(rules.upper_bonus),
        yahtzee_bonus: e.yahtzee_bonus,
        mega_bonus: e.mega_bonus,
        total: e.total(rules),
        why: [0; YZ_WHY_LEN],
    };
    for (i, b) in e.boxes.iter().take(YZ_MAX_BOXES).enumerate() {
        copy(&mut p.box_names[i], b.name);
        p.boxes[i] = b.points;
        p.chances[i] = b.chance.unwrap_or(f64::NAN);
    }
    copy(&mut p.why, &e.why.join(", "));
    p
}

/// `s` into `out`, NUL-terminated, cut at a character boundary when it does not fit.
fn copy(out: &mut [c_char], s: &str) {
    let mut end = s.len().min(out.len() - 1);
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    for (c, b) in out.iter_mut().zip(&s.as_bytes()[..end]) {
        *c = *b as c_char;
    }
    out[end] = 0;
}
