//! Vitals (spec part 1, 'Vitals entry', section 5 'Vitals'). Values travel in stored
//! units: height and head circumference in millimetres, weight in grams; temperature
//! (degrees Fahrenheit) and SpO2 (percent) with one decimal.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use chrono::{DateTime, SubsecRound, Utc};
use domain::ids::{PatientId, VitalsId};
use domain::vitals::{EMPTY_VITALS, VitalsDraft, VitalsError, head_circumference_offered};
use serde::{Deserialize, Serialize};
use store::entities::vitals;
use utoipa::ToSchema;

use crate::auth::CurrentSession;
use crate::error::{ApiError, AppError};
use crate::extract::{Json, Path};
use crate::kit::{AuditEntries, PatientInPath, PatientRead};
use crate::state::AppState;

crate::read_action!(VitalsRead, "vitals.read");

/// One set of vitals.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Vitals {
    pub vitals_id: VitalsId,
    pub patient_id: PatientId,
    /// When measured, ISO 8601 UTC.
    pub date: DateTime<Utc>,
    /// Millimetres.
    pub height: Option<i64>,
    /// Grams.
    pub weight: Option<i64>,
    pub systolic: Option<i64>,
    pub diastolic: Option<i64>,
    pub heart_rate: Option<i64>,
    /// Degrees Fahrenheit.
    pub temperature: Option<f64>,
    /// Percent.
    pub sp02: Option<f64>,
    pub respiratory_rate: Option<i64>,
    /// Millimetres.
    pub head_circumference: Option<i64>,
}

impl From<vitals::Model> for Vitals {
    fn from(v: vitals::Model) -> Self {
        let tenths = |value: Option<i64>| value.map(|t| t as f64 / 10.0);
        Self {
            vitals_id: VitalsId(v.id),
            patient_id: PatientId(v.patient_id),
            date: v.measured_at,
            height: v.height_mm,
            weight: v.weight_g,
            systolic: v.systolic,
            diastolic: v.diastolic,
            heart_rate: v.heart_rate,
            temperature: tenths(v.temperature_tenths),
            sp02: tenths(v.sp02_tenths),
            respiratory_rate: v.respiratory_rate,
            head_circumference: v.head_circumference_mm,
        }
    }
}

/// A measurement as the form sends it, already converted to stored units. Fields left
/// out were not measured. `feet` and `inches`, if sent, are ignored: `height` is used.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct VitalsInput {
    /// When measured (ISO 8601, 1880 to 2200); now when left out.
    #[serde(deserialize_with = "domain::input::optional_instant")]
    pub date: Option<DateTime<Utc>>,
    pub height: Option<f64>,
    pub weight: Option<f64>,
    pub systolic: Option<f64>,
    pub diastolic: Option<f64>,
    pub heart_rate: Option<f64>,
    pub temperature: Option<f64>,
    pub sp02: Option<f64>,
    pub respiratory_rate: Option<f64>,
    pub head_circumference: Option<f64>,
    pub feet: Option<f64>,
    pub inches: Option<f64>,
}

#[utoipa::path(post, path = "/patients/{patientId}/vitals", tag = "vitals", request_body = VitalsInput,
    params(("patientId" = i64, Path, description = "The patient's id")),
    responses(
        (status = 201, description = "Recorded", body = Vitals),
        (status = 400, description = "'empty_vitals' when only the date was given, or fields over their maximum", body = ApiError),
        (status = 404, body = ApiError),
        (status = 401, body = ApiError),
    ))]
pub async fn create_vitals(
    State(state): State<AppState>,
    current: CurrentSession,
    PatientInPath { patient_id, record }: PatientInPath,
    Json(input): Json<VitalsInput>,
) -> Result<Response, AppError> {
    let now = state.now();
    let measured_at = input.date.map_or(now, |d| d.trunc_subsecs(0));
    if measured_at > now + chrono::Duration::minutes(5) {
        return Err(AppError::invalid_field("date", "Cannot be in the future"));
    }
    let draft = VitalsDraft {
        height_mm: input.height,
        weight_g: input.weight,
        systolic: input.systolic,
        diastolic: input.diastolic,
        heart_rate: input.heart_rate,
        temperature: input.temperature,
        sp02: input.sp02,
        respiratory_rate: input.respiratory_rate,
        head_circumference_mm: input.head_circumference,
    };
    let values =
        draft.check(head_circumference_offered(record.patient.birthdate, state.today())).map_err(
            |error| match error {
                VitalsError::Empty => AppError::bad_request("empty_vitals", EMPTY_VITALS),
                VitalsError::Fields(fields) => AppError::invalid_fields(fields),
            },
        )?;
    let audit = current.audit("vitals.create").patient(patient_id.0).entity("vitals", None);
    let id = state.store.create_vitals(patient_id.0, measured_at, &values, current.user_id, now, audit).await?;
    let stored =
        state.store.vitals_by_id(id).await?.ok_or_else(|| AppError::internal("vitals vanished after saving"))?;
    Ok((StatusCode::CREATED, Json(Vitals::from(stored))).into_response())
}

/// A patient's vitals, newest first.
#[utoipa::path(get, path = "/patients/patient/{patientId}/vitals", tag = "vitals",
    params(("patientId" = i64, Path, description = "The patient's id")),
    responses((status = 200, body = Vec<Vitals>), (status = 404, body = ApiError), (status = 400, body = ApiError), (status = 401, body = ApiError)))]
pub async fn patient_vitals(
    State(state): State<AppState>,
    PatientRead { patient_id, .. }: PatientRead<VitalsRead>,
) -> Result<Json<Vec<Vitals>>, AppError> {
    let rows = state.store.vitals_of(patient_id.0).await?;
    Ok(Json(rows.into_iter().map(Vitals::from).collect()))
}

#[utoipa::path(get, path = "/vitals/{vitalsId}", tag = "vitals",
    params(("vitalsId" = i64, Path, description = "The measurement's id")),
    responses((status = 200, body = Vitals), (status = 404, body = ApiError), (status = 400, body = ApiError), (status = 401, body = ApiError)))]
pub async fn get_vitals(
    State(state): State<AppState>,
    current: CurrentSession,
    Path(VitalsId(vitals_id)): Path<VitalsId>,
) -> Result<Json<Vitals>, AppError> {
    let found = state
        .store
        .vitals_by_id(vitals_id)
        .await?
        .ok_or_else(|| AppError::not_found(format!("No vitals found with ID {vitals_id}")))?;
    state.audit(current.audit("vitals.read").patient(found.patient_id)).await?;
    Ok(Json(Vitals::from(found)))
}
