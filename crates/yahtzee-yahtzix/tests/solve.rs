//! The solvers against plain references: a brute-force turn, plain value iteration over the
//! whole solitaire and the whole two-player game on small targets; the residuals printed.

use std::collections::HashMap;

use yahtzee_yahtzix::duel::{precision, Seat, SolveOptions};
use yahtzee_yahtzix::score::{
    first_roll_value, later_roll_value, multisets, outcome, sub_multisets,
};
use yahtzee_yahtzix::{duel, solo, Duel, Rules, Solo};

/// Most expected points of a turn, by brute force over every roll of actual dice and every
/// subset kept (no merged outcomes, no tables).
fn brute_points(rules: &Rules) -> f64 {
    fn before(
        rules: &Rules,
        roll: u8,
        total: u32,
        held: u8,
        memo: &mut HashMap<(u8, u32, u8), f64>,
    ) -> f64 {
        if let Some(&v) = memo.get(&(roll, total, held)) {
            return v;
        }
        let mut ev = 0.0;
        for dice in multisets(held) {
            let o = outcome(rules, dice, roll == 1);
            let Some((points, _)) = o.bank else { continue };
            let mut best = f64::from(total + 5 * u32::from(points));
            if roll < 3 && (dice[1] + dice[5] > 0) {
                for keep in sub_multisets(&dice) {
                    let kept: u8 = keep.iter().sum();
                    if kept == 0 || kept == held {
                        continue;
                    }
                    let v = if roll == 1 {
                        first_roll_value(rules, &keep, held, true)
                    } else {
                        later_roll_value(&keep)
                    };
                    if let Some(v) = v {
                        best = best.max(before(rules, roll + 1, total + v, held - kept, memo));
                    }
                }
            }
            ev += o.prob * best;
        }
        memo.insert((roll, total, held), ev);
        ev
    }
    before(rules, 1, 0, 6, &mut HashMap::new())
}

#[test]
fn most_points_per_turn_matches_brute_force() {
    for four in [true, false] {
        let rules = Rules::new(1000, four, false).unwrap();
        let (points, bust) = solo::points_per_turn(&rules);
        let brute = brute_points(&rules);
        println!("four of a kind {four}: {points:.6} points per turn (brute force {brute:.6}), bust {bust:.4}");
        assert!((points - brute).abs() < 1e-9);
    }
}

/// Plain value iteration on expected turns over all scores at once until nothing moves.
fn plain_turns(rules: &Rules) -> f64 {
    let solo = Solo::solve(rules).unwrap();
    // Re-solve from a perturbed start by repeated Bellman sweeps through the public turn.
    let rolls = yahtzee_yahtzix::turn::Rolls::new(rules);
    let mut turns = vec![0.0; solo.turns.len()];
    for (s, t) in turns.iter_mut().enumerate() {
        if solo.turns[s].is_nan() {
            *t = f64::NAN;
        }
    }
    let probe = Solo {
        turns: turns.clone(),
        ..solo
    };
    let mut current = probe;
    for _ in 0..10_000 {
        let mut change = 0f64;
        for s in 0..current.turns.len() {
            if current.turns[s].is_nan() {
                continue;
            }
            let ends = current.endings_at(s);
            let v = -current.turn(&rolls, &ends, s).start.v + 1.0;
            change = change.max((v - current.turns[s]).abs());
            current.turns[s] = v;
        }
        if change < 1e-13 {
            return current.turns[0];
        }
    }
    panic!("plain value iteration did not converge");
}

#[test]
fn fewest_turns_converged_and_matches_plain_value_iteration() {
    for exact in [false, true] {
        let rules = Rules::new(300, true, exact).unwrap();
        let solo = Solo::solve(&rules).unwrap();
        println!(
            "target 300 exact {exact}: {:.9} turns, residual {:.1e} in {} sweeps",
            solo.turns[0], solo.residual, solo.sweeps
        );
        assert!(solo.residual < solo::TOLERANCE);
        let plain = plain_turns(&rules);
        assert!(
            (solo.turns[0] - plain).abs() < 1e-9,
            "{} vs {plain}",
            solo.turns[0]
        );
    }
}

