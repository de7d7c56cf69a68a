//! A patient's appointments, last and next visits, follow-ups and treatment plans
//! (spec part 2, 'Appointments & Follow-Ups', 'Treatments Planned').

use axum::extract::State;
use chrono::Duration;
use store::schedule::PatientAppointmentFilter;

use super::model::{
    Appointment, FollowUp, LastAndNext, PatientAppointmentsQuery, PlanPhase, PlannedCharge, TreatmentPlan,
};
use super::{appointment_or_404, day_start};
use crate::auth::CurrentSession;
use crate::error::{ApiError, AppError};
use crate::extract::{Json, Path, Query};
use crate::kit::{AuditEntries, PatientRead, parse_date};
use crate::state::AppState;

crate::read_action!(
    /// A read of a patient's appointments (the list, or last and next).
    Appointments,
    "patient.appointments.read"
);
crate::read_action!(
    /// A read of a patient's follow-ups.
    FollowUps,
    "patient.follow_ups.read"
);

/// The treatment plans of the appointment's patient.
#[utoipa::path(get, path = "/scheduling/1/appointment/{appointmentId}/treatmentPlans", tag = "scheduling",
    params(("appointmentId" = i64, Path, description = "The appointment's id")),
    responses((status = 200, body = Vec<TreatmentPlan>), (status = 404, body = ApiError), (status = 400, body = ApiError), (status = 401, body = ApiError)))]
pub async fn treatment_plans(
    State(state): State<AppState>,
    current: CurrentSession,
    Path(id): Path<i64>,
) -> Result<Json<Vec<TreatmentPlan>>, AppError> {
    let found = appointment_or_404(&state, id).await?.appointment;
    let plans = state.store.treatment_plans(found.patient_id).await?;
    state.audit(current.audit("patient.treatment_plans.read").patient(found.patient_id)).await?;
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
                    total,
                    patient_portion: total - insurance,
                    insurance_portion: insurance,
                    phases: phases
                        .into_iter()
                        .map(|(phase, charges)| PlanPhase {
                            name: phase.name,
                            charges: charges
                                .into_iter()
                                .map(|c| PlannedCharge {
                                    code: c.code,
                                    description: c.description,
                                    ammount: c.fee_cents,
                                })
                                .collect(),
                        })
                        .collect(),
                }
            })
            .collect(),
    ))
}

/// A patient's appointments, oldest first.
#[utoipa::path(get, path = "/patients/patient/{patientId}/appointments", tag = "scheduling", params(("patientId" = i64, Path, description = "The patient's id"), PatientAppointmentsQuery),
    responses((status = 200, body = Vec<Appointment>), (status = 404, body = ApiError), (status = 400, body = ApiError), (status = 401, body = ApiError)))]
pub async fn patient_appointments(
    State(state): State<AppState>,
    patient: PatientRead<Appointments>,
    Query(query): Query<PatientAppointmentsQuery>,
) -> Result<Json<Vec<Appointment>>, AppError> {
    let start = query.start.as_deref().map(|t| parse_date("start", t)).transpose()?;
    let end = query.end.as_deref().map(|t| parse_date("end", t)).transpose()?;
    let filter = PatientAppointmentFilter {
        from: start.map(|d| day_start(state.time_zone, d)),
        to: end.map(|d| day_start(state.time_zone, d + Duration::days(1))),
        deleted: query.deleted.unwrap_or(false),
        status_id: query.status_id.filter(|id| *id > 1),
        inactive: query.inactive.unwrap_or(true),
    };
    let rows = state.store.patient_appointments(patient.patient_id, &filter).await?;
    Ok(Json(rows.iter().map(|a| Appointment::from_view(a, state.time_zone)).collect()))
}

/// The patient's last appointment before now and next one after.
#[utoipa::path(get, path = "/patients/patient/{patientId}/lastNextAppointment", tag = "scheduling", params(("patientId" = i64, Path, description = "The patient's id")),
    responses((status = 200, body = LastAndNext), (status = 404, body = ApiError), (status = 400, body = ApiError), (status = 401, body = ApiError)))]
pub async fn last_next(
    State(state): State<AppState>,
    patient: PatientRead<Appointments>,
) -> Result<Json<LastAndNext>, AppError> {
    let (last, next) = state.store.last_and_next(patient.patient_id, state.now(), 0).await?;
    Ok(Json(LastAndNext {
        last_appointment: last.as_ref().map(|a| a.starts_at),
        last_appointment_id: last.map(|a| a.id),
        next_appointment: next.as_ref().map(|a| a.starts_at),
        next_appointment_id: next.map(|a| a.id),
    }))
}

#[utoipa::path(get, path = "/patients/patient/{patientId}/followups", tag = "scheduling", params(("patientId" = i64, Path, description = "The patient's id")),
    responses((status = 200, body = Vec<FollowUp>), (status = 404, body = ApiError), (status = 400, body = ApiError), (status = 401, body = ApiError)))]
pub async fn follow_ups(
    State(state): State<AppState>,
    patient: PatientRead<FollowUps>,
) -> Result<Json<Vec<FollowUp>>, AppError> {
    let rows = state.store.follow_ups(patient.patient_id).await?;
    let (_, next) = state.store.last_and_next(patient.patient_id, state.now(), 0).await?;
    let next_visit = next.as_ref().map(|a| a.starts_at);
    Ok(Json(
        rows.into_iter()
            .map(|f| FollowUp {
                follow_up_id: f.follow_up.id,
                r#type: f.type_name.unwrap_or_default(),
                type_id: f.follow_up.type_id,
                frequency: f.follow_up.frequency_days,
                followup_date: f.follow_up.due_date,
                last_visit: f.follow_up.last_visit,
                next_visit,
                scheduled: f.booked_starts_at.map(|at| at.with_timezone(&state.time_zone).date_naive()),
                appointment_id: f.booked_id,
            })
            .collect(),
    ))
}
