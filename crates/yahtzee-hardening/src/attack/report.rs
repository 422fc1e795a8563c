//! What the attack saw ([`Report`]), and the benchmark's pass marks ([`Report::targets`]).

use std::collections::BTreeMap;
use std::net::SocketAddr;

use serde_json::{json, Value};

use super::config::GIB;

/// The advice probe's figures.
#[derive(Clone, Debug)]
pub struct Advice {
    /// Questions asked (rate × duration).
    pub asked: u64,
    /// Answered 200 (the latencies' count).
    pub answered: u64,
    /// Not answered 200 (another status or no answer).
    pub failures: u64,
    /// Answered 200 with other than the answer before the attack.
    pub wrong: u64,
    /// Latency percentiles (ms) from each question's due time, of the answered ones.
    pub p50_ms: Option<f64>,
    pub p99_ms: Option<f64>,
    pub max_ms: Option<f64>,
    /// Questions per second asked.
    pub rate: f64,
    /// The best option of the first position (`ones=3`, `13346`, 2 rolls left) as the
    /// server gave it before the attack.
    pub reference_best: Value,
    /// A few failures and wrong answers, described.
    pub examples: Vec<String>,
}

/// What the attack saw.
#[derive(Clone, Debug)]
pub struct Report {
    pub addr: SocketAddr,
    /// How long the attack took (the floods, then the slow clients and heavy answers under
    /// way at the deadline).
    pub seconds: f64,
    /// Requests by kind, then by status label (`200`, `503 building`, `403 policy`,
    /// `no answer: closed`).
    pub counts: BTreeMap<String, BTreeMap<String, u64>>,
    pub advice: Advice,
    /// The most resident memory sampled (bytes); `None`: not sampled.
    pub max_rss: Option<u64>,
    /// The server's peak resident memory (`VmHWM`) at the end, and before the attack.
    pub hwm: Option<u64>,
    pub hwm_before: Option<u64>,
    /// Resident memory just before the attack and just after it (a leak shows as growth
    /// that stays).
    pub rss_before: Option<u64>,
    pub rss_after: Option<u64>,
    pub memory_limit: u64,
    /// The most bytes sampled in the data folder.
    pub max_data: Option<u64>,
    pub data_budget: u64,
    /// `None`: the server is alive and healthy at the end; else what is wrong.
    pub alive: Option<String>,
    /// Answers that were not a clear status, counted, and the first few described.
    pub unclear_count: u64,
    pub unclear: Vec<String>,
    pub p99_target_ms: f64,
}

/// One pass mark of the benchmark.
#[derive(Clone, Debug)]
pub struct Target {
    pub name: &'static str,
    pub met: bool,
    pub detail: String,
}

pub(super) fn gib(b: u64) -> String {
    format!("{:.2} GiB", b as f64 / GIB as f64)
}

pub(super) fn ms(v: Option<f64>) -> String {
    v.map_or("-".into(), |v| format!("{v:.2} ms"))
}

impl Report {
    /// The benchmark's pass marks: memory within the limit, no crash, data within the
    /// budget, advice p99 within its mark (and every question answered, rightly), every
    /// answer a clear status.
    pub fn targets(&self) -> Vec<Target> {
        let peak = self.max_rss.max(self.hwm);
        let a = &self.advice;
        vec![
            Target {
                name: "memory within the limit",
                met: peak.is_some_and(|p| p <= self.memory_limit),
                detail: format!(
                    "max VmRSS {}, VmHWM {} (limit {})",
                    self.max_rss.map_or("not sampled".into(), gib),
                    self.hwm.map_or("not read".into(), gib),
                    gib(self.memory_limit)
                ),
            },
            Target {
                name: "no crash",
                met: self.alive.is_none(),
                detail: self
                    .alive
                    .clone()
                    .unwrap_or_else(|| "alive, /api/health ok".into()),
            },
            Target {
                name: "data within the budget",
                met: self.max_data.is_some_and(|d| d <= self.data_budget),
                detail: format!(
                    "max {} (budget {})",
                    self.max_data.map_or("not sampled".into(), gib),
                    gib(self.data_budget)
                ),
            },
            Target {
                name: "advice answered rightly",
                met: a.failures == 0 && a.wrong == 0 && a.answered == a.asked,
                detail: format!(
                    "{} of {} answered, {} failed, {} wrong",
                    a.answered, a.asked, a.failures, a.wrong
                ),
            },
            Target {
                name: "advice p99",
                met: a.p99_ms.is_some_and(|p| p <= self.p99_target_ms),
                detail: format!("{} (mark {} ms)", ms(a.p99_ms), self.p99_target_ms),
            },
            Target {
                name: "every answer a clear status",
                met: self.unclear_count == 0,
                detail: format!("{} unclear", self.unclear_count),
            },
        ]
    }

