//! Each option's chance to win the table, estimated by played-out games
//! (`yahtzee_yahtzix::rollout`): from the empty table it is the heads-up self-play's win
//! rate game for game, and in the last seat's last turn, where the heads-up table is
//! exact, every option's estimate lies within its interval of the table's chance (and a
//! bank that wins or loses outright is 1 or 0 exactly).

use yahtzee_yahtzix::party::{self, HeadsUpBot, Seating};
use yahtzee_yahtzix::position::{Action, Described, Stage};
use yahtzee_yahtzix::rollout::table_chance;
use yahtzee_yahtzix::sim::Player;
use yahtzee_yahtzix::turn::Rolls;
use yahtzee_yahtzix::{Duel, Rules};

#[test]
fn from_the_empty_table_it_is_the_heads_up_self_plays_win_rate() {
    let rules = Rules::new(150, true, false).unwrap();
    let duel = Duel::solve(&rules).unwrap();
    let rolls = Rolls::new(&rules);
    let seating = Seating {
        scores: vec![0, 0, 0],
        to_move: 0,
        stage: Stage::Start { offer: None },
    };
    let est = table_chance(&duel, &rolls, &seating, Action::RollFresh, 300, 7).unwrap();
    let stats = party::table_stats(&rules, 3, 300, 7, |_| {
        Box::new(HeadsUpBot::new(&duel, &rolls).unwrap()) as Box<dyn Player>
    });
    assert_eq!(est.rate.to_bits(), stats.win_rates[0].rate.to_bits());
    assert!(est.high - est.rate > 0.01, "an interval, not a point");
}

#[test]
fn in_the_last_seats_last_turn_it_agrees_with_the_exact_heads_up_chance() {
    let rules = Rules::new(300, true, false).unwrap();
    let duel = Duel::solve(&rules).unwrap();
    let rolls = Rolls::new(&rules);
    // Seat 1 has gone out with 300; seat 2 (100) cannot win; seat 3 (250) has rolled and
    // plays her last turn: beating 300 is all that counts, which is the heads-up table's
    // own question (her chance to pass the leader), exactly.
    let dice = Described {
        me: 250,
        opp: 300,
        dice: Some("115523"),
        ..Default::default()
    }
    .position()
    .unwrap()
    .stage;
    let seating = Seating {
        scores: vec![300, 100, 250],
        to_move: 2,
        stage: dice,
    };
    let heads_up = party::advise(party::Strategy::HeadsUp(&duel), &rolls, &seating).unwrap();
    assert!(heads_up.options.len() > 2);
    let mut outright = 0;
    for o in &heads_up.options {
        let est = table_chance(&duel, &rolls, &seating, o.action, 400, 1).unwrap();
        let half = (est.high - est.rate).max(est.rate - est.low);
        if o.win == 0.0 || o.win == 1.0 {
            // A bank: her total is final, so every game ends the same way; the Wilson
            // interval of 400 of 400 (or 0 of 400) still leaves 3.84 / 403.84 on one side.
            assert_eq!(est.rate, o.win, "{}", o.label);
            assert!(est.low <= o.win && o.win <= est.high);
            assert!((half - 3.84 / 403.84).abs() < 1e-4, "{half}");
            outright += 1;
        } else {
            assert!(
                (est.rate - o.win).abs() <= 2.0 * half.max(0.01),
                "{}: estimated {:.3} ± {:.3}, exact {:.3}",
                o.label,
                est.rate,
                half,
                o.win
            );
        }
    }
    assert!(outright >= 1, "the bank is decided at once");
}
