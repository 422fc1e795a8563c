//! One report for exact statistics and simulations: the tables `yahtzee stats` and
//! `yahtzee simulate` print, and their `--json` schema.
//!
//! Conventions: the `q`-quantile of the final total is the smallest total `x` with
//! P(total ≤ x) ≥ q. Simulated figures carry 95% confidence intervals: normal intervals
//! for means, the delta method for variances and standard deviations (from the fourth
//! moment), Wilson score intervals for probabilities, and order-statistic (binomial)
//! intervals for percentiles.

use serde::Serialize;
use yahtzee_rules::{Category, RuleSet, Scorecard};

use crate::{Exact, Moments, Tally};

/// The percentiles reported, as fractions.
pub const PERCENTILES: [f64; 7] = [0.01, 0.05, 0.25, 0.5, 0.75, 0.95, 0.99];

/// The totals whose tail probability P(total ≥ t) is reported.
pub const THRESHOLDS: [u32; 5] = [200, 250, 300, 400, 500];

/// z for a two-sided 95% interval.
const Z95: f64 = 1.959_963_984_540_054;

/// A figure, with its 95% confidence interval when it was estimated by simulation.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Estimate {
    pub value: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ci95: Option<[f64; 2]>,
}

impl Estimate {
    fn exact(value: f64) -> Estimate {
        Estimate { value, ci95: None }
    }

    /// The figure with `decimals` places and its interval, if any: `254.5877` or
    /// `254.60 [254.48, 254.72]`.
    pub fn text(&self, decimals: usize) -> String {
        match self.ci95 {
            None => format!("{:.*}", decimals, self.value),
            Some([lo, hi]) => format!(
                "{:.*} [{:.*}, {:.*}]",
                decimals, self.value, decimals, lo, decimals, hi
            ),
        }
    }

    /// The figure with `decimals` places and the larger half of its interval, if any:
    /// `254.5877` or `254.60 ± 0.12`. Shorter than [`Estimate::text`], so a table of three
    /// such figures fits 80 columns; the JSON keeps the exact interval.
    pub fn plus_minus(&self, decimals: usize) -> String {
        match self.ci95 {
            None => format!("{:.*}", decimals, self.value),
            Some([lo, hi]) => {
                let half = (hi - self.value).max(self.value - lo);
                format!("{:.*} ± {:.*}", decimals, self.value, decimals, half)
            }
        }
    }

    /// A probability as a percentage (two places), with the larger half of its interval if
    /// any: `68.07%` or `68.10 ± 0.12%` (as [`Estimate::plus_minus`]).
    pub fn percent_plus_minus(&self) -> String {
        self.scaled(100.0).plus_minus(2) + "%"
    }

    fn scaled(&self, by: f64) -> Estimate {
        Estimate {
            value: self.value * by,
            ci95: self.ci95.map(|[a, b]| [a * by, b * by]),
        }
    }

    /// A probability as a percentage (two places), with its interval if any: `68.07%` or
    /// `68.10 [67.98, 68.22]%`.
    pub fn percent(&self) -> String {
        self.scaled(100.0).text(2) + "%"
    }
}

/// The statistics of one quantity: a box, a bonus or the total.
#[derive(Clone, Debug, Serialize)]
pub struct Line {
    pub name: String,
    pub mean: Estimate,
    pub variance: Estimate,
    pub sd: Estimate,
    pub p_zero: Estimate,
}

#[derive(Clone, Debug, Serialize)]
pub struct Percentile {
    /// The fraction, e.g. 0.25 for the lower quartile.
    pub p: f64,
    pub total: Estimate,
}

impl Percentile {
    /// Its name in a report: `median`, `lower quartile`, `1st percentile`, `90th percentile`.
    pub fn name(&self) -> String {
        match self.p {
            0.5 => "median".to_string(),
            0.25 => "lower quartile".to_string(),
            0.75 => "upper quartile".to_string(),
            0.01 => "1st percentile".to_string(),
            q => format!("{}th percentile", (q * 100.0).round()),
        }
    }
}

