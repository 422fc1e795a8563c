//! A [`Report`] as text, as `yahtzee advise` prints it.

use crate::Report;

impl Report {
    /// The report as `yahtzee advise` prints it: the position, the goal's chance, then the
    /// best `shown` options with their values and losses.
    pub fn text(&self, shown: usize) -> String {
        let r = self;
        use std::fmt::Write;
        let mut out = String::new();
        macro_rules! println {
            ($($t:tt)*) => { writeln!(out, $($t)*).expect("writing to a String") };
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
        // The label column: 26 wide, more for the Mega turn's "box (score) with five dice".
        let w = if r.options.iter().any(|o| o.scored.is_some()) {
            38
        } else {
            26
        };
        if win {
            println!(
                "{:>3}  {:<w$} {:>9} {:>9} {:>12} {:>10}",
                "#", what, "P(win)", "P(tie)", "expected", "loss"
            );
        } else if target.is_some() {
            println!(
                "{:>3}  {:<w$} {:>10} {:>12} {:>10}",
                "#", what, "P(>=target)", "expected", "loss"
            );
        } else {
            println!("{:>3}  {:<w$} {:>12} {:>10}", "#", what, "expected", "loss");
        }
        for (i, o) in r.options.iter().enumerate().take(shown) {
            let faces = |k: &[u8]| k.iter().map(u8::to_string).collect::<Vec<_>>().join(" ");
            let label = match (&o.keep, o.category) {
                (Some(k), _) if o.mulligan && k.is_empty() => "mulligan: reroll all".to_string(),
                (Some(k), _) if o.mulligan => format!("mulligan: keep {}", faces(k)),
                (None, Some(_)) if o.chance_chance => "chance-chance (reroll all)".to_string(),
                (Some(k), _) if k.is_empty() => "nothing (reroll all)".to_string(),
                (Some(k), _) if k.len() == r.dice.len() => {
                    let faces: Vec<String> = k.iter().map(u8::to_string).collect();
                    format!("{} (all)", faces.join(" "))
                }
                (Some(k), _) => k.iter().map(u8::to_string).collect::<Vec<_>>().join(" "),
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
            let loss = if o.loss == 0.0 {
                "best".to_string()
            } else {
                format!("-{:.4}", o.loss)
            };
            match o.p_at_least {
                _ if win => println!(
                    "{:>3}  {:<w$} {:>8.4}% {:>8.4}% {:>12.4} {:>10}",
                    i + 1,
                    label,
                    100.0 * o.p_win.unwrap_or(0.0),
                    100.0 * o.p_tie.unwrap_or(0.0),
                    o.ev_remaining,
                    loss
                ),
                Some(p) => println!(
                    "{:>3}  {:<w$} {:>10.4}% {:>12.4} {:>10}",
                    i + 1,
                    label,
                    100.0 * p,
                    o.ev_remaining,
                    loss
                ),
                None => println!(
                    "{:>3}  {:<w$} {:>12.4} {:>10}",
                    i + 1,
                    label,
                    o.ev_remaining,
                    loss
                ),
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
