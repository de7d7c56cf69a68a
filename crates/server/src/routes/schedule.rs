//! The schedule (spec part 2: 'Appointment schedule', 'Appointment detail', 'Appointment
//! form', 'Appointment save', 'Appointments & Follow-Ups', section 7 'Scheduling service').
//!
//! Times travel as UTC instants; the practice's local date and time ride along for
//! display, and a "day" is a day in the practice's time zone.

use std::collections::HashMap;

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use chrono::{DateTime, Duration, NaiveDate, NaiveTime, TimeZone, Utc};
use chrono_tz::Tz;
use domain::schedule::{AppointmentDraft, AppointmentFields, HOLD_MINUTES};
use serde::{Deserialize, Serialize};
use store::audit::{AuditEntry, Outcome};
use store::entities::{appointment, appointment_status, appointment_type, patient, resource, user};
use store::schedule::{BlockOut, ConfirmOutcome, PatientAppointmentFilter, SaveOutcome};
use utoipa::{IntoParams, ToSchema};

use super::patients::{audit_read, record_or_404};
use crate::auth::CurrentSession;
use crate::error::{ApiError, AppError};
use crate::extract::{Json, Path, Query};
use crate::state::AppState;

const CHOOSE_FROM_LIST: &str = "Choose from the list";

/// Display colours of an appointment: color1 its type's, color2 its status's.
#[derive(Clone, Debug, Default, Serialize, ToSchema)]
pub struct AppointmentColors {
    pub color1: Option<String>,
    pub color2: Option<String>,
    pub color3: Option<String>,
    pub color4: Option<String>,
    pub color5: Option<String>,
}

/// The patient of an appointment, as the detail shows them.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AppointmentPatient {
    pub patient_id: i64,
    /// "Last, First (displayId)".
    pub patient_name: String,
    /// MM/dd/yyyy.
    pub birthday_string: Option<String>,
}

/// An appointment with the names and local times the screens show.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Appointment {
    pub appointment_id: i64,
    /// The practice's local date, yyyy-MM-dd.
    pub appointment_date: NaiveDate,
    /// The practice's local time, hh:mm a.
    pub appointment_time: String,
    pub start: DateTime<Utc>,
    /// The practice's local time, HH:mm.
    pub start_time: String,
    pub end: DateTime<Utc>,
    /// Minutes.
    pub length: i32,
    pub notes: String,
    pub patient_id: i64,
    pub patient_first_name: String,
    pub patient_last_name: String,
    /// "Last, First".
    pub patient_name: String,
    /// "Last, First (displayId)".
    pub patient_name_display: String,
    pub display_id: String,
    pub birthday: Option<NaiveDate>,
    pub patient_provider_id: Option<i64>,
    /// The appointment's provider (spec spelling); null when none.
    #[serde(rename = "providerID")]
    pub provider_id: Option<i64>,
    pub provider_first_name: Option<String>,
    pub provider_last_name: Option<String>,
    /// "Last, First", or null when none.
    pub provider_name: Option<String>,
    /// The resource's name.
    pub resource: String,
    pub resource_id: i64,
    pub resource_provider_id: Option<i64>,
    /// The status's name.
    pub status: String,
    pub status_id: i64,
    /// active, missed, cancelled or reschedule.
    pub status_category: String,
    /// The type's name.
    pub r#type: String,
    pub type_id: i64,
    pub photo_hash: Option<String>,
    pub colors: AppointmentColors,
    /// Held by a "confirm scheduling" block-out, not yet booked.
    pub pending: bool,
    /// Deleted (kept for history).
    pub deleted: bool,
    pub last_appointment: Option<DateTime<Utc>>,
    pub last_appointment_id: Option<i64>,
    pub next_appointment: Option<DateTime<Utc>>,
    pub next_appointment_id: Option<i64>,
    pub patient: AppointmentPatient,
}

/// A block-out: a named, coloured span on a resource.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Transparency {
    pub transparency_id: i64,
    pub resource_id: i64,
    pub block_name: String,
    pub color: String,
    /// refuse ("don't schedule"), confirm ("confirm scheduling") or display.
    pub rule: String,
    pub start: DateTime<Utc>,
    pub end: DateTime<Utc>,
}

