//! The attack harness of issue 35, "a server no request can knock over": a bounded barrage
//! against a running `yahtzee serve` on loopback, and the report of what the server did.
//!
//! For [`Config::duration`], concurrent threads
//!
//! - ask plain Yahtzee advice of the ready table (`forced`) at a fixed rate over a few
//!   keep-alive connections (open loop: request `i` is due at `i / rate` seconds and its
//!   latency is counted from then, so a server that falls behind is charged for the wait),
//!   and compare every answer with the one given before the attack;
//! - flood the server with distinct questions that make it build (value tables of the 80
//!   rule sets, target tables, Yahtzix targets 100 to 5,000, reduced Yahtzee and Painted
//!   Yahtzee games, Triple Yahtzee players) from many client addresses (127.0.0.2 to
//!   127.0.0.250: Linux routes all of 127/8 to loopback), so per-client limits alone do not
//!   refuse them, each "building" answer retried after its `Retry-After` a few times;
//! - flood it with heavy questions (exact statistics from the empty card, Yahtzix
//!   simulations);
//! - flood it with malformed requests (bad JSON, unknown fields, bodies over 64 KiB, cut-off
//!   bodies, bytes that are not HTTP, wrong methods and paths, new rule-set names) and with
//!   clients that send their headers or body slowly;
//! - sample the server's resident memory (`VmRSS` of `/proc/PID/status`, every 20 ms) and
//!   the bytes in its data folder (every 250 ms).
//!
//! Every answer is judged: a status the request can get, with `{"error": "one line"}` for
//! a failure, `Retry-After` on 503 and 429, `"refused"` saying why on 403 and 507; a 500,
//! a body that is not the API's JSON or a well-formed request left without any answer is
//! *unclear* and listed. The [`Report`] gives the requests by kind and status, the advice
//! latencies, the peaks of memory and data against their limits, whether the server is
//! still alive, and [`Report::targets`], the benchmark's pass marks.
//!
//! Bounded: every loop stops at the deadline (slow clients within the server's read limit
//! after it) and after a most number of requests; every address is a loopback address
//! (asserted). Used by `examples/attack.rs` (`scripts/attack.sh`, the benchmark) and by the
//! root package's `tests/attack.rs` (a short run whose non-timing facts are asserted).

use std::collections::{BTreeMap, VecDeque};
use std::io::{self, BufRead, BufReader, Read, Write};
use std::net::{IpAddr, Ipv4Addr, Shutdown, SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use serde_json::{json, Value};

/// What to attack, for how long, and the limits the server was started with.
#[derive(Clone, Debug)]
pub struct Config {
    /// The server (a loopback address).
    pub addr: SocketAddr,
    /// Its process, for the memory samples (`/proc/PID/status`) and the check that it is
    /// alive; `None`: not sampled.
    pub pid: Option<u32>,
    /// Its data folder, for the size samples; `None`: not sampled.
    pub data_dir: Option<PathBuf>,
    /// How long the floods run.
    pub duration: Duration,
    /// The server's `--memory-limit`, in bytes.
    pub memory_limit: u64,
    /// The server's `--data-budget`, in bytes.
    pub data_budget: u64,
    /// The server's `--heavy-seconds`: a heavy question is waited for this long and 15 s
    /// more.
    pub heavy_seconds: u64,
    /// The server's limit on slow headers and bodies (10 s): a slow client is cut off
    /// after it, or the attack says so.
    pub read_seconds: u64,
    /// Plain advice questions per second.
    pub advice_rate: f64,
    /// Keep-alive connections they are spread over.
    pub advice_connections: usize,
    /// Threads asking for builds, each one question at a time (a new one every
    /// `build_pause`, "building" answers asked again between them).
    pub build_threads: usize,
    /// Each build thread's pause between questions.
    pub build_pause: Duration,
    /// How many times a "building" answer is asked again (after its `Retry-After`).
    pub build_retries: u32,
    /// Threads asking heavy questions, each one at a time.
    pub heavy_threads: usize,
    /// Threads sending malformed requests.
    pub malformed_threads: usize,
    /// Each malformed thread's pause between requests.
    pub malformed_pause: Duration,
    /// Threads of slow clients (headers, then a body, one byte every half second).
    pub slow_threads: usize,
    /// The questions that build: every kind at length, or a few.
    pub mix: Mix,
    /// Build and heavy kinds left out, by a word of their name (`target`, `yahtzix`,
    /// `painted`, `stats`, ...): to tell which flood hurts.
    pub without: Vec<String>,
    /// Most requests of each flood thread (a bound besides the deadline).
    pub max_per_thread: usize,
    /// How long the first advice question is asked again until it is answered (its table
    /// built) before the attack starts.
    pub warm_up: Duration,
    /// The benchmark's mark for the advice's 99th percentile, in milliseconds.
    pub p99_target_ms: f64,
}

/// Which build-triggering questions the flood asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mix {
    /// Every kind at length: the value and target tables of the 80 rule sets, Yahtzix
    /// targets 100 to 5,000, reduced games, Triple Yahtzee players.
    Full,
    /// A few of each kind (the test suite's short run).
    Small,
}

