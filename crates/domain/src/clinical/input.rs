//! What a user may write into a chart section from the phone, and the checks each entry
//! passes before it is stored: every text bounded and free of hidden characters, every
//! date a real day that is neither in the future nor before the patient was born, codes
//! from their lists (ICD-10-CM, CVX, the US Core smoking statuses). A check answers the
//! stored resource or the fields at fault in the user's words.

use std::collections::BTreeMap;

use chrono::{DateTime, NaiveDate, Utc};
use serde::Deserialize;
use utoipa::ToSchema;

use super::Section;
use super::resources::*;
use crate::input::{Lines, check_text, null_as_empty, parse_date};

pub const REQUIRED: &str = "Required field";
pub const IN_THE_FUTURE: &str = "Cannot be in the future";
pub const BEFORE_BIRTH: &str = "Cannot be before the patient's date of birth";
pub const NOT_IN_LIST: &str = "Choose a value from the list";
pub const END_BEFORE_START: &str = "Cannot be before the start date";
pub const RESOLVED_BEFORE_ONSET: &str = "Cannot be before the onset date";
pub const UNKNOWN_CODE: &str = "Not an ICD-10-CM code; choose one from the search";
pub const REASON_REQUIRED: &str = "Required when the vaccine was not given";
pub const RESOLVED_REQUIRED: &str = "Required when the problem is resolved";

/// The longest text of each field, in characters: (schema, property, maximum, lines).
/// The OpenAPI document states the same numbers (`server::contract`).
pub const MAX_LENGTHS: &[(&str, &str, usize, Lines)] = &[
    ("AllergyInput", "substance", 200, Lines::One),
    ("AllergyInput", "reaction", 200, Lines::One),
    ("AllergyInput", "note", 2000, Lines::Many),
    ("MedicationInput", "medication", 200, Lines::One),
    ("MedicationInput", "dosage", 500, Lines::Many),
    ("MedicationInput", "reason", 200, Lines::One),
    ("MedicationInput", "prescriber", 120, Lines::One),
    ("ImmunizationInput", "statusReason", 200, Lines::One),
    ("ImmunizationInput", "lotNumber", 40, Lines::One),
    ("ImmunizationInput", "manufacturer", 120, Lines::One),
    ("ImmunizationInput", "site", 60, Lines::One),
    ("ClinicalNoteInput", "noteType", 60, Lines::One),
    ("ClinicalNoteInput", "text", 20_000, Lines::Many),
    ("PatientNoteInput", "title", 120, Lines::One),
    ("PatientNoteInput", "text", 20_000, Lines::Many),
    ("AttachmentUpload", "title", 120, Lines::One),
    ("AttachmentUpload", "category", 60, Lines::One),
    ("AttachmentUpload", "description", 500, Lines::Many),
];

/// The categories the attachment form offers (a practice may write its own).
pub const ATTACHMENT_CATEGORIES: &[&str] =
    &["Photo", "Referral letter", "Lab report", "Consent", "Radiograph", "Insurance card", "Other"];

/// The code values a field takes, as the OpenAPI document states them.
pub const ALLERGY_CATEGORIES: &[&str] = &["", "medication", "food", "environment", "biologic"];
pub const ALLERGY_SEVERITIES: &[&str] = &["", "mild", "moderate", "severe"];
pub const CLINICAL_STATUSES: &[&str] = &["active", "inactive", "resolved"];
pub const VERIFICATION_STATUSES: &[&str] = &["unconfirmed", "confirmed", "refuted", "entered-in-error"];
pub const MEDICATION_STATUSES: &[&str] = &["active", "completed", "stopped", "on-hold", "entered-in-error"];
pub const IMMUNIZATION_STATUSES: &[&str] = &["completed", "not-done", "entered-in-error"];
/// The highest dose number of a series a form may record.
pub const MAX_DOSE_NUMBER: i32 = 20;

fn max_length(schema: &str, property: &str) -> (usize, Lines) {
    MAX_LENGTHS
        .iter()
        .find(|(s, p, _, _)| *s == schema && *p == property)
        .map(|(_, _, max, lines)| (*max, *lines))
        .unwrap_or((0, Lines::One))
}

/// What a check needs to know beyond the input.
pub struct Context<'a> {
    pub now: DateTime<Utc>,
    /// Today on the practice's calendar.
    pub today: NaiveDate,
    pub birthdate: Option<NaiveDate>,
    /// The user writing, as a note signs it: "First Last, Title".
    pub author: &'a str,
    /// An ICD-10-CM code's description, when the code is in the set.
    pub diagnosis: &'a dyn Fn(&str) -> Option<(String, String)>,
    /// A CVX code's vaccine name, when the practice's list has it.
    pub vaccine: &'a dyn Fn(&str) -> Option<String>,
}

