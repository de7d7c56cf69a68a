//! Charting from the phone: adding and changing entries of the writable sections, each
//! entry's history, 'reviewed, none found', signing a note, and the code lists the forms
//! offer (vaccines, smoking statuses, vital-sign LOINC codes). A note is never changed
//! once saved: a correction is a new note that amends it.

use axum::extract::{FromRequest, Request, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use chrono::{DateTime, NaiveDate, Utc};
use domain::clinical::codes::{self, VACCINES, VITAL_SIGN_CODES};
use domain::clinical::files;
use domain::clinical::input::{AttachmentUpload, ClinicalEntryInput, Context, is_current};
use domain::clinical::{ClinicalResource, SMOKING_STATUSES, Section, Storage};
use serde::{Deserialize, Serialize};
use store::charting::{EntryColumns, EntryWrite, PreviousVersion};
use store::versions::WriteOutcome;
use utoipa::{IntoParams, ToSchema};

use super::model::*;
use super::{EntryPath, SectionPath, entry_audit, entry_id_of, find_entry, section_entries, section_of};
use crate::auth::CurrentSession;
use crate::error::{ApiError, AppError};
use crate::extract::{Json, Path, Query};
use crate::kit::{AuditEntries, PatientInPath, expected_version, stale_change};
use crate::state::AppState;

/// A change of an entry: the version it was made on and the entry as it should be.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClinicalEntryChange {
    /// The entry's `version` this change was made on (or send it as `If-Match`).
    #[serde(default)]
    pub version: Option<i32>,
    pub entry: ClinicalEntryInput,
}

/// Signing a note: the version it was read at.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct NoteSigning {
    pub version: Option<i32>,
}

/// A section's review with the patient.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SectionReviewInput {
    /// True: reviewed and none found ('No Known Allergies'); false: reviewed, or the
    /// mark taken back.
    pub none_known: bool,
}

/// One kept version of an entry.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EntryVersion {
    pub version: i32,
    pub recorded_at: DateTime<Utc>,
    /// "First Last" of who saved it; '' when not recorded.
    pub recorded_by: String,
    pub resource: ClinicalResource,
}

/// An entry's history, newest first: the current version, then each it replaced.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EntryHistory {
    pub entry_id: i64,
    pub section: Section,
    pub versions: Vec<EntryVersion>,
}

/// A vaccine the immunization form offers.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Vaccine {
    /// CDC CVX code.
    pub cvx: String,
    pub name: String,
    /// False for a vaccine the practice added.
    pub built_in: bool,
}

/// A coded value and its display.
#[derive(Debug, Serialize, ToSchema)]
pub struct CodedValue {
    pub code: String,
    pub display: String,
}

/// A vital sign's LOINC code.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VitalSignCode {
    /// The field of the vitals answer.
    pub field: String,
    pub loinc: String,
    pub display: String,
    /// The UCUM unit of the value as the API carries it.
    pub unit: String,
}

/// The code lists of charting besides ICD-10-CM and the vaccines.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClinicalCodes {
    /// The eight US Core smoking statuses (SNOMED CT).
    pub smoking_statuses: Vec<CodedValue>,
    pub vital_signs: Vec<VitalSignCode>,
    /// The LOINC code of the blood pressure panel.
    pub blood_pressure_panel: String,
}

/// 405 for a section whose entries come from elsewhere (orders, vitals, imaging...).
fn writable(section: Section) -> Result<Section, AppError> {
    if ClinicalEntryInput::WRITABLE.contains(&section) { Ok(section) } else { Err(AppError::method_not_allowed()) }
}

/// The path's section must be the body's.
fn same_section(section: Section, input: &ClinicalEntryInput) -> Result<(), AppError> {
    if input.section() == section {
        Ok(())
    } else {
        Err(AppError::invalid_field("section", format!("Must be '{}', the section of the address", section.key())))
    }
}

