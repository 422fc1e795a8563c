//! Cards and records: what is accepted, what is refused (one line each), round trips.

use yahtzee_triple::record::{review, Record};
use yahtzee_triple::{CardError, Triple, TripleCard, Variant};

fn parse(variant: Variant, text: &str) -> Result<TripleCard, CardError> {
    TripleCard::parse(Triple::standard(variant), text)
}

#[test]
fn cards_round_trip() {
    let text = "1.ones=3 1.full_house=25 2.sixes=24 3.yahtzee=50 bonus=100";
    let c = parse(
        Variant::Lowe1978,
        "c1.aces=3, 1.fh=25 2.6s=24 3.yz=50 chips=100",
    )
    .expect("card");
    assert_eq!(c.to_text(), text);
    assert_eq!(parse(Variant::Lowe1978, text).expect("again"), c);
    let f = parse(Variant::Forum, "1.sixes=30 2.yz=50 yahtzees=2").expect("forum card");
    assert_eq!(f.state().yahtzees, 2);
    assert_eq!(parse(Variant::Forum, &f.to_text()).expect("forum again"), f);
}

#[test]
fn bad_cards_are_refused_with_a_reason() {
    let bad = |t: &str| parse(Variant::Lowe1978, t).expect_err(t);
    assert!(matches!(bad("ones=3"), CardError::Syntax(_)));
    assert!(matches!(bad("1.ones"), CardError::Syntax(_)));
    assert!(matches!(bad("4.ones=3"), CardError::Column(_)));
    assert!(matches!(bad("0.ones=3"), CardError::Column(_)));
    assert!(matches!(bad("1.sevens=3"), CardError::UnknownBox(_)));
    assert!(matches!(bad("1.one_pair=4"), CardError::UnknownBox(_)));
    assert!(matches!(bad("1.ones=x"), CardError::NotANumber(_)));
    assert!(matches!(bad("1.ones=-1"), CardError::NotANumber(_)));
    assert!(matches!(
        bad("1.ones=3 1.aces=2"),
        CardError::Duplicate(1, "ones")
    ));
    assert!(matches!(bad("1.twos=7"), CardError::Impossible("twos", 7)));
    assert!(matches!(bad("2.full_house=20"), CardError::Impossible(..)));
    assert!(matches!(
        bad("1.yz=50 1.ones=1 bonus=50"),
        CardError::Bonus(50, _)
    ));
    assert!(matches!(
        bad("1.ones=1 1.twos=2 bonus=100"),
        CardError::Bonus(100, _)
    ));
    assert!(matches!(bad("1.yz=50 bonus=100"), CardError::Bonus(100, _)));
    assert!(matches!(
        bad("1.yz=50 yahtzees=1"),
        CardError::Yahtzees(1, _)
    ));
    assert!(matches!(
        bad("bonus=0 bonus=0"),
        CardError::Repeated("bonus")
    ));
    let forum = |t: &str| parse(Variant::Forum, t).expect_err(t);
    assert!(matches!(
        forum("1.yz=50 2.yz=50 yahtzees=1"),
        CardError::Yahtzees(1, _)
    ));
    assert!(matches!(
        forum("1.yz=50 yahtzees=2"),
        CardError::Yahtzees(2, _)
    ));
    // Every message is one line.
    assert!(!bad("1.twos=7").to_string().contains('\n'));
}

const GAME: &str = "# a short record\nvariant 1978\nseed 5\nturn 1\nroll 1 3 3 4 6\nkeep 3 3\n\
roll 3 3 3 5 6\nkeep 3 3 3\nroll 3 3 3 3 2\nscore 3 threes\nturn 2\nroll 6 6 6 6 6\nscore 2 yz\n";

#[test]
fn records_parse_and_round_trip() {
    let r = Record::parse(GAME).expect("record");
    assert_eq!(r.variant, Variant::Lowe1978);
    assert_eq!(r.seed, Some(5));
    assert_eq!(r.events.len(), 10);
    let game = Triple::standard(Variant::Lowe1978);
    let again = Record::parse(&r.to_text(&game)).expect("round trip");
    assert_eq!(
        again.events.iter().map(|e| &e.1).collect::<Vec<_>>(),
        r.events.iter().map(|e| &e.1).collect::<Vec<_>>()
    );
}

#[test]
fn bad_records_are_refused_with_the_line() {
    let err = |text: &str| Record::parse(text).expect_err(text).to_string();
    assert_eq!(
        err("seed 1\n"),
        "line 1: the record does not say its variant"
    );
    assert!(err("variant 1979\n").starts_with("line 1: unknown variant"));
    assert!(err("variant 1978\nroll 1 2 3\n").starts_with("line 2:"));
    assert!(err("variant 1978\nroll 1 2 3 4 5\nkeep 7\n").starts_with("line 3:"));
    assert!(err("variant 1978\nscore 4 ones\n").starts_with("line 2: column"));
    assert!(err("variant 1978\nscore 1 sevens\n").starts_with("line 2: unknown box"));
    assert!(err("variant 1978\njump\n").starts_with("line 2: unknown entry"));
}

