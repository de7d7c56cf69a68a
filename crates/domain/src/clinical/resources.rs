//! One shape per chart section, named after the FHIR R4 / US Core resource it follows.
//! Dates are `yyyy-MM-dd`, instants ISO 8601 UTC, amounts integer cents. Codes keep
//! FHIR's values (`clinicalStatus` 'active', 'inactive', 'resolved'; `status`
//! 'completed', 'not-done'...). A field the chart does not know is '' or null, never
//! made up.

use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// An entry's section-specific fields, tagged by `section` so a client narrows on it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "section", rename_all = "camelCase")]
pub enum ClinicalResource {
    AccountAlerts(Flag),
    PatientAlerts(Flag),
    Allergies(AllergyIntolerance),
    Attachments(Attachment),
    CareTeam(CareTeamMember),
    ClinicalNotes(ClinicalNote),
    Education(Education),
    FamilyHistory(FamilyMemberHistory),
    Forms(FormResponse),
    GenderIdentityAndSexualOrientation(GenderIdentity),
    Goals(Goal),
    ImagingVisits(ImagingStudy),
    Immunizations(Immunization),
    Labs(LabResult),
    Medications(MedicationStatement),
    #[serde(rename = "opticalRX")]
    OpticalRx(VisionPrescription),
    Orders(ChartOrder),
    PatientImplantableDevices(ImplantableDevice),
    PatientNotes(PatientNote),
    PerioVisits(PerioExam),
    PreventiveCare(PreventiveCareItem),
    ProblemList(Condition),
    Procedures(Procedure),
    Referrals(Referral),
    SmokingStatus(SmokingStatus),
    SocialPsychologicalBehavioral(Screening),
    TreatmentPlans(ChartTreatmentPlan),
    Vitals(VitalSigns),
}

impl ClinicalResource {
    /// The section the resource belongs to (its `section` tag).
    pub fn section(&self) -> super::Section {
        use super::Section as S;
        match self {
            Self::AccountAlerts(_) => S::AccountAlerts,
            Self::PatientAlerts(_) => S::PatientAlerts,
            Self::Allergies(_) => S::Allergies,
            Self::Attachments(_) => S::Attachments,
            Self::CareTeam(_) => S::CareTeam,
            Self::ClinicalNotes(_) => S::ClinicalNotes,
            Self::Education(_) => S::Education,
            Self::FamilyHistory(_) => S::FamilyHistory,
            Self::Forms(_) => S::Forms,
            Self::GenderIdentityAndSexualOrientation(_) => S::GenderIdentityAndSexualOrientation,
            Self::Goals(_) => S::Goals,
            Self::ImagingVisits(_) => S::ImagingVisits,
            Self::Immunizations(_) => S::Immunizations,
            Self::Labs(_) => S::Labs,
            Self::Medications(_) => S::Medications,
            Self::OpticalRx(_) => S::OpticalRx,
            Self::Orders(_) => S::Orders,
            Self::PatientImplantableDevices(_) => S::PatientImplantableDevices,
            Self::PatientNotes(_) => S::PatientNotes,
            Self::PerioVisits(_) => S::PerioVisits,
            Self::PreventiveCare(_) => S::PreventiveCare,
            Self::ProblemList(_) => S::ProblemList,
            Self::Procedures(_) => S::Procedures,
            Self::Referrals(_) => S::Referrals,
            Self::SmokingStatus(_) => S::SmokingStatus,
            Self::SocialPsychologicalBehavioral(_) => S::SocialPsychologicalBehavioral,
            Self::TreatmentPlans(_) => S::TreatmentPlans,
            Self::Vitals(_) => S::Vitals,
        }
    }

    /// The status code a list filters by, kept in its own column; '' for sections without one.
    pub fn status(&self) -> &str {
        match self {
            Self::Medications(m) => &m.status,
            Self::Immunizations(i) => &i.status,
            Self::Goals(g) => &g.lifecycle_status,
            Self::CareTeam(c) => &c.status,
            Self::Procedures(p) => &p.status,
            Self::Forms(f) => &f.status,
            Self::Labs(l) => &l.status,
            Self::PatientImplantableDevices(d) => &d.status,
            Self::ClinicalNotes(n) if n.signed => "signed",
            Self::ClinicalNotes(_) => "unsigned",
            _ => "",
        }
    }

