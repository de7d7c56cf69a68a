//! The reference service (base `references/1`): lists the web app fetches once and
//! caches (spec part 1, sections 3 and 7). Field names are the spec's.

use axum::extract::State;
use domain::ids::OfficeId;
use domain::reference::{PHONE_TYPES, SEX_TYPES};
use serde::Serialize;
use utoipa::ToSchema;

use crate::error::{ApiError, AppError};
use crate::extract::{Json, Path};
use crate::state::AppState;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Office {
    pub office_id: OfficeId,
    pub office_name: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FeeSchedule {
    pub fee_schedule_id: i64,
    pub fee_schedule_name: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Language {
    pub language_id: i64,
    pub language: String,
}

/// A list entry that is an id and its description (marital and employment statuses,
/// phone types, sex types).
#[derive(Debug, Serialize, ToSchema)]
pub struct IdDescription {
    pub id: i64,
    pub description: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PatientRelationship {
    pub patient_relationship_id: i64,
    pub patient_relationship: String,
}

#[utoipa::path(get, path = "/references/1/offices", tag = "references",
    responses((status = 200, body = Vec<Office>), (status = 401, body = ApiError)))]
pub async fn offices(State(state): State<AppState>) -> Result<Json<Vec<Office>>, AppError> {
    let rows = state.store.offices().await?;
    Ok(Json(rows.into_iter().map(|o| Office { office_id: OfficeId(o.id), office_name: o.name }).collect()))
}

#[utoipa::path(get, path = "/references/1/feeSchedules", tag = "references",
    responses((status = 200, body = Vec<FeeSchedule>), (status = 401, body = ApiError)))]
pub async fn fee_schedules(State(state): State<AppState>) -> Result<Json<Vec<FeeSchedule>>, AppError> {
    let rows = state.store.fee_schedules().await?;
    Ok(Json(rows.into_iter().map(|f| FeeSchedule { fee_schedule_id: f.id, fee_schedule_name: f.name }).collect()))
}

#[utoipa::path(get, path = "/references/1/languages", tag = "references",
    responses((status = 200, body = Vec<Language>), (status = 401, body = ApiError)))]
pub async fn languages(State(state): State<AppState>) -> Result<Json<Vec<Language>>, AppError> {
    let rows = state.store.languages().await?;
    Ok(Json(rows.into_iter().map(|l| Language { language_id: l.id, language: l.name }).collect()))
}

#[utoipa::path(get, path = "/references/1/maritalStatuses", tag = "references",
    responses((status = 200, body = Vec<IdDescription>), (status = 401, body = ApiError)))]
pub async fn marital_statuses(State(state): State<AppState>) -> Result<Json<Vec<IdDescription>>, AppError> {
    let rows = state.store.marital_statuses().await?;
    Ok(Json(rows.into_iter().map(|m| IdDescription { id: m.id, description: m.description }).collect()))
}

#[utoipa::path(get, path = "/references/1/employmentStatuses", tag = "references",
    responses((status = 200, body = Vec<IdDescription>), (status = 401, body = ApiError)))]
pub async fn employment_statuses(State(state): State<AppState>) -> Result<Json<Vec<IdDescription>>, AppError> {
    let rows = state.store.employment_statuses().await?;
    Ok(Json(rows.into_iter().map(|e| IdDescription { id: e.id, description: e.description }).collect()))
}

#[utoipa::path(get, path = "/references/1/patientRelationships", tag = "references",
    responses((status = 200, body = Vec<PatientRelationship>), (status = 401, body = ApiError)))]
pub async fn patient_relationships(State(state): State<AppState>) -> Result<Json<Vec<PatientRelationship>>, AppError> {
    let rows = state.store.patient_relationships().await?;
    Ok(Json(
        rows.into_iter()
            .map(|r| PatientRelationship { patient_relationship_id: r.id, patient_relationship: r.description })
            .collect(),
    ))
}

fn fixed(list: &[(i64, &str)]) -> Json<Vec<IdDescription>> {
    Json(
        list.iter()
            .map(|(id, description)| IdDescription { id: *id, description: (*description).to_owned() })
            .collect(),
    )
}

/// Fixed: 0 Home Phone, 1 Work Phone, 2 Mobile Phone, 3 Other Phone.
#[utoipa::path(get, path = "/references/1/phoneTypes", tag = "references",
    responses((status = 200, body = Vec<IdDescription>), (status = 401, body = ApiError)))]
pub async fn phone_types() -> Json<Vec<IdDescription>> {
    fixed(PHONE_TYPES)
}

/// Fixed: 0 Male, 1 Female, 2 Unknown.
#[utoipa::path(get, path = "/references/1/sexTypes", tag = "references",
    responses((status = 200, body = Vec<IdDescription>), (status = 401, body = ApiError)))]
pub async fn sex_types() -> Json<Vec<IdDescription>> {
    fixed(SEX_TYPES)
}

/// Any other list name: 404 naming it.
#[utoipa::path(get, path = "/references/{serviceId}/{list}", tag = "references",
    params(("serviceId" = String, Path, description = "Always 1"), ("list" = String, Path, description = "A list name")),
    responses((status = 404, description = "No such reference list", body = ApiError), (status = 401, body = ApiError)))]
pub async fn unknown_list(Path((service, list)): Path<(String, String)>) -> AppError {
    let shown = |text: &str| text.chars().take(60).collect::<String>();
    if service == "1" {
        AppError::not_found(format!("There is no reference list named '{}'", shown(&list)))
    } else {
        AppError::not_found(format!("There is no reference service '{}'", shown(&service)))
    }
}
