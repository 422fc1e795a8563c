//! `yahtzee painted` end to end: advice checked by hand and in JSON, simulation seeded,
//! a scripted game played to its end and its record reviewed, a damaged table file solved
//! again, and bad input refused with one line and a non-zero exit (never a panic). Reduced
//! games everywhere but one test of the full game (its split value: about 1.4 s once).

use std::path::Path;
use std::process::{Command, Output, Stdio};

/// A small game solved exactly in milliseconds: two colours, five boxes.
const SMALL: &str = "painted:c2:ones,yahtzee,colours,flush";

fn yahtzee_in(dir: &Path, args: &[&str], input: &str) -> Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_yahtzee"))
        .env("YAHTZEE_DATA_DIR", dir)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("input written");
    child.wait_with_output().expect("the binary ends")
}

fn ok(dir: &Path, args: &[&str]) -> String {
    ok_with(dir, args, "")
}

fn ok_with(dir: &Path, args: &[&str], input: &str) -> String {
    let out = yahtzee_in(dir, args, input);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// A command that must fail cleanly: its one-line message.
fn refused(dir: &Path, args: &[&str]) -> String {
    let out = yahtzee_in(dir, args, "");
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(!out.status.success(), "{args:?} succeeded");
    assert!(!err.contains("panicked"), "{args:?} panicked: {err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    err
}

/// The one table file in a data folder.
fn table_in(dir: &Path) -> std::path::PathBuf {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.extension().is_some_and(|e| e == "table"))
        .expect("a table file in the data folder")
}

fn json(text: &str) -> serde_json::Value {
    serde_json::from_str(text).expect("JSON")
}

/// Every box of the full card at its lowest score except `open`.
fn card_but(open: &str) -> String {
    let boxes = [
        "ones",
        "twos",
        "threes",
        "fours",
        "fives",
        "sixes",
        "three_of_a_kind",
        "four_of_a_kind",
        "full_house",
        "small_straight",
        "large_straight",
        "yahtzee",
        "chance",
        "red",
        "yellow",
        "green",
        "blue",
        "purple",
        "four_of_a_color",
        "painted_house",
        "rainbow",
        "flush",
        "palette",
    ];
    boxes
        .iter()
        .filter(|&&b| b != open)
        .map(|&b| match b {
            "chance" | "palette" => format!("{b}=5"),
            b => format!("{b}=0"),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn the_full_game_advises_the_last_box_by_hand_and_keeps_its_tables() {
    let dir = tempfile::tempdir().unwrap();
    let card = card_but("flush");
    // Only the flush open, five blue dice after the last roll: one option, 50 points.
    let a = json(&ok(
        dir.path(),
        &[
            "painted",
            "advise",
            "--card",
            &card,
            "--dice",
            "1b 2b 3b 4b 6b",
            "--rolls-left",
            "0",
            "--json",
        ],
    ));
    assert_eq!(a["game"], "painted");
    assert_eq!(a["strategy"], "split+corrected");
    assert_eq!(a["card_points"], 10);
    let options = a["options"].as_array().unwrap();
    assert_eq!(options.len(), 1);
    assert_eq!(options[0]["action"], "score");
    assert_eq!(options[0]["box"], "flush");
    assert_eq!(options[0]["points"], 50);
    assert_eq!(a["expected_total"], 60.0);
    // The split value's two halves are kept as table files in the data folder.
    let tables: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.starts_with("painted-") && n.ends_with(".table"))
        .collect();
    assert_eq!(tables.len(), 2, "{tables:?}");
    // With a roll left, standing on the flush is certain: best, worth exactly 60; the
    // text fits 80 columns.
    let text = ok(
        dir.path(),
        &[
            "painted",
            "advise",
            "--card",
            &card,
            "--dice",
            "1b 2b 3b 4b 6b",
            "--rolls-left",
            "1",
            "--top",
            "3",
        ],
    );
    assert!(text.contains("1. keep all (stop)"), "{text}");
    assert!(text.contains("60.000       best"), "{text}");
    assert!(text.contains("more: --top"), "{text}");
    assert!(text.lines().all(|l| l.chars().count() <= 80), "{text}");
}

#[test]
fn advice_in_json_ranks_keeps_and_boxes() {
    let dir = tempfile::tempdir().unwrap();
    let a = json(&ok(
        dir.path(),
        &[
            "painted",
            "advise",
            "--game",
            SMALL,
            "--card",
            "ones=2",
            "--dice",
            "1r 1y 6r 6r 2y",
            "--rolls-left",
            "2",
            "--json",
        ],
    ));
    assert_eq!(a["game"], SMALL);
    assert_eq!(a["strategy"], "exact");
    // Dice in card order of their colours, then numbers.
    assert_eq!(a["dice"], "1r 6r 6r 1y 2y");
    assert_eq!(a["rolls_left"], 2);
    assert_eq!(a["card_points"], 2);
    let options = a["options"].as_array().unwrap();
    // Every distinct sub-multiset of 1r 1y 2y 6r 6r: 2 × 2 × 2 × 3.
    assert_eq!(options.len(), 24);
    assert!(options
        .iter()
        .all(|o| o["action"] == "keep" && o.get("box").is_none()));
    let values: Vec<f64> = options
        .iter()
        .map(|o| o["value"].as_f64().unwrap())
        .collect();
    assert!(values.windows(2).all(|w| w[0] >= w[1]), "best first");
    assert_eq!(options[0]["loss"], 0.0);
    assert_eq!(a["expected_total"], options[0]["value"]);
    // After the last roll: each open box, with the points it adds.
    let a = json(&ok(
        dir.path(),
        &[
            "painted",
            "advise",
            "--game",
            SMALL,
            "--dice",
            "3y 3y 3y 3y 3y",
            "--rolls-left",
            "0",
            "--json",
        ],
    ));
    let boxes: Vec<&str> = a["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["box"].as_str().unwrap())
        .collect();
    assert_eq!(boxes.len(), 5);
    assert_eq!(a["options"][0]["box"], "yahtzee");
    assert_eq!(a["options"][0]["points"], 50);
}

#[test]
fn simulation_is_the_same_for_a_seed() {
    let dir = tempfile::tempdir().unwrap();
    let args = [
        "painted", "simulate", "--game", SMALL, "--games", "300", "--seed", "9", "--json",
    ];
    let first = json(&ok(dir.path(), &args));
    let again = json(&ok(dir.path(), &args));
    assert_eq!(first, again);
    assert_eq!(first["games"], 300);
    assert_eq!(first["boxes"].as_array().unwrap().len(), 5);
    let other = json(&ok(
        dir.path(),
        &[
            "painted", "simulate", "--game", SMALL, "--games", "300", "--seed", "10", "--json",
        ],
    ));
    assert_ne!(first["mean"], other["mean"]);
    let text = ok(
        dir.path(),
        &["painted", "simulate", "--game", SMALL, "--games", "100"],
    );
    assert!(
        text.contains("± ") && text.contains("games/min") && text.contains("flush"),
        "{text}"
    );
    assert!(text.lines().all(|l| l.chars().count() <= 80), "{text}");
}

#[test]
fn a_scripted_game_is_played_to_its_end_and_reviewed() {
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("game.txt");
    let path = record.to_str().unwrap();
    // Each turn: reroll everything, stop, and fill the next box (a hint, mistyped commands
    // and a filled box on the way, each answered and asked again).
    let mut script = String::from("hint\nnonsense\nkeep 7q\n");
    for (turn, b) in ["ones", "yahtzee", "red", "yellow", "flush"]
        .iter()
        .enumerate()
    {
        script += "roll\nkeep all\n";
        if turn == 1 {
            // Filled already: refused, and asked again.
            script += "score ones\n";
        }
        script += &format!("score {b}\n");
    }
    let out = ok_with(
        dir.path(),
        &[
            "painted", "play", "--game", SMALL, "--seed", "11", "--record", path,
        ],
        &script,
    );
    assert!(out.contains("final total"), "{out}");
    assert!(out.contains("game record:"), "{out}");
    assert!(out.contains("✗ unknown command 'nonsense'"), "{out}");
    assert!(out.contains("ones is not a legal box"), "{out}");
    let text = std::fs::read_to_string(&record).unwrap();
    assert!(
        text.starts_with("# yahtzee painted game record\ngame painted:c2:"),
        "{text}"
    );
    assert!(text.ends_with("end\n"), "{text}");
    assert_eq!(text.matches("score ").count(), 5, "{text}");
    let review = ok(dir.path(), &["painted", "review", path]);
    assert!(
        review.contains("finished") && review.contains("turn"),
        "{review}"
    );
    assert!(review.lines().all(|l| l.chars().count() <= 80), "{review}");
    let r = json(&ok(dir.path(), &["painted", "review", path, "--json"]));
    assert_eq!(r["finished"], true);
    assert_eq!(r["turns"].as_array().unwrap().len(), 5);
    let turns: f64 = r["turns"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["cost"].as_f64().unwrap())
        .sum();
    assert!((turns - r["cost"].as_f64().unwrap()).abs() < 1e-9);
    // The game's own tally of what was lost is the review's.
    let lost: f64 = out
        .lines()
        .find_map(|l| l.split(" · ").nth(1)?.split(' ').next()?.parse().ok())
        .expect("the closing line says what was lost");
    assert!(
        (lost - r["cost"].as_f64().unwrap()).abs() < 1e-3,
        "{lost} vs {}",
        r["cost"]
    );
    // The strategy playing itself makes no mistake.
    let auto = dir.path().join("auto.txt");
    let auto = auto.to_str().unwrap();
    ok(
        dir.path(),
        &[
            "painted", "play", "--game", SMALL, "--auto", "--seed", "2", "--record", auto,
        ],
    );
    let review = ok(dir.path(), &["painted", "review", auto]);
    assert!(review.contains("no mistakes"), "{review}");
    // A game stopped by `quit` is recorded as stopped, and reviewed as not finished.
    let stopped = dir.path().join("stopped.txt");
    let stopped = stopped.to_str().unwrap();
    ok_with(
        dir.path(),
        &[
            "painted", "play", "--game", SMALL, "--seed", "3", "--record", stopped,
        ],
        "keep\nquit\n",
    );
    assert!(std::fs::read_to_string(stopped)
        .unwrap()
        .ends_with("quit\n"));
    let review = ok(dir.path(), &["painted", "review", stopped]);
    assert!(review.contains("not finished"), "{review}");
}

#[test]
fn a_damaged_table_file_is_solved_again_with_one_notice() {
    let dir = tempfile::tempdir().unwrap();
    let args = [
        "painted",
        "advise",
        "--game",
        SMALL,
        "--dice",
        "1r 1r 1r 1r 2y",
        "--rolls-left",
        "1",
        "--json",
    ];
    let first = ok(dir.path(), &args);
    let file = table_in(dir.path());
    let bytes = std::fs::read(&file).unwrap();
    std::fs::write(&file, &bytes[..bytes.len() - 9]).unwrap();
    let out = yahtzee_in(dir.path(), &args, "");
    assert!(out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    assert!(
        err.starts_with("notice: ") && err.contains("solving it again"),
        "{err}"
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout), first);
    assert_eq!(std::fs::read(&file).unwrap(), bytes, "rewritten whole");
}

#[test]
fn bad_input_is_refused_in_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let advise = |card: &str, dice: &str, rolls: &str| {
        refused(
            d,
            &[
                "painted",
                "advise",
                "--card",
                card,
                "--dice",
                dice,
                "--rolls-left",
                rolls,
            ],
        )
    };
    assert!(advise("", "5r 5y 2g 3b 5x", "2").contains("not a colour"));
    assert!(advise("", "5r 5y 2g 3b 1p 1p", "2").contains("five"));
    assert!(advise("", "5r 5y 2g 3b", "2").contains("five"));
    assert!(advise("", "5r 5y 2g 3b 9p", "2").contains("1-6"));
    assert!(advise("rainbow=39", "5r 5y 2g 3b 1p", "2").contains("rainbow"));
    assert!(advise("ones=3 ones=2", "5r 5y 2g 3b 1p", "2").contains("twice"));
    advise("", "5r 5y 2g 3b 1p", "3");
    assert!(advise(&card_but("none"), "5r 5y 2g 3b 1p", "1").contains("full"));
    // Blue in a game of red and yellow; an unknown game.
    assert!(refused(
        d,
        &[
            "painted",
            "advise",
            "--game",
            SMALL,
            "--dice",
            "1r 1r 1r 1r 1b",
            "--rolls-left",
            "1"
        ]
    )
    .contains("not a colour"));
    refused(
        d,
        &[
            "painted",
            "advise",
            "--game",
            "painted:c9:ones",
            "--dice",
            "1r 1r 1r 1r 1r",
            "--rolls-left",
            "1",
        ],
    );
    refused(d, &["painted", "simulate", "--game", SMALL, "--games", "0"]);
    // Records: missing, garbled, cut short, of an impossible game.
    let missing = d.join("missing.txt");
    refused(d, &["painted", "review", missing.to_str().unwrap()]);
    let head = format!("# yahtzee painted game record\ngame {SMALL}\nseed 1\nturn 1\n");
    for (name, text) in [
        ("garbled.txt", format!("{head}roll 1r 1r 1r 1r 1x\nend\n")),
        ("cut.txt", format!("{head}roll 1r 1r 1r 1r 1r\nkeep 1r")),
        ("cut-line.txt", format!("{head}roll 1r 1r 1r 1")),
        (
            "illegal.txt",
            format!("{head}roll 1r 1r 1r 1r 1r\nkeep 2y\nquit\n"),
        ),
        ("binary.txt", "\u{0}\u{1}\u{2}garbage\n".to_string()),
        (
            "yahtzee.txt",
            "# yahtzee game record\nrules forced\nroll 1 2 3 4 5\n".to_string(),
        ),
    ] {
        let path = d.join(name);
        std::fs::write(&path, text).unwrap();
        let e = refused(d, &["painted", "review", path.to_str().unwrap()]);
        assert!(e.contains(name) && e.contains("line "), "{name}: {e}");
    }
}

#[test]
fn solve_writes_the_table_advice_reads_and_resumes_from_its_checkpoints() {
    let data = tempfile::tempdir().unwrap();
    let checkpoints = data.path().join("checkpoints");
    let dir = checkpoints.to_str().unwrap();
    let args = [
        "painted", "solve", "--game", SMALL, "--dir", dir, "--chunk", "2", "--quiet",
    ];
    let out = ok(data.path(), &args);
    let (name, rest) = out.split_once(": ").expect("game: value");
    assert_eq!(name, SMALL);
    let value: f64 = rest.split_whitespace().next().unwrap().parse().unwrap();
    let table = table_in(data.path());
    let bytes = std::fs::read(&table).unwrap();
    // The layers are checkpointed with their records; run again, nothing is computed and
    // the same file is written.
    assert!(checkpoints.join("layer-00.json").exists());
    assert_eq!(ok(data.path(), &args), out);
    assert_eq!(std::fs::read(&table).unwrap(), bytes);
    // Advice solving the same game on first use writes the same bytes.
    std::fs::remove_file(&table).unwrap();
    let advice = json(&ok(
        data.path(),
        &[
            "painted",
            "advise",
            "--game",
            SMALL,
            "--dice",
            "1r 1r 1r 1r 2y",
            "--rolls-left",
            "2",
            "--json",
        ],
    ));
    assert_eq!(advice["strategy"], "exact");
    assert_eq!(
        std::fs::read(&table).unwrap(),
        bytes,
        "the same table bytes"
    );
    assert!(value > 0.0);
    // Another game's folder is refused in one line.
    let e = refused(
        data.path(),
        &[
            "painted",
            "solve",
            "--game",
            "painted:c1:ones,yahtzee",
            "--dir",
            dir,
        ],
    );
    assert!(e.contains("holds the layers of"), "{e}");
}

#[test]
fn simulate_plays_the_strategy_asked_for() {
    let dir = tempfile::tempdir().unwrap();
    let sim = |strategy: &str| {
        let out = ok(
            dir.path(),
            &[
                "painted",
                "simulate",
                "--game",
                SMALL,
                "--games",
                "30",
                "--strategy",
                strategy,
                "--json",
            ],
        );
        json(&out)["strategy"].as_str().unwrap().to_string()
    };
    assert_eq!(sim("best"), "exact");
    assert_eq!(sim("split"), "split");
    // The full game's exact table is not there: refused in one line before anything is read.
    let e = refused(dir.path(), &["painted", "simulate", "--strategy", "exact"]);
    assert!(e.contains("yahtzee painted solve --game painted"), "{e}");
    let e = refused(
        dir.path(),
        &["painted", "simulate", "--strategy", "optimal"],
    );
    assert!(e.contains("best, exact or split"), "{e}");
}
