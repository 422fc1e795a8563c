//! The floods: builds from many source addresses (retried after each "building"
//! answer's `Retry-After`), heavy questions, malformed requests and slow clients, each
//! bounded by the deadline and a most number of requests.

use std::collections::VecDeque;
use std::io::{self, Read, Write};
use std::net::Ipv4Addr;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use rand::SeedableRng;
use serde_json::{json, Value};

use super::config::Config;
use super::http::{connect, exchange, post, read_response, why, Response};
use super::judge::{Kind, Tally, SLOW_BODY, SLOW_HEADERS};
use super::questions::malformed;

/// Source addresses of the build flood: 127.0.0.2 to 127.0.0.250.
pub(super) fn build_source(n: usize) -> Ipv4Addr {
    Ipv4Addr::new(127, 0, 0, 2 + (n % 249) as u8)
}

/// Source addresses of the other floods: 127.0.`net`.1 to 127.0.`net`.250.
pub(super) fn other_source(net: u8, n: usize) -> Ipv4Addr {
    Ipv4Addr::new(127, 0, net, 1 + (n % 250) as u8)
}

pub(super) struct Shared<'a> {
    pub(super) config: &'a Config,
    pub(super) deadline: Instant,
    pub(super) tally: Mutex<Tally>,
    /// The next build question.
    pub(super) next_build: AtomicUsize,
    pub(super) stop: AtomicBool,
}

impl Shared<'_> {
    pub(super) fn record(&self, kind: &Kind, outcome: &Result<Response, String>) {
        self.tally
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .record(kind, outcome);
    }

    pub(super) fn over(&self) -> bool {
        Instant::now() >= self.deadline
    }

    /// Sleeps `d`, or until the deadline.
    pub(super) fn pause(&self, d: Duration) {
        let left = self.deadline.saturating_duration_since(Instant::now());
        std::thread::sleep(d.min(left));
    }
}

pub(super) fn retry_after(r: &Response) -> Duration {
    let secs = r
        .retry_after
        .as_deref()
        .and_then(|s| s.parse::<u64>().ok())
        .unwrap_or(1);
    Duration::from_secs(secs.clamp(1, 30))
}

pub(super) fn is_building(r: &Response) -> bool {
    r.status == 503
        && serde_json::from_slice::<Value>(&r.body)
            .ok()
            .and_then(|b| b.get("status").cloned())
            == Some(json!("building"))
}

/// Asks one admitted question from `from`, again after each "building" answer's
/// `Retry-After` (at most `retries` times, within the deadline).
pub(super) fn ask_admitted(
    s: &Shared,
    (kind, path, body): &(&'static Kind, &'static str, String),
    from: Ipv4Addr,
    timeout: Duration,
) {
    let bytes = post(path, body);
    for attempt in 0..=s.config.build_retries {
        let outcome = exchange(s.config.addr, Some(from), &bytes, false, timeout);
        s.record(kind, &outcome);
        match outcome {
            Ok(r) if is_building(&r) && attempt < s.config.build_retries && !s.over() => {
                s.pause(retry_after(&r));
                if s.over() {
                    return;
                }
            }
            _ => return,
        }
    }
}

/// One build thread: a new question (from the next source address) every
/// `build_pause`, and between them the questions answered "building" asked again from
/// the same address once their `Retry-After` has passed (at most `build_retries` times).
pub(super) fn build_flood(s: &Shared, questions: &[(&'static Kind, &'static str, String)]) {
    // (due, question, attempt), soonest first.
    let mut again: VecDeque<(Instant, usize, u32)> = VecDeque::new();
    for _ in 0..s.config.max_per_thread {
        if s.over() {
            return;
        }
        let (n, attempt) = match again.front() {
            Some(&(due, n, attempt)) if due <= Instant::now() => {
                again.pop_front();
                (n, attempt)
            }
            _ => (s.next_build.fetch_add(1, Ordering::Relaxed), 0),
        };
        let (kind, path, body) = &questions[n % questions.len()];
        let outcome = exchange(
            s.config.addr,
            Some(build_source(n)),
            &post(path, body),
            false,
            Duration::from_secs(20),
        );
        s.record(kind, &outcome);
        if let Ok(r) = &outcome {
            if is_building(r) && attempt < s.config.build_retries {
                let due = Instant::now() + retry_after(r);
                let at = again.partition_point(|&(d, ..)| d <= due);
                again.insert(at, (due, n, attempt + 1));
            }
        }
        s.pause(s.config.build_pause);
    }
}

