//! `yahtzee serve`: the web advisor and its JSON API, a thin layer over
//! [`yahtzee_engine`] like the command line. Requests and answers have the shapes of the
//! CLI's `--json` output.
//!
//! | route | answer |
//! |---|---|
//! | `GET /` , `GET /play` | the advisor page, the game against the engine (`web/`) |
//! | `GET /api/health` | `{"status": "ok"}` |
//! | `GET /api/rules` | `yahtzee rules --json` |
//! | `GET /api/card?rules=R` | the boxes of a rule set and the scores each can hold |
//! | `POST /api/advise` | `yahtzee advise --json` for `{"rules", "scorecard", "dice", "rolls_left", "target"?, "opponents"?}` |
//! | `POST /api/stats` | `yahtzee stats --json` for `{"rules", "scorecard", "target"?, "opponents"?}` |
//!
//! Every failure is a status with `{"error": "one line"}`: 400 for a bad question, 404,
//! 405, 408 for a body slower than [`Limits::read_seconds`], 413 for a body over
//! [`Limits::body_bytes`], 503 with `"status": "building"` (and
//! `Retry-After`) while a missing table is built in the background, 503 when the heavy
//! work (statistics, best responses) is busy or over [`Limits::heavy_seconds`]. Tables are
//! opened once and shared by every request; cheap questions (expected-score advice) are
//! answered on the request's own task, heavy ones on the blocking pool, at most
//! [`Limits::heavy_jobs`] at a time.

use std::collections::HashSet;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, Query, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use tokio::sync::Semaphore;
use yahtzee_advice::Advisor;
use yahtzee_engine::{EngineError, PlayFor, Tables, TargetTable};
use yahtzee_rules::RuleSet;

/// Bounds on what one request may cost.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Largest request body accepted (bytes).
    pub body_bytes: usize,
    /// Longest a heavy request (statistics, a best response) may take before a 503.
    pub heavy_seconds: u64,
    /// Heavy requests computed at once; more wait (within `heavy_seconds`).
    pub heavy_jobs: usize,
    /// How long a client may take to send a request's headers, and then its body.
    pub read_seconds: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            body_bytes: 64 * 1024,
            heavy_seconds: 30,
            heavy_jobs: 1,
            read_seconds: 10,
        }
    }
}

/// What every request shares: the tables, the builds under way, the heavy-work permits.
pub struct AppState {
    tables: Arc<Tables>,
    building: Arc<Mutex<HashSet<String>>>,
    heavy: Arc<Semaphore>,
    limits: Limits,
}

impl AppState {
    pub fn new(tables: Tables, limits: Limits) -> Arc<AppState> {
        Arc::new(AppState {
            tables: Arc::new(tables),
            building: Arc::default(),
            heavy: Arc::new(Semaphore::new(limits.heavy_jobs)),
            limits,
        })
    }
}

/// The routes, over shared state.
pub fn router(state: Arc<AppState>) -> Router {
    Router::new()
        .route("/", get(|| async { page(INDEX) }))
        .route("/play", get(|| async { page(PLAY) }))
        .route("/favicon.ico", get(|| async { StatusCode::NO_CONTENT }))
        .route(
            "/api/health",
            get(|| async { Json(serde_json::json!({"status": "ok"})) }),
        )
        .route("/api/rules", get(rules))
        .route("/api/card", get(card))
        .route("/api/advise", post(advise))
        .route("/api/stats", post(stats))
        .fallback(|| async { ApiError::new(StatusCode::NOT_FOUND, "no such page or endpoint") })
        // Bodies are read by `read_body`, with its own limit and time bound.
        .layer(DefaultBodyLimit::disable())
        .with_state(state)
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
        let service = hyper_util::service::TowerToHyperService::new(app.clone());
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
    let read = axum::body::to_bytes(body, limit);
    match tokio::time::timeout(Duration::from_secs(limits.read_seconds), read).await {
        Err(_) => Err(ApiError::new(
            StatusCode::REQUEST_TIMEOUT,
            "the request body came too slowly",
        )),
        Ok(Err(_)) => Err(ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("request body over the length limit of {limit} bytes"),
        )),
        Ok(Ok(bytes)) => Ok(bytes),
    }
}