const GIB: u64 = 1 << 30;

impl Config {
    /// The benchmark's attack (`scripts/attack.sh`): the server started with
    /// `--memory-limit 6 --data-budget 4`, advice at 100 per second over 4 connections.
    pub fn benchmark(addr: SocketAddr, duration: Duration) -> Config {
        Config {
            addr,
            pid: None,
            data_dir: None,
            duration,
            memory_limit: 6 * GIB,
            data_budget: 4 * GIB,
            heavy_seconds: 30,
            read_seconds: 10,
            advice_rate: 100.0,
            advice_connections: 4,
            build_threads: 8,
            build_pause: Duration::from_millis(50),
            build_retries: 3,
            heavy_threads: 3,
            malformed_threads: 4,
            malformed_pause: Duration::from_millis(10),
            slow_threads: 2,
            mix: Mix::Full,
            without: Vec::new(),
            max_per_thread: 100_000,
            warm_up: Duration::from_secs(120),
            p99_target_ms: 50.0,
        }
    }

    /// The test suite's short attack: fewer threads, a small mix.
    pub fn short(addr: SocketAddr, duration: Duration) -> Config {
        Config {
            build_threads: 3,
            build_pause: Duration::from_millis(100),
            build_retries: 2,
            heavy_threads: 2,
            malformed_threads: 2,
            malformed_pause: Duration::from_millis(20),
            mix: Mix::Small,
            max_per_thread: 10_000,
            warm_up: Duration::from_secs(60),
            ..Config::benchmark(addr, duration)
        }
    }
}

/// Plain advice positions of the official rules: the probe asks them in turn.
const PROBE: [&str; 3] = [
    r#"{"scorecard":"ones=3","dice":"13346","rolls_left":2}"#,
    r#"{"scorecard":"ones=3 fours=12 full_house=25 yahtzee=50","dice":"44456","rolls_left":1}"#,
    r#"{"scorecard":"sixes=24 chance=22 small_straight=30","dice":"12345","rolls_left":0}"#,
];

/// A kind of request and what answers it may clearly get.
#[derive(Debug)]
struct Kind {
    name: &'static str,
    /// Statuses that answer it (besides the admission's refusals, when `admitted`).
    ok: &'static [u16],
    /// A well-formed question whose work the admission may refuse: 503 (building or busy),
    /// 403 (policy, memory), 507 (disk), 429.
    admitted: bool,
    /// Answered by the HTTP layer (the request is not HTTP enough to reach the API): the
    /// body may be empty.
    raw: bool,
    /// Closing the connection without a status is a clear answer (a malformed or slow
    /// stream).
    may_close: bool,
}

const fn kind(name: &'static str, ok: &'static [u16]) -> Kind {
    Kind {
        name,
        ok,
        admitted: false,
        raw: false,
        may_close: false,
    }
}

const fn admitted(name: &'static str) -> Kind {
    Kind {
        admitted: true,
        ..kind(name, &[200])
    }
}

const fn closing(name: &'static str, ok: &'static [u16]) -> Kind {
    Kind {
        may_close: true,
        ..kind(name, ok)
    }
}

const fn raw(name: &'static str, ok: &'static [u16]) -> Kind {
    Kind {
        raw: true,
        may_close: true,
        ..kind(name, ok)
    }
}

