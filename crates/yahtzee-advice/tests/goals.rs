//! Playing for a target and playing to win, on reduced games: the best option's value
//! averaged over the opening roll is the table's value of the card, rankings and statuses,
//! a finished opponent against the target table, and the win advice's P(win) against a
//! simulation of its own games.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use yahtzee_advice::{Advisor, Choice, Payoff, TargetAdvisor, TargetStatus, WinAdvisor};
use yahtzee_rules::{tables, Category, Dice, RuleSet, Scorecard, ROLLS};
use yahtzee_table::{write_table, write_target_table, Table, TargetTable};

/// A reduced official game (Jokers, both bonuses) with both tables written and opened.
struct Game {
    rules: &'static RuleSet,
    advisor: Advisor,
    target: TargetTable,
    _dir: tempfile::TempDir,
}

fn game(name: &str, boxes: &[Category], threshold: u32) -> Game {
    let rules = RuleSet::by_name(name).unwrap().reduced(boxes, threshold);
    let dir = tempfile::tempdir().unwrap();
    let values = dir.path().join("v.table");
    write_table(&values, rules, &yahtzee_solver::solve(rules, &|_| {})).unwrap();
    let t = yahtzee_solver::solve_target(rules, &|_| {});
    let target = dir.path().join("t.table");
    write_target_table(&target, rules, &t.offsets, &t.values).unwrap();
    Game {
        rules,
        advisor: Advisor::new(Table::open(&values, rules).unwrap()),
        target: TargetTable::open(&target, rules).unwrap(),
        _dir: dir,
    }
}

fn forced_game() -> Game {
    use Category::*;
    game("forced", &[Threes, Sixes, FullHouse, Yahtzee, Chance], 18)
}

#[test]
fn best_first_roll_options_average_to_the_table_value() {
    let mut games = vec![forced_game()];
    games.push(game(
        "free+mulligan+chance-chance",
        &[Category::Fives, Category::Yahtzee, Category::Chance],
        10,
    ));
    for g in &games {
        let advisor = TargetAdvisor::new(&g.advisor, &g.target).unwrap();
        for text in ["", "chance=20", "yahtzee=50"] {
            let card = Scorecard::parse(g.rules, text).unwrap();
            for target in [30, 60, 90, 150] {
                let mut mean = 0.0;
                for r in 0..ROLLS {
                    let dice = tables().keep(r);
                    let (advice, _) = advisor.advise(&card, dice, 2, target).unwrap();
                    mean += tables().roll_prob(r) * advice.best().p_at_least.unwrap();
                }
                let table = advisor.p_of_card(&card, target).unwrap();
                assert!(
                    (mean - table).abs() < 1e-6,
                    "{} '{text}' {target}: {mean} vs {table}",
                    g.rules.name
                );
            }
        }
    }
}

#[test]
fn options_are_ranked_by_probability_then_expected_value() {
    let g = forced_game();
    let advisor = TargetAdvisor::new(&g.advisor, &g.target).unwrap();
    let card = Scorecard::parse(g.rules, "threes=9").unwrap();
    let dice: Dice = "33366".parse().unwrap();
    for rolls_left in [0, 1, 2] {
        let (advice, status) = advisor.advise(&card, dice, rolls_left, 80).unwrap();
        assert_eq!(status, TargetStatus::InPlay);
        for w in advice.options.windows(2) {
            let (a, b) = (w[0].p_at_least.unwrap(), w[1].p_at_least.unwrap());
            assert!(a > b || (a == b && w[0].ev_remaining >= w[1].ev_remaining));
        }
    }
    // With no rolls left, a box's probability is the next state's, read at what it leaves.
    let (advice, _) = advisor.advise(&card, dice, 0, 80).unwrap();
    let fh = advice
        .options
        .iter()
        .find(|o| {
            matches!(
                o.choice,
                Choice::Fill {
                    category: Category::FullHouse,
                    ..
                }
            )
        })
        .unwrap();
    let after = Scorecard::parse(g.rules, "threes=9 full_house=25").unwrap();
    let direct = advisor.p_of_card(&after, 80).unwrap();
    assert!((fh.p_at_least.unwrap() - direct).abs() < 1e-9);
}

