//! `yahtzee yahtzix` end to end on a small target: solve and its cache, advice in both
//! formats, a scripted seeded game, stats, and bad input refused with one line.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::sync::OnceLock;

fn run(args: &[&str], input: Option<&str>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_yahtzee"))
        .env("YAHTZEE_DATA_DIR", data())
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdin = child.stdin.take().expect("stdin");
    let _ = stdin.write_all(input.unwrap_or("").as_bytes());
    drop(stdin);
    child.wait_with_output().expect("it ends")
}

/// A data folder with the target-300 table, solved once for all the tests.
fn data() -> &'static Path {
    static DIR: OnceLock<tempfile::TempDir> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = tempfile::tempdir().expect("temp dir");
        succeeds_in(
            dir.path(),
            &["yahtzix", "solve", "--target", "300", "--quiet"],
        );
        dir
    })
    .path()
}

/// Runs the CLI with `dir` as its data folder; it must succeed.
fn succeeds_in(dir: &Path, args: &[&str]) {
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
}

fn ok(args: &[&str]) -> String {
    let out = run(args, None);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// A command that must fail cleanly: its one-line message.
fn refused(args: &[&str]) -> String {
    let out = run(args, None);
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(!out.status.success(), "{args:?} succeeded");
    assert!(!err.contains("panicked"), "{args:?} panicked: {err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    err
}

const T: [&str; 2] = ["--target", "300"];

fn with<'a>(args: &[&'a str]) -> Vec<&'a str> {
    let mut all = vec!["yahtzix"];
    all.extend_from_slice(args);
    all.extend_from_slice(&T);
    all
}

#[test]
fn solve_prints_the_values_and_the_residual() {
    let json: serde_json::Value = serde_json::from_str(&ok(&with(&["solve", "--json"]))).unwrap();
    let first = json["first_player_wins"].as_f64().unwrap();
    assert!(first > 0.3 && first < 0.7, "{json}");
    assert!(json["residual"].as_f64().unwrap() < json["tolerance"].as_f64().unwrap());
    assert!(data().join("yahtzix-300.table").exists());
}

#[test]
fn advice_ranks_every_option_with_its_chance() {
    let text = ok(&with(&[
        "advise", "--me", "100", "--opp", "150", "--dice", "112355",
    ]));
    assert!(
        text.contains("bank 30") && text.contains("keep 1 1 (+20), 4 dice left"),
        "{text}"
    );
    let json: serde_json::Value = serde_json::from_str(&ok(&with(&[
        "advise", "--me", "100", "--opp", "150", "--second", "--offer", "150:2", "--json",
    ])))
    .unwrap();
    let options = json["options"].as_array().unwrap();
    assert_eq!(options.len(), 2, "go for it or roll six: {json}");
    let wins: Vec<f64> = options
        .iter()
        .map(|o| o["p_win"].as_f64().unwrap())
        .collect();
    assert!(wins[0] >= wins[1] && json["p_win"].as_f64() == Some(wins[0]));
    assert_eq!(options[0]["loss"], 0.0);
    // Each option says what it does: accept the offer, or roll six fresh dice.
    let go = options.iter().filter(|o| o["go_for_it"] == true).count();
    let fresh = options.iter().filter(|o| o["roll_fresh"] == true).count();
    assert_eq!((go, fresh), (1, 1), "{json}");
    let bust = ok(&with(&[
        "advise", "--me", "100", "--opp", "150", "--dice", "2346", "--roll", "2", "--total", "50",
    ]));
    assert!(bust.contains("bust"), "{bust}");
}

#[test]
fn bad_positions_and_files_are_refused_with_one_line() {
    refused(&with(&["advise", "--me", "15", "--opp", "0"]));
    refused(&with(&[
        "advise", "--me", "0", "--opp", "100", "--offer", "150:2",
    ]));
    refused(&with(&[
        "advise", "--me", "0", "--opp", "100", "--offer", "zz",
    ]));
    refused(&with(&[
        "advise", "--me", "0", "--opp", "0", "--dice", "1237",
    ]));
    refused(&with(&["advise", "--me", "300", "--opp", "0"]));
    refused(&[
        "yahtzix", "advise", "--me", "0", "--opp", "0", "--target", "333",
    ]);
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.table");
    let bad_arg = bad.to_str().unwrap();
    let mut bytes = std::fs::read(data().join("yahtzix-300.table")).unwrap();
    let middle = bytes.len() / 2;
    // A byte of the scores' table, read on every open (damage in the offers' table is
    // refused where a turn reads it: crates/yahtzee-yahtzix/tests/cache.rs).
    bytes[200] ^= 1;
    std::fs::write(&bad, &bytes).unwrap();
    let err = refused(&with(&[
        "advise", "--me", "0", "--opp", "0", "--table", bad_arg,
    ]));
    assert!(err.contains("checksum"), "{err}");
    bytes.truncate(middle);
    std::fs::write(&bad, &bytes).unwrap();
    let err = refused(&with(&[
        "advise", "--me", "0", "--opp", "0", "--table", bad_arg,
    ]));
    assert!(err.contains("truncated"), "{err}");
    let table = data().join("yahtzix-300.table");
    let args = [
        "yahtzix", "advise", "--me", "0", "--opp", "0", "--target", "500", "--table",
    ];
    let mut args = args.to_vec();
    args.push(table.to_str().unwrap());
    let other = refused(&args);
    assert!(other.contains("holds rules 300"), "{other}");
}

