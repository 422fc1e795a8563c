//! Bots on a reduced game: every aim plays whole games legally, the fast rule's weights
//! against a finished opponent are the exact win payoff, and the exact mode takes the
//! exact best response's best option.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use yahtzee_advice::{Advisor, TargetAdvisor, WinAdvisor};
use yahtzee_play::{bot, Aim, Bots, Event, Game};
use yahtzee_rules::{Category, RuleSet};
use yahtzee_table::{write_table, write_target_table, Table, TargetTable};

struct Tables {
    rules: &'static RuleSet,
    advisor: Advisor,
    target: TargetTable,
    _dir: tempfile::TempDir,
}

fn tables() -> Tables {
    use Category::*;
    tables_of("forced+chance-chance", &[Fours, FullHouse, Yahtzee, Chance])
}

fn tables_of(name: &str, boxes: &[Category]) -> Tables {
    let rules = RuleSet::by_name(name).unwrap().reduced(boxes, 8);
    let dir = tempfile::tempdir().unwrap();
    let v = dir.path().join("v.table");
    write_table(&v, rules, &yahtzee_solver::solve(rules, &|_| {})).unwrap();
    let t = yahtzee_solver::solve_target(rules, &|_| {});
    let tp = dir.path().join("t.table");
    write_target_table(&tp, rules, &t.offsets, &t.values).unwrap();
    Tables {
        rules,
        advisor: Advisor::new(Table::open(&v, rules).unwrap()),
        target: TargetTable::open(&tp, rules).unwrap(),
        _dir: dir,
    }
}

/// Applies a bot's decision; true when it ended the turn.
fn apply(game: &mut Game, event: Event, rng: &mut ChaCha8Rng) -> bool {
    match event {
        Event::Keep(k) => {
            game.keep(k).unwrap();
            false
        }
        Event::Score(c) => {
            game.score(c).unwrap();
            true
        }
        Event::ChanceChance => {
            game.chance_chance().unwrap();
            game.roll(bot::roll_dice(game.to_keep(), rng)).unwrap();
            game.score(Category::Chance).unwrap();
            true
        }
        Event::SixthDie => {
            game.take_sixth_die().unwrap();
            false
        }
        e => panic!("{e:?}"),
    }
}

#[test]
fn aims_parse_and_refuse_nonsense() {
    assert_eq!(Aim::parse("expected"), Ok(Aim::Expected));
    assert_eq!(Aim::parse("target=300"), Ok(Aim::Target(300)));
    assert_eq!(Aim::parse("win"), Ok(Aim::Win));
    assert_eq!(Aim::parse("win-exact"), Ok(Aim::WinExact { exact_from: 6 }));
    assert_eq!(
        Aim::parse("win-exact=3"),
        Ok(Aim::WinExact { exact_from: 3 })
    );
    for bad in ["target", "target=-5", "target=x", "best", "win=3", ""] {
        assert!(Aim::parse(bad).is_err(), "{bad}");
    }
    for aim in [
        Aim::Expected,
        Aim::Target(250),
        Aim::Win,
        Aim::WinExact { exact_from: 4 },
    ] {
        assert_eq!(Aim::parse(&aim.name()), Ok(aim));
    }
}

#[test]
fn every_aim_plays_whole_games() {
    let t = tables();
    let target = TargetAdvisor::new(&t.advisor, &t.target).unwrap();
    let bots = Bots::new(&t.advisor, Some(target));
    let aims = [
        Aim::Expected,
        Aim::Target(60),
        Aim::Win,
        Aim::WinExact { exact_from: 4 },
    ];
    for seed in 0..12 {
        let players = (0..aims.len()).map(|i| (format!("{i}"), true)).collect();
        let mut game = Game::new(t.rules, players);
        bot::play_out(
            &bots,
            &aims,
            &mut game,
            &mut ChaCha8Rng::seed_from_u64(seed),
        )
        .unwrap();
        assert!(game.is_over());
        assert!(game.players().iter().all(|p| p.card.is_full()));
    }
}

#[test]
fn every_aim_plays_whole_mega_yahtzee_games_and_takes_the_sixth_die() {
    use Category::*;
    let t = tables_of("forced+mega-yahtzee=60", &[Fours, Yahtzee, Chance]);
    let target = TargetAdvisor::new(&t.advisor, &t.target).unwrap();
    let bots = Bots::new(&t.advisor, Some(target));
    let aims = [
        Aim::Expected,
        Aim::Target(120),
        Aim::Win,
        Aim::WinExact { exact_from: 2 },
    ];
    for seed in 0..12 {
        let players = (0..aims.len()).map(|i| (format!("{i}"), true)).collect();
        let mut game = Game::new(t.rules, players);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        bot::play_out(&bots, &aims, &mut game, &mut rng).unwrap();
        assert!(game.is_over());
        for p in game.players() {
            assert!(p.card.is_full());
            // Six dice on the last turn are never worse than five: every aim has used it.
            assert!(p.card.mega_used(), "seed {seed}: {}", p.name);
        }
    }
}

