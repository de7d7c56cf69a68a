//! The lists around a patient: alerts, allergies, problems, balances, emergency
//! contacts, insurance and guarantors (spec part 1, section 7; part 2, sections 2, 3, 7).

use axum::extract::State;
use chrono::{DateTime, NaiveDate, Utc};
use domain::clinical::input::allergy_is_current;
use domain::ids::PatientId;
use domain::patient::age_on;
use serde::Serialize;
use store::entities::patient;
use utoipa::ToSchema;

use super::model::{PhoneEntry, format_phone};
use crate::error::{ApiError, AppError};
use crate::extract::Json;
use crate::kit::PatientRead;
use crate::state::AppState;

crate::read_action!(AccountAlertsRead, "patient.account_alerts.read");
crate::read_action!(AlertsRead, "patient.alerts.read");
crate::read_action!(AllergiesRead, "patient.allergies.read");
crate::read_action!(BalanceRead, "patient.balance.read");
crate::read_action!(EmergencyContactsRead, "patient.emergency_contacts.read");
crate::read_action!(GuarantorsRead, "patient.guarantors.read");
crate::read_action!(InsuranceRead, "patient.insurance.read");
crate::read_action!(ProblemsRead, "patient.problems.read");

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PatientAlert {
    pub alert_id: i64,
    pub description: String,
    pub created: DateTime<Utc>,
    pub alert_number: i32,
    pub is_preventive_care: bool,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AccountAlert {
    pub alert_id: i64,
    pub description: String,
    pub created: DateTime<Utc>,
    /// The last day the alert shows; null when it never expires.
    pub expiration: Option<NaiveDate>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AllergyAlert {
    pub allergy_id: i64,
    pub description: String,
    pub allergy_type: String,
    pub severity: String,
    pub reaction: String,
    pub status: String,
    pub notes: String,
    pub onset: Option<NaiveDate>,
    pub created: DateTime<Utc>,
}

/// An entry of the problem list: the diagnoses a billing order starts from.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PatientProblem {
    pub problem_id: i64,
    /// ICD-10-CM code.
    pub problem_code: String,
    pub description: String,
    pub problem_list_umls_id: String,
    pub status: String,
    pub onset: Option<NaiveDate>,
}

/// Every amount is an integer number of cents (the app shows it as dollars with 2
/// decimals, spec part 2).
#[derive(Debug, Serialize, ToSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Balance {
    /// What the patient owes, in cents.
    pub patient_portion: i64,
    /// What insurance is expected to pay, in cents.
    pub insurance_portion: i64,
    /// Credit received and not yet applied, in cents.
    pub unapplied: i64,
    /// The whole account's balance in cents: every patient's portions less unapplied credit.
    pub account_balance: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EmergencyContact {
    pub name: String,
    pub relationship: String,
    pub next_of_kin: bool,
    /// 3-3-4 digits with dashes.
    pub phone: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InsurancePolicy {
    pub insurance_id: i64,
    /// 1 primary, 2 secondary, 3 tertiary.
    pub priority: i16,
    pub carrier: String,
    pub plan: String,
    pub start: Option<NaiveDate>,
    pub end: Option<NaiveDate>,
    /// The policy holder, "Last, First".
    pub guarantor: String,
    pub subscriber_id: String,
    pub group_id: String,
}

/// A guarantor: the patient-information fields without relationships, marital status,
/// employment and language (spec part 2, 'Guarantor detail').
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Guarantor {
    pub patient_id: PatientId,
    pub display_id: String,
    pub first_name: String,
    pub last_name: String,
    pub middle_name: String,
    pub prefix: String,
    pub suffix: String,
    pub maiden_name: String,
    pub nickname: String,
    pub birthdate: Option<NaiveDate>,
    pub age: Option<i64>,
    pub sex: i16,
    pub street_address: String,
    pub suite: String,
    pub city: String,
    pub state: String,
    pub zip_code: String,
    pub country: String,
    pub phone1: Option<PhoneEntry>,
    pub phone2: Option<PhoneEntry>,
    pub phone3: Option<PhoneEntry>,
    pub email: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Guarantors {
    pub primary: Option<Guarantor>,
    pub secondary: Option<Guarantor>,
}

fn phone(number: &str, kind: Option<i16>) -> Option<PhoneEntry> {
    (!number.is_empty()).then(|| PhoneEntry { number: format_phone(number), kind: kind.map(i64::from) })
}

fn guarantor(p: &patient::Model, today: NaiveDate) -> Guarantor {
    Guarantor {
        patient_id: PatientId(p.id),
        display_id: p.display_id.clone(),
        first_name: p.first_name.clone(),
        last_name: p.last_name.clone(),
        middle_name: p.middle.clone(),
        prefix: p.prefix.clone(),
        suffix: p.suffix.clone(),
        maiden_name: p.maiden_name.clone(),
        nickname: p.nickname.clone(),
        birthdate: p.birthdate,
        age: p.birthdate.map(|b| age_on(b, today)),
        sex: p.sex,
        street_address: p.street_address.clone(),
        suite: p.suite.clone(),
        city: p.city.clone(),
        state: p.state.clone(),
        zip_code: p.zip_code.clone(),
        country: p.country.clone(),
        phone1: phone(&p.phone1_number, p.phone1_type),
        phone2: phone(&p.phone2_number, p.phone2_type),
        phone3: phone(&p.phone3_number, p.phone3_type),
        email: p.email.clone(),
    }
}

#[utoipa::path(get, path = "/patients/{patientId}/alerts", tag = "patient chart",
    params(("patientId" = i64, Path, description = "The patient's id")),
    responses((status = 200, body = Vec<PatientAlert>), (status = 404, body = ApiError), (status = 400, body = ApiError), (status = 401, body = ApiError)))]
pub async fn patient_alerts(
    State(state): State<AppState>,
    PatientRead { patient_id, .. }: PatientRead<AlertsRead>,
) -> Result<Json<Vec<PatientAlert>>, AppError> {
    let alerts = state.store.patient_alerts(patient_id.0).await?;
    Ok(Json(
        alerts
            .into_iter()
            .map(|a| PatientAlert {
                alert_id: a.id,
                description: a.description,
                created: a.created_at,
                alert_number: a.alert_number,
                is_preventive_care: a.is_preventive_care,
            })
            .collect(),
    ))
}

/// The patient's account's alerts that have not expired.
#[utoipa::path(get, path = "/patients/{patientId}/accountAlerts", tag = "patient chart",
    params(("patientId" = i64, Path, description = "The patient's id")),
    responses((status = 200, body = Vec<AccountAlert>), (status = 404, body = ApiError), (status = 400, body = ApiError), (status = 401, body = ApiError)))]
