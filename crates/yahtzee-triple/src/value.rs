//! Approximate values of Triple Yahtzee positions: what each turn is played against.
//!
//! The exact value function would need 2^39 filled sets; instead a position is valued as
//! the sum of its columns' solitaire values, each times its multiplier (the value of three
//! independent optimal solitaire games), plus a linear correction `w[t] · φ(s)` fitted per
//! turn number `t` ([`crate::fit`]): the features say what the solitaire sum misses — the
//! choice of column for each roll, the 1978 chips not being multiplied, the Forum bonuses.

use std::sync::Arc;

use yahtzee_rules::Category;

use crate::game::{Triple, TripleState, Variant, COLUMNS, MULTIPLIERS};

/// Number of features of [`features`].
pub const FEATURES: usize = 29;

/// Per turn number (boxes filled), the weights of the correction.
pub type Weights = Vec<[f64; FEATURES]>;

/// Which value of the next position a player aims at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Kind {
    /// This turn's points only: the next position is worth 0 (the one-turn greedy player).
    Greedy,
    /// Σ multiplier × solitaire value of each column: three independent optimal columns.
    Solitaire,
    /// The solitaire sum plus the fitted correction: the engine's strategy.
    Fitted,
}

impl Kind {
    /// Every kind, the engine's strategy first: the order simulations report them in.
    pub const ALL: [Kind; 3] = [Kind::Fitted, Kind::Solitaire, Kind::Greedy];

    pub fn name(self) -> &'static str {
        match self {
            Kind::Greedy => "greedy",
            Kind::Solitaire => "solitaire",
            Kind::Fitted => "fitted",
        }
    }

    pub fn from_name(s: &str) -> Option<Kind> {
        Kind::ALL
            .into_iter()
            .find(|k| k.name() == s.trim().to_ascii_lowercase())
    }
}

/// Values positions of one game for one [`Kind`].
#[derive(Clone)]
pub struct Valuer {
    pub game: Triple,
    pub kind: Kind,
    /// The base rule set's solved table, indexed by `RuleSet::state_index`.
    table: Arc<Vec<f64>>,
    weights: Weights,
    layout: Layout,
}

/// Where the boxes the features look at sit on the base card.
#[derive(Clone, Copy)]
struct Layout {
    upper_mask: u32,
    lower_mask: u32,
    yahtzee: Option<usize>,
}

impl Valuer {
    /// A valuer; `weights` (one row per turn number, [`Triple::turns`] rows) is read only
    /// for [`Kind::Fitted`].
    pub fn new(game: Triple, kind: Kind, table: Arc<Vec<f64>>, weights: Weights) -> Valuer {
        assert_eq!(
            table.len(),
            game.rules.state_count(),
            "table of another rule set"
        );
        assert!(kind != Kind::Fitted || weights.len() == game.turns());
        let rules = game.rules;
        let upper_mask = (0..rules.box_count())
            .filter(|&b| rules.boxes[b].upper_face().is_some())
            .fold(0, |m, b| m | 1 << b);
        let full = (1u32 << rules.box_count()) - 1;
        let layout = Layout {
            upper_mask,
            lower_mask: full & !upper_mask,
            yahtzee: rules.box_index(Category::Yahtzee),
        };
        Valuer {
            game,
            kind,
            table,
            weights,
            layout,
        }
    }

    /// The same game and table, another kind (and weights).
    pub fn with_kind(&self, kind: Kind, weights: Weights) -> Valuer {
        Valuer::new(self.game, kind, self.table.clone(), weights)
    }

    pub fn weights(&self) -> &Weights {
        &self.weights
    }

    /// Replaces the correction of turn number `t` (used while fitting, level by level).
    pub fn set_weights(&mut self, t: usize, w: [f64; FEATURES]) {
        self.weights[t] = w;
    }

    /// The approximate value of the points still to come from `s`.
    #[inline]
    pub fn value(&self, s: &TripleState) -> f64 {
        match self.kind {
            Kind::Greedy => 0.0,
            Kind::Solitaire => self.base(s),
            Kind::Fitted => {
                let t = s.turns_played() as usize;
                if t == self.game.turns() {
                    return 0.0;
                }
                let phi = self.features(s);
                let w = &self.weights[t];
                self.base(s) + phi.iter().zip(w).map(|(a, b)| a * b).sum::<f64>()
            }
        }
    }

    /// Σ multiplier × solitaire value of each column.
    #[inline]
    pub fn base(&self, s: &TripleState) -> f64 {
        let rules = self.game.rules;
        (0..COLUMNS)
            .map(|c| f64::from(MULTIPLIERS[c]) * self.table[rules.state_index(s.cols[c])])
            .sum()
    }

    /// The correction's features of a position. Per column: open upper and lower boxes,
    /// Yahtzee box open / holding 50 (and 50 × open boxes, how long a chip can still come),
    /// upper bonus secured, open upper boxes while the bonus is still to make; over the
    /// card: boxes open in two or three columns (room to choose the column); under the
    /// Forum rules, after a first Yahtzee: a constant, each column's Yahtzee box still
    /// open, and all three Yahtzee boxes holding 50.
    pub fn features(&self, s: &TripleState) -> [f64; FEATURES] {
        let l = self.layout;
        let rules = self.game.rules;
        let mut phi = [0.0; FEATURES];
        phi[0] = 1.0;
        for (c, col) in s.cols.iter().enumerate() {
            let open = !col.filled();
            let open_upper = (open & l.upper_mask).count_ones();
            let open_lower = (open & l.lower_mask).count_ones();
            let y50 = f64::from(u8::from(col.yahtzee_50()));
            let yopen = l
                .yahtzee
                .map_or(0.0, |y| f64::from(u8::from(!col.is_filled(y))));
            let bonus_done = u32::from(col.upper()) >= rules.upper_threshold;
            let f = &mut phi[1 + 7 * c..8 + 7 * c];
            f[0] = f64::from(open_upper);
            f[1] = f64::from(open_lower);
            f[2] = y50;
            f[3] = y50 * f64::from(open_upper + open_lower);
            f[4] = yopen;
            f[5] = f64::from(u8::from(bonus_done));
            f[6] = if bonus_done {
                0.0
            } else {
                f64::from(open_upper)
            };
        }
        let (two, three) = self.shared_open(s);
        phi[22] = two;
        phi[23] = three;
        if self.game.variant == Variant::Forum && s.yahtzees > 0 {
            // After a first Yahtzee every open Yahtzee box waits for a bonus; with three
            // 50s every later Yahtzee earns 300.
            phi[24] = 1.0;
            for (c, col) in s.cols.iter().enumerate() {
                phi[25 + c] = l
                    .yahtzee
                    .map_or(0.0, |y| f64::from(u8::from(!col.is_filled(y))));
            }
            phi[28] = f64::from(u8::from(s.cols.iter().all(|c| c.yahtzee_50())));
        }
        phi
    }

    /// Boxes open in at least two columns, and in all three.
    fn shared_open(&self, s: &TripleState) -> (f64, f64) {
        let [a, b, c] = s.cols.map(|col| !col.filled());
        let full = (1u32 << self.game.boxes()) - 1;
        let two = ((a & b) | (a & c) | (b & c)) & full;
        let three = a & b & c & full;
        (f64::from(two.count_ones()), f64::from(three.count_ones()))
    }
}