#[test]
fn reviews_catch_illegal_play_by_line() {
    let table = yahtzee_triple::solitaire_table(&Triple::standard(Variant::Lowe1978));
    let player =
        yahtzee_triple::standard_player(Variant::Lowe1978, yahtzee_triple::Kind::Fitted, table);
    let ok = review(&Record::parse(GAME).expect("record"), &player).expect("legal game");
    assert_eq!(ok.total, 3 * 12 + 2 * 50);
    assert_eq!(ok.decisions.len(), 5);
    assert!(ok.decisions.iter().all(|d| d.cost >= 0.0));
    let bad = |text: &str| {
        let r = Record::parse(text).expect("parses");
        review(&r, &player).expect_err(text).to_string()
    };
    let keep_not_in_roll = "variant 1978\nroll 1 3 3 4 6\nkeep 5\n";
    assert!(bad(keep_not_in_roll).starts_with("line 3: keep 5 is not in the roll"));
    let roll_lacks_keep = "variant 1978\nroll 1 3 3 4 6\nkeep 3 3\nroll 1 2 4 5 6\n";
    assert!(bad(roll_lacks_keep).starts_with("line 4:"));
    let fourth_roll =
        "variant 1978\nroll 1 3 3 4 6\nkeep\nroll 1 3 3 4 6\nkeep\nroll 1 3 3 4 6\nkeep\n";
    assert!(bad(fourth_roll).starts_with("line 7: no reroll"));
    let twice = "variant 1978\nroll 1 3 3 4 6\nscore 1 ones\nroll 1 3 3 4 6\nscore 1 ones\n";
    assert!(bad(twice).starts_with("line 5: column 1 ones is not a legal box"));
    let forced = "variant 1978\nroll 1 1 1 1 1\nscore 1 yz\nroll 2 2 2 2 2\nscore 1 chance\n";
    assert!(bad(forced).starts_with("line 5:"), "{}", bad(forced));
    let quit = review(
        &Record::parse("variant 1978\nroll 1 3 3 4 6\n").expect("quit"),
        &player,
    );
    assert!(!quit.expect("a game given up is reviewed").finished);
    let other = review(&Record::parse("variant forum\n").expect("forum"), &player);
    assert!(other.is_err());
}

/// `undo` takes back the last keep or box (and what followed it): the review goes on from
/// the position before it and still counts the undone decision's cost; with nothing to
/// take back, the line is named.
#[test]
fn undo_takes_back_a_box_whose_cost_still_counts() {
    let table = yahtzee_triple::solitaire_table(&Triple::standard(Variant::Lowe1978));
    let player =
        yahtzee_triple::standard_player(Variant::Lowe1978, yahtzee_triple::Kind::Fitted, table);
    // 1 1 1 1 1 in column 1 Chance (5 points, a poor box), taken back past the next turn's
    // roll, then scored in column 3 Yahtzee (150).
    let text = "variant 1978\nturn 1\nroll 1 1 1 1 1\nscore 1 chance\nturn 2\nroll 2 3 4 5 6\n\
                undo\nscore 3 yahtzee\n";
    let record = Record::parse(text).expect("record");
    let again = Record::parse(&record.to_text(&Triple::standard(Variant::Lowe1978))).unwrap();
    let events = |r: &Record| r.events.iter().map(|(_, e)| e.clone()).collect::<Vec<_>>();
    assert_eq!(events(&again), events(&record));
    let r = review(&record, &player).expect("legal game");
    assert_eq!(r.total, 3 * 50);
    assert_eq!(
        r.card.as_ref().and_then(|c| c.score(0, 12)),
        None,
        "Chance was taken back"
    );
    // Two boxes judged, each with its stop (a keep of all five with rerolls left): the
    // undone Chance (line 4: it cost points) and the Yahtzee (line 8).
    assert_eq!(r.decisions.len(), 4);
    let undone: f64 = r
        .decisions
        .iter()
        .filter(|d| d.line == 4)
        .map(|d| d.cost)
        .sum();
    assert!(undone > 1.0, "{undone}");
    assert!((r.cost - r.decisions.iter().map(|d| d.cost).sum::<f64>()).abs() < 1e-12);
    let none = Record::parse("variant 1978\nturn 1\nroll 1 1 1 1 1\nundo\n").unwrap();
    let e = review(&none, &player)
        .expect_err("nothing to undo")
        .to_string();
    assert!(e.starts_with("line 4: undo: no keep or box"), "{e}");
}
