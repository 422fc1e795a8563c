//! A [`Report`] as text, as `yahtzee advise` prints it.

use std::fmt::Write;

use crate::{Report, ReportOption};

/// The widest line the report prints: a terminal's 80 columns.
const WIDTH: usize = 80;

/// What an option is called in the report: the dice kept, or the box with its score, the
/// Joker and the extra-Yahtzee bonus it earns (so a player sees where a large value comes
/// from), or a house rule's action.
fn label(r: &Report, o: &ReportOption) -> String {
    let faces = |k: &[u8]| k.iter().map(u8::to_string).collect::<Vec<_>>().join(" ");
    let mut label = match (&o.keep, o.category) {
        (Some(k), _) if o.mulligan && k.is_empty() => "mulligan: reroll all".to_string(),
        (Some(k), _) if o.mulligan => format!("mulligan: keep {}", faces(k)),
        (None, Some(_)) if o.chance_chance => "chance-chance (reroll all)".to_string(),
        (Some(k), _) if k.is_empty() => "nothing (reroll all)".to_string(),
        (Some(k), _) if k.len() == r.dice.len() => format!("{} (all)", faces(k)),
        (Some(k), _) => faces(k),
        (None, Some(c)) => match &o.scored {
            Some(five) => format!("{c} ({}) with {}", o.score.unwrap_or(0), faces(five)),
            None => format!("{c} ({})", o.score.unwrap_or(0)),
        },
        (None, None) => match o.sixth_die {
            Some(true) => "take the sixth die".to_string(),
            Some(false) => "roll five dice".to_string(),
            None => String::new(),
        },
    };
    match (o.joker, o.yahtzee_bonus) {
        (true, 0) => label += " Joker",
        (true, bonus) => label += &format!(" Joker, +{bonus} bonus"),
        (false, 0) => {}
        (false, bonus) => label += &format!(" +{bonus} bonus"),
    }
    label
}

impl Report {
    /// The report as `yahtzee advise` prints it: the position, the goal's chance, then the
    /// best `shown` options with their values and losses.
    pub fn text(&self, shown: usize) -> String {
        let r = self;
        let mut out = String::new();
        // Prose lines fold at 80 columns (a long rule-set name, several opponents).
        macro_rules! println {
            () => { out.push('\n') };
            ($($t:tt)*) => { out += &yahtzee_rules::wrap(&format!($($t)*), WIDTH, "  ") };
        }
        let dice: Vec<String> = r.dice.iter().map(u8::to_string).collect();
        if r.rolls_left == 3 {
            println!(
                "rules {}, before the turn's first roll, sixth die in hand, {} points on the card",
                r.rules, r.points_so_far
            );
        } else if r.mulligan.is_some() {
            println!(
                "rules {}, dice {} (the mulligan's roll, spent this turn), {} points on the card",
                r.rules,
                dice.join(" "),
                r.points_so_far
            );
        } else {
            println!(
                "rules {}, dice {}, {} roll{} left, {} points on the card",
                r.rules,
                dice.join(" "),
                r.rolls_left,
                if r.rolls_left == 1 { "" } else { "s" },
                r.points_so_far
            );
        }
        println!(
            "expected final total with optimal play: {:.4}",
            r.expected_final
        );
        let target = r.target.zip(r.target_status);
        if let Some((t, status)) = target {
            let p = r.options[0].p_at_least.unwrap_or(0.0);
            match status {
                "reached" => println!(
                    "target {t}: already reached with {} points on the card; options ranked by expected score",
                    r.points_so_far
                ),
                "out of reach" => println!(
                    "target {t}: out of reach (no rolls can add {} points); options ranked by expected score",
                    t - r.points_so_far
                ),
                _ => println!(
                    "target {t}: best chance to finish with {t} or more is {:.4}%",
                    100.0 * p
                ),
            }
        }
        let win = r.opponents.is_some();
        if let Some(opponents) = &r.opponents {
            let o = &r.options[0];
            println!(
                "against {} opponent{} playing for expected score: best chance to win {:.4}%, to tie {:.4}%",
                opponents.len(),
                if opponents.len() == 1 { "" } else { "s" },
                100.0 * o.p_win.unwrap_or(0.0),
                100.0 * o.p_tie.unwrap_or(0.0)
            );
        }
        println!();
        // With rolls left the options are keeps, unless a rule forces scoring now (fool-house).
        let what = if r.rolls_left == 3 {
            "sixth die (mega-yahtzee)"
        } else if r.rolls_left > 0 && r.options.iter().all(|o| o.category.is_none()) {
            "keep"
        } else if r.rolls_left > 0 {
            "box (scored at once)"
        } else {
            "box or action"
        };
        let so_far = f64::from(r.points_so_far);
        // One row per option: its label, then the figures right-aligned under `heads`.
        let (heads, widths): (&[&str], &[usize]) = if win {
            (
                &["P(win)", "P(tie)", "final total", "loss"],
                &[10, 10, 12, 10],
            )
        } else if target.is_some() {
            (&["P(>=target)", "final total", "loss"], &[12, 12, 10])
        } else {
            (&["final total", "loss"], &[12, 10])
        };
        let rows: Vec<(String, Vec<String>)> = r
            .options
            .iter()
            .take(shown)
            .map(|o| {
                let pct = |p: Option<f64>| format!("{:.4}%", 100.0 * p.unwrap_or(0.0));
                let loss = if o.loss == 0.0 {
                    "best".to_string()
                } else {
                    format!("{:.4}", o.loss)
                };
                let mut figures = Vec::new();
                if win {
                    figures.push(pct(o.p_win));
                    figures.push(pct(o.p_tie));
                } else if target.is_some() {
                    figures.push(pct(o.p_at_least));
                }
                figures.push(format!("{:.4}", so_far + o.ev_remaining));
                figures.push(loss);
                (label(r, o), figures)
            })
            .collect();
        // The label column as wide as the longest label, within 80 columns: a longer label
        // (a Mega turn's Joker with its five dice) gets a line of its own.
        let figures_width: usize = widths.iter().sum();
        let room = WIDTH - 6 - figures_width;
        let longest = rows
            .iter()
            .map(|(l, _)| l.chars().count())
            .max()
            .unwrap_or(0);
        let w = longest.max(what.len()).max(10).min(room);
        let line = |out: &mut String, rank: &str, label: &str, cells: &[String]| {
            let mut row = format!("{rank:>3}  {label:<w$} ");
            for (cell, width) in cells.iter().zip(widths) {
                let _ = write!(row, "{cell:>width$}");
            }
            *out += row.trim_end();
            out.push('\n');
        };
        let mut over: Vec<String> = vec![String::new(); heads.len()];
        over[heads.len() - 2] = "expected".to_string();
        line(&mut out, "", "", &over);
        let heads: Vec<String> = heads.iter().map(|h| h.to_string()).collect();
        line(&mut out, "#", what, &heads);
        for (i, (label, figures)) in rows.iter().enumerate() {
            let rank = (i + 1).to_string();
            if label.chars().count() > w {
                let _ = writeln!(out, "{rank:>3}  {label}");
                line(&mut out, "", "", figures);
            } else {
                line(&mut out, &rank, label, figures);
            }
        }
        if r.options.len() > shown {
            let more = r.options.len() - shown;
            println!(
                "     ... {more} more option{} (--all shows them)",
                if more == 1 { "" } else { "s" }
            );
        }
        out
    }
}