const INDEX: &str = include_str!("../web/index.html");
const PLAY: &str = include_str!("../web/play.html");

fn page(html: &'static str) -> Response {
    let mut r = Html(html).into_response();
    r.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    r
}

/// A failure as the API reports it: a status and `{"error": "..."}`.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    message: String,
    building: bool,
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
        }
    }

    fn bad(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
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
        let body = if self.building {
            serde_json::json!({"status": "building", "error": message})
        } else {
            serde_json::json!({"error": message})
        };
        let mut r = (self.status, Json(body)).into_response();
        if self.building {
            r.headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from_static("2"));
        }
        r
    }
}

/// The request body as JSON of type `T`, or a 4xx saying why not.
fn parse<T: for<'de> Deserialize<'de>>(bytes: &[u8]) -> Result<T, ApiError> {
    serde_json::from_slice(bytes).map_err(|e| ApiError::bad(format!("bad request body: {e}")))
}

/// A `POST /api/advise` body, checked as the handler checks it before any table is opened
/// (public for the fuzzer and its regression tests: `fuzz/`, `crates/yahtzee-hardening`).
#[derive(Debug)]
pub struct AdviseQuestion {
    /// The rule set with its house rules.
    pub rules: &'static RuleSet,
    /// The card.
    pub card: yahtzee_rules::Scorecard,
    /// The dice and rolls left; `None`: the sixth-die question.
    pub dice: Option<(yahtzee_rules::Dice, u8)>,
    /// What the player plays for.
    pub play_for: PlayFor,
}

/// A `POST /api/stats` body, checked as [`AdviseQuestion`].
#[derive(Debug)]
pub struct StatsQuestion {
    /// The rule set with its house rules.
    pub rules: &'static RuleSet,
    /// The card.
    pub card: yahtzee_rules::Scorecard,
    /// What the player plays for.
    pub play_for: PlayFor,
}

/// Checks an `/api/advise` body: JSON shape, rules, card, dice, what to play for. The
/// error is the one-line message the API answers with a 400.
pub fn advise_question(body: &[u8]) -> Result<AdviseQuestion, ApiError> {
    let req: AdviseRequest = parse(body)?;
    let dice = match (&req.dice, req.rolls_left) {
        (Some(d), Some(rolls)) => Some((yahtzee_engine::parse_dice(&d.text())?, rolls)),
        (None, None) => None,
        _ => {
            return Err(EngineError::BadInput(
                "give both dice and rolls_left (leave both out to ask whether to take the sixth die, under mega-yahtzee)".into(),
            )
            .into())
        }
    };
    let (rules, card, play_for) = common(
        &req.rules,
        &req.house,
        &req.scorecard,
        req.target,
        &req.opponents,
    )?;
    Ok(AdviseQuestion {
        rules,
        card,
        dice,
        play_for,
    })
}

/// Checks an `/api/stats` body, as [`advise_question`].
pub fn stats_question(body: &[u8]) -> Result<StatsQuestion, ApiError> {
    let req: StatsRequest = parse(body)?;
    let (rules, card, play_for) = common(
        &req.rules,
        &req.house,
        &req.scorecard,
        req.target,
        &req.opponents,
    )?;
    Ok(StatsQuestion {
        rules,
        card,
        play_for,
    })
}

/// The rule set, the card and what to play for, checked.
fn common(
    rules: &str,
    house: &[String],
    scorecard: &str,
    target: Option<u32>,
    opponents: &[String],
) -> Result<(&'static RuleSet, yahtzee_rules::Scorecard, PlayFor), ApiError> {
    let rules = rules_of(rules, house)?;
    let card = yahtzee_engine::parse_card(rules, scorecard)?;
    Ok((rules, card, play_for(target, opponents)?))
}

fn rules_of(name: &str, house: &[String]) -> Result<&'static RuleSet, ApiError> {
    let house: Vec<&str> = house.iter().map(String::as_str).collect();
    Ok(yahtzee_engine::rules_named(name, &house)?)
}

fn default_rules() -> String {
    "forced".into()
}

/// Five dice as `"13346"` or `[1, 3, 3, 4, 6]`.
#[derive(Deserialize)]
#[serde(untagged)]
enum DiceText {
    Text(String),
    Faces(Vec<u8>),
}

