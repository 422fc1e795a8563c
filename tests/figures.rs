//! The published figures and the docs agree (docs/REPRODUCING.md): every number written
//! with a decimal point in README.md or docs/*.md is a figure of docs/figures.json listed
//! for that file (or a `not_figures` entry with its reason), and every figure's published
//! text is still in each file it lists. So a figure cannot drift from its source, and a new
//! number cannot be published without the command that reproduces it.

use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn figures() -> Value {
    let text = std::fs::read_to_string(root().join("docs/figures.json")).unwrap();
    serde_json::from_str(&text).expect("docs/figures.json is JSON")
}

/// README.md and every docs/*.md, as paths relative to the root.
fn docs() -> Vec<String> {
    let mut out = vec!["README.md".to_string()];
    let mut more: Vec<PathBuf> = std::fs::read_dir(root().join("docs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    more.sort();
    out.extend(
        more.iter()
            .map(|p| format!("docs/{}", p.file_name().unwrap().to_string_lossy())),
    );
    out
}

/// The numbers with a decimal point in `text` (`1,703.52`, `0.641`), as written; a version
/// (`2.40.0`, `127.0.0.1`: two dots or more) is not a number.
fn decimal_numbers(text: &str) -> Vec<String> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if !b[i].is_ascii_digit() || (i > 0 && (b[i - 1].is_ascii_digit() || b[i - 1] == b'.')) {
            i += 1;
            continue;
        }
        let start = i;
        let mut dots = 0;
        while i < b.len() {
            let c = b[i];
            let next_digit = i + 1 < b.len() && b[i + 1].is_ascii_digit();
            if c.is_ascii_digit() || ((c == b',' || c == b'.') && next_digit) {
                dots += usize::from(c == b'.');
                i += 1;
            } else {
                break;
            }
        }
        if dots == 1 {
            // "1,2.5" in a list reads as numbers 1 and 2.5: a comma is a thousands separator
            // only before exactly three digits.
            let token = &text[start..i];
            let token = match token.rfind(',') {
                Some(c)
                    if token[c + 1..]
                        .split('.')
                        .next()
                        .is_none_or(|d| d.len() != 3) =>
                {
                    &token[c + 1..]
                }
                _ => token,
            };
            out.push(token.to_string());
        }
    }
    out
}

fn as_str(v: &Value) -> &str {
    v.as_str().expect("a string")
}

#[test]
fn decimal_numbers_are_found_as_a_reader_sees_them() {
    assert_eq!(
        decimal_numbers("254.5877287, 0.641% and 1,703.52 ± 1.98; ray 2.40.0, 13 boxes, 1.5."),
        ["254.5877287", "0.641", "1,703.52", "1.98", "1.5"]
    );
    assert_eq!(decimal_numbers("v1.2.3 127.0.0.1 x2.5"), ["2.5"]);
    assert!(decimal_numbers("13,824 states in 2 s").is_empty());
}

#[test]
fn the_figures_file_is_well_formed() {
    let f = figures();
    let recipes = f["recipes"].as_object().expect("recipes");
    for (id, r) in recipes {
        let run = r["run"].as_array().unwrap_or_else(|| panic!("{id}: run"));
        assert!(
            !run.is_empty() && run.iter().all(Value::is_string),
            "{id}: run"
        );
        let tier = r["tier"].as_str().unwrap_or_else(|| panic!("{id}: tier"));
        assert!(["ci", "quick", "full"].contains(&tier), "{id}: tier {tier}");
        assert!(r["minutes"].is_number(), "{id}: minutes");
    }
    let mut ids = BTreeSet::new();
    for fig in f["figures"].as_array().expect("figures") {
        let id = as_str(&fig["id"]);
        assert!(ids.insert(id), "figure {id} twice");
        let recipe = as_str(&fig["recipe"]);
        assert!(recipes.contains_key(recipe), "{id}: no recipe {recipe}");
        let kind = fig["kind"].as_str().unwrap_or("exact");
        if fig["manual"].is_string() {
            // Only a one-off measurement may lack a command; an exact value never does.
            assert_eq!(kind, "timing", "{id}: manual, but not a timing");
        } else {
            assert!(
                fig["json"].is_string() ^ fig["regex"].is_string(),
                "{id}: json or regex"
            );
        }
        if let Some(m) = fig.get("minus") {
            assert!(
                recipes.contains_key(as_str(&m["recipe"])),
                "{id}: minus recipe"
            );
            assert!(
                m["json"].is_string() ^ m["regex"].is_string(),
                "{id}: minus selector"
            );
        }
        assert!(
            ["exact", "simulated", "count", "timing"].contains(&kind),
            "{id}: kind {kind}"
        );
        assert!(
            !decimal_numbers(as_str(&fig["published"])).is_empty()
                || as_str(&fig["published"])
                    .chars()
                    .any(|c| c.is_ascii_digit()),
            "{id}: no number published"
        );
    }
}

#[test]
fn every_published_number_is_a_figure_and_every_figure_is_published() {
    let f = figures();
    // For each file, the numbers its figures and exclusions account for.
    let mut covered: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut problems = Vec::new();
    let texts: BTreeMap<String, String> = docs()
        .into_iter()
        .map(|d| {
            let t = std::fs::read_to_string(root().join(&d)).unwrap();
            (d, t)
        })
        .collect();
    for fig in f["figures"].as_array().unwrap() {
        let published = as_str(&fig["published"]);
        for doc in fig["docs"].as_array().expect("docs") {
            let doc = as_str(doc);
            match texts.get(doc) {
                None => problems.push(format!("{}: no file {doc}", as_str(&fig["id"]))),
                Some(t) if !t.contains(published) => problems.push(format!(
                    "{}: '{published}' is no longer in {doc} (changed there? change it in \
                     docs/figures.json too, after reproducing it)",
                    as_str(&fig["id"])
                )),
                Some(_) => {}
            }
            covered
                .entry(doc.to_string())
                .or_default()
                .extend(decimal_numbers(published));
        }
    }
    for n in f["not_figures"].as_array().unwrap() {
        let (doc, text) = (as_str(&n["doc"]), as_str(&n["text"]));
        assert!(
            !as_str(&n["why"]).is_empty(),
            "not_figures {doc} {text}: why"
        );
        if !texts.get(doc).is_some_and(|t| t.contains(text)) {
            problems.push(format!("not_figures: '{text}' is not in {doc}"));
        }
        covered
            .entry(doc.to_string())
            .or_default()
            .extend(decimal_numbers(text));
    }
    let none = BTreeSet::new();
    for (doc, text) in &texts {
        let ok = covered.get(doc).unwrap_or(&none);
        for (line_no, line) in text.lines().enumerate() {
            for n in decimal_numbers(line) {
                if !ok.contains(&n) {
                    problems.push(format!(
                        "{doc}:{}: {n} is published but not in docs/figures.json",
                        line_no + 1
                    ));
                }
            }
        }
    }
    assert!(
        problems.is_empty(),
        "{} problems:\n{}",
        problems.len(),
        problems.join("\n")
    );
}