#[test]
fn against_a_finished_opponent_the_fast_rule_is_the_exact_payoff() {
    let t = tables();
    let target = TargetAdvisor::new(&t.advisor, &t.target).unwrap();
    let bots = Bots::new(&t.advisor, Some(target));
    // Seat 0 finishes first; then seat 1 plays against its total.
    let mut game = Game::new(t.rules, vec![("A".into(), true), ("B".into(), true)]);
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let aims = [Aim::Expected, Aim::Expected];
    // Play until seat 0 is full and seat 1 is on its last turn.
    while !(game.players()[0].card.is_full() && game.current_seat() == 1) {
        game.roll(bot::roll_dice(game.to_keep(), &mut rng)).unwrap();
        while game.current_seat() == 0 || game.dice().is_some() {
            let seat = game.current_seat();
            let event = bots.decide(aims[seat], &game).unwrap();
            if apply(&mut game, event, &mut rng) {
                break;
            }
            game.roll(bot::roll_dice(game.to_keep(), &mut rng)).unwrap();
        }
    }
    let total = game.players()[0].card.total();
    // Tie half at `total`, the other half at `total + 1`.
    assert_eq!(
        bots.fast_weights(&game).unwrap(),
        vec![(total, 0.5), (total + 1, 0.5)]
    );
}

#[test]
fn the_exact_mode_takes_the_best_responses_best_option() {
    let t = tables();
    let target = TargetAdvisor::new(&t.advisor, &t.target).unwrap();
    let bots = Bots::new(&t.advisor, Some(target));
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut game = Game::new(t.rules, vec![("A".into(), true), ("B".into(), true)]);
    let exact = Aim::WinExact { exact_from: 4 };
    let values = yahtzee_advice::TableValues(t.advisor.table());
    let strategy = yahtzee_advice::Strategy::new(t.rules, &values);
    let mut checked = 0;
    while !game.is_over() {
        game.roll(bot::roll_dice(game.to_keep(), &mut rng)).unwrap();
        let seat = game.current_seat();
        let other = &game.players()[1 - seat].card;
        let dist = yahtzee_stats::exact(&strategy, other, &|_| {}).distribution;
        let me = game.current().card.clone();
        let win = WinAdvisor::solve(&t.advisor, &me, &[dist], &|_| {}).unwrap();
        let best = win
            .advise(&me, game.dice().unwrap(), game.rolls_left())
            .unwrap();
        let event = bots.decide(exact, &game).unwrap();
        match (best.best().choice, &event) {
            (yahtzee_advice::Choice::Keep(k), Event::Keep(e)) => assert_eq!(k, *e),
            (yahtzee_advice::Choice::Keep(k), _) => assert_eq!(k.len(), 5),
            (yahtzee_advice::Choice::Fill { category, .. }, Event::Score(c)) => {
                assert_eq!(category, *c)
            }
            (yahtzee_advice::Choice::ChanceChance, Event::ChanceChance) => {}
            (b, e) => panic!("best {b:?}, bot {e:?}"),
        }
        checked += 1;
        if apply(&mut game, event, &mut rng) {
            continue;
        }
        // Finish the turn as the bot would.
        loop {
            game.roll(bot::roll_dice(game.to_keep(), &mut rng)).unwrap();
            let event = bots.decide(exact, &game).unwrap();
            if apply(&mut game, event, &mut rng) {
                break;
            }
        }
    }
    assert_eq!(checked, 8);
}

#[test]
fn bots_are_named_with_their_aims() {
    use yahtzee_play::{parse_bot, Aim};
    assert_eq!(parse_bot("Robo").unwrap(), ("Robo".into(), Aim::Expected));
    assert_eq!(
        parse_bot(" Ann : target=250").unwrap(),
        ("Ann".into(), Aim::Target(250))
    );
    assert_eq!(
        parse_bot("W:win-exact=4").unwrap().1,
        Aim::WinExact { exact_from: 4 }
    );
    assert_eq!(parse_bot(":win").unwrap_err(), "bad bot name in ':win'");
    assert!(parse_bot("A:fly").unwrap_err().contains("unknown bot aim"));
}

#[test]
fn duels_are_even_between_equal_bots_and_repeat_by_seed() {
    use yahtzee_play::duel::{check_seats, duel};
    let t = tables();
    let seats = [
        ("A".to_string(), Aim::Expected),
        ("B".to_string(), Aim::Expected),
    ];
    let played = std::sync::atomic::AtomicU64::new(0);
    let progress = |n| {
        played.fetch_add(n, std::sync::atomic::Ordering::Relaxed);
    };
    let bots = || Bots::new(&t.advisor, None);
    let r = duel(t.rules, &seats, 20, 3, bots, &progress).unwrap();
    assert_eq!(played.into_inner(), 20);
    // Each deal is played from both seats with the same dice: equal bots share every one.
    for b in &r {
        assert_eq!((b.win_rate, b.ci95), (0.5, [0.5, 0.5]), "{r:?}");
    }
    assert_eq!(r[0].mean_total, r[1].mean_total);
    assert_eq!(r[0].p_tie, r[1].p_tie);
    // The same seed, the same results, whatever the threads.
    assert_eq!(duel(t.rules, &seats, 20, 3, bots, &|_| {}).unwrap(), r);
    let target = [
        ("A".to_string(), Aim::Target(60)),
        ("B".to_string(), Aim::Expected),
    ];
    let with_target = || {
        Bots::new(
            &t.advisor,
            Some(TargetAdvisor::new(&t.advisor, &t.target).unwrap()),
        )
    };
    let r = duel(t.rules, &target, 20, 3, with_target, &|_| {}).unwrap();
    assert!((r[0].win_rate + r[1].win_rate - 1.0).abs() < 1e-12, "{r:?}");
    assert_eq!(r[0].aim, "target=60");
    assert_eq!(
        check_seats(&seats[..1]).unwrap_err(),
        "a duel needs at least two --bot"
    );
    let twice = [seats[0].clone(), seats[0].clone()];
    assert_eq!(check_seats(&twice).unwrap_err(), "two bots are called 'A'");
}
