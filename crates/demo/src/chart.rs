//! The demo practice's charts around the demographics: alerts, allergies, problems,
//! emergency contacts, insurance policies and ledger entries. Many patients have
//! some of each; many have none, so every empty state shows too.

use chrono::{DateTime, Duration, NaiveDate, Utc};
use rand::Rng;
use rand_chacha::ChaCha8Rng;

use super::people::{self, NamePools, age_on};
use store::entities::{
    account, account_alert, allergy, emergency_contact, insurance_policy, ledger_entry, patient, patient_alert, problem,
};

#[derive(Debug, Default)]
pub struct ChartRecords {
    pub patient_alerts: Vec<patient_alert::Model>,
    pub account_alerts: Vec<account_alert::Model>,
    pub allergies: Vec<allergy::Model>,
    pub problems: Vec<problem::Model>,
    pub emergency_contacts: Vec<emergency_contact::Model>,
    pub insurance_policies: Vec<insurance_policy::Model>,
    pub ledger_entries: Vec<ledger_entry::Model>,
}

/// (description, preventive care)
static PATIENT_ALERTS: &[(&str, bool)] = &[
    ("Premedicate before dental treatment (antibiotic prophylaxis)", false),
    ("Latex sensitivity: use nitrile gloves", false),
    ("Hard of hearing: face the patient and speak clearly", false),
    ("Anxious patient: offer nitrous oxide", false),
    ("Needs an interpreter for visits", false),
    ("Wheelchair user: book an accessible room", false),
    ("Diabetic: check glucose before procedures", false),
    ("Prefers appointments after 10 AM", false),
    ("Prefers text message reminders", false),
    ("Due for influenza vaccine", true),
    ("Due for colorectal cancer screening", true),
    ("Due for bitewing X-rays", true),
    ("Due for mammogram", true),
];

static ACCOUNT_ALERTS: &[&str] = &[
    "Payment plan in place: $75 due on the 1st",
    "Balance over 90 days: refer to billing before booking",
    "Verify insurance at the next visit",
    "Returned check on file: card or cash only",
    "Send statements by e-mail only",
];

/// (allergen, type, severity, reaction)
static ALLERGIES: &[(&str, &str, &str, &str)] = &[
    ("Penicillin", "Drug", "Severe", "Hives"),
    ("Amoxicillin", "Drug", "Moderate", "Rash"),
    ("Codeine", "Drug", "Moderate", "Nausea and vomiting"),
    ("Sulfa drugs", "Drug", "Moderate", "Rash"),
    ("Ibuprofen", "Drug", "Mild", "Stomach upset"),
    ("Erythromycin", "Drug", "Mild", "Diarrhea"),
    ("Latex", "Environmental", "Moderate", "Contact dermatitis"),
    ("Bee stings", "Environmental", "Severe", "Anaphylaxis"),
    ("Peanuts", "Food", "Severe", "Anaphylaxis"),
    ("Shellfish", "Food", "Severe", "Swelling of lips and throat"),
];

/// (ICD-10-CM code, description, UMLS concept id)
static PROBLEMS: &[(&str, &str, &str)] = &[
    ("E11.9", "Type 2 diabetes mellitus without complications", "C0011860"),
    ("I10", "Essential (primary) hypertension", "C0020538"),
    ("E78.5", "Hyperlipidemia, unspecified", "C0020473"),
    ("J45.909", "Unspecified asthma, uncomplicated", "C0004096"),
    ("K21.9", "Gastro-esophageal reflux disease without esophagitis", "C0017168"),
    ("F41.1", "Generalized anxiety disorder", "C0270549"),
    ("M54.50", "Low back pain, unspecified", "C0024031"),
    ("E66.9", "Obesity, unspecified", "C0028754"),
    ("E03.9", "Hypothyroidism, unspecified", "C0020676"),
    ("F32.A", "Depression, unspecified", "C0011581"),
    ("G43.909", "Migraine, unspecified, not intractable, without status migrainosus", "C0149931"),
    ("M19.90", "Unspecified osteoarthritis, unspecified site", "C0029408"),
    ("K05.10", "Chronic gingivitis, plaque induced", "C0017574"),
    ("K02.9", "Dental caries, unspecified", "C0011334"),
    ("K05.30", "Chronic periodontitis, unspecified", "C0031099"),
    ("G47.63", "Sleep related bruxism", "C0006325"),
];

