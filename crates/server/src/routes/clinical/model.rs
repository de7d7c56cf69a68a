//! The clinical summary's wire shapes, and the mapping of the sections kept in tables of
//! their own (alerts, allergies, problems, vitals, orders, treatment plans, referrals)
//! into the FHIR-shaped resources of `domain::clinical`.

use chrono::{DateTime, NaiveDate, Utc};
use domain::clinical::*;
use domain::ids::PatientId;
use serde::{Deserialize, Serialize};
use store::clinical::ReferralView;
use store::entities::{account_alert, allergy, patient_alert, problem, vitals};
use store::orders::OrderView;
use store::schedule::TreatmentPlan;
use utoipa::ToSchema;

/// One section's count on the board (spec: 'Clinical count: count, privilege').
#[derive(Debug, Serialize, ToSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct ClinicalCount {
    pub count: i64,
    /// Whether the user may open the section. Every user may today (the practice has no
    /// roles yet); the flag is where a role would say no.
    pub privilege: bool,
    /// Allergies, problem list and medications only: true when the list was reviewed
    /// with the patient and none found ('No Known Allergies'), false when never marked.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub none_known: Option<bool>,
}

/// A widget of the board, as the clinicalSummary preference holds it.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct ClinicalWidget {
    pub key: String,
    pub title: String,
    pub table_type: String,
    pub flag_treatment: bool,
    /// #RRGGBB, dark enough for white text.
    pub color: String,
    pub order_number: i64,
    /// 0 first column, 1 second.
    pub column_number: i64,
    pub show_in_view: bool,
}

/// The widget lists the Edit Clinical Widgets dialog resets to.
#[derive(Debug, Serialize, ToSchema)]
pub struct ClinicalOptions {
    /// The product's default layout ('Reset to Default').
    pub default: Vec<ClinicalWidget>,
    /// The practice's desktop layout ('Reset to My Desktop Settings').
    pub desktop: Vec<ClinicalWidget>,
}

/// One entry of a chart section.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClinicalEntry {
    /// The entry's id within its section (an allergy's, an order's... id).
    pub entry_id: i64,
    /// When it was recorded in the chart.
    pub recorded_at: DateTime<Utc>,
    /// The version a change must name (it moves on with every change); 1 for entries of
    /// sections not changed from the chart.
    pub version: i32,
    /// The user who wrote the entry from the chart (a note's author signs with it); null
    /// for entries kept in tables of their own (allergies, orders...) and for those
    /// recorded before the chart kept it.
    pub recorded_by: Option<i64>,
    pub resource: ClinicalResource,
}

/// When a section was reviewed with the patient.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SectionReview {
    pub reviewed_on: NaiveDate,
    /// Reviewed and none found.
    pub none_known: bool,
}

/// A section's entries, newest first (allergies: severe ones first).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClinicalSection {
    pub patient_id: PatientId,
    pub section: Section,
    /// Always the number of entries.
    pub count: i64,
    /// Allergies, problem list and medications: the last review, when one was recorded.
    pub review: Option<SectionReview>,
    pub entries: Vec<ClinicalEntry>,
}

fn lower(text: &str) -> String {
    text.trim().to_ascii_lowercase()
}

/// FHIR's allergy category for the chart's type ('Drug' is 'medication').
pub fn allergy_category(stored: &str) -> String {
    match lower(stored).as_str() {
        "drug" | "medication" => "medication".into(),
        "food" => "food".into(),
        "environmental" | "environment" => "environment".into(),
        "biologic" => "biologic".into(),
        _ => String::new(),
    }
}

/// Severe first, then moderate, mild and unrecorded.
pub fn severity_rank(severity: &str) -> u8 {
    match lower(severity).as_str() {
        "severe" => 0,
        "moderate" => 1,
        "mild" => 2,
        _ => 3,
    }
}

pub fn allergy_entry(row: allergy::Model) -> ClinicalEntry {
    ClinicalEntry {
        entry_id: row.id,
        version: row.version,
        recorded_by: None,
        recorded_at: row.created_at,
        resource: ClinicalResource::Allergies(AllergyIntolerance {
            substance: row.description,
            category: allergy_category(&row.allergy_type),
            severity: lower(&row.severity),
            reaction: row.reaction,
            clinical_status: lower(&row.status),
            verification_status: if row.verification_status.is_empty() {
                "unconfirmed".into()
            } else {
                row.verification_status
            },
            onset: row.onset,
            note: row.notes,
            recorded: row.created_at,
        }),
    }
}

pub fn problem_entry(row: problem::Model) -> ClinicalEntry {
    ClinicalEntry {
        entry_id: row.id,
        version: row.version,
        recorded_by: None,
        recorded_at: row.created_at,
        resource: ClinicalResource::ProblemList(Condition {
            code: row.problem_code,
            description: row.description,
            umls_id: row.umls_id,
            clinical_status: lower(&row.status),
            onset: row.onset,
            resolved: row.resolved,
            recorded: row.created_at,
        }),
    }
}

