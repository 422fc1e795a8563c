//! Advice for playing to win: every option ranked by the probability of finishing first
//! against opponents whose final totals have known distributions.
//!
//! Opponents who play for expected score from their cards end with totals that do not
//! depend on this player's play (their exact distributions come from the statistics
//! engine), so the best response is exact: the points kernel ([`PointsPlan`]) over this
//! player's future states with the chance of winning as the final payoff. The coordinate is
//! `c = top - x` for points `x` on the card, where `top` is one more than the highest total
//! any opponent can reach (so `c <= 0` is a certain win).
//!
//! **Ties count half**: the payoff of a final total `x` is P(every opponent ends below `x`)
//! plus half P(no opponent ends above `x` and one ends on it). The kernel carries the tie
//! probability beside it ([`WinTie`]) under the same decisions, so each option reports
//! P(win) and P(tie) separately (P(loss) is the rest).

use std::cell::RefCell;

use yahtzee_rules::{Dice, RuleSet, Scorecard, State};
use yahtzee_solver::{
    payoff_peak, solve_payoff_cancellable, Cancel, PointsPlan, PointsTable, PointsWorkspace, WinTie,
};

/// The most memory the exact best response may take by default where the machine's memory
/// is unknown; a position that needs more is refused ([`AdviceError::TooEarly`]) unless
/// the limit is raised ([`SolveOptions::memory_limit`], the environment variable
/// [`MEMORY_LIMIT_ENV`], the CLI's `--memory-limit`).
pub const MEMORY_LIMIT: u64 = 3 << 30;

/// The environment variable that sets the default memory limit, in GiB (e.g. `12`, `7.5`),
/// for every front end (the Python and C libraries included).
pub const MEMORY_LIMIT_ENV: &str = "YAHTZEE_MEMORY_LIMIT";

/// The default memory limit in bytes: [`MEMORY_LIMIT_ENV`] when set to a positive number
/// of GiB, else half the memory this process may use ([`usable_memory`]: 12 GiB on a
/// 24 GiB machine, room for a first-turn best response's 10.4 GiB), else [`MEMORY_LIMIT`].
/// Half, because the rest belongs to the tables, the operating system and other work.
///
/// In WebAssembly for browsers (`wasm32-unknown-unknown`, no environment variables, no
/// files) it is [`MEMORY_LIMIT`] without asking: asking would link the environment and
/// file stubs and, through [`parse_gib`], the standard library's float parser with its
/// 10 KB power-of-five table, about 18 KB of module (docs/WEB.md, "Size").
///
/// Read once per process, like [`usable_memory`]: every question's default options ask
/// for it, and reading the environment each time cost expected-score advice 8% of its
/// few microseconds (`scripts/bench_advice.sh`).
pub fn default_memory_limit() -> u64 {
    if cfg!(all(target_family = "wasm", target_os = "unknown")) {
        return MEMORY_LIMIT;
    }
    static LIMIT: std::sync::OnceLock<u64> = std::sync::OnceLock::new();
    *LIMIT.get_or_init(|| {
        std::env::var(MEMORY_LIMIT_ENV)
            .ok()
            .and_then(|v| parse_gib(&v).ok())
            .or_else(|| usable_memory().map(|bytes| bytes / 2))
            .unwrap_or(MEMORY_LIMIT)
    })
}

/// The memory this process may use, where the system says: the machine's (`MemTotal` in
/// `/proc/meminfo`), or its control group's limit (`/sys/fs/cgroup/memory.max`, a
/// container's) when smaller. `None` elsewhere (WebAssembly, other systems). Read once:
/// every question's default options ask for it, and expected-score advice takes
/// microseconds.
pub fn usable_memory() -> Option<u64> {
    static USABLE: std::sync::OnceLock<Option<u64>> = std::sync::OnceLock::new();
    *USABLE.get_or_init(read_usable_memory)
}

