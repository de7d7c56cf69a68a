//! The clinical summary (spec part 2, 'Clinical'): the board's counts, the widget lists
//! the Edit Clinical Widgets dialog resets to, and each of the 28 chart sections' entries.
//! Every read names its patient in the audit log before the answer goes out.

pub mod charting;
pub mod model;

use std::collections::BTreeMap;

use axum::body::Body;
use axum::extract::State;
use axum::http::header;
use axum::response::Response;
use domain::clinical::{ClinicalResource, Section, Storage};
use domain::preferences::{DESKTOP_CLINICAL_SUMMARY, lookup};
use serde::Deserialize;
use store::entities::chart_entry;
use utoipa::IntoParams;

use self::model::*;
use crate::auth::CurrentSession;
use crate::error::{ApiError, AppError};
use crate::extract::{Json, Path};
use crate::kit::{AuditEntries, PatientInPath, PatientRead};
use crate::state::AppState;

crate::read_action!(CountsRead, "patient.clinical.counts.read");

/// The spec's message for a widget key that is not a chart section.
pub const NOT_A_CLINICAL_ROUTE: &str = "Not a valid clinical route";

/// The section and entry a path names, the patient being parsed by the kit.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
#[serde(rename_all = "camelCase")]
pub struct SectionPath {
    /// The patient's id.
    pub patient_id: String,
    /// A chart section's widget key.
    pub section: String,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
#[serde(rename_all = "camelCase")]
pub struct EntryPath {
    /// The patient's id.
    pub patient_id: String,
    /// A chart section's widget key.
    pub section: String,
    /// The entry's id within the section.
    pub entry_id: String,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
#[serde(rename_all = "camelCase")]
pub struct FilePath {
    /// The patient's id.
    pub patient_id: String,
    /// The attachment's entry id.
    pub entry_id: String,
}

fn section_of(key: &str) -> Result<Section, AppError> {
    Section::from_key(key).ok_or_else(|| AppError::not_found(NOT_A_CLINICAL_ROUTE))
}

fn entry_id_of(text: &str) -> Result<i64, AppError> {
    text.parse::<i64>()
        .ok()
        .filter(|id| *id > 0)
        .ok_or_else(|| AppError::invalid_field("entryId", "Must be a whole number"))
}

/// Each section's count, from one statement over indexes.
#[utoipa::path(get, path = "/patients/patient/{patientId}/clinicalCounts", tag = "clinical",
    params(("patientId" = i64, Path, description = "The patient's id")),
    responses(
        (status = 200, description = "Every chart section's count, by widget key", body = BTreeMap<String, ClinicalCount>),
        (status = 400, body = ApiError), (status = 404, body = ApiError), (status = 401, body = ApiError),
    ))]
pub async fn clinical_counts(
    State(state): State<AppState>,
    PatientRead { patient_id, record, .. }: PatientRead<CountsRead>,
) -> Result<Json<BTreeMap<String, ClinicalCount>>, AppError> {
    let counts = state.store.section_counts(patient_id.0, record.patient.account_id, state.today()).await?;
    let answer = Section::ALL
        .into_iter()
        .map(|section| {
            let key = section.key();
            let none_known = section.records_none_known().then(|| counts.none_known.iter().any(|k| k == key));
            (key.to_owned(), ClinicalCount { count: counts.of(key), privilege: true, none_known })
        })
        .collect();
    Ok(Json(answer))
}

fn widgets_of(key: &str) -> Result<Vec<ClinicalWidget>, AppError> {
    let def = lookup(key).ok_or_else(|| AppError::internal(format!("no preference {key}")))?;
    serde_json::from_value(def.default_value()).map_err(AppError::internal)
}

/// The default widget list and the practice's desktop list. The user's own list is the
/// clinicalSummary preference.
#[utoipa::path(get, path = "/preferences/preferences/clinicalOptions", tag = "clinical",
    responses((status = 200, body = ClinicalOptions), (status = 401, body = ApiError)))]
pub async fn clinical_options(
    State(state): State<AppState>,
    _current: CurrentSession,
) -> Result<Json<ClinicalOptions>, AppError> {
    let default = widgets_of("clinicalSummary")?;
    let saved = state.store.practice_preferences(&[DESKTOP_CLINICAL_SUMMARY]).await?;
    let def = lookup(DESKTOP_CLINICAL_SUMMARY).ok_or_else(|| AppError::internal("no desktop layout preference"))?;
    let desktop_value = saved
        .get(DESKTOP_CLINICAL_SUMMARY)
        .and_then(|value| def.check(value).ok())
        .unwrap_or_else(|| def.default_value());
    let desktop = serde_json::from_value(desktop_value).map_err(AppError::internal)?;
    Ok(Json(ClinicalOptions { default, desktop }))
}