fn capitalised(code: &str) -> String {
    let mut chars = code.chars();
    chars.next().map(|first| first.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

/// How an allergy's category is kept in the allergies table ('Drug' for medication).
fn stored_category(category: &str) -> String {
    match category {
        "medication" => "Drug".into(),
        "environment" => "Environmental".into(),
        other => capitalised(other),
    }
}

/// The row columns and revision of a checked resource.
fn write_of(patient_id: i64, resource: &ClinicalResource) -> Result<EntryWrite, AppError> {
    let section = resource.section();
    let columns = match resource {
        ClinicalResource::Allergies(a) => EntryColumns::Allergy {
            description: a.substance.clone(),
            allergy_type: stored_category(&a.category),
            severity: capitalised(&a.severity),
            reaction: a.reaction.clone(),
            status: capitalised(&a.clinical_status),
            notes: a.note.clone(),
            onset: a.onset,
            verification_status: a.verification_status.clone(),
        },
        ClinicalResource::ProblemList(p) => EntryColumns::Problem {
            problem_code: p.code.clone(),
            description: p.description.clone(),
            umls_id: p.umls_id.clone(),
            status: capitalised(&p.clinical_status),
            onset: p.onset,
            resolved: p.resolved,
        },
        other => EntryColumns::Chart {
            section: section.key(),
            effective: domain::clinical::input::effective_day(other),
            status: other.status().to_owned(),
        },
    };
    Ok(EntryWrite {
        patient_id,
        section: section.key(),
        resource: serde_json::to_string(resource).map_err(AppError::internal)?,
        columns,
        clears_none_known: is_current(resource),
        file: None,
    })
}

/// "First Last, Title" of the user, as a note is signed.
async fn author_of(state: &AppState, user_id: i64) -> Result<String, AppError> {
    let user = state.store.user_by_id(user_id).await?.ok_or_else(AppError::unauthorized)?;
    Ok(store::users::signature(&user))
}

/// Checks an input against the patient, the code sets and the practice's vaccines.
async fn checked(
    state: &AppState,
    current: &CurrentSession,
    birthdate: Option<NaiveDate>,
    input: &ClinicalEntryInput,
    recorded: DateTime<Utc>,
) -> Result<ClinicalResource, AppError> {
    let added = match input {
        ClinicalEntryInput::Immunizations(_) => state.store.added_vaccines().await?,
        _ => Vec::new(),
    };
    // Only notes name their author: the other sections need no read of the user.
    let author = match input {
        ClinicalEntryInput::ClinicalNotes(_) | ClinicalEntryInput::PatientNotes(_) => {
            author_of(state, current.user_id).await?
        }
        _ => String::new(),
    };
    let code_set = store::diagnosis::code_set();
    let diagnosis = |code: &str| code_set.find(code).map(|c| (c.code.clone(), c.description.clone()));
    let vaccine = |cvx: &str| {
        codes::built_in_vaccine(cvx)
            .map(str::to_owned)
            .or_else(|| added.iter().find(|v| v.cvx == cvx).map(|v| v.name.clone()))
    };
    let context = Context {
        now: state.now(),
        today: state.today(),
        birthdate,
        author: &author,
        diagnosis: &diagnosis,
        vaccine: &vaccine,
    };
    input.check(&context, recorded).map_err(AppError::invalid_fields)
}

/// What an attachment's upload says beside its file, in the address's query.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
#[serde(rename_all = "camelCase", default)]
pub struct UploadQuery {
    /// Attachments only: the title (required, at most 120 characters).
    pub title: Option<String>,
    /// Attachments only: 'Photo', 'Referral letter', 'Lab report'... (at most 60).
    pub category: Option<String>,
    /// Attachments only: the document's day, yyyy-MM-dd (today when left out).
    pub date: Option<String>,
    /// Attachments only: at most 500 characters.
    pub description: Option<String>,
}

/// Adds an entry to a section. For the problem list the code must be one of the
/// ICD-10-CM set; a note can amend an earlier note of the patient. An attachment is
/// its file as the body (JPEG, PNG, WebP or PDF, at most 10 MB) with its title in the
/// query; location and other metadata are removed from a photo before it is stored.
#[utoipa::path(post, path = "/patients/patient/{patientId}/clinical/{section}", tag = "clinical",
    params(SectionPath, UploadQuery),
    request_body(content(
        (ClinicalEntryInput = "application/json"),
        (Vec<u8> = "image/jpeg"), (Vec<u8> = "image/png"), (Vec<u8> = "image/webp"), (Vec<u8> = "application/pdf"),
    )),
    responses(
        (status = 201, description = "Added", body = ClinicalEntry),
        (status = 400, description = "The fields at fault", body = ApiError),
        (status = 405, description = "A section whose entries are not added from the chart", body = ApiError),
        (status = 413, description = "A file over 10 MB: nothing stored", body = ApiError),
        (status = 415, description = "A file that is not a photo or a PDF", body = ApiError),
        (status = 404, body = ApiError), (status = 401, body = ApiError),
    ))]
