//! The patient a route's path names: `patientId` parsed (400 naming it), the patient
//! loaded (404), and for a read, the read written to the audit log with the patient's
//! id before the handler answers.

use std::marker::PhantomData;

use axum::extract::{FromRequestParts, RawPathParams};
use axum::http::request::Parts;
use store::patients::PatientRecord;

use super::AuditEntries;
use crate::auth::CurrentSession;
use crate::error::AppError;
use crate::state::AppState;

/// The path parameter every patient route names its patient by.
const PATIENT_ID: &str = "patientId";

/// The patient named by the path, loaded; nothing audited (for changes, which write
/// their own entry with the change).
pub struct PatientInPath {
    pub patient_id: i64,
    pub record: PatientRecord,
}

impl FromRequestParts<AppState> for PatientInPath {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let raw = RawPathParams::from_request_parts(parts, state)
            .await
            .map_err(|_| AppError::invalid_field(PATIENT_ID, "Must be a whole number"))?;
        let text = raw.iter().find(|(name, _)| *name == PATIENT_ID).map(|(_, value)| value).unwrap_or_default();
        let patient_id: i64 =
            text.parse().map_err(|_| AppError::invalid_field(PATIENT_ID, "Must be a whole number"))?;
        let record = state
            .store
            .patient_record(patient_id)
            .await?
            .ok_or_else(|| AppError::not_found(format!("No patient with ID {patient_id}")))?;
        Ok(Self { patient_id, record })
    }
}

/// What a read of a patient's record is called in the audit log.
pub trait ReadAction {
    const ACTION: &'static str;
}

/// Declares a [`ReadAction`]: `read_action!(Allergies, "patient.allergies.read");`.
#[macro_export]
macro_rules! read_action {
    ($(#[$doc:meta])* $name:ident, $action:literal) => {
        $(#[$doc])*
        pub struct $name;
        impl $crate::kit::ReadAction for $name {
            const ACTION: &'static str = $action;
        }
    };
}

/// The patient named by the path, loaded, with the read (`A::ACTION`) handed to the
/// audit writer before the handler runs.
pub struct PatientRead<A: ReadAction> {
    pub patient_id: i64,
    pub record: PatientRecord,
    pub current: CurrentSession,
    action: PhantomData<A>,
}

impl<A: ReadAction> FromRequestParts<AppState> for PatientRead<A> {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let current = CurrentSession::from_request_parts(parts, state).await?;
        let PatientInPath { patient_id, record } = PatientInPath::from_request_parts(parts, state).await?;
        state.audit(current.audit(A::ACTION).patient(patient_id)).await?;
        Ok(Self { patient_id, record, current, action: PhantomData })
    }
}