#[test]
fn reached_and_out_of_reach_targets_say_so() {
    let g = forced_game();
    let advisor = TargetAdvisor::new(&g.advisor, &g.target).unwrap();
    let card = Scorecard::parse(g.rules, "threes=15 sixes=30 chance=30").unwrap();
    let dice: Dice = "12345".parse().unwrap();
    let (advice, status) = advisor.advise(&card, dice, 1, 40).unwrap();
    assert_eq!(status, TargetStatus::Reached);
    assert!(advice.options.iter().all(|o| o.p_at_least == Some(1.0)));
    // Then the ranking is the expected-score ranking.
    let plain = g.advisor.advise(&card, dice, 1).unwrap();
    assert_eq!(advice.best().choice, plain.best().choice);
    // 75 + 35 on the card; at most Yahtzee 50, then a Joker Full House 25 with its 100.
    let (advice, status) = advisor.advise(&card, dice, 1, 110 + 176).unwrap();
    assert_eq!(status, TargetStatus::OutOfReach);
    assert!(advice.options.iter().all(|o| o.p_at_least == Some(0.0)));
    let (advice, status) = advisor.advise(&card, dice, 1, 110 + 175).unwrap();
    assert_eq!(status, TargetStatus::InPlay);
    assert!(advice.best().p_at_least.unwrap() > 0.0);
}

#[test]
fn against_a_finished_opponent_winning_is_between_the_two_targets() {
    let g = forced_game();
    let target = TargetAdvisor::new(&g.advisor, &g.target).unwrap();
    let card = Scorecard::parse(g.rules, "threes=9 full_house=25").unwrap();
    for score in [40, 70, 100, 130] {
        // A finished opponent: their total is certain.
        let mut dist = vec![0.0; score + 1];
        dist[score] = 1.0;
        let win = WinAdvisor::solve(&g.advisor, &card, &[dist], &|_| {}).unwrap();
        let chance = win.chance_of_card(&card);
        let beat = target.p_of_card(&card, score as u32 + 1).unwrap();
        let reach = target.p_of_card(&card, score as u32).unwrap();
        // Strict wins alone cannot beat the best chance of passing the score.
        assert!(chance.win <= beat + 1e-6, "{score}: {chance:?} {beat}");
        assert!(chance.win + chance.tie <= reach + 1e-6, "{score}");
        // Playing for the score itself ties at worst, so it is no better than the payoff.
        assert!(chance.value() >= beat - 1e-6, "{score}: {chance:?} {beat}");
        assert!(chance.value() <= reach + 1e-6);
    }
}

#[test]
fn payoff_counts_ties_half() {
    // Opponent A: 10 or 12; opponent B: always 11.
    let a = vec![
        0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.5, 0.0, 0.5,
    ];
    let b = {
        let mut b = vec![0.0; 12];
        b[11] = 1.0;
        b
    };
    let p = Payoff::against(&[a, b]);
    assert_eq!(p.top, 13);
    let at = |x: u32| {
        let c = p.coordinate(x) as usize;
        p.terminal.get(c).copied().unwrap_or_default()
    };
    assert_eq!(at(13).value, 1.0);
    // 12: beats both when A has 10, ties A when A has 12.
    assert_eq!((at(12).value, at(12).tie), (0.75, 0.5));
    // 11: ties B when A has 10, loses otherwise.
    assert_eq!((at(11).value, at(11).tie), (0.25, 0.5));
    assert_eq!((at(10).value, at(10).tie), (0.0, 0.0));
    assert_eq!(p.terminal.len(), 3);
}

/// Plays the rest of a game from `card` with the win advice, rolling real dice.
fn play_out(win: &WinAdvisor, g: &Game, mut card: Scorecard, rng: &mut ChaCha8Rng) -> u32 {
    while !card.is_full() {
        let mut dice = Dice::EMPTY;
        for rolls_left in [2u8, 1, 0] {
            dice = roll_missing(dice, rng);
            match win.advise(&card, dice, rolls_left).unwrap().best().choice {
                Choice::Keep(k) if k != dice => dice = k,
                // Keeping all five ends the rolling.
                Choice::Keep(_) => {
                    score_best(&mut card, win, dice, g);
                    break;
                }
                Choice::Fill { category, score } => {
                    score_box(&mut card, g, category, score, dice);
                    break;
                }
                other => panic!("no house rules here: {other:?}"),
            }
        }
    }
    card.total()
}

