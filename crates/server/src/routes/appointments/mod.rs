//! Appointments, the area the spec calls scheduling (part 2: 'Appointment schedule',
//! 'Appointment detail', 'Appointment form', 'Appointment save', section 7 'Scheduling
//! service'): the day list and block-outs, one appointment, booking with its conflicts,
//! confirming and deleting. `model` holds the wire shapes, `lists` the reference lists,
//! `patient` a patient's appointments, follow-ups and treatment plans. The store's side
//! is `store::schedule`.

pub mod lists;
pub mod model;
pub mod patient;

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use chrono::{DateTime, Duration, NaiveDate, NaiveTime, TimeZone, Utc};
use chrono_tz::Tz;
use domain::ids::AppointmentId;
use domain::schedule::{AppointmentDraft, AppointmentFields, HOLD_MINUTES};
use store::schedule::{AppointmentView, ConfirmOutcome, SaveOutcome};

use crate::auth::CurrentSession;
use crate::error::{ApiError, AppError};
use crate::extract::{Json, Path, Query};
use crate::kit::{AuditEntries, Choices, IdList, List, expected_version, parse_date, stale_change};
use crate::state::AppState;
use model::{
    Appointment, AppointmentChangeRefused, AppointmentInput, ConflictingAppointment, DayQuery, ScheduleConflict,
    Transparency, TransparencyQuery, draft_of,
};

/// Midnight of `day` at the practice, as an instant.
pub(crate) fn day_start(time_zone: Tz, day: NaiveDate) -> DateTime<Utc> {
    let midnight = day.and_time(NaiveTime::MIN);
    time_zone
        .from_local_datetime(&midnight)
        .earliest()
        .unwrap_or_else(|| time_zone.from_utc_datetime(&midnight))
        .with_timezone(&Utc)
}

/// A day's appointments (held ones included, marked pending).
#[utoipa::path(get, path = "/scheduling/1/appointments", tag = "scheduling", params(DayQuery),
    responses((status = 200, body = Vec<Appointment>), (status = 400, body = ApiError), (status = 401, body = ApiError)))]
pub async fn day_appointments(
    State(state): State<AppState>,
    current: CurrentSession,
    Query(query): Query<DayQuery>,
) -> Result<Json<Vec<Appointment>>, AppError> {
    let day = match &query.date {
        Some(text) => parse_date("date", text)?,
        None => state.today(),
    };
    if query.order.is_some_and(|order| order > 1) {
        return Err(AppError::invalid_field("order", "Must be 1 (first to last) or 0 (last to first)"));
    }
    let resources = IdList::parse("resources", query.resources.as_deref())?.chosen();
    let providers = IdList::parse("providers", query.providers.as_deref())?.chosen();
    let (from, to) = (day_start(state.time_zone, day), day_start(state.time_zone, day + Duration::days(1)));
    let mut rows =
        state.store.appointments_between(from, to, resources.as_deref(), providers.as_deref(), state.now()).await?;
    if query.order == Some(0) {
        rows.reverse();
    }
    let shown = rows.iter().map(|a| a.appointment.id.to_string()).collect::<Vec<_>>().join(",");
    let patients = rows.iter().map(|a| a.appointment.patient_id);
    let entry = current.audit("schedule.read").entity("appointments", Some(shown)).patients_shown(patients);
    state.audit(entry.detail(day.to_string())).await?;
    Ok(Json(rows.iter().map(|a| Appointment::from_view(a, state.time_zone)).collect()))
}

/// A day's block-outs.
#[utoipa::path(get, path = "/scheduling/1/transparencies", tag = "scheduling", params(TransparencyQuery),
    responses((status = 200, body = Vec<Transparency>), (status = 400, body = ApiError), (status = 401, body = ApiError)))]
