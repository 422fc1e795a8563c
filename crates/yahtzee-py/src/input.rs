//! Python values as the engine's inputs, in every form the package accepts: dice as a
//! string or a sequence of ints, cards as a string, a dict of box: score or `None`, house
//! rules as a string or a list of strings, rule sets as a name or a `Rules`, counts as
//! ints. Anything else is refused with `InputError` in one line that says which argument
//! is wrong and what it should be (never a `TypeError` from a cast).

use pyo3::prelude::*;
use pyo3::types::{PyBool, PyByteArray, PyBytes, PyFrozenSet, PyMapping, PySet, PyString};
use serde_json::Value;

use crate::errors::bad_input;

/// `repr(v)`, for messages (one line: `err` escapes any control character).
fn repr(v: &Bound<'_, PyAny>) -> String {
    v.repr()
        .map(|r| r.to_string())
        .unwrap_or_else(|_| "?".to_string())
}

/// The name of `v`'s type, for messages.
fn type_name(v: &Bound<'_, PyAny>) -> String {
    v.get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_else(|_| "?".to_string())
}

/// Dice as given: a string as typed on the command line, or faces 1 to 6.
pub enum Dice {
    Text(String),
    Faces(Vec<u8>),
}

impl Dice {
    /// As the engine's parser reads them: the string, or one digit per face.
    pub fn text(&self) -> String {
        match self {
            Dice::Text(s) => s.clone(),
            Dice::Faces(f) => f.iter().map(|d| char::from(b'0' + d)).collect(),
        }
    }

    /// As a JSON question's `dice` field: the string, or a list of faces.
    pub fn json(self) -> Value {
        match self {
            Dice::Text(s) => Value::from(s),
            Dice::Faces(f) => Value::from(f),
        }
    }
}

const DICE: &str = "dice: a string like \"13346\" or a sequence of ints";

/// Dice: a string (`"13346"`, `"1 3 3 4 6"`) or a sequence of ints (`[1, 3, 3, 4, 6]`,
/// a tuple, a numpy array); each face an int 1 to 6. How many is the engine's check.
pub fn dice(v: &Bound<'_, PyAny>) -> PyResult<Dice> {
    if let Ok(s) = v.cast::<PyString>() {
        return Ok(Dice::Text(s.to_str()?.to_string()));
    }
    let Some(items) = in_order(v) else {
        return Err(bad_input(&format!("{DICE}, not {}", type_name(v))));
    };
    let mut faces = Vec::new();
    for d in items {
        let d = d?;
        if d.is_instance_of::<PyBool>() {
            return Err(bad_input("dice: faces are ints 1 to 6, not bools"));
        }
        match d.extract::<u8>() {
            Ok(face @ 1..=6) => faces.push(face),
            _ => {
                return Err(bad_input(&format!(
                    "dice: {} is not a face 1 to 6",
                    repr(&d)
                )))
            }
        }
        if faces.len() > 64 {
            return Err(bad_input("dice: more than 64 faces"));
        }
    }
    Ok(Dice::Faces(faces))
}

/// A separator of the card syntax, which a dict's names and words must not hold.
fn separates(c: char) -> bool {
    c.is_whitespace() || matches!(c, '=' | ':' | ',')
}

/// A card in the CLI's syntax: `None` (a new card), a string as typed on the command line,
/// or a mapping of box name to score (`{"ones": 3, "yahtzee": 50}`; the names and aliases
/// the CLI reads, spaces as underscores; `None` for an open box; `mulligan` / `mega` may be `True` / `False` or
/// `"used"` / `"unused"`). `what` names the argument and `shape` the dict's form in
/// messages. The card's own checks (known box, possible score) are the engine's.
pub fn card(v: Option<&Bound<'_, PyAny>>, what: &str, shape: &str) -> PyResult<String> {
    let Some(v) = v.filter(|v| !v.is_none()) else {
        return Ok(String::new());
    };
    if let Ok(s) = v.cast::<PyString>() {
        return Ok(s.to_str()?.to_string());
    }
    let refused = || {
        bad_input(&format!(
            "{what}: a string, {shape}, or None, not {}",
            type_name(v)
        ))
    };
    let map = v.cast::<PyMapping>().map_err(|_| refused())?;
    let mut parts = Vec::new();
    for item in map.items()?.iter() {
        let (k, score): (Bound<'_, PyAny>, Bound<'_, PyAny>) = item.extract()?;
        // "Full House" as full_house: the card's names read spaces as underscores.
        let name = match k.cast::<PyString>() {
            Ok(s) => s
                .to_str()?
                .trim()
                .chars()
                .map(|c| if c.is_whitespace() { '_' } else { c })
                .collect::<String>(),
            Err(_) => {
                return Err(bad_input(&format!(
                    "{what}: box {} is not a string",
                    repr(&k)
                )))
            }
        };
        if name.is_empty() || name.chars().any(separates) {
            return Err(bad_input(&format!(
                "{what}: {} is not a box name",
                repr(&k)
            )));
        }
        if score.is_none() {
            continue;
        }
        let flag = matches!(name.to_ascii_lowercase().as_str(), "mulligan" | "mega");
        let value = if score.is_instance_of::<PyBool>() && flag {
            if score.is_truthy()? { "used" } else { "unused" }.to_string()
        } else if let (Ok(word), true) = (score.cast::<PyString>(), flag) {
            word.to_str()?.to_string()
        } else if score.is_instance_of::<PyBool>() {
            return Err(bad_input(&format!(
                "{what}: {name}={} is not a score (an int, or None for an open box)",
                repr(&score)
            )));
        } else {
            match score.extract::<i64>() {
                Ok(points) => points.to_string(),
                Err(_) => {
                    return Err(bad_input(&format!(
                        "{what}: {name}={} is not a score (an int, or None for an open box)",
                        repr(&score)
                    )))
                }
            }
        };
        if value.is_empty() || value.chars().any(separates) {
            return Err(bad_input(&format!(
                "{what}: {name}={} is not a value",
                repr(&score)
            )));
        }
        parts.push(format!("{name}={value}"));
    }
    Ok(parts.join(" "))
}

