//! The terminal games played from scripts on small games: seeded games end as their output
//! says, a command that is not one is answered with the help line, and a game stopped
//! early is recorded as stopped.

use std::io::Cursor;
use std::path::Path;
use std::sync::OnceLock;

use yahtzee_advice::Advisor;
use yahtzee_play::{Aim, Bots};
use yahtzee_rules::{Category, RuleSet};
use yahtzee_table::{table_bytes, Table};
use yahtzee_terminal::yahtzee::{self as terminal, Games, Seats};

mod common;
use common::triple_player;
use yahtzee_triple::Variant;
use yahtzee_yahtzix::{Duel, Rules};

/// Yahtzee with three boxes (Twos, Yahtzee, Chance; bonus 35 at 4): three turns a player.
fn small_rules() -> &'static RuleSet {
    let boxes = [Category::Twos, Category::Yahtzee, Category::Chance];
    RuleSet::by_name("forced").unwrap().reduced(&boxes, 4)
}

fn advisor() -> &'static Advisor {
    static A: OnceLock<Advisor> = OnceLock::new();
    A.get_or_init(|| {
        let rules = small_rules();
        let bytes = table_bytes(rules, &yahtzee_solver::solve(rules, &|_| {}));
        Advisor::new(Table::from_bytes(bytes, Path::new("small.table"), rules).unwrap())
    })
}

/// Plays `games` games of the small rules with `seats`, the commands from `script`; the
/// records go to a temporary folder. Returns the games and everything told.
fn play(seats: &Seats, script: &str, games: u64) -> (Vec<terminal::Played>, String) {
    let dir = tempfile::tempdir().unwrap();
    let bots = Bots::new(advisor(), None);
    let setup = Games {
        rules: small_rules(),
        advisor: advisor(),
        bots: &bots,
        seats,
        seed: 11,
        games,
        auto: games > 1,
        dice_from_input: false,
        verbose: true,
        record: Some(dir.path().join("game.txt")),
        full_screen: false,
        hints: true,
    };
    let mut out = Vec::new();
    let played = terminal::play_games(&setup, &mut Cursor::new(script), &mut out).unwrap();
    (played, String::from_utf8(out).unwrap())
}

#[test]
fn seats_are_checked_and_filled_in() {
    let bots = [("Robo".to_string(), Aim::Expected)];
    let s = terminal::seats(&["Ann".into()], &bots, false).unwrap();
    assert_eq!(s.seats, [("Ann".into(), false), ("Robo".into(), true)]);
    let alone = terminal::seats(&[], &[], false).unwrap();
    assert_eq!(alone.seats, [("You".into(), false)]);
    let auto = terminal::seats(&[], &[], true).unwrap();
    assert_eq!(auto.seats.len(), 2);
    assert!(auto.seats.iter().all(|(_, bot)| *bot));
    let twice = terminal::seats(&["Ann".into(), "Ann".into()], &[], false).unwrap_err();
    assert_eq!(twice.to_string(), "two players are called 'Ann'");
    assert!(terminal::seats(&["Ann".into()], &[], true).is_err());
    assert!(terminal::seats(&[" ".into()], &[], false).is_err());
}

#[test]
fn a_person_scoring_as_told_finishes_and_is_recorded() {
    let seats = terminal::seats(&["Ann".into()], &[], false).unwrap();
    // A command that is not one, then Chance, Yahtzee and Twos at once (each always legal
    // in a game without other upper boxes: a Joker has no other place to go).
    let script = "jump\nscore chance\nscore yahtzee\ntwos\n";
    let (played, out) = play(&seats, script, 1);
    assert!(
        out.contains("'jump' is not a command (help lists them)"),
        "{out}"
    );
    let p = &played[0];
    assert!(p.finished && p.game.is_over(), "{out}");
    let total = p.game.players()[0].card.total();
    assert!(out.contains("final standings:"), "{out}");
    assert!(
        out.contains(&format!("1. Ann          {total:>4} points")),
        "{out}"
    );
    // The record replays to the same total.
    let replayed = p.record.replay(|_, _, _| Ok(())).unwrap();
    assert_eq!(replayed.players()[0].card.total(), total);
    // Scoring without rerolling is a decision like any other: its cost was counted.
    assert!(p.costs[0] >= 0.0);
}