/// (carrier, plans)
static CARRIERS: &[(&str, &[&str])] = &[
    ("Delta Dental of Oregon", &["PPO", "Premier"]),
    ("MetLife Dental", &["PDP Plus", "PDP"]),
    ("Guardian Dental", &["DentalGuard Preferred"]),
    ("Regence BlueCross BlueShield of Oregon", &["Preferred PPO", "Innova"]),
    ("Aetna", &["Choice POS II", "Open Access Managed Choice"]),
    ("Cigna", &["Open Access Plus", "LocalPlus"]),
    ("UnitedHealthcare", &["Choice Plus", "Navigate HMO"]),
    ("Providence Health Plan", &["Choice PPO", "Connect"]),
    ("Kaiser Permanente Northwest", &["HMO", "Added Choice"]),
];

static CONTACT_RELATIONSHIPS: &[&str] =
    &["Spouse", "Parent", "Sibling", "Adult child", "Friend", "Neighbor", "Partner"];

fn created_between(rng: &mut ChaCha8Rng, from: DateTime<Utc>, now: DateTime<Utc>) -> DateTime<Utc> {
    let span = (now - from).num_minutes().max(1);
    from + Duration::minutes(rng.random_range(0..span))
}

fn past_date(rng: &mut ChaCha8Rng, today: NaiveDate, max_days: i64) -> NaiveDate {
    today - Duration::days(rng.random_range(1..max_days.max(2)))
}