pub fn patient_alert_entry(row: patient_alert::Model) -> ClinicalEntry {
    ClinicalEntry {
        entry_id: row.id,
        version: 1,
        recorded_by: None,
        recorded_at: row.created_at,
        resource: ClinicalResource::PatientAlerts(Flag {
            description: row.description,
            created: row.created_at,
            expiration: None,
            is_preventive_care: row.is_preventive_care,
        }),
    }
}

pub fn account_alert_entry(row: account_alert::Model) -> ClinicalEntry {
    ClinicalEntry {
        entry_id: row.id,
        version: 1,
        recorded_by: None,
        recorded_at: row.created_at,
        resource: ClinicalResource::AccountAlerts(Flag {
            description: row.description,
            created: row.created_at,
            expiration: row.expiration,
            is_preventive_care: false,
        }),
    }
}

pub fn vitals_entry(row: vitals::Model) -> ClinicalEntry {
    let tenths = |value: Option<i64>| value.map(|t| t as f64 / 10.0);
    ClinicalEntry {
        entry_id: row.id,
        version: 1,
        recorded_by: None,
        recorded_at: row.created_at,
        resource: ClinicalResource::Vitals(VitalSigns {
            measured: row.measured_at,
            systolic: row.systolic,
            diastolic: row.diastolic,
            heart_rate: row.heart_rate,
            temperature: tenths(row.temperature_tenths),
            sp02: tenths(row.sp02_tenths),
            respiratory_rate: row.respiratory_rate,
            height: row.height_mm,
            weight: row.weight_g,
            bmi: bmi(row.height_mm, row.weight_g),
        }),
    }
}

fn last_first(last: &Option<String>, first: &Option<String>) -> String {
    domain::patient::joined_last_first(last.as_deref(), first.as_deref()).unwrap_or_default()
}

pub fn order_entry(view: OrderView) -> ClinicalEntry {
    let order = &view.order;
    ClinicalEntry {
        entry_id: order.id,
        version: order.version,
        recorded_by: None,
        recorded_at: order.created_at,
        resource: ClinicalResource::Orders(ChartOrder {
            ordered: order.ordered,
            order_type: view.type_name.clone().unwrap_or_default(),
            status: view.status_name.clone().unwrap_or_default(),
            description: order.short_description.clone(),
            urgent: order.urgent,
            due: order.due,
            assigned_to: last_first(&view.assignee_last_name, &view.assignee_first_name),
            provider: last_first(&view.provider_last_name, &view.provider_first_name),
        }),
    }
}

pub fn treatment_plan_entry((plan, phases): TreatmentPlan) -> ClinicalEntry {
    let charges = || phases.iter().flat_map(|(_, charges)| charges.iter());
    let total: i64 = charges().map(|c| c.fee_cents).sum();
    let insurance: i64 = charges().map(|c| c.insurance_cents).sum();
    ClinicalEntry {
        entry_id: plan.id,
        version: 1,
        recorded_by: None,
        recorded_at: plan.created_at,
        resource: ClinicalResource::TreatmentPlans(ChartTreatmentPlan {
            heading: plan.name,
            created: plan.created_at,
            phases: phases
                .iter()
                .map(|(phase, charges)| ChartPlanPhase {
                    name: phase.name.clone(),
                    procedures: charges.len() as i32,
                    total: charges.iter().map(|c| c.fee_cents).sum(),
                })
                .collect(),
            total,
            insurance_portion: insurance,
            patient_portion: total - insurance,
        }),
    }
}

pub fn referral_entry(view: ReferralView) -> ClinicalEntry {
    let referral = view.referral;
    let name = [view.first_name.unwrap_or_default(), view.last_name.unwrap_or_default()].join(" ");
    ClinicalEntry {
        entry_id: referral.id,
        version: 1,
        recorded_by: None,
        recorded_at: referral.created_at,
        resource: ClinicalResource::Referrals(Referral {
            referrer_id: referral.referrer_id,
            referrer: name.trim().to_owned(),
            company: view.company.unwrap_or_default(),
            specialty: view.specialty.unwrap_or_default(),
            date: referral.referral_date,
            direction: referral.direction,
            status: referral.status,
            reason: referral.reason,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_charts_allergy_types_become_fhir_categories() {
        assert_eq!(allergy_category("Drug"), "medication");
        assert_eq!(allergy_category("Environmental"), "environment");
        assert_eq!(allergy_category("Food"), "food");
        assert_eq!(allergy_category("Other"), "");
    }

    #[test]
    fn severe_allergies_rank_first() {
        let mut severities = vec!["Mild", "", "Severe", "Moderate"];
        severities.sort_by_key(|s| severity_rank(s));
        assert_eq!(severities, ["Severe", "Moderate", "Mild", ""]);
    }
}