impl From<&BlockOut> for Transparency {
    fn from(b: &BlockOut) -> Self {
        Self {
            transparency_id: b.id,
            resource_id: b.resource_id,
            block_name: b.name.clone(),
            color: b.color.clone(),
            rule: b.rule.code().to_owned(),
            start: b.starts_at,
            end: b.ends_at,
        }
    }
}

#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConflictingAppointment {
    pub appointment_id: i64,
    pub start: DateTime<Utc>,
    pub end: DateTime<Utc>,
}

/// Answered when an appointment could not simply be booked (spec part 2, 'Appointment
/// save'): 409 when refused (nothing saved), 202 when held for confirmation.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ScheduleConflict {
    /// "appointment_overlap", "block_out" or "confirm_scheduling".
    pub code: String,
    pub message: String,
    /// Every appointment it overlaps.
    pub appointments: Vec<ConflictingAppointment>,
    /// The block-outs that refused or hold it.
    pub transparencies: Vec<Transparency>,
    /// The held appointment to confirm (PATCH .../confirm) or discard (DELETE).
    pub confirm_appointment_id: Option<i64>,
    /// A "don't schedule" block-out refused it.
    pub not_schedule_appointment: bool,
}

/// Names and colours for appointments, loaded once per request.
struct Lookup {
    patients: HashMap<i64, patient::Model>,
    users: HashMap<i64, user::Model>,
    resources: HashMap<i64, resource::Model>,
    types: HashMap<i64, appointment_type::Model>,
    statuses: HashMap<i64, appointment_status::Model>,
    time_zone: Tz,
}

impl Lookup {
    async fn load(state: &AppState, appointments: &[&appointment::Model]) -> Result<Self, AppError> {
        let store = &state.store;
        let patient_ids: Vec<i64> = appointments.iter().map(|a| a.patient_id).collect();
        let user_ids: Vec<i64> = appointments.iter().filter_map(|a| a.provider_id).collect();
        Ok(Self {
            patients: store.patients_by_ids(&patient_ids).await?.into_iter().map(|p| (p.id, p)).collect(),
            users: store.users_by_ids(&user_ids).await?.into_iter().map(|u| (u.id, u)).collect(),
            resources: store.resources().await?.into_iter().map(|r| (r.id, r)).collect(),
            types: store.appointment_types().await?.into_iter().map(|t| (t.id, t)).collect(),
            statuses: store.appointment_statuses().await?.into_iter().map(|s| (s.id, s)).collect(),
            time_zone: state.time_zone,
        })
    }

    fn appointment(&self, a: &appointment::Model) -> Appointment {
        let local = a.starts_at.with_timezone(&self.time_zone);
        let patient = self.patients.get(&a.patient_id);
        let (first, last, display_id, birthday, patient_provider) = patient.map_or_else(
            || (String::new(), String::new(), String::new(), None, None),
            |p| (p.first_name.clone(), p.last_name.clone(), p.display_id.clone(), p.birthdate, p.patient_provider_id),
        );
        let provider = a.provider_id.and_then(|id| self.users.get(&id));
        let resource = self.resources.get(&a.resource_id);
        let kind = self.types.get(&a.type_id);
        let status = self.statuses.get(&a.status_id);
        let name_display = format!("{last}, {first} ({display_id})");
        Appointment {
            appointment_id: a.id,
            appointment_date: local.date_naive(),
            appointment_time: local.format("%I:%M %p").to_string(),
            start: a.starts_at,
            start_time: local.format("%H:%M").to_string(),
            end: a.ends_at,
            length: a.length_minutes,
            notes: a.notes.clone(),
            patient_id: a.patient_id,
            patient_first_name: first.clone(),
            patient_last_name: last.clone(),
            patient_name: format!("{last}, {first}"),
            patient_name_display: name_display.clone(),
            display_id,
            birthday,
            patient_provider_id: patient_provider,
            provider_id: a.provider_id,
            provider_first_name: provider.map(|u| u.first_name.clone()),
            provider_last_name: provider.map(|u| u.last_name.clone()),
            provider_name: provider.map(|u| format!("{}, {}", u.last_name, u.first_name)),
            resource: resource.map(|r| r.name.clone()).unwrap_or_default(),
            resource_id: a.resource_id,
            resource_provider_id: resource.and_then(|r| r.provider_id),
            status: status.map(|s| s.name.clone()).unwrap_or_default(),
            status_id: a.status_id,
            status_category: status.map_or_else(|| "active".to_owned(), |s| s.category.clone()),
            r#type: kind.map(|t| t.name.clone()).unwrap_or_default(),
            type_id: a.type_id,
            photo_hash: None,
            colors: AppointmentColors {
                color1: kind.map(|t| t.color.clone()),
                color2: status.map(|s| s.color.clone()),
                ..AppointmentColors::default()
            },
            pending: a.pending,
            deleted: a.archived,
            last_appointment: None,
            last_appointment_id: None,
            next_appointment: None,
            next_appointment_id: None,
            patient: AppointmentPatient {
                patient_id: a.patient_id,
                patient_name: name_display,
                birthday_string: birthday.map(|b| b.format("%m/%d/%Y").to_string()),
            },
        }
    }
}

