//! A patient's referrals (spec part 1: `patients/{id}/referrals`; part 2: Patient
//! referrals): the list, one referral with its whole referrer, adding one from the phone
//! (refer the patient to a specialist, or record who referred them) and changing its
//! status. Reads are audited before the answer; changes write their audit row in their
//! own transaction.

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use domain::referrers::{self, ReferralChange, ReferralInput};
use serde::Deserialize;
use store::referrers::{Changed, ReferralUpdate};
use utoipa::IntoParams;

use super::model::{PatientReferral, PatientReferralDetail, Referrer};
use crate::auth::CurrentSession;
use crate::error::{ApiError, AppError};
use crate::extract::{Json, Path};
use crate::kit::{AuditEntries, PatientInPath, PatientRead, expected_version, stale_change};
use crate::state::AppState;

crate::read_action!(ReferralsRead, "patient.referrals.read");
crate::read_action!(ReferralRead, "patient.referral.read");

/// The referral a path names; the patient is parsed by the kit.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
#[serde(rename_all = "camelCase")]
pub struct ReferralPath {
    /// The patient's id.
    pub patient_id: i64,
    /// The referral's id (`patientReferralId` in the list).
    pub patient_referral_id: i64,
}

fn not_found() -> AppError {
    AppError::not_found(referrers::NOT_FOUND)
}

/// The patient's referrals, the newest first, with each referrer's name and company.
#[utoipa::path(get, path = "/patients/{patientId}/referrals", tag = "patient chart",
    params(("patientId" = i64, Path, description = "The patient's id")),
    responses(
        (status = 200, body = Vec<PatientReferral>),
        (status = 404, body = ApiError), (status = 400, body = ApiError), (status = 401, body = ApiError),
    ))]
pub async fn patient_referrals(
    State(state): State<AppState>,
    PatientRead { patient_id, .. }: PatientRead<ReferralsRead>,
) -> Result<Json<Vec<PatientReferral>>, AppError> {
    let referrals = state.store.patient_referrals(patient_id.0).await?;
    Ok(Json(referrals.into_iter().map(PatientReferral::from).collect()))
}

/// One referral of the patient with its whole referrer (the referral's detail page).
#[utoipa::path(get, path = "/patients/{patientId}/referrals/{patientReferralId}", tag = "patient chart",
    params(ReferralPath),
    responses(
        (status = 200, body = PatientReferralDetail),
        (status = 404, description = "No such patient, or 'Referral not found'", body = ApiError),
        (status = 400, body = ApiError), (status = 401, body = ApiError),
    ))]
pub async fn patient_referral(
    State(state): State<AppState>,
    PatientRead { patient_id, .. }: PatientRead<ReferralRead>,
    Path(path): Path<ReferralPath>,
) -> Result<Json<PatientReferralDetail>, AppError> {
    let view = state.store.patient_referral(patient_id.0, path.patient_referral_id).await?.ok_or_else(not_found)?;
    let referrer = state.store.referrer(view.referral.referrer_id).await?.ok_or_else(not_found)?;
    Ok(Json(PatientReferralDetail { referral: view.into(), referrer: Referrer::from(&referrer) }))
}

/// Adds a referral: to a referrer (`outgoing`) or from one (`incoming`), dated on or
/// before today and not before the patient's birth.
#[utoipa::path(post, path = "/patients/{patientId}/referrals", tag = "patient chart",
    params(("patientId" = i64, Path, description = "The patient's id")),
    request_body = ReferralInput,
    responses(
        (status = 201, description = "Added", body = PatientReferral),
        (status = 400, description = "The fields at fault", body = ApiError),
        (status = 404, body = ApiError), (status = 401, body = ApiError),
    ))]
pub async fn add_referral(
    State(state): State<AppState>,
    current: CurrentSession,
    PatientInPath { patient_id, record }: PatientInPath,
    Json(input): Json<ReferralInput>,
) -> Result<Response, AppError> {
    let referrer_exists = match input.referral_id {
        Some(id) => state.store.referrer(id).await?.is_some(),
        None => false,
    };
    let checked =
        input.check(state.today(), record.patient.birthdate, |_| referrer_exists).map_err(AppError::invalid_fields)?;
    let audit = current.audit("patient.referral.create").patient(patient_id.0);
    let added = state.store.add_patient_referral(patient_id.0, &checked, state.now(), audit).await?;
    Ok((StatusCode::CREATED, Json(PatientReferral::from(added))).into_response())
}

/// Changes a referral's status (and its reason, when sent) made on `version`; 409 with
/// the referral as it is now when someone saved it since.
#[utoipa::path(patch, path = "/patients/{patientId}/referrals/{patientReferralId}", tag = "patient chart",
    params(ReferralPath), request_body = ReferralChange,
    responses(
        (status = 200, description = "Changed", body = PatientReferral),
        (status = 400, description = "The fields at fault", body = ApiError),
        (status = 404, description = "No such patient, or 'Referral not found'", body = ApiError),
        (status = 409, description = "'edit_conflict': `current` is the referral now", body = ApiError),
        (status = 428, description = "No version named", body = ApiError),
        (status = 401, body = ApiError),
    ))]
pub async fn change_referral(
    State(state): State<AppState>,
    current: CurrentSession,
    PatientInPath { patient_id, .. }: PatientInPath,
    Path(path): Path<ReferralPath>,
    headers: HeaderMap,
    Json(change): Json<ReferralChange>,
) -> Result<Json<PatientReferral>, AppError> {
    let version = expected_version(&headers, change.version)?;
    let (status, reason) = change.check().map_err(AppError::invalid_fields)?;
    let audit = current.audit("patient.referral.update").patient(patient_id.0);
    let update = ReferralUpdate { patient_id: patient_id.0, id: path.patient_referral_id, version, status, reason };
    let outcome = state.store.change_patient_referral(&update, state.now(), audit.clone()).await?;
    match outcome {
        Changed::Saved(view) => Ok(Json(view.into())),
        Changed::Stale(view) => Err(stale_change(&state, audit, PatientReferral::from(view)).await),
        Changed::Missing => Err(not_found()),
    }
}
