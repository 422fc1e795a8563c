//! Heavy work is cancelled (issue 23, item 6): a statistics request past its time limit,
//! or whose client goes away, stops computing and frees its heavy-work permit, so the next
//! heavy request is answered at once instead of waiting for the abandoned one.
//!
//! The abandoned job is the exact statistics from the empty card (seconds); its duration
//! `d` is measured first through the engine, and every bound is a fraction of it: the next
//! request must be answered in under `d / 4` (it takes milliseconds; without cancelling it
//! would wait most of `d` for the only permit).

use std::io::Write;
use std::net::{Shutdown, SocketAddr, TcpStream};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use yahtzee_engine::{Cancel, EngineError, PlayFor, SolveOptions, Tables};
use yahtzee_server::Limits;

mod common;
use common::{request, send, start};

/// The abandoned job: exact statistics from the empty card.
const HEAVY: &str = r#"{"scorecard": ""}"#;
/// A heavy request of milliseconds: statistics with one box open.
const QUICK: &str = r#"{"scorecard": "ones=3 twos=6 threes=9 fours=12 fives=15 sixes=18 three_of_a_kind=20 four_of_a_kind=20 full_house=25 small_straight=30 large_straight=40 yahtzee=50"}"#;

/// A data folder with the official table built, and how long `HEAVY` takes (the engine
/// alone, the table open).
fn setup() -> &'static (tempfile::TempDir, Duration) {
    static SETUP: OnceLock<(tempfile::TempDir, Duration)> = OnceLock::new();
    SETUP.get_or_init(|| {
        let dir = tempfile::tempdir().unwrap();
        let tables = Tables::new(Some(dir.path().to_path_buf()));
        let rules = yahtzee_engine::rules_named("forced", &[]).unwrap();
        let advisor = tables.advisor(rules).unwrap();
        let card = yahtzee_engine::parse_card(rules, "").unwrap();
        let start = Instant::now();
        yahtzee_engine::stats(&advisor, None, &card, &PlayFor::Expected, &|_| {}).unwrap();
        (dir, start.elapsed())
    })
}

/// The status and body of a POST.
fn post(addr: SocketAddr, path: &str, body: &str) -> (u16, String) {
    let (status, _, body) = send(
        addr,
        &request("POST", path, body.as_bytes()),
        Duration::from_secs(120),
    );
    (status, body)
}

/// The quick heavy request, answered 200 in under a quarter of the heavy job's time.
fn next_heavy_is_served_at_once(addr: SocketAddr, heavy: Duration) {
    let start = Instant::now();
    let (status, text) = post(addr, "/api/stats", QUICK);
    let took = start.elapsed();
    assert_eq!(status, 200, "{text}");
    assert!(
        took < heavy / 4,
        "the next heavy request took {took:?}; the abandoned job takes {heavy:?}"
    );
}

#[test]
fn a_heavy_request_past_its_time_limit_is_cancelled_and_frees_its_permit() {
    let (dir, heavy) = setup();
    let limit = (*heavy / 10).max(Duration::from_millis(20));
    let addr = start(
        dir.path(),
        Limits {
            heavy_millis: Some(limit.as_millis() as u64),
            heavy_jobs: 1,
            ..Limits::default()
        },
    );
    // The table is opened by a cheap question first (it is not the heavy work).
    let (status, text) = post(addr, "/api/advise", r#"{"dice": "13346", "rolls_left": 2}"#);
    assert_eq!(status, 200, "{text}");
    let (status, text) = post(addr, "/api/stats", HEAVY);
    assert_eq!(status, 503, "{text}");
    assert!(text.contains("takes more than"), "{text}");
    next_heavy_is_served_at_once(addr, *heavy);
    // Still the full answer once the limit allows it.
    let (status, text) = post(addr, "/api/stats", QUICK);
    assert_eq!(status, 200, "{text}");
}

#[test]
fn a_client_that_goes_away_frees_the_heavy_worker() {
    let (dir, heavy) = setup();
    let addr = start(
        dir.path(),
        Limits {
            heavy_seconds: 600,
            heavy_jobs: 1,
            ..Limits::default()
        },
    );
    let (status, text) = post(addr, "/api/advise", r#"{"dice": "13346", "rolls_left": 2}"#);
    assert_eq!(status, 200, "{text}");
    let mut s = TcpStream::connect(addr).unwrap();
    s.write_all(&request("POST", "/api/stats", HEAVY.as_bytes()))
        .unwrap();
    // The job is under way, then its client leaves.
    std::thread::sleep(*heavy / 10);
    s.shutdown(Shutdown::Both).unwrap();
    drop(s);
    next_heavy_is_served_at_once(addr, *heavy);
}

#[test]
fn a_cancelled_engine_question_is_an_error_not_an_answer() {
    let (dir, _) = setup();
    let tables = Tables::new(Some(dir.path().to_path_buf()));
    let rules = yahtzee_engine::rules_named("forced", &[]).unwrap();
    let advisor = tables.advisor(rules).unwrap();
    let card = yahtzee_engine::parse_card(rules, "").unwrap();
    let cancel = Cancel::new();
    cancel.cancel();
    let options = SolveOptions {
        cancel,
        ..SolveOptions::default()
    };
    for play_for in [
        PlayFor::Expected,
        PlayFor::Win(vec![
            "ones=3 twos=6 threes=9 fours=12 fives=15 sixes=18 chance=20".into(),
        ]),
    ] {
        let late = yahtzee_engine::parse_card(
            rules,
            "ones=3 twos=6 threes=9 fours=12 fives=15 sixes=18 chance=22",
        )
        .unwrap();
        for card in [&card, &late] {
            let out =
                yahtzee_engine::stats_with(&advisor, None, card, &play_for, &|_| {}, &options);
            assert!(matches!(out, Err(EngineError::Cancelled)), "{out:?}");
            assert!(!out.unwrap_err().is_bad_input());
        }
    }
    // A best response cancelled while the opponents' statistics are known.
    let dice = yahtzee_engine::parse_dice("13346").unwrap();
    let late = yahtzee_engine::parse_card(
        rules,
        "ones=3 twos=6 threes=9 fours=12 fives=15 sixes=18 chance=22",
    )
    .unwrap();
    let out = yahtzee_engine::advise_with(
        &advisor,
        None,
        &late,
        Some((dice, 2, yahtzee_engine::TurnMulligan::AsCard)),
        &PlayFor::Win(vec![
            "ones=3 twos=6 threes=9 fours=12 fives=15 sixes=18 chance=20".into(),
        ]),
        &options,
    );
    assert!(
        matches!(out, Err(EngineError::Cancelled)),
        "{:?}",
        out.err()
    );
}