#[derive(Clone, Debug, Serialize)]
pub struct Tail {
    pub at_least: u32,
    pub probability: Estimate,
}

/// How the figures were obtained.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Method {
    /// Exact dynamic programming over the table.
    Exact,
    /// Monte Carlo games.
    Simulation { games: u64, seed: u64 },
}

/// What the measured play aims for, when not the highest expected score, with the same
/// figures for expected-score play from the same card.
#[derive(Clone, Debug, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Aim {
    /// Maximise P(final total >= target).
    Target {
        target: u32,
        p_at_least: f64,
        expected_score_play: Versus,
    },
    /// Maximise P(win) + P(tie)/2 against opponents playing for expected score.
    Win {
        opponents: Vec<String>,
        p_win: f64,
        p_tie: f64,
        expected_score_play: Versus,
    },
}

/// Expected-score play's figures, for comparison with an [`Aim`].
#[derive(Clone, Debug, Serialize)]
pub struct Versus {
    pub mean: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub p_at_least: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub p_win: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub p_tie: Option<f64>,
}

/// Everything `yahtzee stats` and `yahtzee simulate` report.
#[derive(Clone, Debug, Serialize)]
pub struct Summary {
    pub rules: &'static str,
    pub method: Method,
    /// Set when the play measured aims for a target or to win (`stats --target`,
    /// `stats --opponent`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub aim: Option<Aim>,
    /// Points on the starting card.
    pub points_so_far: u32,
    /// The table's expected final total from the starting card.
    pub table_value: f64,
    /// Per box in card order (the bonuses and the total follow in their own fields).
    pub boxes: Vec<Line>,
    pub upper_bonus: Line,
    pub yahtzee_bonus: Line,
    /// House rule "mega-yahtzee": the Mega bonus (absent without the rule).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mega_bonus: Option<Line>,
    pub total: Line,
    pub p_upper_bonus: Estimate,
    /// Expected number of turns (still to play) ending in five of a kind.
    pub expected_yahtzees: Estimate,
    /// Expected number of turns (still to play) scoring an extra Yahtzee as a Joker in a
    /// lower box.
    pub expected_jokers: Estimate,
    pub percentiles: Vec<Percentile>,
    pub p_at_least: Vec<Tail>,
    /// P(final total = x) for x = 0, 1, ... (observed frequencies for a simulation).
    pub distribution: Vec<f64>,
}

