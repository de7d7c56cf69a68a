//! Billing order (spec part 2): the fee search (`GET /fee/?search=&feeScheduleId=`) and
//! posting a patient's charges (`POST /patients/patient/{patientId}/charge`). The server
//! prices every line from its fee schedule; a fee the client sends is never used. A post
//! carrying an `Idempotency-Key` lands once however often it is retried.

use std::collections::{BTreeSet, HashMap};

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use chrono::NaiveDate;
use domain::billing::fees::{self, FeeLine};
use domain::billing::{BillingContext, BillingOrderInput, MAX_IDEMPOTENCY_KEY_CHARS, concept_id};
use domain::reference::is_real_user_id;
use serde::{Deserialize, Serialize};
use store::billing::{NewBillingOrder, PostOutcome, PostedOrder, fee_line, request_hash};
use utoipa::{IntoParams, ToSchema};

use crate::auth::CurrentSession;
use crate::error::{ApiError, AppError};
use crate::extract::{Json, Query, parse_json};
use crate::kit::{AuditEntries, PatientInPath};
use crate::state::AppState;

const IDEMPOTENCY_KEY: &str = "Idempotency-Key";

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
// An unknown parameter is a mistake to report, not to ignore.
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct FeeQuery {
    /// A code's beginning ('pc-fi') or words in any order, each the beginning of a word of
    /// the code, description or notes ('comp surf'). Empty lists the schedule by code.
    #[param(max_length = 100)]
    pub search: Option<String>,
    /// The fee schedule to price from (`/references/1/feeSchedules`).
    #[param(required = true)]
    pub fee_schedule_id: Option<String>,
}

/// A procedure fee search result (spec part 2): `fee` in integer cents.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProcedureFee {
    pub code: String,
    pub description: String,
    pub notes: String,
    /// The fee of one unit (of the procedure when flat), in cents.
    pub fee: i64,
    /// The units a charge starts with.
    pub units: i32,
    /// 0: a flat fee, units fixed; 1: fee times units.
    pub calculation_method: i32,
}

impl From<FeeLine> for ProcedureFee {
    fn from(line: FeeLine) -> Self {
        Self {
            code: line.code,
            description: line.description,
            notes: line.notes,
            fee: line.fee_cents,
            units: line.units,
            calculation_method: line.calculation_method,
        }
    }
}

/// Up to 50 codes of the fee schedule, codes starting with the search first.
#[utoipa::path(get, path = "/fee/", tag = "billing", params(FeeQuery),
    responses(
        (status = 200, body = Vec<ProcedureFee>),
        (status = 400, description = "`feeScheduleId` missing or unknown, or `search` too long", body = ApiError),
        (status = 401, body = ApiError),
    ))]
pub async fn search_fees(
    State(state): State<AppState>,
    _current: CurrentSession,
    Query(query): Query<FeeQuery>,
) -> Result<Json<Vec<ProcedureFee>>, AppError> {
    let schedule = fee_schedule_of(&state, query.fee_schedule_id.as_deref()).await?;
    let search = fees::parse_search(query.search.as_deref().unwrap_or_default())
        .map_err(|e| AppError::invalid_field("search", e))?;
    let rows = state.store.search_fees(schedule, &search).await?;
    Ok(Json(rows.iter().map(|row| fee_line(row).into()).collect()))
}

/// The same search at the address without the trailing slash.
#[utoipa::path(get, path = "/fee", tag = "billing", params(FeeQuery),
    responses((status = 200, body = Vec<ProcedureFee>), (status = 400, body = ApiError), (status = 401, body = ApiError)))]
pub async fn search_fees_without_slash(
    state: State<AppState>,
    current: CurrentSession,
    query: Query<FeeQuery>,
) -> Result<Json<Vec<ProcedureFee>>, AppError> {
    search_fees(state, current, query).await
}