    /// The form a list shows: long texts cut to their first lines, a perio chart
    /// without its sites (the entry's detail has them).
    pub fn for_list(self) -> Self {
        match self {
            Self::ClinicalNotes(mut note) => {
                (note.text, note.text_truncated) = super::preview(&note.text);
                Self::ClinicalNotes(note)
            }
            Self::PatientNotes(mut note) => {
                (note.text, note.text_truncated) = super::preview(&note.text);
                Self::PatientNotes(note)
            }
            Self::PerioVisits(mut exam) => {
                exam.teeth.clear();
                Self::PerioVisits(exam)
            }
            other => other,
        }
    }
}

/// An account or patient alert (FHIR Flag).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Flag {
    pub description: String,
    /// When it was raised.
    pub created: DateTime<Utc>,
    /// The last day an account alert shows; null when it never expires (and for patient alerts).
    pub expiration: Option<NaiveDate>,
    /// A patient alert raised by preventive care (a recall due).
    pub is_preventive_care: bool,
}

/// FHIR AllergyIntolerance.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AllergyIntolerance {
    /// The substance: a drug, food or environmental agent.
    pub substance: String,
    /// 'medication', 'food', 'environment' or 'biologic'; '' when not recorded.
    pub category: String,
    /// The reaction's severity: 'severe', 'moderate' or 'mild'; '' when not recorded.
    pub severity: String,
    /// What happened (hives, anaphylaxis...).
    pub reaction: String,
    /// 'active', 'inactive' or 'resolved'.
    pub clinical_status: String,
    /// 'confirmed', 'unconfirmed', 'refuted' or 'entered-in-error'.
    pub verification_status: String,
    pub onset: Option<NaiveDate>,
    pub note: String,
    pub recorded: DateTime<Utc>,
}

/// FHIR DocumentReference for a file kept with the chart. The file itself is read from
/// `.../clinical/attachments/{entryId}/content`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Attachment {
    pub title: String,
    /// 'Photo', 'Referral letter', 'Lab report', 'Consent', 'Radiograph', 'Insurance card'...
    pub category: String,
    pub date: NaiveDate,
    /// The file's media type, e.g. image/png or application/pdf.
    pub content_type: String,
    /// Bytes.
    pub size: i64,
    pub description: String,
}

/// A member of the patient's care team (FHIR CareTeam.participant).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CareTeamMember {
    pub member: String,
    /// 'Primary care physician', 'Cardiologist', 'Hygienist', 'Caregiver'...
    pub role: String,
    pub organization: String,
    /// 3-3-4 digits with dashes, or ''.
    pub phone: String,
    pub since: Option<NaiveDate>,
    pub until: Option<NaiveDate>,
    /// 'active' or 'inactive'.
    pub status: String,
}

/// A clinical note (FHIR DocumentReference of a note). Notes are never edited; a
/// correction is a new note whose `amends` names the one it corrects.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClinicalNote {
    pub date: DateTime<Utc>,
    /// 'Progress note', 'Phone call', 'Procedure note', 'Consult'...
    pub note_type: String,
    pub author: String,
    /// The whole note in an entry's detail; its first lines in a list (`textTruncated`).
    pub text: String,
    #[serde(default)]
    pub text_truncated: bool,
    pub signed: bool,
    pub signed_at: Option<DateTime<Utc>>,
    pub signed_by: String,
    /// The entry id of the note this one amends.
    pub amends: Option<i64>,
}

/// Patient education given (FHIR Communication).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Education {
    pub material: String,
    pub topic: String,
    /// When given.
    pub sent: NaiveDate,
    pub given_by: String,
    /// A web address of the material, or ''.
    pub link: String,
    /// 'printed', 'link' or 'verbal'.
    pub medium: String,
}

/// FHIR FamilyMemberHistory, one condition of one relative.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FamilyMemberHistory {
    /// 'Mother', 'Father', 'Sister', 'Maternal grandmother'...
    pub relationship: String,
    pub condition: String,
    /// ICD-10-CM code of the condition, or ''.
    pub code: String,
    /// Age in years at onset, when known.
    pub onset_age: Option<i32>,
    pub deceased: bool,
    pub note: String,
}

/// A completed form or questionnaire (FHIR QuestionnaireResponse).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FormResponse {
    pub form_name: String,
    /// When completed (or last changed, when in progress).
    pub authored: DateTime<Utc>,
    /// 'completed', 'in-progress' or 'amended'.
    pub status: String,
    pub score: Option<i32>,
    pub max_score: Option<i32>,
    /// What the score means ('Moderate depression'), or ''.
    pub interpretation: String,
}