impl Summary {
    /// The report as `yahtzee stats` and `yahtzee simulate` print it, every line within 80
    /// columns: how it was computed, a row per box (mean, sd, P(0); simulated figures with
    /// ± their interval), the bonuses, the percentiles and P(total >= t) ("0 (cannot be
    /// reached)" past `most`, the most a game from `card` can total), then the goal's
    /// figures against expected-score play. `secs`: the time it took.
    pub fn text(&self, card: &Scorecard, secs: f64, most: u32) -> String {
        let s = self;
        use std::fmt::Write;
        let mut out = String::new();
        // Every line within 80 columns: prose folds, tables are laid out to fit.
        macro_rules! println {
            () => { out.push('\n') };
            ($($t:tt)*) => {
                out += &yahtzee_rules::wrap(&format!($($t)*), yahtzee_rules::COLUMNS, "  ")
            };
        }
        let how = match s.method {
            Method::Exact => format!("exact statistics, computed in {secs:.1} s"),
            Method::Simulation { games, seed } => format!(
                "{games} simulated games (seed {seed}) in {secs:.1} s, with 95% confidence \
                 intervals (± the wider side in the table; --json has each side)"
            ),
        };
        let play = match &s.aim {
            None => "optimal play".to_string(),
            Some(Aim::Target { target, .. }) => format!("play for a total of {target} or more"),
            Some(Aim::Win { opponents, .. }) => format!(
                "play to beat {} opponent{}",
                opponents.len(),
                if opponents.len() == 1 { "" } else { "s" }
            ),
        };
        println!("rules {}: {play}, {how}", s.rules);
        if card.state().turns_played() > 0 {
            println!(
                "from the card '{}' ({} points so far)",
                Scorecard::text(card),
                s.points_so_far
            );
        }
        println!("table's expected final total: {:.4}", s.table_value);
        println!();
        // Simulated figures carry ± their interval: 18 wide (`254.5877 ± 0.0751`), else 10.
        let wide = s.total.mean.ci95.is_some();
        let (w, pw) = if wide { (18, 14) } else { (10, 10) };
        let nw = s
            .boxes
            .iter()
            .map(|l| l.name.len())
            .max()
            .unwrap_or(0)
            .max(14);
        let _ = writeln!(
            out,
            "{:<nw$} {:>w$} {:>w$} {:>pw$}",
            "", "mean", "sd", "P(0)"
        );
        let row = |out: &mut String, l: &Line| {
            let _ = writeln!(
                out,
                "{:<nw$} {:>w$} {:>w$} {:>pw$}",
                l.name,
                l.mean.plus_minus(4),
                l.sd.plus_minus(4),
                l.p_zero.percent_plus_minus(),
            );
        };
        for l in &s.boxes {
            row(&mut out, l);
        }
        row(&mut out, &s.upper_bonus);
        row(&mut out, &s.yahtzee_bonus);
        if let Some(mega) = &s.mega_bonus {
            row(&mut out, mega);
        }
        row(&mut out, &s.total);
        println!();
        println!("P(upper bonus)        {}", s.p_upper_bonus.percent());
        println!(
            "Yahtzees per game     {} (turns ending in five of a kind)",
            s.expected_yahtzees.text(4)
        );
        println!(
            "Jokers per game       {} (extra Yahtzees in a lower box)",
            s.expected_jokers.text(4)
        );
        println!();
        println!("final total:");
        for p in &s.percentiles {
            println!("  {:<17} {}", p.name(), p.total.text(0));
        }
        for t in &s.p_at_least {
            let p = if t.at_least > most {
                "0 (cannot be reached)".to_string()
            } else {
                t.probability.percent()
            };
            println!("  {:<17} {p}", format!("P(total >= {})", t.at_least));
        }
        match &s.aim {
            None => {}
            Some(Aim::Target {
                target,
                p_at_least,
                expected_score_play: v,
            }) => {
                println!();
                println!(
                    "P(total >= {target}): {:.4}% with this play, {:.4}% playing for expected score",
                    100.0 * p_at_least,
                    100.0 * v.p_at_least.unwrap_or(f64::NAN)
                );
                println!(
                    "mean: {:.4} with this play, {:.4} playing for expected score (cost {:.4})",
                    s.total.mean.value,
                    v.mean,
                    v.mean - s.total.mean.value
                );
            }
            Some(Aim::Win {
                opponents,
                p_win,
                p_tie,
                expected_score_play: v,
            }) => {
                println!();
                for o in opponents {
                    println!("opponent: '{o}' (plays for expected score)");
                }
                println!(
                    "P(win): {:.4}% with this play, {:.4}% playing for expected score",
                    100.0 * p_win,
                    100.0 * v.p_win.unwrap_or(f64::NAN)
                );
                println!(
                    "P(tie): {:.4}% with this play, {:.4}% playing for expected score",
                    100.0 * p_tie,
                    100.0 * v.p_tie.unwrap_or(f64::NAN)
                );
                println!(
                    "mean: {:.4} with this play, {:.4} playing for expected score",
                    s.total.mean.value, v.mean
                );
            }
        }
        out
    }