/// A stored chart entry as the answer shows it; the resource's own section must be the
/// row's (a row that says otherwise is a fault, never shown as something else).
fn stored_entry(
    row: chart_entry::Model,
    section: Section,
    today: chrono::NaiveDate,
) -> Result<ClinicalEntry, AppError> {
    let mut resource: ClinicalResource = serde_json::from_str(&row.resource).map_err(AppError::internal)?;
    if resource.section() != section {
        return Err(AppError::internal(format!("chart entry {} is not of its section", row.id)));
    }
    if let ClinicalResource::PreventiveCare(item) = &mut resource {
        item.overdue = item.due_date < today;
    }
    Ok(ClinicalEntry {
        entry_id: row.id,
        recorded_at: row.recorded_at,
        version: row.version,
        recorded_by: row.recorded_by,
        resource,
    })
}

/// Every entry of a section, newest first, each with every field.
async fn section_entries(
    state: &AppState,
    patient_id: i64,
    account_id: i64,
    section: Section,
) -> Result<Vec<ClinicalEntry>, AppError> {
    let store = &state.store;
    let today = state.today();
    Ok(match section {
        Section::Allergies => {
            let mut rows = store.allergies(patient_id).await?;
            rows.sort_by(|a, b| {
                severity_rank(&a.severity).cmp(&severity_rank(&b.severity)).then(b.created_at.cmp(&a.created_at))
            });
            rows.into_iter().map(allergy_entry).collect()
        }
        Section::ProblemList => {
            let mut rows = store.problems(patient_id).await?;
            rows.sort_by(|a, b| b.onset.cmp(&a.onset).then(b.id.cmp(&a.id)));
            rows.into_iter().map(problem_entry).collect()
        }
        Section::PatientAlerts => {
            let mut rows = store.patient_alerts(patient_id).await?;
            rows.sort_by_key(|row| std::cmp::Reverse(row.created_at));
            rows.into_iter().map(patient_alert_entry).collect()
        }
        Section::AccountAlerts => {
            let mut rows = store.account_alerts(account_id, today).await?;
            rows.sort_by_key(|row| std::cmp::Reverse(row.created_at));
            rows.into_iter().map(account_alert_entry).collect()
        }
        Section::Vitals => store.vitals_of(patient_id).await?.into_iter().map(vitals_entry).collect(),
        Section::Orders => store.patient_orders(patient_id).await?.into_iter().map(order_entry).collect(),
        Section::TreatmentPlans => {
            store.treatment_plans(patient_id).await?.into_iter().rev().map(treatment_plan_entry).collect()
        }
        Section::Referrals => store.patient_referrals(patient_id).await?.into_iter().map(referral_entry).collect(),
        _ => {
            debug_assert_eq!(section.storage(), Storage::ChartEntries);
            let rows = store.chart_entries(patient_id, section.key()).await?;
            rows.into_iter().map(|row| stored_entry(row, section, today)).collect::<Result<_, _>>()?
        }
    })
}

/// A section's entries, newest first (allergies: severe first). Long notes show their
/// first lines and a perio exam its summary; the entry's own answer has everything.
#[utoipa::path(get, path = "/patients/patient/{patientId}/clinical/{section}", tag = "clinical",
    params(SectionPath),
    responses(
        (status = 200, body = ClinicalSection),
        (status = 404, description = "'Not a valid clinical route' for an unknown section, or no such patient", body = ApiError),
        (status = 400, body = ApiError), (status = 401, body = ApiError),
    ))]
pub async fn section_list(
    State(state): State<AppState>,
    current: CurrentSession,
    PatientInPath { patient_id, record }: PatientInPath,
    Path(path): Path<SectionPath>,
) -> Result<Json<ClinicalSection>, AppError> {
    let section = section_of(&path.section)?;
    state.audit(current.audit(section.read_action()).patient(patient_id.0)).await?;
    let entries: Vec<ClinicalEntry> = section_entries(&state, patient_id.0, record.patient.account_id, section)
        .await?
        .into_iter()
        .map(|entry| ClinicalEntry { resource: entry.resource.for_list(), ..entry })
        .collect();
    let review = if section.records_none_known() {
        state
            .store
            .chart_review(patient_id.0, section.key())
            .await?
            .map(|r| SectionReview { reviewed_on: r.reviewed_on, none_known: r.none_known })
    } else {
        None
    };
    Ok(Json(ClinicalSection { patient_id, section, count: entries.len() as i64, review, entries }))
}

/// One entry with every field.
#[utoipa::path(get, path = "/patients/patient/{patientId}/clinical/{section}/{entryId}", tag = "clinical",
    params(EntryPath),
    responses(
        (status = 200, body = ClinicalEntry),
        (status = 404, description = "An unknown section ('Not a valid clinical route'), patient or entry", body = ApiError),
        (status = 400, body = ApiError), (status = 401, body = ApiError),
    ))]
pub async fn section_entry(
    State(state): State<AppState>,
    current: CurrentSession,
    PatientInPath { patient_id, record }: PatientInPath,
    Path(path): Path<EntryPath>,
) -> Result<Json<ClinicalEntry>, AppError> {
    let section = section_of(&path.section)?;
    let entry_id = entry_id_of(&path.entry_id)?;
    state.audit(entry_audit(&current, section.read_action(), patient_id.0, section, entry_id)).await?;
    let entry = find_entry(&state, patient_id.0, record.patient.account_id, section, entry_id).await?;
    Ok(Json(entry))
}

