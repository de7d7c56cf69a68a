//! One error type for every handler. It becomes the JSON shape every client relies on:
//! `{code, message, fields}`. A 5xx is logged once with its cause and answered without
//! internals.

use std::collections::BTreeMap;

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use utoipa::ToSchema;

/// The body of every error response.
#[derive(Debug, Serialize, ToSchema, PartialEq, Eq)]
pub struct ApiError {
    /// Stable machine-readable reason, snake_case.
    pub code: String,
    /// Text a person can read.
    pub message: String,
    /// Field name (as sent) to what is wrong with it, when particular fields are at fault.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    #[schema(required = false)]
    pub fields: BTreeMap<String, String>,
    /// On a 409 `edit_conflict`: the record as it is now (someone else's change saved
    /// after the version the refused change was made on).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(required = false, value_type = Option<Object>)]
    pub current: Option<serde_json::Value>,
}

#[derive(Debug)]
pub struct AppError {
    status: StatusCode,
    code: &'static str,
    message: String,
    fields: BTreeMap<String, String>,
    retry_after_seconds: Option<u64>,
    /// The cause of a 5xx, for the log only.
    cause: Option<String>,
    /// The record as it is now, on a refused stale change (boxed: errors travel in
    /// every `Result`, so they stay small).
    current: Option<Box<serde_json::Value>>,
}

/// The text shown for a wrong username or password (spec part 1, section 8).
pub const INVALID_CREDENTIALS: &str = "The Username and/or Password entered is incorrect. Please try again.";

impl AppError {
    fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> Self {
        Self {
            status,
            code,
            message: message.into(),
            fields: BTreeMap::new(),
            retry_after_seconds: None,
            cause: None,
            current: None,
        }
    }

    /// 400 naming the fields at fault.
    pub fn invalid_fields<K: Into<String>, V: Into<String>>(fields: impl IntoIterator<Item = (K, V)>) -> Self {
        let mut error = Self::new(StatusCode::BAD_REQUEST, "invalid_input", "Some fields are not valid");
        error.fields = fields.into_iter().map(|(k, v)| (k.into(), v.into())).collect();
        error
    }

    /// 400 with one field at fault.
    pub fn invalid_field(field: impl Into<String>, problem: impl Into<String>) -> Self {
        Self::invalid_fields([(field.into(), problem.into())])
    }

    /// 400 for input that is wrong as a whole.
    pub fn bad_request(code: &'static str, message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, code, message)
    }

    pub fn with_field(mut self, field: impl Into<String>, problem: impl Into<String>) -> Self {
        self.fields.insert(field.into(), problem.into());
        self
    }

    pub fn unauthorized() -> Self {
        Self::new(StatusCode::UNAUTHORIZED, "unauthorized", "Your session has ended. Please log in again.")
    }

    pub fn invalid_credentials() -> Self {
        Self::new(StatusCode::UNAUTHORIZED, "invalid_credentials", INVALID_CREDENTIALS)
    }

    pub fn forbidden(code: &'static str, message: impl Into<String>) -> Self {
        Self::new(StatusCode::FORBIDDEN, code, message)
    }

    pub fn not_found(message: impl Into<String>) -> Self {
        Self::new(StatusCode::NOT_FOUND, "not_found", message)
    }

    pub fn method_not_allowed() -> Self {
        Self::new(StatusCode::METHOD_NOT_ALLOWED, "method_not_allowed", "This address does not accept that method")
    }

    pub fn conflict(message: impl Into<String>) -> Self {
        Self::new(StatusCode::CONFLICT, "conflict", message)
    }

    /// 409 for a change the record's state does not allow (a saved note, a signed one).
    pub fn refused(code: &'static str, message: impl Into<String>) -> Self {
        Self::new(StatusCode::CONFLICT, code, message)
    }

    /// 409: the change was made on an older version of the record than the stored one.
    /// `current` is the record as it is now, for the user to compare and redo the change.
    pub fn edit_conflict(current: impl serde::Serialize) -> Self {
        let mut error = Self::new(
            StatusCode::CONFLICT,
            "edit_conflict",
            "Someone else saved changes to this record while you were editing. Review their changes, then save yours again.",
        );
        error.current = serde_json::to_value(current).ok().map(Box::new);
        error
    }