/// The fields at fault, field name to the user's words.
pub type FieldErrors = BTreeMap<String, String>;

/// Collects the problems of one input.
struct Checker<'a> {
    schema: &'static str,
    context: &'a Context<'a>,
    errors: FieldErrors,
}

impl<'a> Checker<'a> {
    fn new(schema: &'static str, context: &'a Context<'a>) -> Self {
        Self { schema, context, errors: FieldErrors::new() }
    }

    fn fail(&mut self, field: &str, problem: &str) {
        self.errors.entry(field.to_owned()).or_insert_with(|| problem.to_owned());
    }

    /// A text within its length and free of hidden characters, as sent (what the OpenAPI
    /// document's `maxLength` and `pattern` measure), kept without the spaces around it.
    fn text(&mut self, field: &str, value: &str, required: bool) -> String {
        let (max, lines) = max_length(self.schema, field);
        let trimmed = value.trim_matches(|c: char| c.is_ascii_whitespace());
        if required && trimmed.is_empty() {
            self.fail(field, REQUIRED);
        } else if value.chars().count() > max {
            self.fail(field, &format!("At most {max} characters"));
        } else if let Err(problem) = check_text(value, lines) {
            self.fail(field, problem);
        }
        trimmed.to_owned()
    }

    /// One of `choices`; '' (or nothing) is `default`.
    fn choice(&mut self, field: &str, value: &str, choices: &[&str], default: &str) -> String {
        let value = value.trim();
        let value = if value.is_empty() { default } else { value };
        if !choices.contains(&value) {
            self.fail(field, NOT_IN_LIST);
        }
        value.to_owned()
    }

    /// A day of the patient's life so far: not after today, not before birth.
    fn date(&mut self, field: &str, value: &str, required: bool) -> Option<NaiveDate> {
        let value = value.trim();
        if value.is_empty() {
            if required {
                self.fail(field, REQUIRED);
            }
            return None;
        }
        match parse_date(value) {
            Err(problem) => {
                self.fail(field, problem);
                None
            }
            Ok(day) if day > self.context.today => {
                self.fail(field, IN_THE_FUTURE);
                None
            }
            Ok(day) if self.context.birthdate.is_some_and(|born| day < born) => {
                self.fail(field, BEFORE_BIRTH);
                None
            }
            Ok(day) => Some(day),
        }
    }

    fn done<T>(self, value: T) -> Result<T, FieldErrors> {
        if self.errors.is_empty() { Ok(value) } else { Err(self.errors) }
    }
}

/// A new or changed entry, tagged by `section` like the resource it becomes.
#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(tag = "section", rename_all = "camelCase")]
pub enum ClinicalEntryInput {
    Allergies(AllergyInput),
    ProblemList(ConditionInput),
    Medications(MedicationInput),
    Immunizations(ImmunizationInput),
    ClinicalNotes(ClinicalNoteInput),
    PatientNotes(PatientNoteInput),
    SmokingStatus(SmokingStatusInput),
}

impl ClinicalEntryInput {
    pub fn section(&self) -> Section {
        match self {
            Self::Allergies(_) => Section::Allergies,
            Self::ProblemList(_) => Section::ProblemList,
            Self::Medications(_) => Section::Medications,
            Self::Immunizations(_) => Section::Immunizations,
            Self::ClinicalNotes(_) => Section::ClinicalNotes,
            Self::PatientNotes(_) => Section::PatientNotes,
            Self::SmokingStatus(_) => Section::SmokingStatus,
        }
    }

    /// The sections a user may add entries to and change from the phone.
    pub const WRITABLE: [Section; 7] = [
        Section::Allergies,
        Section::ProblemList,
        Section::Medications,
        Section::Immunizations,
        Section::ClinicalNotes,
        Section::PatientNotes,
        Section::SmokingStatus,
    ];

