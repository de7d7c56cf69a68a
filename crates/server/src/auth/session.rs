//! The session check in front of every protected route, and the fresh token behind it.

use axum::extract::{FromRequestParts, Request, State};
use axum::http::HeaderValue;
use axum::http::request::Parts;
use axum::middleware::Next;
use axum::response::Response;
use chrono::Duration;
use domain::session::SessionTimes;

use super::{Claims, JWT_HEADER, token_from_headers};
use crate::client_ip::ClientIp;
use crate::error::AppError;
use crate::state::AppState;

/// The logged-in user of a request that passed [`require_session`].
#[derive(Clone, Debug)]
pub struct CurrentSession {
    pub user_id: i64,
    pub session_id: String,
    pub ip: String,
}

/// Put into a response's extensions by a handler that ended the session (logout), so
/// no fresh token is issued for it.
#[derive(Clone, Copy, Debug)]
pub struct SessionEnded;

/// Admits a request only with a token of a live session, records the activity, and
/// answers with a freshly signed token whose expiry follows the session's deadline.
pub async fn require_session(
    State(state): State<AppState>,
    mut request: Request,
    next: Next,
) -> Result<Response, AppError> {
    let claims = token_from_headers(request.headers())
        .and_then(|token| state.tokens.verify(token))
        .ok_or_else(AppError::unauthorized)?;
    let now = state.now();
    if claims.exp <= now.timestamp() {
        return Err(AppError::unauthorized());
    }
    // Read on every request, never cached: a logout, `user disable` or `user passwd` on
    // any server sharing the database ends the session for the very next request.
    let check = state.store.session_check(&claims.sid).await?.ok_or_else(AppError::unauthorized)?;
    let session = check.session;
    if session.user_id != claims.user_id || !check.user_still_allowed {
        return Err(AppError::unauthorized());
    }
    let mut times = SessionTimes {
        created_at: session.created_at,
        last_seen_at: session.last_seen_at,
        idle_timeout: Duration::seconds(i64::from(session.idle_timeout_seconds)),
        revoked: session.revoked_at.is_some(),
    };
    if times.ended_at(now).is_some() {
        return Err(AppError::unauthorized());
    }
    if times.needs_touch(now) {
        state.store.touch_session(&claims.sid, now).await?;
    }
    times.last_seen_at = now;

    let ip = ClientIp::of(&request, &state.config).0;
    let current = CurrentSession { user_id: session.user_id, session_id: claims.sid.clone(), ip };
    request.extensions_mut().insert(current.clone());
    let mut response = next.run(request).await;
    // Who asked, for the refusal audit outside this layer.
    response.extensions_mut().insert(current);

    if response.extensions().get::<SessionEnded>().is_none() {
        let token = state.tokens.issue(&Claims {
            user_id: session.user_id,
            sid: claims.sid,
            iat: now.timestamp(),
            exp: times.deadline().timestamp(),
        });
        if let Ok(value) = HeaderValue::from_str(&token) {
            response.headers_mut().insert(JWT_HEADER, value);
        }
    }
    Ok(response)
}

impl<S: Send + Sync> FromRequestParts<S> for CurrentSession {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        // Only present behind `require_session`; a handler mounted without it is refused.
        parts.extensions.get::<CurrentSession>().cloned().ok_or_else(AppError::unauthorized)
    }
}