static ADVICE: Kind = kind("advice probe", &[200]);
static BUILD_VALUES: Kind = admitted("build: value table");
static BUILD_TARGET: Kind = admitted("build: target table");
static BUILD_YAHTZIX: Kind = admitted("build: Yahtzix game");
static BUILD_PAINTED: Kind = admitted("build: reduced Painted");
static BUILD_REDUCED: Kind = admitted("build: reduced Yahtzee");
static BUILD_TRIPLE: Kind = admitted("build: Triple player");
static HEAVY_STATS: Kind = admitted("heavy: exact stats");
static HEAVY_YAHTZIX: Kind = admitted("heavy: Yahtzix stats");
static HEAVY_LATE: Kind = admitted("heavy: late-card stats");
static BAD_JSON: Kind = kind("bad: invalid JSON", &[400]);
static UNKNOWN_FIELD: Kind = kind("bad: unknown field", &[400]);
static BAD_VALUE: Kind = kind("bad: bad value", &[400]);
static DEEP_JSON: Kind = kind("bad: deep JSON", &[400]);
static NOT_UTF8: Kind = kind("bad: not UTF-8", &[400]);
static CONTROL: Kind = kind("bad: control characters", &[400]);
static NEW_NAMES: Kind = kind("bad: new rule-set names", &[400]);
static OVERSIZE: Kind = closing("bad: body over 64 KiB", &[413]);
static HUGE_LENGTH: Kind = closing("bad: Content-Length 1 TB", &[413]);
// A body that ends before its length (or its last chunk) is a bad request, not one over
// the length limit (413) nor a slow one (408).
static TRUNCATED: Kind = closing("bad: cut-off body", &[400]);
static GARBAGE: Kind = raw("bad: not HTTP", &[400]);
static MANY_HEADERS: Kind = raw("bad: 200 headers", &[400, 431]);
static WRONG_METHOD: Kind = kind("bad: wrong method", &[405]);
static NO_PATH: Kind = kind("bad: no such path", &[404]);
static SLOW_HEADERS: Kind = raw("slow: headers", &[408]);
static SLOW_BODY: Kind = closing("slow: body", &[408]);

/// A response as read off the wire.
#[derive(Debug)]
struct Response {
    status: u16,
    retry_after: Option<String>,
    body: Vec<u8>,
}

/// What the attack counted and saw.
#[derive(Default)]
struct Tally {
    counts: BTreeMap<&'static str, BTreeMap<String, u64>>,
    unclear: Vec<String>,
    unclear_count: u64,
}

/// Unclear answers listed in the report (the rest are counted).
const UNCLEAR_LISTED: usize = 25;

impl Tally {
    fn record(&mut self, kind: &Kind, outcome: &Result<Response, String>) {
        let (label, problem) = judge(kind, outcome);
        *self
            .counts
            .entry(kind.name)
            .or_default()
            .entry(label)
            .or_insert(0) += 1;
        if let Some(p) = problem {
            self.unclear_count += 1;
            if self.unclear.len() < UNCLEAR_LISTED && !self.unclear.contains(&p) {
                self.unclear.push(p);
            }
        }
    }
}