    /// The resource to store, or the fields at fault. `recorded` is when the entry was
    /// first recorded (now for a new one).
    pub fn check(&self, context: &Context<'_>, recorded: DateTime<Utc>) -> Result<ClinicalResource, FieldErrors> {
        match self {
            Self::Allergies(input) => input.check(context, recorded).map(ClinicalResource::Allergies),
            Self::ProblemList(input) => input.check(context, recorded).map(ClinicalResource::ProblemList),
            Self::Medications(input) => input.check(context).map(ClinicalResource::Medications),
            Self::Immunizations(input) => input.check(context).map(ClinicalResource::Immunizations),
            Self::ClinicalNotes(input) => input.check(context).map(ClinicalResource::ClinicalNotes),
            Self::PatientNotes(input) => input.check(context, recorded).map(ClinicalResource::PatientNotes),
            Self::SmokingStatus(input) => input.check(context).map(ClinicalResource::SmokingStatus),
        }
    }
}

/// An allergy or intolerance. Marking 'No Known Allergies' is the section's review.
#[derive(Clone, Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct AllergyInput {
    #[serde(deserialize_with = "null_as_empty")]
    #[schema(nullable)]
    pub substance: String,
    /// 'medication', 'food', 'environment', 'biologic' or ''.
    #[serde(deserialize_with = "null_as_empty")]
    #[schema(nullable)]
    pub category: String,
    /// 'mild', 'moderate', 'severe' or ''.
    #[serde(deserialize_with = "null_as_empty")]
    #[schema(nullable)]
    pub severity: String,
    #[serde(deserialize_with = "null_as_empty")]
    #[schema(nullable)]
    pub reaction: String,
    /// 'active' (the default), 'inactive' or 'resolved'.
    #[serde(deserialize_with = "null_as_empty")]
    #[schema(nullable)]
    pub clinical_status: String,
    /// 'confirmed' (the default), 'unconfirmed', 'refuted' or 'entered-in-error'.
    #[serde(deserialize_with = "null_as_empty")]
    #[schema(nullable)]
    pub verification_status: String,
    /// yyyy-MM-dd or ''.
    #[serde(deserialize_with = "null_as_empty")]
    #[schema(nullable)]
    pub onset: String,
    #[serde(deserialize_with = "null_as_empty")]
    #[schema(nullable)]
    pub note: String,
}

impl AllergyInput {
    fn check(&self, context: &Context<'_>, recorded: DateTime<Utc>) -> Result<AllergyIntolerance, FieldErrors> {
        let mut c = Checker::new("AllergyInput", context);
        let allergy = AllergyIntolerance {
            substance: c.text("substance", &self.substance, true),
            category: c.choice("category", &self.category, ALLERGY_CATEGORIES, ""),
            severity: c.choice("severity", &self.severity, ALLERGY_SEVERITIES, ""),
            reaction: c.text("reaction", &self.reaction, false),
            clinical_status: c.choice("clinicalStatus", &self.clinical_status, CLINICAL_STATUSES, "active"),
            verification_status: c.choice(
                "verificationStatus",
                &self.verification_status,
                VERIFICATION_STATUSES,
                "confirmed",
            ),
            onset: c.date("onset", &self.onset, false),
            note: c.text("note", &self.note, false),
            recorded,
        };
        c.done(allergy)
    }
}

/// A problem: an ICD-10-CM code from the set. The description is the code's own.
#[derive(Clone, Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ConditionInput {
    /// ICD-10-CM code, with or without its dot.
    #[serde(deserialize_with = "null_as_empty")]
    #[schema(nullable)]
    pub code: String,
    /// 'active' (the default), 'inactive' or 'resolved'.
    #[serde(deserialize_with = "null_as_empty")]
    #[schema(nullable)]
    pub clinical_status: String,
    /// yyyy-MM-dd or ''.
    #[serde(deserialize_with = "null_as_empty")]
    #[schema(nullable)]
    pub onset: String,
    /// yyyy-MM-dd; required when resolved, '' otherwise.
    #[serde(deserialize_with = "null_as_empty")]
    #[schema(nullable)]
    pub resolved: String,
}

impl ConditionInput {
    fn check(&self, context: &Context<'_>, recorded: DateTime<Utc>) -> Result<Condition, FieldErrors> {
        let mut c = Checker::new("ConditionInput", context);
        let code = self.code.trim();
        let found = if code.is_empty() {
            c.fail("code", REQUIRED);
            None
        } else {
            let found = (context.diagnosis)(code);
            if found.is_none() {
                c.fail("code", UNKNOWN_CODE);
            }
            found
        };
        let (code, description) = found.unwrap_or_default();
        let clinical_status = c.choice("clinicalStatus", &self.clinical_status, CLINICAL_STATUSES, "active");
        let onset = c.date("onset", &self.onset, false);
        let resolved = if clinical_status == "resolved" {
            if self.resolved.trim().is_empty() {
                c.fail("resolved", RESOLVED_REQUIRED);
            }
            c.date("resolved", &self.resolved, false)
        } else {
            if !self.resolved.trim().is_empty() {
                c.fail("resolved", "Only a resolved problem has a resolved date");
            }
            None
        };
        if let (Some(onset), Some(day)) = (onset, resolved)
            && day < onset
        {
            c.fail("resolved", RESOLVED_BEFORE_ONSET);
        }
        c.done(Condition {
            umls_id: crate::billing::concept_id(&code),
            code,
            description,
            clinical_status,
            onset,
            resolved,
            recorded,
        })
    }
}

