//! Patients: search, new accounts, demographics (spec part 1 'Patient search',
//! 'Patient', 'Patient creation'; part 2 'Patient area'). Every read and change of a
//! patient is written to the audit log with the patient's id.

pub mod care;
pub mod chart;
pub mod model;

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use domain::ids::{AccountId, OfficeId, PatientId, UserId};
use domain::patient::{FieldErrors, IdentifierChange, PatientDraft, PatientFields, government_identifier_change};
use domain::search::{DEFAULT_RESULTS, MAX_RESULTS, MIN_QUERY_CHARS, parse_query};
use serde::{Deserialize, Serialize};
use store::patients::{CareAssignment, PatientRecord};
use store::versions::WriteOutcome;
use utoipa::{IntoParams, ToSchema};

use crate::auth::CurrentSession;
use crate::error::{ApiError, AppError};
use crate::extract::{Json, Query};
use crate::kit::{AuditEntries, Choices, List, PatientInPath, PatientRead, expected_version, stale_change};
use crate::state::AppState;
use model::{Patient, PatientContext, PatientInput, PatientSearchResult, PhoneEntry, draft_of};

crate::read_action!(PatientRecordRead, "patient.read");

/// Spec part 1, section 5: the toast's words, also the server's.
pub const TOO_SHORT: &str = "Please enter more than 2 characters";

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PatientsQuery {
    /// Name ("smith", "smith, john", "john smith", a prefix, a small typo), birth date
    /// (MM/dd/yyyy, M/d/yy or yyyy-MM-dd), phone digits in any format, or chart number.
    pub search: Option<String>,
    /// Patient ids separated by commas (recently viewed patients), answered in that order.
    pub ids: Option<String>,
    /// At most this many results (1 to 50, default 25).
    pub limit: Option<u32>,
}

/// Finds patients, best match first; or lists patients by id.
#[utoipa::path(get, path = "/patients", tag = "patients", params(PatientsQuery),
    responses(
        (status = 200, body = Vec<PatientSearchResult>),
        (status = 400, description = "Search shorter than 2 characters, or malformed ids", body = ApiError),
        (status = 401, body = ApiError),
    ))]
pub async fn search_patients(
    State(state): State<AppState>,
    current: CurrentSession,
    Query(query): Query<PatientsQuery>,
) -> Result<Json<Vec<PatientSearchResult>>, AppError> {
    let today = state.today();
    let limit = query.limit.unwrap_or(DEFAULT_RESULTS);
    if !(1..=MAX_RESULTS).contains(&limit) {
        return Err(AppError::invalid_field("limit", format!("Must be a whole number from 1 to {MAX_RESULTS}")));
    }
    let (hits, action) = match (&query.ids, &query.search) {
        (Some(ids), _) => {
            let ids = parse_ids(ids)?;
            (state.store.patients_in_order(&ids, today).await?, "patient.list")
        }
        (None, Some(text)) => {
            if text.trim().chars().count() < MIN_QUERY_CHARS {
                return Err(AppError::invalid_field("search", TOO_SHORT));
            }
            let parsed = parse_query(text, today);
            (state.store.search_patients(&parsed, limit as usize, today).await?, "patient.search")
        }
        (None, None) => return Err(AppError::invalid_field("search", "Required field")),
    };
    let results: Vec<PatientSearchResult> = hits.iter().map(|hit| PatientSearchResult::from_hit(hit, today)).collect();
    // Which patients were shown, never what was typed.
    let shown: Vec<String> = results.iter().map(|r| r.patient_id.to_string()).collect();
    let patients = results.iter().map(|r| r.patient_id.0);
    state.audit(current.audit(action).entity("patients", Some(shown.join(","))).patients_shown(patients)).await?;
    Ok(Json(results))
}

fn parse_ids(text: &str) -> Result<Vec<i64>, AppError> {
    let problem = || AppError::invalid_field("ids", "Must be patient ids separated by commas");
    let ids: Vec<i64> = text
        .split(',')
        .map(str::trim)
        .filter(|part| !part.is_empty())
        .map(|part| part.parse::<i64>().map_err(|_| problem()))
        .collect::<Result<_, _>>()?;
    if ids.len() > MAX_RESULTS as usize {
        return Err(AppError::invalid_field("ids", format!("At most {MAX_RESULTS} ids")));
    }
    Ok(ids)
}

