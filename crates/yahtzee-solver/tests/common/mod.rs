//! The plain reference pieces both solver test files check the kernel against.

use std::sync::OnceLock;

use yahtzee_rules::{mega_tables, tables, Dice, DiceTables};

/// For every keep, the rolls it can become and their probabilities, by counting the ways
/// the missing dice can fall.
pub fn outcomes() -> &'static Vec<Vec<(usize, f64)>> {
    static OUTCOMES: OnceLock<Vec<Vec<(usize, f64)>>> = OnceLock::new();
    OUTCOMES.get_or_init(|| outcomes_of(tables()))
}

/// For every roll of five, the keeps it allows (its sub-multisets) by index: listed once,
/// since the references ask for them in every state.
pub fn sub_keeps() -> &'static Vec<Vec<usize>> {
    static SUBS: OnceLock<Vec<Vec<usize>>> = OnceLock::new();
    SUBS.get_or_init(|| {
        let t = tables();
        let rolls = t.size_range(t.dice()).len();
        (0..rolls)
            .map(|x| t.keep(x).sub_keeps().iter().map(|k| k.index()).collect())
            .collect()
    })
}

/// [`outcomes`] for six dice (house rule "mega-yahtzee"), over [`mega_tables`].
#[allow(dead_code)]
pub fn mega_outcomes() -> &'static Vec<Vec<(usize, f64)>> {
    static OUTCOMES: OnceLock<Vec<Vec<(usize, f64)>>> = OnceLock::new();
    OUTCOMES.get_or_init(|| outcomes_of(mega_tables()))
}

fn outcomes_of(t: &DiceTables) -> Vec<Vec<(usize, f64)>> {
    {
        let prob = |keep: &Dice, roll: &Dice| -> f64 {
            let rest: Vec<u8> = (0..6)
                .map(|f| roll.counts()[f] - keep.counts()[f])
                .collect();
            let n: u32 = rest.iter().map(|&c| u32::from(c)).sum();
            let fact = |k: u32| (1..=k).product::<u32>() as f64;
            let ways = rest
                .iter()
                .fold(fact(n), |acc, &c| acc / fact(u32::from(c)));
            ways / 6f64.powi(n as i32)
        };
        let rolls = t.size_range(t.dice()).len();
        (0..t.keep_count())
            .map(|k| {
                let keep = t.keep(k);
                (0..rolls)
                    .filter(|&x| t.keep(x).contains(&keep))
                    .map(|x| (x, prob(&keep, &t.keep(x))))
                    .collect()
            })
            .collect()
    }
}