pub async fn add_entry(
    State(state): State<AppState>,
    current: CurrentSession,
    PatientInPath { patient_id, record }: PatientInPath,
    Path(path): Path<SectionPath>,
    Query(upload): Query<UploadQuery>,
    request: Request,
) -> Result<Response, AppError> {
    let section = section_of(&path.section)?;
    let now = state.now();
    let write = if section == Section::Attachments {
        attachment_write(&state, &current, patient_id.0, record.patient.birthdate, upload, request).await?
    } else {
        let section = writable(section)?;
        let Json(input) = Json::<ClinicalEntryInput>::from_request(request, &state).await?;
        same_section(section, &input)?;
        let resource = checked(&state, &current, record.patient.birthdate, &input, now).await?;
        if let ClinicalResource::ClinicalNotes(note) = &resource
            && let Some(amended) = note.amends
            && state.store.chart_entry(patient_id.0, section.key(), amended).await?.is_none()
        {
            return Err(AppError::invalid_field("amends", "Not a note of this patient"));
        }
        write_of(patient_id.0, &resource)?
    };
    let audit = current.audit(create_action(section)).patient(patient_id.0).entity("chart_entry", None);
    let id = state.store.add_chart_entry(&write, current.user_id, now, audit).await?;
    let entry = find_entry(&state, patient_id.0, record.patient.account_id, section, id).await?;
    Ok((StatusCode::CREATED, Json(entry)).into_response())
}

/// An uploaded file as an attachment entry: the size checked before and while it is read,
/// its kind checked against its bytes, its metadata removed.
async fn attachment_write(
    state: &AppState,
    current: &CurrentSession,
    patient_id: i64,
    birthdate: Option<NaiveDate>,
    upload: UploadQuery,
    request: Request,
) -> Result<EntryWrite, AppError> {
    let declared_length =
        request.headers().get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()).and_then(|v| v.parse::<u64>().ok());
    if declared_length.is_some_and(|length| length > files::MAX_FILE_BYTES as u64) {
        return Err(AppError::payload_too_large());
    }
    let content_type =
        request.headers().get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned();
    let media_type = files::media_type(&content_type);
    if !files::MEDIA_TYPES.contains(&media_type.as_str()) {
        return Err(AppError::unsupported_media_type("file", files::FileError::UnsupportedType.to_string()));
    }
    let bytes = axum::body::to_bytes(request.into_body(), files::MAX_FILE_BYTES)
        .await
        .map_err(|_| AppError::payload_too_large())?;
    let stored = files::prepare(&media_type, &bytes).map_err(|e| AppError::invalid_field("file", e.to_string()))?;
    let author = author_of(state, current.user_id).await?;
    let no_code = |_: &str| None::<(String, String)>;
    let no_vaccine = |_: &str| None::<String>;
    let context = Context {
        now: state.now(),
        today: state.today(),
        birthdate,
        author: &author,
        diagnosis: &no_code,
        vaccine: &no_vaccine,
    };
    let input = AttachmentUpload {
        title: upload.title.unwrap_or_default(),
        category: upload.category.unwrap_or_default(),
        date: upload.date.unwrap_or_default(),
        description: upload.description.unwrap_or_default(),
    };
    let attachment = input.check(&context, &media_type, stored.len()).map_err(AppError::invalid_fields)?;
    let resource = ClinicalResource::Attachments(attachment);
    let mut write = write_of(patient_id, &resource)?;
    write.file = Some((media_type, stored));
    Ok(write)
}