/// An audit row naming one entry of a patient's section (`<section>/<entryId>`).
fn entry_audit(
    current: &CurrentSession,
    action: &'static str,
    patient_id: i64,
    section: Section,
    entry_id: i64,
) -> store::audit::AuditEntry {
    current.audit(action).patient(patient_id).entity("chart_entry", Some(format!("{}/{entry_id}", section.key())))
}

/// One entry of a patient's section with every field, or 404.
async fn find_entry(
    state: &AppState,
    patient_id: i64,
    account_id: i64,
    section: Section,
    entry_id: i64,
) -> Result<ClinicalEntry, AppError> {
    let not_found = || AppError::not_found(format!("No entry {entry_id} in this patient's {}", section.key()));
    match section.storage() {
        Storage::ChartEntries => {
            let row = state.store.chart_entry(patient_id, section.key(), entry_id).await?.ok_or_else(not_found)?;
            stored_entry(row, section, state.today())
        }
        // A patient's own-table sections are short lists; their list entries already
        // carry every field.
        Storage::OwnTable => section_entries(state, patient_id, account_id, section)
            .await?
            .into_iter()
            .find(|entry| entry.entry_id == entry_id)
            .ok_or_else(not_found),
    }
}

/// The file of an attachment, shown inline (images, PDF) with its title as the name.
#[utoipa::path(get, path = "/patients/patient/{patientId}/clinical/attachments/{entryId}/content", tag = "clinical",
    params(FilePath),
    responses(
        (status = 200, description = "The file, with its media type", content(
            (Vec<u8> = "image/png"), (Vec<u8> = "image/jpeg"), (Vec<u8> = "image/webp"),
            (Vec<u8> = "application/pdf"), (Vec<u8> = "application/octet-stream"),
        )),
        (status = 404, body = ApiError), (status = 400, body = ApiError), (status = 401, body = ApiError),
    ))]
pub async fn attachment_content(
    State(state): State<AppState>,
    current: CurrentSession,
    PatientInPath { patient_id, .. }: PatientInPath,
    Path(path): Path<FilePath>,
) -> Result<Response, AppError> {
    let entry_id = entry_id_of(&path.entry_id)?;
    let section = Section::Attachments;
    state
        .audit(entry_audit(&current, "patient.clinical.attachments.download", patient_id.0, section, entry_id))
        .await?;
    let not_found = || AppError::not_found(format!("No attachment {entry_id} in this patient's chart"));
    let row = state.store.chart_entry(patient_id.0, section.key(), entry_id).await?.ok_or_else(not_found)?;
    let ClinicalResource::Attachments(attachment) = stored_entry(row, section, state.today())?.resource else {
        return Err(not_found());
    };
    let file = state.store.chart_file(entry_id).await?.ok_or_else(not_found)?;
    Response::builder()
        .header(header::CONTENT_TYPE, safe_media_type(&file.content_type))
        .header(
            header::CONTENT_DISPOSITION,
            format!("inline; filename=\"{}\"", file_name(&attachment.title, &file.content_type)),
        )
        // A file is shown, never run: no scripts, no plugins, even if it claims to be a page.
        .header(
            header::CONTENT_SECURITY_POLICY,
            "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'",
        )
        .body(Body::from(file.content))
        .map_err(AppError::internal)
}

/// The media types an attachment is served as; anything else is a download of bytes.
fn safe_media_type(stored: &str) -> &'static str {
    match stored {
        "image/png" => "image/png",
        "image/jpeg" => "image/jpeg",
        "image/webp" => "image/webp",
        "application/pdf" => "application/pdf",
        _ => "application/octet-stream",
    }
}

/// A file name from the title: letters, digits, spaces, dots and dashes only.
fn file_name(title: &str, media_type: &str) -> String {
    let base: String = title
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() || matches!(c, ' ' | '-' | '.') { c } else { '_' })
        .take(80)
        .collect();
    let extension = match media_type {
        "image/png" => ".png",
        "image/jpeg" => ".jpg",
        "image/webp" => ".webp",
        "application/pdf" => ".pdf",
        _ => "",
    };
    format!("{}{extension}", base.trim())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_name_keeps_only_plain_characters() {
        assert_eq!(file_name("Photo of lesion, left cheek", "image/png"), "Photo of lesion_ left cheek.png");
        assert_eq!(file_name("a\"b\r\nc", "application/pdf"), "a_b__c.pdf");
    }

    #[test]
    fn unknown_media_types_are_served_as_bytes() {
        assert_eq!(safe_media_type("text/html"), "application/octet-stream");
        assert_eq!(safe_media_type("image/svg+xml"), "application/octet-stream");
        assert_eq!(safe_media_type("image/png"), "image/png");
    }
}