pub async fn day_transparencies(
    State(state): State<AppState>,
    Query(query): Query<TransparencyQuery>,
) -> Result<Json<Vec<Transparency>>, AppError> {
    let day = match &query.date {
        Some(text) => parse_date("date", text)?,
        None => state.today(),
    };
    let resources = IdList::parse("resources", query.resources.as_deref())?.chosen();
    let (from, to) = (day_start(state.time_zone, day), day_start(state.time_zone, day + Duration::days(1)));
    let spans = state.store.block_outs_between(from, to, resources.as_deref()).await?;
    Ok(Json(spans.iter().map(Transparency::from).collect()))
}

/// The appointment with its names, or 404.
pub(crate) async fn appointment_or_404(state: &AppState, id: i64) -> Result<AppointmentView, AppError> {
    state
        .store
        .appointment_view(id)
        .await?
        .ok_or_else(|| AppError::not_found(format!("No appointment found with ID {id}")))
}

/// One appointment, with the patient's last and next appointments around it.
#[utoipa::path(get, path = "/scheduling/1/appointments/{appointmentId}", tag = "scheduling",
    params(("appointmentId" = i64, Path, description = "The appointment's id")),
    responses((status = 200, body = Appointment), (status = 404, body = ApiError), (status = 400, body = ApiError), (status = 401, body = ApiError)))]
pub async fn get_appointment(
    State(state): State<AppState>,
    current: CurrentSession,
    Path(AppointmentId(id)): Path<AppointmentId>,
) -> Result<Json<Appointment>, AppError> {
    let found = appointment_or_404(&state, id).await?;
    let a = &found.appointment;
    let (last, next) = state.store.last_and_next(a.patient_id, a.starts_at, a.id).await?;
    let mut answer = Appointment::from_view(&found, state.time_zone);
    answer.last_appointment = last.as_ref().map(|a| a.starts_at);
    answer.last_appointment_id = last.map(|a| AppointmentId(a.id));
    answer.next_appointment = next.as_ref().map(|a| a.starts_at);
    answer.next_appointment_id = next.map(|a| AppointmentId(a.id));
    state.audit(current.audit("appointment.read").patient(a.patient_id)).await?;
    Ok(Json(answer))
}

async fn check_choices(
    state: &AppState,
    fields: &AppointmentFields,
    errors: &mut domain::schedule::FieldErrors,
) -> Result<(), AppError> {
    let mut choices = Choices::new(state, errors).await?;
    choices
        .on("resourceId", List::Resource, Some(fields.resource_id))
        .on("typeId", List::AppointmentType, Some(fields.type_id))
        .on("statusId", List::AppointmentStatus, Some(fields.status_id));
    choices.user("providerId", fields.provider_id, true).await?;
    Ok(())
}

async fn overlaps_allowed(state: &AppState) -> Result<bool, AppError> {
    let stored = state.store.practice_preferences(&["scheduling.allowAppointmentOverlaps"]).await?;
    Ok(stored.get("scheduling.allowAppointmentOverlaps").and_then(serde_json::Value::as_bool).unwrap_or(false))
}

