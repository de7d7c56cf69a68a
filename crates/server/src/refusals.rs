//! Refusals in the audit log. Every answer of a patient route is recorded, refusals
//! included: a 401, 403 or 404 of a request naming a patient says someone tried. A
//! refusal of a logged-in user is written (durably, before the answer) with the user and
//! the patient; an anonymous one (no or a dead token) is tallied, one row per kind,
//! address and minute, so a flood cannot fill the log.

use axum::extract::{Request, State};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use store::audit::{AuditEntry, Outcome};

use crate::auth::CurrentSession;
use crate::client_ip::ClientIp;
use crate::state::AppState;

pub async fn audit_refusals(State(state): State<AppState>, request: Request, next: Next) -> Response {
    // Kept aside cheaply; looked at only when the answer is a refusal (rare).
    let (method, uri) = (request.method().clone(), request.uri().clone());
    let ip = ClientIp::of(&request, &state.config).0;
    let response = next.run(request).await;
    let status = response.status().as_u16();
    if !matches!(status, 401 | 403 | 404) {
        return response;
    }
    let patient_id = patient_of_path(uri.path());
    let what = format!("{method} {}", shape_of_path(uri.path()));
    let who = response.extensions().get::<CurrentSession>().cloned();
    let outcome = if status == 404 { Outcome::Failure } else { Outcome::Denied };
    let entry = AuditEntry {
        user_id: who.as_ref().map(|w| w.user_id),
        ip: Some(ip),
        patient_id,
        detail: Some(format!("{status} {what}")),
        ..AuditEntry::new("request.refused", outcome)
    };
    match (who, patient_id) {
        // A user was refused something about a patient: recorded before the answer.
        (Some(_), Some(_)) => match state.audit(entry).await {
            Ok(()) => response,
            Err(error) => error.into_response(),
        },
        // Logged in, about no patient (an unknown address, say): nothing to record.
        (Some(_), None) => response,
        (None, _) => {
            state.audit_sink.tally(state.now(), entry);
            response
        }
    }
}

/// The patient a path names: `/api/patients/{id}...`, `/api/patients/patient/{id}...`
/// or `/api/patients/1/patient/{id}/provider`.
fn patient_of_path(path: &str) -> Option<i64> {
    let segments: Vec<&str> = path.trim_matches('/').split('/').collect();
    if segments.get(..2) != Some(&["api", "patients"][..]) {
        return None;
    }
    let after_patient = segments.iter().position(|s| *s == "patient").and_then(|i| segments.get(i + 1));
    after_patient.or_else(|| segments.get(2)).and_then(|id| id.parse().ok())
}

/// The path with its numbers as `{n}` and at most 120 characters: what was asked for,
/// without making the log a copy of whatever a client sent.
fn shape_of_path(path: &str) -> String {
    let shaped: Vec<String> = path
        .split('/')
        .map(|s| if !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) { "{n}".to_owned() } else { s.to_owned() })
        .collect();
    shaped.join("/").chars().filter(|c| !c.is_control()).take(120).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_patient_of_each_patient_route_shape() {
        assert_eq!(patient_of_path("/api/patients/52"), Some(52));
        assert_eq!(patient_of_path("/api/patients/52/allergies"), Some(52));
        assert_eq!(patient_of_path("/api/patients/patient/7/appointments"), Some(7));
        assert_eq!(patient_of_path("/api/patients/1/patient/9/provider"), Some(9));
        assert_eq!(patient_of_path("/api/patients"), None);
        assert_eq!(patient_of_path("/api/patients/default"), None);
        assert_eq!(patient_of_path("/api/orders/5"), None);
    }

    #[test]
    fn paths_are_recorded_by_shape() {
        assert_eq!(shape_of_path("/api/patients/52/allergies"), "/api/patients/{n}/allergies");
    }
}