#[test]
fn a_scripted_game_is_the_same_for_the_same_seed() {
    // Bank at every chance (and decline every offer): "b" answers a roll, "n" an offer.
    let input = "b\nn\n".repeat(400);
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("game.txt");
    let record = record.to_str().unwrap();
    let play = || {
        let args = with(&["play", "--seed", "5", "--hints", "--record", record]);
        let out = run(&args, Some(&input));
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let text = std::fs::read_to_string(record).unwrap();
        (String::from_utf8_lossy(&out.stdout).into_owned(), text)
    };
    let (first, text) = play();
    assert!(
        first.contains("Final: you") || first.contains("Game left"),
        "{first}"
    );
    assert!(first.contains("bot roll"), "{first}");
    assert!(first.contains(&format!("game record: {record}")), "{first}");
    assert_eq!((first, text.clone()), play());
    assert!(
        text.starts_with("yahtzix 300\nseed 5\nplayers you bot\n"),
        "{text}"
    );
    // The review replays it: the bot's decisions cost nothing, banking at once costs the
    // person something, and the final scores are the game's.
    let json: serde_json::Value =
        serde_json::from_str(&ok(&["yahtzix", "review", record, "--json"])).unwrap();
    let cost = json["cost"].as_array().unwrap();
    assert!(cost[1].as_f64().unwrap() < 1e-12, "{json}");
    assert!(cost[0].as_f64().unwrap() > 0.0, "{json}");
    let human = ok(&["yahtzix", "review", record]);
    assert!(
        human.contains("biggest mistakes:") && human.contains("you"),
        "{human}"
    );
    let damaged = dir.path().join("damaged.txt");
    std::fs::write(&damaged, "yahtzix 300\nroll 1 1 5 5 2 3\nkeep 6\n").unwrap();
    let err = refused(&["yahtzix", "review", damaged.to_str().unwrap()]);
    assert!(err.contains("line 3: keep 6: not in the roll"), "{err}");
}

#[test]
fn stats_report_intervals() {
    let json: serde_json::Value =
        serde_json::from_str(&ok(&with(&["stats", "--games", "200", "--json"]))).unwrap();
    let rate = &json["optimal_vs_bank_at_300"]["win_rate"];
    assert!(
        rate["low"].as_f64() < rate["rate"].as_f64()
            && rate["rate"].as_f64() < rate["high"].as_f64(),
        "{json}"
    );
    assert!(json["solitaire_optimal"]["turns"]["mean"].as_f64().unwrap() > 1.0);
}

#[test]
fn a_cache_of_another_version_is_refused_by_name_and_rebuilt_in_the_default_place() {
    let dir = tempfile::tempdir().unwrap();
    let mut bytes = std::fs::read(data().join("yahtzix-300.table")).unwrap();
    bytes[8..12].copy_from_slice(&1u32.to_le_bytes());
    let old = dir.path().join("yahtzix-300.table");
    std::fs::write(&old, &bytes).unwrap();
    let err = refused(&with(&[
        "advise",
        "--me",
        "0",
        "--opp",
        "0",
        "--table",
        old.to_str().unwrap(),
    ]));
    assert!(err.contains("another version"), "{err}");
    succeeds_in(
        dir.path(),
        &with(&["advise", "--me", "0", "--opp", "0", "--quiet"]),
    );
    let rebuilt = std::fs::read(&old).unwrap();
    assert_eq!(
        rebuilt,
        std::fs::read(data().join("yahtzix-300.table")).unwrap()
    );
}