#[test]
fn quitting_stops_the_game_and_says_so() {
    let seats = terminal::seats(&[], &[], false).unwrap();
    let (played, out) = play(&seats, "hint\nquit\n", 1);
    assert!(!played[0].finished);
    assert!(out.contains("best: "), "the hint: {out}");
    assert!(out.contains("standings when the game stopped:"), "{out}");
    let (played, out) = play(&seats, "", 1);
    assert!(
        !played[0].finished && out.contains("input ended: game stopped"),
        "{out}"
    );
}

#[test]
fn bots_play_seeded_games_alike_and_optimally() {
    let seats = terminal::seats(&[], &[], true).unwrap();
    let (first, out) = play(&seats, "", 3);
    let (second, again) = play(&seats, "", 3);
    // The same games, but for the records' temporary folders.
    let lines = |text: &str| -> Vec<String> {
        text.lines()
            .map(|l| l.split(" · record ").next().unwrap_or_default().to_string())
            .collect()
    };
    assert_eq!(lines(&out), lines(&again));
    assert_eq!(first.len(), 3);
    for (a, b) in first.iter().zip(&second) {
        assert!(a.finished && a.game.is_over());
        assert_eq!(a.record.to_text(), b.record.to_text());
        // Optimal bots lose nothing against optimal play.
        assert!(a.costs.iter().all(|&c| c == 0.0), "{:?}", a.costs);
    }
    assert!(out.contains("average over the games:"), "{out}");
    let line = first[2]
        .game
        .players()
        .iter()
        .map(|p| format!("{} {}", p.name, p.card.total()))
        .collect::<Vec<_>>()
        .join(", ");
    assert!(out.contains(&format!("game 3 (seed 13): {line}")), "{out}");
}

#[test]
fn triple_auto_games_fill_the_card_at_no_cost_and_repeat_by_seed() {
    let player = triple_player();
    let run = || {
        let mut out = Vec::new();
        let game = yahtzee_terminal::triple::play(
            &player,
            Variant::Lowe1978,
            5,
            true,
            None,
            &mut Cursor::new(""),
            &mut out,
        )
        .unwrap();
        (game, String::from_utf8(out).unwrap())
    };
    let (game, out) = run();
    assert!(game.card.is_full(), "{out}");
    assert_eq!(game.cost, 0.0);
    assert!(
        out.contains(&format!("final total {} · 0.000", game.card.total())),
        "{out}"
    );
    assert_eq!(out.matches("scored ").count(), 9, "{out}");
    assert_eq!(run().1, out);
}

#[test]
fn triple_answers_a_bad_command_with_the_help_and_quits_at_the_end_of_input() {
    let player = triple_player();
    let mut out = Vec::new();
    let script = "fly\ns 4 chance\ns 1 chance\n";
    let game = yahtzee_terminal::triple::play(
        &player,
        Variant::Lowe1978,
        5,
        false,
        None,
        &mut Cursor::new(script),
        &mut out,
    )
    .unwrap();
    let out = String::from_utf8(out).unwrap();
    assert!(
        out.contains("✗ unknown command 'fly' (help lists the commands)"),
        "{out}"
    );
    assert!(
        out.contains(yahtzee_terminal::triple::HELP),
        "shown at the start: {out}"
    );
    assert!(out.lines().all(|l| l.chars().count() <= 80), "{out}");
    assert!(out.contains("column"), "the bad column is refused: {out}");
    // One box scored (column 1 Chance, worth the dice), then the input ended.
    assert!(!game.card.is_full());
    assert_eq!(out.matches("scored ").count(), 1, "{out}");
    assert!(
        out.contains(&format!("final total {}", game.card.total())),
        "{out}"
    );
}

fn yahtzix() -> &'static (Rules, Duel) {
    static D: OnceLock<(Rules, Duel)> = OnceLock::new();
    D.get_or_init(|| {
        let rules = Rules::new(300, true, false).unwrap();
        let duel = Duel::solve(&rules).unwrap();
        (rules, duel)
    })
}