    /// The report of exact statistics.
    pub fn exact(e: &Exact) -> Summary {
        let line = |name: String, m: &Moments| Line {
            name,
            mean: Estimate::exact(m.mean),
            variance: Estimate::exact(m.variance()),
            sd: Estimate::exact(m.sd()),
            p_zero: Estimate::exact(m.p_zero),
        };
        let d = &e.distribution;
        Summary {
            rules: e.rules.name,
            method: Method::Exact,
            aim: None,
            points_so_far: e.points_so_far,
            table_value: e.table_value,
            boxes: box_names(e.rules)
                .zip(&e.boxes)
                .map(|(n, m)| line(n, m))
                .collect(),
            upper_bonus: line("upper bonus".into(), &e.upper_bonus),
            yahtzee_bonus: line("yahtzee bonus".into(), &e.yahtzee_bonus),
            mega_bonus: e
                .rules
                .house
                .mega_yahtzee
                .then(|| line("mega bonus".into(), &e.mega_bonus)),
            total: line("total".into(), &e.total),
            p_upper_bonus: Estimate::exact(e.p_upper_bonus()),
            expected_yahtzees: Estimate::exact(e.yahtzees),
            expected_jokers: Estimate::exact(e.jokers),
            percentiles: PERCENTILES
                .iter()
                .map(|&p| Percentile {
                    p,
                    total: Estimate::exact(f64::from(quantile(d, p))),
                })
                .collect(),
            p_at_least: THRESHOLDS
                .iter()
                .map(|&t| Tail {
                    at_least: t,
                    probability: Estimate::exact(e.p_at_least(t)),
                })
                .collect(),
            distribution: d.clone(),
        }
    }

    /// The report of a simulation, with 95% confidence intervals.
    pub fn simulated(
        rules: &'static RuleSet,
        t: &Tally,
        points_so_far: u32,
        table_value: f64,
        seed: u64,
    ) -> Summary {
        let n = t.games;
        let total = histogram_line("total".into(), &t.total, n);
        let p_bonus = t.upper_bonus.iter().skip(1).sum::<u64>();
        let frequencies: Vec<f64> = t.total.iter().map(|&c| c as f64 / n as f64).collect();
        Summary {
            rules: rules.name,
            method: Method::Simulation { games: n, seed },
            aim: None,
            points_so_far,
            table_value,
            boxes: box_names(rules)
                .zip(&t.boxes)
                .map(|(name, h)| histogram_line(name, h, n))
                .collect(),
            upper_bonus: histogram_line("upper bonus".into(), &t.upper_bonus, n),
            yahtzee_bonus: histogram_line("yahtzee bonus".into(), &t.yahtzee_bonus, n),
            mega_bonus: rules
                .house
                .mega_yahtzee
                .then(|| histogram_line("mega bonus".into(), &t.mega_bonus, n)),
            total,
            p_upper_bonus: proportion(p_bonus, n),
            expected_yahtzees: histogram_line(String::new(), &t.yahtzees, n).mean,
            expected_jokers: histogram_line(String::new(), &t.jokers, n).mean,
            percentiles: PERCENTILES
                .iter()
                .map(|&p| Percentile {
                    p,
                    total: sample_quantile(&t.total, n, p),
                })
                .collect(),
            p_at_least: THRESHOLDS
                .iter()
                .map(|&at| Tail {
                    at_least: at,
                    probability: proportion(t.total.iter().skip(at as usize).sum(), n),
                })
                .collect(),
            distribution: frequencies,
        }
    }

    /// The median final total.
    pub fn median(&self) -> f64 {
        self.percentiles
            .iter()
            .find(|p| p.p == 0.5)
            .map_or(f64::NAN, |p| p.total.value)
    }
}

fn box_names(rules: &RuleSet) -> impl Iterator<Item = String> + '_ {
    rules.boxes.iter().map(|c: &Category| c.name().to_string())
}

/// The smallest `x` with `Σ_{y ≤ x} p[y] ≥ q` (probabilities summing to 1).
pub fn quantile(p: &[f64], q: f64) -> u32 {
    let mut cum = 0.0;
    for (x, &px) in p.iter().enumerate() {
        cum += px;
        if cum >= q {
            return x as u32;
        }
    }
    p.len().saturating_sub(1) as u32
}

