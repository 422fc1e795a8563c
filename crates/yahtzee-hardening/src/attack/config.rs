//! What to attack, for how long, and the limits the server was started with: the
//! benchmark's settings and the test suite's short run.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

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

pub(super) const GIB: u64 = 1 << 30;

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