/// A medication the patient takes or took.
#[derive(Clone, Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct MedicationInput {
    /// The drug as written: name, strength and form.
    #[serde(deserialize_with = "null_as_empty")]
    #[schema(nullable)]
    pub medication: String,
    #[serde(deserialize_with = "null_as_empty")]
    #[schema(nullable)]
    pub dosage: String,
    #[serde(deserialize_with = "null_as_empty")]
    #[schema(nullable)]
    pub reason: String,
    /// yyyy-MM-dd or ''.
    #[serde(deserialize_with = "null_as_empty")]
    #[schema(nullable)]
    pub start: String,
    /// yyyy-MM-dd or ''.
    #[serde(deserialize_with = "null_as_empty")]
    #[schema(nullable)]
    pub end: String,
    /// 'active' (the default), 'completed', 'stopped', 'on-hold' or 'entered-in-error'.
    #[serde(deserialize_with = "null_as_empty")]
    #[schema(nullable)]
    pub status: String,
    #[serde(deserialize_with = "null_as_empty")]
    #[schema(nullable)]
    pub prescriber: String,
}

impl MedicationInput {
    fn check(&self, context: &Context<'_>) -> Result<MedicationStatement, FieldErrors> {
        let mut c = Checker::new("MedicationInput", context);
        let start = c.date("start", &self.start, false);
        let end = c.date("end", &self.end, false);
        if let (Some(start), Some(end)) = (start, end)
            && end < start
        {
            c.fail("end", END_BEFORE_START);
        }
        let medication = MedicationStatement {
            medication: c.text("medication", &self.medication, true),
            dosage: c.text("dosage", &self.dosage, false),
            reason: c.text("reason", &self.reason, false),
            start,
            end,
            status: c.choice("status", &self.status, MEDICATION_STATUSES, "active"),
            prescriber: c.text("prescriber", &self.prescriber, false),
        };
        c.done(medication)
    }
}

/// A vaccine given here or elsewhere, or not given and why.
#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ImmunizationInput {
    /// A CVX code of the practice's vaccine list (`GET /api/vaccines`).
    #[serde(deserialize_with = "null_as_empty")]
    #[schema(nullable)]
    pub cvx: String,
    /// yyyy-MM-dd: not in the future, not before birth.
    #[serde(deserialize_with = "null_as_empty")]
    #[schema(nullable)]
    pub occurrence: String,
    /// 'completed' (the default), 'not-done' (refused or not given) or 'entered-in-error'.
    #[serde(deserialize_with = "null_as_empty")]
    #[schema(nullable)]
    pub status: String,
    /// Why not given; required when `status` is 'not-done'.
    #[serde(deserialize_with = "null_as_empty")]
    #[schema(nullable)]
    pub status_reason: String,
    /// 1 to 20, or null.
    pub dose_number: Option<i32>,
    #[serde(deserialize_with = "null_as_empty")]
    #[schema(nullable)]
    pub lot_number: String,
    #[serde(deserialize_with = "null_as_empty")]
    #[schema(nullable)]
    pub manufacturer: String,
    #[serde(deserialize_with = "null_as_empty")]
    #[schema(nullable)]
    pub site: String,
    /// False when reported by the patient or another provider.
    #[serde(deserialize_with = "null_as_empty")]
    #[schema(nullable)]
    pub primary_source: bool,
}

impl Default for ImmunizationInput {
    fn default() -> Self {
        Self {
            cvx: String::new(),
            occurrence: String::new(),
            status: String::new(),
            status_reason: String::new(),
            dose_number: None,
            lot_number: String::new(),
            manufacturer: String::new(),
            site: String::new(),
            primary_source: true,
        }
    }
}

