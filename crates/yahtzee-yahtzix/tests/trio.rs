//! The exact three-player game: against plain value iteration, against the two-player
//! game where they must agree, chances that sum to 1, the same bits on any number of
//! threads, self-play that matches the table, and the heads-up strategy's gap.

use yahtzee_yahtzix::duel::Seat;
use yahtzee_yahtzix::party::{self, HeadsUpBot, Seating, Strategy, TrioBot};
use yahtzee_yahtzix::position::Stage;
use yahtzee_yahtzix::sim::Player;
use yahtzee_yahtzix::trio::Trio;
use yahtzee_yahtzix::turn::{Rolls, Turn};
use yahtzee_yahtzix::{Duel, Rules};

use std::sync::OnceLock;

fn rules(target: u32, four: bool, exact: bool) -> Rules {
    Rules::new(target, four, exact).unwrap()
}

/// The three-player game to 150 under the text's rules, solved once for the tests that
/// read it (about 10 CPU-seconds).
fn trio150() -> &'static Trio {
    static TRIO: OnceLock<Trio> = OnceLock::new();
    TRIO.get_or_init(|| Trio::solve(&rules(150, true, false)).unwrap())
}

/// The three-player game to 100, the smallest target, solved once for each variant the
/// tests ask for (with or without four of a kind, exact target or not).
fn trio100(four: bool, exact: bool) -> &'static Trio {
    static TRIOS: [OnceLock<Trio>; 4] = [const { OnceLock::new() }; 4];
    TRIOS[usize::from(four) * 2 + usize::from(exact)]
        .get_or_init(|| Trio::solve(&rules(100, four, exact)).unwrap())
}

/// The two-player game to 150, solved once.
fn duel150() -> &'static Duel {
    static DUEL: OnceLock<Duel> = OnceLock::new();
    DUEL.get_or_init(|| Duel::solve(&rules(150, true, false)).unwrap())
}

/// At 100, the smallest target: plain value iteration at 150 takes minutes (measured by
/// `examples/measure.rs`).
#[test]
fn the_solver_agrees_with_plain_value_iteration_at_100() {
    let r = rules(100, true, false);
    let trio = trio100(true, false);
    let (plain, sweeps) = Trio::solve_plain(&r, 1e-13).unwrap();
    let diff = trio.max_difference(&plain);
    println!("100: {sweeps} plain sweeps, largest difference {diff:.1e}");
    assert!(diff < 1e-10, "{diff}");
    assert!(trio.residual < 1e-10);
    // Hand-checkable shape: moving later is an advantage, as with two players.
    for c in [trio.start(), trio150().start()] {
        assert!(c[0] < c[1] && c[1] < c[2], "{c:?}");
    }
}

/// Without four of a kind, some score triples have two stationary equilibria: the solver
/// and plain value iteration may settle on different ones (docs/GAMES.md), but each is a
/// fixed point of every state's equation. Checked at 100, the smallest target, beside the
/// default game at 150. (Under an exact target plain value iteration from scratch agrees
/// to 4e-14 at 150, in 34 sweeps: a minute, so it is measured by `examples/measure.rs`,
/// not here.)
#[test]
fn every_variant_satisfies_every_states_equation() {
    for (four, exact) in [(false, false), (true, true), (true, false)] {
        let residual = trio100(four, exact).bellman_residual();
        assert!(residual < 1e-10, "four {four}, exact {exact}: {residual}");
    }
    let residual = trio150().bellman_residual();
    assert!(residual < 1e-10, "150: {residual}");
}

/// Under an exact target at 100 one score triple has no stable pure play: two plays
/// answer each other, and the table mixes them (docs/RULES.md Y12).
#[test]
fn where_no_pure_play_is_stable_the_equilibrium_mixes_two() {
    let trio = trio100(true, true);
    assert_eq!(trio.mixed, 1);
    assert!(trio.residual < 1e-10, "{}", trio.residual);
}

#[test]
fn chances_sum_to_one_in_every_state() {
    for (four, exact) in [(true, false), (false, false), (true, true)] {
        let trio = trio100(four, exact);
        let mut checked = 0;
        for c in trio.all_chances().filter(|c| !c[0].is_nan()) {
            assert!((c.iter().sum::<f64>() - 1.0).abs() < 1e-12, "{c:?}");
            assert!(
                c.iter().all(|&p| (-1e-15..=1.0 + 1e-15).contains(&p)),
                "{c:?}"
            );
            checked += 1;
        }
        assert!(checked > 100_000, "{checked}");
    }
}

#[test]
fn the_table_is_the_same_bit_for_bit_on_one_and_two_threads() {
    let r = rules(100, true, false);
    let on = |threads| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
            .install(|| Trio::solve(&r).unwrap())
    };
    let (one, two) = (on(1), on(2));
    assert_eq!(one.max_difference(&two), 0.0);
    assert_eq!(one.start().map(f64::to_bits), two.start().map(f64::to_bits));
}

