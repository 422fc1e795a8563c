//! The full-screen game of Yahtzee drawn on ratatui's `TestBackend` at 80×24 and compared
//! with the snapshots in `tests/snapshots/` (`UPDATE_SNAPSHOTS=1` rewrites them; look at
//! the difference before committing one): the start of a turn, dice held, hints on and
//! off, the end of a game, a terminal too small. Each test also checks the facts the
//! screen must show, so a snapshot cannot silently bless a wrong screen.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::Duration;

use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::Terminal;
use yahtzee_advice::Advisor;
use yahtzee_play::{Aim, Bots, Record};
use yahtzee_rules::{Category, RuleSet};
use yahtzee_table::{table_bytes, Table};
use yahtzee_terminal::screen::{Game as _, Palette};
use yahtzee_terminal::yahtzee::screen::Screen;
use yahtzee_terminal::yahtzee::{seats, Games, Seats};

mod common;
use common::{draw_game, line_with, press_game, snapshot, triple_player};

fn advisor() -> &'static Advisor {
    static A: OnceLock<Advisor> = OnceLock::new();
    A.get_or_init(|| {
        let rules = RuleSet::by_name("forced").unwrap();
        let bytes = table_bytes(rules, &yahtzee_solver::solve(rules, &|_| {}));
        Advisor::new(Table::from_bytes(bytes, Path::new("forced.table"), rules).unwrap())
    })
}

fn you_and_robo() -> &'static Seats {
    static S: OnceLock<Seats> = OnceLock::new();
    S.get_or_init(|| seats(&[], &[("Robo".into(), Aim::Expected)], false).unwrap())
}

/// A game of You against Robo with the dice of seed 7, hints on, bots at once.
fn with_screen<T>(dir: &Path, f: impl FnOnce(&mut Screen) -> T) -> T {
    let bots = Bots::new(advisor(), None);
    let games = Games {
        rules: RuleSet::by_name("forced").unwrap(),
        advisor: advisor(),
        bots: &bots,
        seats: you_and_robo(),
        seed: 7,
        games: 1,
        auto: false,
        dice_from_input: false,
        verbose: true,
        record: None,
        full_screen: true,
        hints: true,
    };
    let mut s = Screen::new(&games, 7, true, record(dir))
        .with_palette(Palette { colour: false })
        .with_pace(Duration::ZERO);
    f(&mut s)
}

fn record(dir: &Path) -> PathBuf {
    dir.join("game.txt")
}

fn press(s: &mut Screen, keys: &str) {
    for c in keys.chars() {
        s.key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE));
    }
}

/// The screen as text, one line a row, trailing blanks cut.
fn draw(s: &Screen, width: u16, height: u16) -> String {
    draw_game(s, width, height)
}

#[test]
fn the_start_of_a_turn_shows_the_dice_and_what_each_box_would_score() {
    let dir = tempfile::tempdir().unwrap();
    with_screen(dir.path(), |s| {
        let screen = draw(s, 80, 24);
        assert!(screen.lines().all(|l| l.chars().count() <= 80));
        let dice = s.table().game.dice().unwrap();
        // Seed 7 rolls 1 1 2 2 2: Ones 2, Twos 6, Full House 25, Chance 8.
        assert_eq!(dice.faces(), [1, 1, 2, 2, 2]);
        assert!(line_with(&screen, "a Ones").contains(" 2 "), "{screen}");
        assert!(
            line_with(&screen, "k Full house").contains("25"),
            "{screen}"
        );
        assert!(line_with(&screen, "p Chance").contains(" 8 "), "{screen}");
        assert!(screen.contains("Round 1/13 · You") && screen.contains("2 rolls left"));
        // Hints on: each box's cost, and no box is best with two rolls left here.
        assert!(line_with(&screen, "  box").contains("cost"));
        assert!(!screen.contains("  best"), "{screen}");
        snapshot("start", &screen);
    });
}

