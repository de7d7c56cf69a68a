//! The demo practice's schedule, in the practice's local time: every resource busy from
//! two weeks ago to two weeks ahead (today included, whatever day it is), block-outs of
//! each rule, older visits for the patients' histories, follow-ups scheduled and not, and
//! treatment plans with phases.

use std::collections::HashSet;

use chrono::{DateTime, Datelike, Duration, NaiveDate, NaiveTime, TimeZone, Utc, Weekday};
use chrono_tz::Tz;
use rand::Rng;
use rand_chacha::ChaCha8Rng;

use store::entities::{
    appointment, follow_up, patient, resource, transparency, transparency_type, treatment_charge, treatment_phase,
    treatment_plan,
};

/// The demo practice is in Portland, Oregon.
pub const DEMO_TIME_ZONE: &str = "America/Los_Angeles";

#[derive(Debug, Default)]
pub struct ScheduleRecords {
    pub transparency_types: Vec<transparency_type::Model>,
    pub transparencies: Vec<transparency::Model>,
    pub appointments: Vec<appointment::Model>,
    pub follow_ups: Vec<follow_up::Model>,
    pub plans: Vec<treatment_plan::Model>,
    pub phases: Vec<treatment_phase::Model>,
    pub charges: Vec<treatment_charge::Model>,
}

// Ids of the demo's appointment types and statuses (see `demo::build`).
const TYPE_RECALL: i64 = 3;
const TYPE_FOLLOW_UP: i64 = 4;
const TYPE_ANNUAL_PHYSICAL: i64 = 8;
const STATUS_UNCONFIRMED: i64 = 2;
const STATUS_CONFIRMED: i64 = 3;
const STATUS_CHECKED_IN: i64 = 4;
const STATUS_IN_TREATMENT: i64 = 5;
const STATUS_COMPLETED: i64 = 6;
const STATUS_MISSED: i64 = 7;
const STATUS_CANCELLED: i64 = 8;
const STATUS_TO_RESCHEDULE: i64 = 9;

const LUNCH: i64 = 1;
const STAFF_MEETING: i64 = 2;
const EMERGENCY_SLOT: i64 = 3;

/// (type id, minutes)
const VISITS: &[(i64, i64)] =
    &[(2, 60), (3, 60), (4, 30), (5, 30), (6, 90), (7, 30), (8, 45), (9, 20), (10, 60), (4, 45)];

static NOTES: &[&str] = &[
    "",
    "",
    "",
    "Prefers the window chair.",
    "Bring updated insurance card.",
    "Nitrous requested.",
    "Interpreter: Spanish.",
    "Follow-up on X-rays.",
    "Running 10 minutes late, called ahead.",
];

/// (code, description, fee in cents): codes of the practice's own list at its standard
/// fees (`fees`), as treatment plans price them.
static PROCEDURES: &[(&str, &str, i64)] = &[
    ("PC-EXAM-N", "Full mouth exam, new patient", 9_500),
    ("PC-CLEAN", "Cleaning, adult", 12_000),
    ("PC-FILL1", "Tooth-coloured filling, one surface, back tooth", 19_500),
    ("PC-CROWN", "Crown, all-ceramic", 125_000),
    ("PC-BUILD", "Crown build-up", 31_000),
    ("PC-RCT-B", "Root canal, back tooth", 115_000),
    ("PC-DEEP", "Deep cleaning, four or more teeth", 26_500),
    ("PC-EXT", "Simple tooth removal", 21_000),
    ("PC-IMPLANT", "Implant placement", 230_000),
    ("PC-VISIT", "Follow-up visit, 25 minutes", 14_500),
    ("PC-INJECT", "Joint injection, large joint", 21_000),
];

fn local(tz: Tz, day: NaiveDate, hour: u32, minute: u32) -> DateTime<Utc> {
    let naive = day.and_time(NaiveTime::from_hms_opt(hour, minute, 0).unwrap_or_default());
    // Around a daylight-saving change a local time can be missing or doubled; the
    // earliest reading (or the hour after a gap) is a fine demo time.
    tz.from_local_datetime(&naive).earliest().unwrap_or_else(|| tz.from_utc_datetime(&naive)).with_timezone(&Utc)
}