impl Report {
    /// `advise --explain` in words: where the best option's expected final total comes
    /// from, then for each option of `asked` (indices into the options) the parts that
    /// differ most from the best's. Empty where the options hold no explanation.
    pub fn explain_text(&self, asked: &[usize]) -> String {
        let mut out = String::new();
        let Some(best) = self.options.first().and_then(|o| o.explain.as_ref()) else {
            return out;
        };
        let parts = best.parts_in_words();
        out += &yahtzee_rules::wrap(
            &format!(
                "\nwhere #1's {:.2} comes from (expected final score of each box; the chance of a box that scores one value): {}",
                self.expected_final,
                parts.join(", ")
            ),
            WIDTH,
            "  ",
        );
        for &i in asked.iter().filter(|&&i| i > 0) {
            let Some(o) = self.options.get(i) else {
                continue;
            };
            let why = o
                .explain
                .as_ref()
                .map(|e| e.why.join(", "))
                .unwrap_or_default();
            let why = if why.is_empty() {
                "the same parts".to_string()
            } else {
                why
            };
            out += &yahtzee_rules::wrap(
                &format!("#{} {} against #1: {why}", i + 1, label(self, o)),
                WIDTH,
                "  ",
            );
        }
        out
    }

    /// The option a player names: its number in the list (from 1), or its label as the
    /// list prints it ("3 3 4", "keep 3 3 4", "chance (22)", "chance"), ignoring case and
    /// spaces.
    pub fn option_named(&self, name: &str) -> Option<usize> {
        if let Ok(n) = name.trim().parse::<usize>() {
            return (1..=self.options.len()).contains(&n).then(|| n - 1);
        }
        let squeeze = |s: &str| -> String {
            let s = s.to_lowercase();
            let s = s
                .trim()
                .strip_prefix("keep")
                .unwrap_or(s.trim())
                .to_string();
            s.chars()
                .filter(|c| !c.is_whitespace() && *c != '_')
                .collect()
        };
        let want = squeeze(name);
        self.options.iter().position(|o| {
            let l = squeeze(&label(self, o));
            l == want || l.split('(').next() == Some(want.as_str())
        })
    }
}
