//! What the terminal games' tests share: a small Triple Yahtzee player, the trainer's
//! puzzles of a reduced game, and the screens drawn as text against their snapshots. Each
//! test file uses a part.
#![allow(dead_code)]

use std::path::Path;
use std::sync::OnceLock;

use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::Terminal;
use yahtzee_engine::train::{self, Puzzle, Query};
use yahtzee_engine::Tables;
use yahtzee_rules::{Category, RuleSet};
use yahtzee_triple::{solitaire_table, Kind, Player, Triple, Valuer, Variant, FEATURES};

/// Triple Yahtzee with three columns of Twos, Yahtzee and Chance, played on the columns'
/// exact solitaire values.
pub fn triple_player() -> Player {
    let forced = RuleSet::by_name("forced").unwrap();
    let boxes = [Category::Twos, Category::Yahtzee, Category::Chance];
    let game = Triple {
        rules: forced.reduced(&boxes, 4),
        variant: Variant::Lowe1978,
    };
    let zero = vec![[0.0; FEATURES]; game.turns()];
    Player::new(Valuer::new(
        game,
        Kind::Solitaire,
        solitaire_table(&game),
        zero,
    ))
}

/// A reduced game for the trainer: the forced card without Four of a kind and Large
/// straight, with a bonus of 30.
pub const REDUCED: &str =
    "forced:ones,twos,threes,fours,fives,sixes,three_of_a_kind,full_house,small_straight,yahtzee,chance@30";

/// `count` puzzles of the reduced game from `seed`, its tables built once in a temporary
/// folder.
pub fn puzzle_set(seed: u64, count: usize) -> Vec<Puzzle> {
    static TABLES: OnceLock<(tempfile::TempDir, Tables)> = OnceLock::new();
    let tables = &TABLES
        .get_or_init(|| {
            let dir = tempfile::tempdir().unwrap();
            let tables = Tables::new(Some(dir.path().to_path_buf()));
            (dir, tables)
        })
        .1;
    let rules = RuleSet::named(REDUCED).unwrap();
    let (advisor, companion) = (
        tables.advisor(rules).unwrap(),
        tables.companion(rules).unwrap(),
    );
    let query = Query {
        seed,
        count,
        difficulty: None,
    };
    train::puzzles(&advisor, &companion, &query).unwrap()
}

/// Presses `keys`, plain characters, one after another.
pub fn press_game(s: &mut impl yahtzee_terminal::screen::Game, keys: &str) {
    for c in keys.chars() {
        s.key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE));
    }
}

/// Any game's screen as text, one line a row, trailing blanks cut.
pub fn draw_game(s: &impl yahtzee_terminal::screen::Game, width: u16, height: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal.draw(|f| s.draw(f)).unwrap();
    let buffer = terminal.backend().buffer();
    let mut text = String::new();
    for y in 0..height {
        let row: String = (0..width)
            .map(|x| buffer[(x, y)].symbol().to_string())
            .collect();
        text += row.trim_end();
        text.push('\n');
    }
    text
}

/// Compares `screen` with the snapshot `name` (or writes it with `UPDATE_SNAPSHOTS`).
pub fn snapshot(name: &str, screen: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/snapshots")
        .join(format!("{name}.txt"));
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        std::fs::write(&path, screen).unwrap();
    }
    let want = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (UPDATE_SNAPSHOTS=1 writes it)", path.display()));
    assert_eq!(screen, want, "the screen differs from {}", path.display());
}

/// The first line of `screen` starting with `start`.
pub fn line_with<'a>(screen: &'a str, start: &str) -> &'a str {
    screen
        .lines()
        .find(|l| l.starts_with(start))
        .unwrap_or_else(|| panic!("no line starting {start:?} in\n{screen}"))
}
