//! The demo practice: a realistic two-office medical and dental practice, dated
//! relative to today and reproducible from a seed. `pocketchart demo` or
//! `serve --demo` fills an empty database with it, and the benchmarks grow it into a
//! large practice (`large`). A client of the store: it builds rows in memory (one
//! module per area: `people`, `chart`, `orders`, `schedule`) and writes them through
//! the store's connection; later areas add their own module.

pub mod chart;
pub mod clinical;
pub mod fees;
pub mod households;
pub mod large;
pub mod names;
pub mod orders;
pub mod people;
pub mod reference;
pub mod referrers;
pub mod schedule;
mod write;

use chrono::{DateTime, Utc};
use households::household;
use people::NamePools;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use sea_orm::TransactionTrait;
use store::Store;
use store::entities::{
    account, appointment_status, appointment_type, employment_status, fee, fee_schedule, language, marital_status,
    office, patient, patient_phone, patient_relationship, resource, user,
};
use store::names::NameKind;
pub use write::Written;

pub const DEFAULT_SEED: u64 = 20_261_122;
pub const DEFAULT_PATIENTS: usize = 600;
/// Everyone in the demo practice logs in with this password; it is demo data only.
pub const DEMO_PASSWORD: &str = "demo";
pub const DEMO_USERNAME: &str = "demo";

#[derive(Clone, Debug)]
pub struct DemoOptions {
    pub seed: u64,
    /// "Now" for the practice: every date is placed relative to it.
    pub now: DateTime<Utc>,
    pub patients: usize,
}

impl DemoOptions {
    pub fn at(now: DateTime<Utc>) -> Self {
        Self { seed: DEFAULT_SEED, now, patients: DEFAULT_PATIENTS }
    }
}

