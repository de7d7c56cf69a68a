//! The demo practice's work: incidents, orders with their notes and status history, and
//! vitals histories (adults, and toddlers with head circumference).

use std::collections::HashMap;

use chrono::{DateTime, Duration, NaiveDate, Utc};
use rand::Rng;
use rand_chacha::ChaCha8Rng;

use super::people::age_on;
use store::entities::{incident, order, order_note, order_status_update, patient, vitals};

#[derive(Debug, Default)]
pub struct WorkRecords {
    pub incidents: Vec<incident::Model>,
    pub orders: Vec<order::Model>,
    pub notes: Vec<order_note::Model>,
    pub status_updates: Vec<order_status_update::Model>,
    pub vitals: Vec<vitals::Model>,
}

static INCIDENTS: &[&str] = &[
    "Auto accident",
    "Slip and fall at work (workers' compensation)",
    "Sports injury: dental trauma",
    "Post-operative care",
    "Pregnancy",
    "Chronic pain management",
];

/// (type id, short description, long description)
static ORDER_TEXTS: &[(i64, &str, &str)] = &[
    (1, "CBC with differential", "Fasting not required."),
    (1, "Lipid panel", "Fasting 12 hours."),
    (1, "Hemoglobin A1c", ""),
    (1, "Comprehensive metabolic panel", ""),
    (2, "Panoramic X-ray", ""),
    (2, "Chest X-ray, 2 views", "Cough for three weeks."),
    (2, "MRI lumbar spine without contrast", "Radiating pain, left leg."),
    (3, "Refer to oral surgeon: extraction #32", "Impacted third molar, recurrent pericoronitis."),
    (3, "Refer to cardiology", "Palpitations; ECG attached."),
    (3, "Refer to physical therapy", "Low back pain, 6 weeks."),
    (4, "Amoxicillin 500 mg, 21 capsules", "One capsule three times a day for 7 days."),
    (4, "Lisinopril 10 mg, 90 tablets", "Once daily."),
    (5, "Renewal request: metformin 500 mg", "Sent by the pharmacy."),
    (
        50,
        "Lab result: lipid panel",
        "Total cholesterol 212 mg/dL (H). LDL 142 mg/dL (H). HDL 48 mg/dL. Triglycerides 110 mg/dL.",
    ),
    (50, "Lab result: HbA1c", "Hemoglobin A1c 7.4 % (H)."),
    (60, "Portal message: question about bill", "Patient asks why the last visit was not covered."),
    (100, "Call patient with lab results", ""),
    (100, "Send records to new dentist", "Signed release on file."),
    (100, "Verify insurance eligibility", "New employer plan."),
    (101, "Call back about post-op pain", "Extraction two days ago."),
    (102, "6-month hygiene recall", ""),
    (111, "Prior authorization: crown #19", "Narrative and X-rays attached."),
    (112, "Request records from previous provider", ""),
    (113, "Medical clearance for oral surgery", "Cardiology clearance needed."),
    (114, "CPAP supplies", "Mask and filters."),
];

static NOTES: &[&str] = &[
    "Left a voicemail.",
    "Spoke with the patient; they will call back tomorrow.",
    "Faxed to the specialist's office.",
    "Waiting on insurance; reference number in the chart.",
    "Results reviewed by the provider.",
    "Patient asked for a copy by e-mail.",
    "Rescheduled at the patient's request.",
];

/// Statuses in the order a demo order moves through them, ending at its final status.
fn history(final_status: i64) -> Vec<i64> {
    match final_status {
        1 => vec![1],
        7 => vec![1, 7],
        8 => vec![1, 7, 8],
        9 => vec![1, 8, 9],
        2 => vec![1, 7, 2],
        other => vec![1, other],
    }
}

/// Staff and providers who take orders; the demo user gets about a quarter.
const ASSIGNEES: &[i64] = &[2, 2, 2, 3, 4, 5, 6, 7, 8, 9, 10];
const PROVIDERS: &[i64] = &[3, 4, 5, 6, 7];

pub fn build(rng: &mut ChaCha8Rng, patients: &[patient::Model], orders: usize, now: DateTime<Utc>) -> WorkRecords {
    let mut work = WorkRecords::default();
    let current_incident = add_incidents(rng, &mut work, patients, now);
    add_orders(rng, &mut work, patients, orders, now, &current_incident);
    add_vitals(rng, &mut work, patients, now);
    work
}