impl ImmunizationInput {
    fn check(&self, context: &Context<'_>) -> Result<Immunization, FieldErrors> {
        let mut c = Checker::new("ImmunizationInput", context);
        let cvx = self.cvx.trim().to_owned();
        let vaccine = if cvx.is_empty() {
            c.fail("cvx", REQUIRED);
            String::new()
        } else {
            (context.vaccine)(&cvx).unwrap_or_else(|| {
                c.fail("cvx", NOT_IN_LIST);
                String::new()
            })
        };
        let status = c.choice("status", &self.status, IMMUNIZATION_STATUSES, "completed");
        let status_reason = c.text("statusReason", &self.status_reason, false);
        if status == "not-done" && status_reason.is_empty() {
            c.fail("statusReason", REASON_REQUIRED);
        }
        if let Some(dose) = self.dose_number
            && !(1..=MAX_DOSE_NUMBER).contains(&dose)
        {
            c.fail("doseNumber", &format!("From 1 to {MAX_DOSE_NUMBER}"));
        }
        let immunization = Immunization {
            vaccine,
            cvx,
            occurrence: c.date("occurrence", &self.occurrence, true).unwrap_or_default(),
            status,
            status_reason,
            dose_number: self.dose_number,
            lot_number: c.text("lotNumber", &self.lot_number, false),
            manufacturer: c.text("manufacturer", &self.manufacturer, false),
            site: c.text("site", &self.site, false),
            primary_source: self.primary_source,
        };
        c.done(immunization)
    }
}

/// A clinical note. Saved once and never changed: a correction is a new note that
/// `amends` the one it corrects. `sign` signs it as it is saved; an unsigned note can be
/// signed later by its author, and nothing else.
#[derive(Clone, Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ClinicalNoteInput {
    /// 'Progress note', 'Phone call', 'Procedure note'...
    #[serde(deserialize_with = "null_as_empty")]
    #[schema(nullable)]
    pub note_type: String,
    #[serde(deserialize_with = "null_as_empty")]
    #[schema(nullable)]
    pub text: String,
    #[serde(deserialize_with = "null_as_empty")]
    #[schema(nullable)]
    pub sign: bool,
    /// The note this one corrects (an entry of the same patient's clinical notes).
    pub amends: Option<i64>,
}

impl ClinicalNoteInput {
    fn check(&self, context: &Context<'_>) -> Result<ClinicalNote, FieldErrors> {
        let mut c = Checker::new("ClinicalNoteInput", context);
        let note = ClinicalNote {
            date: context.now,
            note_type: c.text("noteType", &self.note_type, true),
            author: context.author.to_owned(),
            text: c.text("text", &self.text, true),
            text_truncated: false,
            signed: self.sign,
            signed_at: self.sign.then_some(context.now),
            signed_by: if self.sign { context.author.to_owned() } else { String::new() },
            amends: self.amends,
        };
        c.done(note)
    }
}

/// A note about the patient for the office.
#[derive(Clone, Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct PatientNoteInput {
    #[serde(deserialize_with = "null_as_empty")]
    #[schema(nullable)]
    pub title: String,
    #[serde(deserialize_with = "null_as_empty")]
    #[schema(nullable)]
    pub text: String,
}

impl PatientNoteInput {
    fn check(&self, context: &Context<'_>, recorded: DateTime<Utc>) -> Result<PatientNote, FieldErrors> {
        let mut c = Checker::new("PatientNoteInput", context);
        let note = PatientNote {
            date: recorded,
            title: c.text("title", &self.title, true),
            author: context.author.to_owned(),
            text: c.text("text", &self.text, true),
            text_truncated: false,
        };
        c.done(note)
    }
}

/// The patient's smoking status on a day.
#[derive(Clone, Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct SmokingStatusInput {
    /// One of the eight SNOMED CT codes of US Core ([`SMOKING_STATUSES`]).
    #[serde(deserialize_with = "null_as_empty")]
    #[schema(nullable)]
    pub code: String,
    /// yyyy-MM-dd: not in the future, not before birth.
    #[serde(deserialize_with = "null_as_empty")]
    #[schema(nullable)]
    pub effective: String,
}

impl SmokingStatusInput {
    fn check(&self, context: &Context<'_>) -> Result<SmokingStatus, FieldErrors> {
        let mut c = Checker::new("SmokingStatusInput", context);
        let code = self.code.trim();
        let display = match SMOKING_STATUSES.iter().find(|(known, _)| *known == code) {
            Some((_, display)) => (*display).to_owned(),
            None if code.is_empty() => {
                c.fail("code", REQUIRED);
                String::new()
            }
            None => {
                c.fail("code", NOT_IN_LIST);
                String::new()
            }
        };
        let effective = c.date("effective", &self.effective, true).unwrap_or_default();
        c.done(SmokingStatus { code: code.to_owned(), display, effective })
    }
}

