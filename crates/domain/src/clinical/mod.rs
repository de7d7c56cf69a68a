//! The clinical summary: the 28 chart sections the spec names (part 2, 'Clinical'), where
//! each is kept, what its read is called in the audit log, and the rules a list follows
//! (newest first, long texts cut to their first lines, a perio chart summarised).
//!
//! Each section's entry is shaped like the FHIR R4 / US Core resource that fits it (the
//! same field names and status codes where FHIR has them), so a FHIR API is a mapping
//! and not a rewrite. The shapes are in [`resources`].

pub mod codes;
pub mod files;
pub mod input;
pub mod resources;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

pub use resources::*;

/// A chart section: its key is the widget key of the clinicalSummary preference and the
/// last part of `/patients/{id}/clinical/{section}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum Section {
    AccountAlerts,
    Allergies,
    Attachments,
    CareTeam,
    ClinicalNotes,
    Education,
    FamilyHistory,
    Forms,
    GenderIdentityAndSexualOrientation,
    Goals,
    ImagingVisits,
    Immunizations,
    Labs,
    Medications,
    #[serde(rename = "opticalRX")]
    OpticalRx,
    Orders,
    PatientAlerts,
    PatientImplantableDevices,
    PatientNotes,
    PerioVisits,
    PreventiveCare,
    ProblemList,
    Procedures,
    Referrals,
    SmokingStatus,
    SocialPsychologicalBehavioral,
    TreatmentPlans,
    Vitals,
}

/// Where a section's entries live.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Storage {
    /// A table of its own, shared with other screens (alerts, allergies, problems,
    /// vitals, orders, treatment plans, referrals).
    OwnTable,
    /// The `chart_entries` table: one row per entry, the resource as JSON beside the
    /// columns a list sorts and counts by.
    ChartEntries,
}

impl Section {
    pub const ALL: [Section; 28] = [
        Section::AccountAlerts,
        Section::Allergies,
        Section::Attachments,
        Section::CareTeam,
        Section::ClinicalNotes,
        Section::Education,
        Section::FamilyHistory,
        Section::Forms,
        Section::GenderIdentityAndSexualOrientation,
        Section::Goals,
        Section::ImagingVisits,
        Section::Immunizations,
        Section::Labs,
        Section::Medications,
        Section::OpticalRx,
        Section::Orders,
        Section::PatientAlerts,
        Section::PatientImplantableDevices,
        Section::PatientNotes,
        Section::PerioVisits,
        Section::PreventiveCare,
        Section::ProblemList,
        Section::Procedures,
        Section::Referrals,
        Section::SmokingStatus,
        Section::SocialPsychologicalBehavioral,
        Section::TreatmentPlans,
        Section::Vitals,
    ];