#[test]
fn held_dice_are_marked_and_the_cost_of_rolling_them_is_shown() {
    let dir = tempfile::tempdir().unwrap();
    with_screen(dir.path(), |s| {
        press(s, "345");
        let screen = draw(s, 80, 24);
        assert_eq!(
            screen.matches("held").count(),
            4,
            "three dice and the line:\n{screen}"
        );
        // Keeping 2 2 2 is the optimal keep of 1 1 2 2 2 with two rolls left.
        assert!(screen.contains("roll with these held: best"), "{screen}");
        snapshot("held", &screen);
        // Releasing one: rolling 2 2 now costs something.
        press(s, "5");
        let screen = draw(s, 80, 24);
        assert_eq!(screen.matches("held").count(), 3, "{screen}");
        assert!(screen.contains("roll with these held: -"), "{screen}");
    });
}

#[test]
fn hints_off_hide_the_costs_and_the_verdicts() {
    let dir = tempfile::tempdir().unwrap();
    with_screen(dir.path(), |s| {
        press(s, "t");
        let screen = draw(s, 80, 24);
        assert!(screen.contains("hints off"), "{screen}");
        assert!(!line_with(&screen, "  box").contains("cost"), "{screen}");
        assert!(!screen.contains("roll with these held"), "{screen}");
        // What the dice would score is no hint: it stays.
        assert!(
            line_with(&screen, "k Full house").contains("25"),
            "{screen}"
        );
        snapshot("hints-off", &screen);
        // A costly choice is not judged aloud, but it is counted.
        press(s, "o");
        s.skip_bots();
        let screen = draw(s, 80, 24);
        assert!(!screen.contains("cost "), "{screen}");
        assert!(s.table().costs[0] > 10.0, "a Yahtzee zero on turn one");
    });
}

#[test]
fn undo_takes_back_a_box_and_the_record_counts_it() {
    let dir = tempfile::tempdir().unwrap();
    with_screen(dir.path(), |s| {
        // Yahtzee filled with 0 at once, Robo's turn shown, then taken back.
        press(s, "o");
        s.skip_bots();
        assert_eq!(s.table().game.round(), 2);
        press(s, "u");
        let game = &s.table().game;
        assert_eq!((game.round(), game.current().name.as_str()), (1, "You"));
        assert_eq!(game.dice().unwrap().faces(), [1, 1, 2, 2, 2]);
        assert_eq!(game.players()[0].card.score(Category::Yahtzee), None);
        let cost = s.table().costs[0];
        assert!(cost > 10.0);
        // Nothing more of mine to take back this turn.
        press(s, "u");
        assert!(draw(s, 80, 24).contains("nothing of yours to take back"));
        // Full House instead; quitting writes the record, whose review counts the undone
        // Yahtzee zero.
        press(s, "kq");
        let text = std::fs::read_to_string(record(dir.path())).unwrap();
        assert!(
            text.contains("score yahtzee\n") && text.contains("undo\n"),
            "{text}"
        );
        assert!(text.ends_with("quit\n"), "{text}");
        let review = yahtzee_play::review(&Record::parse(&text).unwrap(), advisor()).unwrap();
        assert!((review.players[0].cost - s.table().costs[0]).abs() < 1e-9);
        assert!(review.players[0].cost >= cost);
    });
}

#[test]
fn a_whole_game_ends_on_the_final_card_with_its_record_written() {
    let dir = tempfile::tempdir().unwrap();
    with_screen(dir.path(), |s| {
        // Fill the box under the cursor (the first open one) every turn.
        for _ in 0..13 {
            s.key(KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE));
            s.skip_bots();
        }
        assert!(s.is_over());
        let screen = draw(s, 80, 24);
        assert!(screen.contains("Game over"), "{screen}");
        let players = s.table().game.players();
        let total = |i: usize| players[i].card.total();
        assert!(line_with(&screen, "  total").contains(&total(0).to_string()));
        assert!(line_with(&screen, "  total").contains(&total(1).to_string()));
        assert!(screen.contains(&format!("Robo {}", total(1))), "{screen}");
        // The record's folder is a new temporary one each run.
        let dir_name = dir.path().display().to_string();
        snapshot("game-over", &screen.replace(&dir_name, "/tmp/.tmpXXXXXX"));
        let text = std::fs::read_to_string(record(dir.path())).unwrap();
        let replayed = Record::parse(&text)
            .unwrap()
            .replay(|_, _, _| Ok(()))
            .unwrap();
        assert!(replayed.is_over());
        assert_eq!(replayed.players()[0].card.total(), total(0));
    });
}