/// What a new patient's form starts with (spec part 1, section 3 'Patient defaults').
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PatientDefaults {
    /// The logged-in user when they are a provider.
    pub provider_id: Option<UserId>,
    pub account_provider_id: Option<UserId>,
    pub office_id: Option<OfficeId>,
    pub fee_schedule_id: Option<i64>,
    pub marital_status: Option<i64>,
    pub sex: i16,
    pub employment: Option<i64>,
    pub language_id: Option<i64>,
    pub relationship_to_primary: Option<i64>,
    pub relationship_to_secondary: Option<i64>,
    pub phone1: PhoneEntry,
    pub phone2: PhoneEntry,
    pub phone3: PhoneEntry,
    pub country: String,
    /// For a new member of an account (`accountId` asked for): the account, its holder
    /// (the new patient's primary guarantor), and the holder's address and home phone
    /// as the new patient's. Absent for a new account.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub account: Option<AccountDefaults>,
}

/// What a new member of an account starts with besides the practice's defaults.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AccountDefaults {
    pub account_id: AccountId,
    pub account_provider_id: Option<UserId>,
    pub office_id: Option<OfficeId>,
    /// The account holder: the new patient's primary guarantor.
    pub primary_guarantor: Option<PatientNameRef>,
    pub street_address: String,
    pub suite: String,
    pub city: String,
    pub state: String,
    pub zip_code: String,
    pub country: String,
    /// The holder's home phone (type 0), if they have one.
    pub home_phone: Option<PhoneEntry>,
}

/// A patient named on another's record.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PatientNameRef {
    pub patient_id: PatientId,
    /// "Last, First".
    pub name: String,
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub struct PatientDefaultsQuery {
    /// The account the new patient joins (a new member of a family); absent for a new account.
    pub account_id: Option<i64>,
}

/// Defaults for the new-patient form.
#[utoipa::path(get, path = "/patients/default", tag = "patients", params(PatientDefaultsQuery),
    responses((status = 200, body = PatientDefaults), (status = 400, body = ApiError), (status = 404, description = "No such account", body = ApiError), (status = 401, body = ApiError)))]
pub async fn patient_defaults(
    State(state): State<AppState>,
    current: CurrentSession,
    Query(query): Query<PatientDefaultsQuery>,
) -> Result<Json<PatientDefaults>, AppError> {
    let store = &state.store;
    let account = match query.account_id {
        Some(id) => Some(account_defaults(&state, &current, id).await?),
        None => None,
    };
    let me = store.user_by_id(current.user_id).await?.filter(|u| u.is_provider).map(|u| u.id);
    let named = |rows: Vec<(i64, String)>, wanted: &str| {
        rows.iter().find(|(_, name)| name.eq_ignore_ascii_case(wanted)).map(|(id, _)| *id)
    };
    let marital = store.marital_statuses().await?.into_iter().map(|m| (m.id, m.description)).collect();
    let employment = store.employment_statuses().await?.into_iter().map(|e| (e.id, e.description)).collect();
    let languages: Vec<(i64, String)> = store.languages().await?.into_iter().map(|l| (l.id, l.name)).collect();
    let relationships = store.patient_relationships().await?.into_iter().map(|r| (r.id, r.description)).collect();
    let empty_phone = |kind: i64| PhoneEntry { number: String::new(), kind: Some(kind) };
    Ok(Json(PatientDefaults {
        provider_id: me.map(UserId),
        // A new member of an account starts with the account's provider and office.
        account_provider_id: match &account {
            Some(account) => account.account_provider_id,
            None => me.map(UserId),
        },
        office_id: match account.as_ref().and_then(|a| a.office_id) {
            Some(office) => Some(office),
            None => store.offices().await?.first().map(|o| o.id).map(OfficeId),
        },
        fee_schedule_id: store.fee_schedules().await?.first().map(|f| f.id),
        marital_status: named(marital, "Unknown"),
        sex: 2,
        employment: named(employment, "Unknown"),
        language_id: named(languages.clone(), "English").or_else(|| languages.first().map(|l| l.0)),
        // 'Self' is the holder of a new account; a new member's is for the user to choose.
        relationship_to_primary: if account.is_some() { None } else { named(relationships, "Self") },
        relationship_to_secondary: None,
        phone1: empty_phone(2),
        phone2: empty_phone(0),
        phone3: empty_phone(1),
        country: "United States of America".into(),
        account,
    }))
}