#[test]
fn three_to_eight_players_are_advised_heads_up() {
    let three = [
        "advise",
        "--scores",
        "150,200,100",
        "--seat",
        "3",
        "--dice",
        "112355",
        "--json",
    ];
    let json: serde_json::Value = serde_json::from_str(&ok(&with(&three))).unwrap();
    assert_eq!(json["players"], 3);
    assert_eq!(json["to_move"], 3);
    assert_eq!(json["strategy"], "heads-up");
    // Seat 2 leads with 200 and has moved this round: seat 3 plays her as second player.
    assert_eq!(json["against"], 2);
    assert_eq!(json["seat"], "second");
    let two: serde_json::Value = serde_json::from_str(&ok(&with(&[
        "advise", "--me", "100", "--opp", "200", "--second", "--dice", "112355", "--json",
    ])))
    .unwrap();
    // The same numbers as the two-player question against the leader, and beside each the
    // chance to win the table (games played out; `--no-table` skips them).
    let mut stripped = json["options"].clone();
    for o in stripped.as_array_mut().unwrap() {
        let o = o.as_object_mut().unwrap();
        let p = o.remove("p_table").unwrap().as_f64().unwrap();
        assert!((0.0..=1.0).contains(&p));
        assert!(o.remove("p_table_ci95").unwrap().as_f64().unwrap() > 0.0);
    }
    assert_eq!(stripped, two["options"]);
    assert_eq!(json["table_chance"]["kind"], "estimate");
    let quiet: serde_json::Value =
        serde_json::from_str(&ok(&with(&[&three[..], &["--no-table"]].concat()))).unwrap();
    assert_eq!(quiet["options"], two["options"]);
    let text = ok(&with(&[
        "advise",
        "--scores",
        "0,35,60,40,0",
        "--seat",
        "1",
    ]));
    assert!(
        text.contains("5 players, you in seat 1\n  scores by seat: 0, 35, 60, 40, 0"),
        "{text}"
    );
    assert!(text.contains("heads-up"), "{text}");
    assert!(text.lines().all(|l| l.chars().count() <= 80), "{text}");
    for bad in [
        vec!["advise", "--scores", "0,35,60", "--seat", "4"],
        vec!["advise", "--scores", "0,35,60", "--seat", "0"],
        vec!["advise", "--scores", "0,15,60", "--seat", "1"],
        vec!["advise", "--scores", "0,0,0,0,0,0,0,0,0", "--seat", "1"],
        vec!["advise", "--scores", "0,320,60", "--seat", "2"],
        vec![
            "advise", "--scores", "0,35,60", "--seat", "2", "--offer", "100:2",
        ],
        vec!["stats", "--players", "9"],
        vec!["solve", "--players", "4"],
    ] {
        let err = refused(&with(&bad));
        assert!(err.starts_with("error"), "{bad:?}: {err}");
    }
}

#[test]
fn three_players_solve_exactly_and_tables_play_themselves() {
    let json: serde_json::Value = serde_json::from_str(&ok(&[
        "yahtzix",
        "solve",
        "--players",
        "3",
        "--target",
        "150",
        "--json",
    ]))
    .unwrap();
    let seats: Vec<f64> = (0..3)
        .map(|i| json["seats_win"][i].as_f64().unwrap())
        .collect();
    // The values docs/GAMES.md publishes (28.270%, 33.100%, 38.630%).
    for (got, want) in seats.iter().zip([0.282700, 0.330997, 0.386303]) {
        assert!((got - want).abs() < 5e-7, "{seats:?}");
    }
    assert!(json["residual"].as_f64().unwrap() < 1e-10);
    let stats: serde_json::Value = serde_json::from_str(&ok(&with(&[
        "stats",
        "--players",
        "4",
        "--games",
        "200",
        "--json",
    ])))
    .unwrap();
    let rates = stats["self_play"]["win_rates"].as_array().unwrap();
    assert_eq!(rates.len(), 4);
    let total: f64 = rates.iter().map(|r| r["rate"].as_f64().unwrap()).sum();
    assert!((total - 1.0).abs() < 1e-9, "{stats}");
}

/// A line-mode game at a table of `players` with the person in `seat`, banking at every
/// chance and declining every offer: its output and record.
fn table_game(players: &str, seat: &str, seed: &str, dir: &Path) -> (String, String, String) {
    let input = "b\nn\n".repeat(400);
    let record = dir.join(format!("game-{players}.txt"));
    let record = record.to_str().unwrap().to_string();
    let args = with(&[
        "play",
        "--players",
        players,
        "--seat",
        seat,
        "--seed",
        seed,
        "--hints",
        "--record",
        &record,
    ]);
    let out = run(&args, Some(&input));
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&record).unwrap();
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        text,
        record,
    )
}

/// "Final: you 110, bot 2 130, bot 3 305. Bot 3 wins.": the scores in seat order and the
/// result.
fn final_line(out: &str) -> (Vec<u32>, String) {
    let line = out
        .lines()
        .find_map(|l| l.strip_prefix("Final: "))
        .unwrap_or_else(|| panic!("no final line: {out}"));
    let (scores, result) = line.split_once(". ").unwrap();
    let scores = scores
        .split(", ")
        .map(|s| s.rsplit(' ').next().unwrap().parse().unwrap())
        .collect();
    (scores, result.to_string())
}

