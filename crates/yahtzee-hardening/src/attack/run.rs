//! The attack run: the probe's reference answers, then every flood, the probe and the
//! samplers side by side until the deadline, then whether the server is still alive.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use serde_json::Value;

use super::config::Config;
use super::floods::{build_flood, heavy_flood, malformed_flood, slow_flood, Shared};
use super::judge::Kind;
use super::probe::{probe, warm_up};
use super::questions::{build_questions, heavy_questions};
use super::report::{Advice, Report};
use super::server::{folder_bytes, healthy, proc_status, running};

/// Runs the attack: the probe's reference answers first ([`warm_up`]), then every flood
/// and sampler for `config.duration`, then whether the server is still alive.
///
/// # Errors
///
/// When the server does not answer the probe's questions before the attack.
pub fn run(config: &Config) -> Result<Report, String> {
    assert!(
        config.addr.ip().is_loopback(),
        "the attack only targets loopback, not {}",
        config.addr
    );
    let reference = warm_up(config)?;
    let hwm_before = config.pid.and_then(|p| proc_status(p, "VmHWM"));
    let rss_before = config.pid.and_then(|p| proc_status(p, "VmRSS"));
    let start = Instant::now();
    let shared = Shared {
        config,
        deadline: start + config.duration,
        tally: Mutex::default(),
        next_build: AtomicUsize::new(0),
        stop: AtomicBool::new(false),
    };
    let left_out = |q: &(&Kind, &str, String)| {
        let name = q.0.name.to_ascii_lowercase();
        config
            .without
            .iter()
            .any(|w| name.contains(&w.to_ascii_lowercase()))
    };
    let mut questions = build_questions(config.mix);
    questions.retain(|q| !left_out(q));
    let mut heavy = heavy_questions();
    heavy.retain(|q| !left_out(q));
    let total = (config.advice_rate * config.duration.as_secs_f64()) as usize;
    let (mut max_rss, mut max_data) = (None, None);
    let mut lat = Vec::new();
    let mut examples = Vec::new();
    let mut failure_count = 0u64;
    let mut wrong = 0;
    std::thread::scope(|scope| {
        let s = &shared;
        let rss = config.pid.map(|pid| {
            scope.spawn(move || {
                let mut most = 0;
                while !s.stop.load(Ordering::Relaxed) {
                    if let Some(b) = proc_status(pid, "VmRSS") {
                        most = most.max(b);
                    }
                    std::thread::sleep(Duration::from_millis(20));
                }
                most
            })
        });
        let data = config.data_dir.as_deref().map(|dir| {
            scope.spawn(move || {
                let mut most = 0;
                while !s.stop.load(Ordering::Relaxed) {
                    most = most.max(folder_bytes(dir));
                    std::thread::sleep(Duration::from_millis(250));
                }
                most.max(folder_bytes(dir))
            })
        });
        let mut workers = Vec::new();
        for _ in 0..config.build_threads.min(questions.len()) {
            let q = &questions;
            workers.push(scope.spawn(move || build_flood(s, q)));
        }
        for t in 0..config.heavy_threads.min(heavy.len()) {
            let q = &heavy;
            workers.push(scope.spawn(move || heavy_flood(s, q, t)));
        }
        for t in 0..config.malformed_threads {
            workers.push(scope.spawn(move || malformed_flood(s, t)));
        }
        for t in 0..config.slow_threads {
            workers.push(scope.spawn(move || slow_flood(s, t)));
        }
        let probes: Vec<_> = (0..config.advice_connections)
            .map(|c| {
                let r = &reference;
                scope.spawn(move || probe(s, c, start, total, r))
            })
            .collect();
        for p in probes {
            let (l, e, f, w) = p.join().expect("a probe thread");
            lat.extend(l);
            examples.extend(e);
            failure_count += f;
            wrong += w;
        }
        for w in workers {
            w.join().expect("a flood thread");
        }
        s.stop.store(true, Ordering::Relaxed);
        max_rss = rss.map(|h| h.join().expect("the memory sampler"));
        max_data = data.map(|h| h.join().expect("the data sampler"));
    });
    let seconds = start.elapsed().as_secs_f64();
    let hwm = config.pid.and_then(|p| proc_status(p, "VmHWM"));
    let rss_after = config.pid.and_then(|p| proc_status(p, "VmRSS"));
    let alive = match (config.pid.map(running), healthy(config.addr)) {
        (Some(false), _) => Err("the process has exited".to_string()),
        (_, Err(e)) => Err(e),
        _ => Ok(()),
    };
    lat.sort_by(f64::total_cmp);
    let pct = |p: f64| {
        (!lat.is_empty()).then(|| lat[((lat.len() as f64 * p) as usize).min(lat.len() - 1)])
    };
    let tally = shared.tally.into_inner().unwrap_or_else(|p| p.into_inner());
    Ok(Report {
        addr: config.addr,
        seconds,
        counts: tally
            .counts
            .into_iter()
            .map(|(k, v)| (k.to_owned(), v))
            .collect(),
        advice: Advice {
            asked: total as u64,
            answered: lat.len() as u64,
            failures: failure_count,
            wrong,
            p50_ms: pct(0.5),
            p99_ms: pct(0.99),
            max_ms: pct(1.0),
            rate: config.advice_rate,
            reference_best: reference[0]
                .get("options")
                .and_then(|o| o.get(0))
                .cloned()
                .unwrap_or(Value::Null),
            examples,
        },
        max_rss,
        hwm,
        hwm_before,
        rss_before,
        rss_after,
        memory_limit: config.memory_limit,
        max_data,
        data_budget: config.data_budget,
        alive: alive.err(),
        unclear_count: tally.unclear_count,
        unclear: tally.unclear,
        p99_target_ms: config.p99_target_ms,
    })
}