/// A new member's defaults from their account's holder; reading them is a read of the
/// holder's record, audited as such.
async fn account_defaults(
    state: &AppState,
    current: &CurrentSession,
    account_id: i64,
) -> Result<AccountDefaults, AppError> {
    let not_found = || AppError::not_found(format!("No account with ID {account_id}"));
    let account = state.store.accounts_by_ids(&[account_id]).await?.into_iter().next().ok_or_else(not_found)?;
    let holder = match account.primary_patient_id {
        Some(id) => state.store.patients_by_ids(&[id]).await?.into_iter().next(),
        None => None,
    };
    let audit = current.audit("patient.defaults.read").entity("account", Some(account_id.to_string()));
    state
        .audit(match &holder {
            Some(holder) => audit.patient(holder.id),
            None => audit,
        })
        .await?;
    let text =
        |pick: fn(&store::entities::patient::Model) -> &String| holder.as_ref().map(pick).cloned().unwrap_or_default();
    let home_phone = holder.as_ref().and_then(|h| {
        [(&h.phone1_number, h.phone1_type), (&h.phone2_number, h.phone2_type), (&h.phone3_number, h.phone3_type)]
            .into_iter()
            .find(|(number, kind)| !number.is_empty() && *kind == Some(HOME_PHONE))
            .and_then(|(number, kind)| model::phone_entry(number, kind))
    });
    Ok(AccountDefaults {
        account_id: AccountId(account.id),
        account_provider_id: account.account_provider_id.map(UserId),
        office_id: account.office_id.map(OfficeId),
        primary_guarantor: holder.as_ref().map(|h| PatientNameRef {
            patient_id: PatientId(h.id),
            name: domain::patient::last_first(&h.last_name, &h.first_name),
        }),
        street_address: text(|h| &h.street_address),
        suite: text(|h| &h.suite),
        city: text(|h| &h.city),
        state: text(|h| &h.state),
        zip_code: text(|h| &h.zip_code),
        country: text(|h| &h.country),
        home_phone,
    })
}

/// Phone type 0 is Home (spec part 2, 'Patient Information').
const HOME_PHONE: i16 = 0;

/// The patient's record, read again after a change.
async fn reread(state: &AppState, patient_id: i64) -> Result<PatientRecord, AppError> {
    state
        .store
        .patient_record(patient_id)
        .await?
        .ok_or_else(|| AppError::not_found(format!("No patient with ID {patient_id}")))
}

/// The patient as the API answers it.
pub(crate) async fn patient_answer(state: &AppState, record: &PatientRecord) -> Result<Patient, AppError> {
    let user_ids: Vec<i64> =
        [record.account.account_provider_id, record.patient.patient_provider_id].into_iter().flatten().collect();
    let users = state.store.users_by_ids(&user_ids).await?;
    let offices: Vec<(i64, String)> = state.store.offices().await?.into_iter().map(|o| (o.id, o.name)).collect();
    let fee_schedules: Vec<(i64, String)> =
        state.store.fee_schedules().await?.into_iter().map(|f| (f.id, f.name)).collect();
    Ok(Patient::from_record(
        &record.patient,
        &PatientContext {
            account: &record.account,
            users: &users,
            offices: &offices,
            fee_schedules: &fee_schedules,
            today: state.today(),
        },
    ))
}

/// One patient's demographics.
#[utoipa::path(get, path = "/patients/{patientId}", tag = "patients",
    params(("patientId" = i64, Path, description = "The patient's id")),
    responses(
        (status = 200, body = Patient),
        (status = 400, description = "The id is not a number", body = ApiError),
        (status = 404, description = "No such patient", body = ApiError),
        (status = 401, body = ApiError),
    ))]
pub async fn get_patient(
    State(state): State<AppState>,
    PatientRead { record, .. }: PatientRead<PatientRecordRead>,
) -> Result<Json<Patient>, AppError> {
    Ok(Json(patient_answer(&state, &record).await?))
}

