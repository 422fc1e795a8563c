//! `yahtzee train` in lines, from scripts: answers judged by the puzzle's losses, the
//! proficiency test's score beside the reference players', and the progress file.

use yahtzee_engine::train::{self, Player, Puzzle};
use yahtzee_engine::ReportOption;
use yahtzee_terminal::train::progress::Progress;
use yahtzee_terminal::train::{parse_choice, reference_scores, run, Session};

mod common;

fn set(seed: u64, count: usize) -> Vec<Puzzle> {
    common::puzzle_set(seed, count)
}

/// What a player types for an option.
fn typed(o: &ReportOption) -> String {
    match (&o.keep, o.category) {
        (Some(k), _) => format!(
            "keep {}",
            k.iter().map(u8::to_string).collect::<Vec<_>>().join(" ")
        ),
        (None, Some(c)) => c.to_string(),
        _ => unreachable!("no house rules in this game"),
    }
}

fn session(kind: Session, puzzles: &[Puzzle], script: &str) -> (Option<f64>, String, Progress) {
    let mut progress = Progress::default();
    let mut out = Vec::new();
    let mean = run(
        kind,
        puzzles,
        &mut progress,
        &mut script.as_bytes(),
        &mut out,
    )
    .unwrap();
    (mean, String::from_utf8(out).unwrap(), progress)
}

#[test]
fn typed_choices_name_their_options() {
    for p in set(4, 5) {
        for (i, o) in p.report.options.iter().enumerate() {
            // Options with the same dice kept are one option (the report lists each once).
            assert_eq!(parse_choice(&p, &typed(o)), Ok(i), "{}", typed(o));
        }
        assert!(parse_choice(&p, "keep 7").is_err());
        assert!(
            parse_choice(&p, "large straight").is_err(),
            "not a box of this game"
        );
    }
}

#[test]
fn a_practice_session_judges_each_answer_by_its_loss_and_keeps_the_themes() {
    let puzzles = set(9, 3);
    // The order a practice session takes: the first puzzle, then by the themes missed.
    let first = &puzzles[0];
    let wrong = first
        .report
        .options
        .iter()
        .position(|o| o.loss > 0.5)
        .unwrap();
    let script = format!("keep 9\n{}\nq\n", typed(&first.report.options[wrong]));
    let (mean, out, progress) = session(Session::Practice, &puzzles, &script);
    assert!(
        out.contains("'keep 9'") || out.contains("keep: the dice"),
        "{out}"
    );
    let loss = first.report.options[wrong].loss;
    assert!(out.contains(&format!("loses {loss:.2} points")), "{out}");
    assert!(out.contains("Why: with yours,"), "{out}");
    assert_eq!(mean, Some(loss));
    let r = progress.themes[first.theme.name()];
    assert_eq!((r.seen, r.missed, r.lost), (1, 1, loss));
    // The theme missed comes back first, ahead of unseen ones.
    assert!(progress.weight(first.theme) > 0.5);
}

#[test]
fn the_proficiency_test_scores_the_mean_loss_beside_the_reference_players() {
    let puzzles = set(2, train_test_count());
    let best: String = puzzles
        .iter()
        .map(|p| typed(&p.report.options[0]) + "\n")
        .collect();
    let (mean, out, progress) = session(Session::Test, &puzzles, &best);
    assert_eq!(mean, Some(0.0));
    assert_eq!(progress.tests, vec![0.0]);
    assert!(
        out.contains("Your score: 0.00 points lost per decision."),
        "{out}"
    );
    let scores = reference_scores(&puzzles);
    let greedy = scores.iter().find(|(p, _)| *p == Player::Greedy).unwrap().1;
    let by_hand: f64 = puzzles
        .iter()
        .map(|p| p.report.options[p.greedy].loss)
        .sum::<f64>()
        / puzzles.len() as f64;
    assert!((greedy - by_hand).abs() < 1e-12);
    // Every puzzle was chosen because greedy loses or misses the best: greedy scores > 0.
    assert!(greedy > 0.0);
    assert!(out.contains(&format!("greedy   {greedy:.2}")), "{out}");
    let random = scores.iter().find(|(p, _)| *p == Player::Random).unwrap().1;
    assert!(random > greedy, "random {random} greedy {greedy}");

    // A test stopped early is no score.
    let (_, out, progress) = session(Session::Test, &puzzles, "q\n");
    assert!(progress.tests.is_empty() && !out.contains("Your score"));
}

fn train_test_count() -> usize {
    yahtzee_terminal::train::TEST_PUZZLES
}

#[test]
fn progress_is_written_whole_and_a_damaged_file_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("records/train-forced.json");
    assert_eq!(Progress::load(&path).unwrap(), Progress::default());
    let mut p = Progress::default();
    p.record(train::Theme::Joker, 2.5);
    p.record_test(0.75);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    p.save(&path).unwrap();
    assert_eq!(Progress::load(&path).unwrap(), p);
    std::fs::write(&path, b"{\"themes\": {\"joker\"").unwrap();
    let e = Progress::load(&path).unwrap_err();
    assert!(
        e.contains("not a trainer progress file") && !e.contains('\n'),
        "{e}"
    );
}