    /// The names of the marks missed.
    pub fn missed(&self) -> Vec<&'static str> {
        self.targets()
            .into_iter()
            .filter(|t| !t.met)
            .map(|t| t.name)
            .collect()
    }

    /// Requests of all kinds.
    pub fn requests(&self) -> u64 {
        self.counts.values().flat_map(BTreeMap::values).sum()
    }

    /// The report as markdown: the requests by kind and status, the advice, the marks,
    /// the unclear answers.
    pub fn markdown(&self) -> String {
        let mut out = format!(
            "## Attack on yahtzee serve at {}: {:.1} s, {} requests\n\n| kind | requests | statuses |\n|---|---|---|\n",
            self.addr,
            self.seconds,
            self.requests()
        );
        for (kind, statuses) in &self.counts {
            let n: u64 = statuses.values().sum();
            let list: Vec<String> = statuses.iter().map(|(s, c)| format!("{s} ×{c}")).collect();
            out.push_str(&format!("| {kind} | {n} | {} |\n", list.join(", ")));
        }
        let a = &self.advice;
        out.push_str(&format!(
            "\n| advice ({}/s, open loop) | p50 | p99 | max | answered | failed | wrong |\n|---|---|---|---|---|---|---|\n| forced, 3 positions | {} | {} | {} | {} of {} | {} | {} |\n",
            a.rate,
            ms(a.p50_ms),
            ms(a.p99_ms),
            ms(a.max_ms),
            a.answered,
            a.asked,
            a.failures,
            a.wrong
        ));
        out.push_str("\n| mark | met | figures |\n|---|---|---|\n");
        for t in self.targets() {
            out.push_str(&format!(
                "| {} | {} | {} |\n",
                t.name,
                if t.met { "yes" } else { "**no**" },
                t.detail
            ));
        }
        if let (Some(h), Some(b), Some(a)) = (self.hwm_before, self.rss_before, self.rss_after) {
            out.push_str(&format!(
                "\nBefore the attack: VmHWM {}, VmRSS {}; after it: VmRSS {}.\n",
                gib(h),
                gib(b),
                gib(a)
            ));
        }
        if !a.examples.is_empty() {
            out.push_str("\nAdvice failures (first few):\n\n");
            for e in &a.examples {
                out.push_str(&format!("- {e}\n"));
            }
        }
        if self.unclear_count > 0 {
            out.push_str(&format!(
                "\nUnclear answers ({}, the first distinct ones):\n\n",
                self.unclear_count
            ));
            for u in &self.unclear {
                out.push_str(&format!("- {u}\n"));
            }
        }
        out
    }

    /// The report as JSON.
    pub fn json(&self) -> Value {
        let a = &self.advice;
        let targets: Vec<Value> = self
            .targets()
            .iter()
            .map(|t| json!({"name": t.name, "met": t.met, "detail": t.detail}))
            .collect();
        json!({
            "addr": self.addr.to_string(),
            "seconds": self.seconds,
            "requests": self.requests(),
            "counts": self.counts,
            "advice": {
                "rate": a.rate,
                "asked": a.asked,
                "answered": a.answered,
                "failures": a.failures,
                "wrong": a.wrong,
                "p50_ms": a.p50_ms,
                "p99_ms": a.p99_ms,
                "max_ms": a.max_ms,
                "reference_best": a.reference_best,
                "examples": a.examples,
            },
            "max_rss": self.max_rss,
            "hwm": self.hwm,
            "hwm_before": self.hwm_before,
            "rss_before": self.rss_before,
            "rss_after": self.rss_after,
            "memory_limit": self.memory_limit,
            "max_data": self.max_data,
            "data_budget": self.data_budget,
            "alive": self.alive.is_none(),
            "alive_detail": self.alive,
            "unclear_count": self.unclear_count,
            "unclear": self.unclear,
            "targets": targets,
            "missed": self.missed(),
        })
    }
}
