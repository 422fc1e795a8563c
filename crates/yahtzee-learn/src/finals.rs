//! A turn's final-roll values for the lanes: the strategy's first step, values only.
//!
//! Every roll starts from the best 0 any open box would take, then only the boxes the roll
//! scores in are tried (about a third of the pairs of roll and box). Scratching a box the
//! roll scores in is not a legal move, but its 0 never beats the roll's positive score
//! there (a state's value never falls as the upper total or the Yahtzee flag grows), so
//! the maximum is the strategy's, bit for bit: the same candidates' values, computed by the
//! same expression. Extra Yahtzees (Joker rules) and chance-chance as the strategy does;
//! fool-house's forced full houses are left to the scalar strategy.

use yahtzee_rules::{tables, RuleSet, State, ROLLS};
use yahtzee_solver::turn::LANES;
use yahtzee_solver::{chance_chance_value, Values};

// `values` below is the solved table in plain memory, read by state index: the hot reads
// of a turn's decisions, with no call through `dyn Values`.

/// Scores of a single box range over 0..MAX_SCORE.
const MAX_SCORE: usize = 51;

/// One rule set's scoring tables.
pub(crate) struct Finals {
    /// Every score each box can hold.
    scores: Vec<Vec<u32>>,
    /// Per box, the rolls it scores more than 0 and their score.
    positive: Vec<Vec<(u16, u8)>>,
    /// The six five-of-a-kinds.
    yahtzee_rolls: Vec<usize>,
    /// Where each (box, score) a box can hold keeps its value in a game's `cont`:
    /// `slot[b * MAX_SCORE + s]` (a few dozen slots, not 13 × 51).
    slot: Vec<u16>,
    slots: usize,
}

impl Finals {
    pub(crate) fn new(rules: &'static RuleSet) -> Finals {
        let positive = (0..rules.box_count())
            .map(|b| {
                (0..ROLLS)
                    .filter_map(|r| {
                        let s = rules.score_of_roll(b, r);
                        (s > 0).then_some((r as u16, s as u8))
                    })
                    .collect()
            })
            .collect();
        let scores: Vec<Vec<u32>> = (0..rules.box_count())
            .map(|b| yahtzee_rules::possible_scores(rules, b))
            .collect();
        let mut slot = vec![u16::MAX; rules.box_count() * MAX_SCORE];
        let mut slots = 0;
        for (b, held) in scores.iter().enumerate() {
            for &s in held {
                slot[b * MAX_SCORE + s as usize] = slots as u16;
                slots += 1;
            }
        }
        Finals {
            slot,
            slots,
            scores,
            positive,
            yahtzee_rolls: (0..ROLLS)
                .filter(|&r| tables().keep(r).five_of_a_kind().is_some())
                .collect(),
        }
    }

    /// Room for a game's `cont` ([`Finals::fill`]).
    pub(crate) fn slots(&self) -> usize {
        self.slots
    }

    /// The place of box `b` holding `score` in a game's `cont`.
    pub(crate) fn slot(&self, b: usize, score: u32) -> usize {
        usize::from(self.slot[b * MAX_SCORE + score as usize])
    }

    /// The value of box `b` holding `score` from `state`: the score, its upper bonus and
    /// the value after (the strategy's expression).
    pub(crate) fn cont(rules: &RuleSet, values: &[f64], state: State, b: usize, s: u32) -> f64 {
        let (next, bonus) = rules.place(state, b, s);
        f64::from(s) + (f64::from(bonus) + values.value(rules, next))
    }

    /// For up to [`LANES`] turns at once (`states`, where no full house is forced; the
    /// lanes past them repeat the last): every open box's value for each score it can hold
    /// (`cont[slot][lane]`, [`Finals::cont`]; -inf where the box is filled) and each final
    /// roll's value (`out[roll][lane]`). The rolls' maxima run over the lanes together.
    pub(crate) fn fill_lanes(
        &self,
        rules: &RuleSet,
        values: &[f64],
        states: &[State],
        cont: &mut [[f64; LANES]],
        out: &mut [[f64; LANES]],
    ) {
        let n = states.len();
        debug_assert!((1..=LANES).contains(&n));
        let cont = &mut cont[..self.slots];
        cont.fill([f64::NEG_INFINITY; LANES]);
        let mut zero = [f64::NEG_INFINITY; LANES];
        let mut open_any = 0u32;
        for (lane, &state) in states.iter().enumerate() {
            debug_assert!(rules.full_house_forcing(state).is_none());
            for b in (0..rules.box_count()).filter(|&b| !state.is_filled(b)) {
                open_any |= 1 << b;
                for &s in &self.scores[b] {
                    let (next, bonus) = rules.place(state, b, s);
                    let v = f64::from(s) + (f64::from(bonus) + values[rules.state_index(next)]);
                    cont[self.slot(b, s)][lane] = v;
                    if s == 0 && v > zero[lane] {
                        zero[lane] = v;
                    }
                }
            }
        }
        for lane in n..LANES {
            zero[lane] = zero[n - 1];
            for c in cont.iter_mut() {
                c[lane] = c[n - 1];
            }
        }
        out[..ROLLS].fill(zero);
        for b in (0..rules.box_count()).filter(|&b| open_any >> b & 1 == 1) {
            let slots = &self.slot[b * MAX_SCORE..(b + 1) * MAX_SCORE];
            for &(r, s) in &self.positive[b] {
                let x = &cont[usize::from(slots[usize::from(s)])];
                let v = &mut out[usize::from(r)];
                for i in 0..LANES {
                    // This form is one vector max (values are never NaN).
                    v[i] = if x[i] > v[i] { x[i] } else { v[i] };
                }
            }
        }
        for lane in 0..LANES {
            let state = states[lane.min(n - 1)];
            for &r in &self.yahtzee_rolls {
                if let Some(v) = self.extra_yahtzee(rules, values, state, r) {
                    out[r][lane] = v;
                }
            }
            if rules.chance_chance_box(state).is_some() {
                let cc = chance_chance_value(rules, state, values);
                for v in &mut out[..ROLLS] {
                    if cc > v[lane] {
                        v[lane] = cc;
                    }
                }
            }
        }
    }

    /// The value of five of a kind `r` when it is an extra Yahtzee in `state` (the best of
    /// the moves the Joker rules allow, the strategy's expression), else `None`.
    fn extra_yahtzee(
        &self,
        rules: &RuleSet,
        values: &[f64],
        state: State,
        r: usize,
    ) -> Option<f64> {
        let dice = tables().keep(r);
        if !rules.is_extra_yahtzee(state, &dice) {
            return None;
        }
        let mut best = f64::NEG_INFINITY;
        rules.for_each_move(state, &dice, |m| {
            let after = f64::from(m.upper_bonus) + values.value(rules, m.next);
            let v = f64::from(m.score + m.yahtzee_bonus) + after;
            if v > best {
                best = v;
            }
        });
        Some(best)
    }
}
