//! Bots against each other over many seeded deals, played in parallel: each bot's win rate
//! (ties shared) with a 95% interval, its tie rate and mean total (`yahtzee duel`).
//!
//! Each deal is played once per rotation of the seats with the same dice seed, so no bot
//! profits from the first seat or from luckier dice; the deal (averaged over its
//! rotations) is the independent unit of the intervals.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use serde::Serialize;
use yahtzee_rules::RuleSet;

use crate::{bot, Aim, Bots, Game};

/// One bot's results over the deals.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BotResult {
    pub name: String,
    pub aim: String,
    /// Share of games won, ties shared among the tied.
    pub win_rate: f64,
    pub ci95: [f64; 2],
    pub p_tie: f64,
    pub mean_total: f64,
}

/// A duel's results as `yahtzee duel` reports them (`--json`: this object).
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    pub rules: &'static str,
    pub deals: u64,
    /// Deals × seatings: every deal is played once per rotation of the seats.
    pub games: u64,
    pub seed: u64,
    pub seconds: f64,
    pub bots: Vec<BotResult>,
}

impl Report {
    /// The report as `yahtzee duel` prints it: a line of what was played, then a row per
    /// bot, within 80 columns.
    pub fn text(&self) -> String {
        let mut out = yahtzee_rules::wrap(
            &format!(
                "rules {}: {} deals × {} seatings = {} games (seed {}) in {:.1} s",
                self.rules,
                self.deals,
                self.bots.len(),
                self.games,
                self.seed,
                self.seconds
            ),
            yahtzee_rules::COLUMNS,
            "  ",
        );
        out.push('\n');
        // 78 columns: names and aims are cut to their columns.
        out += &format!(
            "{:<12} {:<12} {:>9} {:>20} {:>8} {:>11}\n",
            "bot", "aim", "win rate", "95% interval", "ties", "mean total"
        );
        for b in &self.bots {
            out += &b.row();
        }
        out += "\nwin rate: share of games won, a tie shared among the tied\n";
        out
    }
}

impl BotResult {
    /// The bot's row of [`Report::text`].
    fn row(&self) -> String {
        let cut = |s: &str| s.chars().take(12).collect::<String>();
        format!(
            "{:<12} {:<12} {:>8.2}% {:>20} {:>7.2}% {:>11.2}\n",
            cut(&self.name),
            cut(&self.aim),
            100.0 * self.win_rate,
            format!(
                "[{:.2}%, {:.2}%]",
                100.0 * self.ci95[0],
                100.0 * self.ci95[1]
            ),
            100.0 * self.p_tie,
            self.mean_total
        )
    }
}

/// Per bot: (win share, tied, total), averaged over the rotations of one deal.
pub type Deal = Vec<(f64, f64, f64)>;

/// The bots of a duel from their `NAME:AIM` texts ([`crate::parse_bots`]), checked
/// ([`check_seats`]).
pub fn parse_seats(bots: &[String]) -> Result<Vec<(String, Aim)>, String> {
    let seats = crate::bot::parse_bots(bots)?;
    check_seats(&seats)?;
    Ok(seats)
}

/// Checks the bots of a duel: at least two, each named once.
pub fn check_seats(seats: &[(String, Aim)]) -> Result<(), String> {
    if seats.len() < 2 {
        return Err("a duel needs at least two --bot".into());
    }
    for (i, (n, _)) in seats.iter().enumerate() {
        if seats[..i].iter().any(|(m, _)| m == n) {
            return Err(format!("two bots are called '{n}'"));
        }
    }
    Ok(())
}