/// Everything the demo practice holds, before it is written.
#[derive(Debug)]
pub struct DemoPractice {
    pub offices: Vec<office::Model>,
    pub fee_schedules: Vec<fee_schedule::Model>,
    pub fees: Vec<fee::Model>,
    pub languages: Vec<language::Model>,
    pub marital_statuses: Vec<marital_status::Model>,
    pub employment_statuses: Vec<employment_status::Model>,
    pub patient_relationships: Vec<patient_relationship::Model>,
    /// Users with an empty password hash: hashing happens when writing.
    pub users: Vec<user::Model>,
    pub resources: Vec<resource::Model>,
    pub appointment_types: Vec<appointment_type::Model>,
    pub appointment_statuses: Vec<appointment_status::Model>,
    pub accounts: Vec<account::Model>,
    pub patients: Vec<patient::Model>,
    pub chart: chart::ChartRecords,
    pub clinical: clinical::ClinicalRecords,
    pub referrers: Vec<store::entities::referrer::Model>,
    pub referrer_words: Vec<store::entities::referrer_word::Model>,
    /// The patient whose chart has entries in every section.
    /// The patient whose chart has entries in every section (0 in a practice without patients).
    pub showcase_patient: i64,
    pub work: orders::WorkRecords,
    pub schedule: schedule::ScheduleRecords,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DemoSummary {
    pub users: usize,
    pub accounts: usize,
    pub patients: usize,
}

#[derive(Debug, thiserror::Error)]
pub enum DemoError {
    #[error("the database already holds a practice; the demo only fills an empty database")]
    NotEmpty,
    #[error(transparent)]
    Hash(#[from] domain::credentials::HashError),
    #[error(transparent)]
    Db(#[from] store::DbErr),
}

// Ids of the fixed rows the generator refers to.
const OFFICE_DOWNTOWN: i64 = 1;
const OFFICE_EASTSIDE: i64 = 2;
const PROVIDER_BENNETT: i64 = 3;
const PROVIDER_CHEN: i64 = 4;
const PROVIDER_RAMAN: i64 = 5;
const PROVIDER_WHITFIELD: i64 = 6;
const PROVIDER_OCONNOR: i64 = 7;
const MARRIED: i64 = 2;
const RELATION_SELF: i64 = 1;
const RELATION_SPOUSE: i64 = 2;
const RELATION_CHILD: i64 = 3;
const FEE_MEDICARE: i64 = 2;

/// Builds the practice in memory. Pure: the same options give the same practice.
pub fn build(options: &DemoOptions) -> DemoPractice {
    let mut rng = ChaCha8Rng::seed_from_u64(options.seed);
    let now = options.now;
    let today = now.date_naive();

    let offices = reference::offices();
    let resources = reference::resources();
    let pools = NamePools::default();
    let mut accounts = Vec::new();
    let mut patients: Vec<patient::Model> = Vec::with_capacity(options.patients + 8);
    while patients.len() < options.patients {
        let account_id = accounts.len() as i64 + 1;
        let household = household(&mut rng, &pools, today, now, account_id, patients.len() as i64 + 1, false);
        accounts.push(household.account);
        patients.extend(household.members);
    }
    let chart = chart::build(&mut rng, &pools, &patients, &accounts, now);
    let users = reference::users(now);
    let providers = provider_names(&users);
    // Several hundred orders: two for every three patients, and never fewer than 300
    // when there are patients, so every filter of the work list has something to show.
    let order_count = if patients.is_empty() { 0 } else { (options.patients * 2 / 3).max(300) };
    let work = orders::build(&mut rng, &patients, order_count, now);
    // Chosen before the schedule, whose draws depend on the weekday and the hour: the
    // showcase must be the same patient whenever the demo is built (the browser tests
    // open their chart).
    let showcase = showcase_patient(&patients, &chart, &work, today);
    let time_zone: chrono_tz::Tz = schedule::DEMO_TIME_ZONE.parse().unwrap_or(chrono_tz::UTC);
    let mut schedule = schedule::build(&mut rng, &patients, &resources, time_zone, now);
    let mut chart = chart;
    // A practice without patients (the base of a large one) has no showcase.
    if showcase != 0 {
        chart::complete_showcase(&mut chart, showcase, now);
        schedule::complete_showcase(&mut schedule, showcase, now);
    }
    let (referrers, referrer_words) = referrers::build(options.seed, referrers::DEMO_REFERRERS);
    let clinical =
        clinical::build(options.seed, &patients, &providers, now, showcase, clinical::DEMO_IMAGES, &referrers);

    DemoPractice {
        offices,
        fee_schedules: reference::fee_schedules(),
        fees: fees::build(),
        languages: reference::languages(),
        marital_statuses: reference::marital_statuses(),
        employment_statuses: reference::employment_statuses(),
        patient_relationships: reference::patient_relationships(),
        users,
        resources,
        appointment_types: reference::appointment_types(),
        appointment_statuses: reference::appointment_statuses(),
        accounts,
        patients,
        chart,
        clinical,
        referrers,
        referrer_words,
        showcase_patient: showcase,
        work,
        schedule,
    }
}

/// The providers as notes sign them: "First Last, Title".
fn provider_names(users: &[user::Model]) -> Vec<String> {
    users.iter().filter(|u| u.is_provider).map(store::users::signature).collect()
}

/// The adult (30 or older, old enough for every section) with the most of: an order,
/// vitals, an allergy, a problem and an alert. Read only from rows whose draws do not
/// depend on the time of day. `chart::complete_showcase` and `schedule::complete_showcase`
/// add what chance did not give them, and the clinical builder fills every other section,
/// so one demo chart shows all 28.
fn showcase_patient(
    patients: &[patient::Model],
    chart: &chart::ChartRecords,
    work: &orders::WorkRecords,
    today: chrono::NaiveDate,
) -> i64 {
    use std::collections::HashSet;
    let allergies: HashSet<i64> = chart.allergies.iter().map(|a| a.patient_id).collect();
    let problems: HashSet<i64> = chart.problems.iter().map(|p| p.patient_id).collect();
    let alerts: HashSet<i64> = chart.patient_alerts.iter().map(|a| a.patient_id).collect();
    let ordered: HashSet<i64> = work.orders.iter().filter_map(|o| o.patient_id).collect();
    let measured: HashSet<i64> = work.vitals.iter().map(|v| v.patient_id).collect();
    patients
        .iter()
        .filter(|p| p.birthdate.is_some_and(|b| people::age_on(b, today) >= 30))
        .map(|p| p.id)
        // The most of those lists, the lowest id among equals.
        .max_by_key(|id| {
            // Orders and vitals first: the others are added when missing.
            let count = |sets: &[&HashSet<i64>]| sets.iter().filter(|set| set.contains(id)).count();
            (count(&[&ordered, &measured]), count(&[&allergies, &problems, &alerts]), std::cmp::Reverse(*id))
        })
        .or_else(|| patients.first().map(|p| p.id))
        .unwrap_or(0)
}

/// Fills an empty database with the demo practice.
pub async fn fill(store: &Store, options: &DemoOptions) -> Result<DemoSummary, DemoError> {
    if !store.is_empty_practice().await? {
        return Err(DemoError::NotEmpty);
    }
    let mut practice = build(options);
    let digest = domain::credentials::PasswordDigest::of_typed(DEMO_PASSWORD);
    for user in &mut practice.users {
        user.password_hash = domain::credentials::hash_password(&digest)?;
    }
    let summary = DemoSummary {
        users: practice.users.len(),
        accounts: practice.accounts.len(),
        patients: practice.patients.len(),
    };

    let mut written = Written::default();
    let txn = store.connection().begin().await?;
    written.rows(&txn, practice.offices).await?;
    written.rows(&txn, practice.fee_schedules).await?;
    written.rows(&txn, practice.fees).await?;
    written.rows(&txn, practice.languages).await?;
    written.rows(&txn, practice.marital_statuses).await?;
    written.rows(&txn, practice.employment_statuses).await?;
    written.rows(&txn, practice.patient_relationships).await?;
    written.rows(&txn, practice.users).await?;
    written.rows(&txn, practice.resources).await?;
    written.rows(&txn, practice.appointment_types).await?;
    written.rows(&txn, practice.appointment_statuses).await?;
    written.rows(&txn, practice.accounts).await?;
    let phones = phone_index(&practice.patients);
    let mut keys: Vec<(NameKind, String)> = practice
        .patients
        .iter()
        .flat_map(|p| [(NameKind::Last, p.last_name_key.clone()), (NameKind::First, p.first_name_key.clone())])
        .collect();
    keys.sort_by(|a, b| (a.0 as i16, &a.1).cmp(&(b.0 as i16, &b.1)));
    keys.dedup();
    written.households(&txn, practice.patients).await?;
    written.rows(&txn, phones).await?;
    for batch in keys.chunks(400) {
        store::patients::insert_name_keys(&txn, batch).await?;
    }
    let chart = practice.chart;
    written.rows(&txn, chart.patient_alerts).await?;
    written.rows(&txn, chart.account_alerts).await?;
    written.rows(&txn, chart.allergies).await?;
    written.rows(&txn, chart.problems).await?;
    written.rows(&txn, chart.emergency_contacts).await?;
    written.rows(&txn, chart.insurance_policies).await?;
    written.rows(&txn, chart.ledger_entries).await?;
    written.rows(&txn, practice.referrers).await?;
    written.rows(&txn, practice.referrer_words).await?;
    let clinical = practice.clinical;
    written.rows(&txn, clinical.referrals).await?;
    written.rows(&txn, clinical.entries).await?;
    written.rows(&txn, clinical.files).await?;
    written.rows(&txn, clinical.reviews).await?;
    let work = practice.work;
    written.rows(&txn, work.incidents).await?;
    let words = store::orders::word_rows(&work.orders);
    written.rows(&txn, work.orders).await?;
    written.rows(&txn, words).await?;
    written.rows(&txn, work.notes).await?;
    written.rows(&txn, work.status_updates).await?;
    written.rows(&txn, work.vitals).await?;
    let schedule = practice.schedule;
    written.rows(&txn, schedule.transparency_types).await?;
    written.rows(&txn, schedule.transparencies).await?;
    written.rows(&txn, schedule.appointments).await?;
    written.rows(&txn, schedule.follow_ups).await?;
    written.rows(&txn, schedule.plans).await?;
    written.rows(&txn, schedule.phases).await?;
    written.rows(&txn, schedule.charges).await?;
    store::preferences::save_practice_preference_in(
        &txn,
        "practice.timeZone",
        &serde_json::json!(schedule::DEMO_TIME_ZONE),
        options.now,
    )
    .await?;
    written.move_sequences(&txn, store.backend()).await?;
    txn.commit().await?;
    store.mark_names_stale();
    // The generated SSNs were written as they are; they are stored encrypted.
    store.seal_identifiers().await?;
    Ok(summary)
}

/// The phone search rows of the demo patients.
pub fn phone_index(patients: &[patient::Model]) -> Vec<patient_phone::Model> {
    patients
        .iter()
        .flat_map(|p| {
            [(1i16, &p.phone1_number), (2, &p.phone2_number), (3, &p.phone3_number)]
                .into_iter()
                .filter(|(_, number)| number.len() == 10)
                .map(|(position, number)| patient_phone::Model {
                    patient_id: p.id,
                    position,
                    number: number.clone(),
                    local_number: number[3..].to_owned(),
                })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use people::age_on;

    fn options() -> DemoOptions {
        DemoOptions::at(DateTime::parse_from_rfc3339("2026-11-22T15:00:00Z").expect("date").with_timezone(&Utc))
    }

    #[test]
    fn same_seed_gives_the_same_practice() {
        let a = build(&options());
        let b = build(&options());
        assert_eq!(a.patients, b.patients);
        assert_eq!(a.accounts, b.accounts);
        let c = build(&DemoOptions { seed: 1, ..options() });
        assert_ne!(a.patients, c.patients);
    }

    #[test]
    fn practice_has_the_promised_shape() {
        let practice = build(&options());
        assert_eq!(practice.offices.len(), 2);
        assert_eq!(practice.users.iter().filter(|u| u.is_provider).count(), 5);
        assert_eq!(practice.users.iter().filter(|u| !u.is_provider).count(), 4, "3 staff plus demo");
        assert!(practice.users.iter().any(|u| u.username == DEMO_USERNAME));
        assert!(practice.users.iter().all(|u| u.id > 1), "id 1 is the system user");
        assert_eq!(practice.resources.len(), 4);
        assert!(practice.patients.len() >= 500);
    }

    #[test]
    fn the_showcase_patient_has_every_chart_section_and_others_have_some() {
        let practice = build(&options());
        let showcase = practice.showcase_patient;
        let sections: std::collections::BTreeSet<&str> =
            practice.clinical.entries.iter().filter(|e| e.patient_id == showcase).map(|e| e.section.as_str()).collect();
        let kept_elsewhere = domain::clinical::Section::ALL
            .into_iter()
            .filter(|s| s.storage() == domain::clinical::Storage::OwnTable)
            .count();
        // Referrals are in their own table but drawn by the clinical builder too.
        assert_eq!(sections.len(), 28 - kept_elsewhere, "{sections:?}");
        assert!(practice.clinical.referrals.iter().any(|r| r.patient_id == showcase));
        assert!(practice.chart.allergies.iter().any(|a| a.patient_id == showcase));
        let with_charts: std::collections::BTreeSet<i64> =
            practice.clinical.entries.iter().map(|e| e.patient_id).collect();
        assert!(with_charts.len() > practice.patients.len() / 2, "many patients have charts");
        let with_notes: std::collections::BTreeSet<i64> =
            practice.clinical.entries.iter().filter(|e| e.section == "clinicalNotes").map(|e| e.patient_id).collect();
        assert!(with_notes.len() < practice.patients.len() * 3 / 4, "many sections are empty for many patients");
        assert!(practice.clinical.reviews.iter().any(|r| r.section == "allergies" && r.none_known));
        // Every stored resource reads back as its row's section.
        for entry in &practice.clinical.entries {
            let resource: domain::clinical::ClinicalResource =
                serde_json::from_str(&entry.resource).expect("a resource");
            assert_eq!(resource.section().key(), entry.section);
        }
    }

    /// The browser tests open this patient's chart (`SHOWCASE_PATIENT` in
    /// web/e2e/fixtures.ts), on a demo built whenever the suite starts.
    const SHOWCASE_PATIENT: i64 = 551;

    #[test]
    fn the_showcase_is_the_same_patient_at_any_time_and_has_orders_vitals_and_a_plan() {
        let times = [
            "2026-11-22T15:00:00Z", // a Sunday afternoon
            "2026-11-23T08:07:00Z", // a Monday, before the practice opens
            "2026-11-25T19:30:00Z", // a Wednesday evening
            "2026-11-28T03:00:00Z", // a Saturday night
            "2027-02-01T12:00:00Z", // another month
        ];
        for time in times {
            let now = DateTime::parse_from_rfc3339(time).expect("date").with_timezone(&Utc);
            let practice = build(&DemoOptions::at(now));
            let showcase = practice.showcase_patient;
            assert_eq!(showcase, SHOWCASE_PATIENT, "at {time}");
            assert!(practice.work.orders.iter().any(|o| o.patient_id == Some(showcase)), "an order at {time}");
            assert!(practice.work.vitals.iter().any(|v| v.patient_id == showcase), "vitals at {time}");
            let plan = practice.schedule.plans.iter().find(|p| p.patient_id == showcase).expect("a plan");
            let phases: Vec<i64> =
                practice.schedule.phases.iter().filter(|p| p.plan_id == plan.id).map(|p| p.id).collect();
            assert!(practice.schedule.charges.iter().any(|c| phases.contains(&c.phase_id)), "a priced plan at {time}");
        }
    }

    #[test]
    fn vaccines_are_given_after_licence_and_birth_and_doses_count_up_in_order() {
        use domain::clinical::{ClinicalResource, Immunization};
        let practice = build(&options());
        let birth: std::collections::HashMap<i64, chrono::NaiveDate> =
            practice.patients.iter().filter_map(|p| Some((p.id, p.birthdate?))).collect();
        let mut series: std::collections::BTreeMap<(i64, String), Vec<Immunization>> = Default::default();
        for entry in practice.clinical.entries.iter().filter(|e| e.section == "immunizations") {
            let Ok(ClinicalResource::Immunizations(shot)) = serde_json::from_str(&entry.resource) else {
                panic!("entry {} is not an immunization", entry.id)
            };
            assert!(birth.get(&entry.patient_id).is_none_or(|b| shot.occurrence > *b));
            if shot.cvx == "309" {
                assert!(shot.occurrence.to_string().as_str() >= "2021-08-23", "COVID-19 dose on {}", shot.occurrence);
            }
            if shot.status == "completed" {
                series.entry((entry.patient_id, shot.cvx.clone())).or_default().push(shot);
            }
        }
        assert!(series.len() > 100);
        for ((patient, cvx), mut doses) in series {
            doses.sort_by_key(|d| d.occurrence);
            let numbers: Vec<Option<i32>> = doses.iter().map(|d| d.dose_number).collect();
            let expected: Vec<Option<i32>> = (1..=doses.len() as i32).map(Some).collect();
            assert_eq!(numbers, expected, "patient {patient}, CVX {cvx}");
        }
    }

    #[test]
    fn a_note_reads_like_its_authors_field() {
        use domain::clinical::ClinicalResource;
        let practice = build(&options());
        let mut seen = 0;
        for entry in practice.clinical.entries.iter().filter(|e| e.section == "clinicalNotes") {
            let Ok(ClinicalResource::ClinicalNotes(note)) = serde_json::from_str(&entry.resource) else {
                panic!("entry {} is not a note", entry.id)
            };
            let dentist = note.author.ends_with(", DDS") || note.author.ends_with(", DMD");
            let dental_text = note.text.contains("Tooth") || note.text.contains("#18");
            assert_eq!(dentist, dental_text, "{} wrote: {}", note.author, note.text);
            seen += 1;
        }
        assert!(seen > 100);
    }

    #[test]
    fn every_patient_has_full_demographics_and_a_guarantor_in_their_account() {
        let practice = build(&options());
        let today = options().now.date_naive();
        for p in &practice.patients {
            assert!(!p.first_name.is_empty() && !p.last_name.is_empty());
            assert!(!p.street_address.is_empty() && !p.city.is_empty() && p.zip_code.len() == 5);
            assert!(p.birthdate.is_some() && p.marital_status_id.is_some() && p.preferred_language_id.is_some());
            let guarantor = practice.patients.iter().find(|g| Some(g.id) == p.primary_guarantor_id).expect("guarantor");
            assert_eq!(guarantor.account_id, p.account_id);
            assert!(age_on(guarantor.birthdate.expect("birthdate"), today) >= 18, "guarantors are adults");
            for number in [&p.phone1_number, &p.phone2_number, &p.phone3_number] {
                assert!(number.is_empty() || number.len() == 10);
            }
        }
        let account = &practice.accounts[0];
        assert_eq!(account.primary_patient_id, Some(practice.patients[0].id));
    }

    #[test]
    fn work_covers_every_status_many_types_and_toddler_vitals() {
        let practice = build(&options());
        let work = &practice.work;
        assert!(work.orders.len() >= 300, "several hundred orders");
        for status in 1..=9 {
            assert!(work.orders.iter().any(|o| o.status_id == status), "status {status}");
        }
        let types: std::collections::HashSet<i64> = work.orders.iter().map(|o| o.type_id).collect();
        assert!(types.len() >= 12 && types.contains(&50), "{types:?}");
        assert!(work.orders.iter().any(|o| o.urgent) && work.orders.iter().any(|o| o.patient_id.is_none()));
        assert!(work.orders.iter().filter(|o| o.assigned_to_user_id == 2).count() >= 50, "demo has a work list");
        assert!(work.vitals.iter().any(|v| v.head_circumference_mm.is_some()), "toddlers measured");
        assert!(work.vitals.iter().any(|v| v.systolic.is_some()), "adults measured");
        assert!(work.incidents.iter().any(|i| i.is_current));
        for note in &work.notes {
            assert!(work.orders.iter().any(|o| o.id == note.order_id));
        }
    }

    #[test]
    fn schedule_is_busy_today_on_every_resource_and_never_double_booked() {
        let practice = build(&options());
        let schedule = &practice.schedule;
        let tz: chrono_tz::Tz = schedule::DEMO_TIME_ZONE.parse().expect("zone");
        let today = options().now.with_timezone(&tz).date_naive();
        for resource in &practice.resources {
            let today_count = schedule
                .appointments
                .iter()
                .filter(|a| a.resource_id == resource.id && a.starts_at.with_timezone(&tz).date_naive() == today)
                .count();
            assert!(today_count >= 3, "resource {} has {today_count} appointments today", resource.id);
        }
        let rules: std::collections::HashSet<&str> =
            schedule.transparency_types.iter().map(|t| t.rule.as_str()).collect();
        assert_eq!(rules.len(), 3, "refuse, confirm and display");
        let booked: Vec<_> = schedule.appointments.iter().filter(|a| !a.archived).collect();
        for (i, a) in booked.iter().enumerate() {
            for b in &booked[i + 1..] {
                assert!(
                    a.resource_id != b.resource_id
                        || !domain::schedule::overlaps(a.starts_at, a.ends_at, b.starts_at, b.ends_at),
                    "appointments {} and {} overlap",
                    a.id,
                    b.id
                );
            }
        }
        assert!(schedule.follow_ups.iter().any(|f| f.appointment_id.is_some()));
        assert!(schedule.follow_ups.iter().any(|f| f.appointment_id.is_none()));
        assert!(schedule.phases.iter().any(|p| p.sort_order > 0), "plans with several phases");
    }

    #[test]
    fn practice_includes_toddlers_secondary_guarantors_and_single_households() {
        let practice = build(&options());
        let today = options().now.date_naive();
        assert!(practice.patients.iter().any(|p| age_on(p.birthdate.expect("b"), today) <= 3));
        assert!(practice.patients.iter().any(|p| p.secondary_guarantor_id.is_some()));
        assert!(practice.patients.iter().any(|p| p.secondary_guarantor_id.is_none()));
    }
}
