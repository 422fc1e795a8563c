//! Interrupted writes: every command that writes a file is killed (SIGKILL) at seeded
//! random moments, half of them while its temporary file is being written. The real path
//! must then hold the old file or the new one, byte for byte, never a part of one; the next
//! run must succeed and leave exactly the new file; and a temporary file left by a killed
//! writer is cleaned up by a later write once stale.
//!
//! Commands: `solve` (the official table), `export`, `stats --plot` (SVG and PNG), `play
//! --auto` and `triple play --auto` (game records), `yahtzix solve` (its cache file). The target table's writer is the same
//! function as `solve`'s (`write_file_atomically`), but the CLI only solves the full games
//! (a minute and 1.1 GB), so it is killed here in a child process of this test writing a
//! reduced game's target table in a loop.

#![cfg(unix)]

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn yahtzee(data: &Path, args: &[String]) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_yahtzee"));
    c.env("YAHTZEE_DATA_DIR", data)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    c
}

fn run_ok(mut c: Command) {
    let status = c.status().expect("the command runs");
    assert!(status.success(), "{c:?} failed");
}

/// Names in `dir` other than the real file's: the temporary files a killed writer left.
fn leftovers(dir: &Path, real: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| Some(n.as_str()) != real.file_name().and_then(|f| f.to_str()))
        .collect()
}

/// Waits until a new temporary file appears in `dir` (the write has begun) or the child
/// exits; true when the temporary file was seen.
fn wait_for_temp(child: &mut Child, dir: &Path, real: &Path, before: usize) -> bool {
    let give_up = Instant::now() + Duration::from_secs(60);
    while Instant::now() < give_up {
        if leftovers(dir, real).len() > before {
            return true;
        }
        if child.try_wait().unwrap().is_some() {
            return false;
        }
        std::thread::sleep(Duration::from_micros(200));
    }
    false
}

/// Starts `start()` over and over, killing it at seeded moments, and checks after each
/// kill that `real` holds `old` or `new` exactly. Returns (kills during a write, kills).
fn kill_repeatedly(
    rng: &mut ChaCha8Rng,
    start: &dyn Fn() -> Child,
    dir: &Path,
    real: &Path,
    old: &[u8],
    new: &[u8],
    full_run: Duration,
) -> (usize, usize) {
    let kills = 6;
    let mut during_write = 0;
    for k in 0..kills {
        let before = leftovers(dir, real).len();
        let mut child = start();
        if k % 2 == 0 {
            // Any moment of the run.
            std::thread::sleep(full_run.mul_f64(rng.random_range(0.0..1.2)));
        } else if wait_for_temp(&mut child, dir, real, before) {
            // While the temporary file is written: 0 to 3 ms after it appears.
            std::thread::sleep(Duration::from_micros(rng.random_range(0..3000)));
        }
        let _ = child.kill();
        child.wait().unwrap();
        during_write += usize::from(leftovers(dir, real).len() > before);
        let now = std::fs::read(real).expect("the real file is always there");
        assert!(
            now == old || now == new,
            "{}: after kill {k}, {} bytes that are neither the old file ({}) nor the new ({})",
            real.display(),
            now.len(),
            old.len(),
            new.len()
        );
    }
    (during_write, kills)
}

struct Case<'a> {
    name: &'static str,
    /// The file, under the case's own folder.
    file: &'static str,
    /// Arguments writing the old file, then the new one (`{out}`: the file's path).
    old: Vec<&'a str>,
    new: Vec<&'a str>,
}