pub fn build(
    rng: &mut ChaCha8Rng,
    patients: &[patient::Model],
    resources: &[resource::Model],
    tz: Tz,
    now: DateTime<Utc>,
) -> ScheduleRecords {
    let mut records = ScheduleRecords {
        transparency_types: vec![
            transparency_type::Model {
                id: LUNCH,
                name: "Lunch".into(),
                color: "#9E9E9E".into(),
                rule: "display".into(),
            },
            transparency_type::Model {
                id: STAFF_MEETING,
                name: "Staff Meeting".into(),
                color: "#455A64".into(),
                rule: "refuse".into(),
            },
            transparency_type::Model {
                id: EMERGENCY_SLOT,
                name: "Emergency Slot".into(),
                color: "#E65100".into(),
                rule: "confirm".into(),
            },
        ],
        ..ScheduleRecords::default()
    };
    let active: Vec<&patient::Model> = patients.iter().filter(|p| !p.inactive).collect();
    if active.is_empty() || resources.is_empty() {
        return records;
    }
    let today = now.with_timezone(&tz).date_naive();
    let mut taken: HashSet<(i64, NaiveDate, u32)> = HashSet::new();

    // Two weeks back to two weeks ahead, every day, every resource.
    for offset in -14..=14 {
        let day = today + Duration::days(offset);
        let weekend = matches!(day.weekday(), Weekday::Sat | Weekday::Sun);
        for resource in resources {
            let mut span = |type_id: i64, from: (u32, u32), to: (u32, u32)| {
                records.transparencies.push(transparency::Model {
                    id: records.transparencies.len() as i64 + 1,
                    resource_id: resource.id,
                    type_id,
                    starts_at: local(tz, day, from.0, from.1),
                    ends_at: local(tz, day, to.0, to.1),
                });
            };
            span(LUNCH, (12, 0), (13, 0));
            let meeting = day.weekday() == Weekday::Wed;
            if meeting {
                span(STAFF_MEETING, (8, 0), (9, 0));
            }
            let emergency_slot = resource.id % 2 == 1 && !weekend;
            if emergency_slot {
                span(EMERGENCY_SLOT, (16, 0), (17, 0));
            }

            // Fill the day in 15-minute steps, leaving the block-outs and some gaps free.
            let mut minute = if meeting { 9 * 60 } else { 8 * 60 };
            let day_end = if emergency_slot { 16 * 60 } else { 17 * 60 };
            while minute < day_end {
                let (type_id, length) = VISITS[rng.random_range(0..VISITS.len())];
                let length = if rng.random_bool(0.2) { 30 } else { length };
                let in_lunch = minute < 13 * 60 && minute + length as u32 > 12 * 60;
                let gap = rng.random_bool(if weekend { 0.45 } else { 0.2 });
                if in_lunch || gap || minute + length as u32 > day_end {
                    minute = if in_lunch { minute.max(13 * 60) } else { minute + 15 };
                    continue;
                }
                let patient = active[rng.random_range(0..active.len())];
                let starts_at = local(tz, day, minute / 60, minute % 60);
                let status = day_status(rng, offset, starts_at, now);
                records.appointments.push(appointment::Model {
                    id: records.appointments.len() as i64 + 1,
                    patient_id: patient.id,
                    resource_id: resource.id,
                    provider_id: resource.provider_id.or(patient.patient_provider_id),
                    type_id,
                    status_id: status,
                    starts_at,
                    ends_at: starts_at + Duration::minutes(length),
                    length_minutes: length as i32,
                    notes: NOTES[rng.random_range(0..NOTES.len())].to_owned(),
                    pending: false,
                    replaces_id: None,
                    archived: offset < 0 && rng.random_bool(0.02),
                    created_by: [2, 8, 9][rng.random_range(0..3)],
                    created_at: starts_at - Duration::days(rng.random_range(1..60)),
                    updated_at: if starts_at < now { starts_at } else { starts_at - Duration::days(1) },
                    version: 1,
                });
                taken.insert((resource.id, day, minute / 60));
                minute += length as u32;
            }
        }
    }

    // Older visits, so patients have a history to list and filter.
    for patient in &active {
        if !rng.random_bool(0.5) {
            continue;
        }
        for _ in 0..rng.random_range(1..=5) {
            let day = today - Duration::days(rng.random_range(15..730));
            let resource = &resources[rng.random_range(0..resources.len())];
            let hour = rng.random_range(8..16);
            if !taken.insert((resource.id, day, hour)) || hour == 12 {
                continue;
            }
            let (type_id, length) = VISITS[rng.random_range(0..VISITS.len())];
            let starts_at = local(tz, day, hour, 0);
            let status = match rng.random_range(0..100) {
                0..=79 => STATUS_COMPLETED,
                80..=89 => STATUS_MISSED,
                90..=96 => STATUS_CANCELLED,
                _ => STATUS_TO_RESCHEDULE,
            };
            records.appointments.push(appointment::Model {
                id: records.appointments.len() as i64 + 1,
                patient_id: patient.id,
                resource_id: resource.id,
                provider_id: resource.provider_id.or(patient.patient_provider_id),
                type_id,
                status_id: status,
                starts_at,
                ends_at: starts_at + Duration::minutes(length.min(60)),
                length_minutes: length.min(60) as i32,
                notes: String::new(),
                pending: false,
                replaces_id: None,
                archived: rng.random_bool(0.03),
                created_by: 8,
                created_at: starts_at - Duration::days(14),
                updated_at: starts_at,
                version: 1,
            });
        }
    }

    add_follow_ups(rng, &mut records, &active, today, tz);
    add_treatment_plans(rng, &mut records, &active, now);
    records
}

