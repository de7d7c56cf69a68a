//! The schedule's reference lists and its change counter.

use axum::extract::State;

use super::model::{AppointmentStatus, AppointmentType, Resource, ScheduleVersion};
use crate::error::{ApiError, AppError};
use crate::extract::Json;
use crate::state::AppState;

#[utoipa::path(get, path = "/scheduling/1/resources", tag = "scheduling", responses((status = 200, body = Vec<Resource>), (status = 401, body = ApiError)))]
pub async fn resources(State(state): State<AppState>) -> Result<Json<Vec<Resource>>, AppError> {
    Ok(Json(
        state
            .store
            .resources()
            .await?
            .into_iter()
            .map(|r| Resource { resource_id: r.id, name: r.name, provider_id: r.provider_id, office_id: r.office_id })
            .collect(),
    ))
}

#[utoipa::path(get, path = "/scheduling/1/appointmentTypes", tag = "scheduling", responses((status = 200, body = Vec<AppointmentType>), (status = 401, body = ApiError)))]
pub async fn appointment_types(State(state): State<AppState>) -> Result<Json<Vec<AppointmentType>>, AppError> {
    Ok(Json(
        state
            .store
            .appointment_types()
            .await?
            .into_iter()
            .map(|t| AppointmentType {
                appointment_type_id: t.id,
                appointment_type: t.name,
                default_length: t.default_length,
                color: t.color,
            })
            .collect(),
    ))
}

#[utoipa::path(get, path = "/scheduling/1/appointmentStatuses", tag = "scheduling", responses((status = 200, body = Vec<AppointmentStatus>), (status = 401, body = ApiError)))]
pub async fn appointment_statuses(State(state): State<AppState>) -> Result<Json<Vec<AppointmentStatus>>, AppError> {
    Ok(Json(
        state
            .store
            .appointment_statuses()
            .await?
            .into_iter()
            .map(|s| AppointmentStatus {
                appointment_status_id: s.id,
                appointment_status: s.name,
                color: s.color,
                category: s.category,
            })
            .collect(),
    ))
}

#[utoipa::path(get, path = "/scheduling/1/version", tag = "scheduling", responses((status = 200, body = ScheduleVersion), (status = 401, body = ApiError)))]
pub async fn schedule_version(State(state): State<AppState>) -> Result<Json<ScheduleVersion>, AppError> {
    Ok(Json(ScheduleVersion { version: state.store.schedule_version().await? }))
}