/// Midnight of `day` at the practice, as an instant.
fn day_start(time_zone: Tz, day: NaiveDate) -> DateTime<Utc> {
    let midnight = day.and_time(NaiveTime::MIN);
    time_zone
        .from_local_datetime(&midnight)
        .earliest()
        .unwrap_or_else(|| time_zone.from_utc_datetime(&midnight))
        .with_timezone(&Utc)
}

fn parse_ids(field: &str, text: &Option<String>) -> Result<Option<Vec<i64>>, AppError> {
    let Some(text) = text.as_deref().map(str::trim).filter(|t| !t.is_empty() && !t.eq_ignore_ascii_case("all")) else {
        return Ok(None);
    };
    text.split(',')
        .map(|part| part.trim().parse::<i64>())
        .collect::<Result<Vec<_>, _>>()
        .map(Some)
        .map_err(|_| AppError::invalid_field(field, "Must be \"all\" or ids separated by commas"))
}

fn parse_date(field: &str, text: &str) -> Result<NaiveDate, AppError> {
    NaiveDate::parse_from_str(text.trim(), "%Y-%m-%d")
        .map_err(|_| AppError::invalid_field(field, "Use the format yyyy-MM-dd"))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DayQuery {
    /// The practice's local day, yyyy-MM-dd (today when left out).
    pub date: Option<String>,
    /// Resource ids separated by commas; absent or "all": every resource.
    pub resources: Option<String>,
    /// Provider ids separated by commas; absent or "all": every provider.
    pub providers: Option<String>,
    /// 1 first to last (default), 0 last to first.
    pub order: Option<u8>,
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
    let resources = parse_ids("resources", &query.resources)?;
    let providers = parse_ids("providers", &query.providers)?;
    let (from, to) = (day_start(state.time_zone, day), day_start(state.time_zone, day + Duration::days(1)));
    let mut rows =
        state.store.appointments_between(from, to, resources.as_deref(), providers.as_deref(), state.now()).await?;
    if query.order == Some(0) {
        rows.reverse();
    }
    let lookup = Lookup::load(&state, &rows.iter().collect::<Vec<_>>()).await?;
    state
        .audit(AuditEntry {
            user_id: Some(current.user_id),
            ip: Some(current.ip),
            entity: Some("appointments"),
            entity_id: Some(rows.iter().map(|a| a.id.to_string()).collect::<Vec<_>>().join(",")),
            detail: Some(day.to_string()),
            ..AuditEntry::new("schedule.read", Outcome::Success)
        })
        .await?;
    Ok(Json(rows.iter().map(|a| lookup.appointment(a)).collect()))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TransparencyQuery {
    /// The practice's local day, yyyy-MM-dd (today when left out).
    pub date: Option<String>,
    pub resources: Option<String>,
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
    let resources = parse_ids("resources", &query.resources)?;
    let (from, to) = (day_start(state.time_zone, day), day_start(state.time_zone, day + Duration::days(1)));
    let spans = state.store.block_outs_between(from, to, resources.as_deref()).await?;
    Ok(Json(spans.iter().map(Transparency::from).collect()))
}

async fn appointment_or_404(state: &AppState, id: i64) -> Result<appointment::Model, AppError> {
    state.store.appointment(id).await?.ok_or_else(|| AppError::not_found(format!("No appointment found with ID {id}")))
}

/// One appointment, with the patient's last and next appointments around it.
#[utoipa::path(get, path = "/scheduling/1/appointments/{appointmentId}", tag = "scheduling",
    params(("appointmentId" = i64, Path, description = "The appointment's id")),
    responses((status = 200, body = Appointment), (status = 404, body = ApiError), (status = 400, body = ApiError), (status = 401, body = ApiError)))]