/// Chart records for `patients`, dated relative to `now`.
pub fn build(
    rng: &mut ChaCha8Rng,
    pools: &NamePools,
    patients: &[patient::Model],
    accounts: &[account::Model],
    now: DateTime<Utc>,
) -> ChartRecords {
    let today = now.date_naive();
    let mut records = ChartRecords::default();
    let by_id: std::collections::HashMap<i64, &patient::Model> = patients.iter().map(|p| (p.id, p)).collect();
    let next_id = |list_len: usize| list_len as i64 + 1;

    for account in accounts {
        if rng.random_bool(0.15) {
            // Some have expired already: they must not show.
            let expiration = match rng.random_range(0..3) {
                0 => None,
                1 => Some(today + Duration::days(rng.random_range(10..200))),
                _ => Some(today - Duration::days(rng.random_range(1..60))),
            };
            records.account_alerts.push(account_alert::Model {
                id: next_id(records.account_alerts.len()),
                account_id: account.id,
                description: ACCOUNT_ALERTS[rng.random_range(0..ACCOUNT_ALERTS.len())].to_owned(),
                created_at: created_between(rng, account.created_at, now),
                expiration,
            });
        }
    }

    for patient in patients {
        let age = patient.birthdate.map_or(40, |b| age_on(b, today));
        let since = patient.created_at;

        if rng.random_bool(0.2) {
            for number in 1..=rng.random_range(1..=2) {
                let (description, preventive) = PATIENT_ALERTS[rng.random_range(0..PATIENT_ALERTS.len())];
                records.patient_alerts.push(patient_alert::Model {
                    id: next_id(records.patient_alerts.len()),
                    patient_id: patient.id,
                    description: description.to_owned(),
                    alert_number: number,
                    is_preventive_care: preventive,
                    created_at: created_between(rng, since, now),
                });
            }
        }

        if rng.random_bool(0.25) {
            let mut chosen: Vec<usize> = Vec::new();
            for _ in 0..rng.random_range(1..=3) {
                let pick = rng.random_range(0..ALLERGIES.len());
                if chosen.contains(&pick) {
                    continue;
                }
                chosen.push(pick);
                let (description, kind, severity, reaction) = ALLERGIES[pick];
                records.allergies.push(allergy::Model {
                    id: next_id(records.allergies.len()),
                    patient_id: patient.id,
                    description: description.to_owned(),
                    allergy_type: kind.to_owned(),
                    severity: severity.to_owned(),
                    reaction: reaction.to_owned(),
                    status: if rng.random_bool(0.9) { "Active" } else { "Inactive" }.to_owned(),
                    notes: if rng.random_bool(0.3) { "Reported by patient".to_owned() } else { String::new() },
                    verification_status: String::new(),
                    onset: patient
                        .birthdate
                        .filter(|_| rng.random_bool(0.5))
                        .map(|b| b + Duration::days(rng.random_range(365..(age.max(2) * 365)))),
                    created_at: created_between(rng, since, now),
                    version: 1,
                });
            }
        }

        if age >= 18 && rng.random_bool(0.45) {
            let mut chosen: Vec<usize> = Vec::new();
            for _ in 0..rng.random_range(1..=4) {
                let pick = rng.random_range(0..PROBLEMS.len());
                if chosen.contains(&pick) {
                    continue;
                }
                chosen.push(pick);
                let (code, description, umls) = PROBLEMS[pick];
                records.problems.push(problem::Model {
                    id: next_id(records.problems.len()),
                    patient_id: patient.id,
                    problem_code: code.to_owned(),
                    description: description.to_owned(),
                    umls_id: umls.to_owned(),
                    status: if rng.random_bool(0.85) { "Active" } else { "Resolved" }.to_owned(),
                    onset: Some(past_date(rng, today, 3650)),
                    resolved: None,
                    created_at: created_between(rng, since, now),
                    version: 1,
                });
            }
        }

        // Children list their guarantor; most adults name someone.
        if age < 18 || rng.random_bool(0.7) {
            for order in 0..rng.random_range(1..=2) {
                let (name, relationship) = if age < 18 && order == 0 {
                    let guarantor = patient.primary_guarantor_id.and_then(|id| by_id.get(&id).copied());
                    match guarantor {
                        Some(g) => (format!("{} {}", g.first_name, g.last_name), "Parent".to_owned()),
                        None => continue,
                    }
                } else {
                    let sex = rng.random_range(0..2);
                    let first = pools.first_name(rng, sex, 45);
                    let last = if rng.random_bool(0.5) {
                        patient.last_name.clone()
                    } else {
                        pools.surnames.pick(rng).to_owned()
                    };
                    (
                        format!("{first} {last}"),
                        CONTACT_RELATIONSHIPS[rng.random_range(0..CONTACT_RELATIONSHIPS.len())].to_owned(),
                    )
                };
                records.emergency_contacts.push(emergency_contact::Model {
                    id: next_id(records.emergency_contacts.len()),
                    patient_id: patient.id,
                    name,
                    next_of_kin: order == 0 && rng.random_bool(0.8),
                    relationship,
                    phone: people::fictional_phone(rng),
                    sort_order: order,
                });
            }
        }

        if rng.random_bool(0.75) {
            let policies = if patient.secondary_guarantor_id.is_some() && rng.random_bool(0.35) { 2 } else { 1 };
            for priority in 1..=policies {
                let (carrier, plans) = CARRIERS[rng.random_range(0..CARRIERS.len())];
                let start = past_date(rng, today, 6 * 365);
                let ended = rng.random_bool(0.1);
                records.insurance_policies.push(insurance_policy::Model {
                    id: next_id(records.insurance_policies.len()),
                    patient_id: patient.id,
                    priority,
                    carrier: carrier.to_owned(),
                    plan: plans[rng.random_range(0..plans.len())].to_owned(),
                    start_date: Some(start),
                    end_date: ended
                        .then(|| start + Duration::days(rng.random_range(30..365)))
                        .filter(|end| *end < today),
                    subscriber_patient_id: if priority == 1 {
                        patient.primary_guarantor_id
                    } else {
                        patient.secondary_guarantor_id
                    },
                    subscriber_id: format!(
                        "{}{:09}",
                        ["XJK", "W", "U", "ZGP", "H"][rng.random_range(0..5)],
                        rng.random_range(0..1_000_000_000u32)
                    ),
                    group_id: format!("{:06}", rng.random_range(10_000..999_999)),
                });
            }
        }

        if rng.random_bool(0.6) {
            for _ in 0..rng.random_range(1..=6) {
                let date = past_date(rng, today, 540);
                let (kind, description, patient_cents, insurance_cents, unapplied_cents) = match rng.random_range(0..10)
                {
                    0..=4 => {
                        let fee = rng.random_range(45..1250) * 100;
                        let insured = if rng.random_bool(0.7) { fee * rng.random_range(40..81) / 100 } else { 0 };
                        ("charge", "Office visit and procedures", fee - insured, insured, 0)
                    }
                    5..=6 => ("payment", "Patient payment, card", -(rng.random_range(10..300) * 100), 0, 0),
                    7 => ("insurance_payment", "Insurance payment, EFT", 0, -(rng.random_range(20..600) * 100), 0),
                    8 => ("credit", "Prepayment, not yet applied", 0, 0, rng.random_range(25..200) * 100),
                    _ => ("adjustment", "Courtesy adjustment", -(rng.random_range(5..50) * 100), 0, 0),
                };
                records.ledger_entries.push(ledger_entry::Model {
                    id: next_id(records.ledger_entries.len()),
                    account_id: patient.account_id,
                    patient_id: patient.id,
                    entry_date: date,
                    kind: kind.to_owned(),
                    description: description.to_owned(),
                    patient_cents,
                    insurance_cents,
                    unapplied_cents,
                    created_at: now - Duration::days((today - date).num_days()),
                });
            }
        }
    }
    // Derived, not drawn, so the random stream (and every later demo row) stays as it was.
    for allergy in &mut records.allergies {
        let reported = allergy.notes == "Reported by patient";
        allergy.verification_status = if reported { "unconfirmed" } else { "confirmed" }.to_owned();
    }
    for problem in &mut records.problems {
        if problem.status == "Resolved" {
            problem.resolved = problem.onset.map(|onset| (onset + Duration::days(120 + problem.id % 200)).min(today));
        }
    }
    records
}

