//! Logging in and out, and keeping a session alive (spec part 1, sections 4 and 7).

use axum::Extension;
use axum::extract::State;
use axum::http::{HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use domain::credentials::{PasswordDigest, decoy_hash, normalize_username, verify_password};
use domain::ids::UserId;
use domain::session::{SessionTimes, idle_timeout};
use serde::{Deserialize, Serialize};
use store::audit::{AuditEntry, Outcome};
use store::sessions::NewSession;
use utoipa::ToSchema;

use crate::auth::{Claims, CurrentSession, JWT_HEADER, SessionEnded};
use crate::client_ip::ClientIp;
use crate::error::{ApiError, AppError};
use crate::extract::Json;
use crate::state::AppState;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoginRequest {
    /// The kind of client; the web app sends 8.
    pub client_type: i32,
    pub username: String,
    /// Lowercase hex SHA-256 of the password as typed.
    pub password: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoginResponse {
    pub user_id: UserId,
    pub first_name: String,
    pub last_name: String,
}

/// Logs in. The answer's `jwt` header holds the session token.
#[utoipa::path(post, path = "/login", tag = "session", security(()), request_body = LoginRequest,
    responses(
        (status = 200, description = "Logged in", body = LoginResponse,
            headers(("jwt" = String, description = "Session token; send it back in the `jwt` header"))),
        (status = 400, description = "The body is not a login request", body = ApiError),
        (status = 401, description = "Wrong username or password", body = ApiError),
        (status = 429, description = "Too many failed logins", body = ApiError,
            headers(("retry-after" = u64, description = "Seconds until another try is accepted"))),
        (status = 503, description = "Too many logins being checked at once", body = ApiError,
            headers(("retry-after" = u64, description = "Seconds until another try is accepted"))),
    ))]
pub async fn login(
    State(state): State<AppState>,
    ip: ClientIp,
    Json(request): Json<LoginRequest>,
) -> Result<Response, AppError> {
    let now = state.now();
    let typed_name: String = request.username.trim().chars().take(64).collect();
    let username = normalize_username(&request.username);
    let throttle_key = username.clone().unwrap_or_else(|| typed_name.to_lowercase());

    // Counted before the password is looked at, so parallel guesses cannot all get in.
    let reservation = match state.throttle.reserve(&state.store, &ip.0, &throttle_key, now).await? {
        Ok(reservation) => reservation,
        Err(wait_seconds) => {
            // Floods of refused logins become one row per address and minute, not one each.
            state.audit_sink.tally(
                now,
                AuditEntry {
                    ip: Some(ip.0),
                    detail: Some("throttled".into()),
                    ..AuditEntry::new("login", Outcome::Denied)
                },
            );
            return Err(AppError::too_many_attempts(
                wait_seconds,
                format!("Too many failed logins. Please wait {} and try again.", wait_in_words(wait_seconds)),
            ));
        }
    };

    let user = match &username {
        Some(name) => state.store.user_by_username(name).await?,
        None => None,
    };
    let stored_hash = user.as_ref().filter(|u| !u.disabled).map(|u| u.password_hash.clone());
    let digest = PasswordDigest::parse(&request.password);
    let Some(turn) = state.throttle.verification_turn().await else {
        state.throttle.not_checked(&state.store, reservation).await?;
        return Err(AppError::busy());
    };
    // Unknown users, disabled users and malformed digests all cost one Argon2
    // verification, so the answer's timing does not tell which it was.
    let verified = tokio::task::spawn_blocking(move || {
        let digest = digest.unwrap_or_else(|| PasswordDigest::of_typed(""));
        match &stored_hash {
            Some(hash) => verify_password(hash, &digest),
            None => {
                verify_password(decoy_hash(), &digest);
                false
            }
        }
    })
    .await
    .map_err(AppError::internal)?;
    drop(turn);

    let known_id = user.as_ref().map(|u| u.id);
    let Some(user) = user.filter(|_| verified) else {
        state
            .audit(AuditEntry {
                user_id: known_id,
                username: known_id.is_none().then_some(typed_name),
                ip: Some(ip.0),
                ..AuditEntry::new("login", Outcome::Failure)
            })
            .await?;
        return Err(AppError::invalid_credentials());
    };
    state.throttle.succeeded(&state.store, reservation).await?;

    let auto_logout = state
        .store
        .user_preferences(user.id, &["mobile.autoLogout"])
        .await?
        .get("mobile.autoLogout")
        .and_then(serde_json::Value::as_i64);
    let session_id = URL_SAFE_NO_PAD.encode(rand::random::<[u8; 32]>());
    let idle = idle_timeout(auto_logout);
    // The epoch read with the verified hash: had `user passwd` or `user disable` run
    // since, the session is born dead.
    state
        .store
        .create_session(NewSession {
            id: session_id.clone(),
            user_id: user.id,
            user_epoch: user.session_epoch,
            created_at: now,
            idle_timeout_seconds: i32::try_from(idle.num_seconds()).unwrap_or(i32::MAX),
            ip: ip.0.clone(),
            client_type: request.client_type,
        })
        .await?;
    state
        .audit(AuditEntry { user_id: Some(user.id), ip: Some(ip.0), ..AuditEntry::new("login", Outcome::Success) })
        .await?;

    let times = SessionTimes { created_at: now, last_seen_at: now, idle_timeout: idle, revoked: false };
    let token = state.tokens.issue(&Claims {
        user_id: user.id,
        sid: session_id,
        iat: now.timestamp(),
        exp: times.deadline().timestamp(),
    });
    let mut response =
        Json(LoginResponse { user_id: UserId(user.id), first_name: user.first_name, last_name: user.last_name })
            .into_response();
    response.headers_mut().insert(JWT_HEADER, HeaderValue::from_str(&token).map_err(AppError::internal)?);
    Ok(response)
}

fn wait_in_words(seconds: u64) -> String {
    match seconds {
        0..=59 => format!("{seconds} seconds"),
        60..=119 => "1 minute".to_owned(),
        _ => format!("{} minutes", seconds.div_ceil(60)),
    }
}

/// Keeps the session alive; the web app calls it every 30 seconds.
#[utoipa::path(patch, path = "/keepalive", tag = "session",
    responses(
        (status = 204, description = "Session extended",
            headers(("jwt" = String, description = "Fresh session token"))),
        (status = 401, description = "No live session", body = ApiError),
    ))]
pub async fn keepalive() -> StatusCode {
    // The session layer has already recorded the activity and signs a fresh token.
    StatusCode::NO_CONTENT
}

/// Ends the session: its tokens stop working at once.
#[utoipa::path(post, path = "/logout", tag = "session",
    responses(
        (status = 204, description = "Logged out"),
        (status = 401, description = "No live session", body = ApiError),
    ))]
pub async fn logout(State(state): State<AppState>, current: CurrentSession) -> Result<Response, AppError> {
    state.store.revoke_session(&current.session_id, state.now()).await?;
    state
        .audit(AuditEntry {
            user_id: Some(current.user_id),
            ip: Some(current.ip),
            ..AuditEntry::new("logout", Outcome::Success)
        })
        .await?;
    Ok((StatusCode::NO_CONTENT, Extension(SessionEnded)).into_response())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn waits_are_said_in_minutes_rounded_up() {
        assert_eq!(wait_in_words(30), "30 seconds");
        assert_eq!(wait_in_words(60), "1 minute");
        assert_eq!(wait_in_words(61), "1 minute");
        assert_eq!(wait_in_words(121), "3 minutes");
        assert_eq!(wait_in_words(900), "15 minutes");
    }
}