pub async fn get_appointment(
    State(state): State<AppState>,
    current: CurrentSession,
    Path(id): Path<i64>,
) -> Result<Json<Appointment>, AppError> {
    let found = appointment_or_404(&state, id).await?;
    let (last, next) = state.store.last_and_next(found.patient_id, found.starts_at, found.id).await?;
    let lookup = Lookup::load(&state, &[&found]).await?;
    let mut answer = lookup.appointment(&found);
    answer.last_appointment = last.as_ref().map(|a| a.starts_at);
    answer.last_appointment_id = last.map(|a| a.id);
    answer.next_appointment = next.as_ref().map(|a| a.starts_at);
    answer.next_appointment_id = next.map(|a| a.id);
    audit_read(&state, &current, "appointment.read", found.patient_id).await?;
    Ok(Json(answer))
}

/// An appointment as its form sends it. Ids of 1 or less mean none. On a change,
/// fields left out keep their values; the patient cannot change.
#[derive(Clone, Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct AppointmentInput {
    pub patient_id: Option<i64>,
    /// The start, ISO 8601.
    pub start: Option<DateTime<Utc>>,
    /// The end, ISO 8601: start plus length. Gives the length when that is left out;
    /// otherwise it must agree with it (400 naming `end`).
    pub end: Option<DateTime<Utc>>,
    /// Minutes (at most 3 digits).
    pub length: Option<i64>,
    pub resource_id: Option<i64>,
    #[serde(alias = "providerID")]
    pub provider_id: Option<i64>,
    pub type_id: Option<i64>,
    pub status_id: Option<i64>,
    pub notes: Option<String>,
}

impl AppointmentInput {
    fn over(&self, mut base: AppointmentDraft) -> AppointmentDraft {
        for (target, value) in [
            (&mut base.patient_id, self.patient_id),
            (&mut base.length_minutes, self.length),
            (&mut base.resource_id, self.resource_id),
            (&mut base.provider_id, self.provider_id),
            (&mut base.type_id, self.type_id),
            (&mut base.status_id, self.status_id),
        ] {
            if value.is_some() {
                *target = value;
            }
        }
        if self.start.is_some() {
            base.start = self.start;
        }
        if self.end.is_some() {
            base.end = self.end;
            if self.length.is_none() {
                base.length_minutes = None; // the end says how long it is now
            }
        }
        if let Some(notes) = &self.notes {
            base.notes.clone_from(notes);
        }
        base
    }
}

fn draft_of(a: &appointment::Model) -> AppointmentDraft {
    AppointmentDraft {
        patient_id: Some(a.patient_id),
        start: Some(a.starts_at),
        end: None,
        length_minutes: Some(i64::from(a.length_minutes)),
        resource_id: Some(a.resource_id),
        provider_id: a.provider_id,
        type_id: Some(a.type_id),
        status_id: Some(a.status_id),
        notes: a.notes.clone(),
    }
}