/// A response's label in the counts (`503 building`, `403 policy`, `no answer: reset`) and
/// what is unclear about it, if anything.
fn judge(kind: &Kind, outcome: &Result<Response, String>) -> (String, Option<String>) {
    let r = match outcome {
        Err(why) => {
            let problem = (!kind.may_close).then(|| {
                format!(
                    "{}: no response to a well-formed request ({why})",
                    kind.name
                )
            });
            return (format!("no answer: {why}"), problem);
        }
        Ok(r) => r,
    };
    let body: Option<Value> = serde_json::from_slice(&r.body).ok();
    let field = |name: &str| {
        body.as_ref()
            .and_then(|b| b.get(name))
            .and_then(Value::as_str)
            .map(str::to_owned)
    };
    let building = r.status == 503 && field("status").as_deref() == Some("building");
    let refused = field("refused");
    let mut label = r.status.to_string();
    if building {
        label.push_str(" building");
    }
    if let Some(reason) = &refused {
        label.push(' ');
        label.push_str(reason);
    }
    let shown = || {
        let text = String::from_utf8_lossy(&r.body);
        let mut text: String = text.chars().take(160).collect();
        if r.body.len() > 160 {
            text.push('…');
        }
        format!("{}: {} {:?}", kind.name, r.status, text)
    };
    let mut problems = Vec::new();
    let admission = [503, 403, 507, 429];
    if !(kind.ok.contains(&r.status) || kind.admitted && admission.contains(&r.status)) {
        problems.push("a status this request should not get");
    }
    if r.status >= 500 && r.status != 503 && r.status != 507 {
        problems.push("a server error");
    }
    if r.status >= 400 && !(kind.raw && r.body.is_empty()) {
        match field("error") {
            None => problems.push("no {\"error\": \"...\"} body"),
            Some(e) if e.trim().is_empty() || e.contains(['\n', '\r']) => {
                problems.push("an error that is not one line")
            }
            Some(_) => {}
        }
    }
    if (200..300).contains(&r.status) && body.is_none() {
        problems.push("an answer that is not JSON");
    }
    // Past the heavy time limit a question is refused for good: no Retry-After.
    let time_limit = refused.as_deref() == Some("time-limit");
    if matches!(r.status, 503 | 429) && r.retry_after.is_none() && !time_limit {
        problems.push("no Retry-After");
    }
    if r.status == 503 && !building && !matches!(refused.as_deref(), Some("busy" | "time-limit")) {
        problems.push("a 503 neither \"building\" nor refused \"busy\" or \"time-limit\"");
    }
    if r.status == 403 && !matches!(refused.as_deref(), Some("policy" | "memory")) {
        problems.push("a 403 without \"refused\": \"policy\" or \"memory\"");
    }
    if r.status == 507 && refused.as_deref() != Some("disk") {
        problems.push("a 507 without \"refused\": \"disk\"");
    }
    let problem = (!problems.is_empty()).then(|| format!("{} ({})", shown(), problems.join(", ")));
    (label, problem)
}

// ---------------------------------------------------------------------------------------
// HTTP over plain sockets: one request at a time, the response read whole.

/// Connects to `addr` from `from` (a loopback address; `None`: the system's choice).
fn connect(addr: SocketAddr, from: Option<Ipv4Addr>) -> io::Result<TcpStream> {
    let socket = socket2::Socket::new(
        socket2::Domain::for_address(addr),
        socket2::Type::STREAM,
        Some(socket2::Protocol::TCP),
    )?;
    if let Some(ip) = from {
        assert!(ip.is_loopback(), "the attack only comes from loopback");
        socket.bind(&SocketAddr::new(IpAddr::V4(ip), 0).into())?;
    }
    socket.connect_timeout(&addr.into(), Duration::from_secs(5))?;
    let stream: TcpStream = socket.into();
    stream.set_nodelay(true)?;
    Ok(stream)
}

fn why(e: &io::Error) -> String {
    match e.kind() {
        io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut => "timed out".into(),
        io::ErrorKind::ConnectionReset => "reset".into(),
        io::ErrorKind::ConnectionAborted => "aborted".into(),
        io::ErrorKind::BrokenPipe => "broken pipe".into(),
        io::ErrorKind::ConnectionRefused => "refused".into(),
        io::ErrorKind::UnexpectedEof => "closed mid-response".into(),
        _ => e.to_string(),
    }
}

/// A request's bytes: `method path`, a JSON body, `Connection: close` unless kept alive.
fn request(method: &str, path: &str, body: &[u8], keep_alive: bool) -> Vec<u8> {
    let mut out = format!(
        "{method} {path} HTTP/1.1\r\nHost: attack\r\nContent-Type: application/json\r\nContent-Length: {}\r\n{}\r\n",
        body.len(),
        if keep_alive { "" } else { "Connection: close\r\n" }
    )
    .into_bytes();
    out.extend_from_slice(body);
    out
}