/// A status that fits when the visit is: done or missed in the past, under way this
/// morning, confirmed or not ahead.
fn day_status(rng: &mut ChaCha8Rng, offset: i64, starts_at: DateTime<Utc>, now: DateTime<Utc>) -> i64 {
    if starts_at + Duration::hours(1) < now {
        return match rng.random_range(0..100) {
            0..=79 => STATUS_COMPLETED,
            80..=87 => STATUS_MISSED,
            88..=95 => STATUS_CANCELLED,
            _ => STATUS_TO_RESCHEDULE,
        };
    }
    if offset == 0 && starts_at < now + Duration::hours(1) {
        return [STATUS_CHECKED_IN, STATUS_IN_TREATMENT][rng.random_range(0..2)];
    }
    match rng.random_range(0..100) {
        0..=54 => STATUS_CONFIRMED,
        55..=92 => STATUS_UNCONFIRMED,
        93..=96 => STATUS_CANCELLED,
        _ => STATUS_TO_RESCHEDULE,
    }
}

fn add_follow_ups(
    rng: &mut ChaCha8Rng,
    records: &mut ScheduleRecords,
    patients: &[&patient::Model],
    today: NaiveDate,
    tz: Tz,
) {
    for patient in patients {
        if !rng.random_bool(0.3) {
            continue;
        }
        let (type_id, frequency): (i64, i32) =
            if rng.random_bool(0.6) { (TYPE_RECALL, 180) } else { (TYPE_ANNUAL_PHYSICAL, 365) };
        let last_visit = today - Duration::days(rng.random_range(30..400));
        let due = last_visit + Duration::days(i64::from(frequency));
        // Some are booked: a few too early (before they are due), most on time.
        let booked = patient_future_appointment(records, patient.id).filter(|_| rng.random_bool(0.6));
        records.follow_ups.push(follow_up::Model {
            id: records.follow_ups.len() as i64 + 1,
            patient_id: patient.id,
            type_id: Some(type_id),
            frequency_days: frequency,
            due_date: due,
            last_visit: Some(last_visit),
            appointment_id: booked,
            created_at: local(tz, last_visit, 9, 0),
        });
    }
    // And one kind that is not type-specific: a follow-up visit.
    if let Some(patient) = patients.first() {
        records.follow_ups.push(follow_up::Model {
            id: records.follow_ups.len() as i64 + 1,
            patient_id: patient.id,
            type_id: Some(TYPE_FOLLOW_UP),
            frequency_days: 14,
            due_date: today + Duration::days(7),
            last_visit: Some(today - Duration::days(7)),
            appointment_id: None,
            created_at: local(tz, today - Duration::days(7), 9, 0),
        });
    }
}

fn patient_future_appointment(records: &ScheduleRecords, patient_id: i64) -> Option<i64> {
    records
        .appointments
        .iter()
        .filter(|a| {
            a.patient_id == patient_id && !a.archived && matches!(a.status_id, STATUS_CONFIRMED | STATUS_UNCONFIRMED)
        })
        .max_by_key(|a| a.starts_at)
        .map(|a| a.id)
}

fn add_treatment_plans(
    rng: &mut ChaCha8Rng,
    records: &mut ScheduleRecords,
    patients: &[&patient::Model],
    now: DateTime<Utc>,
) {
    for patient in patients {
        if !rng.random_bool(0.15) {
            continue;
        }
        let plan_id = records.plans.len() as i64 + 1;
        records.plans.push(treatment_plan::Model {
            id: plan_id,
            patient_id: patient.id,
            name: ["Restorative plan", "Periodontal therapy", "Implant restoration", "Treatment plan"]
                [rng.random_range(0..4)]
            .into(),
            created_at: now - Duration::days(rng.random_range(5..200)),
        });
        for phase in 0..rng.random_range(1..=3) {
            let phase_id = records.phases.len() as i64 + 1;
            records.phases.push(treatment_phase::Model {
                id: phase_id,
                plan_id,
                name: format!("Phase {}", phase + 1),
                sort_order: phase,
            });
            for order in 0..rng.random_range(1..=4) {
                let (code, description, fee) = PROCEDURES[rng.random_range(0..PROCEDURES.len())];
                let covered = fee * rng.random_range(0..=80) / 100;
                records.charges.push(treatment_charge::Model {
                    id: records.charges.len() as i64 + 1,
                    phase_id,
                    code: code.into(),
                    description: description.into(),
                    fee_cents: fee,
                    insurance_cents: covered,
                    sort_order: order,
                });
            }
        }
    }
}