/// Gender identity and sexual orientation (US Core Patient extension and Observation).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GenderIdentity {
    pub gender_identity: String,
    pub sexual_orientation: String,
    pub pronouns: String,
    pub recorded: NaiveDate,
}

/// FHIR Goal.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Goal {
    pub description: String,
    /// 'proposed', 'planned', 'accepted', 'active', 'on-hold', 'completed' or 'cancelled'.
    pub lifecycle_status: String,
    /// 'in-progress', 'improving', 'worsening', 'no-change', 'achieved', 'not-achieved', or ''.
    pub achievement_status: String,
    pub start: Option<NaiveDate>,
    pub target_date: Option<NaiveDate>,
    pub note: String,
}

/// An imaging visit (FHIR ImagingStudy): radiographs, scans, photographs.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImagingStudy {
    pub started: NaiveDate,
    /// DICOM modality: 'IO' intra-oral, 'PX' panoramic, 'DX' radiograph, 'CT', 'MR', 'US', 'XC' photograph.
    pub modality: String,
    pub description: String,
    pub number_of_instances: i32,
    /// Universal tooth numbers imaged (dental), or none.
    pub teeth: Vec<String>,
    pub reason: String,
}

/// FHIR Immunization.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Immunization {
    pub vaccine: String,
    /// CDC CVX code, or '' when not known.
    pub cvx: String,
    pub occurrence: NaiveDate,
    /// 'completed' or 'not-done' (refused or not given).
    pub status: String,
    /// Why not given ('Patient refused', 'Medical precaution'), or ''.
    pub status_reason: String,
    pub dose_number: Option<i32>,
    pub lot_number: String,
    pub manufacturer: String,
    /// 'Left deltoid', 'Right thigh'...
    pub site: String,
    /// False when reported by the patient or another provider, not given here.
    pub primary_source: bool,
}

/// A laboratory result (FHIR Observation, category laboratory).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LabResult {
    /// The panel the test was ordered in ('Lipid panel'), or ''.
    pub panel: String,
    pub test: String,
    /// LOINC code, or ''.
    pub loinc: String,
    /// The value as reported ('7.2', 'Negative').
    pub value: String,
    pub unit: String,
    /// As reported ('4.0-5.6', '<200').
    pub reference_range: String,
    /// 'H' high, 'L' low, 'A' abnormal, 'N' normal, or '' when not interpreted.
    pub interpretation: String,
    pub effective: NaiveDate,
    /// 'final', 'preliminary' or 'corrected'.
    pub status: String,
}

/// A medication the patient takes or took (FHIR MedicationStatement).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MedicationStatement {
    /// The drug as written: name, strength and form.
    pub medication: String,
    /// Dose instructions ('1 tablet by mouth twice daily').
    pub dosage: String,
    pub reason: String,
    pub start: Option<NaiveDate>,
    pub end: Option<NaiveDate>,
    /// 'active', 'completed', 'stopped' or 'on-hold'.
    pub status: String,
    pub prescriber: String,
}

/// FHIR VisionPrescription: one lens per eye.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VisionPrescription {
    pub date_written: NaiveDate,
    pub prescriber: String,
    pub expires: Option<NaiveDate>,
    pub right: Lens,
    pub left: Lens,
}

/// A lens as written: powers in dioptres with their sign ('-2.25', '+1.50'), '' when none.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Lens {
    pub sphere: String,
    pub cylinder: String,
    /// Degrees, 1 to 180.
    pub axis: Option<i32>,
    pub add: String,
    /// Prism dioptres, or ''.
    pub prism: String,
    /// 'up', 'down', 'in', 'out', or ''.
    pub base: String,
}

/// An order of the patient, as the orders list shows it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChartOrder {
    pub ordered: NaiveDate,
    pub order_type: String,
    pub status: String,
    pub description: String,
    pub urgent: bool,
    pub due: Option<NaiveDate>,
    /// "Last, First", or ''.
    pub assigned_to: String,
    /// "Last, First", or ''.
    pub provider: String,
}

/// FHIR Device (US Core Implantable Device).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImplantableDevice {
    pub device_name: String,
    /// The UDI carrier as printed (human-readable form).
    pub udi: String,
    pub lot_number: String,
    pub serial_number: String,
    pub manufacturer: String,
    pub expiration_date: Option<NaiveDate>,
    pub implanted: Option<NaiveDate>,
    /// 'active' or 'inactive'.
    pub status: String,
}