/// Reads one response (status line, headers, a body by length, chunks or to the end).
fn read_response(reader: &mut impl BufRead) -> Result<Response, String> {
    let mut line = String::new();
    match reader.read_line(&mut line) {
        Ok(0) => return Err("closed".into()),
        Ok(_) => {}
        Err(e) => return Err(why(&e)),
    }
    let status: u16 = line
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| format!("not a status line: {:?}", line.trim_end()))?;
    let (mut length, mut chunked, mut retry_after) = (None, false, None);
    loop {
        line.clear();
        match reader.read_line(&mut line) {
            Ok(0) => return Err("closed mid-headers".into()),
            Ok(_) => {}
            Err(e) => return Err(why(&e)),
        }
        let l = line.trim_end();
        if l.is_empty() {
            break;
        }
        let Some((name, value)) = l.split_once(':') else {
            return Err(format!("bad header line {l:?}"));
        };
        let value = value.trim();
        match name.trim().to_ascii_lowercase().as_str() {
            "content-length" => length = value.parse::<usize>().ok(),
            "transfer-encoding" => chunked = value.eq_ignore_ascii_case("chunked"),
            "retry-after" => retry_after = Some(value.to_owned()),
            _ => {}
        }
    }
    let mut body = Vec::new();
    if chunked {
        loop {
            line.clear();
            reader.read_line(&mut line).map_err(|e| why(&e))?;
            let size = usize::from_str_radix(line.trim().split(';').next().unwrap_or(""), 16)
                .map_err(|_| format!("bad chunk size {:?}", line.trim()))?;
            let mut chunk = vec![0; size + 2];
            reader.read_exact(&mut chunk).map_err(|e| why(&e))?;
            if size == 0 {
                break;
            }
            body.extend_from_slice(&chunk[..size]);
        }
    } else if let Some(n) = length {
        body.resize(n.min(16 << 20), 0);
        reader.read_exact(&mut body).map_err(|e| why(&e))?;
    } else if !(status < 200 || status == 204 || status == 304) {
        reader
            .take(16 << 20)
            .read_to_end(&mut body)
            .map_err(|e| why(&e))?;
    }
    Ok(Response {
        status,
        retry_after,
        body,
    })
}

/// One request on a fresh connection from `from`: `bytes` written (then the writing half
/// shut when `shut`), the response read within `timeout`.
fn exchange(
    addr: SocketAddr,
    from: Option<Ipv4Addr>,
    bytes: &[u8],
    shut: bool,
    timeout: Duration,
) -> Result<Response, String> {
    let stream = connect(addr, from).map_err(|e| format!("connect: {}", why(&e)))?;
    stream
        .set_read_timeout(Some(timeout))
        .and_then(|()| stream.set_write_timeout(Some(timeout)))
        .map_err(|e| why(&e))?;
    let written = (&stream).write_all(bytes);
    if shut {
        let _ = stream.shutdown(Shutdown::Write);
    }
    // A server may answer (413) and close before taking everything: read what it said.
    let answer = read_response(&mut BufReader::new(&stream));
    match (answer, written) {
        (Ok(r), _) => Ok(r),
        (Err(e), Err(w)) => Err(format!("{e} (writing: {})", why(&w))),
        (Err(e), Ok(())) => Err(e),
    }
}

fn post(path: &str, body: &str) -> Vec<u8> {
    request("POST", path, body.as_bytes(), false)
}

/// A keep-alive connection of the advice probe.
struct Conn {
    stream: TcpStream,
    reader: BufReader<TcpStream>,
}

impl Conn {
    fn open(addr: SocketAddr) -> Result<Conn, String> {
        let stream = connect(addr, None).map_err(|e| format!("connect: {}", why(&e)))?;
        stream
            .set_read_timeout(Some(Duration::from_secs(10)))
            .and_then(|()| stream.set_write_timeout(Some(Duration::from_secs(10))))
            .map_err(|e| why(&e))?;
        let reader = BufReader::new(stream.try_clone().map_err(|e| why(&e))?);
        Ok(Conn { stream, reader })
    }

    fn ask(&mut self, bytes: &[u8]) -> Result<Response, String> {
        self.stream.write_all(bytes).map_err(|e| why(&e))?;
        read_response(&mut self.reader)
    }
}

// ---------------------------------------------------------------------------------------
// The questions.