#[test]
fn duel_value_iteration_converged_and_matches_plain_value_iteration() {
    for (four, exact) in [(true, false), (true, true), (false, false)] {
        let rules = Rules::new(150, four, exact).unwrap();
        let fast = Duel::solve_with(&rules, wide()).unwrap();
        let (plain, sweeps) = Duel::solve_plain(&rules, 1e-13).unwrap();
        let diff = fast.max_difference(&plain);
        println!(
            "target 150 four {four} exact {exact}: P(first wins) {:.9}, residual {:.1e} (tolerance {:.0e}); plain: {sweeps} sweeps, largest difference {diff:.1e}",
            fast.first_player_wins(),
            fast.residual,
            duel::TOLERANCE
        );
        assert!(fast.residual < duel::TOLERANCE);
        assert!(diff < 1e-9, "{diff}");
        // The table kept (offers in f32) is within f32 rounding of it.
        let narrow = Duel::solve(&rules).unwrap();
        let diff = narrow.max_difference(&plain);
        assert!(diff < 1e-6, "f32 offers: {diff}");
    }
}

/// The solve keeping its offers' table in f64 (the reference).
fn wide() -> SolveOptions<'static> {
    SolveOptions {
        wide: true,
        ..Default::default()
    }
}

#[test]
fn f32_offers_stay_within_a_bound_of_f64_and_change_no_decision() {
    let rules = Rules::new(300, true, false).unwrap();
    let narrow = Duel::solve(&rules).unwrap();
    let wide = Duel::solve_with(&rules, wide()).unwrap();
    let c = precision::compare(&narrow, &wide, 3000, 7).unwrap();
    println!("{c:?}");
    // Rounding to f32 (half an ulp: 3e-8 below 1) and what it moves later sums: 4.0e-8 here.
    assert!(c.max_error < 2e-7, "{c:?}");
    assert!(c.max_option_error <= c.max_error, "{c:?}");
    assert!(c.decisions > 1000, "{c:?}");
    // No best option changes, beyond a tie within the error.
    assert!(c.worst_gap < 1e-7, "{c:?}");
    let first = (narrow.first_player_wins() - wide.first_player_wins()).abs();
    assert!(first < 1e-7, "{first}");
}

/// The compact game (offers past a first roll's largest total valued as declined, each
/// offer rounded to 1/65,534, as the browser's table to 2,000 keeps them): a cap no offer
/// reaches changes nothing; at 300 it changes no best option beyond a tie within 1e-6.
#[test]
fn offers_capped_at_a_first_roll_and_rounded_change_no_decision_at_300() {
    let rules = Rules::new(300, true, false).unwrap();
    let exact = Duel::solve(&rules).unwrap();
    let capped = |cap, levels| {
        let options = SolveOptions {
            offer_cap: Some(cap),
            levels,
            ..Default::default()
        };
        Duel::solve_with(&rules, options).unwrap()
    };
    let loose = capped(60, None);
    assert_eq!(loose.max_difference(&exact), 0.0);
    let compact = Duel::solve_with(&rules, SolveOptions::default().compact()).unwrap();
    let c = precision::compare(&compact, &exact, 3000, 7).unwrap();
    println!("{c:?}");
    assert!(c.decisions > 1000, "{c:?}");
    assert!(c.worst_gap < 1e-6, "{c:?}");
    assert!(c.max_option_error < 1e-4, "{c:?}");
    let first = (compact.first_player_wins() - exact.first_player_wins()).abs();
    assert!(first < 1e-6, "{first}");
    // Two bytes an offer, the rows cut at 54: 1,053,000 offers against 1,062,000 of four
    // bytes (at 2,000: 161 MB against 1.3 GB).
    let offers = |d: &Duel| d.memory_bytes() - exact.memory_bytes() + 4 * 1_062_000;
    assert_eq!(offers(&compact), 2 * 1_053_000);
    // It is stored in parts, not as one file: writing one is refused.
    let dir = tempfile::tempdir().unwrap();
    assert!(compact.save(&dir.path().join("compact.table")).is_err());
    compact_parts_read_back_the_same_game_and_refuse_damage(&rules, &compact);
}