/// Plays `deals` deals of `rules` among `seats` (deal `g` with dice seed `seed + g`, the
/// same whatever the thread count), each thread with the bots `bots` makes; `progress`
/// is told of each deal played. The results in seat order.
pub fn duel<'a>(
    rules: &'static RuleSet,
    seats: &[(String, Aim)],
    deals: u64,
    seed: u64,
    bots: impl Fn() -> Bots<'a> + Sync + Send,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Vec<BotResult>, String> {
    check_seats(seats)?;
    let aims: Vec<Aim> = seats.iter().map(|s| s.1).collect();
    let played: Vec<Deal> = (0..deals)
        .into_par_iter()
        .map_init(bots, |bots, g| {
            let d = deal(bots, rules, &aims, seed.wrapping_add(g));
            progress(1);
            d
        })
        .collect::<Result<_, _>>()?;
    let k = played.len() as f64;
    Ok(seats
        .iter()
        .enumerate()
        .map(|(i, (name, aim))| {
            let win: Vec<f64> = played.iter().map(|d| d[i].0).collect();
            let mean = win.iter().sum::<f64>() / k;
            let var = win.iter().map(|w| (w - mean).powi(2)).sum::<f64>() / (k - 1.0);
            let half = 1.959_963_984_540_054 * (var / k).sqrt();
            BotResult {
                name: name.clone(),
                aim: aim.name(),
                win_rate: mean,
                ci95: [mean - half, mean + half],
                p_tie: played.iter().map(|d| d[i].1).sum::<f64>() / k,
                mean_total: played.iter().map(|d| d[i].2).sum::<f64>() / k,
            }
        })
        .collect())
}

/// One deal: the game played once per rotation of the seats, with the same dice seed.
pub fn deal(bots: &Bots, rules: &'static RuleSet, aims: &[Aim], seed: u64) -> Result<Deal, String> {
    let n = aims.len();
    let mut sums = vec![(0.0, 0.0, 0.0); n];
    for rot in 0..n {
        // Seat j holds bot (j + rot) % n.
        let order: Vec<usize> = (0..n).map(|j| (j + rot) % n).collect();
        let players = order.iter().map(|&b| (format!("{b}"), true)).collect();
        let seat_aims: Vec<Aim> = order.iter().map(|&b| aims[b]).collect();
        let mut game = Game::new(rules, players);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        bot::play_out(bots, &seat_aims, &mut game, &mut rng)
            .map_err(|e| format!("deal with seed {seed}: {e}"))?;
        let totals: Vec<u32> = game.players().iter().map(|p| p.card.total()).collect();
        let best = totals.iter().copied().max().unwrap_or(0);
        let winners = totals.iter().filter(|&&t| t == best).count();
        for (seat, &b) in order.iter().enumerate() {
            let s = &mut sums[b];
            if totals[seat] == best {
                s.0 += 1.0 / winners as f64;
                if winners > 1 {
                    s.1 += 1.0;
                }
            }
            s.2 += f64::from(totals[seat]);
        }
    }
    Ok(sums
        .into_iter()
        .map(|(w, t, x)| (w / n as f64, t / n as f64, x / n as f64))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_report_fits_80_columns_with_long_names_cut() {
        let bot = |name: &str| BotResult {
            name: name.into(),
            aim: "win-exact=6".into(),
            win_rate: 0.5,
            ci95: [0.45, 0.55],
            p_tie: 0.01,
            mean_total: 250.0,
        };
        let report = Report {
            rules: "forced",
            deals: 1000,
            games: 2000,
            seed: 1,
            seconds: 2.5,
            bots: vec![bot("a very long name indeed"), bot("b")],
        };
        let text = report.text();
        assert!(text.lines().all(|l| l.chars().count() <= 80), "{text}");
        let head = "rules forced: 1000 deals × 2 seatings = 2000 games (seed 1) in 2.5 s\n";
        assert!(text.starts_with(head), "{text}");
        assert!(text.contains("a very long  win-exact=6") && !text.contains("indeed"));
        assert!(text.contains("[45.00%, 55.00%]"), "{text}");
    }

    #[test]
    fn seats_are_read_then_checked() {
        let two = parse_seats(&["a".into(), "b:win".into()]).unwrap();
        assert_eq!(
            two,
            [
                ("a".to_string(), Aim::Expected),
                ("b".to_string(), Aim::Win)
            ]
        );
        let one = parse_seats(&["a".into()]).unwrap_err();
        assert_eq!(one, "a duel needs at least two --bot");
        assert!(parse_seats(&["a".into(), "a".into()]).is_err());
        assert!(parse_seats(&["a:bogus".into(), "b".into()]).is_err());
    }
}