    /// 422: an `Idempotency-Key` already used for a different request.
    pub fn idempotency_key_reused() -> Self {
        let mut error = Self::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "idempotency_key_reused",
            "This Idempotency-Key was sent before with another order. Send a new key for a new order.",
        );
        error.fields.insert("Idempotency-Key".into(), "Already used for another order".into());
        error
    }

    /// 428: a change must say which version of the record it was made on.
    pub fn version_required() -> Self {
        let mut error = Self::new(
            StatusCode::PRECONDITION_REQUIRED,
            "version_required",
            "Send the version of the record this change was made on",
        );
        error.fields.insert("version".into(), "Required field".into());
        error
    }

    /// 415 naming the field whose media type is not taken.
    pub fn unsupported_media_type(field: &str, problem: impl Into<String>) -> Self {
        let mut error =
            Self::new(StatusCode::UNSUPPORTED_MEDIA_TYPE, "unsupported_media_type", "This kind of file is not taken");
        error.fields.insert(field.into(), problem.into());
        error
    }

    pub fn payload_too_large() -> Self {
        Self::new(StatusCode::PAYLOAD_TOO_LARGE, "payload_too_large", "The request is too large")
    }

    pub fn too_many_attempts(retry_after_seconds: u64, message: impl Into<String>) -> Self {
        let mut error = Self::new(StatusCode::TOO_MANY_REQUESTS, "too_many_attempts", message);
        error.retry_after_seconds = Some(retry_after_seconds.max(1));
        error
    }

    pub fn unavailable(message: impl Into<String>) -> Self {
        Self::new(StatusCode::SERVICE_UNAVAILABLE, "unavailable", message)
    }

    /// 503 with `Retry-After: 1`: the server is at capacity for a moment.
    pub fn busy() -> Self {
        let mut error =
            Self::new(StatusCode::SERVICE_UNAVAILABLE, "busy", "The server is busy. Please try again in a moment.");
        error.retry_after_seconds = Some(1);
        error
    }

    /// 500. The cause goes to the log, never to the client.
    pub fn internal(cause: impl std::fmt::Display) -> Self {
        let mut error = Self::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal",
            "Something went wrong on the server. Please try again; if it keeps happening, contact support.",
        );
        error.cause = Some(cause.to_string());
        error
    }

    pub fn status(&self) -> StatusCode {
        self.status
    }

    pub fn code(&self) -> &'static str {
        self.code
    }
}

impl std::fmt::Display for AppError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}: {}", self.status.as_u16(), self.code, self.message)
    }
}

impl From<store::DbErr> for AppError {
    fn from(error: store::DbErr) -> Self {
        // No connection free within the pool's wait: load, not a fault. Say when to retry.
        if matches!(error, store::DbErr::ConnectionAcquire(_)) {
            let mut busy = Self::busy();
            busy.cause = Some(error.to_string());
            return busy;
        }
        Self::internal(error)
    }
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        if self.status.is_server_error() {
            // Logged inside the request's span, which carries its x-request-id.
            tracing::error!(
                status = self.status.as_u16(),
                cause = self.cause.as_deref().unwrap_or(""),
                "request failed"
            );
        }
        let body = ApiError {
            code: self.code.to_owned(),
            message: self.message,
            fields: self.fields,
            current: self.current.map(|c| *c),
        };
        let mut response = (self.status, axum::Json(body)).into_response();
        if let Some(seconds) = self.retry_after_seconds {
            response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(seconds));
        }
        response
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    async fn body_of(error: AppError) -> (StatusCode, serde_json::Value, Option<String>) {
        let response = error.into_response();
        let status = response.status();
        let retry = response.headers().get(header::RETRY_AFTER).map(|v| v.to_str().unwrap_or("").to_owned());
        let bytes = axum::body::to_bytes(response.into_body(), 1 << 20).await.expect("body");
        (status, serde_json::from_slice(&bytes).expect("json"), retry)
    }

    #[tokio::test]
    async fn each_kind_maps_to_its_status_and_code() {
        let cases = [
            (AppError::invalid_field("update", "Must be true or false"), 400, "invalid_input"),
            (AppError::unauthorized(), 401, "unauthorized"),
            (AppError::invalid_credentials(), 401, "invalid_credentials"),
            (AppError::forbidden("desktop_only", "x"), 403, "desktop_only"),
            (AppError::not_found("x"), 404, "not_found"),
            (AppError::method_not_allowed(), 405, "method_not_allowed"),
            (AppError::conflict("x"), 409, "conflict"),
            (AppError::payload_too_large(), 413, "payload_too_large"),
            (AppError::too_many_attempts(30, "x"), 429, "too_many_attempts"),
            (AppError::internal("disk on fire"), 500, "internal"),
        ];
        for (error, status, code) in cases {
            let (actual_status, body, _) = body_of(error).await;
            assert_eq!(actual_status.as_u16(), status);
            assert_eq!(body["code"], code);
        }
    }

    #[tokio::test]
    async fn field_errors_name_the_field_and_empty_fields_are_omitted() {
        let (_, body, _) = body_of(AppError::invalid_field("update", "Must be true or false")).await;
        assert_eq!(body["fields"]["update"], "Must be true or false");
        let (_, body, _) = body_of(AppError::not_found("No such list")).await;
        assert!(body.get("fields").is_none());
    }

    #[tokio::test]
    async fn internal_errors_never_show_their_cause() {
        let (_, body, _) = body_of(AppError::internal("password=hunter2 at db.rs:12")).await;
        let text = body.to_string();
        assert!(!text.contains("hunter2") && !text.contains("db.rs"), "{text}");
    }

    #[tokio::test]
    async fn too_many_attempts_says_when_to_retry() {
        let (_, _, retry) = body_of(AppError::too_many_attempts(90, "Wait")).await;
        assert_eq!(retry.as_deref(), Some("90"));
    }
}
