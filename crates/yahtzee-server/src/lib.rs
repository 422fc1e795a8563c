//! `yahtzee serve`: the web advisor and its JSON API, a thin layer over
//! [`yahtzee_engine`] like the command line. Requests and answers have the shapes of the
//! CLI's `--json` output.
//!
//! | route | answer |
//! |---|---|
//! | `GET /` , `GET /play` | the advisor page, the game against the engine (`web/`; also `/index.html`, `/play.html`; the modules under `/js/`, the styles, the manifest and icons) |
//! | `GET /triple`, `GET /yahtzix`, `GET /painted` | Triple Yahtzee, Yahtzix and Painted Yahtzee: advice and a game (`web/triple.html`, `web/yahtzix.html`, `web/painted.html`, with their modules and `games.css`) |
//! | `GET /api/health` | `{"status": "ok"}` |
//! | `GET /api/rules` | `yahtzee rules --json` |
//! | `GET /api/card?rules=R` | the boxes of a rule set and the scores each can hold |
//! | `POST /api/advise` | `yahtzee advise --json` for `{"rules", "scorecard", "dice", "rolls_left", "target"?, "opponents"?, "explain"?}` (`"explain": true`: each option's `explain` object, as `advise --explain --json`; the companion table built first, through the admission like any table) |
//! | `POST /api/stats` | `yahtzee stats --json` for `{"rules", "scorecard", "target"?, "opponents"?}` |
//! | `GET /api/games` | the games: `[{"name", "label"}]` (`yahtzee`, `triple`, `yahtzix`, `painted`) |
//! | `POST /api/painted/advise` | `yahtzee painted advise --json` for `{"game"?, "card", "dice", "rolls_left"}` (as `/api/advise` with `"game": "painted"`) |
//! | `POST /api/advise`, `/api/stats` with `"game"` | another game's answer through [`yahtzee_engine::Game`] (docs/ENGINE.md) |
//!
//! Every failure is a status with `{"error": "one line"}`: 400 for a bad question, 404,
//! 405, 408 for a body slower than [`Limits::read_seconds`], 413 for a body over
//! [`Limits::body_bytes`]. What a question needs that is not in memory is one job of the
//! admission (`admission.rs`): 503 `{"status": "building"}` with `Retry-After` while it is
//! queued or runs; refused with `"refused"` saying why: 403 `policy` (a build anonymous
//! requests may not start, [`Limits::allow`]), 403 `memory` (its estimate past
//! [`Limits::memory_limit`]), 507 `disk` (past [`Limits::data_budget`] or the free disk),
//! 503 `busy` (the queue full, the memory in use now; with `Retry-After`), 503
//! `time-limit` (heavy work past [`Limits::heavy_seconds`]; no `Retry-After`: it would take
//! as long again); 429 `per-client` with `Retry-After` past
//! [`Limits::per_client`]. Tables
//! are opened once and shared by every request; cheap questions (expected-score advice)
//! are answered on the request's own task, heavy ones and builds on low-priority threads
//! ([`Limits::build_jobs`]), heavy ones at most [`Limits::heavy_jobs`] at a time. A heavy
//! computation is cancelled (its flag, a [`yahtzee_engine::Cancel`], read between filled
//! sets and levels) when its time limit passes or its client goes away (the request's
//! future dropped), so its permit and CPU are free again within moments.
//!
//! Over `yahtzee-rules`, `yahtzee-engine` and `yahtzee-advice`: every answer is the engine's,
//! so a new game needs no change here. docs/SERVER.md is the operator's guide (flags, limits,
//! running it for the public); docs/ENGINE.md the shapes.
//!
//! # Where to start
//!
//! - [`router`]`(AppState)`: every route above. The pages of `web/` and the files they load
//!   are embedded in the binary (the `web` module's list) and marked
//!   `<meta name="yahtzee-serve">`, so their engine client asks this server rather than the
//!   WebAssembly engine.
//! - [`AppState`]: the engine's `Tables`, the admission of builds and a semaphore for heavy
//!   work (statistics, best responses: [`Limits::heavy_jobs`] at a time).
//! - [`serve_on`]: the tokio runtime, the bind, and an accept loop of its own over hyper's
//!   HTTP/1.1 connections with a header read timeout ([`Limits::read_seconds`]; the body is
//!   bounded the same way). `src/serve.rs` of the CLI prints `listening on` the address.
//!   `Limits::for_listener` gives a loopback server without a proxy (a local user's) every
//!   build and no per-client limit.
//!
//! # How a request goes
//!
//! Bodies are read as bytes and checked by `yahtzee_engine::api` ([`advise_question`],
//! [`stats_question`]: public for the fuzz targets), so every rejection is
//! `{"error": one line}` with a 4xx. A body naming another `"game"` goes through
//! [`yahtzee_engine::Game`]: what its `builds` names that is not in memory becomes one job of
//! the admission (503 "building" meanwhile), else `advise` runs on the blocking pool and
//! `stats` as heavy work. `"explain": true` on `/api/advise` adds the companion table to
//! what the question needs, admitted like any table build, then each option's `explain` is
//! filled on the blocking pool.
//!
//! The admission (`admission.rs`) turns the builds a question needs into one job (open from
//! disk, or build), refused at once by the policy ([`Allow`], `--allow-build`: 403
//! `policy`), by its estimate against the memory limit (403 `memory`), by the data folder's
//! budget or the free disk (507 `disk`), by the client's share (429) or a full queue (503
//! `busy`), else queued. Jobs run on a pool of [`Limits::build_jobs`] rayon threads at nice
//! 10, heavy work on another; heavy work reserves its memory and takes a client slot. The
//! client is the connection's address ([`Peer`]), or with [`Limits::trust_forwarded`] the
//! last `X-Forwarded-For` entry.
//!
//! # Tests
//!
//! `tests/api.rs` (raw HTTP on loopback), `tests/admission.rs` (policy, limits, queue,
//! per-client share), `tests/browser/` (pytest, selenium and headless Chromium against the
//! pages; `play_screenshots.py` takes the game page's `docs/play-*.png`); `examples/load.rs`
//! with `scripts/load_test.sh` is the load test.