fn read_usable_memory() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let kib: u64 = info
        .lines()
        .find_map(|line| line.strip_prefix("MemTotal:"))?
        .trim()
        .strip_suffix("kB")?
        .trim()
        .parse()
        .ok()?;
    let group = std::fs::read_to_string("/sys/fs/cgroup/memory.max")
        .ok()
        .and_then(|text| text.trim().parse::<u64>().ok());
    Some(group.map_or(kib * 1024, |g| g.min(kib * 1024)))
}

/// A number of GiB (`"12"`, `"7.5"`) in bytes; positive and finite.
pub fn parse_gib(text: &str) -> Result<u64, String> {
    match text.trim().parse::<f64>() {
        Ok(g) if g > 0.0 && g.is_finite() && g < 1e9 => Ok((g * f64::from(1u32 << 30)) as u64),
        _ => Err(format!(
            "a memory limit is a positive number of GiB, not '{}'",
            yahtzee_rules::one_line(text)
        )),
    }
}

/// What a best-response solve may spend: its memory limit and a flag that cancels it.
#[derive(Clone, Debug)]
pub struct SolveOptions {
    /// Bytes the best response's values may take ([`default_memory_limit`]).
    pub memory_limit: u64,
    /// Set from outside to stop the solve ([`AdviceError::Cancelled`]).
    pub cancel: Cancel,
}

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions {
            memory_limit: default_memory_limit(),
            cancel: Cancel::new(),
        }
    }
}

impl SolveOptions {
    /// The defaults, with `memory_limit` bytes when given (a `--memory-limit`).
    pub fn with_memory_limit(memory_limit: Option<u64>) -> Self {
        let mut options = SolveOptions::default();
        if let Some(bytes) = memory_limit {
            options.memory_limit = bytes;
        }
        options
    }
}

use crate::target::{option_values, Position};
use crate::{Advice, AdviceError, Advisor, TurnMulligan};

/// The final payoff against opponents: per final total, (P(win) + P(tie)/2, P(tie)).
#[derive(Clone, Debug)]
pub struct Payoff {
    /// One more than the highest total any opponent can reach.
    pub top: u32,
    /// `terminal[c]` is the payoff of finishing on `top - c`.
    pub terminal: Vec<WinTie>,
}

impl Payoff {
    /// From each opponent's distribution of final totals (`dist[x]` = P(total = x)).
    pub fn against(opponents: &[Vec<f64>]) -> Payoff {
        let top = opponents.iter().map(|d| d.len() as u32).max().unwrap_or(0);
        // Cumulative P(total <= x) per opponent.
        let cdfs: Vec<Vec<f64>> = opponents
            .iter()
            .map(|d| {
                d.iter()
                    .scan(0.0, |acc, p| {
                        *acc += p;
                        Some(*acc)
                    })
                    .collect()
            })
            .collect();
        let at_most = |i: usize, x: i64| -> f64 {
            if x < 0 {
                0.0
            } else {
                cdfs[i].get(x as usize).copied().unwrap_or(1.0)
            }
        };
        let mut terminal: Vec<WinTie> = (0..=top as i64)
            .map(|c| {
                let x = i64::from(top) - c;
                let below: f64 = (0..cdfs.len()).map(|i| at_most(i, x - 1)).product();
                let not_above: f64 = (0..cdfs.len()).map(|i| at_most(i, x)).product();
                let tie = not_above - below;
                WinTie {
                    value: (below + 0.5 * tie) as f32,
                    tie: tie as f32,
                }
            })
            .collect();
        while terminal
            .last()
            .is_some_and(|w| w.value == 0.0 && w.tie == 0.0)
        {
            terminal.pop();
        }
        Payoff { top, terminal }
    }

    /// The payoff's coordinate for a card with `points` on it.
    pub fn coordinate(&self, points: u32) -> i64 {
        i64::from(self.top) - i64::from(points)
    }