    /// The widget key, as in the spec.
    pub fn key(self) -> &'static str {
        match self {
            Section::AccountAlerts => "accountAlerts",
            Section::Allergies => "allergies",
            Section::Attachments => "attachments",
            Section::CareTeam => "careTeam",
            Section::ClinicalNotes => "clinicalNotes",
            Section::Education => "education",
            Section::FamilyHistory => "familyHistory",
            Section::Forms => "forms",
            Section::GenderIdentityAndSexualOrientation => "genderIdentityAndSexualOrientation",
            Section::Goals => "goals",
            Section::ImagingVisits => "imagingVisits",
            Section::Immunizations => "immunizations",
            Section::Labs => "labs",
            Section::Medications => "medications",
            Section::OpticalRx => "opticalRX",
            Section::Orders => "orders",
            Section::PatientAlerts => "patientAlerts",
            Section::PatientImplantableDevices => "patientImplantableDevices",
            Section::PatientNotes => "patientNotes",
            Section::PerioVisits => "perioVisits",
            Section::PreventiveCare => "preventiveCare",
            Section::ProblemList => "problemList",
            Section::Procedures => "procedures",
            Section::Referrals => "referrals",
            Section::SmokingStatus => "smokingStatus",
            Section::SocialPsychologicalBehavioral => "socialPsychologicalBehavioral",
            Section::TreatmentPlans => "treatmentPlans",
            Section::Vitals => "vitals",
        }
    }

    /// The section a widget key names; `None` for anything else (the route answers 404
    /// 'Not a valid clinical route').
    pub fn from_key(key: &str) -> Option<Section> {
        Section::ALL.into_iter().find(|section| section.key() == key)
    }

    /// What a read of the section is called in the audit log.
    pub fn read_action(self) -> &'static str {
        match self {
            Section::AccountAlerts => "patient.clinical.accountAlerts.read",
            Section::Allergies => "patient.clinical.allergies.read",
            Section::Attachments => "patient.clinical.attachments.read",
            Section::CareTeam => "patient.clinical.careTeam.read",
            Section::ClinicalNotes => "patient.clinical.clinicalNotes.read",
            Section::Education => "patient.clinical.education.read",
            Section::FamilyHistory => "patient.clinical.familyHistory.read",
            Section::Forms => "patient.clinical.forms.read",
            Section::GenderIdentityAndSexualOrientation => "patient.clinical.genderIdentityAndSexualOrientation.read",
            Section::Goals => "patient.clinical.goals.read",
            Section::ImagingVisits => "patient.clinical.imagingVisits.read",
            Section::Immunizations => "patient.clinical.immunizations.read",
            Section::Labs => "patient.clinical.labs.read",
            Section::Medications => "patient.clinical.medications.read",
            Section::OpticalRx => "patient.clinical.opticalRX.read",
            Section::Orders => "patient.clinical.orders.read",
            Section::PatientAlerts => "patient.clinical.patientAlerts.read",
            Section::PatientImplantableDevices => "patient.clinical.patientImplantableDevices.read",
            Section::PatientNotes => "patient.clinical.patientNotes.read",
            Section::PerioVisits => "patient.clinical.perioVisits.read",
            Section::PreventiveCare => "patient.clinical.preventiveCare.read",
            Section::ProblemList => "patient.clinical.problemList.read",
            Section::Procedures => "patient.clinical.procedures.read",
            Section::Referrals => "patient.clinical.referrals.read",
            Section::SmokingStatus => "patient.clinical.smokingStatus.read",
            Section::SocialPsychologicalBehavioral => "patient.clinical.socialPsychologicalBehavioral.read",
            Section::TreatmentPlans => "patient.clinical.treatmentPlans.read",
            Section::Vitals => "patient.clinical.vitals.read",
        }
    }

    pub fn storage(self) -> Storage {
        match self {
            Section::AccountAlerts
            | Section::PatientAlerts
            | Section::Allergies
            | Section::ProblemList
            | Section::Vitals
            | Section::Orders
            | Section::TreatmentPlans
            | Section::Referrals => Storage::OwnTable,
            _ => Storage::ChartEntries,
        }
    }

    /// Sections where 'reviewed, none found' is recorded apart from an empty list
    /// ('No Known Allergies' is not 'never asked').
    pub fn records_none_known(self) -> bool {
        matches!(self, Section::Allergies | Section::ProblemList | Section::Medications)
    }
}

/// How many characters of a note a list shows: enough for its first lines on a phone.
pub const PREVIEW_CHARS: usize = 240;

/// The first lines of a long text, cut at a word boundary, and whether it was cut.
pub fn preview(text: &str) -> (String, bool) {
    if text.chars().count() <= PREVIEW_CHARS {
        return (text.to_owned(), false);
    }
    let cut: String = text.chars().take(PREVIEW_CHARS).collect();
    let at_word = match cut.rfind(char::is_whitespace) {
        Some(i) if i > PREVIEW_CHARS / 2 => cut[..i].trim_end().to_owned(),
        _ => cut,
    };
    (format!("{at_word}…"), true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::preferences::CLINICAL_WIDGETS;

    #[test]
    fn every_section_is_a_widget_and_every_widget_a_section() {
        assert_eq!(Section::ALL.len(), CLINICAL_WIDGETS.len());
        for (key, _) in CLINICAL_WIDGETS {
            let section = Section::from_key(key).unwrap_or_else(|| panic!("{key} has no section"));
            assert_eq!(section.key(), *key);
        }
    }

    #[test]
    fn the_wire_name_is_the_key_and_the_audit_action_names_it() {
        for section in Section::ALL {
            assert_eq!(serde_json::to_value(section).expect("json"), serde_json::json!(section.key()));
            assert_eq!(section.read_action(), format!("patient.clinical.{}.read", section.key()));
        }
    }

    #[test]
    fn unknown_keys_are_no_section() {
        assert_eq!(Section::from_key("hieDownloads"), None);
        assert_eq!(Section::from_key("Allergies"), None);
        assert_eq!(Section::from_key(""), None);
        assert_eq!(Section::from_key("opticalRX"), Some(Section::OpticalRx));
    }

    #[test]
    fn only_allergies_problems_and_medications_record_none_known() {
        let recorded: Vec<_> = Section::ALL.into_iter().filter(|s| s.records_none_known()).collect();
        assert_eq!(recorded, [Section::Allergies, Section::Medications, Section::ProblemList]);
    }

    #[test]
    fn a_preview_keeps_short_texts_and_cuts_long_ones_at_a_word() {
        assert_eq!(preview("Seen today."), ("Seen today.".to_owned(), false));
        let long = "word ".repeat(100);
        let (cut, truncated) = preview(&long);
        assert!(truncated);
        assert!(cut.ends_with("word…"), "{cut}");
        assert!(cut.chars().count() <= PREVIEW_CHARS + 1);
        let (no_space, _) = preview(&"x".repeat(500));
        assert_eq!(no_space.chars().count(), PREVIEW_CHARS + 1);
    }
}