use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;

mod admission;
mod train;
mod web;

use admission::Admission;
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, Query, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use tokio::sync::Semaphore;
use yahtzee_advice::Advisor;
use yahtzee_engine::cost::Build;
use yahtzee_engine::{Cancel, EngineError, Game, PlayFor, SolveOptions, Tables, TargetTable};
use yahtzee_rules::RuleSet;

/// Bounds on what one request may cost.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Largest request body accepted (bytes).
    pub body_bytes: usize,
    /// Longest a heavy request (statistics, a best response) may take before a 503; its
    /// computation is then cancelled.
    pub heavy_seconds: u64,
    /// The same limit in milliseconds, when set (it overrides `heavy_seconds`).
    pub heavy_millis: Option<u64>,
    /// Bytes a best response (playing to win) may take; above it the question is refused
    /// with a 400 (default: [`yahtzee_advice::win::default_memory_limit`]:
    /// `YAHTZEE_MEMORY_LIMIT` GiB, or half the machine's memory). With several
    /// [`Limits::heavy_jobs`] each may take this much.
    pub memory_limit: u64,
    /// Heavy requests computed at once; more wait (within `heavy_seconds`).
    pub heavy_jobs: usize,
    /// How long a client may take to send a request's headers, and then its body.
    pub read_seconds: u64,
    /// Most bytes the data folder may hold: a build whose files would pass it is refused
    /// (507).
    pub data_budget: u64,
    /// Builds (and heavy computations) run at once, on as many low-priority threads.
    pub build_jobs: usize,
    /// Builds waiting to start; more are refused (503, `Retry-After`).
    pub build_queue: usize,
    /// What anonymous requests may build beyond what the shipped pages use.
    pub allow: Allow,
    /// Heavy questions and builds one client address may have under way or queued; more
    /// are answered 429 with `Retry-After`.
    pub per_client: usize,
    /// Take the client's address from the last `X-Forwarded-For` entry (behind a reverse
    /// proxy that sets it).
    pub trust_forwarded: bool,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            body_bytes: 64 * 1024,
            heavy_seconds: 30,
            heavy_millis: None,
            memory_limit: yahtzee_advice::win::default_memory_limit(),
            heavy_jobs: 1,
            read_seconds: 10,
            data_budget: DEFAULT_DATA_BUDGET,
            build_jobs: default_build_jobs(),
            build_queue: 16,
            allow: Allow::default(),
            per_client: 2,
            trust_forwarded: false,
        }
    }
}