async fn check_choices(
    state: &AppState,
    fields: &AppointmentFields,
    errors: &mut domain::schedule::FieldErrors,
) -> Result<(), AppError> {
    let store = &state.store;
    if !store.resources().await?.iter().any(|r| r.id == fields.resource_id) {
        errors.insert("resourceId".into(), CHOOSE_FROM_LIST.into());
    }
    if !store.appointment_types().await?.iter().any(|t| t.id == fields.type_id) {
        errors.insert("typeId".into(), CHOOSE_FROM_LIST.into());
    }
    if !store.appointment_statuses().await?.iter().any(|s| s.id == fields.status_id) {
        errors.insert("statusId".into(), CHOOSE_FROM_LIST.into());
    }
    if let Some(provider) = fields.provider_id
        && !store.list_users(true).await?.iter().any(|u| u.id == provider)
    {
        errors.insert("providerId".into(), CHOOSE_FROM_LIST.into());
    }
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
    existing: Option<i64>,
    fields: AppointmentFields,
) -> Result<Response, AppError> {
    let action = if existing.is_some() { "appointment.update" } else { "appointment.create" };
    let audit = AuditEntry {
        user_id: Some(current.user_id),
        ip: Some(current.ip.clone()),
        patient_id: Some(fields.patient_id),
        entity: Some("appointment"),
        ..AuditEntry::new(action, Outcome::Success)
    };
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
            let lookup = Lookup::load(state, &[&saved]).await?;
            let status = if existing.is_some() { StatusCode::OK } else { StatusCode::CREATED };
            Ok((status, Json(lookup.appointment(&saved))).into_response())
        }
        SaveOutcome::Held { pending_id, block_outs } => {
            let conflict = ScheduleConflict {
                code: "confirm_scheduling".into(),
                message: "This time is set aside: confirm the appointment to book it, or discard it.".into(),
                appointments: Vec::new(),
                transparencies: block_outs.iter().map(Transparency::from).collect(),
                confirm_appointment_id: Some(pending_id),
                not_schedule_appointment: false,
            };
            Ok((StatusCode::ACCEPTED, Json(conflict)).into_response())
        }
        SaveOutcome::Refused { appointments, block_outs } => {
            state
                .audit(AuditEntry { outcome: Outcome::Failure, detail: Some("refused: conflicts".into()), ..audit })
                .await?;
            let overlap = !appointments.is_empty();
            let conflict = ScheduleConflict {
                code: if overlap { "appointment_overlap" } else { "block_out" }.into(),
                message: if overlap {
                    "The appointment overlaps another appointment. Choose a different time or enable 'Allow Appointment Overlaps' \
                     in the desktop Scheduling Preferences."
                } else {
                    "The 'Don't schedule appointments' rule of this time can be turned off in the desktop Transparency Type Reference."
                }
                .into(),
                appointments: appointments
                    .iter()
                    .map(|a| ConflictingAppointment { appointment_id: a.id, start: a.starts_at, end: a.ends_at })
                    .collect(),
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
        record_or_404(&state, fields.patient_id).await?;
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
        (status = 409, description = "Refused; nothing saved", body = ScheduleConflict),
        (status = 400, body = ApiError), (status = 404, body = ApiError), (status = 401, body = ApiError),
    ))]
pub async fn update_appointment(
    State(state): State<AppState>,
    current: CurrentSession,
    Path(id): Path<i64>,
    Json(input): Json<AppointmentInput>,
) -> Result<Response, AppError> {
    let stored = appointment_or_404(&state, id).await?;
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
    save(&state, current, Some(id), fields).await
}

/// Deletes an appointment: a held one disappears; a booked one is kept, marked deleted.
#[utoipa::path(delete, path = "/scheduling/1/appointments/{appointmentId}", tag = "scheduling",
    params(("appointmentId" = i64, Path, description = "The appointment's id")),
    responses((status = 204, description = "Deleted"), (status = 404, body = ApiError), (status = 400, body = ApiError), (status = 401, body = ApiError)))]