/// Answered (409) when a new patient looks like one already on file.
#[derive(Debug, Serialize, ToSchema)]
pub struct PossibleDuplicates {
    /// "possible_duplicate"
    pub code: String,
    pub message: String,
    /// The patients it may be.
    pub duplicates: Vec<PatientSearchResult>,
}

/// Creates a new account with this patient as its first patient and guarantor, or, with
/// `accountId`, adds the patient to that account (its holder becomes their guarantor).
#[utoipa::path(post, path = "/patients", tag = "patients", request_body = PatientInput,
    responses(
        (status = 201, description = "Created", body = Patient),
        (status = 400, description = "Fields at fault, each named", body = ApiError),
        (status = 409, description = "Possibly a patient already on file; send again with allowDuplicate to create anyway", body = PossibleDuplicates),
        (status = 401, body = ApiError),
    ))]
pub async fn create_patient(
    State(state): State<AppState>,
    current: CurrentSession,
    Json(input): Json<PatientInput>,
) -> Result<Response, AppError> {
    let checked = input.over(PatientDraft::default()).check(state.today());
    let identifier = government_identifier_change(input.government_identifier.as_deref());
    let care = CareAssignment {
        account_provider_id: input.account_provider_id.filter(|id| *id > 0),
        patient_provider_id: input.patient_provider_id.filter(|id| *id > 0),
        office_id: input.office_id.filter(|id| *id > 0),
        fee_schedule_id: input.fee_schedule_id.filter(|id| *id > 0),
    };
    let mut errors = checked.as_ref().err().cloned().unwrap_or_default();
    if let Err(problem) = &identifier {
        errors.insert("governmentIdentifier".into(), problem.clone());
    }
    // A new member of an account keeps the account's provider unless one is chosen.
    let account = match input.account_id {
        Some(id) => match state.store.accounts_by_ids(&[id]).await?.into_iter().next() {
            Some(account) => Some(account),
            None => {
                errors.insert("accountId".into(), format!("No account with ID {id}"));
                None
            }
        },
        None => None,
    };
    if care.account_provider_id.is_none() && input.account_id.is_none() {
        errors.insert("accountProviderId".into(), "Required field".into());
    }
    check_choices(&state, checked.as_ref().ok(), &care, &mut errors).await?;
    let (Ok(fields), true) = (checked, errors.is_empty()) else {
        return Err(AppError::invalid_fields(errors));
    };
    let identifier = match identifier {
        Ok(IdentifierChange::Set(value)) => value,
        _ => String::new(),
    };

    if !input.allow_duplicate.unwrap_or(false) {
        let today = state.today();
        let duplicates = state.store.possible_duplicates(&fields, 10, today).await?;
        if !duplicates.is_empty() {
            let body = PossibleDuplicates {
                code: "possible_duplicate".into(),
                message: "This patient may already be on file. Check the patients found, or create the patient anyway."
                    .into(),
                duplicates: duplicates.iter().map(|hit| PatientSearchResult::from_hit(hit, today)).collect(),
            };
            // The answer shows other patients: a read of each.
            let shown = body.duplicates.iter().map(|d| d.patient_id.0);
            state
                .audit(current.audit("patient.duplicates").patients_shown(shown).detail("possible duplicates shown"))
                .await?;
            return Ok((StatusCode::CONFLICT, Json(body)).into_response());
        }
    }

    let patient_id = match account {
        Some(account) => {
            let audit = current.audit("patient.create").entity("account", Some(account.id.to_string()));
            state
                .store
                .add_patient_to_account(account.id, &fields, care, &identifier, state.now(), audit)
                .await?
                .ok_or_else(|| AppError::invalid_field("accountId", format!("No account with ID {}", account.id)))?
        }
        None => {
            let audit = current.audit("patient.create").entity("account", None);
            state.store.create_account_with_patient(&fields, care, &identifier, state.now(), audit).await?
        }
    };
    let record = reread(&state, patient_id).await?;
    Ok((StatusCode::CREATED, Json(patient_answer(&state, &record).await?)).into_response())
}

