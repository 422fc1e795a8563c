//! `yahtzee play` full screen in a real pseudo-terminal: tmux runs it at 80×24, keys are
//! sent as a person types them (`send-keys`) and the screen is read back (`capture-pane`).
//! A game against a bot: dice held, a roll, an undo, a box scored, the bot's turn, then
//! Ctrl-C in the middle of the next turn; the record is written, ends with `quit`, and
//! `yahtzee review` reads it.
//!
//! `yahtzee train` likewise: a puzzle answered by keys, then `q`, the progress file written.
//!
//! tmux is installed by `scripts/test.sh`; without it the test is skipped with a line
//! saying so, except under CI (`CI` set), where it fails.

use std::process::Command;
use std::time::{Duration, Instant};

struct Tmux {
    socket: String,
}

impl Tmux {
    /// `command` in a detached 80×24 session named "game", on a server of its own (`name`
    /// and this process's id), as a person's terminal would show it.
    fn start(name: &str, command: &str) -> Tmux {
        let tmux = Tmux {
            socket: format!("{name}-{}", std::process::id()),
        };
        let args = [
            "new-session",
            "-d",
            "-s",
            "game",
            "-x",
            "80",
            "-y",
            "24",
            command,
        ];
        tmux.run(&args);
        tmux
    }

