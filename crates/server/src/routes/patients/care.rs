//! A patient's provider, office and fee schedule, and their account's provider and
//! office (spec part 2, 'Provider, Office & Fee Schedule').

use axum::extract::State;
use axum::http::HeaderMap;
use domain::patient::FieldErrors;
use serde::{Deserialize, Serialize};
use store::patients::{CareAssignment, PatientRecord};
use store::versions::WriteOutcome;
use utoipa::ToSchema;

use super::check_choices;
use super::model::{NamedRef, UserRef};
use crate::auth::CurrentSession;
use crate::error::{ApiError, AppError};
use crate::extract::Json;
use crate::kit::{AuditEntries, PatientInPath, PatientRead, expected_version, stale_change};
use crate::state::AppState;

crate::read_action!(ProviderRead, "patient.provider.read");

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProviderOfficeFee {
    pub patient_id: i64,
    /// The patient's version: a change names it, as an 'Edit Patient' does.
    pub version: i32,
    pub patient_provider: Option<UserRef>,
    pub account_provider: Option<UserRef>,
    pub patient_office: Option<NamedRef>,
    pub fee_schedule: Option<NamedRef>,
    pub account_office: Option<NamedRef>,
}

/// New choices; 0 (or null) clears an optional one. The account provider is required.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ProviderOfficeFeeInput {
    /// The patient's version the choices were made on (or send If-Match); an older one is
    /// refused with 409 `edit_conflict`.
    pub version: Option<i32>,
    pub patient_provider_id: Option<i64>,
    pub account_provider_id: Option<i64>,
    pub office_id: Option<i64>,
    pub fee_schedule_id: Option<i64>,
}

async fn answer(state: &AppState, record: &PatientRecord) -> Result<ProviderOfficeFee, AppError> {
    let ids: Vec<i64> =
        [record.patient.patient_provider_id, record.account.account_provider_id].into_iter().flatten().collect();
    let users = state.store.users_by_ids(&ids).await?;
    let user = |id: Option<i64>| id.and_then(|id| users.iter().find(|u| u.id == id)).map(UserRef::from);
    let offices = state.store.offices().await?;
    let office = |id: Option<i64>| {
        id.and_then(|id| offices.iter().find(|o| o.id == id)).map(|o| NamedRef { id: o.id, name: o.name.clone() })
    };
    let fee_schedules = state.store.fee_schedules().await?;
    Ok(ProviderOfficeFee {
        patient_id: record.patient.id,
        version: record.patient.version,
        patient_provider: user(record.patient.patient_provider_id),
        account_provider: user(record.account.account_provider_id),
        patient_office: office(record.patient.office_id),
        fee_schedule: record
            .patient
            .fee_schedule_id
            .and_then(|id| fee_schedules.iter().find(|f| f.id == id))
            .map(|f| NamedRef { id: f.id, name: f.name.clone() }),
        account_office: office(record.account.office_id),
    })
}

#[utoipa::path(get, path = "/patients/1/patient/{patientId}/provider", tag = "patient chart",
    params(("patientId" = i64, Path, description = "The patient's id")),
    responses((status = 200, body = ProviderOfficeFee), (status = 404, body = ApiError), (status = 400, body = ApiError), (status = 401, body = ApiError)))]
pub async fn get_provider(
    State(state): State<AppState>,
    PatientRead { record, .. }: PatientRead<ProviderRead>,
) -> Result<Json<ProviderOfficeFee>, AppError> {
    Ok(Json(answer(&state, &record).await?))
}

#[utoipa::path(patch, path = "/patients/1/patient/{patientId}/provider", tag = "patient chart",
    request_body = ProviderOfficeFeeInput,
    params(("patientId" = i64, Path, description = "The patient's id")),
    responses(
        (status = 200, description = "The choices as saved", body = ProviderOfficeFee),
        (status = 400, description = "Fields at fault, each named", body = ApiError),
        (status = 404, body = ApiError),
        (status = 409, description = "Made on an older version of the patient than the stored one; nothing was saved. `current` holds the choices as they are now", body = ApiError),
        (status = 428, description = "No `version` (or If-Match) sent", body = ApiError),
        (status = 401, body = ApiError),
    ))]
pub async fn update_provider(
    State(state): State<AppState>,
    current: CurrentSession,
    PatientInPath { patient_id, .. }: PatientInPath,
    headers: HeaderMap,
    Json(input): Json<ProviderOfficeFeeInput>,
) -> Result<Json<ProviderOfficeFee>, AppError> {
    let version = expected_version(&headers, input.version)?;
    let positive = |id: Option<i64>| id.filter(|id| *id > 0);
    let care = CareAssignment {
        patient_provider_id: positive(input.patient_provider_id),
        account_provider_id: positive(input.account_provider_id),
        office_id: positive(input.office_id),
        fee_schedule_id: positive(input.fee_schedule_id),
    };
    let mut errors = FieldErrors::new();
    if care.account_provider_id.is_none() {
        errors.insert("accountProviderId".into(), "Required field".into());
    }
    check_choices(&state, None, &care, &mut errors).await?;
    if !errors.is_empty() {
        return Err(AppError::invalid_fields(errors));
    }
    let audit = current.audit("patient.provider.update").patient(patient_id.0);
    let outcome = state.store.update_care_assignment(patient_id.0, version, care, state.now(), audit.clone()).await?;
    let not_found = || AppError::not_found(format!("No patient with ID {patient_id}"));
    let record = state.store.patient_record(patient_id.0).await?.ok_or_else(not_found)?;
    let answer = answer(&state, &record).await?;
    match outcome {
        WriteOutcome::Saved => Ok(Json(answer)),
        WriteOutcome::Stale => Err(stale_change(&state, audit, answer).await),
        WriteOutcome::Missing => Err(not_found()),
    }
}
