//! `yahtzee triple` end to end: advice in both formats, simulate --json, a bot game's record
//! reviewed, and bad input refused with one line and a non-zero exit (never a panic).

use std::path::Path;
use std::process::{Command, Output};
use std::sync::OnceLock;

fn yahtzee(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_yahtzee"))
        .env("YAHTZEE_DATA_DIR", data())
        .args(args)
        .output()
        .expect("the binary runs")
}

/// A data folder with the forced table, solved once for all the tests.
fn data() -> &'static Path {
    static DIR: OnceLock<tempfile::TempDir> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = tempfile::tempdir().expect("temp dir");
        let out = Command::new(env!("CARGO_BIN_EXE_yahtzee"))
            .env("YAHTZEE_DATA_DIR", dir.path())
            .args(["solve", "--rules", "forced", "--quiet"])
            .output()
            .expect("solve runs");
        assert!(out.status.success());
        dir
    })
    .path()
}

fn ok(args: &[&str]) -> String {
    let out = yahtzee(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// A command that must fail cleanly: its one-line message.
fn refused(args: &[&str]) -> String {
    let out = yahtzee(args);
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(!out.status.success(), "{args:?} succeeded");
    assert!(!err.contains("panicked"), "{args:?} panicked: {err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    err
}

#[test]
fn advice_ranks_keeps_and_boxes() {
    let text = ok(&["triple", "advise", "--dice", "13346", "--rolls-left", "2"]);
    assert!(
        text.contains("col ×3") && text.contains("1. keep"),
        "{text}"
    );
    let json = ok(&[
        "triple",
        "advise",
        "--variant",
        "forum",
        "--card",
        "3.yz=50",
        "--dice",
        "22222",
        "--rolls-left",
        "0",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    let options = v["options"].as_array().expect("options");
    // 2nd Yahtzee, forum rules: only the open Yahtzee boxes of columns 1 and 2.
    assert_eq!(options.len(), 2);
    assert_eq!(options[0]["option"], "score 2 yahtzee (300)");
}

#[test]
fn simulate_reports_each_strategy() {
    let json = ok(&[
        "triple", "simulate", "--games", "20", "--seed", "3", "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    let names: Vec<&str> = v
        .as_array()
        .expect("array")
        .iter()
        .map(|s| s["strategy"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(names, ["fitted", "solitaire", "greedy"]);
}

#[test]
fn a_bot_game_is_recorded_and_reviewed_without_mistakes() {
    let dir = tempfile::tempdir().expect("temp dir");
    let record = dir.path().join("game.txt");
    let path = record.to_str().expect("utf-8 path");
    ok(&["triple", "play", "--auto", "--seed", "5", "--record", path]);
    let review = ok(&["triple", "review", path]);
    assert!(
        review.contains("finished") && review.contains("no mistakes"),
        "{review}"
    );
}

#[test]
fn bad_input_is_refused_in_one_line() {
    refused(&[
        "triple",
        "advise",
        "--card",
        "4.ones=3",
        "--dice",
        "12345",
        "--rolls-left",
        "1",
    ]);
    refused(&[
        "triple",
        "advise",
        "--card",
        "1.twos=7",
        "--dice",
        "12345",
        "--rolls-left",
        "1",
    ]);
    refused(&["triple", "advise", "--dice", "1234", "--rolls-left", "1"]);
    refused(&["triple", "advise", "--dice", "12345", "--rolls-left", "3"]);
    refused(&[
        "triple",
        "advise",
        "--variant",
        "1979",
        "--dice",
        "12345",
        "--rolls-left",
        "0",
    ]);
    let dir = tempfile::tempdir().expect("temp dir");
    for (name, text) in [
        ("no-variant.txt", "roll 1 2 3 4 5\n"),
        ("bad-keep.txt", "variant 1978\nroll 1 2 3 4 5\nkeep 6\n"),
        (
            "bad-box.txt",
            "variant 1978\nroll 1 2 3 4 5\nscore 1 large_straight\nroll 1 2 3 4 5\nscore 1 ls\n",
        ),
        ("binary.txt", "\u{0}\u{1}garbage"),
    ] {
        let path = dir.path().join(name);
        std::fs::write(&path, text).expect("write");
        refused(&["triple", "review", path.to_str().expect("utf-8")]);
    }
    refused(&["triple", "review", "/nonexistent/record.txt"]);
}