fn roll_missing(dice: Dice, rng: &mut ChaCha8Rng) -> Dice {
    let mut counts = dice.counts();
    for _ in dice.len()..5 {
        counts[rng.random_range(0..6)] += 1;
    }
    Dice::from_counts(counts).unwrap()
}

fn score_best(card: &mut Scorecard, win: &WinAdvisor, dice: Dice, g: &Game) {
    let Choice::Fill { category, score } = win.advise(card, dice, 0).unwrap().best().choice else {
        panic!("a box");
    };
    score_box(card, g, category, score, dice);
}

fn score_box(card: &mut Scorecard, g: &Game, category: Category, score: u32, dice: Dice) {
    let state = card.state();
    if g.rules.is_extra_yahtzee(state, &dice) && state.yahtzee_50() {
        let bonus = card.yahtzee_bonus() + g.rules.yahtzee_bonus;
        card.set_yahtzee_bonus(bonus).unwrap();
    }
    card.set(g.rules.box_index(category).unwrap(), score)
        .unwrap();
}

#[test]
fn win_advice_wins_as_often_as_it_says() {
    let g = forced_game();
    let card = Scorecard::parse(g.rules, "threes=9 sixes=24").unwrap();
    // An opponent finishing on 60 to 110 in steps of ten, equally likely.
    let mut dist = vec![0.0; 111];
    for y in (60..=110).step_by(10) {
        dist[y] = 1.0 / 6.0;
    }
    let win = WinAdvisor::solve(&g.advisor, &card, &[dist.clone()], &|_| {}).unwrap();
    let said = win.chance_of_card(&card).value();
    let games = 6000;
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut points = 0.0;
    for _ in 0..games {
        let mine = play_out(&win, &g, card.clone(), &mut rng);
        let theirs = 60 + 10 * rng.random_range(0..6u32);
        points += match mine.cmp(&theirs) {
            std::cmp::Ordering::Greater => 1.0,
            std::cmp::Ordering::Equal => 0.5,
            std::cmp::Ordering::Less => 0.0,
        };
    }
    let seen = points / f64::from(games);
    let sd = (said * (1.0 - said) / f64::from(games)).sqrt();
    assert!(
        (seen - said).abs() < 4.0 * sd,
        "simulated {seen} vs exact {said} (sd {sd})"
    );
}

/// House rule "mega-yahtzee", small enough that the six-dice turn and its bonus (60) matter
/// for every target.
fn mega_game() -> Game {
    use Category::*;
    game("forced+mega-yahtzee=60", &[Fours, Yahtzee, Chance], 8)
}

#[test]
fn mega_turn_options_average_to_the_table_value() {
    let g = mega_game();
    let advisor = TargetAdvisor::new(&g.advisor, &g.target).unwrap();
    let six = yahtzee_rules::mega_tables();
    for text in ["", "chance=20", "fours=8 yahtzee=0"] {
        let card = Scorecard::parse(g.rules, text).unwrap();
        for target in [20, 60, 100, 140] {
            let (start, _) = advisor.advise_sixth_die(&card, target).unwrap().unwrap();
            let option = |take: bool| {
                let o = start
                    .options
                    .iter()
                    .find(|o| o.choice == Choice::SixthDie(take));
                o.unwrap().p_at_least.unwrap()
            };
            // The turn start is worth its better option: the table's value of the card.
            let table = advisor.p_of_card(&card, target).unwrap();
            assert!((start.best().p_at_least.unwrap() - table).abs() < 1e-6);
            assert!((option(false).max(option(true)) - table).abs() < 1e-6);
            // Each option is the mean of the best option over its opening roll.
            let mut five = 0.0;
            for r in 0..ROLLS {
                let (advice, _) = advisor.advise(&card, tables().keep(r), 2, target).unwrap();
                five += tables().roll_prob(r) * advice.best().p_at_least.unwrap();
            }
            let mut sixes = 0.0;
            for r in 0..yahtzee_rules::MEGA_ROLLS {
                let (advice, _) = advisor.advise(&card, six.keep(r), 2, target).unwrap();
                sixes += six.roll_prob(r) * advice.best().p_at_least.unwrap();
            }
            assert!(
                (five - option(false)).abs() < 1e-6,
                "'{text}' {target}: five"
            );
            assert!(
                (sixes - option(true)).abs() < 1e-6,
                "'{text}' {target}: six"
            );
        }
    }
}

