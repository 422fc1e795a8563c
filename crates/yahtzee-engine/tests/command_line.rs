//! What the command line asks of the engine besides the questions every front end asks:
//! a position from its flags checked before any table is opened, house rules added to a
//! rule set, what `--target` / `--opponent` play for, the statistics' progress steps, the
//! rule sets listed, and the words around a solve (Yahtzix's first solve, Painted's log).

use std::path::Path;
use std::time::Duration;

use yahtzee_engine::painted::SolveLog;
use yahtzee_engine::{
    flags_position, parse_card, parse_dice, rules_named, stats_steps, text, with_house,
    EngineError, PlayFor, TurnMulligan,
};
use yahtzee_painted::checkpoint::Progress;
use yahtzee_rules::{House, RuleSet};

#[test]
fn a_position_from_flags_is_checked_before_any_table() {
    let forced = rules_named("forced", &[]).unwrap();
    let card = parse_card(forced, "").unwrap();
    let dice = parse_dice("13346").unwrap();
    let asked = flags_position(&card, Some("13346"), Some(2), false).unwrap();
    assert_eq!(asked, Some((dice, 2, TurnMulligan::AsCard)));
    let e = flags_position(&card, None, None, false).unwrap_err();
    assert!(
        e.to_string().starts_with("give --dice and --rolls-left"),
        "{e}"
    );
    let e = flags_position(&card, Some("13346"), Some(0), true).unwrap_err();
    assert!(
        e.to_string().contains("needs the house rule mulligan"),
        "{e}"
    );
    // With the mulligan in the rules, its roll comes after the last: no rerolls left.
    let mulligan = parse_card(rules_named("forced+mulligan", &[]).unwrap(), "").unwrap();
    let e = flags_position(&mulligan, Some("13346"), Some(2), true).unwrap_err();
    assert!(e.to_string().starts_with("--mulligan-spent: "), "{e}");
    assert!(e.is_bad_input());
    // Without dice, "mega-yahtzee" asks whether to take the sixth die.
    let mega = parse_card(rules_named("forced", &["mega-yahtzee"]).unwrap(), "").unwrap();
    assert_eq!(flags_position(&mega, None, None, false).unwrap(), None);
}

#[test]
fn house_rules_add_to_a_rule_set_but_never_to_a_reduced_game() {
    let forced = RuleSet::named("forced+mulligan").unwrap();
    let both = with_house(forced, &["fool-house"]).unwrap();
    assert!(both.house.mulligan && both.house.fool_house && !both.house.mega_yahtzee);
    let reduced = RuleSet::named("forced:ones,twos,yahtzee,chance@6").unwrap();
    let refused = with_house(reduced, &["mulligan"]);
    assert!(matches!(refused, Err(EngineError::HouseOnReduced(_))));
    assert_eq!(with_house(reduced, &[]).unwrap().name, reduced.name);
    let unknown = with_house(forced, &["bogus"]);
    assert!(matches!(unknown, Err(EngineError::UnknownHouse(_))));
}

#[test]
fn the_flags_play_for_a_target_before_a_win_and_goals_take_two_passes() {
    let opponent = vec!["ones=3".to_string()];
    assert_eq!(PlayFor::asked(Some(250), &opponent), PlayFor::Target(250));
    assert_eq!(
        PlayFor::asked(None, &opponent),
        PlayFor::Win(opponent.clone())
    );
    assert_eq!(PlayFor::asked(None, &[]), PlayFor::Expected);
    let forced = rules_named("forced", &[]).unwrap();
    let card = parse_card(forced, "ones=3 twos=6").unwrap();
    assert_eq!(stats_steps(&card, &PlayFor::Expected), 11);
    assert_eq!(stats_steps(&card, &PlayFor::Target(200)), 22);
}

#[test]
fn the_rule_sets_are_listed_within_80_columns_with_the_data_folder() {
    let listing = text::rules(Path::new("/some/data"));
    assert!(
        listing.lines().all(|l| l.chars().count() <= 80),
        "{listing}"
    );
    for r in RuleSet::all() {
        assert!(listing.contains(&format!("  {:<15}", r.name)), "{}", r.name);
    }
    for (name, _) in House::SWITCHES {
        assert!(listing.contains(&format!("  {name:<15}")), "{name}");
    }
    assert!(
        listing.contains("tables are kept in /some/data"),
        "{listing}"
    );
}

#[test]
fn a_first_yahtzix_solve_says_what_it_costs() {
    let rules = yahtzee_yahtzix::Rules::new(300, true, false).unwrap();
    let path = Path::new("d/yahtzix-300.table");
    let m = yahtzee_engine::yahtzix::building_message(&rules, path);
    let head = "Building the Yahtzix table for 300 points (once: about a second on two cores)...";
    assert!(
        m.starts_with(&format!("{head}\n  d/yahtzix-300.table (")),
        "{m}"
    );
    assert!(m.ends_with(" MB)") || m.ends_with(" kB)"), "{m}");
}

#[test]
fn a_painted_solve_logs_each_whole_per_cent_once() {
    let mut log = SolveLog::new();
    let at = |done| Progress {
        layer: 3,
        done,
        total: 200,
        resumed: 0,
    };
    let left = Duration::from_secs(7);
    // The first report is where a resumed solve starts: said without an estimate (nothing
    // has been timed yet, so a bar's estimate would read 0 s).
    let first = log.line(&at(1), Duration::ZERO).unwrap();
    assert_eq!(first, "0% done before this run (layer 3)");
    assert_eq!(log.line(&at(1), left), None);
    let line = log.line(&at(2), left).unwrap();
    assert!(line.starts_with("1% (layer 3), "), "{line}");
    assert!(line.ends_with(" s spent, about 7 s left"), "{line}");
    assert_eq!(log.line(&at(3), left), None);
    assert!(log.line(&at(200), left).unwrap().starts_with("100% "));
}