async fn fee_schedule_of(state: &AppState, text: Option<&str>) -> Result<i64, AppError> {
    let text = text.map(str::trim).unwrap_or_default();
    if text.is_empty() {
        return Err(AppError::invalid_field("feeScheduleId", "Required field"));
    }
    let id: i64 = text.parse().map_err(|_| AppError::invalid_field("feeScheduleId", "Must be a whole number"))?;
    if !state.store.fee_schedule_exists(id).await? {
        return Err(AppError::invalid_field("feeScheduleId", domain::billing::NOT_A_SCHEDULE));
    }
    Ok(id)
}

/// A posted charge line.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PostedCharge {
    pub line: i32,
    pub procedure_date: NaiveDate,
    pub procedure: String,
    pub description: String,
    pub fee_schedule_id: i64,
    pub modifier1: String,
    pub modifier2: String,
    pub modifier3: String,
    pub modifier4: String,
    pub tooth: String,
    pub surface: String,
    pub units: i32,
    /// In cents, from the fee schedule.
    pub unit_fee: i64,
    /// The line's fee in cents: the unit fee when flat, else unit fee times units.
    pub fee: i64,
    pub calculation_method: i32,
    /// Its diagnoses' pointers in order ('AB').
    pub pointers: String,
}

/// A diagnosis of a posted order (spec part 2, Diagnosis).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PostedDiagnosis {
    pub code: String,
    pub diagnosis: String,
    /// 'ICD10CM:<code>'.
    pub umls_id: String,
    /// 'A' to 'L'.
    pub pointer: String,
    /// The place in the order's list, from 0.
    pub index: i64,
}

/// The posted billing order. `status` is 201, as the spec's client reads it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BillingOrder {
    pub status: u16,
    pub order_id: i64,
    pub patient_id: i64,
    pub provider_id: i64,
    pub procedure_date: NaiveDate,
    pub order_notes: String,
    /// The sum of the lines' fees, in cents; the patient's balance moved by it.
    pub total: i64,
    pub charges: Vec<PostedCharge>,
    pub diagnoses: Vec<PostedDiagnosis>,
}

impl From<PostedOrder> for BillingOrder {
    fn from(posted: PostedOrder) -> Self {
        Self {
            status: StatusCode::CREATED.as_u16(),
            order_id: posted.order.id,
            patient_id: posted.order.patient_id,
            provider_id: posted.order.provider_id,
            procedure_date: posted.order.procedure_date,
            order_notes: posted.order.order_notes,
            total: posted.order.total_cents,
            charges: posted
                .charges
                .into_iter()
                .map(|c| PostedCharge {
                    line: c.line,
                    procedure_date: c.procedure_date,
                    procedure: c.code,
                    description: c.description,
                    fee_schedule_id: c.fee_schedule_id,
                    modifier1: c.modifier1,
                    modifier2: c.modifier2,
                    modifier3: c.modifier3,
                    modifier4: c.modifier4,
                    tooth: c.tooth,
                    surface: c.surface,
                    units: c.units,
                    unit_fee: c.unit_fee_cents,
                    fee: c.fee_cents,
                    calculation_method: c.calculation_method,
                    pointers: c.pointers,
                })
                .collect(),
            diagnoses: posted
                .diagnoses
                .into_iter()
                .enumerate()
                .map(|(index, d)| PostedDiagnosis {
                    umls_id: concept_id(&d.code),
                    code: d.code,
                    diagnosis: d.description,
                    pointer: d.pointer,
                    index: index as i64,
                })
                .collect(),
        }
    }
}

/// The client's key for this order: visible ASCII, at most 200 characters.
fn idempotency_key(headers: &HeaderMap) -> Result<Option<String>, AppError> {
    let Some(value) = headers.get(IDEMPOTENCY_KEY) else { return Ok(None) };
    let bad =
        || AppError::invalid_field(IDEMPOTENCY_KEY, format!("1 to {MAX_IDEMPOTENCY_KEY_CHARS} visible characters"));
    let text = value.to_str().map_err(|_| bad())?;
    if text.is_empty() || text.len() > MAX_IDEMPOTENCY_KEY_CHARS || !text.bytes().all(|b| b.is_ascii_graphic()) {
        return Err(bad());
    }
    Ok(Some(text.to_owned()))
}