#[test]
fn six_of_a_kind_reads_the_card_after_the_mega_bonus() {
    let g = mega_game();
    let advisor = TargetAdvisor::new(&g.advisor, &g.target).unwrap();
    let card = Scorecard::parse(g.rules, "chance=20").unwrap();
    let dice = Dice::parse_dice("444444", 6).unwrap();
    // 20 on the card, 50 + 60 now: a target of 130 is certain, 131 needs more.
    for target in [100, 130, 131, 150] {
        let (advice, _) = advisor.advise(&card, dice, 0, target).unwrap();
        let yahtzee = advice
            .options
            .iter()
            .find(|o| {
                matches!(
                    o.choice,
                    Choice::Fill {
                        category: Category::Yahtzee,
                        ..
                    }
                )
            })
            .unwrap();
        let after =
            Scorecard::parse(g.rules, "chance=20 yahtzee=50 mega=used mega_bonus=60").unwrap();
        let direct = advisor.p_of_card(&after, target).unwrap();
        assert!(
            (yahtzee.p_at_least.unwrap() - direct).abs() < 1e-9,
            "{target}"
        );
        assert_eq!(yahtzee.p_at_least == Some(1.0), target <= 130, "{target}");
    }
}

#[test]
fn win_advice_asks_the_sixth_die_question_too() {
    let g = mega_game();
    let card = Scorecard::parse(g.rules, "chance=22").unwrap();
    let mut dist = vec![0.0; 101];
    dist[100] = 1.0;
    let win = WinAdvisor::solve(&g.advisor, &card, &[dist], &|_| {}).unwrap();
    let advice = win.advise_sixth_die(&card).unwrap().unwrap();
    let best = advice.best();
    let value = best.p_win.unwrap() + 0.5 * best.p_tie.unwrap();
    assert!((value - win.chance_of_card(&card).value()).abs() < 1e-6);
    // Beating a finished 100 from 22 takes 79 more from Fours and Yahtzee: the Mega bonus
    // is the likelier way, so the die is taken now.
    assert_eq!(best.choice, Choice::SixthDie(true));
}

/// The memory limit's text and default: GiB as a player writes them, nonsense refused in
/// one line, and by default half the memory the machine reports (Linux: /proc/meminfo).
#[test]
fn memory_limits_read_gib_and_default_to_half_the_machine() {
    use yahtzee_advice::win::{default_memory_limit, parse_gib, usable_memory, MEMORY_LIMIT_ENV};
    assert_eq!(parse_gib("12"), Ok(12 << 30));
    assert_eq!(parse_gib(" 7.5 "), Ok(15 << 29));
    for bad in ["0", "-1", "lots", "", "inf", "NaN"] {
        let msg = parse_gib(bad).unwrap_err();
        assert!(
            msg.starts_with("a memory limit is a positive number of GiB"),
            "{msg}"
        );
        assert_eq!(msg.lines().count(), 1);
    }
    if cfg!(target_os = "linux") && std::env::var_os(MEMORY_LIMIT_ENV).is_none() {
        let total: u64 = std::fs::read_to_string("/proc/meminfo")
            .unwrap()
            .lines()
            .next()
            .unwrap()
            .split_whitespace()
            .nth(1)
            .unwrap()
            .parse()
            .unwrap();
        let usable = usable_memory().unwrap();
        assert!(
            usable <= total * 1024 && usable > 64 << 20,
            "{usable} of {total} KiB"
        );
        assert_eq!(default_memory_limit(), usable / 2);
    }
}