#[test]
fn killed_writers_leave_the_old_file_or_the_new_one() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x06B1_11ED);
    let root = tempfile::tempdir().unwrap();
    let data = root.path().join("data");
    std::fs::create_dir_all(&data).unwrap();
    run_ok(yahtzee(&data, &["solve".into(), "--quiet".into()]));
    let table = data.join("forced.table");
    let t = table.to_str().unwrap();
    // Cards with four boxes open: their statistics take milliseconds.
    let card = "ones=3 twos=6 threes=9 fours=12 fives=15 sixes=18 3k=20 4k=0 fh=25";
    let other = "ones=2 twos=6 threes=9 fours=12 fives=15 sixes=24 3k=20 4k=0 fh=0";
    let cases = [
        Case {
            name: "solve",
            file: "t.table",
            old: vec!["solve", "--rules", "free", "--quiet", "--out", "{out}"],
            new: vec!["solve", "--rules", "forced", "--quiet", "--out", "{out}"],
        },
        Case {
            name: "export",
            file: "t.export",
            old: vec!["export", "--table", t, "--format", "f32", "--out", "{out}"],
            new: vec!["export", "--table", t, "--format", "npy", "--out", "{out}"],
        },
        Case {
            name: "plot (svg)",
            file: "p.svg",
            old: vec![
                "stats",
                "--table",
                t,
                "--scorecard",
                other,
                "--plot",
                "{out}",
            ],
            new: vec![
                "stats",
                "--table",
                t,
                "--scorecard",
                card,
                "--plot",
                "{out}",
            ],
        },
        Case {
            name: "plot (png)",
            file: "p.png",
            old: vec![
                "stats",
                "--table",
                t,
                "--scorecard",
                other,
                "--plot",
                "{out}",
            ],
            new: vec![
                "stats",
                "--table",
                t,
                "--scorecard",
                card,
                "--plot",
                "{out}",
            ],
        },
        Case {
            name: "play record",
            file: "game.txt",
            old: vec![
                "play", "--auto", "--seed", "1", "-q", "--table", t, "--record", "{out}",
            ],
            new: vec![
                "play", "--auto", "--seed", "2", "-q", "--table", t, "--record", "{out}",
            ],
        },
        Case {
            name: "triple record",
            file: "triple.txt",
            old: vec![
                "triple", "play", "--auto", "--seed", "1", "--table", t, "--record", "{out}",
            ],
            new: vec![
                "triple", "play", "--auto", "--seed", "2", "--table", t, "--record", "{out}",
            ],
        },
    ];
    let mut report = Vec::new();
    for case in &cases {
        let case_started = Instant::now();
        let dir = root.path().join(case.name.replace([' ', '(', ')'], ""));
        std::fs::create_dir_all(&dir).unwrap();
        let real = dir.join(case.file);
        let args = |words: &[&str]| -> Vec<String> {
            words
                .iter()
                .map(|w| w.replace("{out}", real.to_str().unwrap()))
                .collect()
        };
        // The new file, written whole once, as the reference; then the old one in place.
        run_ok(yahtzee(&data, &args(&case.new)));
        let new = std::fs::read(&real).unwrap();
        let started = Instant::now();
        run_ok(yahtzee(&data, &args(&case.old)));
        let full_run = started.elapsed();
        let old = std::fs::read(&real).unwrap();
        assert_ne!(old, new, "{}: the old and new files must differ", case.name);
        let new_args = args(&case.new);
        let start = || {
            yahtzee(&data, &new_args)
                .spawn()
                .expect("the command starts")
        };
        let (during, kills) = kill_repeatedly(&mut rng, &start, &dir, &real, &old, &new, full_run);
        // The next run recovers: it completes, and the real file is the new one.
        run_ok(yahtzee(&data, &new_args));
        assert_eq!(std::fs::read(&real).unwrap(), new, "{}", case.name);
        report.push(format!(
            "{}: {during} of {kills} kills mid-write, {:.1} s",
            case.name,
            case_started.elapsed().as_secs_f64()
        ));
    }
    eprintln!("{}", report.join("; "));
}

/// A child of this test binary writing a small game's target table over and over (see
/// `the_target_table_writer_survives_kills`); does nothing in a normal test run.
#[test]
fn target_writer_child() {
    let Some(path) = std::env::var_os("YAHTZEE_TEST_TARGET_WRITER") else {
        return;
    };
    let (rules, table) = small_target();
    loop {
        yahtzee_table::write_target_table(Path::new(&path), rules, &table.offsets, &table.values)
            .unwrap();
    }
}

fn small_target() -> (
    &'static yahtzee_rules::RuleSet,
    yahtzee_solver::PointsTable<f32>,
) {
    use yahtzee_rules::Category::*;
    let rules = yahtzee_rules::RuleSet::by_name("forced")
        .unwrap()
        .reduced(&[Ones, Sixes, FullHouse, Yahtzee, Chance], 10);
    (rules, yahtzee_solver::solve_target(rules, &|_| {}))
}