/// What the attachment form sends beside the file (as the upload's query).
#[derive(Clone, Debug, Default)]
pub struct AttachmentUpload {
    pub title: String,
    pub category: String,
    /// yyyy-MM-dd; today when left out.
    pub date: String,
    pub description: String,
}

impl AttachmentUpload {
    /// The attachment's resource for a file of `size` bytes of `content_type`.
    pub fn check(&self, context: &Context<'_>, content_type: &str, size: usize) -> Result<Attachment, FieldErrors> {
        let mut c = Checker::new("AttachmentUpload", context);
        let attachment = Attachment {
            title: c.text("title", &self.title, true),
            category: c.text("category", &self.category, false),
            date: c.date("date", &self.date, false).unwrap_or(context.today),
            content_type: content_type.to_owned(),
            size: i64::try_from(size).unwrap_or(i64::MAX),
            description: c.text("description", &self.description, false),
        };
        c.done(attachment)
    }
}

/// The day an entry is sorted and counted by, and the status a list filters by.
pub fn effective_day(resource: &ClinicalResource) -> Option<NaiveDate> {
    match resource {
        ClinicalResource::Medications(m) => m.start,
        ClinicalResource::Immunizations(i) => Some(i.occurrence),
        ClinicalResource::ClinicalNotes(n) => Some(n.date.date_naive()),
        ClinicalResource::PatientNotes(n) => Some(n.date.date_naive()),
        ClinicalResource::SmokingStatus(s) => Some(s.effective),
        ClinicalResource::Attachments(a) => Some(a.date),
        ClinicalResource::Allergies(a) => a.onset,
        ClinicalResource::ProblemList(p) => p.onset,
        _ => None,
    }
}

/// Whether an allergy is one to warn about (an alert): active, and neither refuted nor
/// entered in error. Stored statuses may be capitalised ('Active').
pub fn allergy_is_current(clinical_status: &str, verification_status: &str) -> bool {
    clinical_status.trim().eq_ignore_ascii_case(ALERTING_ALLERGY_STATUS)
        && !NOT_ALERTING_VERIFICATIONS.iter().any(|v| verification_status.trim().eq_ignore_ascii_case(v))
}

/// The clinical status of an allergy that alerts, and the verification statuses that
/// take the alert away (lower case): [`allergy_is_current`], and the patient search's
/// allergy marker, which asks the database the same.
pub const ALERTING_ALLERGY_STATUS: &str = "active";
pub const NOT_ALERTING_VERIFICATIONS: [&str; 2] = ["refuted", "entered-in-error"];