#[test]
fn a_terminal_below_80_by_24_is_told_so() {
    let dir = tempfile::tempdir().unwrap();
    with_screen(dir.path(), |s| {
        let screen = draw(s, 60, 20);
        let words = screen.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            words.contains("at least 80×24; this one is 60×20"),
            "{screen}"
        );
        snapshot("too-small", &screen);
        // The game goes on when it grows.
        assert!(draw(s, 80, 24).contains("Round 1/13"));
    });
}

#[test]
fn the_key_list_opens_and_closes() {
    let dir = tempfile::tempdir().unwrap();
    with_screen(dir.path(), |s| {
        press(s, "?");
        let screen = draw(s, 80, 24);
        assert!(screen.contains("undo your last choice"), "{screen}");
        press(s, "x");
        assert!(!draw(s, 80, 24).contains("undo your last choice"));
        // The closing key did nothing else.
        assert_eq!(s.table().game.rolls_left(), 2);
    });
}

#[test]
fn triple_yahtzee_full_screen_shows_each_column_and_plays_to_the_end() {
    use yahtzee_terminal::triple::screen::Screen as TripleScreen;
    let dir = tempfile::tempdir().unwrap();
    let player = triple_player();
    let path = record(dir.path());
    let mut s = TripleScreen::new(
        &player,
        yahtzee_triple::Variant::Lowe1978,
        5,
        true,
        path.clone(),
    )
    .with_palette(Palette { colour: false });
    let screen = draw_game(&s, 80, 24);
    assert!(screen.lines().all(|l| l.chars().count() <= 80), "{screen}");
    // Seed 5 rolls 2 2 2 3 5: Twos adds 6 and the upper bonus of 35 (its threshold is 4
    // in this game), times the column's multiplier; Chance 14 times it.
    assert_eq!(s.dice().faces(), [2, 2, 2, 3, 5]);
    let twos = line_with(&screen, "a Twos");
    assert!(
        twos.contains("+41 ") && twos.contains("+82 ") && twos.contains("+123 "),
        "{screen}"
    );
    let chance = line_with(&screen, "d Chance");
    assert!(chance.contains("+14 ") && chance.contains("+28 ") && chance.contains("+42 "));
    assert!(screen.contains("Triple Yahtzee · turn 1/9") && screen.contains("2 rerolls left"));
    snapshot("triple-start", &screen);
    // Keep 2 2 2 and roll; then score Chance in the ×3 column (cursor: d, then → twice).
    press_game(&mut s, "123r");
    assert!(s.dice().count(2) >= 3, "the held twos stay");
    s.key(KeyEvent::new(KeyCode::Char('d'), KeyModifiers::NONE));
    for _ in 0..2 {
        s.key(KeyEvent::new(KeyCode::Right, KeyModifiers::NONE));
    }
    let sum = s.dice().sum();
    let dice = s.dice();
    s.key(KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE));
    let chance = 2; // Chance is the third box of the reduced game.
    assert_eq!(s.card().score(2, chance), Some(sum));
    // Taken back: the box is open again with the same dice, the cost still counted; then
    // scored again.
    let cost = s.cost();
    press_game(&mut s, "u");
    assert_eq!((s.card().score(2, chance), s.dice()), (None, dice));
    assert_eq!(s.cost(), cost);
    assert!(draw_game(&s, 80, 24).contains("taken back"));
    s.key(KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE));
    assert_eq!(s.card().score(2, chance), Some(sum));
    // The other eight boxes at once: Enter scores under the cursor, on the next open box.
    for _ in 0..8 {
        s.key(KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE));
    }
    assert!(s.is_over() && s.card().is_full());
    let screen = draw_game(&s, 80, 24);
    assert!(screen.contains("Game over"), "{screen}");
    assert!(
        screen.contains(&format!("total {} · lost", s.card().total())),
        "{screen}"
    );
    // The record replays to the same card.
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(text, s.record_text());
    let r = yahtzee_triple::record::Record::parse(&text).unwrap();
    let scores = r
        .events
        .iter()
        .filter(|(_, e)| matches!(e, yahtzee_triple::record::Event::Score(..)));
    assert_eq!(
        scores.count(),
        10,
        "nine boxes and the one taken back: {text}"
    );
    assert!(text.contains("\nundo\n"), "{text}");
    // Chance with a roll left: stopping (a keep of all five) and the box were judged.
    assert!(s.cost() > 0.0);
}

