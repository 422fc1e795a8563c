//! The advice probe: plain Yahtzee advice asked at a fixed rate over keep-alive
//! connections (open loop: each request's latency counts from when it was due), every
//! answer compared with the one given before the attack ([`warm_up`]).

use std::time::{Duration, Instant};

use serde_json::Value;

use super::config::Config;
use super::floods::{retry_after, Shared};
use super::http::{exchange, request, Conn};
use super::judge::ADVICE;

/// Plain advice positions of the official rules: the probe asks them in turn.
pub(super) const PROBE: [&str; 3] = [
    r#"{"scorecard":"ones=3","dice":"13346","rolls_left":2}"#,
    r#"{"scorecard":"ones=3 fours=12 full_house=25 yahtzee=50","dice":"44456","rolls_left":1}"#,
    r#"{"scorecard":"sixes=24 chance=22 small_straight=30","dice":"12345","rolls_left":0}"#,
];

/// The advice probe on connection `c` of `conns`: requests `c`, `c + conns`, ... of
/// `total`, each due at `i / rate` seconds after `start`. Latencies (ms) of the answered
/// ones, failures and wrong answers described.
pub(super) fn probe(
    s: &Shared,
    c: usize,
    start: Instant,
    total: usize,
    reference: &[Value],
) -> (Vec<f64>, Vec<String>, u64, u64) {
    let (conns, rate) = (s.config.advice_connections, s.config.advice_rate);
    let mut conn = None;
    let mut lat = Vec::new();
    let mut examples = Vec::new();
    let (mut failures, mut wrong) = (0, 0);
    // A server that stalls does not hold the attack: what is left 30 s past the deadline
    // fails unasked.
    let hard = s.deadline + Duration::from_secs(30);
    for i in (c..total).step_by(conns) {
        if Instant::now() > hard {
            let left = (i..total).step_by(conns).count() as u64;
            failures += left;
            examples.push(format!(
                "{left} questions from request {i} on not asked: the probe was 30 s past the deadline"
            ));
            break;
        }
        let due = start + Duration::from_secs_f64(i as f64 / rate);
        if let Some(wait) = due.checked_duration_since(Instant::now()) {
            std::thread::sleep(wait);
        }
        let which = i % PROBE.len();
        let bytes = request("POST", "/api/advise", PROBE[which].as_bytes(), true);
        let outcome = match conn.take().map_or_else(|| Conn::open(s.config.addr), Ok) {
            Ok(mut open) => {
                let r = open.ask(&bytes);
                if r.is_ok() {
                    conn = Some(open);
                }
                r
            }
            Err(e) => Err(e),
        };
        s.record(&ADVICE, &outcome);
        match outcome {
            Ok(r) if r.status == 200 => {
                lat.push(due.elapsed().as_secs_f64() * 1e3);
                let answer: Option<Value> = serde_json::from_slice(&r.body).ok();
                if answer.as_ref() != Some(&reference[which]) {
                    wrong += 1;
                    if examples.len() < 5 {
                        examples.push(format!(
                            "request {i}: an answer other than before the attack: {}",
                            String::from_utf8_lossy(&r.body)
                                .chars()
                                .take(200)
                                .collect::<String>()
                        ));
                    }
                }
            }
            other => {
                let what = match other {
                    Ok(r) => format!("{} {}", r.status, String::from_utf8_lossy(&r.body)),
                    Err(e) => format!("no answer: {e}"),
                };
                failures += 1;
                if examples.len() < 5 {
                    examples.push(format!("request {i}: {what}"));
                }
            }
        }
    }
    (lat, examples, failures, wrong)
}

/// Asks the probe's questions until each is answered (its table built), within
/// `config.warm_up`: the answers every later one is compared with.
pub fn warm_up(config: &Config) -> Result<Vec<Value>, String> {
    let until = Instant::now() + config.warm_up;
    let mut answers = Vec::new();
    for body in PROBE {
        let bytes = request("POST", "/api/advise", body.as_bytes(), false);
        loop {
            let last = match exchange(config.addr, None, &bytes, false, Duration::from_secs(30)) {
                Ok(r) if r.status == 200 => {
                    let v: Value = serde_json::from_slice(&r.body)
                        .map_err(|e| format!("the answer to {body} is not JSON: {e}"))?;
                    answers.push(v);
                    break;
                }
                Ok(r) => {
                    let wait = if r.status == 503 {
                        retry_after(&r).min(Duration::from_secs(2))
                    } else {
                        Duration::from_millis(500)
                    };
                    std::thread::sleep(wait);
                    format!("{} {}", r.status, String::from_utf8_lossy(&r.body))
                }
                Err(e) => {
                    std::thread::sleep(Duration::from_millis(200));
                    e
                }
            };
            if Instant::now() >= until {
                return Err(format!(
                    "{body} was not answered within {} s: {last}",
                    config.warm_up.as_secs()
                ));
            }
        }
    }
    Ok(answers)
}