impl Limits {
    /// The defaults for a server listening on `bind`: when only this machine can reach it
    /// and no proxy forwards others to it (`trust_forwarded` off), its clients are a local
    /// user, who may build anything with no limit per client.
    pub fn for_listener(bind: std::net::IpAddr, trust_forwarded: bool) -> Limits {
        let local = bind.is_loopback() && !trust_forwarded;
        Limits {
            allow: if local {
                Allow::all()
            } else {
                Allow::default()
            },
            per_client: if local { usize::MAX } else { 2 },
            trust_forwarded,
            ..Limits::default()
        }
    }
}

/// The data folder's default budget: 16 GiB.
pub const DEFAULT_DATA_BUDGET: u64 = 16 << 30;

/// One less than the cores (at least one): builds leave a core for advice.
pub fn default_build_jobs() -> usize {
    std::thread::available_parallelism()
        .map(|n| n.get().saturating_sub(1))
        .unwrap_or(1)
        .max(1)
}

/// What every request shares: the tables, the builds under way, the heavy-work permits.
pub struct AppState {
    tables: Arc<Tables>,
    admission: Arc<Admission>,
    heavy: Arc<Semaphore>,
    limits: Limits,
}

impl AppState {
    /// The server's state; a build's check uses `limits.memory_limit`.
    pub fn new(tables: Tables, limits: Limits) -> Arc<AppState> {
        // Three-player games are built through the queue, never on a request's thread.
        let tables = tables
            .with_memory_limit(limits.memory_limit)
            .without_three_on_request();
        Arc::new(AppState {
            tables: Arc::new(tables),
            admission: Admission::new(&limits),
            heavy: Arc::new(Semaphore::new(limits.heavy_jobs)),
            limits,
        })
    }
}

/// The address of a connection's client, as `serve` saw it.
#[derive(Clone, Copy, Debug)]
pub struct Peer(pub IpAddr);

/// The client a request counts against: the connection's address, or behind a trusted
/// proxy the last `X-Forwarded-For` entry.
fn client_of(limits: &Limits, peer: Option<Peer>, headers: &HeaderMap) -> IpAddr {
    let direct = peer.map_or(IpAddr::from([0, 0, 0, 0]), |p| p.0);
    if !limits.trust_forwarded {
        return direct;
    }
    // The proxy appends the address it saw: only the very last entry is trusted (an
    // earlier one is whatever the client wrote).
    headers
        .get_all("x-forwarded-for")
        .iter()
        .next_back()
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.rsplit(',').next())
        .and_then(|a| a.trim().parse::<IpAddr>().ok())
        .unwrap_or(direct)
}

/// The routes, over shared state.
pub fn router(state: Arc<AppState>) -> Router {
    Router::new()
        .merge(web::routes())
        .route("/favicon.ico", get(|| async { StatusCode::NO_CONTENT }))
        .route(
            "/api/health",
            get(|| async { Json(serde_json::json!({"status": "ok"})) }),
        )
        .route("/api/rules", get(rules))
        .route("/api/card", get(card))
        .route("/api/games", get(games))
        .route("/api/advise", post(advise))
        .route("/api/painted/advise", post(painted_advise))
        .route("/api/stats", post(stats))
        .route("/api/puzzles", post(train::puzzles))
        .fallback(|| async { ApiError::new(StatusCode::NOT_FOUND, "no such page or endpoint") })
        .method_not_allowed_fallback(|| async {
            ApiError::new(
                StatusCode::METHOD_NOT_ALLOWED,
                "this method is not allowed here (GET for pages, POST for /api/advise and /api/stats)",
            )
        })
        // Bodies are read by `read_body`, with its own limit and time bound.
        .layer(DefaultBodyLimit::disable())
        .with_state(state)
}