pub async fn account_alerts(
    State(state): State<AppState>,
    PatientRead { record, .. }: PatientRead<AccountAlertsRead>,
) -> Result<Json<Vec<AccountAlert>>, AppError> {
    let alerts = state.store.account_alerts(record.account.id, state.today()).await?;
    Ok(Json(
        alerts
            .into_iter()
            .map(|a| AccountAlert {
                alert_id: a.id,
                description: a.description,
                created: a.created_at,
                expiration: a.expiration,
            })
            .collect(),
    ))
}

/// The allergies to warn about (the alerts banner and page): active ones, neither refuted
/// nor entered in error.
#[utoipa::path(get, path = "/patients/{patientId}/allergy", tag = "patient chart",
    params(("patientId" = i64, Path, description = "The patient's id")),
    responses((status = 200, body = Vec<AllergyAlert>), (status = 404, body = ApiError), (status = 400, body = ApiError), (status = 401, body = ApiError)))]
pub async fn allergies(
    State(state): State<AppState>,
    PatientRead { patient_id, .. }: PatientRead<AllergiesRead>,
) -> Result<Json<Vec<AllergyAlert>>, AppError> {
    let rows = state.store.allergies(patient_id.0).await?;
    // An alert warns of an allergy the patient has now: a resolved, inactive, refuted or
    // mistaken one stays in the chart's Allergies section but raises no alert.
    Ok(Json(
        rows.into_iter()
            .filter(|a| allergy_is_current(&a.status, &a.verification_status))
            .map(|a| AllergyAlert {
                allergy_id: a.id,
                description: a.description,
                allergy_type: a.allergy_type,
                severity: a.severity,
                reaction: a.reaction,
                status: a.status,
                notes: a.notes,
                onset: a.onset,
                created: a.created_at,
            })
            .collect(),
    ))
}

#[utoipa::path(get, path = "/patients/{patientId}/problem", tag = "patient chart",
    params(("patientId" = i64, Path, description = "The patient's id")),
    responses((status = 200, body = Vec<PatientProblem>), (status = 404, body = ApiError), (status = 400, body = ApiError), (status = 401, body = ApiError)))]