/// Saves, and answers what the save came to.
async fn save(
    state: &AppState,
    current: CurrentSession,
    existing: Option<(i64, i32)>,
    fields: AppointmentFields,
) -> Result<Response, AppError> {
    let action = if existing.is_some() { "appointment.update" } else { "appointment.create" };
    let audit = current.audit(action).patient(fields.patient_id).entity("appointment", None);
    let outcome = state
        .store
        .save_appointment(
            existing,
            &fields,
            overlaps_allowed(state).await?,
            current.user_id,
            state.now(),
            audit.clone(),
        )
        .await?;
    match outcome {
        SaveOutcome::Booked(id) => {
            let saved = appointment_or_404(state, id).await?;
            let status = if existing.is_some() { StatusCode::OK } else { StatusCode::CREATED };
            Ok((status, Json(Appointment::from_view(&saved, state.time_zone))).into_response())
        }
        SaveOutcome::Stale => {
            let id = existing.map(|(id, _)| id).unwrap_or_default();
            let now_saved = appointment_or_404(state, id).await?;
            Err(stale_change(state, audit, Appointment::from_view(&now_saved, state.time_zone)).await)
        }
        SaveOutcome::Held { pending_id, block_outs } => {
            let conflict = ScheduleConflict {
                code: domain::schedule::CONFIRM_SCHEDULING.into(),
                message: "This time is set aside: confirm the appointment to book it, or discard it.".into(),
                appointments: Vec::new(),
                transparencies: block_outs.iter().map(Transparency::from).collect(),
                confirm_appointment_id: Some(AppointmentId(pending_id)),
                not_schedule_appointment: false,
            };
            Ok((StatusCode::ACCEPTED, Json(conflict)).into_response())
        }
        SaveOutcome::Refused { appointments, block_outs } => {
            // The dialog names whose appointments are in the way: read them with their names.
            let mut overlapped = Vec::with_capacity(appointments.len());
            for a in &appointments {
                if let Some(view) = state.store.appointment_view(a.id).await? {
                    overlapped.push(ConflictingAppointment::from_view(&view));
                }
            }
            let shown = overlapped.iter().map(|a| a.patient_id.0);
            state.audit(audit.failed().detail("refused: conflicts").patients_shown(shown)).await?;
            let overlap = !appointments.is_empty();
            let conflict = ScheduleConflict {
                code: if overlap { domain::schedule::OVERLAP } else { domain::schedule::BLOCK_OUT }.into(),
                message: if overlap {
                    "The appointment overlaps another appointment. Choose a different time or enable 'Allow Appointment Overlaps' \
                     in the desktop Scheduling Preferences."
                } else {
                    "The 'Don't schedule appointments' rule of this time can be turned off in the desktop Transparency Type Reference."
                }
                .into(),
                appointments: overlapped,
                not_schedule_appointment: !block_outs.is_empty(),
                transparencies: block_outs.iter().map(Transparency::from).collect(),
                confirm_appointment_id: None,
            };
            Ok((StatusCode::CONFLICT, Json(conflict)).into_response())
        }
    }
}

/// Books an appointment: 201 booked, 202 held for confirmation, 409 refused.
#[utoipa::path(post, path = "/scheduling/1/appointments", tag = "scheduling", request_body = AppointmentInput,
    responses(
        (status = 201, description = "Booked", body = Appointment),
        (status = 202, description = "Held by a 'confirm scheduling' block-out: confirm or discard it", body = ScheduleConflict),
        (status = 409, description = "Refused: overlapping appointments or a 'don't schedule' block-out; nothing saved", body = ScheduleConflict),
        (status = 400, description = "Fields at fault, each named", body = ApiError),
        (status = 404, description = "No such patient", body = ApiError),
        (status = 401, body = ApiError),
    ))]
pub async fn create_appointment(
    State(state): State<AppState>,
    current: CurrentSession,
    Json(input): Json<AppointmentInput>,
) -> Result<Response, AppError> {
    let checked = input.over(AppointmentDraft::default()).check();
    let mut errors = checked.as_ref().err().cloned().unwrap_or_default();
    if let Ok(fields) = &checked {
        if state.store.patient_record(fields.patient_id.0).await?.is_none() {
            return Err(AppError::not_found(format!("No patient with ID {}", fields.patient_id)));
        }
        check_choices(&state, fields, &mut errors).await?;
    }
    let (Ok(fields), true) = (checked, errors.is_empty()) else {
        return Err(AppError::invalid_fields(errors));
    };
    save(&state, current, None, fields).await
}

