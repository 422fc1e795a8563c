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
//!
//! The parts: `config` (what to attack), `http` (plain sockets), `judge` (every kind of
//! request and the judge of its answer), `questions`, `floods`, `probe` (the advice probe
//! and [`warm_up`]), `server` (the server watched from outside), `run` ([`run`]) and
//! `report`.

mod config;
mod floods;
mod http;
mod judge;
mod probe;
mod questions;
mod report;
mod run;
mod server;

pub use config::{Config, Mix};
pub use probe::warm_up;
pub use report::{Advice, Report, Target};
pub use run::run;
pub use server::folder_bytes;