/// The `k`-th smallest observation (1-based) of a histogram.
fn order_statistic(h: &[u64], k: u64) -> u32 {
    let mut cum = 0;
    for (x, &c) in h.iter().enumerate() {
        cum += c;
        if cum >= k {
            return x as u32;
        }
    }
    h.len().saturating_sub(1) as u32
}

/// Sample quantile with a distribution-free 95% interval from the binomial ranks.
fn sample_quantile(h: &[u64], n: u64, q: f64) -> Estimate {
    let nf = n as f64;
    let rank = |r: f64| (r.clamp(1.0, nf)) as u64;
    let half = Z95 * (nf * q * (1.0 - q)).sqrt();
    let value = order_statistic(h, rank((nf * q).ceil()));
    let lo = order_statistic(h, rank((nf * q - half).floor()));
    let hi = order_statistic(h, rank((nf * q + half).ceil() + 1.0));
    Estimate {
        value: f64::from(value),
        ci95: Some([f64::from(lo), f64::from(hi)]),
    }
}

/// A proportion `k / n` with its Wilson score interval.
fn proportion(k: u64, n: u64) -> Estimate {
    let (k, n) = (k as f64, n as f64);
    let p = k / n;
    let z2 = Z95 * Z95;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = Z95 / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    Estimate {
        value: p,
        ci95: Some([(centre - half).max(0.0), (centre + half).min(1.0)]),
    }
}

/// Sample statistics of a histogram of `n` whole-valued observations.
fn histogram_line(name: String, h: &[u64], n: u64) -> Line {
    let nf = n as f64;
    let mean = h
        .iter()
        .enumerate()
        .map(|(x, &c)| x as f64 * c as f64)
        .sum::<f64>()
        / nf;
    let central = |k: i32| {
        h.iter()
            .enumerate()
            .map(|(x, &c)| (x as f64 - mean).powi(k) * c as f64)
            .sum::<f64>()
            / nf
    };
    let m2 = central(2);
    let m4 = central(4);
    let var = m2 * nf / (nf - 1.0).max(1.0);
    let mean_half = Z95 * (var / nf).sqrt();
    // Delta method: Var(s²) ≈ (μ4 − σ⁴) / n.
    let var_half = Z95 * ((m4 - m2 * m2).max(0.0) / nf).sqrt();
    let var_ci = [(var - var_half).max(0.0), var + var_half];
    Line {
        name,
        mean: Estimate {
            value: mean,
            ci95: Some([mean - mean_half, mean + mean_half]),
        },
        variance: Estimate {
            value: var,
            ci95: Some(var_ci),
        },
        sd: Estimate {
            value: var.sqrt(),
            ci95: Some([var_ci[0].sqrt(), var_ci[1].sqrt()]),
        },
        p_zero: proportion(h.first().copied().unwrap_or(0), n),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn figures_are_written_with_their_intervals() {
        let exact = Estimate::exact(254.58771);
        assert_eq!(exact.text(4), "254.5877");
        assert_eq!(exact.text(0), "255");
        let sampled = Estimate {
            value: 0.681,
            ci95: Some([0.6798, 0.6822]),
        };
        assert_eq!(sampled.text(3), "0.681 [0.680, 0.682]");
        assert_eq!(sampled.percent(), "68.10 [67.98, 68.22]%");
        assert_eq!(Estimate::exact(0.0750).percent(), "7.50%");
        // ± the wider side of the interval.
        assert_eq!(sampled.plus_minus(3), "0.681 ± 0.001");
        assert_eq!(sampled.percent_plus_minus(), "68.10 ± 0.12%");
        assert_eq!(exact.plus_minus(2), "254.59");
    }

    #[test]
    fn percentiles_are_named() {
        let named = |p| {
            Percentile {
                p,
                total: Estimate::exact(0.0),
            }
            .name()
        };
        assert_eq!(named(0.5), "median");
        assert_eq!(named(0.25), "lower quartile");
        assert_eq!(named(0.75), "upper quartile");
        assert_eq!(named(0.01), "1st percentile");
        assert_eq!(named(0.9), "90th percentile");
        assert_eq!(named(0.99), "99th percentile");
    }
}