/// Yahtzix to exactly 300, its two-player table solved, and a game of `seed` with hints
/// on, the person first.
fn yahtzix_to_300(
    seed: u64,
) -> (
    yahtzee_yahtzix::Rules,
    yahtzee_yahtzix::Duel,
    yahtzee_terminal::yahtzix::Setup,
) {
    let rules = yahtzee_yahtzix::Rules::new(300, true, false).unwrap();
    let duel = yahtzee_yahtzix::Duel::solve(&rules).unwrap();
    let setup = yahtzee_terminal::yahtzix::Setup {
        second: false,
        seed,
        hints: true,
    };
    (rules, duel, setup)
}

#[test]
fn yahtzix_full_screen_shows_the_race_and_the_chances_and_is_recorded() {
    use ratatui::backend::TestBackend;
    use yahtzee_terminal::yahtzix::screen::{play_on, Scripted};
    let (rules, duel, setup) = yahtzix_to_300(5);
    // Hold the three twos and roll on, then bank whatever comes; decline every offer;
    // the script's end quits.
    let keys = "123r".to_string() + &"bn".repeat(60);
    let mut console = Scripted::new(Terminal::new(TestBackend::new(80, 24)).unwrap(), &keys);
    let (outcome, record) =
        play_on(&duel, &rules, setup, &mut console, Duration::ZERO, None).unwrap();
    let first = &console.screens[0];
    assert!(first.lines().all(|l| l.chars().count() <= 80), "{first}");
    assert!(
        first.contains("Yahtzix to 300") && first.contains("roll 1 of 3"),
        "{first}"
    );
    // Seed 5 rolls 2 2 2 3 5 5: banking 30 is the best option, with its chance to win.
    assert!(first.contains("you roll 2 2 2 3 5 5"), "{first}");
    let best = first.lines().find(|l| l.contains("bank 30")).unwrap();
    assert!(best.trim_start().starts_with("42.10%"), "{first}");
    assert!(first.contains("your chance to win: 42.10%"), "{first}");
    snapshot("yahtzix-start", first);
    // Keeping 2 2 2 was not the best: the screen said what it cost.
    assert!(console
        .screens
        .iter()
        .any(|s| s.contains("best: bank 30 (42.10% vs")));
    // The game went to its end (or the script's), and the record holds every roll.
    let last = console.screens.last().unwrap();
    assert!(
        outcome.left
            || last.contains("You win!")
            || last.contains("The bot wins.")
            || last.contains("A tie."),
        "{last}"
    );
    let text = record.to_text();
    assert!(text.contains("roll 2 2 2 3 5 5"), "{text}");
    let parsed = yahtzee_yahtzix::record::Record::parse(&text).unwrap();
    assert_eq!(parsed.events.len(), record.events.len());
}