#[test]
fn three_and_four_players_play_to_the_end_and_their_records_replay() {
    let dir = tempfile::tempdir().unwrap();
    for (players, seat, seed, names) in [
        ("3", "1", "9", "players you bot2 bot3\n"),
        ("4", "2", "1", "players bot1 you bot3 bot4\n"),
    ] {
        let (out, text, record) = table_game(players, seat, seed, dir.path());
        assert_eq!(
            table_game(players, seat, seed, dir.path()).0,
            out,
            "the same seed, the same game"
        );
        // Within 80 columns, but for the bank prompt (as long with two players).
        let long = out
            .lines()
            .find(|l| l.chars().count() > 80 && !l.starts_with("[b]ank "));
        assert!(long.is_none(), "{long:?}");
        assert!(
            out.starts_with(&format!(
                "Yahtzix to 300 (seed {seed}), {players} players. You play seat {seat} of {players};"
            )),
            "{out}"
        );
        assert!(out.contains("bot 3 rolls 6 dice"), "{out}");
        // Someone reached the target before the last seat: the seats after had a last turn.
        assert!(out.contains(": one last turn "), "{out}");
        assert!(
            out.contains(". Go for it? [y]es"),
            "an offer from the seat before: {out}"
        );
        assert!(
            text.starts_with(&format!("yahtzix 300\nseed {seed}\n{names}")),
            "{text}"
        );
        let (scores, result) = final_line(&out);
        assert_eq!(scores.len(), players.parse::<usize>().unwrap(), "{out}");
        // The winner text names the highest score.
        let top = *scores.iter().max().unwrap();
        let leaders: Vec<usize> = (0..scores.len()).filter(|&s| scores[s] == top).collect();
        let me = seat.parse::<usize>().unwrap() - 1;
        let want = match leaders[..] {
            [w] if w == me => "You win!".to_string(),
            [w] => format!("Bot {} wins.", w + 1),
            _ => "share the win".to_string(),
        };
        assert!(result.contains(&want), "{result}: {out}");
        // The record replays to the same scores (the review replays it), the bots' choices
        // cost nothing by the heads-up strategy that made them, and the text says so.
        let json: serde_json::Value =
            serde_json::from_str(&ok(&["yahtzix", "review", &record, "--json"])).unwrap();
        let replayed: Vec<u32> = json["scores"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_u64().unwrap() as u32)
            .collect();
        assert_eq!(replayed, scores, "{json}");
        assert_eq!(json["finished"], true);
        assert_eq!(json["strategy"], "heads-up");
        let cost = json["cost"].as_array().unwrap();
        for (s, c) in cost.iter().enumerate() {
            if s != me {
                assert!(c.as_f64().unwrap() < 1e-12, "seat {s}: {json}");
            }
        }
        let human = ok(&["yahtzix", "review", &record]);
        assert!(
            human.contains(&format!("{players} players"))
                && human.contains("judged by the heads-up strategy"),
            "{human}"
        );
    }
}

#[test]
fn a_table_is_refused_with_one_line_when_it_cannot_be() {
    let err = refused(&with(&["play", "--players", "9"]));
    assert!(err.contains("--players"), "{err}");
    let err = refused(&with(&["play", "--players", "3", "--seat", "4"]));
    assert!(
        err.contains("seat 4: the seats of 3 players are 1 to 3"),
        "{err}"
    );
    let err = refused(&with(&["play", "--players", "3", "--second"]));
    assert!(err.contains("--second is for two players"), "{err}");
    refused(&with(&["play", "--players", "1"]));
    refused(&with(&["play", "--seat", "0"]));
    let err = refused(&with(&["play", "--seat", "3"]));
    assert!(
        err.contains("seat 3: the seats of 2 players are 1 to 2"),
        "{err}"
    );
}

#[test]
fn three_players_to_a_small_target_are_told_their_exact_chances_to_win_the_table() {
    let args = [
        "yahtzix", "advise", "--target", "100", "--scores", "0,0,0", "--seat", "1",
    ];
    let out = run(&[&args[..], &["--json"]].concat(), None);
    assert!(out.status.success());
    // The solve is announced on stderr with its cost (before it starts).
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("Solving the three-player game to 100"),
        "{err}"
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["table_chance"]["kind"], "exact");
    // Seat 1's chance from the empty table to 100 (the solve's, tests/games.rs in the
    // engine): 28.3%, where the heads-up table says 43.6% against one opponent.
    let p = json["options"][0]["p_table"].as_f64().unwrap();
    assert!((0.27..0.30).contains(&p), "{p}");
    // In words: no interval, and said to be exact.
    let text = ok(&[&args[..], &["--quiet"]].concat());
    assert!(text.contains("exact: the three-player game"), "{text}");
    assert!(text.contains(&format!("{:.2}%", 100.0 * p)), "{text}");
    assert!(!text.contains(" ± "), "{text}");
}