/// Gives the showcase patient a treatment plan when chance gave them none: two phases of
/// the first procedures, drawn from nothing random, so the rest of the practice stays as
/// it was.
pub fn complete_showcase(records: &mut ScheduleRecords, patient_id: i64, now: DateTime<Utc>) {
    if records.plans.iter().any(|p| p.patient_id == patient_id) {
        return;
    }
    let plan_id = records.plans.len() as i64 + 1;
    records.plans.push(treatment_plan::Model {
        id: plan_id,
        patient_id,
        name: "Restorative plan".into(),
        created_at: now - Duration::days(30),
    });
    for (phase, procedures) in [&PROCEDURES[..2], &PROCEDURES[2..3]].into_iter().enumerate() {
        let phase_id = records.phases.len() as i64 + 1;
        records.phases.push(treatment_phase::Model {
            id: phase_id,
            plan_id,
            name: format!("Phase {}", phase + 1),
            sort_order: phase as i32,
        });
        for (order, (code, description, fee)) in procedures.iter().enumerate() {
            records.charges.push(treatment_charge::Model {
                id: records.charges.len() as i64 + 1,
                phase_id,
                code: (*code).into(),
                description: (*description).into(),
                fee_cents: *fee,
                // Half covered: the plan shows both the patient's and the insurer's share.
                insurance_cents: fee / 2,
                sort_order: order as i32,
            });
        }
    }
}

/// A long-running practice's schedule for benchmarks: consecutive working days ending
/// `days_ahead` after today, each resource booked back to back from 8:00 to 17:00 with a
/// lunch block-out, until `count` appointments. Ids continue from `next_id`s.
pub struct ArchiveDays<'a> {
    pub resources: &'a [resource::Model],
    pub patient_count: i64,
    pub tz: Tz,
    pub now: DateTime<Utc>,
}

impl ArchiveDays<'_> {
    /// The appointments and block-outs of `day` on every resource.
    pub fn day(
        &self,
        rng: &mut ChaCha8Rng,
        day: NaiveDate,
        next_appointment: &mut i64,
        next_transparency: &mut i64,
    ) -> (Vec<appointment::Model>, Vec<transparency::Model>) {
        let (mut appointments, mut spans) = (Vec::new(), Vec::new());
        if day.weekday() == Weekday::Sun {
            return (appointments, spans);
        }
        for resource in self.resources {
            *next_transparency += 1;
            spans.push(transparency::Model {
                id: *next_transparency,
                resource_id: resource.id,
                type_id: LUNCH,
                starts_at: local(self.tz, day, 12, 0),
                ends_at: local(self.tz, day, 13, 0),
            });
            let mut minute = 8 * 60;
            while minute < 17 * 60 {
                let length = [15u32, 20, 30, 30, 45][rng.random_range(0..5)];
                if (minute < 13 * 60 && minute + length > 12 * 60) || minute + length > 17 * 60 {
                    minute = if minute < 13 * 60 { 13 * 60 } else { 17 * 60 };
                    continue;
                }
                let starts_at = local(self.tz, day, minute / 60, minute % 60);
                let offset = (day - self.now.with_timezone(&self.tz).date_naive()).num_days();
                *next_appointment += 1;
                appointments.push(appointment::Model {
                    id: *next_appointment,
                    patient_id: rng.random_range(1..=self.patient_count),
                    resource_id: resource.id,
                    provider_id: resource.provider_id,
                    type_id: VISITS[rng.random_range(0..VISITS.len())].0,
                    status_id: day_status(rng, offset, starts_at, self.now),
                    starts_at,
                    ends_at: starts_at + Duration::minutes(i64::from(length)),
                    length_minutes: length as i32,
                    notes: String::new(),
                    pending: false,
                    replaces_id: None,
                    archived: rng.random_bool(0.02),
                    created_by: 8,
                    created_at: starts_at - Duration::days(14),
                    updated_at: starts_at,
                    version: 1,
                });
                minute += length;
            }
        }
        (appointments, spans)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn treatment_plans_price_the_practice_codes_at_their_standard_fees() {
        for (code, description, fee) in PROCEDURES {
            let line = crate::fees::line(code);
            assert_eq!((line.description.as_str(), line.fee_cents), (*description, *fee), "{code}");
        }
    }
}