#[test]
fn yahtzix_full_screen_at_a_table_of_three_shows_every_seat_and_the_end() {
    use ratatui::backend::TestBackend;
    use yahtzee_terminal::yahtzix::screen::{play_on_table, Scripted};
    use yahtzee_terminal::yahtzix::Table;
    let (rules, duel, setup) = yahtzix_to_300(9);
    // Bank at every chance and decline every offer (a key the question does not take is
    // passed over); the script's end quits.
    let keys = "bn".repeat(80);
    let mut console = Scripted::new(Terminal::new(TestBackend::new(80, 24)).unwrap(), &keys);
    let table = Table::new(3, 1).unwrap();
    let (outcome, record) = play_on_table(
        &duel,
        &rules,
        setup,
        table,
        &mut console,
        Duration::ZERO,
        None,
    )
    .unwrap();
    for screen in &console.screens {
        assert!(screen.lines().all(|l| l.chars().count() <= 80), "{screen}");
        assert_eq!(screen.lines().count(), 24, "{screen}");
    }
    let first = &console.screens[0];
    assert!(
        first.contains("Yahtzix to 300 · 3 players")
            && first.contains(" table ")
            && first.contains("▶ you")
            && first.contains("bot 2")
            && first.contains("bot 3")
            && first.contains("heads-up chance: ")
            && first.contains(" options: heads-up win "),
        "{first}"
    );
    snapshot("yahtzix-three-start", first);
    // Bot 3's leftovers are offered to seat 1, and said to be bot 3's.
    let offer = console
        .screens
        .iter()
        .find(|s| s.contains("bot 3's offer: "))
        .expect("the offer");
    assert!(offer.contains("go for it: "), "{offer}");
    // The game went to its end: every seat's final score with the winner marked.
    assert!(!outcome.left, "{:?}", console.screens.last());
    let last = console.screens.last().unwrap();
    snapshot("yahtzix-three-end", last);
    assert_eq!(outcome.table.len(), 3);
    let winner = match outcome.winners[..] {
        [0] => "You win!".to_string(),
        [w] => format!("Bot {} wins.", w + 1),
        _ => "share".to_string(),
    };
    assert!(last.contains(&winner) && last.contains(" wins"), "{last}");
    // The person reached the target first: the others had their last turn.
    assert!(
        console
            .screens
            .iter()
            .any(|s| s.contains("You have reached 300: one last turn")
                && s.contains("you     ")
                && s.contains("reached")),
        "{last}"
    );
    let text = record.to_text();
    assert!(text.contains("players you bot2 bot3\n"), "{text}");
    let parsed = yahtzee_yahtzix::record::Record::parse(&text).unwrap();
    assert_eq!(
        parsed.replay(|_, _, _, _| {}).unwrap().scores,
        outcome.table
    );
}

/// The Painted Yahtzee strategy of `name`: exact for a reduced game, the split value for
/// the full one (its halves solve in about a second and a half).
fn painted_advisor(name: &str) -> yahtzee_painted::advice::Advisor {
    use yahtzee_painted::approx::Valuer;
    let game = yahtzee_painted::Game::named(name).unwrap();
    let valuer = if name == "painted" {
        Valuer::split(&game)
    } else {
        Valuer::exact(&game)
    };
    yahtzee_painted::advice::Advisor::new(&game, valuer)
}

fn key(s: &mut impl yahtzee_terminal::screen::Game, code: KeyCode) {
    s.key(KeyEvent::new(code, KeyModifiers::NONE));
}

/// The text of the first comment noting a decision taken back, and the cost it notes.
fn noted_cost(record: &str) -> f64 {
    let note = record
        .lines()
        .find(|l| l.starts_with("# taken back: "))
        .unwrap_or_else(|| panic!("no decision taken back in\n{record}"));
    let cost = note.rsplit("(cost ").next().unwrap().trim_end_matches(')');
    cost.parse().unwrap()
}

