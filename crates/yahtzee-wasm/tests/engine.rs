//! The WebAssembly engine's logic and raw interface, run natively (the same code the
//! module runs): answers against the engine crate's, tables round-tripped through bytes,
//! refusals as one line. `tests/npm.test.mjs` runs the real module in Node.js.

use yahtzee_wasm::{ffi, Engine};

/// Calls a raw export as JavaScript does: the argument copied into a buffer from
/// `yz_alloc`, the answer read from the output buffer.
fn call(f: extern "C" fn(*mut u8, usize) -> u32, arg: &str) -> (u32, String) {
    let ptr = ffi::yz_alloc(arg.len());
    // SAFETY: `ptr` has room for `arg.len()` bytes (yz_alloc), handed over to `f`.
    unsafe { std::ptr::copy_nonoverlapping(arg.as_ptr(), ptr, arg.len()) };
    let status = f(ptr, arg.len());
    // SAFETY: the output buffer holds `yz_out_len()` bytes until the next call.
    let out = unsafe { std::slice::from_raw_parts(ffi::yz_out_ptr(), ffi::yz_out_len()) };
    (status, String::from_utf8(out.to_vec()).unwrap())
}

#[test]
fn advice_is_the_engine_crates_and_errors_are_one_line() {
    let (status, card) = call(ffi::yz_card, "forced+fool-house");
    assert_eq!(status, 0);
    assert!(card.contains(r#""label":"Three of a kind""#), "{card}");
    assert!(card.contains(r#""fool_house":true"#));

    let (status, answer) = call(ffi::yz_advise, r#"{"dice": "13346", "rolls_left": 2}"#);
    assert_eq!(status, 0, "{answer}");
    let got: serde_json::Value = serde_json::from_str(&answer).unwrap();
    assert_eq!(got["options"][0]["keep"], serde_json::json!([3, 3]));
    assert!((got["expected_final"].as_f64().unwrap() - 251.40544182696922).abs() < 1e-9);

    for (body, message) in [
        (
            r#"{"dice": "1234", "rolls_left": 2}"#,
            "bad dice: expected 5 dice, got 4",
        ),
        (
            r#"{"dice": "13346", "rolls_left": 3}"#,
            "rolls left must be 0, 1 or 2, got 3",
        ),
        (
            r#"{"scorecard": "ones=7", "dice": "13346", "rolls_left": 2}"#,
            "bad scorecard: ones can never hold 7 (possible: 0 1 2 3 4 5)",
        ),
        (
            "{\"rules\": \"for\\nced\", \"dice\": \"13346\", \"rolls_left\": 2}",
            "unknown rule set 'for\\nced': did you mean forced? (rule sets: forced, free, no-bonus, original-1956, yatzy; yahtzee, official, american mean forced)",
        ),
    ] {
        assert_eq!(
            call(ffi::yz_advise, body),
            (1, message.to_string()),
            "{body}"
        );
    }
    // Not UTF-8: refused, not a panic.
    let ptr = ffi::yz_alloc(2);
    // SAFETY: two bytes of room.
    unsafe { std::ptr::copy_nonoverlapping([0xff, 0xfe].as_ptr(), ptr, 2) };
    assert_eq!(ffi::yz_advise(ptr, 2), 1);
}

#[test]
fn a_table_round_trips_through_its_bytes_and_damage_is_refused() {
    let mut solver = Engine::default();
    let last = std::sync::Mutex::new((0, 0));
    let v = solver
        .solve("forced", &|d, t| *last.lock().unwrap() = (d, t))
        .unwrap();
    assert_eq!(*last.lock().unwrap(), (8192, 8192));
    assert!((v - 254.58772873).abs() < 1e-7);
    let bytes = solver.table_bytes("forced").unwrap().to_vec();

    let mut reader = Engine::default();
    assert!(!reader.has_table("forced").unwrap());
    assert_eq!(reader.load_table("forced", bytes.clone()).unwrap(), v);
    let q = br#"{"scorecard": "ones=3 fours=12", "dice": "44456", "rolls_left": 1}"#;
    assert_eq!(reader.advise(q).unwrap(), solver.advise(q).unwrap());

    let mut damaged = bytes.clone();
    damaged[bytes.len() - 8] ^= 1;
    let e = reader
        .load_table("forced", damaged)
        .unwrap_err()
        .to_string();
    assert!(
        e.starts_with("forced.table is corrupt: payload checksum"),
        "{e}"
    );
    let e = reader.load_table("free", bytes).unwrap_err().to_string();
    assert!(e.contains("forced"), "{e}");
}

#[test]
fn the_mulligan_spent_this_turn_is_answered() {
    let mut engine = Engine::default();
    // Chance and Yahtzee open, the upper bonus earned; 5 6 6 6 6 is the mulligan's roll.
    let card = "ones=3 twos=6 threes=9 fours=12 fives=15 sixes=18 3k=20 4k=0 fh=25 ss=30 ls=40";
    let ask = |engine: &mut Engine, card: &str, rolls: u8| {
        let q = serde_json::json!({"rules": "forced+mulligan", "scorecard": card, "dice": "66665",
                                   "rolls_left": rolls, "mulligan": "this-turn"});
        engine.advise(q.to_string().as_bytes())
    };
    let a: serde_json::Value = serde_json::from_str(&ask(&mut engine, card, 0).unwrap()).unwrap();
    assert_eq!(a["mulligan"], "this-turn");
    // Chance 29, then the Yahtzee in three rolls (2,783,176 / 6^10); Yahtzee 0, then
    // Chance (14/3 a die).
    let p3 = 2_783_176.0 / 60_466_176.0;
    let options = a["options"].as_array().unwrap();
    assert_eq!(options.len(), 2, "{a}");
    assert_eq!(options[0]["category"], "chance");
    assert!((options[0]["ev_remaining"].as_f64().unwrap() - (29.0 + 50.0 * p3)).abs() < 1e-9);
    assert!((options[1]["ev_remaining"].as_f64().unwrap() - 70.0 / 3.0).abs() < 1e-9);
    // Spent twice, rolls left: one line each.
    let used = format!("{card} mulligan=used");
    for (card, rolls, says) in [
        (used.as_str(), 0, "cannot be spent again"),
        (card, 1, "rolls left must be 0"),
    ] {
        let e = ask(&mut engine, card, rolls).unwrap_err().to_string();
        assert!(e.contains(says) && !e.contains('\n'), "{e}");
    }
}

#[test]
fn explain_builds_the_companion_table_in_memory_and_it_round_trips() {
    // A reduced game: 3 in Ones, the last roll 2 2 4 5 6; Twos (4) makes the upper total
    // 7 of 6, so the best option's bonus is certain.
    let rules = "forced:ones,twos,yahtzee,chance@6";
    let body = serde_json::json!({"rules": rules, "scorecard": "ones=3", "dice": "22456",
                                  "rolls_left": 0, "explain": true})
    .to_string();
    let mut e = Engine::default();
    assert!(!e.has_companion(rules).unwrap());
    let text = e.advise(body.as_bytes()).unwrap();
    let answer: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert!(e.has_companion(rules).unwrap());
    let best = &answer["options"][0];
    assert_eq!(best["category"], "twos");
    assert_eq!(best["explain"]["upper_bonus"], 1.0);
    let words = best["explain"]["words"].as_array().unwrap();
    assert!(
        words.contains(&serde_json::json!("upper bonus 100%")),
        "{words:?}"
    );
    // The server's and the CLI's explanation: the engine crate's, over a table on disk
    // (compared as text: serde_json's float parsing may differ in the last bit).
    let dir = tempfile::tempdir().unwrap();
    let tables = yahtzee_engine::Tables::new(Some(dir.path().to_path_buf()));
    let q = yahtzee_engine::api::advise_question(body.as_bytes()).unwrap();
    let advisor = tables.advisor(q.rules).unwrap();
    let mut report = q.answer(&advisor, None).unwrap();
    q.explain(&advisor, &tables.companion(q.rules).unwrap(), &mut report)
        .unwrap();
    assert_eq!(text, serde_json::to_string(&report).unwrap());
    // Its bytes are the file's; loaded back (checked) into a fresh engine, the same answer.
    let bytes = e.companion_bytes(rules).unwrap().to_vec();
    let file = std::fs::read(dir.path().join(format!("{rules}.companion.table"))).unwrap();
    assert_eq!(bytes, file);
    let mut fresh = Engine::default();
    fresh.load_companion(rules, bytes.clone()).unwrap();
    assert_eq!(fresh.advise(body.as_bytes()).unwrap(), text);
    // A damaged one is refused in one line.
    let mut bad = bytes;
    let last = bad.len() - 1;
    bad[last] ^= 0x55;
    let err = fresh.load_companion(rules, bad).unwrap_err().to_string();
    assert!(!err.contains('\n') && !err.is_empty(), "{err}");
    // Asked for a question it does not cover: refused before any build.
    let err = Engine::default()
        .advise(br#"{"explain": true, "dice": "13346", "rolls_left": 2, "target": 200}"#)
        .unwrap_err()
        .to_string();
    assert!(err.contains("expected score only"), "{err}");
}

#[test]
fn a_part_of_the_table_answers_its_card_as_the_whole_table_does() {
    let card = "ones=3 fours=12 full_house=25 chance=22";
    let q = |card: &str, dice: &str| {
        serde_json::json!({"rules": "forced", "scorecard": card, "dice": dice, "rolls_left": 1})
            .to_string()
    };
    let mut part = Engine::default();
    let last = std::sync::Mutex::new((0, 0));
    part.solve_for(q(card, "66612").as_bytes(), &|d, t| {
        *last.lock().unwrap() = (d, t)
    })
    .unwrap();
    // Nine boxes open: 512 filled sets, the full card's included.
    assert_eq!(*last.lock().unwrap(), (512, 512));
    assert!(!part.has_table("forced").unwrap());
    let e = part.table_bytes("forced").unwrap_err().to_string();
    assert_eq!(e, "only part of the table for forced is solved yet");
    let mut whole = Engine::default();
    whole.solve("forced", &|_, _| {}).unwrap();
    // The card, and a later card of the same game, answered from the part alone.
    let later = format!("{card} sixes=24");
    for body in [q(card, "66612"), q(&later, "12345")] {
        assert!(part.covers(body.as_bytes()).unwrap(), "{body}");
        assert_eq!(
            part.advise(body.as_bytes()).unwrap(),
            whole.advise(body.as_bytes()).unwrap()
        );
    }
    // A card the part does not reach: the whole table is solved first.
    let other = q("twos=6", "22222");
    assert!(!part.covers(other.as_bytes()).unwrap());
    assert_eq!(
        part.advise(other.as_bytes()).unwrap(),
        whole.advise(other.as_bytes()).unwrap()
    );
    assert!(part.has_table("forced").unwrap());
    assert_eq!(
        part.table_bytes("forced").unwrap(),
        whole.table_bytes("forced").unwrap()
    );
    // An empty card's part is the whole table.
    let mut empty = Engine::default();
    let v = empty
        .solve_for(q("", "13346").as_bytes(), &|_, _| {})
        .unwrap();
    assert!(empty.has_table("forced").unwrap() && (v - 254.58772873).abs() < 1e-7);
    // A bad question is refused in one line, before any solve.
    let e = empty
        .solve_for(b"{\"dice\": 5}", &|_, _| {})
        .unwrap_err()
        .to_string();
    assert!(!e.contains('\n') && !e.is_empty(), "{e}");
}