/// `yahtzee serve`: listens on `bind`:`port` and serves `state` until the process ends, on
/// a runtime of its own; `listening` is told the address bound (the port chosen, for port
/// 0) before the first request is taken. Each error is one line saying what failed.
pub fn serve_on(
    bind: std::net::IpAddr,
    port: u16,
    state: Arc<AppState>,
    listening: impl FnOnce(std::net::SocketAddr) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let says = |what: String| {
        move |e: std::io::Error| std::io::Error::new(e.kind(), format!("{what}: {e}"))
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(says("starting the server's runtime".into()))?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind((bind, port))
            .await
            .map_err(says(format!("cannot listen on {bind}:{port}")))?;
        listening(listener.local_addr()?)?;
        serve(listener, state).await.map_err(says("serving".into()))
    })
}

/// Serves `router` on `listener` until the process ends: HTTP/1.1 with keep-alive, each
/// connection on its own task, a slow client cut off after [`Limits::read_seconds`].
pub async fn serve(listener: tokio::net::TcpListener, state: Arc<AppState>) -> std::io::Result<()> {
    let read = Duration::from_secs(state.limits.read_seconds);
    let app = router(state);
    loop {
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            Err(e) => {
                // Out of file descriptors and the like: wait, do not spin or exit.
                eprintln!("accepting a connection: {e}");
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        let peer = stream
            .peer_addr()
            .map_or(IpAddr::from([0, 0, 0, 0]), |a| a.ip());
        let app = app.clone().layer(axum::Extension(Peer(peer)));
        let service = hyper_util::service::TowerToHyperService::new(app);
        tokio::spawn(async move {
            let mut http = hyper::server::conn::http1::Builder::new();
            http.timer(hyper_util::rt::TokioTimer::new())
                .header_read_timeout(read);
            let io = hyper_util::rt::TokioIo::new(stream);
            // A connection's errors (a client gone, a malformed request) end only it.
            let _ = http.serve_connection(io, service).await;
        });
    }
}

/// The whole request body within the size and time limits.
async fn read_body(body: axum::body::Body, limits: &Limits) -> Result<Bytes, ApiError> {
    let limit = limits.body_bytes;
    let too_large = || {
        ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("request body over the length limit of {limit} bytes"),
        )
    };
    // A body announced longer than the limit is refused before any of it is read.
    if http_body::Body::size_hint(&body).lower() > limit as u64 {
        return Err(too_large());
    }
    let read = axum::body::to_bytes(body, limit);
    match tokio::time::timeout(Duration::from_secs(limits.read_seconds), read).await {
        Err(_) => Err(ApiError::new(
            StatusCode::REQUEST_TIMEOUT,
            "the request body came too slowly",
        )),
        // Over the limit, or cut off (the client closed before sending what it announced).
        Ok(Err(e)) if over_limit(&e) => Err(too_large()),
        Ok(Err(_)) => Err(ApiError::bad("the request body was cut off")),
        Ok(Ok(bytes)) => Ok(bytes),
    }
}

/// Whether reading a body failed on its length limit (not on the connection).
fn over_limit(e: &axum::Error) -> bool {
    let mut source: Option<&(dyn std::error::Error + 'static)> = Some(e);
    while let Some(err) = source {
        if err.is::<http_body_util::LengthLimitError>() {
            return true;
        }
        source = err.source();
    }
    false
}

/// A failure as the API reports it: a status and `{"error": "..."}`.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    message: String,
    building: bool,
    /// Why a build or heavy work was refused: `policy`, `memory`, `disk`, `busy`.
    reason: Option<&'static str>,
    /// Seconds for `Retry-After`.
    retry: Option<u32>,
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", self.status.as_u16(), self.message)
    }
}