#[test]
fn painted_full_screen_fits_80_by_24_with_the_dice_letters_and_every_box() {
    use yahtzee_terminal::painted::screen::Screen as PaintedScreen;
    let dir = tempfile::tempdir().unwrap();
    let adv = painted_advisor("painted");
    let s = PaintedScreen::new(&adv, 7, true, record(dir.path()))
        .with_palette(Palette { colour: false });
    let screen = draw_game(&s, 80, 24);
    assert_eq!(screen.lines().count(), 24);
    assert!(screen.lines().all(|l| l.chars().count() <= 80), "{screen}");
    // Seed 7 rolls a red 5, 5, 6, 6 and a yellow 3: the letters under the dice say so.
    let letters: Vec<String> = s.hand().dice().map(|d| d.to_string()).collect();
    assert_eq!(letters, ["5r", "5r", "6r", "6r", "3y"]);
    assert_eq!(
        screen
            .lines()
            .nth(5)
            .unwrap()
            .split_whitespace()
            .collect::<Vec<_>>(),
        letters
    );
    // All 23 boxes with their keys, what the dice score in each, and the totals.
    for b in &adv.game().boxes {
        assert!(
            screen.contains(b.label()),
            "{} missing:\n{screen}",
            b.label()
        );
    }
    assert!(line_with(&screen, "n Chance").contains(" 25 "), "{screen}");
    let red = line_with(&screen, "a Ones");
    assert!(red.contains("A Red") && red.contains(" 22 "), "{screen}");
    assert!(line_with(&screen, "k Small straight").contains("J Palette           25"));
    assert!(
        screen.contains("upper bonus") && screen.contains("0/63"),
        "{screen}"
    );
    assert!(screen.contains("Painted Yahtzee · turn 1/23") && screen.contains("2 rerolls left"));
    assert!(screen.contains("a-n A-J score"), "{screen}");
    snapshot("painted-start", &screen);
    // In colour, each die and its letters are drawn in the die's colour; under NO_COLOR
    // nothing is coloured (the letters tell the colours).
    let colours = |palette| {
        let s = PaintedScreen::new(&adv, 7, true, record(dir.path())).with_palette(palette);
        let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
        terminal.draw(|f| s.draw(f)).unwrap();
        let buffer = terminal.backend().buffer().clone();
        let letter = |die: u16| buffer[(die * 8 + 3, 5)].fg;
        let pip = |die: u16| buffer[(die * 8 + 3, 2)].fg;
        let coloured = (0..24).any(|y| (0..80).any(|x| buffer[(x, y)].fg != Color::Reset));
        ([letter(0), letter(4)], [pip(0), pip(4)], coloured)
    };
    use ratatui::style::Color;
    let in_colour = colours(Palette { colour: true });
    assert_eq!(in_colour.0, [Color::Red, Color::Yellow]);
    assert_eq!(in_colour.1, [Color::Red, Color::Yellow]);
    assert!(!colours(Palette { colour: false }).2);
}

#[test]
fn painted_full_screen_plays_to_the_end_with_undo_and_its_record_reviews() {
    use yahtzee_terminal::painted::screen::Screen as PaintedScreen;
    let dir = tempfile::tempdir().unwrap();
    let adv = painted_advisor("painted:c2:ones,twos,yahtzee,chance,colours,flush");
    let path = record(dir.path());
    let mut s =
        PaintedScreen::new(&adv, 3, true, path.clone()).with_palette(Palette { colour: false });
    // The hint: the strategy's options under the card, the best first, each with its loss.
    press_game(&mut s, "h");
    let screen = draw_game(&s, 80, 24);
    assert!(screen.contains("hint: best expected total"), "{screen}");
    let options: Vec<&str> = screen
        .lines()
        .skip_while(|l| !l.contains("total"))
        .collect();
    assert!(
        options.iter().any(|l| l.starts_with("  best keep")),
        "{screen}"
    );
    assert!(options.iter().any(|l| l.starts_with(" -")), "{screen}");
    // Hold two dice and roll: the keep is judged; then Flush (capital C), taken back.
    press_game(&mut s, "12r");
    let rolled = s.hand();
    let kept_cost = s.cost();
    s.key(KeyEvent::new(KeyCode::Char('C'), KeyModifiers::SHIFT));
    let flush = 6;
    assert!(s.card().scores[flush].is_some());
    let cost = s.cost();
    assert!(cost > kept_cost, "a Flush on turn one is a loss");
    press_game(&mut s, "u");
    assert_eq!((s.card().scores[flush], s.hand()), (None, rolled));
    assert_eq!(s.cost(), cost, "the cost taken back still counts");
    assert!(draw_game(&s, 80, 24).contains("taken back"));
    // Enter fills the box under the cursor, on the next open box each turn.
    for _ in 0..7 {
        key(&mut s, KeyCode::Enter);
    }
    assert!(s.is_over() && s.card().is_full());
    let points = s.card().points(adv.game());
    let screen = draw_game(&s, 80, 24);
    assert!(
        screen.contains("Game over") && screen.contains(&format!("total {points} · lost")),
        "{screen}"
    );
    // The record is the line mode's: the review replays it to the same card, and its cost
    // with the one taken back (noted in a comment) is the screen's.
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(text, s.record_text());
    assert!(
        text.contains(": score flush (cost ") && text.contains("end\n"),
        "{text}"
    );
    let rec = yahtzee_painted::record::Record::parse(&text).unwrap();
    let review = yahtzee_painted::record::review(&rec, &adv).unwrap();
    assert!(review.finished && review.total == points, "{text}");
    assert!(
        (review.cost + noted_cost(&text) - s.cost()).abs() < 1e-3,
        "{text}"
    );
}