pub async fn problems(
    State(state): State<AppState>,
    PatientRead { patient_id, .. }: PatientRead<ProblemsRead>,
) -> Result<Json<Vec<PatientProblem>>, AppError> {
    let rows = state.store.problems(patient_id.0).await?;
    Ok(Json(
        rows.into_iter()
            .map(|p| PatientProblem {
                problem_id: p.id,
                // The id a billing order judges duplicates by, as the diagnosis search
                // answers it (whatever concept id an older record carries).
                problem_list_umls_id: domain::billing::concept_id(&p.problem_code),
                problem_code: p.problem_code,
                description: p.description,
                status: p.status,
                onset: p.onset,
            })
            .collect(),
    ))
}

#[utoipa::path(get, path = "/patients/patient/{patientId}/balance", tag = "patient chart",
    params(("patientId" = i64, Path, description = "The patient's id")),
    responses((status = 200, body = Balance), (status = 404, body = ApiError), (status = 400, body = ApiError), (status = 401, body = ApiError)))]
pub async fn balance(
    State(state): State<AppState>,
    PatientRead { patient_id, record, .. }: PatientRead<BalanceRead>,
) -> Result<Json<Balance>, AppError> {
    let balances = state.store.balances(patient_id.0, record.account.id).await?;
    Ok(Json(Balance {
        patient_portion: balances.patient_cents,
        insurance_portion: balances.insurance_cents,
        unapplied: balances.unapplied_cents,
        account_balance: balances.account_cents,
    }))
}

#[utoipa::path(get, path = "/patients/patient/{patientId}/emergencyContacts", tag = "patient chart",
    params(("patientId" = i64, Path, description = "The patient's id")),
    responses((status = 200, body = Vec<EmergencyContact>), (status = 404, body = ApiError), (status = 400, body = ApiError), (status = 401, body = ApiError)))]
pub async fn emergency_contacts(
    State(state): State<AppState>,
    PatientRead { patient_id, .. }: PatientRead<EmergencyContactsRead>,
) -> Result<Json<Vec<EmergencyContact>>, AppError> {
    let rows = state.store.emergency_contacts(patient_id.0).await?;
    Ok(Json(
        rows.into_iter()
            .map(|c| EmergencyContact {
                name: c.name,
                relationship: c.relationship,
                next_of_kin: c.next_of_kin,
                phone: format_phone(&c.phone),
            })
            .collect(),
    ))
}

#[utoipa::path(get, path = "/patients/patient/{patientId}/insurance", tag = "patient chart",
    params(("patientId" = i64, Path, description = "The patient's id")),
    responses((status = 200, body = Vec<InsurancePolicy>), (status = 404, body = ApiError), (status = 400, body = ApiError), (status = 401, body = ApiError)))]
pub async fn insurance(
    State(state): State<AppState>,
    PatientRead { patient_id, .. }: PatientRead<InsuranceRead>,
) -> Result<Json<Vec<InsurancePolicy>>, AppError> {
    let policies = state.store.insurance_policies(patient_id.0).await?;
    let holder_ids: Vec<i64> = policies.iter().filter_map(|p| p.subscriber_patient_id).collect();
    let holders = state.store.patients_by_ids(&holder_ids).await?;
    Ok(Json(
        policies
            .into_iter()
            .map(|policy| InsurancePolicy {
                insurance_id: policy.id,
                priority: policy.priority,
                guarantor: policy
                    .subscriber_patient_id
                    .and_then(|id| holders.iter().find(|h| h.id == id))
                    .map(|h| domain::patient::last_first(&h.last_name, &h.first_name))
                    .unwrap_or_default(),
                carrier: policy.carrier,
                plan: policy.plan,
                start: policy.start_date,
                end: policy.end_date,
                subscriber_id: policy.subscriber_id,
                group_id: policy.group_id,
            })
            .collect(),
    ))
}

#[utoipa::path(get, path = "/patients/patient/{patientId}/guarantors", tag = "patient chart",
    params(("patientId" = i64, Path, description = "The patient's id")),
    responses((status = 200, body = Guarantors), (status = 404, body = ApiError), (status = 400, body = ApiError), (status = 401, body = ApiError)))]
pub async fn guarantors(
    State(state): State<AppState>,
    PatientRead { record, .. }: PatientRead<GuarantorsRead>,
) -> Result<Json<Guarantors>, AppError> {
    let ids: Vec<i64> =
        [record.patient.primary_guarantor_id, record.patient.secondary_guarantor_id].into_iter().flatten().collect();
    let people = state.store.patients_by_ids(&ids).await?;
    let today = state.today();
    let find = |id: Option<i64>| id.and_then(|id| people.iter().find(|p| p.id == id)).map(|p| guarantor(p, today));
    Ok(Json(Guarantors {
        primary: find(record.patient.primary_guarantor_id),
        secondary: find(record.patient.secondary_guarantor_id),
    }))
}
