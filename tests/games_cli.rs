//! Every game's `--json` advice from the command line equals the engine's answer to the
//! same question (the server, Python and C are checked against the engine, or the CLI,
//! in their own tests): one door, one answer.

use std::path::Path;
use std::process::Command;

use serde_json::{json, Value};
use yahtzee_engine::{Game, Tables};

fn cli_json(dir: &Path, args: &[&str]) -> Value {
    let out = Command::new(env!("CARGO_BIN_EXE_yahtzee"))
        .env("YAHTZEE_DATA_DIR", dir)
        .args(args)
        .output()
        .expect("the binary runs");
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("JSON")
}

fn engine(tables: &Tables, question: Value) -> Value {
    let body = serde_json::to_vec(&question).unwrap();
    Game::of_request(&body)
        .unwrap()
        .advise(tables, &body)
        .unwrap()
}

#[test]
fn each_games_cli_json_is_the_engines_answer() {
    let dir = tempfile::tempdir().unwrap();
    let tables = Tables::new(Some(dir.path().to_path_buf()));
    let cases: [(&[&str], Value); 6] = [
        (
            &[
                "advise",
                "--scorecard",
                "ones=3",
                "--dice",
                "13346",
                "--rolls-left",
                "2",
                "--json",
                "--quiet",
            ],
            json!({"scorecard": "ones=3", "dice": "13346", "rolls_left": 2}),
        ),
        (
            &[
                "triple",
                "advise",
                "--card",
                "1.ones=3 3.yahtzee=50",
                "--dice",
                "44456",
                "--rolls-left",
                "1",
                "--json",
                "--quiet",
            ],
            json!({"game": "triple", "card": "1.ones=3 3.yahtzee=50", "dice": "44456", "rolls_left": 1}),
        ),
        (
            &[
                "triple",
                "advise",
                "--variant",
                "forum",
                "--strategy",
                "greedy",
                "--dice",
                "66666",
                "--rolls-left",
                "0",
                "--json",
            ],
            json!({"game": "triple", "variant": "forum", "strategy": "greedy", "dice": [6, 6, 6, 6, 6], "rolls_left": 0}),
        ),
        (
            &[
                "yahtzix", "advise", "--target", "300", "--me", "100", "--opp", "150", "--dice",
                "115523", "--json", "--quiet",
            ],
            json!({"game": "yahtzix", "target": 300, "me": 100, "opp": 150, "dice": "115523"}),
        ),
        (
            &[
                "yahtzix", "advise", "--target", "300", "--me", "100", "--opp", "150", "--second",
                "--offer", "150:2", "--json", "--quiet",
            ],
            json!({"game": "yahtzix", "target": 300, "me": 100, "opp": 150, "second": true, "offer": "150:2"}),
        ),
        (
            &[
                "painted",
                "advise",
                "--game",
                "painted:c2:ones,yahtzee,colours,flush",
                "--card",
                "ones=2",
                "--dice",
                "1r 1y 6r 6r 2y",
                "--rolls-left",
                "1",
                "--json",
            ],
            json!({"game": "painted:c2:ones,yahtzee,colours,flush", "card": "ones=2", "dice": "1r 1y 6r 6r 2y", "rolls_left": 1}),
        ),
    ];
    for (args, question) in cases {
        let cli = cli_json(dir.path(), args);
        assert_eq!(cli, engine(&tables, question), "{args:?}");
        let options = cli["options"].as_array().unwrap();
        assert!(!options.is_empty());
        assert_eq!(options[0]["loss"], 0.0, "best first");
    }
}
