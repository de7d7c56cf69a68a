//! The version a change was made on: the body's `version`, or the `If-Match` header
//! (`"7"`, `W/"7"` or `7`). A change without one is refused (428): it could otherwise
//! silently overwrite what someone else saved since the user opened the record.

use axum::http::{HeaderMap, header};
use store::audit::AuditEntry;

use crate::error::AppError;
use crate::state::AppState;

pub fn expected_version(headers: &HeaderMap, sent: Option<i32>) -> Result<i32, AppError> {
    if let Some(version) = sent {
        return Ok(version);
    }
    let tag = headers.get(header::IF_MATCH).and_then(|v| v.to_str().ok()).ok_or_else(AppError::version_required)?;
    let bare = tag.trim().trim_start_matches("W/").trim_matches('"');
    bare.parse().map_err(|_| AppError::invalid_field("version", "Must be a whole number"))
}

/// The refusal of a change made on an older version: audited (the answer shows the
/// record as the other user saved it), then 409 `edit_conflict` with `current`.
pub async fn stale_change(state: &AppState, audit: AuditEntry, current: impl serde::Serialize) -> AppError {
    match state.audit(audit.failed().detail("refused: edited on an older version")).await {
        Ok(()) => AppError::edit_conflict(current),
        Err(error) => error,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_body_or_if_match_names_the_version() {
        let mut headers = HeaderMap::new();
        assert_eq!(expected_version(&headers, Some(3)).ok(), Some(3));
        assert_eq!(expected_version(&headers, None).map_err(|e| e.status().as_u16()), Err(428));
        headers.insert(header::IF_MATCH, "W/\"7\"".parse().expect("header"));
        assert_eq!(expected_version(&headers, None).ok(), Some(7));
        headers.insert(header::IF_MATCH, "\"x\"".parse().expect("header"));
        assert_eq!(expected_version(&headers, None).map_err(|e| e.status().as_u16()), Err(400));
    }
}