/// Posts a billing order: every line priced from its fee schedule, the diagnoses from
/// ICD-10-CM, in one transaction with its ledger charges (the patient's balance moves by
/// the total) and the completed procedures in the chart. With an `Idempotency-Key`, a
/// retry of the same request answers the first order again and posts nothing.
#[utoipa::path(post, path = "/patients/patient/{patientId}/charge", tag = "billing",
    params(
        ("patientId" = i64, Path, description = "The patient's id"),
        ("Idempotency-Key" = Option<String>, Header, description = "A new key per order (a UUID); a retry sends the same key"),
    ),
    request_body = BillingOrderInput,
    responses(
        (status = 201, description = "Posted, or posted before under this key", body = BillingOrder),
        (status = 400, description = "The fields at fault (`charges[2].surface`); nothing posted", body = ApiError),
        (status = 422, description = "The key was used for another order", body = ApiError),
        (status = 404, body = ApiError), (status = 401, body = ApiError),
    ))]
pub async fn post_charge(
    State(state): State<AppState>,
    current: CurrentSession,
    PatientInPath { patient_id, record }: PatientInPath,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, AppError> {
    let key = idempotency_key(&headers)?;
    let input: BillingOrderInput = parse_json(&body)?;
    let patient = &record.patient;
    let provider = match input.provider_id {
        Some(id) => state.store.user_by_id(id).await?.filter(|u| u.is_provider && !u.disabled && is_real_user_id(u.id)),
        None => None,
    };
    let schedules: BTreeSet<i64> =
        input.charges.iter().filter_map(|c| c.fee_schedule_id).chain(patient.fee_schedule_id).collect();
    let mut known_schedules = BTreeSet::new();
    for id in schedules {
        if state.store.fee_schedule_exists(id).await? {
            known_schedules.insert(id);
        }
    }
    let wanted: Vec<(i64, String)> = input
        .charges
        .iter()
        .filter_map(|c| Some((c.fee_schedule_id.or(patient.fee_schedule_id)?, c.procedure.trim().to_owned())))
        .collect();
    let lines: HashMap<(i64, String), FeeLine> = state
        .store
        .fee_lines(&wanted)
        .await?
        .iter()
        .map(|row| ((row.fee_schedule_id, row.code_key.clone()), fee_line(row)))
        .collect();
    let code_set = store::diagnosis::code_set();
    let checked = input
        .check(&BillingContext {
            today: state.today(),
            birthdate: patient.birthdate,
            patient_fee_schedule: patient.fee_schedule_id,
            is_provider: &|id| provider.as_ref().is_some_and(|p| p.id == id),
            is_fee_schedule: &|id| known_schedules.contains(&id),
            fee: &|schedule, code| lines.get(&(schedule, fees::code_key(code))).cloned(),
            diagnosis: &|code| code_set.find(code).map(|c| (c.code.clone(), c.description.clone())),
        })
        .map_err(AppError::invalid_fields)?;
    let provider_name = provider.as_ref().map(store::users::signature).unwrap_or_default();
    let new = NewBillingOrder {
        patient_id: patient_id.0,
        account_id: patient.account_id,
        user_id: current.user_id,
        provider_name,
        idempotency_key: key,
        request_hash: request_hash(current.user_id, patient_id.0, &body),
        order: checked,
    };
    let audit = current.audit("patient.billing.create").patient(patient_id.0);
    let posted = match state.store.post_billing_order(&new, state.now(), audit).await? {
        PostOutcome::Posted(posted) => posted,
        PostOutcome::Replayed(posted) => {
            // The answer shows the patient's order again: a read, recorded before it goes.
            let read = current.audit("patient.billing.replay").patient(patient_id.0);
            state.audit(read.entity("billing_order", Some(posted.order.id.to_string()))).await?;
            posted
        }
        PostOutcome::KeyReused => return Err(AppError::idempotency_key_reused()),
    };
    Ok((StatusCode::CREATED, Json(BillingOrder::from(posted))).into_response())
}