/// Whether an entry counts against 'none known': an allergy or problem still active, a
/// medication still taken.
pub fn is_current(resource: &ClinicalResource) -> bool {
    match resource {
        ClinicalResource::Allergies(a) => allergy_is_current(&a.clinical_status, &a.verification_status),
        ClinicalResource::ProblemList(p) => p.clinical_status == "active",
        ClinicalResource::Medications(m) => matches!(m.status.as_str(), "active" | "on-hold"),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).expect("date")
    }

    fn with_context<T>(run: impl FnOnce(&Context<'_>) -> T) -> T {
        let diagnosis = |code: &str| {
            (crate::diagnosis::code_key(code) == "E119")
                .then(|| ("E11.9".to_owned(), "Type 2 diabetes mellitus without complications".to_owned()))
        };
        let vaccine = |cvx: &str| (cvx == "140").then(|| "Influenza, injectable, quadrivalent".to_owned());
        let context = Context {
            now: DateTime::parse_from_rfc3339("2026-11-24T10:00:00Z").expect("now").with_timezone(&Utc),
            today: day(2026, 11, 24),
            birthdate: Some(day(1980, 5, 1)),
            author: "Ana Chen, DDS",
            diagnosis: &diagnosis,
            vaccine: &vaccine,
        };
        run(&context)
    }

    fn errors(input: ClinicalEntryInput) -> FieldErrors {
        with_context(|c| input.check(c, c.now).expect_err("refused"))
    }

    #[test]
    fn an_allergy_is_trimmed_and_takes_fhir_defaults() {
        let input = ClinicalEntryInput::Allergies(AllergyInput {
            substance: "  Latex ".into(),
            severity: "severe".into(),
            ..Default::default()
        });
        let ClinicalResource::Allergies(allergy) = with_context(|c| input.check(c, c.now)).expect("valid") else {
            panic!("an allergy");
        };
        assert_eq!(allergy.substance, "Latex");
        assert_eq!((allergy.clinical_status.as_str(), allergy.verification_status.as_str()), ("active", "confirmed"));
    }

    #[test]
    fn a_text_is_measured_and_checked_as_sent() {
        // What the OpenAPI document refuses is never taken: a next-line control character
        // (which `str::trim` would remove) and spaces past the field's length.
        let found = errors(ClinicalEntryInput::Allergies(AllergyInput {
            substance: "Latex\u{85}".into(),
            severity: "severe".into(),
            reaction: format!("{}  ", "x".repeat(200)),
            ..Default::default()
        }));
        assert_eq!(found["substance"], crate::input::HIDDEN_CHARACTERS);
        assert_eq!(found["reaction"], "At most 200 characters");
    }

    #[test]
    fn an_allergy_names_each_field_at_fault() {
        let found = errors(ClinicalEntryInput::Allergies(AllergyInput {
            substance: " ".into(),
            severity: "deadly".into(),
            onset: "2027-01-01".into(),
            reaction: "x".repeat(201),
            note: "hidden\u{202E}mark".into(),
            ..Default::default()
        }));
        assert_eq!(found["substance"], REQUIRED);
        assert_eq!(found["severity"], NOT_IN_LIST);
        assert_eq!(found["onset"], IN_THE_FUTURE);
        assert_eq!(found["reaction"], "At most 200 characters");
        assert_eq!(found["note"], crate::input::HIDDEN_CHARACTERS);
    }

    #[test]
    fn a_problem_takes_its_description_from_the_code_set() {
        let input = ClinicalEntryInput::ProblemList(ConditionInput { code: "e119".into(), ..Default::default() });
        let ClinicalResource::ProblemList(problem) = with_context(|c| input.check(c, c.now)).expect("valid") else {
            panic!("a problem");
        };
        assert_eq!((problem.code.as_str(), problem.clinical_status.as_str()), ("E11.9", "active"));
        assert!(problem.description.starts_with("Type 2 diabetes"));
        assert_eq!(errors(ClinicalEntryInput::ProblemList(ConditionInput::default()))["code"], REQUIRED);
        let unknown = ConditionInput { code: "Z99.999".into(), ..Default::default() };
        assert_eq!(errors(ClinicalEntryInput::ProblemList(unknown))["code"], UNKNOWN_CODE);
    }

    #[test]
    fn a_resolved_problem_needs_its_resolved_date_after_onset() {
        let resolved = |onset: &str, resolved: &str| {
            ClinicalEntryInput::ProblemList(ConditionInput {
                code: "E11.9".into(),
                clinical_status: "resolved".into(),
                onset: onset.into(),
                resolved: resolved.into(),
            })
        };
        assert_eq!(errors(resolved("2020-01-01", ""))["resolved"], RESOLVED_REQUIRED);
        assert_eq!(errors(resolved("2020-01-01", "2019-12-31"))["resolved"], RESOLVED_BEFORE_ONSET);
        assert_eq!(errors(resolved("1979-01-01", "2020-01-01"))["onset"], BEFORE_BIRTH);
        assert!(with_context(|c| resolved("2020-01-01", "2021-03-04").check(c, c.now)).is_ok());
        let active_with_date = ClinicalEntryInput::ProblemList(ConditionInput {
            code: "E11.9".into(),
            resolved: "2021-03-04".into(),
            ..Default::default()
        });
        assert!(errors(active_with_date).contains_key("resolved"));
    }

    #[test]
    fn a_medication_cannot_end_before_it_starts() {
        let found = errors(ClinicalEntryInput::Medications(MedicationInput {
            medication: "Metformin 500 mg tablet".into(),
            start: "2026-03-01".into(),
            end: "2026-02-01".into(),
            status: "stopped".into(),
            ..Default::default()
        }));
        assert_eq!(found.into_iter().collect::<Vec<_>>(), [("end".to_owned(), END_BEFORE_START.to_owned())]);
    }

    #[test]
    fn an_immunization_comes_from_the_list_and_a_refusal_needs_its_reason() {
        let shot = |cvx: &str, status: &str, reason: &str, occurrence: &str, dose: Option<i32>| {
            ClinicalEntryInput::Immunizations(ImmunizationInput {
                cvx: cvx.into(),
                status: status.into(),
                status_reason: reason.into(),
                occurrence: occurrence.into(),
                dose_number: dose,
                ..Default::default()
            })
        };
        let ClinicalResource::Immunizations(given) =
            with_context(|c| shot("140", "", "", "2026-10-01", Some(1)).check(c, c.now)).expect("valid")
        else {
            panic!("an immunization");
        };
        assert_eq!(
            (given.vaccine.as_str(), given.status.as_str()),
            ("Influenza, injectable, quadrivalent", "completed")
        );
        assert!(given.primary_source, "given here unless said otherwise");
        assert_eq!(errors(shot("999", "", "", "2026-10-01", None))["cvx"], NOT_IN_LIST);
        assert_eq!(errors(shot("140", "not-done", " ", "2026-10-01", None))["statusReason"], REASON_REQUIRED);
        assert_eq!(errors(shot("140", "", "", "1970-01-01", None))["occurrence"], BEFORE_BIRTH);
        assert_eq!(errors(shot("140", "", "", "2026-11-25", None))["occurrence"], IN_THE_FUTURE);
        assert_eq!(errors(shot("140", "", "", "", None))["occurrence"], REQUIRED);
        assert_eq!(errors(shot("140", "", "", "2026-10-01", Some(0)))["doseNumber"], "From 1 to 20");
    }

    #[test]
    fn a_note_is_signed_by_its_author_when_asked() {
        let note = ClinicalEntryInput::ClinicalNotes(ClinicalNoteInput {
            note_type: "Progress note".into(),
            text: "Seen today.\nBetter.".into(),
            sign: true,
            amends: Some(7),
        });
        let ClinicalResource::ClinicalNotes(saved) = with_context(|c| note.check(c, c.now)).expect("valid") else {
            panic!("a note");
        };
        assert!(saved.signed && saved.signed_at.is_some());
        assert_eq!(
            (saved.author.as_str(), saved.signed_by.as_str(), saved.amends),
            ("Ana Chen, DDS", "Ana Chen, DDS", Some(7))
        );
        let empty = errors(ClinicalEntryInput::ClinicalNotes(ClinicalNoteInput::default()));
        assert_eq!((empty["noteType"].as_str(), empty["text"].as_str()), (REQUIRED, REQUIRED));
    }

    #[test]
    fn a_smoking_status_is_one_of_the_eight() {
        let status = |code: &str| {
            ClinicalEntryInput::SmokingStatus(SmokingStatusInput { code: code.into(), effective: "2026-11-01".into() })
        };
        let ClinicalResource::SmokingStatus(saved) =
            with_context(|c| status("8517006").check(c, c.now)).expect("valid")
        else {
            panic!("a smoking status");
        };
        assert_eq!(saved.display, "Former smoker");
        assert_eq!(errors(status("123"))["code"], NOT_IN_LIST);
        assert_eq!(errors(status(""))["code"], REQUIRED);
    }

    #[test]
    fn current_entries_are_active_ones() {
        let allergy = |clinical: &str, verification: &str| {
            ClinicalResource::Allergies(AllergyIntolerance {
                substance: "Latex".into(),
                category: String::new(),
                severity: String::new(),
                reaction: String::new(),
                clinical_status: clinical.into(),
                verification_status: verification.into(),
                onset: None,
                note: String::new(),
                recorded: Utc::now(),
            })
        };
        assert!(is_current(&allergy("active", "confirmed")));
        assert!(!is_current(&allergy("active", "entered-in-error")));
        assert!(!is_current(&allergy("resolved", "confirmed")));
    }

    #[test]
    fn a_field_sent_as_null_is_left_empty() {
        let input: ClinicalEntryInput = serde_json::from_str(
            r#"{"section": "allergies", "substance": "Latex", "onset": null, "note": null, "severity": null}"#,
        )
        .expect("null fields read as empty");
        let ClinicalEntryInput::Allergies(allergy) = input else { panic!("not an allergy") };
        assert_eq!((allergy.substance.as_str(), allergy.onset.as_str(), allergy.note.as_str()), ("Latex", "", ""));
        let note: ClinicalEntryInput =
            serde_json::from_str(r#"{"section": "clinicalNotes", "text": "Seen", "sign": null}"#).expect("note");
        assert!(matches!(note, ClinicalEntryInput::ClinicalNotes(ClinicalNoteInput { sign: false, .. })));
    }

    #[test]
    fn an_allergy_alerts_while_active_and_not_ruled_out_whatever_the_case() {
        assert!(allergy_is_current("Active", ""));
        assert!(allergy_is_current(" active ", "Unconfirmed"));
        assert!(!allergy_is_current("Inactive", "confirmed"));
        assert!(!allergy_is_current("Resolved", ""));
        assert!(!allergy_is_current("active", "Refuted"));
        assert!(!allergy_is_current("Active", "entered-in-error"));
    }
}