/// Orders alone, numbered from 1, as years of a practice's work: most of them long
/// closed (for benchmark practices).
pub fn archive_orders(
    rng: &mut ChaCha8Rng,
    patients: &[patient::Model],
    orders: usize,
    now: DateTime<Utc>,
) -> WorkRecords {
    let mut work = WorkRecords::default();
    add_orders(rng, &mut work, patients, orders, now, &HashMap::new());
    for order in &mut work.orders {
        if rng.random_bool(0.9) {
            let closed = [2, 2, 2, 3, 5][rng.random_range(0..5)];
            let age = Duration::days(rng.random_range(120..5 * 365));
            order.status_id = closed;
            order.ordered = (now - age).date_naive();
            order.created_at = now - age;
            work.status_updates.push(order_status_update::Model {
                id: work.status_updates.len() as i64 + 1,
                order_id: order.id,
                created_at: now - age + Duration::days(3),
                status_id: closed,
                user_id: order.assigned_to_user_id,
            });
        }
    }
    work
}

/// Incidents for about one patient in ten; answers each patient's current one.
fn add_incidents(
    rng: &mut ChaCha8Rng,
    work: &mut WorkRecords,
    patients: &[patient::Model],
    now: DateTime<Utc>,
) -> HashMap<i64, i64> {
    let mut current_incident: HashMap<i64, i64> = HashMap::new();

    for p in patients {
        if rng.random_bool(0.1) {
            let count = rng.random_range(1..=2);
            for i in 0..count {
                let id = work.incidents.len() as i64 + 1;
                let is_current = i == count - 1 && rng.random_bool(0.7);
                let started = now - Duration::days(rng.random_range(10..700));
                let name = INCIDENTS[rng.random_range(0..INCIDENTS.len())];
                work.incidents.push(incident::Model {
                    id,
                    patient_id: p.id,
                    name: format!("{name} {}", started.format("%m/%Y")),
                    is_current,
                    created_at: started,
                });
                if is_current {
                    current_incident.insert(p.id, id);
                }
            }
        }
    }
    current_incident
}

fn add_orders(
    rng: &mut ChaCha8Rng,
    work: &mut WorkRecords,
    patients: &[patient::Model],
    orders: usize,
    now: DateTime<Utc>,
    current_incident: &HashMap<i64, i64>,
) {
    let today = now.date_naive();
    let incidents_of: HashMap<i64, Vec<i64>> = work.incidents.iter().fold(HashMap::new(), |mut map, i| {
        map.entry(i.patient_id).or_default().push(i.id);
        map
    });

    for index in 0..orders {
        let id = index as i64 + 1;
        let patient =
            (!patients.is_empty() && !rng.random_bool(0.05)).then(|| &patients[rng.random_range(0..patients.len())]);
        let (type_id, short, long) = ORDER_TEXTS[rng.random_range(0..ORDER_TEXTS.len())];
        let final_status = match rng.random_range(0..100) {
            0..=37 => 1,
            38..=47 => 7,
            48..=57 => 8,
            58..=65 => 9,
            66..=90 => 2,
            91..=95 => 3,
            _ => [4, 5, 6][rng.random_range(0..3)],
        };
        let ordered_at = now - Duration::days(rng.random_range(0..120)) - Duration::minutes(rng.random_range(0..600));
        let assignee = ASSIGNEES[rng.random_range(0..ASSIGNEES.len())];
        let creator = [2, 3, 4, 5, 8, 9, 10][rng.random_range(0..7)];
        let incident_id = patient.and_then(|p| {
            let theirs = incidents_of.get(&p.id)?;
            rng.random_bool(0.4).then(|| current_incident.get(&p.id).copied().unwrap_or(theirs[0]))
        });
        let due: Option<NaiveDate> = rng.random_bool(0.75).then(|| today + Duration::days(rng.random_range(-30..45)));
        let steps = history(final_status);
        let mut moment = ordered_at;
        for status in &steps {
            work.status_updates.push(order_status_update::Model {
                id: work.status_updates.len() as i64 + 1,
                order_id: id,
                created_at: moment,
                status_id: *status,
                user_id: ASSIGNEES[rng.random_range(0..ASSIGNEES.len())],
            });
            moment = (moment + Duration::hours(rng.random_range(2..72))).min(now);
        }
        for _ in 0..rng.random_range(0..=3) {
            work.notes.push(order_note::Model {
                id: work.notes.len() as i64 + 1,
                order_id: id,
                created_at: (ordered_at + Duration::hours(rng.random_range(1..96))).min(now),
                message: NOTES[rng.random_range(0..NOTES.len())].to_owned(),
                author_user_id: ASSIGNEES[rng.random_range(0..ASSIGNEES.len())],
                assigned_to_user_id: Some(assignee),
            });
        }
        work.orders.push(order::Model {
            id,
            patient_id: patient.map(|p| p.id),
            provider_id: rng.random_bool(0.8).then(|| PROVIDERS[rng.random_range(0..PROVIDERS.len())]),
            office_id: patient.and_then(|p| p.office_id).or(Some(1)).filter(|_| rng.random_bool(0.95)),
            incident_id,
            resource_id: None,
            assigned_to_user_id: assignee,
            type_id,
            status_id: final_status,
            urgent: rng.random_bool(0.1),
            due,
            ordered: ordered_at.date_naive(),
            short_description: short.to_owned(),
            long_description: long.to_owned(),
            signed: if final_status == 2 { rng.random_bool(0.6) } else { rng.random_bool(0.1) },
            created_by: creator,
            created_at: ordered_at,
            updated_at: moment,
            version: 1,
        });
    }
}