impl DiceText {
    fn text(&self) -> String {
        match self {
            DiceText::Text(t) => t.clone(),
            DiceText::Faces(f) => f
                .iter()
                .map(|d| d.to_string())
                .collect::<Vec<_>>()
                .join(" "),
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AdviseRequest {
    #[serde(default = "default_rules")]
    rules: String,
    #[serde(default)]
    house: Vec<String>,
    #[serde(default)]
    scorecard: String,
    /// Both left out: the turn-start question of "mega-yahtzee" (take the sixth die?).
    dice: Option<DiceText>,
    rolls_left: Option<u8>,
    target: Option<u32>,
    #[serde(default)]
    opponents: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StatsRequest {
    #[serde(default = "default_rules")]
    rules: String,
    #[serde(default)]
    house: Vec<String>,
    #[serde(default)]
    scorecard: String,
    target: Option<u32>,
    #[serde(default)]
    opponents: Vec<String>,
}

fn play_for(target: Option<u32>, opponents: &[String]) -> Result<PlayFor, ApiError> {
    match (target, opponents.is_empty()) {
        (Some(_), false) => Err(ApiError::bad("play for a target or to win, not both")),
        (Some(t), true) => Ok(PlayFor::Target(t)),
        (None, false) => Ok(PlayFor::Win(opponents.to_vec())),
        (None, true) => Ok(PlayFor::Expected),
    }
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

#[derive(Serialize)]
struct CardBox {
    name: &'static str,
    label: String,
    upper: bool,
    scores: Vec<u32>,
}

#[derive(Serialize)]
struct CardLayout {
    rules: &'static str,
    boxes: Vec<CardBox>,
    upper_threshold: u32,
    upper_bonus: u32,
    yahtzee_bonus: bool,
    mulligan: bool,
    chance_chance: bool,
    fool_house: bool,
    /// House rule "mega-yahtzee", and its Mega bonus.
    mega_yahtzee: bool,
    mega_bonus: u32,
}

async fn card(
    query: Result<Query<CardQuery>, axum::extract::rejection::QueryRejection>,
) -> Result<Json<CardLayout>, ApiError> {
    let Query(q) = query.map_err(|e| ApiError::bad(e.body_text()))?;
    let rules = rules_of(&q.rules, &[])?;
    let boxes = rules
        .boxes
        .iter()
        .enumerate()
        .map(|(b, c)| CardBox {
            name: c.name(),
            label: c.to_string(),
            upper: c.upper_face().is_some(),
            scores: yahtzee_rules::card_scores(rules, b),
        })
        .collect();
    Ok(Json(CardLayout {
        rules: rules.name,
        boxes,
        upper_threshold: rules.upper_threshold,
        upper_bonus: rules.upper_bonus,
        yahtzee_bonus: rules.yahtzee_bonus > 0,
        mulligan: rules.house.mulligan,
        chance_chance: rules.house.chance_chance,
        fool_house: rules.house.fool_house,
        mega_yahtzee: rules.house.mega_yahtzee,
        mega_bonus: rules.mega_bonus,
    }))
}

impl AppState {
    /// The advisor of `rules`: opened now if its file exists (milliseconds), else built in
    /// the background while this request gets a 503 "building".
    fn advisor(self: &Arc<Self>, rules: &'static RuleSet) -> Result<Arc<Advisor>, ApiError> {
        if self.tables.is_open(rules) || self.tables.path(rules).exists() {
            return Ok(self.tables.advisor(rules)?);
        }
        self.build(rules, rules.name.to_string(), |t, r| t.advisor(r).map(drop))
    }

    /// The target table of `rules`, as [`AppState::advisor`] (its build takes about a
    /// minute and 1 GB of disk).
    fn target(self: &Arc<Self>, rules: &'static RuleSet) -> Result<Arc<TargetTable>, ApiError> {
        if self.tables.is_target_open(rules) || self.tables.target_path(rules).exists() {
            return Ok(self.tables.target(rules)?);
        }
        self.build(rules, format!("{} (target table)", rules.name), |t, r| {
            t.target(r).map(drop)
        })
    }

    /// Starts building a table in the background (once) and answers "building".
    fn build<T>(
        self: &Arc<Self>,
        rules: &'static RuleSet,
        what: String,
        open: fn(&Tables, &'static RuleSet) -> Result<(), EngineError>,
    ) -> Result<T, ApiError> {
        let fresh = self
            .building
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .insert(what.clone());
        if fresh {
            let (tables, building, name) =
                (self.tables.clone(), self.building.clone(), what.clone());
            tokio::task::spawn_blocking(move || {
                if let Err(e) = open(&tables, rules) {
                    eprintln!("building {name} failed: {e}");
                }
                building
                    .lock()
                    .unwrap_or_else(|p| p.into_inner())
                    .remove(&name);
            });
        }
        Err(ApiError {
            status: StatusCode::SERVICE_UNAVAILABLE,
            message: format!("the table for {what} is being built; try again in a few seconds"),
            building: true,
        })
    }

    /// Runs heavy work on the blocking pool, one permit at a time, within the time limit.
    async fn heavy<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> Result<T, EngineError> + Send + 'static,
    ) -> Result<T, ApiError> {
        let limit = Duration::from_secs(self.limits.heavy_seconds);
        let busy = || {
            ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                format!(
                    "this question takes more than {} s here; try a position later in the game",
                    limit.as_secs()
                ),
            )
        };
        let deadline = tokio::time::Instant::now() + limit;
        let permit = tokio::time::timeout_at(deadline, self.heavy.clone().acquire_owned())
            .await
            .map_err(|_| busy())?
            .map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
        let job = tokio::task::spawn_blocking(move || {
            let out = work();
            drop(permit);
            out
        });
        match tokio::time::timeout_at(deadline, job).await {
            Err(_) => Err(busy()),
            Ok(Err(e)) => Err(ApiError::new(
                StatusCode::INTERNAL_SERVER_ERROR,
                format!("internal error: {e}"),
            )),
            Ok(Ok(out)) => Ok(out?),
        }
    }
}

/// A question's common part, checked: the rule set's advisor (and target table when
/// playing for a target), the card, what to play for.
struct Question {
    advisor: Arc<Advisor>,
    target: Option<Arc<TargetTable>>,
    card: yahtzee_rules::Scorecard,
    play_for: PlayFor,
}

impl AppState {
    fn question(
        self: &Arc<Self>,
        rules: &'static RuleSet,
        card: yahtzee_rules::Scorecard,
        play_for: PlayFor,
    ) -> Result<Question, ApiError> {
        let advisor = self.advisor(rules)?;
        let target = match play_for {
            PlayFor::Target(_) => Some(self.target(rules)?),
            _ => None,
        };
        Ok(Question {
            advisor,
            target,
            card,
            play_for,
        })
    }
}

async fn advise(
    State(s): State<Arc<AppState>>,
    body: axum::body::Body,
) -> Result<Response, ApiError> {
    let req = advise_question(&read_body(body, &s.limits).await?)?;
    let heavy = req.play_for != PlayFor::Expected;
    let dice = req.dice;
    let q = s.question(req.rules, req.card, req.play_for)?;
    let answer = move || match dice {
        Some((dice, rolls)) => yahtzee_engine::advise(
            &q.advisor,
            q.target.as_deref(),
            &q.card,
            dice,
            rolls,
            &q.play_for,
        ),
        None => {
            yahtzee_engine::advise_sixth_die(&q.advisor, q.target.as_deref(), &q.card, &q.play_for)
        }
    };
    // Expected-score advice takes microseconds: on this task. The rest is heavy.
    let report = if !heavy {
        answer()?
    } else {
        s.heavy(answer).await?
    };
    Ok(Json(report).into_response())
}

async fn stats(
    State(s): State<Arc<AppState>>,
    body: axum::body::Body,
) -> Result<Response, ApiError> {
    let req = stats_question(&read_body(body, &s.limits).await?)?;
    let q = s.question(req.rules, req.card, req.play_for)?;
    let summary = s
        .heavy(move || {
            yahtzee_engine::stats(
                &q.advisor,
                q.target.as_deref(),
                &q.card,
                &q.play_for,
                &|_| {},
            )
        })
        .await?;
    Ok(Json(summary).into_response())
}
