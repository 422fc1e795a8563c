//! `yahtzee train` full screen, drawn on ratatui's `TestBackend` at 80×24 against the
//! snapshots in `tests/snapshots/` (`UPDATE_SNAPSHOTS=1` rewrites them): a puzzle of a
//! reduced game shown with its boxes in the card's order and no ranking, a box chosen by
//! its key, the answer with the loss from the puzzle's report and the why, the next puzzle
//! answered right, the summary; a test answered to the end, scored beside the reference
//! players. The progress records every answer.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use yahtzee_engine::train::Puzzle;
use yahtzee_engine::ReportOption;
use yahtzee_rules::RuleSet;
use yahtzee_terminal::screen::{Game as _, Palette};
use yahtzee_terminal::train::progress::Progress;
use yahtzee_terminal::train::screen::Screen;
use yahtzee_terminal::train::{answer_lines, score_lines, title, Session};
use yahtzee_terminal::widgets::card::box_key;
use yahtzee_terminal::widgets::dice::mark;

mod common;
use common::{draw_game, press_game, puzzle_set, snapshot};

/// The first column of the panel beside the card (after the card's 36 and a gap).
const PANEL: usize = 37;

fn enter(s: &mut Screen) {
    s.key(KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE));
}

/// The keys that choose option `o` of `p`: the dice it keeps then `r`, or its box's key.
fn keys_for(p: &Puzzle, o: &ReportOption) -> String {
    let boxes = RuleSet::named(p.report.rules).unwrap().boxes;
    match (&o.keep, o.category) {
        (Some(keep), _) => {
            let held = mark(&p.report.dice, keep);
            let dice = (0..held.len()).filter(|&i| held[i]);
            dice.map(|i| char::from(b'1' + i as u8)).collect::<String>() + "r"
        }
        (None, Some(c)) => {
            let b = boxes.iter().position(|x| x.name() == c).unwrap();
            box_key(b).to_string()
        }
        _ => unreachable!("no house rules in this game"),
    }
}