fn yahtzix_play(script: &str, seed: u64) -> (yahtzee_terminal::yahtzix::Outcome, String) {
    let (rules, duel) = yahtzix();
    let setup = yahtzee_terminal::yahtzix::Setup {
        second: false,
        seed,
        hints: true,
    };
    let mut out = Vec::new();
    let o =
        yahtzee_terminal::yahtzix::play(duel, rules, setup, Cursor::new(script), &mut out).unwrap();
    (o, String::from_utf8(out).unwrap())
}

#[test]
fn yahtzix_a_banking_player_ends_as_the_last_line_says() {
    // Bank at every chance and decline every offer; "x" is answered with what to type.
    let script = "x\n".to_string() + &"b\nn\n".repeat(400);
    let (o, out) = yahtzix_play(&script, 5);
    assert_eq!(yahtzix_play(&script, 5).1, out);
    assert!(!o.left, "{out}");
    let [me, bot] = o.scores;
    let result = match o.person_won {
        Some(true) => "You win!",
        Some(false) => "The bot wins.",
        None => "A tie.",
    };
    assert!(
        out.ends_with(&format!("\nFinal: you {me}, bot {bot}. {result}\n")),
        "{out}"
    );
    assert!(me >= 300 || bot >= 300, "{out}");
    assert!(out.contains("bot rolls"), "{out}");
}

#[test]
fn yahtzix_quitting_leaves_the_game() {
    let (o, out) = yahtzix_play("q\n", 5);
    assert!(o.left && o.person_won.is_none());
    let [me, bot] = o.scores;
    assert!(
        out.ends_with(&format!("Game left at you {me}, bot {bot}.\n")),
        "{out}"
    );
    assert_eq!(bot, 0, "the bot never played: {out}");
}

/// A bot added with no people named seats you too (it used to play alone).
#[test]
fn a_bot_alone_on_the_command_line_plays_against_you() {
    let bots = [("Robo".to_string(), Aim::Expected)];
    let s = terminal::seats(&[], &bots, false).unwrap();
    assert_eq!(s.seats, [("You".into(), false), ("Robo".into(), true)]);
    assert_eq!(s.aims, [Aim::Expected, Aim::Expected]);
    // With --auto the bots play alone, as asked.
    let auto = terminal::seats(&[], &bots, true).unwrap();
    assert_eq!(auto.seats, [("Robo".into(), true)]);
}

/// `keep all`, as a hint can say it, is accepted (the dice stand; a box ends the turn);
/// `undo` takes back a box and the record says so; `help` lists a command a line.
#[test]
fn the_line_mode_takes_keep_all_undo_and_lists_its_commands() {
    let seats = terminal::seats(&["Ann".into()], &[], false).unwrap();
    let script =
        "help\nboxes\nkeep all\nk all\nscore yahtzee\nundo\nundo\nscore chance\nyahtzee\ntwos\n";
    let (played, out) = play(&seats, script, 1);
    assert!(
        out.contains("\n  undo           take back your last choice"),
        "{out}"
    );
    assert!(out.lines().all(|l| l.chars().count() <= 80), "{out}");
    assert_eq!(out.matches("keeping all: choose a box").count(), 2, "{out}");
    // Seed 11's first roll, 1 2 3 4 6, in each open box (points with the bonuses they earn).
    assert!(
        out.contains("  with 1 2 3 4 6: Twos 2 · Yahtzee 0 · Chance 16"),
        "{out}"
    );
    assert!(out.contains("taken back (its cost still counts)"), "{out}");
    assert!(out.contains("nothing of yours to take back"), "{out}");
    let p = &played[0];
    assert!(p.finished, "{out}");
    let text = p.record.to_text();
    assert_eq!(text.matches("undo\n").count(), 1, "{text}");
    // The undone Yahtzee went into Chance: the card holds what was scored after the undo.
    let card = &p.game.players()[0].card;
    let replayed = p.record.replay(|_, _, _| Ok(())).unwrap();
    assert_eq!(replayed.players()[0].card.total(), card.total());
    assert!(card.score(Category::Chance).is_some() && card.score(Category::Yahtzee).is_some());
}