/// A Yahtzee card (`card(...)` with the Yahtzee dict's shape).
pub fn yahtzee_card(v: Option<&Bound<'_, PyAny>>) -> PyResult<String> {
    card(v, "card", "a dict of box: score like {\"ones\": 3}")
}

/// Opponents' cards: `None` (not playing to win), one card (a string or a dict), or a
/// sequence of cards.
pub fn opponents(v: Option<&Bound<'_, PyAny>>) -> PyResult<Option<Vec<String>>> {
    const SHAPE: &str = "a dict of box: score like {\"ones\": 3}";
    let Some(v) = v.filter(|v| !v.is_none()) else {
        return Ok(None);
    };
    if v.is_instance_of::<PyString>() || v.cast::<PyMapping>().is_ok() {
        return Ok(Some(vec![card(Some(v), "opponents", SHAPE)?]));
    }
    let items = v.try_iter().map_err(|_| {
        bad_input(&format!(
            "opponents: a card (a string or a dict) or a list of cards, not {}",
            type_name(v)
        ))
    })?;
    let mut cards = Vec::new();
    for c in items {
        cards.push(card(Some(&c?), "opponents", SHAPE)?);
    }
    Ok(Some(cards))
}

/// House rules: `None` (none), a string (`"mulligan"`, `"mulligan+fool-house"`, also with
/// commas or spaces), or a sequence of strings. Names are the engine's check.
pub fn house(v: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<String>> {
    let Some(v) = v.filter(|v| !v.is_none()) else {
        return Ok(Vec::new());
    };
    let split = |s: &str| -> Vec<String> {
        s.split(|c: char| c == '+' || c == ',' || c.is_whitespace())
            .filter(|h| !h.is_empty())
            .map(str::to_string)
            .collect()
    };
    if let Ok(s) = v.cast::<PyString>() {
        return Ok(split(s.to_str()?));
    }
    let refused = |got: String| {
        bad_input(&format!(
            "house: a string like \"mulligan\" or a list of them, not {got}"
        ))
    };
    if v.cast::<PyMapping>().is_ok() {
        return Err(refused(type_name(v)));
    }
    let items = v.try_iter().map_err(|_| refused(type_name(v)))?;
    let mut names = Vec::new();
    for h in items {
        let h = h?;
        let s = h
            .cast::<PyString>()
            .map_err(|_| refused(format!("a list holding {}", repr(&h))))?;
        names.extend(split(s.to_str()?));
    }
    Ok(names)
}

/// A whole number argument (`rolls_left`, `target`, `games`, `seed`): an int (or
/// anything with `__index__`, like numpy's), not a bool, a float or a string, that fits
/// `T`; refused as "`name`: x is not `what`".
pub fn whole<'py, T>(v: &Bound<'py, PyAny>, name: &str, what: &str) -> PyResult<T>
where
    T: pyo3::conversion::FromPyObjectOwned<'py>,
{
    if !v.is_instance_of::<PyBool>() {
        if let Ok(n) = v.extract::<T>() {
            return Ok(n);
        }
    }
    Err(bad_input(&format!("{name}: {} is not {what}", repr(v))))
}

/// The items of `v` in order, unless it is iterable but not a sequence: a dict's keys, a
/// set (no order, no repeats), bytes.
fn in_order<'py>(v: &Bound<'py, PyAny>) -> Option<Bound<'py, pyo3::types::PyIterator>> {
    let unordered = v.is_instance_of::<PySet>()
        || v.is_instance_of::<PyFrozenSet>()
        || v.is_instance_of::<PyBytes>()
        || v.is_instance_of::<PyByteArray>()
        || v.cast::<PyMapping>().is_ok();
    v.try_iter().ok().filter(|_| !unordered)
}

/// Yahtzix scores in seat order: a sequence of whole numbers (a list, a tuple, numpy's
/// ints), not a string, a set or a dict; at most 64 (the engine refuses more than 8).
pub fn scores(v: &Bound<'_, PyAny>) -> PyResult<Vec<u32>> {
    const SHAPE: &str = "scores: a sequence of ints in seat order, e.g. [450, 600, 300]";
    let items = match in_order(v) {
        Some(items) if !v.is_instance_of::<PyString>() => items,
        _ => return Err(bad_input(&format!("{SHAPE}, not {}", type_name(v)))),
    };
    let mut scores = Vec::new();
    for s in items {
        scores.push(whole::<u32>(&s?, "scores", "a score (an int, 0 or more)")?);
        if scores.len() > 64 {
            return Err(bad_input("scores: more than 64 seats"));
        }
    }
    Ok(scores)
}
