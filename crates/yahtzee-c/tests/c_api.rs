//! The C library from both sides: its functions called as C would call them (null
//! pointers, bad input, small buffers, damaged tables), the header checked against the
//! code, and the C example compiled with the system compiler and run.

use std::ffi::{c_char, CStr, CString};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::ptr;

use yahtzee::*;

fn c(s: &str) -> CString {
    CString::new(s).unwrap()
}

fn last_error() -> String {
    // SAFETY: yz_last_error returns a valid NUL-terminated string.
    unsafe { CStr::from_ptr(yz_last_error()) }
        .to_str()
        .unwrap()
        .to_string()
}

/// The official table, solved once into a temporary folder.
fn table(dir: &Path) -> *mut YzTable {
    let path = c(dir.join("forced.table").to_str().unwrap());
    let mut t = ptr::null_mut();
    assert_eq!(
        yz_table_load_or_solve(c("forced").as_ptr(), path.as_ptr(), &mut t),
        YZ_OK
    );
    assert!(!t.is_null());
    t
}

fn blank() -> YzOption {
    YzOption {
        kind: -1,
        keep: [0; 6],
        keep_len: 0,
        category: [0; 24],
        score: 0,
        ev_remaining: 0.0,
        loss: 0.0,
        p_at_least: 0.0,
        p_win: 0.0,
        p_tie: 0.0,
        yahtzee_bonus: 7,
        joker: true,
    }
}

fn category(o: &YzOption) -> String {
    // SAFETY: the library writes a NUL-terminated name into the 24 bytes.
    unsafe { CStr::from_ptr(o.category.as_ptr()) }
        .to_str()
        .unwrap()
        .to_string()
}

