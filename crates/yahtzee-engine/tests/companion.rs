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

/// House rule "mega-yahtzee": the sixth-die question and six dice showing are explained
/// like five: each option's parts make its expected final total (the points on the card
/// plus its expected points to come, within the table's `f32` rounding), and the Mega
/// bonus of six of a kind is among them.
#[test]
fn the_mega_turn_is_explained_like_the_others() {
    use yahtzee_engine::{PlayFor, TurnMulligan};
    use yahtzee_rules::{Category::*, Dice};
    let dir = tempfile::tempdir().unwrap();
    let rules = RuleSet::named("forced+mega-yahtzee=50")
        .unwrap()
        .reduced(&[Ones, Twos, Yahtzee, Chance], 6);
    let tables = Tables::new(Some(dir.path().to_path_buf()));
    let advisor = tables.advisor(rules).unwrap();
    let companion = tables.companion(rules).unwrap();
    let card = Scorecard::parse(rules, "ones=2").unwrap();
    let adds_up = |report: &yahtzee_engine::Report| {
        for o in &report.options {
            let e = o.explain.as_ref().expect("every option explained");
            let total = 2.0 + o.ev_remaining;
            assert!(
                (e.total(rules) - total).abs() < 1e-4,
                "{} vs {total}",
                e.total(rules)
            );
        }
        report.options.len()
    };
    let mut report =
        yahtzee_engine::advise_sixth_die(&advisor, None, &card, &PlayFor::Expected).unwrap();
    yahtzee_engine::explain_sixth_die(&advisor, &companion, &card, &mut report).unwrap();
    assert_eq!(adds_up(&report), 2, "take the sixth die, or roll five");
    for (dice, rolls_left) in [("222113", 2), ("222113", 1), ("111111", 0)] {
        let dice = Dice::parse_dice(dice, 6).unwrap();
        let mut report = yahtzee_engine::advise_in_turn(
            &advisor,
            None,
            &card,
            dice,
            rolls_left,
            TurnMulligan::AsCard,
            &PlayFor::Expected,
        )
        .unwrap();
        let as_card = TurnMulligan::AsCard;
        yahtzee_engine::explain(
            &advisor,
            &companion,
            &card,
            &dice,
            rolls_left,
            as_card,
            &mut report,
        )
        .unwrap();
        assert!(adds_up(&report) > 1);
        if rolls_left == 0 {
            // Six of a kind: the Mega bonus is on the card now, whatever is scored.
            let mega = report.options[0].explain.as_ref().unwrap().mega_bonus;
            assert!(mega >= 50.0, "{mega}");
        }
    }
}