impl ApiError {
    /// A failure; the message may quote the request (a JSON field name, a card), so its
    /// control characters are escaped: one line.
    fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: yahtzee_rules::one_line(&message.into()),
            building: false,
            reason: None,
            retry: None,
        }
    }

    /// A refusal of a build or heavy work, with its reason; 503s may be retried.
    fn refused(status: StatusCode, reason: &'static str, message: String) -> ApiError {
        ApiError {
            reason: Some(reason),
            retry: matches!(
                status,
                StatusCode::SERVICE_UNAVAILABLE | StatusCode::TOO_MANY_REQUESTS
            )
            .then_some(5),
            ..ApiError::new(status, message)
        }
    }

    /// A 503 "busy" with `Retry-After`: the heavy work or the memory is taken now.
    fn busy(message: String) -> ApiError {
        ApiError::refused(StatusCode::SERVICE_UNAVAILABLE, "busy", message)
    }

    /// A 429 with `Retry-After` (`"refused": "per-client"`): this client has its share
    /// under way.
    fn too_many(message: String) -> ApiError {
        ApiError::refused(StatusCode::TOO_MANY_REQUESTS, "per-client", message)
    }

    /// Why a build or heavy work was refused (`policy`, `memory`, `disk`, `busy`,
    /// `time-limit`, `per-client`).
    pub fn reason(&self) -> Option<&'static str> {
        self.reason
    }

    fn bad(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }

    /// A 503 with `Retry-After`: what the question needs is being built.
    fn building(message: String) -> ApiError {
        ApiError {
            building: true,
            retry: Some(2),
            ..ApiError::new(StatusCode::SERVICE_UNAVAILABLE, message)
        }
    }

    /// The HTTP status code.
    pub fn status(&self) -> u16 {
        self.status.as_u16()
    }

    /// The one-line message of `{"error": ...}`.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl From<EngineError> for ApiError {
    fn from(e: EngineError) -> Self {
        if let EngineError::TooBig(message) = e {
            return ApiError::refused(StatusCode::FORBIDDEN, "memory", message);
        }
        let status = if e.is_bad_input() {
            StatusCode::BAD_REQUEST
        } else {
            StatusCode::INTERNAL_SERVER_ERROR
        };
        ApiError::new(status, e.to_string())
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let message = self.message.replace('\n', " ");
        let mut body = if self.building {
            serde_json::json!({"status": "building", "error": message})
        } else {
            serde_json::json!({"error": message})
        };
        if let Some(reason) = self.reason {
            body["refused"] = reason.into();
        }
        let mut r = (self.status, Json(body)).into_response();
        if let Some(secs) = self.retry {
            r.headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(secs));
        }
        r
    }
}

pub use admission::Allow;
pub use yahtzee_engine::api::{AdviseQuestion, StatsQuestion};

/// Checks an `/api/advise` body ([`yahtzee_engine::api::advise_question`]) as the handler
/// checks it before any table is opened (public for the fuzzer and its regression tests:
/// `fuzz/`, `crates/yahtzee-hardening`). The error is the one-line message the API answers
/// with a 400.
pub fn advise_question(body: &[u8]) -> Result<AdviseQuestion, ApiError> {
    Ok(yahtzee_engine::api::advise_question(body)?)
}

/// Checks an `/api/stats` body, as [`advise_question`].
pub fn stats_question(body: &[u8]) -> Result<StatsQuestion, ApiError> {
    Ok(yahtzee_engine::api::stats_question(body)?)
}

fn default_rules() -> String {
    "forced".into()
}

async fn rules() -> Response {
    match tokio::task::spawn_blocking(yahtzee_engine::rules_listing).await {
        Ok(list) => Json(list).into_response(),
        Err(e) => ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()).into_response(),
    }
}

#[derive(Deserialize)]
struct CardQuery {
    #[serde(default = "default_rules")]
    rules: String,
}

async fn card(
    query: Result<Query<CardQuery>, axum::extract::rejection::QueryRejection>,
) -> Result<Json<yahtzee_engine::api::CardLayout>, ApiError> {
    let Query(q) = query.map_err(|e| ApiError::bad(e.body_text()))?;
    Ok(Json(yahtzee_engine::api::card_layout(&q.rules)?))
}

impl AppState {
    /// Makes what a question needs ready ([`Admission::need`]): `Ok` when it is in memory,
    /// else a 503 "building" (a job queued) or the refusal that says why not.
    async fn need(&self, builds: Vec<Build>, client: IpAddr) -> Result<(), ApiError> {
        self.admission
            .need(&self.tables, builds, client, &self.limits)
            .await
    }