#[test]
fn the_target_table_writer_survives_kills() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x0007_A6E7);
    let dir = tempfile::tempdir().unwrap();
    let real: PathBuf = dir.path().join("small.target.table");
    let (rules, table) = small_target();
    // Old: the same offsets with every probability halved (a different, sound file).
    let halved: Vec<f32> = table.values.iter().map(|p| p / 2.0).collect();
    yahtzee_table::write_target_table(&real, rules, &table.offsets, &table.values).unwrap();
    let new = std::fs::read(&real).unwrap();
    yahtzee_table::write_target_table(&real, rules, &table.offsets, &halved).unwrap();
    let old = std::fs::read(&real).unwrap();
    let start = || {
        Command::new(std::env::current_exe().unwrap())
            .args(["--exact", "target_writer_child", "--nocapture"])
            .env("YAHTZEE_TEST_TARGET_WRITER", &real)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap()
    };
    let mut during = 0;
    for _ in 0..8 {
        let before = leftovers(dir.path(), &real).len();
        let mut child = start();
        // It rewrites the file in a loop: once its first temporary file appears, any
        // moment is during a write or between two.
        assert!(wait_for_temp(&mut child, dir.path(), &real, before));
        std::thread::sleep(Duration::from_micros(rng.random_range(0..20_000)));
        let _ = child.kill();
        child.wait().unwrap();
        let now = std::fs::read(&real).unwrap();
        assert!(
            now == old || now == new,
            "{} bytes: a part of a file",
            now.len()
        );
        let t = yahtzee_table::TargetTable::open(&real, rules).expect("a whole table");
        t.verify_all().expect("sound values");
        during += usize::from(leftovers(dir.path(), &real).len() > before);
    }
    eprintln!("target table: {during} of 8 kills mid-write");
}

#[test]
fn stale_temporary_files_are_removed_by_the_next_write() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path();
    let stale = data.join(".table-killed.tmp");
    let fresh = data.join(".table-writing.tmp");
    let record_stale = data.join(".game.txt.abc123.tmp");
    for p in [&stale, &fresh, &record_stale] {
        std::fs::write(p, "partial").unwrap();
    }
    let two_hours_ago = std::time::SystemTime::now() - Duration::from_secs(7200);
    for p in [&stale, &record_stale] {
        std::fs::File::options()
            .write(true)
            .open(p)
            .unwrap()
            .set_modified(two_hours_ago)
            .unwrap();
    }
    let out = |f: &str| data.join(f).to_str().unwrap().to_string();
    run_ok(yahtzee(
        data,
        &[
            "solve".into(),
            "--quiet".into(),
            "--out".into(),
            out("forced.table"),
        ],
    ));
    // A stale leftover is gone; one that may belong to a writer at work is not.
    assert!(!stale.exists());
    assert!(fresh.exists());
    run_ok(yahtzee(
        data,
        &[
            "play",
            "--auto",
            "--seed",
            "3",
            "-q",
            "--table",
            &out("forced.table"),
            "--record",
            &out("game.txt"),
        ]
        .map(String::from),
    ));
    assert!(!record_stale.exists());
    assert!(data.join("game.txt").exists());
}

#[test]
fn a_killed_yahtzix_solve_leaves_no_cache_or_the_whole_one() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x7A_4715);
    let root = tempfile::tempdir().unwrap();
    let args = ["yahtzix", "solve", "--target", "300", "--quiet"].map(String::from);
    let reference = root.path().join("reference");
    let started = Instant::now();
    run_ok(yahtzee(&reference, &args));
    let full_run = started.elapsed();
    let whole = std::fs::read(reference.join("yahtzix-300.table")).unwrap();
    let data = root.path().join("data");
    std::fs::create_dir_all(&data).unwrap();
    let real = data.join("yahtzix-300.table");
    let mut during = 0;
    for k in 0..6 {
        let before = leftovers(&data, &real).len();
        let mut child = yahtzee(&data, &args).spawn().expect("it starts");
        if k % 2 == 0 {
            std::thread::sleep(full_run.mul_f64(rng.random_range(0.0..1.2)));
        } else if wait_for_temp(&mut child, &data, &real, before) {
            std::thread::sleep(Duration::from_micros(rng.random_range(0..3000)));
        }
        let _ = child.kill();
        child.wait().unwrap();
        during += usize::from(leftovers(&data, &real).len() > before);
        if let Ok(now) = std::fs::read(&real) {
            assert!(
                now == whole,
                "after kill {k}: {} bytes, not the whole cache",
                now.len()
            );
        }
    }
    // The next run answers from a whole cache, solving it if no kill came late enough.
    run_ok(yahtzee(
        &data,
        &[
            "yahtzix", "advise", "--target", "300", "--me", "0", "--opp", "0",
        ]
        .map(String::from),
    ));
    assert_eq!(std::fs::read(&real).unwrap(), whole);
    eprintln!("yahtzix solve: {during} of 6 kills mid-write");
}
