//! The most points each scorecard state can still earn.
//!
//! The points-needed tables ([`crate::points`]) hold, for every state, one probability per
//! number of points still needed from 0 up to this maximum: beyond it the probability is 0,
//! so the maximum decides each state's share of the file, and it is what a value check can
//! hold a table to.

use yahtzee_rules::{tables, RuleSet, State, ROLLS};

use crate::solve::reachable_states;

/// Marks states no game reaches in [`max_remaining`]'s result.
pub const NO_STATE: u16 = u16::MAX;

/// The largest Mega bonus (house rule "mega-yahtzee") the points kernel plays with: the
/// rule text's "up to 1000". Every points vector of a state with the sixth die in hand is
/// as long as the bonus, so a larger one would grow the target table with it.
pub const MAX_POINTS_MEGA_BONUS: u32 = 1000;

/// For every state (by [`RuleSet::state_index`]): the most points a game can still earn
/// from the start of a turn there, every later roll as lucky as it can be (boxes, upper
/// bonus, extra-Yahtzee bonuses, house-rule moves, the Mega bonus). Unreachable states hold
/// [`NO_STATE`]. The Mega bonus must be at most [`MAX_POINTS_MEGA_BONUS`].
pub fn max_remaining(rules: &RuleSet) -> Vec<u16> {
    assert!(
        !rules.house.mega_yahtzee || rules.mega_bonus <= MAX_POINTS_MEGA_BONUS,
        "the points kernel plays Mega bonuses up to {MAX_POINTS_MEGA_BONUS}"
    );
    let lanes = rules.lanes_per_set();
    let nb = rules.box_count() as u32;
    let full = (1u32 << nb) - 1;
    let normal = normal_scores(rules);
    let mut out = vec![NO_STATE; rules.state_count()];
    for s in reachable_states(rules, full) {
        out[rules.state_index(s)] = 0;
    }
    for level in (0..nb).rev() {
        let sets: Vec<u32> = (0..full).filter(|f| f.count_ones() == level).collect();
        let done: &[u16] = &out;
        let blocks: Vec<Vec<(usize, u16)>> = crate::par::map_init(
            &sets,
            || (),
            |_, &filled| {
                reachable_states(rules, filled)
                    .into_iter()
                    .map(|s| (rules.lane(s), best(rules, &normal, s, done)))
                    .collect()
            },
        );
        for (filled, block) in sets.iter().zip(blocks) {
            for (lane, m) in block {
                out[*filled as usize * lanes + lane] = m;
            }
        }
    }
    out
}

/// Per box, every score some roll other than a five of a kind gives it (five of a kind
/// may be an extra Yahtzee, where the Joker rule decides: those go through
/// [`RuleSet::for_each_move`]).
fn normal_scores(rules: &RuleSet) -> Vec<Vec<u32>> {
    let t = tables();
    (0..rules.box_count())
        .map(|b| {
            let mut scores: Vec<u32> = (0..ROLLS)
                .filter(|&r| t.keep(r).five_of_a_kind().is_none())
                .map(|r| rules.score_of_roll(b, r))
                .collect();
            scores.sort_unstable();
            scores.dedup();
            scores
        })
        .collect()
}

/// The most a turn from `s` and what follows can earn: the best final roll and move, or
/// with the sixth die in hand (house rule "mega-yahtzee") the best of six dice too.
fn best(rules: &RuleSet, normal: &[Vec<u32>], s: State, done: &[u16]) -> u16 {
    let mut most = best_five(rules, normal, s, done);
    if rules.house.mega_yahtzee && !s.mega_used() {
        // Six dice score their best five, and six of a kind adds the bonus to its five of
        // a kind's move.
        let spent = s.with_mega_used(true);
        most = most
            .max(best_five(rules, normal, spent, done))
            .max(best_yahtzee(rules, spent, done) + rules.mega_bonus);
    }
    u16::try_from(most).expect("scores fit in 16 bits (mega bonus at most MAX_POINTS_MEGA_BONUS)")
}

/// The best single final roll of five and move from `s`, plus the most of what follows.
fn best_five(rules: &RuleSet, normal: &[Vec<u32>], s: State, done: &[u16]) -> u32 {
    let after = |next: State| u32::from(done[rules.state_index(next)]);
    let mut most = 0u32;
    for b in (0..rules.box_count()).filter(|&b| !s.is_filled(b)) {
        for &score in &normal[b] {
            let (next, bonus) = rules.place(s, b, score);
            most = most.max(score + bonus + after(next));
        }
    }
    most = most.max(best_yahtzee(rules, s, done));
    if rules.chance_chance_box(s).is_some() {
        let t = tables();
        for r in 0..ROLLS {
            let m = rules.chance_chance_move(s, &t.keep(r));
            most = most.max(m.points() + after(m.next));
        }
    }
    most
}

/// The best move of a five of a kind from `s` (where the Joker rules decide), plus the most
/// of what follows.
fn best_yahtzee(rules: &RuleSet, s: State, done: &[u16]) -> u32 {
    let after = |next: State| u32::from(done[rules.state_index(next)]);
    let t = tables();
    let mut most = 0u32;
    for r in (0..ROLLS).filter(|&r| t.keep(r).five_of_a_kind().is_some()) {
        rules.for_each_move(s, &t.keep(r), |m| {
            most = most.max(m.points() + after(m.next));
        });
    }
    most
}