fn create_action(section: Section) -> &'static str {
    match section {
        Section::Allergies => "patient.clinical.allergies.create",
        Section::ProblemList => "patient.clinical.problemList.create",
        Section::Medications => "patient.clinical.medications.create",
        Section::Immunizations => "patient.clinical.immunizations.create",
        Section::ClinicalNotes => "patient.clinical.clinicalNotes.create",
        Section::PatientNotes => "patient.clinical.patientNotes.create",
        Section::SmokingStatus => "patient.clinical.smokingStatus.create",
        Section::Attachments => "patient.clinical.attachments.create",
        _ => "patient.clinical.create",
    }
}

fn update_action(section: Section) -> &'static str {
    match section {
        Section::Allergies => "patient.clinical.allergies.update",
        Section::ProblemList => "patient.clinical.problemList.update",
        Section::Medications => "patient.clinical.medications.update",
        Section::Immunizations => "patient.clinical.immunizations.update",
        Section::PatientNotes => "patient.clinical.patientNotes.update",
        Section::SmokingStatus => "patient.clinical.smokingStatus.update",
        _ => "patient.clinical.update",
    }
}

/// The message of a change to a saved note.
pub const NOTE_LOCKED: &str = "A saved note cannot be changed. Add an amendment instead.";

/// Changes an entry made on `version`; 409 with the entry as it is now when someone saved
/// it since. The replaced version stays in the entry's history. Notes are never changed.
#[utoipa::path(patch, path = "/patients/patient/{patientId}/clinical/{section}/{entryId}", tag = "clinical",
    params(EntryPath), request_body = ClinicalEntryChange,
    responses(
        (status = 200, description = "Changed", body = ClinicalEntry),
        (status = 400, description = "The fields at fault", body = ApiError),
        (status = 409, description = "'edit_conflict' (someone saved it since; `current` is the entry now) or 'note_locked'", body = ApiError),
        (status = 428, description = "No version named", body = ApiError),
        (status = 405, body = ApiError), (status = 404, body = ApiError), (status = 401, body = ApiError),
    ))]