/// A note about the patient for the office (not clinical).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PatientNote {
    pub date: DateTime<Utc>,
    pub title: String,
    pub author: String,
    /// The whole note in an entry's detail; its first lines in a list (`textTruncated`).
    pub text: String,
    #[serde(default)]
    pub text_truncated: bool,
}

/// A periodontal exam: six sites per tooth.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PerioExam {
    pub exam_date: NaiveDate,
    pub provider: String,
    pub note: String,
    /// Teeth charted.
    pub teeth_charted: i32,
    /// Sites probed 5 mm or deeper.
    pub deep_sites: i32,
    /// Sites that bled on probing.
    pub bleeding_sites: i32,
    /// Every site, in an entry's detail; empty in a list.
    #[serde(default)]
    pub teeth: Vec<PerioTooth>,
}

/// One tooth of a perio chart. Sites in the order distobuccal, buccal, mesiobuccal,
/// distolingual, lingual, mesiolingual.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PerioTooth {
    /// Universal tooth number, 1 to 32.
    pub tooth: i32,
    /// Millimetres, six sites.
    pub probing_depth: Vec<i32>,
    /// Millimetres of gingival recession, six sites.
    pub recession: Vec<i32>,
    /// Bleeding on probing, six sites.
    pub bleeding: Vec<bool>,
    /// Miller class 0 to 3, when charted.
    pub mobility: Option<i32>,
}

impl PerioExam {
    /// The summary figures of a chart, from its sites.
    pub fn summarised(exam_date: NaiveDate, provider: String, note: String, teeth: Vec<PerioTooth>) -> Self {
        let deep_sites = teeth.iter().flat_map(|t| &t.probing_depth).filter(|depth| **depth >= 5).count();
        let bleeding_sites = teeth.iter().flat_map(|t| &t.bleeding).filter(|bled| **bled).count();
        Self {
            exam_date,
            provider,
            note,
            teeth_charted: teeth.len() as i32,
            deep_sites: deep_sites as i32,
            bleeding_sites: bleeding_sites as i32,
            teeth,
        }
    }
}

/// A recall or screening due (preventive care).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PreventiveCareItem {
    pub item: String,
    pub due_date: NaiveDate,
    pub last_done: Option<NaiveDate>,
    pub interval_months: Option<i32>,
    /// Due before the practice's today (set when read, never stored).
    #[serde(default)]
    pub overdue: bool,
}

/// A problem (FHIR Condition, category problem-list-item).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Condition {
    /// ICD-10-CM code.
    pub code: String,
    pub description: String,
    pub umls_id: String,
    /// 'active', 'inactive' or 'resolved'.
    pub clinical_status: String,
    pub onset: Option<NaiveDate>,
    /// When resolved (FHIR abatement).
    pub resolved: Option<NaiveDate>,
    pub recorded: DateTime<Utc>,
}

/// FHIR Procedure: done here or elsewhere.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Procedure {
    pub performed: NaiveDate,
    pub code: String,
    pub description: String,
    /// Universal tooth number or quadrant, or ''.
    pub tooth: String,
    /// Surface letters (m, o, d, f, l, i, b), or ''.
    pub surfaces: String,
    pub provider: String,
    /// 'completed', 'in-progress', 'not-done' or 'entered-in-error'.
    pub status: String,
}

/// A referral of the patient to or from a referrer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Referral {
    pub referrer_id: i64,
    /// "First Last".
    pub referrer: String,
    pub company: String,
    pub specialty: String,
    pub date: NaiveDate,
    /// 'incoming' (referred to the practice) or 'outgoing'.
    pub direction: String,
    /// 'pending', 'scheduled', 'completed' or 'cancelled'.
    pub status: String,
    pub reason: String,
}

/// Smoking status (US Core Smoking Status Observation).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SmokingStatus {
    /// SNOMED CT code, one of [`SMOKING_STATUSES`].
    pub code: String,
    pub display: String,
    pub effective: NaiveDate,
}

/// The eight smoking status values of US Core (SNOMED CT code, display).
pub const SMOKING_STATUSES: [(&str, &str); 8] = [
    ("449868002", "Current every day smoker"),
    ("428041000124106", "Current some day smoker"),
    ("8517006", "Former smoker"),
    ("266919005", "Never smoker"),
    ("77176002", "Smoker, current status unknown"),
    ("266927001", "Unknown if ever smoked"),
    ("428071000124103", "Current heavy tobacco smoker"),
    ("428061000124105", "Current light tobacco smoker"),
];