/// The build flood's questions: (kind, path, body), the kinds interleaved.
fn build_questions(mix: Mix) -> Vec<(&'static Kind, &'static str, String)> {
    let advise = "/api/advise";
    let names: Vec<&str> = yahtzee_rules::RuleSet::every().map(|r| r.name).collect();
    let small = mix == Mix::Small;
    let take = |n: usize| if small { n } else { usize::MAX };
    let values: Vec<_> = names
        .iter()
        .take(take(6))
        .map(|r| {
            let body = json!({"rules": r, "dice": "13346", "rolls_left": 2});
            (&BUILD_VALUES, advise, body.to_string())
        })
        .collect();
    let targets: Vec<_> = names
        .iter()
        .take(take(3))
        .map(|r| {
            let body = json!({"rules": r, "dice": "13346", "rolls_left": 2, "target": 250});
            (&BUILD_TARGET, advise, body.to_string())
        })
        .collect();
    let yahtzix: Vec<_> = (100..=5000)
        .step_by(50)
        .filter(|t| !small || [100, 150, 200, 5000].contains(t))
        .map(|t| {
            let body = json!({"game": "yahtzix", "target": t, "me": 0, "opp": 0});
            (&BUILD_YAHTZIX, advise, body.to_string())
        })
        .collect();
    let pool = [
        "ones", "twos", "threes", "fours", "fives", "sixes", "chance", "yahtzee", "flush",
        "palette",
    ];
    let mut painted = Vec::new();
    for colours in 1..=3 {
        for (i, a) in pool.iter().enumerate() {
            for b in &pool[i + 1..] {
                let game = format!("painted:c{colours}:{a},{b}");
                let body =
                    json!({"game": game, "card": "", "dice": "1r 2r 3r 4r 5r", "rolls_left": 2});
                // Both doors: /api/advise with the game, and Painted Yahtzee's own.
                let path = if painted.len().is_multiple_of(2) {
                    advise
                } else {
                    "/api/painted/advise"
                };
                painted.push((&BUILD_PAINTED, path, body.to_string()));
            }
        }
    }
    if small {
        painted.truncate(4);
    }
    let upper = ["ones", "twos", "threes", "fours", "fives", "sixes"];
    let lower = ["chance", "yahtzee", "full_house", "small_straight"];
    let mut reduced = Vec::new();
    for (i, u) in upper.iter().enumerate() {
        for l in &lower {
            let threshold = 3 * (i + 1);
            let rules = format!("forced:{u},{l}@{threshold}");
            let body = json!({"rules": rules, "dice": "13346", "rolls_left": 2});
            reduced.push((&BUILD_REDUCED, advise, body.to_string()));
        }
    }
    if small {
        reduced.truncate(3);
    }
    let triple: Vec<_> = ["1978", "forum"]
        .iter()
        .map(|v| {
            let body = json!({"game": "triple", "variant": v, "dice": "13346", "rolls_left": 2});
            (&BUILD_TRIPLE, advise, body.to_string())
        })
        .collect();
    let mut lists = [values, targets, yahtzix, painted, reduced, triple].map(Vec::into_iter);
    let mut out = Vec::new();
    loop {
        let before = out.len();
        for list in &mut lists {
            out.extend(list.next());
        }
        if out.len() == before {
            return out;
        }
    }
}