pub async fn delete_appointment(
    State(state): State<AppState>,
    current: CurrentSession,
    Path(id): Path<i64>,
) -> Result<StatusCode, AppError> {
    let found = appointment_or_404(&state, id).await?;
    let audit = AuditEntry {
        user_id: Some(current.user_id),
        ip: Some(current.ip),
        patient_id: Some(found.patient_id),
        entity: Some("appointment"),
        entity_id: Some(id.to_string()),
        ..AuditEntry::new("appointment.delete", Outcome::Success)
    };
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
    Path(id): Path<i64>,
) -> Result<Json<Appointment>, AppError> {
    let held = appointment_or_404(&state, id).await?;
    let audit = AuditEntry {
        user_id: Some(current.user_id),
        ip: Some(current.ip),
        patient_id: Some(held.patient_id),
        entity: Some("appointment"),
        ..AuditEntry::new("appointment.confirm", Outcome::Success)
    };
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
    let lookup = Lookup::load(&state, &[&saved]).await?;
    Ok(Json(lookup.appointment(&saved)))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Resource {
    pub resource_id: i64,
    pub name: String,
    /// The resource's own provider, if it has one.
    pub provider_id: Option<i64>,
    pub office_id: i64,
}

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

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AppointmentType {
    pub appointment_type_id: i64,
    pub appointment_type: String,
    /// Minutes.
    pub default_length: i32,
    pub color: String,
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

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AppointmentStatus {
    pub appointment_status_id: i64,
    pub appointment_status: String,
    pub color: String,
    /// active, missed, cancelled or reschedule.
    pub category: String,
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

#[derive(Debug, Serialize, ToSchema)]
pub struct ScheduleVersion {
    /// Moves whenever anything on the schedule changes; a day view polls it and reloads
    /// when it moved.
    pub version: i64,
}

#[utoipa::path(get, path = "/scheduling/1/version", tag = "scheduling", responses((status = 200, body = ScheduleVersion), (status = 401, body = ApiError)))]
pub async fn schedule_version(State(state): State<AppState>) -> Result<Json<ScheduleVersion>, AppError> {
    Ok(Json(ScheduleVersion { version: state.store.schedule_version().await? }))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PlannedCharge {
    pub code: String,
    pub description: String,
    /// Dollars (the spec's spelling).
    pub ammount: f64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PlanPhase {
    pub name: String,
    pub charges: Vec<PlannedCharge>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TreatmentPlan {
    pub treatment_plan_id: i64,
    pub name: String,
    /// Dollars.
    pub total: f64,
    pub patient_portion: f64,
    pub insurance_portion: f64,
    pub phases: Vec<PlanPhase>,
}

fn dollars(cents: i64) -> f64 {
    cents as f64 / 100.0
}

/// The treatment plans of the appointment's patient.
#[utoipa::path(get, path = "/scheduling/1/appointment/{appointmentId}/treatmentPlans", tag = "scheduling",
    params(("appointmentId" = i64, Path, description = "The appointment's id")),
    responses((status = 200, body = Vec<TreatmentPlan>), (status = 404, body = ApiError), (status = 400, body = ApiError), (status = 401, body = ApiError)))]
pub async fn treatment_plans(
    State(state): State<AppState>,
    current: CurrentSession,
    Path(id): Path<i64>,
) -> Result<Json<Vec<TreatmentPlan>>, AppError> {
    let found = appointment_or_404(&state, id).await?;
    let plans = state.store.treatment_plans(found.patient_id).await?;
    audit_read(&state, &current, "patient.treatment_plans.read", found.patient_id).await?;
    Ok(Json(
        plans
            .into_iter()
            .map(|(plan, phases)| {
                let charges = || phases.iter().flat_map(|(_, charges)| charges.iter());
                let total: i64 = charges().map(|c| c.fee_cents).sum();
                let insurance: i64 = charges().map(|c| c.insurance_cents).sum();
                TreatmentPlan {
                    treatment_plan_id: plan.id,
                    name: plan.name,
                    total: dollars(total),
                    patient_portion: dollars(total - insurance),
                    insurance_portion: dollars(insurance),
                    phases: phases
                        .into_iter()
                        .map(|(phase, charges)| PlanPhase {
                            name: phase.name,
                            charges: charges
                                .into_iter()
                                .map(|c| PlannedCharge {
                                    code: c.code,
                                    description: c.description,
                                    ammount: dollars(c.fee_cents),
                                })
                                .collect(),
                        })
                        .collect(),
                }
            })
            .collect(),
    ))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct PatientAppointmentsQuery {
    /// yyyy-MM-dd, the practice's local day; none: from the first.
    pub start: Option<String>,
    /// yyyy-MM-dd, inclusive; none: to the last.
    pub end: Option<String>,
    /// Include deleted appointments.
    pub deleted: Option<bool>,
    /// Only this status (1 or absent: every status).
    pub status_id: Option<i64>,
    /// Include missed, cancelled and to-reschedule appointments (default true).
    pub inactive: Option<bool>,
}

/// A patient's appointments, oldest first.
#[utoipa::path(get, path = "/patients/patient/{patientId}/appointments", tag = "scheduling", params(("patientId" = i64, Path, description = "The patient's id"), PatientAppointmentsQuery),
    responses((status = 200, body = Vec<Appointment>), (status = 404, body = ApiError), (status = 400, body = ApiError), (status = 401, body = ApiError)))]
pub async fn patient_appointments(
    State(state): State<AppState>,
    current: CurrentSession,
    Path(patient_id): Path<i64>,
    Query(query): Query<PatientAppointmentsQuery>,
) -> Result<Json<Vec<Appointment>>, AppError> {
    record_or_404(&state, patient_id).await?;
    let start = query.start.as_deref().map(|t| parse_date("start", t)).transpose()?;
    let end = query.end.as_deref().map(|t| parse_date("end", t)).transpose()?;
    let filter = PatientAppointmentFilter {
        from: start.map(|d| day_start(state.time_zone, d)),
        to: end.map(|d| day_start(state.time_zone, d + Duration::days(1))),
        deleted: query.deleted.unwrap_or(false),
        status_id: query.status_id.filter(|id| *id > 1),
        inactive: query.inactive.unwrap_or(true),
    };
    let rows = state.store.patient_appointments(patient_id, &filter).await?;
    let lookup = Lookup::load(&state, &rows.iter().collect::<Vec<_>>()).await?;
    audit_read(&state, &current, "patient.appointments.read", patient_id).await?;
    Ok(Json(rows.iter().map(|a| lookup.appointment(a)).collect()))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LastAndNext {
    pub last_appointment: Option<DateTime<Utc>>,
    pub last_appointment_id: Option<i64>,
    pub next_appointment: Option<DateTime<Utc>>,
    pub next_appointment_id: Option<i64>,
}

/// The patient's last appointment before now and next one after.
#[utoipa::path(get, path = "/patients/patient/{patientId}/lastNextAppointment", tag = "scheduling", params(("patientId" = i64, Path, description = "The patient's id")),
    responses((status = 200, body = LastAndNext), (status = 404, body = ApiError), (status = 400, body = ApiError), (status = 401, body = ApiError)))]
pub async fn last_next(
    State(state): State<AppState>,
    current: CurrentSession,
    Path(patient_id): Path<i64>,
) -> Result<Json<LastAndNext>, AppError> {
    record_or_404(&state, patient_id).await?;
    let (last, next) = state.store.last_and_next(patient_id, state.now(), 0).await?;
    audit_read(&state, &current, "patient.appointments.read", patient_id).await?;
    Ok(Json(LastAndNext {
        last_appointment: last.as_ref().map(|a| a.starts_at),
        last_appointment_id: last.map(|a| a.id),
        next_appointment: next.as_ref().map(|a| a.starts_at),
        next_appointment_id: next.map(|a| a.id),
    }))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FollowUp {
    pub follow_up_id: i64,
    /// The appointment type's name.
    pub r#type: String,
    pub type_id: Option<i64>,
    /// Days between visits.
    pub frequency: i32,
    /// When the patient is due, yyyy-MM-dd.
    pub followup_date: NaiveDate,
    pub last_visit: Option<NaiveDate>,
    /// The patient's next booked appointment, if any.
    pub next_visit: Option<DateTime<Utc>>,
    /// The date of the appointment booked for this follow-up (null: Not Scheduled).
    pub scheduled: Option<NaiveDate>,
    pub appointment_id: Option<i64>,
}

#[utoipa::path(get, path = "/patients/patient/{patientId}/followups", tag = "scheduling", params(("patientId" = i64, Path, description = "The patient's id")),
    responses((status = 200, body = Vec<FollowUp>), (status = 404, body = ApiError), (status = 400, body = ApiError), (status = 401, body = ApiError)))]
pub async fn follow_ups(
    State(state): State<AppState>,
    current: CurrentSession,
    Path(patient_id): Path<i64>,
) -> Result<Json<Vec<FollowUp>>, AppError> {
    record_or_404(&state, patient_id).await?;
    let rows = state.store.follow_ups(patient_id).await?;
    let types = state.store.appointment_types().await?;
    let (_, next) = state.store.last_and_next(patient_id, state.now(), 0).await?;
    let mut answer = Vec::with_capacity(rows.len());
    for f in rows {
        let booked = match f.appointment_id {
            Some(id) => state.store.appointment(id).await?.filter(|a| !a.archived),
            None => None,
        };
        answer.push(FollowUp {
            follow_up_id: f.id,
            r#type: f
                .type_id
                .and_then(|id| types.iter().find(|t| t.id == id))
                .map(|t| t.name.clone())
                .unwrap_or_default(),
            type_id: f.type_id,
            frequency: f.frequency_days,
            followup_date: f.due_date,
            last_visit: f.last_visit,
            next_visit: next.as_ref().map(|a| a.starts_at),
            scheduled: booked.as_ref().map(|a| a.starts_at.with_timezone(&state.time_zone).date_naive()),
            appointment_id: booked.map(|a| a.id),
        });
    }
    audit_read(&state, &current, "patient.follow_ups.read", patient_id).await?;
    Ok(Json(answer))
}