/// Where the three-player game must equal the two-player one: a last turn whose outcome
/// one player can no longer change is the two-player last turn. Seat 2 facing one leader
/// is the second player's last turn against the same margin (the leader has no turn
/// left); and seat 1's last turn when seat 2 is out of reach (80 units behind, more than
/// any turn can make) is the second player's last turn against seat 0.
#[test]
fn last_turns_equal_the_two_player_ones_where_they_must() {
    let r = rules(150, true, false);
    let rolls = Rolls::new(&r);
    let (trio, duel) = (trio150(), duel150());
    let two = |me: usize, opp: usize| {
        let (ends, bust, near) = duel.turn_setup(Seat::Second, me, opp, 60).unwrap();
        Turn::solve(&rolls, ends, bust, near, 60)
    };
    let mut compared = 0;
    for leader in [30, 34, 41, 50] {
        for s2 in [0, 6, 12, 20, 29] {
            let three = trio.turn_for_play(&rolls, 2, [leader, 7, s2], 60);
            let pair = two(s2, leader);
            assert_eq!(three.start.v[0], pair.start.v, "{leader} {s2}");
            for t in 1..=60 {
                for k in 1..=5 {
                    assert_eq!(three.before2[t][k].v[0], pair.before2[t][k].v);
                }
            }
            compared += 1;
        }
    }
    for (s0, s1) in [(80, 29), (78, 28), (76, 26)] {
        let three = trio.turn_for_play(&rolls, 1, [s0, s1, 0], 60);
        let pair = two(s1, s0);
        assert!(
            pair.start.v > 0.0,
            "a margin that can be passed: {s0} {s1} {:?}",
            three.start
        );
        assert!((three.start.v[0] - pair.start.v).abs() < 1e-15);
        assert_eq!(three.start.v[1], 0.0, "seat 2 cannot catch up");
        compared += 1;
    }
    assert_eq!(compared, 23);
}

#[test]
fn self_play_of_the_exact_bot_matches_its_table() {
    let r = rules(150, true, false);
    let rolls = Rolls::new(&r);
    let trio = trio150();
    let stats = party::table_stats(&r, 3, games(), 11, |_| {
        Box::new(TrioBot::new(trio, &rolls)) as Box<dyn Player>
    });
    let exact = trio.start();
    for (seat, rate) in stats.win_rates.iter().enumerate() {
        println!(
            "seat {}: {:.4} [{:.4}, {:.4}], table {:.4}",
            seat + 1,
            rate.rate,
            rate.low,
            rate.high,
            exact[seat]
        );
        assert!(rate.low <= exact[seat] && exact[seat] <= rate.high);
    }
    let total: f64 = stats.win_rates.iter().map(|w| w.rate).sum();
    assert!((total - 1.0).abs() < 1e-9);
}

/// The heads-up strategy in one seat against exact bots in the others: it cannot do
/// better than the equilibrium (beyond chance), and its gap is small.
#[test]
fn the_heads_up_strategys_gap_on_three_players() {
    let r = rules(150, true, false);
    let rolls = Rolls::new(&r);
    let (trio, duel) = (trio150(), duel150());
    for (seat, exact) in trio.start().into_iter().enumerate() {
        let stats = party::table_stats(&r, 3, 6000, 5 + seat as u64, |s| {
            if s == seat {
                Box::new(HeadsUpBot::new(duel, &rolls).unwrap()) as Box<dyn Player>
            } else {
                Box::new(TrioBot::new(trio, &rolls))
            }
        });
        let w = stats.win_rates[seat];
        println!(
            "heads-up in seat {}: {:.4} [{:.4}, {:.4}] against exact {:.4}: gap {:.4}",
            seat + 1,
            w.rate,
            w.low,
            w.high,
            exact,
            exact - w.rate
        );
        assert!(w.low <= exact, "better than the equilibrium?");
        assert!(exact - w.rate < 0.03, "a gap of more than 3 points");
    }
}

#[test]
fn seatings_are_checked_and_advised() {
    let r = rules(150, true, false);
    let rolls = Rolls::new(&r);
    let (trio, duel) = (trio150(), duel150());
    let at = |scores: &[u32], to_move, stage| Seating {
        scores: scores.to_vec(),
        to_move,
        stage,
    };
    let start = Stage::Start { offer: None };
    let bad = [
        at(&[0], 0, start.clone()),
        at(&[0, 0, 0, 0, 0, 0, 0, 0, 0], 0, start.clone()),
        at(&[0, 15, 0], 0, start.clone()),
        at(&[0, 40, 0], 3, start.clone()),
        at(&[0, 160, 0], 1, start.clone()),
        at(
            &[60, 40, 0],
            1,
            Stage::Start {
                offer: Some((100, 2)),
            },
        ),
    ];
    for s in &bad {
        let e = party::advise(Strategy::Exact(trio), &rolls, s).unwrap_err();
        assert!(!e.to_string().contains('\n'), "{e}");
    }
    // Seat 2 to move, seat 1 has gone out with 160: her last turn, and seat 3's after.
    let s = at(
        &[160, 40, 100],
        1,
        Stage::Start {
            offer: Some((60, 2)),
        },
    );
    let exact = party::advise(Strategy::Exact(trio), &rolls, &s).unwrap();
    let heads_up = party::advise(Strategy::HeadsUp(duel), &rolls, &s).unwrap();
    assert_eq!(exact.options.len(), 2);
    // Against a lead of 120 "go for it: 60 on 2 dice" is worth less than six fresh dice.
    assert_eq!(exact.options[0].label, "roll six fresh dice");
    assert!(
        heads_up.win >= exact.win,
        "seat 3 still to come only lowers her chance"
    );
    let four = at(&[40, 100, 0, 35], 2, start.clone());
    assert!(party::advise(Strategy::Exact(trio), &rolls, &four).is_err());
    let a = party::advise(Strategy::HeadsUp(duel), &rolls, &four).unwrap();
    assert!(a.win > 0.0 && a.win < 1.0);
}

fn games() -> u64 {
    std::env::var("TRIO_GAMES").map_or(40_000, |g| g.parse().unwrap())
}