    /// P(win) and P(tie) of finishing on `total`.
    pub fn chance_of_total(&self, total: u32) -> WinChance {
        WinChance::from(yahtzee_solver::points::read(
            &self.terminal,
            self.coordinate(total),
        ))
    }

    /// P(win) and P(tie) of a distribution of final totals (`dist[x]` = P(total = x)).
    pub fn chance_of_distribution(&self, dist: &[f64]) -> WinChance {
        let mut w = WinChance { win: 0.0, tie: 0.0 };
        for (x, &p) in dist.iter().enumerate().filter(|(_, &p)| p > 0.0) {
            let c = self.chance_of_total(x as u32);
            w.win += p * c.win;
            w.tie += p * c.tie;
        }
        w
    }
}

/// P(win), P(tie) and their payoff for one option.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WinChance {
    pub win: f64,
    pub tie: f64,
}

impl WinChance {
    fn from(w: WinTie) -> WinChance {
        let tie = f64::from(w.tie);
        WinChance {
            win: (f64::from(w.value) - 0.5 * tie).max(0.0),
            tie,
        }
    }

    /// What is maximised: P(win) + P(tie) / 2.
    pub fn value(&self) -> f64 {
        self.win + 0.5 * self.tie
    }
}

/// The best response to a set of opponents from one state on: solved once for every state
/// a game from there can reach, then asked about any position in them.
pub struct WinAdvisor<'a> {
    advisor: &'a Advisor,
    payoff: Payoff,
    plan: PointsPlan,
    table: PointsTable<WinTie>,
    from: State,
    ws: RefCell<PointsWorkspace<WinTie>>,
}

