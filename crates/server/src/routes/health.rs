//! Liveness for load balancers and start-up scripts.

use axum::extract::State;
use axum::http::StatusCode;
use serde::Serialize;
use utoipa::ToSchema;

use crate::extract::Json;
use crate::state::AppState;

#[derive(Debug, Serialize, ToSchema)]
pub struct HealthStatus {
    /// "ok" when the database answers, otherwise "unavailable".
    pub status: String,
}

/// Whether the server and its database are up. Needs no token.
#[utoipa::path(get, path = "/health", tag = "health", security(()),
    responses(
        (status = 200, description = "Serving", body = HealthStatus),
        (status = 503, description = "The database does not answer", body = HealthStatus),
    ))]
pub async fn health(State(state): State<AppState>) -> (StatusCode, Json<HealthStatus>) {
    if state.store.ping().await {
        (StatusCode::OK, Json(HealthStatus { status: "ok".into() }))
    } else {
        (StatusCode::SERVICE_UNAVAILABLE, Json(HealthStatus { status: "unavailable".into() }))
    }
}