/// Changes an appointment: 200 saved, 202 held for confirmation, 409 refused.
#[utoipa::path(patch, path = "/scheduling/1/appointments/{appointmentId}", tag = "scheduling", request_body = AppointmentInput,
    params(("appointmentId" = i64, Path, description = "The appointment's id")),
    responses(
        (status = 200, description = "Saved", body = Appointment),
        (status = 202, description = "The change is held by a 'confirm scheduling' block-out", body = ScheduleConflict),
        (status = 409, description = "Refused, nothing saved: a conflict (`ScheduleConflict`), or `edit_conflict` \
            when made on an older version (`ApiError` with `current`)", body = AppointmentChangeRefused),
        (status = 428, description = "No `version` (or If-Match) sent", body = ApiError),
        (status = 400, body = ApiError), (status = 404, body = ApiError), (status = 401, body = ApiError),
    ))]
pub async fn update_appointment(
    State(state): State<AppState>,
    current: CurrentSession,
    Path(AppointmentId(id)): Path<AppointmentId>,
    headers: HeaderMap,
    Json(input): Json<AppointmentInput>,
) -> Result<Response, AppError> {
    let version = expected_version(&headers, input.version)?;
    let stored = appointment_or_404(&state, id).await?.appointment;
    let checked = input.over(draft_of(&stored)).check();
    let mut errors = checked.as_ref().err().cloned().unwrap_or_default();
    if input.patient_id.is_some_and(|p| p != stored.patient_id) {
        errors.insert("patientId".into(), "The patient of an appointment cannot be changed".into());
    }
    if let Ok(fields) = &checked {
        check_choices(&state, fields, &mut errors).await?;
    }
    let (Ok(fields), true) = (checked, errors.is_empty()) else {
        return Err(AppError::invalid_fields(errors));
    };
    save(&state, current, Some((id, version)), fields).await
}

/// Deletes an appointment: a held one disappears; a booked one is kept, marked deleted.
#[utoipa::path(delete, path = "/scheduling/1/appointments/{appointmentId}", tag = "scheduling",
    params(("appointmentId" = i64, Path, description = "The appointment's id")),
    responses((status = 204, description = "Deleted"), (status = 404, body = ApiError), (status = 400, body = ApiError), (status = 401, body = ApiError)))]
pub async fn delete_appointment(
    State(state): State<AppState>,
    current: CurrentSession,
    Path(AppointmentId(id)): Path<AppointmentId>,
) -> Result<StatusCode, AppError> {
    let found = appointment_or_404(&state, id).await?.appointment;
    let audit =
        current.audit("appointment.delete").patient(found.patient_id).entity("appointment", Some(id.to_string()));
    state.store.delete_appointment(id, state.now(), audit).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Books a held appointment (spec: 'Confirm Appointment!' answered Yes).
#[utoipa::path(patch, path = "/scheduling/1/appointments/{appointmentId}/confirm", tag = "scheduling",
    params(("appointmentId" = i64, Path, description = "The held appointment's id")),
    responses((status = 200, description = "Booked", body = Appointment), (status = 404, body = ApiError),
        (status = 409, description = "The hold expired and was released", body = ApiError), (status = 400, body = ApiError), (status = 401, body = ApiError)))]
pub async fn confirm_appointment(
    State(state): State<AppState>,
    current: CurrentSession,
    Path(AppointmentId(id)): Path<AppointmentId>,
) -> Result<Json<Appointment>, AppError> {
    let held = appointment_or_404(&state, id).await?.appointment;
    let audit = current.audit("appointment.confirm").patient(held.patient_id).entity("appointment", None);
    let booked = match state.store.confirm_appointment(id, state.now(), audit).await? {
        ConfirmOutcome::Booked(booked) => booked,
        ConfirmOutcome::Expired => {
            return Err(AppError::conflict(format!(
                "The time was held for {HOLD_MINUTES} minutes and has been released. Save the appointment again."
            )));
        }
        ConfirmOutcome::NotFound => return Err(AppError::not_found(format!("No appointment found with ID {id}"))),
    };
    let saved = appointment_or_404(&state, booked).await?;
    Ok(Json(Appointment::from_view(&saved, state.time_zone)))
}
