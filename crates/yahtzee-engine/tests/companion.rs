//! The companion table in a data folder: built on first use beside the value table, read
//! back by the next host without a build, a damaged one refused in one line.

use yahtzee_engine::cost::Build;
use yahtzee_engine::{Tables, Where};
use yahtzee_rules::{RuleSet, Scorecard};

#[test]
fn built_on_first_use_beside_the_value_table_then_read_back() {
    let dir = tempfile::tempdir().unwrap();
    let rules =
        RuleSet::named("forced:ones,twos,threes,fours,fives,sixes,yahtzee,chance@30").unwrap();
    let tables = Tables::new(Some(dir.path().to_path_buf()));
    let build = Build::Companion(rules);
    assert_eq!(tables.locate(&build), Where::Missing);
    let companion = tables.companion(rules).unwrap();
    assert_eq!(tables.locate(&build), Where::InMemory);
    assert!(tables.path(rules).exists(), "the value table first");
    let path = tables.companion_path(rules);
    assert_eq!(std::fs::metadata(&path).unwrap().len(), build.cost().disk);
    // The empty card's parts add up to its value (each part rounded to f32).
    let start = Scorecard::new(rules).state();
    let parts = companion.parts(start).unwrap();
    let total: f64 = parts[..rules.box_count()]
        .iter()
        .map(|&x| f64::from(x))
        .sum::<f64>()
        + f64::from(parts[rules.box_count()]) * f64::from(rules.upper_bonus)
        + f64::from(parts[rules.box_count() + 1])
        + f64::from(parts[rules.box_count() + 2]);
    let value = tables.advisor(rules).unwrap().table().value(start);
    assert!((total - value).abs() < 1e-4 * value, "{total} vs {value}");

    // Another host finds it on disk and opens it as it is.
    let written = std::fs::metadata(&path).unwrap().modified().unwrap();
    let next = Tables::new(Some(dir.path().to_path_buf()));
    assert_eq!(next.locate(&build), Where::OnDisk);
    assert_eq!(next.companion(rules).unwrap().parts(start), Some(parts));
    assert_eq!(
        std::fs::metadata(&path).unwrap().modified().unwrap(),
        written
    );

    // Damaged: refused in one line, never answered from.
    let mut bytes = std::fs::read(&path).unwrap();
    let at = bytes.len() - 10;
    bytes[at] ^= 0x55;
    std::fs::write(&path, bytes).unwrap();
    let e = Tables::new(Some(dir.path().to_path_buf()))
        .companion(rules)
        .err()
        .unwrap()
        .to_string();
    assert!(e.contains("corrupt") && !e.contains('\n'), "{e}");
}