pub async fn change_entry(
    State(state): State<AppState>,
    current: CurrentSession,
    PatientInPath { patient_id, record }: PatientInPath,
    Path(path): Path<EntryPath>,
    headers: HeaderMap,
    Json(change): Json<ClinicalEntryChange>,
) -> Result<Json<ClinicalEntry>, AppError> {
    let section = writable(section_of(&path.section)?)?;
    let entry_id = entry_id_of(&path.entry_id)?;
    let account_id = record.patient.account_id;
    // A `chart_entries` row also says who recorded it (allergies and problems do not).
    let (stored, recorded_by) = match section.storage() {
        Storage::ChartEntries => {
            let not_found = || AppError::not_found(format!("No entry {entry_id} in this patient's {}", section.key()));
            let row = state.store.chart_entry(patient_id.0, section.key(), entry_id).await?.ok_or_else(not_found)?;
            let recorded_by = row.recorded_by;
            (super::stored_entry(row, section, state.today())?, recorded_by)
        }
        Storage::OwnTable => (find_entry(&state, patient_id.0, account_id, section, entry_id).await?, None),
    };
    if section == Section::ClinicalNotes {
        let audit = current.audit("patient.clinical.clinicalNotes.update").patient(patient_id.0);
        state.audit(audit.failed().detail("refused: a saved note is never changed")).await?;
        return Err(AppError::refused("note_locked", NOTE_LOCKED));
    }
    same_section(section, &change.entry)?;
    let version = expected_version(&headers, change.version)?;
    let audit = entry_audit(&current, update_action(section), patient_id.0, section, entry_id);
    if version != stored.version {
        return Err(stale_change(&state, audit, stored).await);
    }
    let recorded = recorded_of(&stored.resource).unwrap_or(stored.recorded_at);
    let resource = checked(&state, &current, record.patient.birthdate, &change.entry, recorded).await?;
    let write = write_of(patient_id.0, &resource)?;
    let previous = PreviousVersion {
        version: stored.version,
        resource: serde_json::to_string(&stored.resource).map_err(AppError::internal)?,
        recorded_at: stored.recorded_at,
        recorded_by,
    };
    let outcome = state
        .store
        .change_chart_entry(entry_id, &write, &previous, current.user_id, state.now(), audit.clone())
        .await?;
    answer_change(&state, outcome, audit, (patient_id.0, account_id), section, entry_id).await
}

/// The entry as a change left it, or the refusal of a change someone else's save made stale.
async fn answer_change(
    state: &AppState,
    outcome: WriteOutcome,
    audit: store::audit::AuditEntry,
    (patient_id, account_id): (i64, i64),
    section: Section,
    entry_id: i64,
) -> Result<Json<ClinicalEntry>, AppError> {
    let answer = find_entry(state, patient_id, account_id, section, entry_id).await?;
    match outcome {
        WriteOutcome::Saved => Ok(Json(answer)),
        WriteOutcome::Stale => Err(stale_change(state, audit, answer).await),
        WriteOutcome::Missing => {
            Err(AppError::not_found(format!("No entry {entry_id} in this patient's {}", section.key())))
        }
    }
}

/// When an entry was first recorded, for resources that carry it.
fn recorded_of(resource: &ClinicalResource) -> Option<DateTime<Utc>> {
    match resource {
        ClinicalResource::Allergies(a) => Some(a.recorded),
        ClinicalResource::ProblemList(p) => Some(p.recorded),
        ClinicalResource::PatientNotes(n) => Some(n.date),
        _ => None,
    }
}

/// Signs an unsigned note as its author; a signed note stays as it is.
#[utoipa::path(post, path = "/patients/patient/{patientId}/clinical/{section}/{entryId}/sign", tag = "clinical",
    params(EntryPath), request_body = NoteSigning,
    responses(
        (status = 200, description = "Signed", body = ClinicalEntry),
        (status = 403, description = "Only the note's author signs it", body = ApiError),
        (status = 409, description = "Already signed, or changed since `version`", body = ApiError),
        (status = 405, description = "Not a note", body = ApiError),
        (status = 428, body = ApiError), (status = 404, body = ApiError), (status = 400, body = ApiError), (status = 401, body = ApiError),
    ))]