/// Gives the showcase patient an alert, an allergy and a problem when chance gave them
/// none, so their chart shows every section. Drawn from nothing random: the rest of the
/// practice stays as it was.
pub fn complete_showcase(records: &mut ChartRecords, patient_id: i64, now: DateTime<Utc>) {
    let created_at = now - Duration::days(200);
    if !records.patient_alerts.iter().any(|a| a.patient_id == patient_id) {
        let (description, preventive) = PATIENT_ALERTS[0];
        records.patient_alerts.push(patient_alert::Model {
            id: records.patient_alerts.len() as i64 + 1,
            patient_id,
            description: description.to_owned(),
            alert_number: 1,
            is_preventive_care: preventive,
            created_at,
        });
    }
    if !records.allergies.iter().any(|a| a.patient_id == patient_id) {
        let (description, kind, severity, reaction) = ALLERGIES[0];
        records.allergies.push(allergy::Model {
            id: records.allergies.len() as i64 + 1,
            patient_id,
            description: description.to_owned(),
            allergy_type: kind.to_owned(),
            severity: severity.to_owned(),
            reaction: reaction.to_owned(),
            status: "Active".to_owned(),
            notes: String::new(),
            onset: None,
            created_at,
            version: 1,
            verification_status: "confirmed".to_owned(),
        });
    }
    if !records.problems.iter().any(|p| p.patient_id == patient_id) {
        let (code, description, umls) = PROBLEMS[1];
        records.problems.push(problem::Model {
            id: records.problems.len() as i64 + 1,
            patient_id,
            problem_code: code.to_owned(),
            description: description.to_owned(),
            umls_id: umls.to_owned(),
            status: "Active".to_owned(),
            onset: Some(created_at.date_naive()),
            version: 1,
            created_at,
            resolved: None,
        });
    }
}