impl<'a> WinAdvisor<'a> {
    /// Solves the best response from `card` against opponents with these final-total
    /// distributions. `progress` is called per filled set solved. Refused when it needs
    /// more memory than [`default_memory_limit`].
    pub fn solve(
        advisor: &'a Advisor,
        card: &Scorecard,
        opponents: &[Vec<f64>],
        progress: &(dyn Fn(u64) + Sync),
    ) -> Result<WinAdvisor<'a>, AdviceError> {
        Self::solve_with(advisor, card, opponents, progress, &SolveOptions::default())
    }

    /// [`WinAdvisor::solve`] within `options`' memory limit, stopped (with
    /// [`AdviceError::Cancelled`]) when its flag is set.
    pub fn solve_with(
        advisor: &'a Advisor,
        card: &Scorecard,
        opponents: &[Vec<f64>],
        progress: &(dyn Fn(u64) + Sync),
        options: &SolveOptions,
    ) -> Result<WinAdvisor<'a>, AdviceError> {
        let rules = advisor.table().rules();
        if card.rules() != rules {
            return Err(AdviceError::RulesMismatch {
                card: card.rules().name,
                table: rules.name,
            });
        }
        let from = card.state();
        let payoff = Payoff::against(opponents);
        let max = advisor.max_remaining();
        let include = |s: State| follows(rules, from, s);
        let bytes = payoff_peak(rules, max, payoff.terminal.len(), include)
            * std::mem::size_of::<WinTie>() as u64;
        if bytes > options.memory_limit {
            let gib = |b: u64| b as f64 / f64::from(1u32 << 30);
            return Err(AdviceError::TooEarly {
                gib: gib(bytes),
                limit_gib: gib(options.memory_limit),
            });
        }
        let table = solve_payoff_cancellable(
            rules,
            max,
            &payoff.terminal,
            include,
            progress,
            &options.cancel,
        )
        .map_err(|_| AdviceError::Cancelled)?;
        let plan = PointsPlan::new(rules);
        let ws = RefCell::new(plan.workspace(64));
        Ok(WinAdvisor {
            advisor,
            payoff,
            plan,
            table,
            from,
            ws,
        })
    }

    /// The payoff being played for.
    pub fn payoff(&self) -> &Payoff {
        &self.payoff
    }

    /// The best response's values: per future state, the payoff by coordinate
    /// ([`Payoff::coordinate`]).
    pub fn table(&self) -> &PointsTable<WinTie> {
        &self.table
    }

    /// The chance of winning from the start of a turn with this card (a card the solve
    /// covers).
    pub fn chance_of_card(&self, card: &Scorecard) -> WinChance {
        let c = self.payoff.coordinate(card.total());
        WinChance::from(self.table.get(card.state(), c))
    }

    /// Every option of the position with its expected value, P(win) and P(tie), best first
    /// (by P(win) + P(tie)/2, then by expected value). The card must follow the one solved
    /// from.
    pub fn advise(
        &self,
        card: &Scorecard,
        dice: Dice,
        rolls_left: u8,
    ) -> Result<Advice, AdviceError> {
        self.advise_in_turn(card, dice, rolls_left, TurnMulligan::AsCard)
    }

    /// [`WinAdvisor::advise`] at a position inside the turn that the card cannot say
    /// ([`Advisor::advise_in_turn`]: the mulligan spent this turn).
    pub fn advise_in_turn(
        &self,
        card: &Scorecard,
        dice: Dice,
        rolls_left: u8,
        mulligan: TurnMulligan,
    ) -> Result<Advice, AdviceError> {
        self.check_follows(card)?;
        let advice = self
            .advisor
            .advise_in_turn(card, dice, rolls_left, mulligan)?;
        let state = mulligan.state(card, &dice, rolls_left)?;
        Ok(self.rank(advice, card, Position::of(state, &dice, rolls_left)))
    }

    /// House rule "mega-yahtzee": the turn-start question with the sixth die in hand (take
    /// it or roll five), ranked as [`WinAdvisor::advise`] ranks; `None` when the card has
    /// no sixth die in hand.
    pub fn advise_sixth_die(&self, card: &Scorecard) -> Result<Option<Advice>, AdviceError> {
        self.check_follows(card)?;
        let Some(advice) = self.advisor.advise_sixth_die(card)? else {
            return Ok(None);
        };
        Ok(Some(self.rank(
            advice,
            card,
            Position::TurnStart(card.state()),
        )))
    }

    fn check_follows(&self, card: &Scorecard) -> Result<(), AdviceError> {
        if !follows(self.advisor.table().rules(), self.from, card.state()) {
            return Err(AdviceError::NotSolved);
        }
        Ok(())
    }

    fn rank(&self, mut advice: Advice, card: &Scorecard, at: Position) -> Advice {
        let c = self.payoff.coordinate(card.total());
        let chances: Vec<WinChance> = if c <= 0 {
            vec![WinChance { win: 1.0, tie: 0.0 }; advice.options.len()]
        } else {
            let ws = &mut self.ws.borrow_mut();
            let values = option_values(&self.plan, ws, &self.table, &advice, at, c as usize);
            values.into_iter().map(WinChance::from).collect()
        };
        for (o, w) in advice.options.iter_mut().zip(chances) {
            o.p_win = Some(w.win);
            o.p_tie = Some(w.tie);
        }
        let value = |o: &crate::Ranked| o.p_win.unwrap() + 0.5 * o.p_tie.unwrap();
        advice.options.sort_by(|a, b| value(b).total_cmp(&value(a)));
        advice
    }
}

/// True when a game at `from` can later be at `s`: the same boxes filled and more, an upper
/// total at least as high, flags that never switch back off.
pub fn follows(rules: &RuleSet, from: State, s: State) -> bool {
    let yahtzee_done = rules
        .box_index(yahtzee_rules::Category::Yahtzee)
        .is_some_and(|y| from.is_filled(y));
    s.filled() & from.filled() == from.filled()
        && (!yahtzee_done || s.yahtzee_50() == from.yahtzee_50())
        && s.upper() >= from.upper()
        && (s.yahtzee_50() || !from.yahtzee_50())
        && (s.mulligan_used() || !from.mulligan_used())
        && (s.mega_used() || !from.mega_used())
        && rules.is_reachable(s)
}
