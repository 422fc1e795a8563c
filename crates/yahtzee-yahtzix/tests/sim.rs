//! Seeded simulation: the games the engine plays agree with the solved values, and the
//! optimal bot beats a "bank at 300" bot by a stated margin.

use yahtzee_yahtzix::sim::{duel_stats, solo_stats, solo_turns, BankAt, DuelBot, SoloBot};
use yahtzee_yahtzix::turn::Rolls;
use yahtzee_yahtzix::{Duel, Rules, Solo};

#[test]
fn optimal_bot_beats_bank_at_300_by_a_clear_margin() {
    let rules = Rules::new(500, true, false).unwrap();
    let duel = Duel::solve(&rules).unwrap();
    let rolls = Rolls::new(&rules);
    let s = duel_stats(
        &rules,
        2000,
        7,
        || DuelBot::new(&duel, &rolls).unwrap(),
        || BankAt { at: 300, rules },
    );
    let r = s.win_rate;
    println!(
        "target 500, 2000 games: optimal wins {:.4} [{:.4}, {:.4}] against bank at 300",
        r.rate, r.low, r.high
    );
    // The margin: the optimal bot wins at least three games in four, with 95% confidence.
    assert!(r.low > 0.75, "{r:?}");
}

#[test]
fn self_play_agrees_with_the_first_players_exact_chance() {
    let rules = Rules::new(300, true, false).unwrap();
    let duel = Duel::solve(&rules).unwrap();
    let rolls = Rolls::new(&rules);
    let games = 4000;
    let s = duel_stats(
        &rules,
        games,
        11,
        || DuelBot::new(&duel, &rolls).unwrap(),
        || DuelBot::new(&duel, &rolls).unwrap(),
    );
    // Bot a sits first in even games, bot b in odd ones: the first seat's score over all.
    let half = games as f64 / 2.0;
    let first = (s.win_rate_first_seat.rate * half + (1.0 - s.win_rate_second_seat.rate) * half)
        / games as f64;
    let sigma = (first * (1.0 - first) / games as f64).sqrt();
    let exact = duel.first_player_wins();
    println!("target 300: first player wins {first:.4} in {games} games, exact {exact:.4} (sigma {sigma:.4})");
    assert!((first - exact).abs() < 3.0 * sigma, "{first} vs {exact}");
}

#[test]
fn solitaire_games_take_the_expected_number_of_turns() {
    let rules = Rules::new(300, true, false).unwrap();
    let solo = Solo::solve(&rules).unwrap();
    let rolls = Rolls::new(&rules);
    let endings: Vec<_> = (0..solo.turns.len()).map(|s| solo.endings_at(s)).collect();
    let turns = solo_turns(&solo, &rolls, &endings);
    let s = solo_stats(&rules, 4000, 3, || SoloBot::new(&rules, &turns));
    let m = s.turns;
    println!(
        "target 300: {:.3} [{:.3}, {:.3}] turns, exact {:.3}; busts {:.4}",
        m.mean, m.low, m.high, solo.turns[0], s.bust_rate.rate
    );
    let half = (m.high - m.low) / 2.0;
    assert!(
        (m.mean - solo.turns[0]).abs() < 1.5 * half,
        "{m:?} vs {}",
        solo.turns[0]
    );
    let bank = solo_stats(&rules, 4000, 3, || BankAt { at: 300, rules });
    assert!(
        bank.turns.low > m.high,
        "bank at 300 takes longer: {:?}",
        bank.turns
    );
}