#[test]
fn painted_full_screen_hints_show_costs_until_turned_off_and_q_records_the_stop() {
    use yahtzee_terminal::painted::screen::Screen as PaintedScreen;
    let dir = tempfile::tempdir().unwrap();
    let adv = painted_advisor("painted:c2:ones,twos,yahtzee,chance,colours,flush");
    let path = record(dir.path());
    let mut s =
        PaintedScreen::new(&adv, 3, true, path.clone()).with_palette(Palette { colour: false });
    let sum: u32 = s.hand().dice().map(|d| u32::from(d.number)).sum();
    let screen = draw_game(&s, 80, 24);
    assert!(line_with(&screen, "  box").contains("cost"), "{screen}");
    let chance = line_with(&screen, "d Chance");
    assert!(chance.contains(&format!(" {sum} ")), "{screen}");
    assert!(
        chance.contains(" -") || chance.contains(" best "),
        "{screen}"
    );
    press_game(&mut s, "1");
    assert!(draw_game(&s, 80, 24).contains("roll with these held: "));
    // Off: no cost column, no cost of the dice held, no verdict; the cost still counts.
    press_game(&mut s, "t");
    let screen = draw_game(&s, 80, 24);
    assert!(screen.contains("hints off"), "{screen}");
    assert!(!line_with(&screen, "  box").contains("cost"), "{screen}");
    assert!(!screen.contains("roll with these held"), "{screen}");
    // What the dice would score is no hint: it stays.
    let chance = line_with(&screen, "d Chance");
    assert!(chance.contains(&format!(" {sum} ")), "{screen}");
    assert!(
        !chance.contains(" -") && !chance.contains(" best "),
        "{screen}"
    );
    press_game(&mut s, "c");
    let screen = draw_game(&s, 80, 24);
    assert!(
        !screen.contains("cost ") && !screen.contains("optimal"),
        "{screen}"
    );
    assert!(s.cost() > 1.0, "Yahtzee scratched on turn one");
    // A filled box is refused with a line.
    press_game(&mut s, "c");
    assert!(draw_game(&s, 80, 24).contains("Yahtzee is filled"));
    assert!(s.card().scores.iter().filter(|b| b.is_some()).count() == 1);
    // q stops the game; the record ends with quit and reviews as unfinished.
    assert_eq!(
        s.key(KeyEvent::new(KeyCode::Char('q'), KeyModifiers::NONE)),
        yahtzee_terminal::screen::Flow::Quit
    );
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(
        text.ends_with("quit\n") && text.contains("score yahtzee\n"),
        "{text}"
    );
    let rec = yahtzee_painted::record::Record::parse(&text).unwrap();
    let review = yahtzee_painted::record::review(&rec, &adv).unwrap();
    assert!(!review.finished);
    assert!(
        (review.cost - s.cost()).abs() < 1e-9,
        "{} vs {}",
        review.cost,
        s.cost()
    );
}