/// The heavy flood's questions.
fn heavy_questions() -> Vec<(&'static Kind, &'static str, String)> {
    let stats = "/api/stats";
    vec![
        (&HEAVY_STATS, stats, r#"{"scorecard":""}"#.into()),
        (
            &HEAVY_YAHTZIX,
            stats,
            r#"{"game":"yahtzix","target":2000,"players":4}"#.into(),
        ),
        (
            &HEAVY_LATE,
            stats,
            r#"{"scorecard":"ones=3 twos=6 threes=9 fours=12 fives=15 sixes=18 chance=22 yahtzee=50 full_house=25"}"#
                .into(),
        ),
        (&HEAVY_STATS, stats, r#"{"rules":"yatzy","scorecard":""}"#.into()),
        (
            &HEAVY_YAHTZIX,
            stats,
            r#"{"game":"yahtzix","target":2000,"players":2,"games":20000}"#.into(),
        ),
    ]
}

/// The `n`th malformed request: its kind, its bytes, whether the writing half is shut
/// after them.
fn malformed(n: usize, rng: &mut impl Rng) -> (&'static Kind, Vec<u8>, bool) {
    let advise = "/api/advise";
    match n % 18 {
        0 => (
            &BAD_JSON,
            post(advise, r#"{"dice":"13346","rolls_left":"#),
            false,
        ),
        1 => (
            &UNKNOWN_FIELD,
            post(advise, r#"{"dice":"13346","rolls_left":2,"colour":"red"}"#),
            false,
        ),
        2 => (
            &BAD_VALUE,
            post(advise, r#"{"dice":"1337","rolls_left":2}"#),
            false,
        ),
        3 => (
            &BAD_VALUE,
            post(advise, r#"{"game":"yahtzix","target":2010,"me":0,"opp":0}"#),
            false,
        ),
        4 => (
            &BAD_VALUE,
            post(
                advise,
                r#"{"game":"painted:c9:ones","card":"","dice":"1r 2r 3r 4r 5r","rolls_left":2}"#,
            ),
            false,
        ),
        5 => (&DEEP_JSON, post(advise, &"[".repeat(20_000)), false),
        6 => {
            let body = b"{\"dice\":\"\xff\xfe\",\"rolls_left\":2}";
            (&NOT_UTF8, request("POST", advise, body, false), false)
        }
        7 => (
            &CONTROL,
            post(
                advise,
                r#"{"scorecard":"ones=3\n\u0000\u001b[31m\r\u2028","dice":"13346","rolls_left":2}"#,
            ),
            false,
        ),
        8 => {
            // A name no one asked for before: a Mega bonus or a reduced game's threshold
            // (with a card it cannot hold, so nothing is built).
            let round = n / 18;
            let rules = if round.is_multiple_of(2) {
                format!("forced+mega-yahtzee={}", 1 + round % 99_999)
            } else {
                format!("forced:ones,chance@{round}")
            };
            let body =
                json!({"rules": rules, "scorecard": "ones=7", "dice": "13346", "rolls_left": 2});
            (&NEW_NAMES, post(advise, &body.to_string()), false)
        }
        9 => {
            let body = format!(r#"{{"scorecard":"{}"}}"#, "x".repeat(70 * 1024));
            (&OVERSIZE, post(advise, &body), false)
        }
        10 => {
            let head = "POST /api/advise HTTP/1.1\r\nHost: attack\r\nContent-Length: 1000000000000\r\n\r\n{\"dice\":";
            (&HUGE_LENGTH, head.as_bytes().to_vec(), true)
        }
        11 => {
            let head = "POST /api/advise HTTP/1.1\r\nHost: attack\r\nContent-Length: 100\r\n\r\n{\"dice\":\"13346\",";
            (&TRUNCATED, head.as_bytes().to_vec(), true)
        }
        12 => {
            let mut bytes: Vec<u8> = (0..rng.random_range(1..400))
                .map(|_| rng.random())
                .collect();
            bytes.extend_from_slice(b"\r\n\r\n");
            (&GARBAGE, bytes, true)
        }
        13 => {
            let mut head = String::from("POST /api/advise HTTP/1.1\r\nHost: attack\r\n");
            for i in 0..200 {
                head.push_str(&format!("X-Attack-{i}: {}\r\n", "a".repeat(100)));
            }
            head.push_str("Content-Length: 2\r\n\r\n{}");
            (&MANY_HEADERS, head.into_bytes(), false)
        }
        14 => (&WRONG_METHOD, request("GET", advise, b"", false), false),
        15 => (
            &WRONG_METHOD,
            request("PUT", "/api/stats", br#"{"scorecard":""}"#, false),
            false,
        ),
        16 => {
            let head = "POST /api/advise HTTP/1.1\r\nHost: attack\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n{\"dic\r\n";
            (&TRUNCATED, head.as_bytes().to_vec(), true)
        }
        _ => (&NO_PATH, post("/api/advise/../../etc/passwd", "{}"), false),
    }
}

// ---------------------------------------------------------------------------------------
// The attack.

/// Source addresses of the build flood: 127.0.0.2 to 127.0.0.250.
fn build_source(n: usize) -> Ipv4Addr {
    Ipv4Addr::new(127, 0, 0, 2 + (n % 249) as u8)
}

/// Source addresses of the other floods: 127.0.`net`.1 to 127.0.`net`.250.
fn other_source(net: u8, n: usize) -> Ipv4Addr {
    Ipv4Addr::new(127, 0, net, 1 + (n % 250) as u8)
}

struct Shared<'a> {
    config: &'a Config,
    deadline: Instant,
    tally: Mutex<Tally>,
    /// The next build question.
    next_build: AtomicUsize,
    stop: AtomicBool,
}

impl Shared<'_> {
    fn record(&self, kind: &Kind, outcome: &Result<Response, String>) {
        self.tally
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .record(kind, outcome);
    }

    fn over(&self) -> bool {
        Instant::now() >= self.deadline
    }

    /// Sleeps `d`, or until the deadline.
    fn pause(&self, d: Duration) {
        let left = self.deadline.saturating_duration_since(Instant::now());
        std::thread::sleep(d.min(left));
    }
}

fn retry_after(r: &Response) -> Duration {
    let secs = r
        .retry_after
        .as_deref()
        .and_then(|s| s.parse::<u64>().ok())
        .unwrap_or(1);
    Duration::from_secs(secs.clamp(1, 30))
}

fn is_building(r: &Response) -> bool {
    r.status == 503
        && serde_json::from_slice::<Value>(&r.body)
            .ok()
            .and_then(|b| b.get("status").cloned())
            == Some(json!("building"))
}

/// Asks one admitted question from `from`, again after each "building" answer's
/// `Retry-After` (at most `retries` times, within the deadline).
fn ask_admitted(
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
fn build_flood(s: &Shared, questions: &[(&'static Kind, &'static str, String)]) {
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

fn heavy_flood(s: &Shared, questions: &[(&'static Kind, &'static str, String)], thread: usize) {
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

fn malformed_flood(s: &Shared, thread: usize) {
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
fn slow_client(s: &Shared, from: Ipv4Addr, headers: bool) -> Result<Response, String> {
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

fn slow_flood(s: &Shared, thread: usize) {
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

/// The advice probe on connection `c` of `conns`: requests `c`, `c + conns`, ... of
/// `total`, each due at `i / rate` seconds after `start`. Latencies (ms) of the answered
/// ones, failures and wrong answers described.
fn probe(
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

/// `field` of `/proc/PID/status` (kB) in bytes.
fn proc_status(pid: u32, field: &str) -> Option<u64> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = text.lines().find(|l| l.starts_with(field))?;
    let kb: u64 = line[field.len()..]
        .trim_start_matches(':')
        .split_whitespace()
        .next()?
        .parse()
        .ok()?;
    Some(kb * 1024)
}

/// Bytes of the files under `dir` (its folders too, a few levels down).
pub fn folder_bytes(dir: &Path) -> u64 {
    fn walk(dir: &Path, depth: u32) -> u64 {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return 0;
        };
        entries
            .filter_map(Result::ok)
            .map(|e| match e.metadata() {
                Ok(m) if m.is_file() => m.len(),
                Ok(m) if m.is_dir() && depth < 4 => walk(&e.path(), depth + 1),
                _ => 0,
            })
            .sum()
    }
    walk(dir, 0)
}

/// Whether process `pid` runs (exists and is not a zombie).
fn running(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .ok()
        .and_then(|s| {
            let state = s.rsplit_once(") ")?.1.chars().next()?;
            Some(state != 'Z' && state != 'X')
        })
        .unwrap_or(false)
}

/// `GET /api/health` answered `{"status": "ok"}`.
fn healthy(addr: SocketAddr) -> Result<(), String> {
    let r = exchange(
        addr,
        None,
        &request("GET", "/api/health", b"", false),
        false,
        Duration::from_secs(10),
    )?;
    let body: Option<Value> = serde_json::from_slice(&r.body).ok();
    if r.status == 200 && body == Some(json!({"status": "ok"})) {
        Ok(())
    } else {
        Err(format!(
            "/api/health: {} {}",
            r.status,
            String::from_utf8_lossy(&r.body)
        ))
    }
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

fn gib(b: u64) -> String {
    format!("{:.2} GiB", b as f64 / GIB as f64)
}

fn ms(v: Option<f64>) -> String {
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