    /// Runs heavy work on the blocking pool, one permit at a time, within the time limit:
    /// past it, or when the request's future is dropped (its client went away), the work's
    /// [`SolveOptions::cancel`] flag is set, and it stops at its next check, freeing its
    /// permit.
    async fn heavy<T: Send + 'static>(
        &self,
        client: IpAddr,
        memory: u64,
        work: impl FnOnce(&SolveOptions) -> Result<T, EngineError> + Send + 'static,
    ) -> Result<T, ApiError> {
        let slot = self.admission.client_slot(client, &self.limits)?;
        let limit = match self.limits.heavy_millis {
            Some(ms) => Duration::from_millis(ms),
            None => Duration::from_secs(self.limits.heavy_seconds),
        };
        let busy = || {
            let shown = if limit.subsec_millis() == 0 {
                format!("{} s", limit.as_secs())
            } else {
                format!("{} ms", limit.as_millis())
            };
            // No Retry-After: asked again, it would take as long.
            ApiError {
                reason: Some("time-limit"),
                ..ApiError::new(
                    StatusCode::SERVICE_UNAVAILABLE,
                    format!(
                        "this question takes more than {shown} here; try a position later in the game"
                    ),
                )
            }
        };
        let reservation = self.admission.reserve(memory, &self.limits)?;
        // A best response checks its own need against what is free now.
        let options = SolveOptions {
            memory_limit: self.admission.free_memory(&self.limits) + memory,
            cancel: Cancel::new(),
        };
        // Dropped on every way out of this future but a finished job: cancels the work.
        let guard = options.cancel.on_drop();
        let deadline = tokio::time::Instant::now() + limit;
        let permit = tokio::time::timeout_at(deadline, self.heavy.clone().acquire_owned())
            .await
            .map_err(|_| busy())?
            .map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
        let pool = self.admission.heavy_pool.clone();
        let job = tokio::task::spawn_blocking(move || {
            let out = pool.run(|| work(&options));
            drop((permit, reservation, slot));
            out
        });
        match tokio::time::timeout_at(deadline, job).await {
            Err(_) => Err(busy()),
            Ok(Err(e)) => Err(ApiError::new(
                StatusCode::INTERNAL_SERVER_ERROR,
                format!("internal error: {e}"),
            )),
            Ok(Ok(out)) => {
                guard.disarm();
                Ok(out?)
            }
        }
    }
}

async fn games() -> Json<serde_json::Value> {
    let list: Vec<_> = Game::ALL
        .iter()
        .map(|&g| serde_json::json!({"name": g.name(), "label": g.label()}))
        .collect();
    Json(serde_json::Value::Array(list))
}

impl AppState {
    /// The advice of a game other than Yahtzee, through the engine's [`Game`] door, once
    /// what it needs is in memory ([`AppState::need`]); on the blocking pool (microseconds
    /// to milliseconds: no heavy permit).
    async fn advise_game(
        self: &Arc<Self>,
        game: Game,
        body: Bytes,
        client: IpAddr,
    ) -> Result<Response, ApiError> {
        self.need(game.builds(&body, false)?, client).await?;
        let tables = self.tables.clone();
        let answer = blocking(move || game.advise(&tables, &body)).await?;
        Ok(Json(answer).into_response())
    }

    /// The tables a Yahtzee question needs, in memory: the rule set's advisor, and its
    /// target table when playing for a target.
    fn tables_for(
        &self,
        rules: &'static RuleSet,
        play_for: &PlayFor,
    ) -> Result<(Arc<Advisor>, Option<Arc<TargetTable>>), ApiError> {
        let advisor = self.tables.advisor(rules)?;
        let target = match play_for {
            PlayFor::Target(_) => Some(self.tables.target(rules)?),
            _ => None,
        };
        Ok((advisor, target))
    }
}

/// Runs `work` (a request's answer, a few milliseconds or more) on the blocking pool; a
/// panic there is a 500 in one line.
async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, EngineError> + Send + 'static,
) -> Result<T, ApiError> {
    let out = tokio::task::spawn_blocking(work).await.map_err(|e| {
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("internal error: {e}"),
        )
    })?;
    Ok(out?)
}

/// A request's client and body.
async fn request(
    s: &AppState,
    peer: Option<axum::Extension<Peer>>,
    headers: &HeaderMap,
    body: axum::body::Body,
) -> Result<(IpAddr, Bytes), ApiError> {
    let client = client_of(&s.limits, peer.map(|p| p.0), headers);
    Ok((client, read_body(body, &s.limits).await?))
}