#[test]
fn values_advice_and_errors() {
    let dir = tempfile::tempdir().unwrap();
    let t = table(dir.path());
    let mut value = 0.0;
    assert_eq!(yz_state_value(t, c("").as_ptr(), &mut value), YZ_OK);
    assert!((value - 254.5877287).abs() < 1e-6);

    // The values are the file's bytes, in place.
    let (mut values, mut count) = (ptr::null(), 0usize);
    assert_eq!(yz_table_values(t, &mut values, &mut count), YZ_OK);
    let mut index = 0usize;
    assert_eq!(
        yz_state_index(t, c("ones=3 yahtzee=50").as_ptr(), &mut index),
        YZ_OK
    );
    // SAFETY: `values` points at `count` doubles of the live table.
    let all = unsafe { std::slice::from_raw_parts(values, count) };
    let raw = std::fs::read(dir.path().join("forced.table")).unwrap();
    let bytes: Vec<u8> = all.iter().flat_map(|v| v.to_le_bytes()).collect();
    assert!(raw.ends_with(&bytes) && count == 1 << 20);
    let mut v = 0.0;
    assert_eq!(
        yz_state_value(t, c("ones=3 yahtzee=50").as_ptr(), &mut v),
        YZ_OK
    );
    assert_eq!(all[index], v);

    // The best keeps for 1 3 3 4 6 on the first roll: 3 3 (the independent solvers agree).
    let mut options: Vec<YzOption> = (0..YZ_MAX_OPTIONS).map(|_| blank()).collect();
    let mut n = 0usize;
    let rc = yz_advise(
        t,
        c("").as_ptr(),
        c("13346").as_ptr(),
        2,
        options.as_mut_ptr(),
        options.len(),
        &mut n,
    );
    assert_eq!(rc, YZ_OK, "{}", last_error());
    assert_eq!(n, 24);
    let best = &options[0];
    assert_eq!(
        (best.kind, best.keep_len, &best.keep[..2]),
        (YZ_KEEP, 2, &[3u8, 3][..])
    );
    assert_eq!(best.loss, 0.0);
    assert!(best.p_at_least.is_nan() && best.p_win.is_nan());
    assert!(options[..n]
        .windows(2)
        .all(|w| w[0].ev_remaining >= w[1].ev_remaining));

    // After the last roll: boxes, with their scores.
    let rc = yz_advise(
        t,
        c("ones=3").as_ptr(),
        c("66655").as_ptr(),
        0,
        options.as_mut_ptr(),
        options.len(),
        &mut n,
    );
    assert_eq!(rc, YZ_OK);
    assert!(options[..n].iter().all(|o| o.kind == YZ_BOX));
    let full_house = options[..n]
        .iter()
        .find(|o| category(o) == "full_house")
        .unwrap();
    assert_eq!(full_house.score, 25);
    assert!(options[..n]
        .iter()
        .all(|o| o.yahtzee_bonus == 0 && !o.joker));

    // An extra Yahtzee with sixes filled: every box is a Joker and earns the bonus.
    let rc = yz_advise(
        t,
        c("yahtzee=50 sixes=24").as_ptr(),
        c("66666").as_ptr(),
        0,
        options.as_mut_ptr(),
        options.len(),
        &mut n,
    );
    assert_eq!(rc, YZ_OK);
    let large = options[..n]
        .iter()
        .find(|o| category(o) == "large_straight")
        .unwrap();
    assert_eq!(
        (large.score, large.yahtzee_bonus, large.joker),
        (40, 100, true)
    );

    // Too small a buffer: nothing written, the count needed reported.
    let rc = yz_advise(
        t,
        c("").as_ptr(),
        c("13346").as_ptr(),
        2,
        options.as_mut_ptr(),
        3,
        &mut n,
    );
    assert_eq!((rc, n), (YZ_ERR_BUFFER, 24));

    // Playing to win against a card one box from the end.
    let opp = c("ones=3 twos=6 threes=9 fours=12 fives=15 sixes=18 three_of_a_kind=25 four_of_a_kind=20 full_house=25 small_straight=30 large_straight=40 yahtzee=50");
    let mine = c("ones=3 twos=6 threes=9 fours=12 fives=15 sixes=18 three_of_a_kind=20 four_of_a_kind=20 full_house=25 small_straight=30 yahtzee=50");
    let opps = [opp.as_ptr()];
    let rc = yz_advise_to_win(
        t,
        mine.as_ptr(),
        c("66612").as_ptr(),
        1,
        opps.as_ptr(),
        1,
        options.as_mut_ptr(),
        options.len(),
        &mut n,
    );
    assert_eq!(rc, YZ_OK, "{}", last_error());
    assert!((0.0..=1.0).contains(&options[0].p_win));
    assert!(options[..n]
        .windows(2)
        .all(|w| w[0].p_win + w[0].p_tie / 2.0 >= w[1].p_win + w[1].p_tie / 2.0));

    // Bad input: a code and a one-line message, never a crash.
    let cases: [(&str, &str, i32, i32, &str); 4] = [
        ("", "1334", 2, YZ_ERR_INPUT, "bad dice"),
        ("ones=7", "13346", 2, YZ_ERR_INPUT, "bad scorecard"),
        ("", "13346", 3, YZ_ERR_INPUT, "rolls left"),
        ("", "13346", -1, YZ_ERR_INPUT, "rolls left"),
    ];
    for (card, dice, rolls, code, message) in cases {
        let rc = yz_advise(
            t,
            c(card).as_ptr(),
            c(dice).as_ptr(),
            rolls,
            options.as_mut_ptr(),
            options.len(),
            &mut n,
        );
        assert_eq!(rc, code, "{card} {dice} {rolls}");
        assert!(
            last_error().contains(message) && !last_error().contains('\n'),
            "{}",
            last_error()
        );
    }
    let rc = yz_advise(
        ptr::null(),
        c("").as_ptr(),
        c("13346").as_ptr(),
        2,
        options.as_mut_ptr(),
        64,
        &mut n,
    );
    assert_eq!(rc, YZ_ERR_ARGUMENT);
    let rc = yz_advise(
        t,
        ptr::null(),
        c("13346").as_ptr(),
        2,
        options.as_mut_ptr(),
        64,
        &mut n,
    );
    assert_eq!(rc, YZ_ERR_ARGUMENT);
    let rc = yz_advise(
        t,
        c("").as_ptr(),
        c("13346").as_ptr(),
        2,
        ptr::null_mut(),
        64,
        &mut n,
    );
    assert_eq!(rc, YZ_ERR_ARGUMENT);
    let rc = yz_state_value(t, c("").as_ptr(), ptr::null_mut());
    assert_eq!(rc, YZ_ERR_ARGUMENT);
    let bad_utf8 = [0xffu8 as c_char, 0];
    assert_eq!(
        yz_state_value(t, bad_utf8.as_ptr(), &mut v),
        YZ_ERR_ARGUMENT
    );
    yz_table_free(t);
    yz_table_free(ptr::null_mut());
}

#[test]
fn bad_tables_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let mut t = ptr::null_mut();
    let missing = c(dir.path().join("none.table").to_str().unwrap());
    assert_eq!(
        yz_table_open(missing.as_ptr(), c("forced").as_ptr(), &mut t),
        YZ_ERR_TABLE
    );
    assert!(last_error().contains("cannot open"), "{}", last_error());
    assert!(t.is_null());
    assert_eq!(
        yz_table_open(missing.as_ptr(), c("poker").as_ptr(), &mut t),
        YZ_ERR_INPUT
    );
    assert!(last_error().contains("unknown rule set"));

    // A yatzy table is not a forced one; a cut one is not a table.
    let path = dir.path().join("yatzy.table");
    let p = c(path.to_str().unwrap());
    assert_eq!(yz_solve(c("yatzy").as_ptr(), p.as_ptr(), &mut t), YZ_OK);
    yz_table_free(t);
    assert_eq!(
        yz_table_open(p.as_ptr(), c("forced").as_ptr(), &mut t),
        YZ_ERR_TABLE
    );
    assert!(last_error().contains("'yatzy'"), "{}", last_error());
    let bytes = std::fs::read(&path).unwrap();
    std::fs::write(&path, &bytes[..bytes.len() - 8]).unwrap();
    assert_eq!(
        yz_table_open(p.as_ptr(), c("yatzy").as_ptr(), &mut t),
        YZ_ERR_TABLE
    );
}

