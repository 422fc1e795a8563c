//! `POST /api/puzzles`: the trainer's puzzles (`yahtzee_engine::train`), the same as
//! `yahtzee train list --json` and the static site's. The value and companion tables go
//! through the admission like any build; the puzzles themselves take a fraction of a
//! second (docs/TRAIN.md), on the blocking pool.

use std::sync::Arc;

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use yahtzee_engine::cost::Build;
use yahtzee_engine::train;

use crate::{blocking, request, ApiError, AppState, Peer};

pub(crate) async fn puzzles(
    State(s): State<Arc<AppState>>,
    peer: Option<axum::Extension<Peer>>,
    headers: HeaderMap,
    body: axum::body::Body,
) -> Result<Response, ApiError> {
    let (client, bytes) = request(&s, peer, &headers, body).await?;
    let (rules, query) = train::request(&bytes)?;
    if query.count == 0 || query.count > train::MAX_PUZZLES {
        // Refused before any build (the engine would say the same after one).
        let e = format!(
            "--count {}: from 1 to {} puzzles",
            query.count,
            train::MAX_PUZZLES
        );
        return Err(ApiError::new(StatusCode::BAD_REQUEST, e));
    }
    s.need(vec![Build::Values(rules), Build::Companion(rules)], client)
        .await?;
    let (advisor, companion) = (s.tables.advisor(rules)?, s.tables.companion(rules)?);
    let set = blocking(move || train::puzzles(&advisor, &companion, &query)).await?;
    Ok(Json(set).into_response())
}