pub async fn sign_note(
    State(state): State<AppState>,
    current: CurrentSession,
    PatientInPath { patient_id, record }: PatientInPath,
    Path(path): Path<EntryPath>,
    headers: HeaderMap,
    Json(signing): Json<NoteSigning>,
) -> Result<Json<ClinicalEntry>, AppError> {
    let section = section_of(&path.section)?;
    if section != Section::ClinicalNotes {
        return Err(AppError::method_not_allowed());
    }
    let entry_id = entry_id_of(&path.entry_id)?;
    let version = expected_version(&headers, signing.version)?;
    let not_found = || AppError::not_found(format!("No entry {entry_id} in this patient's clinicalNotes"));
    let row = state.store.chart_entry(patient_id.0, section.key(), entry_id).await?.ok_or_else(not_found)?;
    let stored = super::stored_entry(row.clone(), section, state.today())?;
    let ClinicalResource::ClinicalNotes(mut note) = stored.resource.clone() else {
        return Err(not_found());
    };
    let audit = entry_audit(&current, "patient.clinical.clinicalNotes.sign", patient_id.0, section, entry_id);
    if note.signed {
        return Err(AppError::refused("note_signed", "This note is already signed."));
    }
    if row.recorded_by != Some(current.user_id) {
        state.audit(audit.failed().detail("refused: only the author signs a note")).await?;
        return Err(AppError::forbidden("not_the_author", "Only the author of a note can sign it."));
    }
    if version != row.version {
        return Err(stale_change(&state, audit, stored).await);
    }
    let now = state.now();
    note.signed = true;
    note.signed_at = Some(now);
    note.signed_by = note.author.clone();
    let resource = ClinicalResource::ClinicalNotes(note);
    let write = write_of(patient_id.0, &resource)?;
    let previous = PreviousVersion {
        version: row.version,
        resource: row.resource.clone(),
        recorded_at: row.recorded_at,
        recorded_by: row.recorded_by,
    };
    let outcome =
        state.store.change_chart_entry(entry_id, &write, &previous, current.user_id, now, audit.clone()).await?;
    answer_change(&state, outcome, audit, (patient_id.0, record.patient.account_id), section, entry_id).await
}

/// An entry's versions, newest first. An entry recorded before history was kept, and
/// never changed since, has its current version only.
#[utoipa::path(get, path = "/patients/patient/{patientId}/clinical/{section}/{entryId}/history", tag = "clinical",
    params(EntryPath),
    responses(
        (status = 200, body = EntryHistory),
        (status = 404, body = ApiError), (status = 400, body = ApiError), (status = 401, body = ApiError),
    ))]
pub async fn entry_history(
    State(state): State<AppState>,
    current: CurrentSession,
    PatientInPath { patient_id, record }: PatientInPath,
    Path(path): Path<EntryPath>,
) -> Result<Json<EntryHistory>, AppError> {
    let section = section_of(&path.section)?;
    let entry_id = entry_id_of(&path.entry_id)?;
    state
        .audit(
            current
                .audit(section.read_action())
                .patient(patient_id.0)
                .entity("chart_entry", Some(format!("{}/{entry_id}/history", section.key()))),
        )
        .await?;
    let stored = find_entry(&state, patient_id.0, record.patient.account_id, section, entry_id).await?;
    let revisions = state.store.chart_revisions(patient_id.0, section.key(), entry_id).await?;
    let mut versions = Vec::with_capacity(revisions.len().max(1));
    for view in revisions {
        let resource: ClinicalResource = serde_json::from_str(&view.revision.resource).map_err(AppError::internal)?;
        versions.push(EntryVersion {
            version: view.revision.version,
            recorded_at: view.revision.recorded_at,
            recorded_by: view.recorded_by_name,
            resource,
        });
    }
    if versions.is_empty() {
        versions.push(EntryVersion {
            version: stored.version,
            recorded_at: stored.recorded_at,
            recorded_by: String::new(),
            resource: stored.resource,
        });
    }
    Ok(Json(EntryHistory { entry_id, section, versions }))
}

/// Records the section's review with the patient: 'No Known Allergies', 'no known
/// problems', 'no current medications'. Refused while the list has current entries.
#[utoipa::path(put, path = "/patients/patient/{patientId}/clinical/{section}/review", tag = "clinical",
    params(SectionPath), request_body = SectionReviewInput,
    responses(
        (status = 200, body = SectionReview),
        (status = 400, description = "'noneKnown' while the list has active entries", body = ApiError),
        (status = 405, description = "A section without a review", body = ApiError),
        (status = 404, body = ApiError), (status = 401, body = ApiError),
    ))]