/// Where cargo put this package's libraries for the test: beside the test binary in
/// `deps/` (a test build does not copy them up to `target/<profile>/`), or above it.
fn lib_dir() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    let deps = exe.parent().unwrap();
    let found = [deps, deps.parent().unwrap()]
        .into_iter()
        .find(|d| d.join("libyahtzee.a").exists())
        .unwrap_or(deps)
        .to_path_buf();
    found
}

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap()
}

/// Compiles `examples/<name>.c` against the static library (warnings are errors), runs it
/// with `arg` and returns its standard output; it must succeed.
fn compile_and_run(dir: &Path, name: &str, arg: &Path) -> String {
    let exe = dir.join(name);
    let lib = lib_dir().join("libyahtzee.a");
    assert!(lib.exists(), "{} missing", lib.display());
    let status = Command::new(std::env::var("CC").unwrap_or_else(|_| "cc".into()))
        .args(["-std=c99", "-Wall", "-Wextra", "-Werror", "-O2", "-I"])
        .arg(repo().join("include"))
        .arg(repo().join(format!("examples/{name}.c")))
        .arg(&lib)
        .args(["-lpthread", "-ldl", "-lm", "-o"])
        .arg(&exe)
        .status()
        .expect("a C compiler (cc)");
    assert!(status.success(), "examples/{name}.c did not compile");
    let out = Command::new(&exe).arg(arg).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    text
}

#[test]
fn the_c_example_compiles_and_answers() {
    let dir = tempfile::tempdir().unwrap();
    let text = compile_and_run(dir.path(), "advise", &dir.path().join("forced.table"));
    assert!(
        text.contains("optimal expected score 254.5877287"),
        "{text}"
    );
    assert!(
        text.contains("24 options, best first\nkeep 3 3  expected"),
        "{text}"
    );
    assert!(text.contains("code 1: bad dice"), "{text}");
}

#[test]
fn header_is_current() {
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let config = cbindgen::Config::from_file(crate_dir.join("cbindgen.toml")).unwrap();
    let mut generated = Vec::new();
    cbindgen::Builder::new()
        .with_config(config)
        .with_src(crate_dir.join("src/lib.rs"))
        .generate()
        .expect("cbindgen reads the library")
        .write(&mut generated);
    let path = repo().join("include/yahtzee.h");
    if std::env::var_os("YAHTZEE_BLESS").is_some() {
        std::fs::write(&path, &generated).unwrap();
    }
    let checked_in = std::fs::read(&path).unwrap_or_default();
    assert!(
        checked_in == generated,
        "include/yahtzee.h is out of date: run YAHTZEE_BLESS=1 cargo test -p yahtzee-c header"
    );
}

#[test]
fn the_readme_c_snippet_works_as_written() {
    let readme = std::fs::read_to_string(repo().join("README.md")).unwrap();
    let start = readme.find("<!-- c-snippet").expect("a marked C snippet");
    let code = &readme[start..];
    let code = &code[code.find("```c\n").unwrap() + 5..];
    let code = &code[..code.find("```").unwrap()];
    let dir = tempfile::tempdir().unwrap();
    let (src, exe) = (dir.path().join("app.c"), dir.path().join("app"));
    std::fs::write(&src, code).unwrap();
    let status = Command::new(std::env::var("CC").unwrap_or_else(|_| "cc".into()))
        .args(["-std=c99", "-Wall", "-Werror", "-I"])
        .arg(repo().join("include"))
        .arg(&src)
        .arg(lib_dir().join("libyahtzee.a"))
        .args(["-lpthread", "-ldl", "-lm", "-o"])
        .arg(&exe)
        .status()
        .unwrap();
    assert!(status.success());
    let out = Command::new(&exe)
        .env("YAHTZEE_DATA_DIR", dir.path())
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{text}");
    assert_eq!(
        text,
        "best: full_house for 25 points (12 options)\nerror 1: bad dice: expected 5 dice, got 4\n"
    );
    assert!(
        dir.path().join("forced.table").exists(),
        "the table was built where asked"
    );
}

