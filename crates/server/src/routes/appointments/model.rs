//! Appointments on the wire (spec part 2: 'Appointment detail', 'Appointment form',
//! 'Appointment save', 'Appointments & Follow-Ups'): the answers, built from the store's
//! read models with the practice's local times, and the input a form sends.
//!
//! Times travel as UTC instants; the practice's local date and time ride along for
//! display, and a "day" is a day in the practice's time zone.

use chrono::{DateTime, NaiveDate, Utc};
use chrono_tz::Tz;
use domain::ids::{AppointmentId, OfficeId, PatientId, ResourceId, UserId};
use domain::overlay::{choose, replace};
use domain::schedule::AppointmentDraft;
use serde::{Deserialize, Serialize};
use store::entities::appointment;
use store::schedule::{AppointmentView, BlockOut};
use utoipa::{IntoParams, ToSchema};

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
    pub patient_id: PatientId,
    /// "Last, First (displayId)".
    pub patient_name: String,
    /// MM/dd/yyyy.
    pub birthday_string: Option<String>,
}

/// An appointment with the names and local times the screens show.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Appointment {
    pub appointment_id: AppointmentId,
    /// The record's version: send it back with a change; a change made on an older one
    /// is refused (409) with the record as it now is.
    pub version: i32,
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
    pub patient_id: PatientId,
    pub patient_first_name: String,
    pub patient_last_name: String,
    /// "Last, First".
    pub patient_name: String,
    /// "Last, First (displayId)".
    pub patient_name_display: String,
    pub display_id: String,
    pub birthday: Option<NaiveDate>,
    pub patient_provider_id: Option<UserId>,
    /// The appointment's provider (spec spelling); null when none.
    #[serde(rename = "providerID")]
    pub provider_id: Option<UserId>,
    pub provider_first_name: Option<String>,
    pub provider_last_name: Option<String>,
    /// "Last, First", or null when none.
    pub provider_name: Option<String>,
    /// The resource's name.
    pub resource: String,
    pub resource_id: ResourceId,
    pub resource_provider_id: Option<UserId>,
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
    pub last_appointment_id: Option<AppointmentId>,
    pub next_appointment: Option<DateTime<Utc>>,
    pub next_appointment_id: Option<AppointmentId>,
    pub patient: AppointmentPatient,
}

/// A block-out: a named, coloured span on a resource.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Transparency {
    pub transparency_id: i64,
    pub resource_id: ResourceId,
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
            resource_id: ResourceId(b.resource_id),
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
    pub appointment_id: AppointmentId,
    pub start: DateTime<Utc>,
    pub end: DateTime<Utc>,
    pub patient_id: PatientId,
    /// Whose it is, "Last, First" (the overlap dialog names each one).
    pub patient_name: String,
    /// The status's name, as on the appointment.
    pub status: String,
    /// The type's name, as on the appointment.
    pub r#type: String,
}

impl ConflictingAppointment {
    pub fn from_view(v: &AppointmentView) -> Self {
        let a = &v.appointment;
        Self {
            appointment_id: AppointmentId(a.id),
            start: a.starts_at,
            end: a.ends_at,
            patient_id: PatientId(a.patient_id),
            patient_name: format!(
                "{}, {}",
                v.patient_last_name.as_deref().unwrap_or_default(),
                v.patient_first_name.as_deref().unwrap_or_default()
            ),
            status: v.status_name.clone().unwrap_or_default(),
            r#type: v.type_name.clone().unwrap_or_default(),
        }
    }
}

/// The 409 of an appointment change: a schedule conflict, or `edit_conflict` (an
/// `ApiError` with `current`) when the change was made on an older version.
#[derive(Debug, Serialize, ToSchema)]
#[serde(untagged)]
pub enum AppointmentChangeRefused {
    Conflict(ScheduleConflict),
    Stale(crate::error::ApiError),
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
    pub confirm_appointment_id: Option<AppointmentId>,
    /// A "don't schedule" block-out refused it.
    pub not_schedule_appointment: bool,
}