pub(super) fn heavy_flood(
    s: &Shared,
    questions: &[(&'static Kind, &'static str, String)],
    thread: usize,
) {
    let timeout = Duration::from_secs(s.config.heavy_seconds + 15);
    for n in 0..s.config.max_per_thread {
        if s.over() {
            return;
        }
        let q = &questions[(n + thread) % questions.len()];
        ask_admitted(s, q, other_source(1, n * 8 + thread), timeout);
        s.pause(Duration::from_millis(20));
    }
}

pub(super) fn malformed_flood(s: &Shared, thread: usize) {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(35 + thread as u64);
    for n in 0..s.config.max_per_thread {
        if s.over() {
            return;
        }
        let i = n * s.config.malformed_threads + thread;
        let (kind, bytes, shut) = malformed(i, &mut rng);
        let outcome = exchange(
            s.config.addr,
            Some(other_source(2, i)),
            &bytes,
            shut,
            Duration::from_secs(s.config.read_seconds + 5),
        );
        s.record(kind, &outcome);
        s.pause(s.config.malformed_pause);
    }
}

/// One slow client: the head of a request (all of it but the headers' end, or all of it
/// but a body), then one byte every half second, until the server answers or closes, or
/// `read_seconds + 5` pass (unclear: the server should have cut it off).
pub(super) fn slow_client(s: &Shared, from: Ipv4Addr, headers: bool) -> Result<Response, String> {
    let mut stream =
        connect(s.config.addr, Some(from)).map_err(|e| format!("connect: {}", why(&e)))?;
    let head = if headers {
        "POST /api/advise HTTP/1.1\r\nHost: attack\r\nX-Slow: "
    } else {
        "POST /api/advise HTTP/1.1\r\nHost: attack\r\nContent-Length: 1000\r\n\r\n{\"dice\":\""
    };
    stream.write_all(head.as_bytes()).map_err(|e| why(&e))?;
    stream
        .set_read_timeout(Some(Duration::from_millis(500)))
        .map_err(|e| why(&e))?;
    let give_up = Instant::now() + Duration::from_secs(s.config.read_seconds + 5);
    let mut got = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        match stream.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => got.extend_from_slice(&buf[..n]),
            Err(e)
                if matches!(
                    e.kind(),
                    io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut
                ) =>
            {
                if !got.is_empty() {
                    // The answer came and the connection stays open: it is whole.
                    break;
                }
                if Instant::now() >= give_up {
                    return Err(format!(
                        "still open after {} s of a slow {}",
                        s.config.read_seconds + 5,
                        if headers { "head" } else { "body" }
                    ));
                }
                // A write to a connection the server closed fails; the read says.
                let _ = stream.write_all(b"a");
            }
            Err(e) if got.is_empty() => return Err(why(&e)),
            Err(_) => break,
        }
    }
    if got.is_empty() {
        return Err("closed".into());
    }
    read_response(&mut io::Cursor::new(got))
}

pub(super) fn slow_flood(s: &Shared, thread: usize) {
    // Each kind at once from the start (so even a short attack sees the server cut one
    // off), then more while the attack lasts.
    for n in 0..s.config.max_per_thread {
        if n > 0 && s.over() {
            return;
        }
        let headers = (n + thread).is_multiple_of(2);
        let outcome = slow_client(s, other_source(3, n * 4 + thread), headers);
        s.record(if headers { &SLOW_HEADERS } else { &SLOW_BODY }, &outcome);
    }
}