/// Changes a patient's demographics (and, when sent, provider, office and fee schedule).
#[utoipa::path(patch, path = "/patients/{patientId}", tag = "patients", request_body = PatientInput,
    params(("patientId" = i64, Path, description = "The patient's id")),
    responses(
        (status = 200, description = "The patient as saved", body = Patient),
        (status = 400, description = "Fields at fault, each named; nothing was saved", body = ApiError),
        (status = 404, description = "No such patient", body = ApiError),
        (status = 409, description = "Made on an older version than the stored one; nothing was saved. `current` holds the record as it is now", body = ApiError),
        (status = 428, description = "No `version` (or If-Match) sent", body = ApiError),
        (status = 401, body = ApiError),
    ))]
pub async fn update_patient(
    State(state): State<AppState>,
    current: CurrentSession,
    PatientInPath { patient_id, record }: PatientInPath,
    headers: HeaderMap,
    Json(input): Json<PatientInput>,
) -> Result<Json<Patient>, AppError> {
    let version = expected_version(&headers, input.version)?;
    if input.account_id.is_some_and(|id| id != record.account.id) {
        return Err(AppError::invalid_field("accountId", "A patient's account cannot be changed"));
    }
    let checked = input.over(draft_of(&record.patient)).check(state.today());
    let identifier = government_identifier_change(input.government_identifier.as_deref());
    let care_sent = input.account_provider_id.is_some()
        || input.patient_provider_id.is_some()
        || input.office_id.is_some()
        || input.fee_schedule_id.is_some();
    let overlay = |sent: Option<i64>, stored: Option<i64>| match sent {
        Some(id) => Some(id).filter(|id| *id > 0),
        None => stored,
    };
    let care = CareAssignment {
        account_provider_id: overlay(input.account_provider_id, record.account.account_provider_id),
        patient_provider_id: overlay(input.patient_provider_id, record.patient.patient_provider_id),
        office_id: overlay(input.office_id, record.patient.office_id),
        fee_schedule_id: overlay(input.fee_schedule_id, record.patient.fee_schedule_id),
    };
    let mut errors = checked.as_ref().err().cloned().unwrap_or_default();
    if let Err(problem) = &identifier {
        errors.insert("governmentIdentifier".into(), problem.clone());
    }
    if care_sent && care.account_provider_id.is_none() {
        errors.insert("accountProviderId".into(), "Required field".into());
    }
    check_choices(&state, checked.as_ref().ok(), &care, &mut errors).await?;
    let (Ok(fields), Ok(identifier), true) = (checked, identifier, errors.is_empty()) else {
        return Err(AppError::invalid_fields(errors));
    };

    let audit = current.audit("patient.update").patient(patient_id.0);
    let outcome = state
        .store
        .update_patient(
            patient_id.0,
            version,
            &fields,
            identifier,
            care_sent.then_some(care),
            state.now(),
            audit.clone(),
        )
        .await?;
    let record = reread(&state, patient_id.0).await?;
    let answer = patient_answer(&state, &record).await?;
    match outcome {
        WriteOutcome::Saved => Ok(Json(answer)),
        WriteOutcome::Stale => Err(stale_change(&state, audit, answer).await),
        WriteOutcome::Missing => Err(AppError::not_found(format!("No patient with ID {}", patient_id.0))),
    }
}

/// Every chosen id must be one of its list's: a client cannot point a patient at an
/// office, provider or status that does not exist.
pub(crate) async fn check_choices(
    state: &AppState,
    fields: Option<&PatientFields>,
    care: &CareAssignment,
    errors: &mut FieldErrors,
) -> Result<(), AppError> {
    let mut choices = Choices::new(state, errors).await?;
    choices.user("accountProviderId", care.account_provider_id, true).await?;
    choices.user("patientProviderId", care.patient_provider_id, true).await?;
    choices.on("officeId", List::Office, care.office_id).on("feeScheduleId", List::FeeSchedule, care.fee_schedule_id);
    if let Some(fields) = fields {
        choices
            .on("maritalStatus", List::MaritalStatus, fields.marital_status)
            .on("employment", List::EmploymentStatus, fields.employment)
            .on("preferredLanguageId", List::Language, fields.preferred_language_id)
            .on("relationshipToPrimary", List::PatientRelationship, fields.relationship_to_primary)
            .on("relationshipToSecondary", List::PatientRelationship, fields.relationship_to_secondary);
    }
    Ok(())
}