async fn advise(
    State(s): State<Arc<AppState>>,
    peer: Option<axum::Extension<Peer>>,
    headers: HeaderMap,
    body: axum::body::Body,
) -> Result<Response, ApiError> {
    let (client, bytes) = request(&s, peer, &headers, body).await?;
    let game = Game::of_request(&bytes)?;
    if game != Game::Yahtzee {
        return s.advise_game(game, bytes, client).await;
    }
    let req = advise_question(&bytes)?;
    s.need(game.builds(&bytes, false)?, client).await?;
    let heavy = req.play_for != PlayFor::Expected;
    let (advisor, target) = s.tables_for(req.rules, &req.play_for)?;
    if req.explain {
        // The companion table is in memory now (`need` built or opened it). Each option's
        // parts take a millisecond or two (docs/SERVER.md): on the blocking pool.
        let companion = s.tables.companion(req.rules)?;
        let report = blocking(move || {
            let mut report = req.answer(&advisor, None)?;
            req.explain(&advisor, &companion, &mut report)?;
            Ok(report)
        })
        .await?;
        return Ok(Json(report).into_response());
    }
    let answer =
        move |options: &SolveOptions| req.answer_with(&advisor, target.as_deref(), options);
    // Expected-score advice takes microseconds: on this task. The rest is heavy (a best
    // response checks its own memory against what is free).
    let report = if !heavy {
        answer(&SolveOptions::default())?
    } else {
        s.heavy(client, HEAVY_ADVICE_MEMORY, answer).await?
    };
    Ok(Json(report).into_response())
}

/// Memory reserved for a heavy advice question (a target's or a best response's; the
/// best response is refused when its own estimate passes what is free).
const HEAVY_ADVICE_MEMORY: u64 = 64 << 20;

/// Memory reserved for a simulation (Triple Yahtzee, Yahtzix, Painted Yahtzee): its
/// players and tallies, not its tables (built first, on their own).
const SIMULATION_MEMORY: u64 = 64 << 20;

/// Painted Yahtzee's advice: the body of `/api/advise` with `"game": "painted"` (or a
/// reduced game's name), the `game` field optional here.
async fn painted_advise(
    State(s): State<Arc<AppState>>,
    peer: Option<axum::Extension<Peer>>,
    headers: HeaderMap,
    body: axum::body::Body,
) -> Result<Response, ApiError> {
    let (client, bytes) = request(&s, peer, &headers, body).await?;
    s.advise_game(Game::Painted, bytes, client).await
}

async fn stats(
    State(s): State<Arc<AppState>>,
    peer: Option<axum::Extension<Peer>>,
    headers: HeaderMap,
    body: axum::body::Body,
) -> Result<Response, ApiError> {
    let (client, bytes) = request(&s, peer, &headers, body).await?;
    let game = Game::of_request(&bytes)?;
    s.need(game.builds(&bytes, true)?, client).await?;
    if game != Game::Yahtzee {
        // Simulations over tables now in memory: heavy work, bounded in time.
        let tables = s.tables.clone();
        let answer = s
            .heavy(client, SIMULATION_MEMORY, move |_| {
                game.stats(&tables, &bytes)
            })
            .await?;
        return Ok(Json(answer).into_response());
    }
    let req = stats_question(&bytes)?;
    let (advisor, target) = s.tables_for(req.rules, &req.play_for)?;
    let memory = yahtzee_engine::cost::exact_stats_memory(req.rules);
    let summary = s
        .heavy(client, memory, move |options| {
            yahtzee_engine::stats_with(
                &advisor,
                target.as_deref(),
                &req.card,
                &req.play_for,
                &|_| {},
                options,
            )
        })
        .await?;
    Ok(Json(summary).into_response())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_loopback_server_without_a_proxy_serves_a_local_user() {
        let local = Limits::for_listener("127.0.0.1".parse().unwrap(), false);
        assert_eq!((local.allow, local.per_client), (Allow::all(), usize::MAX));
        for (bind, proxy) in [("0.0.0.0", false), ("127.0.0.1", true), ("::", false)] {
            let l = Limits::for_listener(bind.parse().unwrap(), proxy);
            let shared = (l.allow, l.per_client, l.trust_forwarded);
            assert_eq!(shared, (Allow::default(), 2, proxy), "{bind}");
        }
    }
}