impl Appointment {
    /// The answer for one appointment of the store's read model, its times shown in
    /// the practice's time zone. Last and next are left for the detail to fill in.
    pub fn from_view(v: &AppointmentView, time_zone: Tz) -> Self {
        let a = &v.appointment;
        let local = a.starts_at.with_timezone(&time_zone);
        let first = v.patient_first_name.clone().unwrap_or_default();
        let last = v.patient_last_name.clone().unwrap_or_default();
        let display_id = v.patient_display_id.clone().unwrap_or_default();
        let provider = v.provider_first_name.as_ref().zip(v.provider_last_name.as_ref());
        let name_display = format!("{last}, {first} ({display_id})");
        Appointment {
            appointment_id: AppointmentId(a.id),
            version: a.version,
            appointment_date: local.date_naive(),
            appointment_time: local.format("%I:%M %p").to_string(),
            start: a.starts_at,
            start_time: local.format("%H:%M").to_string(),
            end: a.ends_at,
            length: a.length_minutes,
            notes: a.notes.clone(),
            patient_id: PatientId(a.patient_id),
            patient_name: domain::patient::last_first(&last, &first),
            patient_name_display: name_display.clone(),
            patient_first_name: first,
            patient_last_name: last,
            display_id,
            birthday: v.patient_birthdate,
            patient_provider_id: v.patient_provider_id.map(UserId),
            provider_id: a.provider_id.map(UserId),
            provider_first_name: provider.map(|(first, _)| first.clone()),
            provider_last_name: provider.map(|(_, last)| last.clone()),
            provider_name: provider.map(|(first, last)| domain::patient::last_first(last, first)),
            resource: v.resource_name.clone().unwrap_or_default(),
            resource_id: ResourceId(a.resource_id),
            resource_provider_id: v.resource_provider_id.map(UserId),
            status: v.status_name.clone().unwrap_or_default(),
            status_id: a.status_id,
            status_category: v.status_category.clone().unwrap_or_else(|| "active".to_owned()),
            r#type: v.type_name.clone().unwrap_or_default(),
            type_id: a.type_id,
            photo_hash: None,
            colors: AppointmentColors {
                color1: v.type_color.clone(),
                color2: v.status_color.clone(),
                ..AppointmentColors::default()
            },
            pending: a.pending,
            deleted: a.archived,
            last_appointment: None,
            last_appointment_id: None,
            next_appointment: None,
            next_appointment_id: None,
            patient: AppointmentPatient {
                patient_id: PatientId(a.patient_id),
                patient_name: name_display,
                birthday_string: v.patient_birthdate.map(|b| b.format("%m/%d/%Y").to_string()),
            },
        }
    }
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

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TransparencyQuery {
    /// The practice's local day, yyyy-MM-dd (today when left out).
    pub date: Option<String>,
    pub resources: Option<String>,
}

/// An appointment as its form sends it. Ids of 1 or less mean none. On a change,
/// fields left out keep their values; the patient cannot change.
#[derive(Clone, Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct AppointmentInput {
    /// The `version` of the record this change was made on (or send it as `If-Match`).
    pub version: Option<i32>,
    pub patient_id: Option<i64>,
    /// The start, ISO 8601 (1880 to 2200).
    #[serde(deserialize_with = "domain::input::optional_instant")]
    pub start: Option<DateTime<Utc>>,
    /// The end, ISO 8601: start plus length. Gives the length when that is left out;
    /// otherwise it must agree with it (400 naming `end`).
    #[serde(deserialize_with = "domain::input::optional_instant")]
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
    pub fn over(&self, mut base: AppointmentDraft) -> AppointmentDraft {
        choose(&mut base.patient_id, self.patient_id);
        choose(&mut base.length_minutes, self.length);
        choose(&mut base.resource_id, self.resource_id);
        choose(&mut base.provider_id, self.provider_id);
        choose(&mut base.type_id, self.type_id);
        choose(&mut base.status_id, self.status_id);
        choose(&mut base.start, self.start);
        if self.end.is_some() {
            base.end = self.end;
            if self.length.is_none() {
                base.length_minutes = None; // the end says how long it is now
            }
        }
        replace(&mut base.notes, &self.notes);
        base
    }
}

pub fn draft_of(a: &appointment::Model) -> AppointmentDraft {
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

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Resource {
    pub resource_id: ResourceId,
    pub name: String,
    /// The resource's own provider, if it has one.
    pub provider_id: Option<UserId>,
    pub office_id: OfficeId,
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

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AppointmentStatus {
    pub appointment_status_id: i64,
    pub appointment_status: String,
    pub color: String,
    /// active, missed, cancelled or reschedule.
    pub category: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ScheduleVersion {
    /// Moves whenever anything on the schedule changes; a day view polls it and reloads
    /// when it moved.
    pub version: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PlannedCharge {
    pub code: String,
    pub description: String,
    /// The fee in integer cents (the spec's spelling of the name).
    pub ammount: i64,
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
    /// The plan's fees, in integer cents.
    pub total: i64,
    /// What the patient is expected to pay, in integer cents.
    pub patient_portion: i64,
    /// What insurance is expected to pay, in integer cents.
    pub insurance_portion: i64,
    pub phases: Vec<PlanPhase>,
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

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LastAndNext {
    pub last_appointment: Option<DateTime<Utc>>,
    pub last_appointment_id: Option<AppointmentId>,
    pub next_appointment: Option<DateTime<Utc>>,
    pub next_appointment_id: Option<AppointmentId>,
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
    pub appointment_id: Option<AppointmentId>,
}