    fn run(&self, args: &[&str]) -> String {
        let out = Command::new("tmux")
            .args(["-L", &self.socket])
            .args(args)
            .output()
            .expect("tmux runs");
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    fn screen(&self) -> String {
        self.run(&["capture-pane", "-p", "-t", "game"])
    }

    fn keys(&self, keys: &[&str]) {
        for k in keys {
            self.run(&["send-keys", "-t", "game", k]);
            std::thread::sleep(Duration::from_millis(150));
        }
    }

    /// Waits (up to a minute: the first run builds the table) until the screen shows
    /// `text`; returns the screen.
    fn wait_for(&self, text: &str) -> String {
        let start = Instant::now();
        loop {
            let screen = self.screen();
            if screen.contains(text) {
                return screen;
            }
            assert!(
                start.elapsed() < Duration::from_secs(60),
                "waited for {text:?}; the screen:\n{screen}"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        self.run(&["kill-server"]);
    }
}

fn tmux_missing() -> bool {
    let missing = Command::new("tmux").arg("-V").output().is_err();
    if missing {
        assert!(
            std::env::var_os("CI").is_none(),
            "tmux is needed (scripts/test.sh installs it)"
        );
        eprintln!("skipped: tmux is not installed (scripts/test.sh installs it)");
    }
    missing
}

#[test]
fn a_game_against_a_bot_played_with_keys_is_recorded_when_stopped_by_ctrl_c() {
    if tmux_missing() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("game.txt");
    let exit = dir.path().join("exit");
    let bin = env!("CARGO_BIN_EXE_yahtzee");
    let command = format!(
        "YAHTZEE_DATA_DIR='{data}' NO_COLOR=1 '{bin}' play --bot Robo --seed 7 --record '{record}'; \
         echo $? > '{exit}'; sleep 60",
        data = dir.path().display(),
        record = record.display(),
        exit = exit.display(),
    );
    let tmux = Tmux::start("yahtzee-test", &command);
    // Seed 7 rolls 1 1 2 2 2 for You; Robo sits beside you.
    let screen = tmux.wait_for("Round 1/13 · You");
    assert!(
        screen.contains("Robo") && screen.contains("2 rolls left"),
        "{screen}"
    );
    assert!(screen.lines().all(|l| l.chars().count() <= 80), "{screen}");

    tmux.keys(&["3", "4", "5"]);
    let screen = tmux.wait_for("roll with these held: best");
    assert_eq!(screen.matches("held").count(), 4, "{screen}");

    tmux.keys(&["r"]);
    tmux.wait_for("1 roll left");
    tmux.keys(&["u"]);
    let screen = tmux.wait_for("taken back");
    assert!(screen.contains("2 rolls left"), "{screen}");

    // Chance (key p) ends the turn; Robo's turn is shown step by step, a key shows the
    // rest at once.
    tmux.keys(&["p"]);
    tmux.wait_for("Round 1/13 · Robo");
    tmux.keys(&["Space"]);
    tmux.wait_for("Round 2/13 · You");

    tmux.keys(&["C-c"]);
    let start = Instant::now();
    while !exit.exists() {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "still running after Ctrl-C:\n{}",
            tmux.screen()
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    // The terminal is given back: the standings are printed on the main screen.
    let screen = tmux.wait_for("standings when the game stopped");
    assert!(screen.contains("game record:"), "{screen}");

    let text = std::fs::read_to_string(&record).expect("the record was written");
    assert!(text.contains("player You\nbot Robo\n"), "{text}");
    assert!(
        text.contains("keep 2 2 2\n") && text.contains("undo\n"),
        "{text}"
    );
    assert!(
        text.contains("score chance\n") && text.ends_with("quit\n"),
        "{text}"
    );
    let review = Command::new(bin)
        .env("YAHTZEE_DATA_DIR", dir.path())
        .args(["review", "--json"])
        .arg(&record)
        .output()
        .unwrap();
    assert!(
        review.status.success(),
        "{}",
        String::from_utf8_lossy(&review.stderr)
    );
    let json: serde_json::Value = serde_json::from_slice(&review.stdout).unwrap();
    assert_eq!(json["finished"], false);
    let you = &json["players"][0];
    assert_eq!(you["name"], "You");
    // Two decisions of yours were judged: the keep (undone, still counted), then Chance
    // with two rolls left.
    assert_eq!(you["decisions"], 2, "{json}");
}

/// The line mode, stopped by Ctrl-C (SIGINT) while it waits for a command: the record so far
/// is written, ended by `quit`, and the exit status is 130.
#[cfg(unix)]
#[test]
fn ctrl_c_in_the_line_mode_writes_the_record() {
    use std::io::Write;
    use std::process::Stdio;
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("game.txt");
    let out = dir.path().join("out.txt");
    let mut child = Command::new(env!("CARGO_BIN_EXE_yahtzee"))
        .env("YAHTZEE_DATA_DIR", dir.path())
        .args(["play", "--bot", "Robo", "--seed", "7", "--record"])
        .arg(&record)
        .stdin(Stdio::piped())
        .stdout(std::fs::File::create(&out).unwrap())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    // Keep 2 2 2 (seed 7 rolls 1 1 2 2 2), then wait at the next question.
    stdin.write_all(b"keep 2 2 2\n").unwrap();
    let start = Instant::now();
    while std::fs::read_to_string(&out)
        .unwrap_or_default()
        .matches("roll left) >")
        .count()
        < 1
    {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "no second question"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    let killed = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(130));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("game stopped: record"), "{stderr}");
    let text = std::fs::read_to_string(&record).expect("the record was written");
    assert!(
        text.contains("keep 2 2 2\n") && text.ends_with("quit\n"),
        "{text}"
    );
    drop(stdin);
}

/// `yahtzee painted play` full screen in tmux: the dice's letters under them (`NO_COLOR`),
/// two dice held, a roll taken back, a hint, a painted box by its capital, then Ctrl-C; the
/// record is the line mode's and `yahtzee painted review` reads it.
#[test]
fn painted_yahtzee_full_screen_played_with_keys_is_recorded_and_reviewed() {
    if tmux_missing() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("game.txt");
    let exit = dir.path().join("exit");
    let bin = env!("CARGO_BIN_EXE_yahtzee");
    let game = "painted:c2:ones,twos,yahtzee,chance,colours,flush";
    let command = format!(
        "YAHTZEE_DATA_DIR='{data}' NO_COLOR=1 '{bin}' painted play --game {game} --seed 3 \
         --record '{record}'; echo $? > '{exit}'; sleep 60",
        data = dir.path().display(),
        record = record.display(),
        exit = exit.display(),
    );
    let tmux = Tmux::start("yahtzee-painted-test", &command);
    // Seed 3 rolls a red 1 and 2 and yellow 2, 2, 5: their letters are under the dice.
    let screen = tmux.wait_for("Painted Yahtzee · turn 1/7");
    assert!(
        screen.contains("1r      2r      2y      2y      5y"),
        "{screen}"
    );
    assert!(screen.contains("2 rerolls left"), "{screen}");
    assert!(screen.lines().all(|l| l.chars().count() <= 80), "{screen}");

    tmux.keys(&["1", "2"]);
    let screen = tmux.wait_for("roll with these held: ");
    assert_eq!(screen.matches("held").count(), 3, "{screen}");
    tmux.keys(&["r"]);
    tmux.wait_for("1 reroll left");
    tmux.keys(&["u"]);
    let screen = tmux.wait_for("taken back");
    assert!(
        screen.contains("2 rerolls left") && screen.contains("1r      2r      2y"),
        "{screen}"
    );
    tmux.keys(&["h"]);
    let screen = tmux.wait_for("hint: best expected total");
    assert!(screen.contains("  best "), "{screen}");
    // Flush, the third painted box: C.
    tmux.keys(&["C"]);
    tmux.wait_for("Painted Yahtzee · turn 2/7");

    tmux.keys(&["C-c"]);
    let start = Instant::now();
    while !exit.exists() {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "still running after Ctrl-C:\n{}",
            tmux.screen()
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    let screen = tmux.wait_for("stopped at 0 ·");
    assert!(screen.contains("game record:"), "{screen}");

    let text = std::fs::read_to_string(&record).expect("the record was written");
    assert!(
        text.contains("roll 1r 2r 2y 2y 5y\nscore flush\nturn 2\n"),
        "{text}"
    );
    assert!(
        text.contains("quit\n# taken back: turn 1, roll 1r 2r 2y 2y 5y: keep 1r 2r (cost "),
        "{text}"
    );
    let review = Command::new(bin)
        .env("YAHTZEE_DATA_DIR", dir.path())
        .args(["painted", "review", "--json"])
        .arg(&record)
        .output()
        .unwrap();
    assert!(
        review.status.success(),
        "{}",
        String::from_utf8_lossy(&review.stderr)
    );
    let json: serde_json::Value = serde_json::from_slice(&review.stdout).unwrap();
    assert_eq!(json["finished"], false);
    // Flush after the first roll: stopping, then the box.
    let decisions = json["decisions"].as_array().unwrap();
    assert_eq!(decisions.len(), 2, "{json}");
    assert_eq!(decisions[1]["chosen"], "score flush (0)", "{json}");
}

/// `yahtzee train` full screen in tmux: a practice session of a reduced game, its first
/// puzzle answered right by keys (the answer read from `yahtzee train list --json`), then
/// `q`; the progress file is written in the working folder and the summary printed.
#[test]
fn train_full_screen_answers_a_puzzle_by_keys_and_saves_the_progress() {
    if tmux_missing() {
        return;
    }
    const RULES: &str = "forced:ones,twos,threes,fours,fives,sixes,three_of_a_kind,full_house,small_straight,yahtzee,chance@30";
    let (data, cwd) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let exit = data.path().join("exit");
    let bin = env!("CARGO_BIN_EXE_yahtzee");
    let set = ["--rules", RULES, "--seed", "9", "--count", "2"];
    let list = Command::new(bin)
        .env("YAHTZEE_DATA_DIR", data.path())
        .args(["train", "list", "--json"])
        .args(set)
        .output()
        .unwrap();
    assert!(
        list.status.success(),
        "{}",
        String::from_utf8_lossy(&list.stderr)
    );
    let puzzles: serde_json::Value = serde_json::from_slice(&list.stdout).unwrap();
    // The best option's keys: the dice it keeps then r, or its box's letter.
    let report = &puzzles[0]["report"];
    let best = &report["options"][0];
    let keys: Vec<String> = match best["keep"].as_array() {
        Some(_) => {
            let faces = |v: &serde_json::Value| -> Vec<u8> {
                let all = v.as_array().unwrap().iter();
                all.map(|f| f.as_u64().unwrap() as u8).collect()
            };
            let held = yahtzee_terminal::widgets::dice::mark(
                &faces(&report["dice"]),
                &faces(&best["keep"]),
            );
            let dice = (0..held.len())
                .filter(|&i| held[i])
                .map(|i| (i + 1).to_string());
            dice.chain(["r".to_string()]).collect()
        }
        None => {
            let boxes = yahtzee_rules::RuleSet::named(RULES).unwrap().boxes;
            let name = best["category"].as_str().unwrap();
            let b = boxes.iter().position(|c| c.name() == name).unwrap();
            vec![yahtzee_terminal::widgets::card::box_key(b).to_string()]
        }
    };
    let command = format!(
        "cd '{cwd}' && YAHTZEE_DATA_DIR='{data}' NO_COLOR=1 '{bin}' train --rules '{RULES}' \
         --seed 9 --count 2; echo $? > '{exit}'; sleep 60",
        cwd = cwd.path().display(),
        data = data.path().display(),
        exit = exit.display(),
    );
    let tmux = Tmux::start("yahtzee-train-test", &command);
    let screen = tmux.wait_for("Puzzle 1 of 2 · ");
    assert!(
        screen.contains("Your choice:") && !screen.contains("best"),
        "{screen}"
    );
    assert!(screen.lines().all(|l| l.chars().count() <= 80), "{screen}");
    let keys: Vec<&str> = keys.iter().map(String::as_str).collect();
    tmux.keys(&keys);
    let screen = tmux.wait_for("Right: ");
    assert!(screen.contains("enter: the next puzzle"), "{screen}");
    tmux.keys(&["q"]);
    let start = Instant::now();
    while !exit.exists() {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "still running after q:\n{}",
            tmux.screen()
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    assert_eq!(std::fs::read_to_string(&exit).unwrap().trim(), "0");
    // The terminal is given back: the set and the summary are printed on the main screen.
    let screen = tmux.wait_for("1 of 2 puzzles answered: 0.00 points lost per decision.");
    assert!(
        screen.contains("Puzzle set: --seed 9 (2 puzzles, "),
        "{screen}"
    );
    let records: Vec<_> = std::fs::read_dir(cwd.path().join("records"))
        .expect("the records folder")
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(records.len(), 1, "{records:?}");
    let name = records[0]
        .file_name()
        .unwrap()
        .to_string_lossy()
        .into_owned();
    assert!(
        name.starts_with("train-forced") && name.ends_with(".json"),
        "{name}"
    );
    let progress: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&records[0]).unwrap()).unwrap();
    let theme = puzzles[0]["theme"].as_str().unwrap();
    assert_eq!(progress["themes"][theme]["seen"], 1, "{progress}");
    assert_eq!(progress["themes"][theme]["missed"], 0, "{progress}");
    assert_eq!(progress["tests"], serde_json::json!([]), "{progress}");
}