/// The compact game's head and pieces give back the same game; a damaged, missing, short
/// or foreign part is refused, each in a line that names it.
fn compact_parts_read_back_the_same_game_and_refuse_damage(rules: &Rules, compact: &Duel) {
    let (_, count) = Duel::compact_len(rules);
    assert_eq!(count, 1, "1,053,000 offers: one piece of 2^22");
    let head = compact.compact_head().unwrap();
    assert_eq!(head.len(), Duel::compact_head_len(rules));
    let pieces = || {
        (0..count)
            .map(|p| compact.compact_piece(p).unwrap())
            .collect::<Vec<_>>()
    };
    let back = Duel::from_compact(&head, pieces(), "c", rules).unwrap();
    assert!(back.is_compact());
    assert_eq!(back.first_player_wins(), compact.first_player_wins());
    assert_eq!(back.max_difference(compact), 0.0);
    let c = precision::compare(&back, compact, 300, 3).unwrap();
    assert_eq!((c.differ, c.worst_gap), (0, 0.0), "{c:?}");

    let refused = |head: &[u8], pieces: Vec<Vec<u8>>, rules: &Rules| {
        let e = Duel::from_compact(head, pieces, "c", rules)
            .err()
            .expect("refused");
        e.to_string()
    };
    let mut bad = pieces();
    bad[0][1000] ^= 1;
    assert!(refused(&head, bad, rules).contains("piece 1"));
    let mut bad = head.clone();
    bad[100] ^= 1;
    assert!(refused(&bad, pieces(), rules).contains("damaged"));
    assert!(refused(&head, Vec::new(), rules).contains("0 of its 1 pieces"));
    let mut short = pieces();
    short[0].pop();
    assert!(refused(&head, short, rules).contains("piece 1"));
    assert!(refused(&head[..head.len() - 1], pieces(), rules).contains("truncated"));
    let other = Rules::new(300, false, false).unwrap();
    assert!(refused(&head, pieces(), &other).contains("holds rules"));
    // The exact game is not stored in parts, and its file is not a head.
    let exact = Duel::solve(rules).unwrap();
    assert!(exact.compact_head().is_err());
    assert!(refused(&exact.to_bytes(), pieces(), rules).contains("version"));
}

#[test]
fn progress_reaches_the_total_once_per_sum_of_scores() {
    let rules = Rules::new(150, true, false).unwrap();
    let (finals, levels) = Duel::work(&rules);
    let total = finals + levels.iter().sum::<u64>();
    let seen = std::cell::RefCell::new(Vec::new());
    let progress = |done: u64, of: u64| seen.borrow_mut().push((done, of));
    let options = SolveOptions {
        progress: &progress,
        ..Default::default()
    };
    Duel::solve_with(&rules, options).unwrap();
    let seen = seen.into_inner();
    assert_eq!(seen.len(), 1 + levels.len());
    assert!(seen.iter().all(|&(_, of)| of == total));
    assert!(seen.windows(2).all(|w| w[0].0 <= w[1].0));
    assert_eq!(seen.last(), Some(&(total, total)));
}

#[test]
fn a_total_far_past_the_target_with_the_opponent_at_0_is_advised() {
    // Format 2 held last turns for margins up to 80 units past the target: this position
    // (a total of 400 before roll 2, which `check` accepts) read past them.
    let rules = Rules::new(300, true, false).unwrap();
    let duel = Duel::solve(&rules).unwrap();
    let rolls = yahtzee_yahtzix::turn::Rolls::new(&rules);
    let pos = yahtzee_yahtzix::Position {
        seat: Seat::First,
        me: 295,
        opp: 0,
        stage: yahtzee_yahtzix::position::Stage::Rolled {
            roll: 2,
            total: 400,
            held: 1,
            dice: [0, 1, 0, 0, 0, 0, 0],
        },
    };
    let advice = yahtzee_yahtzix::position::advise(&duel, &rolls, &pos).unwrap();
    assert_eq!(advice.win, 1.0);
}

#[test]
fn duel_table_is_the_same_on_one_thread_and_two() {
    let rules = Rules::new(200, true, false).unwrap();
    let one = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap()
        .install(|| Duel::solve(&rules).unwrap());
    let two = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .unwrap()
        .install(|| Duel::solve(&rules).unwrap());
    assert_eq!(one.max_difference(&two), 0.0);
    assert_eq!(
        one.first_player_wins().to_bits(),
        two.first_player_wins().to_bits()
    );
}