/// The text right of the card, below the dice, its lines joined and its spaces single: the
/// panel's words as the player reads them, whatever the wrapping.
fn panel_words(screen: &str) -> String {
    let rows = screen.lines().skip(6).take(17);
    let text: Vec<String> = rows.map(|l| l.chars().skip(PANEL).collect()).collect();
    text.join(" ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// The row of the card's box labelled `label` (after the key's column).
fn box_row(screen: &str, label: &str) -> usize {
    let at = |l: &str| l.get(2..).is_some_and(|l| l.starts_with(label));
    let row = screen.lines().position(at);
    row.unwrap_or_else(|| panic!("{label} missing:\n{screen}"))
}

fn words(lines: &[String]) -> String {
    lines
        .join(" ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn a_puzzle_shows_the_card_in_its_order_and_a_box_key_gets_the_answer_and_the_loss() {
    // Two puzzles from the first after the last roll: its boxes are the options.
    let set = puzzle_set(9, 8);
    let first = set.iter().position(|p| p.report.rolls_left == 0).unwrap();
    let puzzles = &set[first..first + 2];
    let mut progress = Progress::default();
    let mut s = Screen::new(Session::Practice, puzzles, &mut progress)
        .with_palette(Palette { colour: false });
    // Practice with no progress yet: the first puzzle first.
    let p = &puzzles[0];
    assert!(std::ptr::eq(s.puzzle(), p));
    let screen = draw_game(&s, 80, 24);
    assert_eq!(screen.lines().count(), 24);
    assert!(screen.lines().all(|l| l.chars().count() <= 80), "{screen}");
    assert!(screen.starts_with(&title(p, 1, 2)), "{screen}");
    // Every box in the card's (the rules') order, none ranked before the choice.
    let rules = RuleSet::named(p.report.rules).unwrap();
    let rows: Vec<usize> = rules
        .boxes
        .iter()
        .map(|c| box_row(&screen, c.label()))
        .collect();
    assert!(rows.windows(2).all(|w| w[1] == w[0] + 1), "{screen}");
    assert!(
        !screen.contains("best") && !screen.contains("loss"),
        "{screen}"
    );
    assert!(screen.contains("Your choice:"), "{screen}");
    snapshot("train-puzzle", &screen);

    // The box losing the most, by its key: the answer gives the report's loss and why.
    let (chosen, o) = p
        .report
        .options
        .iter()
        .enumerate()
        .filter(|(_, o)| o.category.is_some())
        .max_by(|a, b| a.1.loss.total_cmp(&b.1.loss))
        .unwrap();
    assert!(o.loss > 1e-9);
    press_game(&mut s, &keys_for(p, o));
    let screen = draw_game(&s, 80, 24);
    let said = panel_words(&screen);
    assert!(
        said.contains(&format!("loses {:.2} points.", o.loss)),
        "{screen}"
    );
    assert!(
        said.starts_with(&words(&answer_lines(p, chosen))),
        "{screen}"
    );
    assert!(said.contains("Why: with yours,"), "{screen}");
    assert!(said.contains("enter: the next puzzle"), "{screen}");
    // Now the card shows each box's loss; the chosen box's is the report's.
    let label = yahtzee_rules::Category::from_name(o.category.unwrap())
        .unwrap()
        .label();
    let row = screen.lines().nth(box_row(&screen, label)).unwrap();
    assert!(row.contains(&format!("-{:.2}", o.loss)), "{screen}");
    assert_eq!(s.losses(), [o.loss]);
    snapshot("train-answer", &screen);

    // The next puzzle, answered right; then the session's summary.
    enter(&mut s);
    let next = s.puzzle();
    assert!(draw_game(&s, 80, 24).starts_with("Puzzle 2 of 2 · "));
    press_game(&mut s, &keys_for(next, &next.report.options[0]));
    let said = panel_words(&draw_game(&s, 80, 24));
    assert!(said.starts_with("Right: "), "{said}");
    assert!(said.contains("enter: the end of the session"), "{said}");
    press_game(&mut s, "n");
    assert!(s.is_over());
    let screen = draw_game(&s, 80, 24);
    let mean = o.loss / 2.0;
    assert!(
        screen.contains("The practice session is over")
            && screen.contains(&format!("2 of 2 puzzles answered: {mean:.2} points lost")),
        "{screen}"
    );
    drop(s);
    let seen: u32 = progress.themes.values().map(|r| r.seen).sum();
    let missed: u32 = progress.themes.values().map(|r| r.missed).sum();
    assert_eq!((seen, missed), (2, 1));
    assert!(progress.tests.is_empty());
}

#[test]
fn a_test_answered_to_the_end_is_scored_beside_the_reference_players() {
    let puzzles = puzzle_set(2, 3);
    let mut progress = Progress::default();
    let mut s =
        Screen::new(Session::Test, &puzzles, &mut progress).with_palette(Palette { colour: false });
    for (n, p) in puzzles.iter().enumerate() {
        // A test keeps the set's order.
        assert!(std::ptr::eq(s.puzzle(), p));
        let screen = draw_game(&s, 80, 24);
        assert!(screen.starts_with(&title(p, n + 1, 3)), "{screen}");
        press_game(&mut s, &keys_for(p, &p.report.options[0]));
        assert!(panel_words(&draw_game(&s, 80, 24)).starts_with("Right: "));
        press_game(&mut s, " ");
    }
    let screen = draw_game(&s, 80, 24);
    assert!(screen.contains("The test is over"), "{screen}");
    snapshot("train-test-over", &screen);
    for line in score_lines(&puzzles, 0.0) {
        assert!(screen.contains(&line), "{line:?} missing:\n{screen}");
    }
    assert_eq!(s.summary(), score_lines(&puzzles, 0.0));
    drop(s);
    assert_eq!(progress.tests, [0.0]);
}

#[test]
fn a_box_before_the_last_roll_a_roll_after_it_or_a_filled_box_is_refused() {
    let puzzles = puzzle_set(9, 8);
    for p in &puzzles {
        let mut progress = Progress::default();
        let one = std::slice::from_ref(p);
        let mut s =
            Screen::new(Session::Daily, one, &mut progress).with_palette(Palette { colour: false });
        let rules = RuleSet::named(p.report.rules).unwrap();
        let card = yahtzee_rules::Scorecard::parse(rules, &p.card).unwrap();
        let filled = (0..rules.boxes.len()).find(|&b| card.score(rules.boxes[b]).is_some());
        if p.report.rolls_left > 0 {
            // Before the last roll the options are keeps: a box's key says so.
            press_game(&mut s, "a");
            let screen = draw_game(&s, 80, 24);
            assert!(
                screen.contains("a box comes after the last roll"),
                "{screen}"
            );
            assert!(!screen.contains("letter/enter box"), "{screen}");
        } else {
            press_game(&mut s, "r");
            let screen = draw_game(&s, 80, 24);
            assert!(screen.contains("no rolls left: choose a box"), "{screen}");
            if let Some(b) = filled {
                press_game(&mut s, &box_key(b).to_string());
                let said = format!("{} is filled", rules.boxes[b].label());
                assert!(draw_game(&s, 80, 24).contains(&said));
            }
        }
        press_game(&mut s, "?");
        assert!(draw_game(&s, 80, 24).contains("after the answer: the next puzzle"));
        press_game(&mut s, "x");
        assert!(s.losses().is_empty() && !s.is_over());
        press_game(&mut s, "q");
        assert!(s.is_over());
        drop(s);
        assert!(progress.themes.is_empty());
    }
    assert!(puzzles.iter().any(|p| p.report.rolls_left == 0));
    assert!(puzzles.iter().any(|p| p.report.rolls_left > 0));
}