pub async fn review_section(
    State(state): State<AppState>,
    current: CurrentSession,
    PatientInPath { patient_id, record }: PatientInPath,
    Path(path): Path<SectionPath>,
    Json(input): Json<SectionReviewInput>,
) -> Result<Json<SectionReview>, AppError> {
    let section = section_of(&path.section)?;
    if !section.records_none_known() {
        return Err(AppError::method_not_allowed());
    }
    if input.none_known {
        let entries = section_entries(&state, patient_id.0, record.patient.account_id, section).await?;
        if entries.iter().any(|entry| is_current(&entry.resource)) {
            return Err(AppError::invalid_field(
                "noneKnown",
                "The list has active entries; mark them inactive or entered in error first",
            ));
        }
    }
    let today = state.today();
    let audit = current
        .audit("patient.clinical.review")
        .patient(patient_id.0)
        .entity("chart_review", Some(section.key().to_owned()))
        .detail(if input.none_known { "none known" } else { "reviewed" });
    let review = store::charting::SectionReview {
        patient_id: patient_id.0,
        section: section.key(),
        none_known: input.none_known,
        reviewed_on: today,
        reviewed_by: current.user_id,
    };
    state.store.review_chart_section(&review, state.now(), audit).await?;
    Ok(Json(SectionReview { reviewed_on: today, none_known: input.none_known }))
}

/// The vaccines the immunization form offers: the built-in CVX list and the practice's.
#[utoipa::path(get, path = "/vaccines", tag = "clinical",
    responses((status = 200, body = Vec<Vaccine>), (status = 401, body = ApiError)))]
pub async fn vaccines(State(state): State<AppState>, _current: CurrentSession) -> Result<Json<Vec<Vaccine>>, AppError> {
    let mut list: Vec<Vaccine> = VACCINES
        .iter()
        .map(|(cvx, name)| Vaccine { cvx: (*cvx).into(), name: (*name).into(), built_in: true })
        .collect();
    list.extend(state.store.added_vaccines().await?.into_iter().map(|v| Vaccine {
        cvx: v.cvx,
        name: v.name,
        built_in: false,
    }));
    list.sort_by_key(|v| v.name.to_lowercase());
    Ok(Json(list))
}

/// The smoking statuses and the vital signs' LOINC codes.
#[utoipa::path(get, path = "/clinical/codes", tag = "clinical",
    responses((status = 200, body = ClinicalCodes), (status = 401, body = ApiError)))]
pub async fn clinical_codes(_current: CurrentSession) -> Json<ClinicalCodes> {
    Json(ClinicalCodes {
        smoking_statuses: SMOKING_STATUSES
            .iter()
            .map(|(code, display)| CodedValue { code: (*code).into(), display: (*display).into() })
            .collect(),
        vital_signs: VITAL_SIGN_CODES
            .iter()
            .map(|(field, loinc, display, unit)| VitalSignCode {
                field: (*field).into(),
                loinc: (*loinc).into(),
                display: (*display).into(),
                unit: (*unit).into(),
            })
            .collect(),
        blood_pressure_panel: codes::BLOOD_PRESSURE_PANEL.into(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_allergy_is_kept_in_the_allergies_table_words() {
        assert_eq!(stored_category("medication"), "Drug");
        assert_eq!(stored_category("environment"), "Environmental");
        assert_eq!(stored_category("food"), "Food");
        assert_eq!(stored_category(""), "");
        assert_eq!(capitalised("severe"), "Severe");
        // Read back the way the clinical summary maps the table.
        assert_eq!(allergy_category(&stored_category("medication")), "medication");
        assert_eq!(allergy_category(&stored_category("environment")), "environment");
    }

    #[test]
    fn only_the_charted_sections_take_writes() {
        assert!(writable(Section::Allergies).is_ok());
        assert_eq!(writable(Section::Labs).map_err(|e| e.status().as_u16()).err(), Some(405));
        assert!(matches!(Section::Medications.storage(), Storage::ChartEntries));
    }
}