/// The answer of `yz_game_advise` as JSON, or the status and message.
fn game_advise(
    engine: *const YzEngine,
    game: Option<&str>,
    question: &str,
) -> Result<serde_json::Value, (i32, String)> {
    let game = game.map(c);
    let mut answer = ptr::null_mut();
    let status = yz_game_advise(
        engine,
        game.as_ref().map_or(ptr::null(), |g| g.as_ptr()),
        c(question).as_ptr(),
        &mut answer,
    );
    if status != YZ_OK {
        assert!(answer.is_null());
        return Err((status, last_error()));
    }
    // SAFETY: the library returned a NUL-terminated string, freed below.
    let text = unsafe { CStr::from_ptr(answer) }
        .to_str()
        .unwrap()
        .to_string();
    yz_string_free(answer);
    Ok(serde_json::from_str(&text).unwrap())
}

#[test]
fn every_game_through_one_door() {
    let dir = tempfile::tempdir().unwrap();
    let mut engine = ptr::null_mut();
    let d = c(dir.path().to_str().unwrap());
    assert_eq!(yz_engine_new(d.as_ptr(), &mut engine), YZ_OK);
    let tables = yahtzee_engine::Tables::new(Some(dir.path().to_path_buf()));
    let questions = [
        (
            Some("triple"),
            r#"{"card": "1.ones=3", "dice": "13346", "rolls_left": 2}"#,
        ),
        (
            None,
            r#"{"game": "triple", "dice": [6, 6, 6, 6, 6], "rolls_left": 0}"#,
        ),
        (
            Some("yahtzix"),
            r#"{"target": 300, "me": 100, "opp": 150, "dice": "115523"}"#,
        ),
        (
            None,
            r#"{"scorecard": "ones=3", "dice": "13346", "rolls_left": 2}"#,
        ),
        // Painted Yahtzee: a reduced game, played from its exact table.
        (
            None,
            r#"{"game": "painted:c2:ones,yahtzee,colours,flush", "dice": "1r 1r 1r 1r 2y", "rolls_left": 1}"#,
        ),
    ];
    for (game, q) in questions {
        let answer = game_advise(engine, game, q).unwrap();
        let mut body: serde_json::Value = serde_json::from_str(q).unwrap();
        if let Some(g) = game {
            body["game"] = g.into();
        }
        let body = serde_json::to_vec(&body).unwrap();
        let g = yahtzee_engine::Game::of_request(&body).unwrap();
        assert_eq!(answer, g.advise(&tables, &body).unwrap(), "{q}");
        assert!(!answer["options"].as_array().unwrap().is_empty());
        if q.contains("painted") {
            assert_eq!(answer["strategy"], "exact");
        }
    }
    // Refusals: one line and a code.
    let (code, msg) = game_advise(
        engine,
        Some("triple"),
        r#"{"dice": "1334", "rolls_left": 2}"#,
    )
    .unwrap_err();
    assert_eq!(code, YZ_ERR_INPUT);
    assert!(msg.starts_with("bad dice"), "{msg}");
    let (code, msg) = game_advise(engine, Some("chess"), "{}").unwrap_err();
    assert_eq!(
        (code, msg.as_str()),
        (
            YZ_ERR_INPUT,
            "unknown game 'chess' (yahtzee, triple, yahtzix, painted)"
        )
    );
    let (code, msg) = game_advise(engine, Some("triple"), r#"{"game": "yahtzix"}"#).unwrap_err();
    assert_eq!(code, YZ_ERR_INPUT);
    assert_eq!(
        msg,
        "the question asks about yahtzix, the call about triple"
    );
    // Yahtzix at a table of three, and its refusals (each one line).
    let three = game_advise(
        engine,
        Some("yahtzix"),
        r#"{"target": 300, "scores": [0, 150, 100], "seat": 1, "offer": "100:2"}"#,
    )
    .unwrap();
    assert_eq!(
        (&three["players"], &three["against"]),
        (&3.into(), &2.into())
    );
    for (q, want) in [
        (
            r#"{"target": 300, "scores": [0, 150, 100], "seat": 0}"#,
            "seat 0: the seats are 1 to 3",
        ),
        (
            r#"{"target": 300, "scores": [0, 150, 100], "seat": 1, "me": 0}"#,
            "give scores and seat, or me and opp, not both",
        ),
        (
            r#"{"target": 300, "scores": [0, 0, 0, 0, 0, 0, 0, 0, 0], "seat": 1}"#,
            "9 scores: give one per player, 2 to 8",
        ),
    ] {
        let (code, msg) = game_advise(engine, Some("yahtzix"), q).unwrap_err();
        assert_eq!(code, YZ_ERR_INPUT, "{q}");
        assert!(msg.contains(want) && !msg.contains('\n'), "{q}: {msg}");
    }
    let (code, _) = game_advise(engine, None, "[1, 2").unwrap_err();
    assert_eq!(code, YZ_ERR_INPUT);
    let mut answer = ptr::null_mut();
    assert_eq!(
        yz_game_advise(ptr::null(), ptr::null(), c("{}").as_ptr(), &mut answer),
        YZ_ERR_ARGUMENT
    );
    assert_eq!(
        yz_game_advise(engine, ptr::null(), ptr::null(), &mut answer),
        YZ_ERR_ARGUMENT
    );
    // A review of a Triple record, and statistics.
    let mut review = ptr::null_mut();
    let record = c("variant 1978\nroll 6 6 6 6 6\nscore 3 yahtzee\n");
    assert_eq!(
        yz_game_review(engine, c("triple").as_ptr(), record.as_ptr(), &mut review),
        YZ_OK
    );
    // SAFETY: a string from the library, freed once.
    let text = unsafe { CStr::from_ptr(review) }
        .to_str()
        .unwrap()
        .to_string();
    yz_string_free(review);
    let review: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(review["total"], 150);
    let mut stats = ptr::null_mut();
    let q = c(r#"{"strategies": ["greedy"], "games": 20}"#);
    assert_eq!(
        yz_game_stats(engine, c("triple").as_ptr(), q.as_ptr(), &mut stats),
        YZ_OK
    );
    yz_string_free(stats);
    // Yahtzix's self-play at a table of three: three seats' win rates summing to 1.
    let q = c(r#"{"target": 300, "games": 50, "players": 3}"#);
    assert_eq!(
        yz_game_stats(engine, c("yahtzix").as_ptr(), q.as_ptr(), &mut stats),
        YZ_OK
    );
    // SAFETY: a string from the library, freed once.
    let text = unsafe { CStr::from_ptr(stats) }
        .to_str()
        .unwrap()
        .to_string();
    yz_string_free(stats);
    let s: serde_json::Value = serde_json::from_str(&text).unwrap();
    let rates = s["self_play"]["win_rates"].as_array().unwrap();
    let sum: f64 = rates.iter().map(|r| r["rate"].as_f64().unwrap()).sum();
    assert!(rates.len() == 3 && (sum - 1.0).abs() < 1e-9, "{text}");
    let q = c(r#"{"target": 300, "games": 50, "players": 9}"#);
    stats = ptr::null_mut();
    assert_eq!(
        yz_game_stats(engine, c("yahtzix").as_ptr(), q.as_ptr(), &mut stats),
        YZ_ERR_INPUT
    );
    assert!(stats.is_null());
    assert_eq!(last_error(), "players 9: from 2 to 8");
    yz_engine_free(engine);
    yz_engine_free(ptr::null_mut());
    yz_string_free(ptr::null_mut());
}

#[test]
fn the_c_games_example_compiles_and_answers() {
    let dir = tempfile::tempdir().unwrap();
    let text = compile_and_run(dir.path(), "games", dir.path());
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 5, "{text}");
    let tables = yahtzee_engine::Tables::new(Some(dir.path().to_path_buf()));
    let triple = br#"{"game": "triple", "card": "1.ones=3", "dice": "13346", "rolls_left": 2}"#;
    let want = yahtzee_engine::Game::Triple
        .advise(&tables, triple)
        .unwrap();
    assert_eq!(
        serde_json::from_str::<serde_json::Value>(lines[0]).unwrap(),
        want
    );
    let yahtzix: serde_json::Value = serde_json::from_str(lines[1]).unwrap();
    assert_eq!(yahtzix["rules"], "300");
    let three: serde_json::Value = serde_json::from_str(lines[2]).unwrap();
    let body = br#"{"game": "yahtzix", "target": 300, "scores": [0, 150, 100], "seat": 2, "dice": "115523"}"#;
    let want = yahtzee_engine::Game::Yahtzix.advise(&tables, body).unwrap();
    assert_eq!(three, want);
    assert_eq!(
        (&three["players"], &three["to_move"], &three["strategy"]),
        (&3.into(), &2.into(), &"heads-up".into())
    );
    assert!(lines[3].starts_with("code 1: bad dice"), "{text}");
    assert_eq!(lines[4], "code 1: seat 4: the seats are 1 to 3", "{text}");
}

/// Chance and Yahtzee open, the upper bonus earned, the mulligan in hand.
const MULLIGAN_CARD: &str =
    "ones=3 twos=6 threes=9 fours=12 fives=15 sixes=18 3k=20 4k=0 fh=25 ss=30 ls=40";

#[test]
fn the_mulligan_spent_this_turn() {
    let dir = tempfile::tempdir().unwrap();
    let path = c(dir.path().join("forced+mulligan.table").to_str().unwrap());
    let mut t = ptr::null_mut();
    assert_eq!(
        yz_table_load_or_solve(c("forced+mulligan").as_ptr(), path.as_ptr(), &mut t),
        YZ_OK
    );
    let mut options: Vec<YzOption> = (0..YZ_MAX_OPTIONS).map(|_| blank()).collect();
    let mut n = 0usize;
    let rc = yz_advise_mulligan_spent(
        t,
        c(MULLIGAN_CARD).as_ptr(),
        c("66665").as_ptr(),
        options.as_mut_ptr(),
        options.len(),
        &mut n,
    );
    assert_eq!(rc, YZ_OK, "{}", last_error());
    // Chance 29, then the Yahtzee in three rolls (2,783,176 / 6^10); Yahtzee 0, then
    // Chance (14/3 a die). No mulligan left to spend.
    let p3 = 2_783_176.0 / 60_466_176.0;
    assert_eq!(n, 2);
    assert_eq!(
        (category(&options[0]).as_str(), options[0].score),
        ("chance", 29)
    );
    assert!((options[0].ev_remaining - (29.0 + 50.0 * p3)).abs() < 1e-9);
    assert_eq!(category(&options[1]), "yahtzee");
    assert!((options[1].ev_remaining - 70.0 / 3.0).abs() < 1e-9);
    assert!(options[..n].iter().all(|o| o.kind == YZ_BOX));
    // The engine's answer, and the JSON door's.
    let rules = yahtzee_engine::rules_named("forced+mulligan", &[]).unwrap();
    let tables = yahtzee_engine::Tables::new(Some(dir.path().to_path_buf()));
    let report = yahtzee_engine::advise_in_turn(
        &tables.advisor(rules).unwrap(),
        None,
        &yahtzee_engine::parse_card(rules, MULLIGAN_CARD).unwrap(),
        yahtzee_engine::parse_dice("66665").unwrap(),
        0,
        yahtzee_engine::TurnMulligan::SpentThisTurn,
        &yahtzee_engine::PlayFor::Expected,
    )
    .unwrap();
    for (o, r) in options[..n].iter().zip(&report.options) {
        assert_eq!(o.ev_remaining, r.ev_remaining);
    }
    let mut engine = ptr::null_mut();
    let d = c(dir.path().to_str().unwrap());
    assert_eq!(yz_engine_new(d.as_ptr(), &mut engine), YZ_OK);
    let question = serde_json::json!({"rules": "forced+mulligan", "scorecard": MULLIGAN_CARD,
        "dice": "66665", "rolls_left": 0, "mulligan": "this-turn"});
    let answer = game_advise(engine, None, &question.to_string()).unwrap();
    assert_eq!(answer, serde_json::to_value(&report).unwrap());
    yz_engine_free(engine);
    // Refused: spent twice, a rule set without the mulligan.
    let used = c(&format!("{MULLIGAN_CARD} mulligan=used"));
    let rc = yz_advise_mulligan_spent(
        t,
        used.as_ptr(),
        c("66665").as_ptr(),
        options.as_mut_ptr(),
        options.len(),
        &mut n,
    );
    assert_eq!(rc, YZ_ERR_INPUT);
    assert!(
        last_error().contains("cannot be spent again"),
        "{}",
        last_error()
    );
    let forced = table(dir.path());
    let rc = yz_advise_mulligan_spent(
        forced,
        c("").as_ptr(),
        c("66665").as_ptr(),
        options.as_mut_ptr(),
        options.len(),
        &mut n,
    );
    assert_eq!(rc, YZ_ERR_INPUT);
    assert!(last_error().contains("needs the house rule mulligan"));
    yz_table_free(forced);
    yz_table_free(t);
}

#[test]
fn the_c_mulligan_example_compiles_and_answers() {
    let dir = tempfile::tempdir().unwrap();
    let text = compile_and_run(dir.path(), "mulligan", dir.path());
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "{text}");
    let p3 = 2_783_176.0 / 60_466_176.0;
    let option = |line: &str| {
        let w: Vec<&str> = line.split(' ').collect();
        (
            w[0].to_string(),
            w[1].to_string(),
            w[2].parse::<f64>().unwrap(),
        )
    };
    let (name, score, ev) = option(lines[0]);
    assert_eq!((name.as_str(), score.as_str()), ("chance", "29"));
    assert!((ev - (29.0 + 50.0 * p3)).abs() < 1e-9);
    let (name, _, ev) = option(lines[1]);
    assert_eq!(name, "yahtzee");
    assert!((ev - 70.0 / 3.0).abs() < 1e-9);
    let json: serde_json::Value = serde_json::from_str(lines[2]).unwrap();
    assert_eq!(json["mulligan"], "this-turn");
    assert_eq!(json["options"][0]["category"], "chance");
    assert!(
        lines[3].starts_with("code 1: the card already has the mulligan used"),
        "{text}"
    );
}

/// A build past the engine's memory limit is refused with `YZ_ERR_TABLE` and one line
/// with its estimate, before anything is built (Yahtzix to 1,000: about 160 MB).
#[test]
fn a_build_past_the_memory_limit_is_refused_before_it_starts() {
    let dir = tempfile::tempdir().unwrap();
    let mut engine = ptr::null_mut();
    let d = c(dir.path().to_str().unwrap());
    assert_eq!(yz_engine_new(d.as_ptr(), &mut engine), YZ_OK);
    assert_eq!(yz_engine_set_memory_limit(engine, 100 << 20), YZ_OK);
    assert_eq!(
        yz_engine_set_memory_limit(ptr::null_mut(), 1),
        YZ_ERR_ARGUMENT
    );
    let (status, message) = game_advise(
        engine,
        Some("yahtzix"),
        r#"{"target": 1000, "me": 0, "opp": 0}"#,
    )
    .unwrap_err();
    assert_eq!(status, YZ_ERR_TABLE, "{message}");
    assert!(!message.contains('\n'), "{message}");
    assert!(
        message.contains("the Yahtzix table to 1000 needs about")
            && message.contains("more than the limit of 100 MiB"),
        "{message}"
    );
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
    yz_engine_free(engine);
}

fn blank_parts() -> YzParts {
    YzParts {
        box_count: 99,
        box_names: [[0; 24]; YZ_MAX_BOXES],
        boxes: [0.0; YZ_MAX_BOXES],
        chances: [0.0; YZ_MAX_BOXES],
        upper_bonus: -1.0,
        upper_bonus_points: -1.0,
        yahtzee_bonus: -1.0,
        mega_bonus: -1.0,
        total: -1.0,
        why: [0; YZ_WHY_LEN],
    }
}

fn c_text(s: &[c_char]) -> String {
    // SAFETY: the library writes a NUL-terminated string into the array.
    unsafe { CStr::from_ptr(s.as_ptr()) }
        .to_str()
        .unwrap()
        .to_string()
}

/// A reduced game (its companion table builds in a moment): every option's parts add up to
/// its expected total, the words are the CLI's (`yahtzee_engine::explain`), and bad
/// calls are refused with their codes.
#[test]
fn options_explained_and_a_cards_parts() {
    let dir = tempfile::tempdir().unwrap();
    let rules = "forced:ones,twos,threes,three_of_a_kind,full_house,yahtzee,chance@12";
    let path = c(dir.path().join(format!("{rules}.table")).to_str().unwrap());
    let mut t = ptr::null_mut();
    assert_eq!(
        yz_table_load_or_solve(c(rules).as_ptr(), path.as_ptr(), &mut t),
        YZ_OK
    );
    let mut options: Vec<YzOption> = (0..YZ_MAX_OPTIONS).map(|_| blank()).collect();
    let mut parts: Vec<YzParts> = (0..YZ_MAX_OPTIONS).map(|_| blank_parts()).collect();
    let mut n = 0usize;
    let (card, dice) = (c("ones=2"), c("13346"));
    let rc = yz_advise_explain(
        t,
        card.as_ptr(),
        dice.as_ptr(),
        2,
        options.as_mut_ptr(),
        parts.as_mut_ptr(),
        parts.len(),
        &mut n,
    );
    assert_eq!(rc, YZ_OK, "{}", last_error());
    assert!(dir.path().join(format!("{rules}.companion.table")).exists());
    // The same options as yz_advise, in the same order.
    let mut plain: Vec<YzOption> = (0..YZ_MAX_OPTIONS).map(|_| blank()).collect();
    let mut m = 0usize;
    let rc = yz_advise(
        t,
        card.as_ptr(),
        dice.as_ptr(),
        2,
        plain.as_mut_ptr(),
        plain.len(),
        &mut m,
    );
    assert_eq!((rc, m), (YZ_OK, n));
    // The words the CLI prints, from the engine.
    let r = yahtzee_rules::RuleSet::named(rules).unwrap();
    let table = yahtzee_table::Table::open(&dir.path().join(format!("{rules}.table")), r).unwrap();
    let advisor = yahtzee_advice::Advisor::new(table);
    let companion = yahtzee_engine::companion_beside(advisor.table()).unwrap();
    let sc = yahtzee_engine::parse_card(r, "ones=2").unwrap();
    let d = yahtzee_engine::parse_dice("13346").unwrap();
    let mut report = yahtzee_engine::advise_in_turn(
        &advisor,
        None,
        &sc,
        d,
        2,
        yahtzee_engine::TurnMulligan::AsCard,
        &yahtzee_engine::PlayFor::Expected,
    )
    .unwrap();
    yahtzee_engine::explain(
        &advisor,
        &companion,
        &sc,
        &d,
        2,
        yahtzee_engine::TurnMulligan::AsCard,
        &mut report,
    )
    .unwrap();
    for i in 0..n {
        let (o, p) = (&options[i], &parts[i]);
        assert_eq!(
            (o.ev_remaining, o.keep),
            (plain[i].ev_remaining, plain[i].keep)
        );
        assert_eq!(p.box_count, 7);
        let sum: f64 = p.boxes[..7].iter().sum::<f64>()
            + p.upper_bonus_points
            + p.yahtzee_bonus
            + p.mega_bonus;
        assert!((sum - p.total).abs() < 1e-9);
        assert!(
            (p.total - (2.0 + o.ev_remaining)).abs() < 1e-4,
            "{}",
            p.total
        );
        assert!((p.upper_bonus_points - 35.0 * p.upper_bonus).abs() < 1e-12);
        let e = report.options[i].explain.as_ref().unwrap();
        assert_eq!(c_text(&p.why), e.why.join(", "));
        assert_eq!(c_text(&p.box_names[4]), "full_house");
        assert!((p.chances[4] * 25.0 - p.boxes[4]).abs() < 1e-9 && p.chances[0].is_nan());
    }
    assert!(c_text(&parts[0].why).is_empty() && !c_text(&parts[1].why).is_empty());

    // A card's parts: the companion table's, the table's value in all.
    let mut p = blank_parts();
    assert_eq!(yz_card_parts(t, card.as_ptr(), &mut p), YZ_OK);
    let mut value = 0.0;
    assert_eq!(yz_state_value(t, card.as_ptr(), &mut value), YZ_OK);
    assert!((p.total - (2.0 + value)).abs() < 1e-4 && c_text(&p.why).is_empty());

    // Refusals: each with its code and a one-line message.
    let rc = yz_advise_explain(
        t,
        card.as_ptr(),
        dice.as_ptr(),
        2,
        ptr::null_mut(),
        parts.as_mut_ptr(),
        3,
        &mut n,
    );
    assert_eq!((rc, n), (YZ_ERR_BUFFER, m));
    let rc = yz_advise_explain(
        t,
        card.as_ptr(),
        c("1334").as_ptr(),
        2,
        ptr::null_mut(),
        parts.as_mut_ptr(),
        parts.len(),
        &mut n,
    );
    assert_eq!(rc, YZ_ERR_INPUT);
    assert!(last_error().starts_with("bad dice") && !last_error().contains('\n'));
    let rc = yz_advise_explain(
        t,
        card.as_ptr(),
        dice.as_ptr(),
        3,
        ptr::null_mut(),
        parts.as_mut_ptr(),
        parts.len(),
        &mut n,
    );
    assert_eq!(rc, YZ_ERR_INPUT);
    let rc = yz_advise_explain(
        t,
        card.as_ptr(),
        dice.as_ptr(),
        2,
        ptr::null_mut(),
        ptr::null_mut(),
        parts.len(),
        &mut n,
    );
    assert_eq!(rc, YZ_ERR_ARGUMENT);
    assert_eq!(yz_card_parts(t, c("ones=7").as_ptr(), &mut p), YZ_ERR_INPUT);
    assert_eq!(
        yz_card_parts(t, card.as_ptr(), ptr::null_mut()),
        YZ_ERR_ARGUMENT
    );
    assert_eq!(
        yz_card_parts(ptr::null(), card.as_ptr(), &mut p),
        YZ_ERR_ARGUMENT
    );
    yz_table_free(t);

    // A damaged companion table is refused, not built over.
    let other = tempfile::tempdir().unwrap();
    let copy = other.path().join(format!("{rules}.table"));
    std::fs::copy(dir.path().join(format!("{rules}.table")), &copy).unwrap();
    std::fs::write(
        other.path().join(format!("{rules}.companion.table")),
        b"YZTABLE\0garbage",
    )
    .unwrap();
    let mut t = ptr::null_mut();
    let copy = c(copy.to_str().unwrap());
    assert_eq!(
        yz_table_open(copy.as_ptr(), c(rules).as_ptr(), &mut t),
        YZ_OK
    );
    assert_eq!(yz_card_parts(t, card.as_ptr(), &mut p), YZ_ERR_TABLE);
    assert!(!last_error().contains('\n'));
    yz_table_free(t);
}

#[test]
fn the_c_explain_example_compiles_and_answers() {
    let dir = tempfile::tempdir().unwrap();
    let text = compile_and_run(dir.path(), "explain", dir.path());
    // By hand: 31 on the card, Twos 2 + 8 * 11/36, the bonus 35 * (1 - (25/36)^4).
    assert!(
        text.contains(
            "keep 2: total 62.3046, twos 4.4444, upper bonus 0.7674 (upper bonus 77% instead of 100%, Twos -1.4)\n"
        ),
        "{text}"
    );
    assert!(text.contains("threes=9: code 1: bad scorecard"), "{text}");
}