/// A social, psychological or behavioural screening (US Core screening Observation).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Screening {
    /// 'PHQ-9', 'GAD-7', 'AUDIT-C', 'AHC HRSN'...
    pub instrument: String,
    pub effective: NaiveDate,
    pub score: Option<i32>,
    /// The domains screened positive ('Food insecurity', 'Housing instability'...).
    pub positive_domains: Vec<String>,
    pub interpretation: String,
}

/// A treatment plan with its phases; amounts in integer cents.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChartTreatmentPlan {
    pub heading: String,
    pub created: DateTime<Utc>,
    pub phases: Vec<ChartPlanPhase>,
    /// Cents.
    pub total: i64,
    /// Cents insurance is expected to pay.
    pub insurance_portion: i64,
    /// Cents the patient is expected to pay.
    pub patient_portion: i64,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChartPlanPhase {
    pub name: String,
    pub procedures: i32,
    /// Cents.
    pub total: i64,
}

/// One set of vital signs, in stored units.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VitalSigns {
    pub measured: DateTime<Utc>,
    pub systolic: Option<i64>,
    pub diastolic: Option<i64>,
    pub heart_rate: Option<i64>,
    /// Degrees Fahrenheit.
    pub temperature: Option<f64>,
    /// Percent.
    pub sp02: Option<f64>,
    pub respiratory_rate: Option<i64>,
    /// Millimetres.
    pub height: Option<i64>,
    /// Grams.
    pub weight: Option<i64>,
    /// kg/m², one decimal, when height and weight were both measured.
    pub bmi: Option<f64>,
}

/// Body-mass index from millimetres and grams, to one decimal.
pub fn bmi(height_mm: Option<i64>, weight_g: Option<i64>) -> Option<f64> {
    match (height_mm, weight_g) {
        (Some(h), Some(w)) if h > 0 && w > 0 => {
            let metres = h as f64 / 1000.0;
            let value = (w as f64 / 1000.0) / (metres * metres);
            Some((value * 10.0).round() / 10.0)
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bmi_is_kilograms_over_metres_squared_to_one_decimal() {
        assert_eq!(bmi(Some(1750), Some(70_000)), Some(22.9));
        assert_eq!(bmi(Some(1600), None), None);
        assert_eq!(bmi(Some(0), Some(70_000)), None);
    }

    #[test]
    fn a_perio_summary_counts_deep_and_bleeding_sites() {
        let tooth = |n, depths: [i32; 6], bleeding: [bool; 6]| PerioTooth {
            tooth: n,
            probing_depth: depths.to_vec(),
            recession: vec![0; 6],
            bleeding: bleeding.to_vec(),
            mobility: None,
        };
        let exam = PerioExam::summarised(
            NaiveDate::from_ymd_opt(2026, 3, 2).expect("date"),
            "Dr A".into(),
            String::new(),
            vec![
                tooth(2, [3, 5, 6, 2, 3, 4], [false, true, true, false, false, false]),
                tooth(3, [2, 2, 3, 2, 2, 5], [false; 6]),
            ],
        );
        assert_eq!((exam.teeth_charted, exam.deep_sites, exam.bleeding_sites), (2, 3, 2));
    }

    #[test]
    fn a_resource_carries_its_section_key() {
        let rx = ClinicalResource::SmokingStatus(SmokingStatus {
            code: SMOKING_STATUSES[3].0.into(),
            display: SMOKING_STATUSES[3].1.into(),
            effective: NaiveDate::from_ymd_opt(2026, 1, 5).expect("date"),
        });
        let json = serde_json::to_value(&rx).expect("json");
        assert_eq!(json["section"], "smokingStatus");
        assert_eq!(json["display"], "Never smoker");
        let lens = Lens {
            sphere: "-1.00".into(),
            cylinder: String::new(),
            axis: None,
            add: String::new(),
            prism: String::new(),
            base: String::new(),
        };
        let optical = ClinicalResource::OpticalRx(VisionPrescription {
            date_written: NaiveDate::from_ymd_opt(2026, 1, 5).expect("date"),
            prescriber: String::new(),
            expires: None,
            right: lens.clone(),
            left: lens,
        });
        assert_eq!(serde_json::to_value(&optical).expect("json")["section"], "opticalRX");
        assert_eq!(optical.section().key(), "opticalRX");
        let back: ClinicalResource =
            serde_json::from_value(serde_json::to_value(&optical).expect("json")).expect("back");
        assert_eq!(back, optical);
    }
}