/// Vitals histories for about a third of adults and most toddlers.
fn add_vitals(rng: &mut ChaCha8Rng, work: &mut WorkRecords, patients: &[patient::Model], now: DateTime<Utc>) {
    let today = now.date_naive();
    for p in patients {
        let Some(birthdate) = p.birthdate else { continue };
        let age = age_on(birthdate, today);
        let toddler = age <= 3;
        let measured = if toddler { rng.random_bool(0.7) } else { rng.random_bool(0.3) };
        if !measured {
            continue;
        }
        let visits = rng.random_range(1..=6);
        let adult_height = if p.sex == 1 { rng.random_range(1520..1780) } else { rng.random_range(1630..1930) };
        let base_weight = rng.random_range(50_000..120_000);
        for visit in 0..visits {
            let when = now - Duration::days(i64::from(visit) * rng.random_range(60..150) + rng.random_range(0..30));
            if when.date_naive() < birthdate {
                continue;
            }
            let months = (when.date_naive() - birthdate).num_days() / 30;
            let child = age_on(birthdate, when.date_naive()) < 18;
            let (height, weight) = if child {
                // Rough growth: 50 cm at birth, +25 the first year, then about 6 a year.
                let cm = if months < 12 { 50 + months * 25 / 12 } else { 75 + (months - 12) * 6 / 12 };
                let kg_tenths = if months < 12 { 35 + months * 6 } else { 105 + (months - 12) * 2 };
                (cm * 10, kg_tenths * 100)
            } else {
                (adult_height, base_weight + rng.random_range(-3_000..3_000))
            };
            let infant = months <= 36;
            work.vitals.push(vitals::Model {
                id: work.vitals.len() as i64 + 1,
                patient_id: p.id,
                measured_at: when,
                height_mm: Some(height),
                weight_g: Some(weight),
                systolic: (!infant).then(|| rng.random_range(100..160)),
                diastolic: (!infant).then(|| rng.random_range(60..100)),
                heart_rate: Some(if infant { rng.random_range(90..150) } else { rng.random_range(55..100) }),
                temperature_tenths: rng.random_bool(0.8).then(|| rng.random_range(970..996)),
                sp02_tenths: rng.random_bool(0.7).then(|| rng.random_range(940..1000)),
                respiratory_rate: Some(if infant { rng.random_range(24..40) } else { rng.random_range(12..20) }),
                head_circumference_mm: infant.then(|| 340 + months.min(36) * 4 + rng.random_range(-5..5)),
                recorded_by: [8, 10, 3, 4][rng.random_range(0..4)],
                created_at: when,
            });
        }
    }
}
