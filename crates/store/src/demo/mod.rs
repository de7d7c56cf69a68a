//! The demo practice: a realistic two-office medical and dental practice, dated
//! relative to today and reproducible from a seed. `pocketchart demo` or
//! `serve --demo` fills an empty database with it; later areas add their own records
//! to the same generator.

pub mod chart;
pub mod large;
pub mod names;
pub mod orders;
pub mod people;
pub mod schedule;

use chrono::{DateTime, Duration, NaiveDate, Utc};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sea_orm::{
    ActiveModelTrait, ConnectionTrait, DatabaseTransaction, EntityTrait, IntoActiveModel, PaginatorTrait,
    TransactionTrait,
};

use crate::entities::{
    account, appointment_status, appointment_type, employment_status, fee_schedule, language, marital_status, office,
    patient, patient_phone, patient_relationship, resource, user,
};
use crate::names::NameKind;
use crate::{Backend, Store};
use people::NamePools;

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
    Db(#[from] crate::DbErr),
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

fn list<M>(items: &[&str], make: impl Fn(i64, String) -> M) -> Vec<M> {
    items.iter().zip(1..).map(|(text, id)| make(id, (*text).to_owned())).collect()
}

/// Builds the practice in memory. Pure: the same options give the same practice.
pub fn build(options: &DemoOptions) -> DemoPractice {
    let mut rng = ChaCha8Rng::seed_from_u64(options.seed);
    let now = options.now;
    let today = now.date_naive();

    let offices = vec![
        office::Model {
            id: OFFICE_DOWNTOWN,
            name: "Downtown Clinic".into(),
            street_address: "1120 SW 5th Ave, Suite 300".into(),
            city: "Portland".into(),
            state: "OR".into(),
            zip_code: "97204".into(),
            phone: "5035550100".into(),
        },
        office::Model {
            id: OFFICE_EASTSIDE,
            name: "Eastside Clinic".into(),
            street_address: "4310 SE Hawthorne Blvd".into(),
            city: "Portland".into(),
            state: "OR".into(),
            zip_code: "97215".into(),
            phone: "5035550150".into(),
        },
    ];
    let fee_schedules = list(
        &[
            "Standard",
            "Medicare",
            "Medicaid (Oregon Health Plan)",
            "Delta Dental PPO",
            "Aetna PPO",
            "Self-Pay Discount",
        ],
        |id, name| fee_schedule::Model { id, name },
    );
    let languages = list(
        &[
            "English",
            "Spanish",
            "Vietnamese",
            "Chinese (Mandarin)",
            "Chinese (Cantonese)",
            "Russian",
            "Korean",
            "Tagalog",
            "Arabic",
            "Ukrainian",
            "Japanese",
            "Somali",
            "Romanian",
            "French",
            "German",
            "Hindi",
            "Portuguese",
            "American Sign Language",
            "Other",
        ],
        |id, name| language::Model { id, name },
    );
    let marital_statuses = list(
        &["Single", "Married", "Divorced", "Widowed", "Separated", "Domestic Partner", "Unknown"],
        |id, description| marital_status::Model { id, description },
    );
    let employment_statuses = list(
        &[
            "Employed Full-Time",
            "Employed Part-Time",
            "Self-Employed",
            "Unemployed",
            "Retired",
            "Student (Full-Time)",
            "Student (Part-Time)",
            "Unknown",
        ],
        |id, description| employment_status::Model { id, description },
    );
    let patient_relationships = list(
        &[
            "Self",
            "Spouse",
            "Child",
            "Parent",
            "Grandparent",
            "Grandchild",
            "Sibling",
            "Legal Guardian",
            "Domestic Partner",
            "Other",
        ],
        |id, description| patient_relationship::Model { id, description },
    );

    let staff = |id: i64, username: &str, first: &str, last: &str, title: &str, provider: bool, npi: u32| user::Model {
        id,
        username: username.into(),
        password_hash: String::new(),
        first_name: first.into(),
        last_name: last.into(),
        professional_title: title.into(),
        unique_id: username.to_uppercase(),
        is_provider: provider,
        npi: if provider { people::npi_with_check_digit(npi) } else { String::new() },
        disabled: false,
        created_at: now - Duration::days(900),
        updated_at: now - Duration::days(900),
    };
    let users = vec![
        staff(2, DEMO_USERNAME, "Jordan", "Avery", "Office Manager", false, 0),
        staff(PROVIDER_BENNETT, "obennett", "Olivia", "Bennett", "DDS", true, 148_203_957),
        staff(PROVIDER_CHEN, "mchen", "Marcus", "Chen", "MD", true, 162_947_305),
        staff(PROVIDER_RAMAN, "praman", "Priya", "Raman", "DMD", true, 175_830_264),
        staff(PROVIDER_WHITFIELD, "swhitfield", "Sarah", "Whitfield", "FNP-C", true, 139_572_618),
        staff(PROVIDER_OCONNOR, "joconnor", "James", "O'Connor", "MD", true, 120_486_739),
        staff(8, "ecarter", "Emily", "Carter", "Front Desk Coordinator", false, 0),
        staff(9, "lortega", "Luis", "Ortega", "Billing Specialist", false, 0),
        staff(10, "hkim", "Hannah", "Kim", "Dental Assistant", false, 0),
    ];
    let resources = vec![
        resource::Model {
            id: 1,
            name: "Chair 1".into(),
            office_id: OFFICE_DOWNTOWN,
            provider_id: Some(PROVIDER_BENNETT),
            sort_order: 1,
        },
        resource::Model {
            id: 2,
            name: "Chair 2".into(),
            office_id: OFFICE_DOWNTOWN,
            provider_id: Some(PROVIDER_RAMAN),
            sort_order: 2,
        },
        resource::Model {
            id: 3,
            name: "Exam Room 1".into(),
            office_id: OFFICE_EASTSIDE,
            provider_id: Some(PROVIDER_CHEN),
            sort_order: 3,
        },
        resource::Model {
            id: 4,
            name: "Exam Room 2".into(),
            office_id: OFFICE_EASTSIDE,
            provider_id: None,
            sort_order: 4,
        },
    ];
    // Id 1 of each list is the "none" entry: ids of 1 or less mean none (spec part 2).
    let appointment_types = [
        ("None", 30, "#9E9E9E"),
        ("New Patient Exam", 60, "#1F6A96"),
        ("Recall / Hygiene", 60, "#2E7D32"),
        ("Follow-Up", 30, "#00695C"),
        ("Consultation", 30, "#283593"),
        ("Restorative", 90, "#AD1457"),
        ("Emergency", 30, "#B71C1C"),
        ("Annual Physical", 45, "#4E342E"),
        ("Sick Visit", 20, "#BF360C"),
        ("Procedure", 60, "#7446AA"),
    ]
    .iter()
    .zip(1..)
    .map(|((name, length, color), id)| appointment_type::Model {
        id,
        name: (*name).into(),
        default_length: *length,
        color: (*color).into(),
    })
    .collect();
    let appointment_statuses = [
        ("None", "#000000", "active"),
        ("Unconfirmed", "#000000", "active"),
        ("Confirmed", "#000000", "active"),
        ("Checked In", "#000000", "active"),
        ("In Treatment", "#000000", "active"),
        ("Completed", "#000000", "active"),
        ("Missed", "#B71C1C", "missed"),
        ("Cancelled", "#1F6A96", "cancelled"),
        ("To Reschedule", "#7446AA", "reschedule"),
    ]
    .iter()
    .zip(1..)
    .map(|((name, color, category), id)| appointment_status::Model {
        id,
        name: (*name).into(),
        color: (*color).into(),
        category: (*category).into(),
    })
    .collect();

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
    // Several hundred orders: two for every three patients, and never fewer than 300
    // when there are patients, so every filter of the work list has something to show.
    let order_count = if patients.is_empty() { 0 } else { (options.patients * 2 / 3).max(300) };
    let work = orders::build(&mut rng, &patients, order_count, now);
    let time_zone: chrono_tz::Tz = schedule::DEMO_TIME_ZONE.parse().unwrap_or(chrono_tz::UTC);
    let schedule = schedule::build(&mut rng, &patients, &resources, time_zone, now);

    DemoPractice {
        offices,
        fee_schedules,
        languages,
        marital_statuses,
        employment_statuses,
        patient_relationships,
        users,
        resources,
        appointment_types,
        appointment_statuses,
        accounts,
        patients,
        chart,
        work,
        schedule,
    }
}

pub(crate) struct Household {
    pub account: account::Model,
    pub members: Vec<patient::Model>,
}

/// One account: a guarantor, perhaps a spouse, perhaps children, sharing an address.
/// With `long_tail`, some households get a rare surname, as a large practice has
/// tens of thousands of distinct ones.
pub(crate) fn household(
    rng: &mut ChaCha8Rng,
    pools: &NamePools,
    today: NaiveDate,
    now: DateTime<Utc>,
    account_id: i64,
    first_patient_id: i64,
    long_tail: bool,
) -> Household {
    let (office_id, provider_choices): (i64, &[i64]) = if rng.random_bool(0.6) {
        (OFFICE_DOWNTOWN, &[PROVIDER_BENNETT, PROVIDER_RAMAN, PROVIDER_WHITFIELD])
    } else {
        (OFFICE_EASTSIDE, &[PROVIDER_CHEN, PROVIDER_OCONNOR, PROVIDER_WHITFIELD])
    };
    let account_provider = provider_choices[rng.random_range(0..provider_choices.len())];
    let surname: String =
        if long_tail && rng.random_bool(0.3) { people::rare_surname(rng) } else { pools.surnames.pick(rng).to_owned() };
    let address = people::address(rng);
    let phone_of =
        |rng: &mut ChaCha8Rng| if long_tail { people::benchmark_phone(rng) } else { people::fictional_phone(rng) };
    let home_phone = rng.random_bool(0.45).then(|| phone_of(rng));
    let opened = now - Duration::days(rng.random_range(1..8 * 365)) - Duration::minutes(rng.random_range(0..600));

    let holder_age = match rng.random_range(0..100) {
        0..=9 => rng.random_range(19..26),
        10..=69 => rng.random_range(26..56),
        _ => rng.random_range(56..92),
    };
    let has_spouse = holder_age >= 22 && rng.random_bool(0.55);
    let children = if (24..=55).contains(&holder_age) && rng.random_bool(0.6) { rng.random_range(1..=3) } else { 0 };

    let mut members = Vec::new();
    let mut next_id = first_patient_id;
    let holder_id = next_id;
    let spouse_id = has_spouse.then_some(holder_id + 1);

    let mut person = |rng: &mut ChaCha8Rng, role: i64, age: i64, sex: i16| {
        let id = next_id;
        next_id += 1;
        let first = pools.first_name(rng, sex, age);
        let mut last: &str = &surname;
        let mut maiden = String::new();
        if role == RELATION_SPOUSE && rng.random_bool(0.25) {
            last = pools.surnames.pick(rng); // kept their own name
        } else if role == RELATION_SPOUSE && sex == 1 && rng.random_bool(0.6) {
            maiden = pools.surnames.pick(rng).to_owned();
        }
        let adult = age >= 18;
        let birthdate = people::birthdate_for_age(rng, today, age);
        let mobile = (age >= 13).then(|| phone_of(rng));
        let work = (adult && rng.random_bool(0.25)).then(|| phone_of(rng));
        let mut phones: Vec<(String, i16)> = Vec::new();
        if let Some(number) = mobile {
            phones.push((number, 2));
        }
        if let Some(number) = &home_phone {
            phones.push((number.clone(), 0));
        }
        if let Some(number) = work {
            phones.push((number, 1));
        }
        let phone = |i: usize| phones.get(i).cloned();
        let marital = match (role, age) {
            (RELATION_CHILD, _) => 1,
            (_, _) if has_spouse => MARRIED,
            (_, a) if a >= 70 && rng.random_bool(0.4) => 4,
            (_, a) if a >= 35 && rng.random_bool(0.3) => 3,
            _ => {
                if rng.random_bool(0.05) {
                    7
                } else {
                    1
                }
            }
        };
        let employment = match age {
            0..=4 => 8,
            5..=17 => 6,
            18..=22 if rng.random_bool(0.6) => 6,
            a if a >= 66 && rng.random_bool(0.8) => 5,
            _ => [1, 1, 1, 1, 2, 3, 4, 8][rng.random_range(0..8)],
        };
        let fee_schedule = if age >= 65 && rng.random_bool(0.7) {
            FEE_MEDICARE
        } else {
            [1, 1, 1, 3, 4, 4, 5, 5, 6][rng.random_range(0..9)]
        };
        let middle = if rng.random_bool(0.55) { pools.first_name(rng, sex, age).to_owned() } else { String::new() };
        let prefix = if adult && rng.random_bool(0.15) {
            match sex {
                0 => "Mr.",
                1 => ["Ms.", "Mrs."][rng.random_range(0..2)],
                _ => "Mx.",
            }
        } else {
            ""
        };
        let suffix = if role == RELATION_SELF && sex == 0 && rng.random_bool(0.04) {
            ["Jr.", "Sr.", "III"][rng.random_range(0..3)]
        } else {
            ""
        };
        let patient_provider = if rng.random_bool(0.8) {
            account_provider
        } else {
            provider_choices[rng.random_range(0..provider_choices.len())]
        };
        let created = opened + Duration::days(if role == RELATION_SELF { 0 } else { rng.random_range(0..90) });
        patient::Model {
            id,
            display_id: (10_000 + id).to_string(),
            account_id,
            first_name: first.to_owned(),
            last_name: last.to_owned(),
            middle,
            prefix: prefix.to_owned(),
            suffix: suffix.to_owned(),
            maiden_name: maiden,
            nickname: people::nickname_for(first).filter(|_| rng.random_bool(0.3)).unwrap_or("").to_owned(),
            birthdate: Some(birthdate),
            sex,
            government_identifier: if age >= 1 || rng.random_bool(0.5) {
                people::fictional_ssn(rng)
            } else {
                String::new()
            },
            marital_status_id: Some(marital),
            employment_status_id: Some(employment),
            preferred_language_id: Some(people::preferred_language(rng, last)),
            relationship_to_primary_id: Some(role),
            relationship_to_secondary_id: match (spouse_id, role) {
                (Some(_), RELATION_SELF) => Some(RELATION_SPOUSE),
                (Some(_), RELATION_SPOUSE) => Some(RELATION_SELF),
                (Some(_), _) => Some(RELATION_CHILD),
                (None, _) => None,
            },
            primary_guarantor_id: Some(holder_id),
            secondary_guarantor_id: spouse_id,
            street_address: address.street_address.clone(),
            suite: address.suite.clone(),
            city: address.city.to_owned(),
            state: address.state.to_owned(),
            zip_code: address.zip_code.to_owned(),
            country: "United States of America".into(),
            phone1_number: phone(0).map(|p| p.0).unwrap_or_default(),
            phone1_type: phone(0).map(|p| p.1),
            phone2_number: phone(1).map(|p| p.0).unwrap_or_default(),
            phone2_type: phone(1).map(|p| p.1),
            phone3_number: phone(2).map(|p| p.0).unwrap_or_default(),
            phone3_type: phone(2).map(|p| p.1),
            email: if age >= 16 && rng.random_bool(0.8) { people::email_for(rng, first, last) } else { String::new() },
            patient_provider_id: Some(patient_provider),
            office_id: Some(office_id),
            fee_schedule_id: Some(fee_schedule),
            inactive: rng.random_bool(0.03),
            created_at: created,
            updated_at: created,
            last_name_key: domain::search::fold_name(last),
            first_name_key: domain::search::fold_name(first),
        }
    };

    let holder_sex: i16 = if rng.random_bool(0.01) { 2 } else { rng.random_range(0..2) };
    members.push(person(rng, RELATION_SELF, holder_age, holder_sex));
    if has_spouse {
        let spouse_sex = if rng.random_bool(0.9) { 1 - holder_sex.min(1) } else { holder_sex };
        let spouse_age = (holder_age + rng.random_range(-6..=6)).max(19);
        members.push(person(rng, RELATION_SPOUSE, spouse_age, spouse_sex));
    }
    for _ in 0..children {
        let age = rng.random_range(0..=(holder_age - 20).min(17));
        let sex = rng.random_range(0..2);
        members.push(person(rng, RELATION_CHILD, age, sex));
    }
    // A child's guardian data is the household's; make sure the first member is the
    // account holder (the spec's "primary" of a new account).
    debug_assert_eq!(members[0].id, holder_id);

    Household {
        account: account::Model {
            id: account_id,
            account_provider_id: Some(account_provider),
            office_id: Some(office_id),
            primary_patient_id: Some(holder_id),
            created_at: opened,
        },
        members,
    }
}

impl Store {
    /// True when the database holds no practice yet (only the system user).
    pub async fn is_empty_practice(&self) -> Result<bool, crate::DbErr> {
        Ok(self.real_user_count().await? == 0 && patient::Entity::find().count(&self.db).await? == 0)
    }

    /// Fills an empty database with the demo practice.
    pub async fn fill_demo(&self, options: &DemoOptions) -> Result<DemoSummary, DemoError> {
        if !self.is_empty_practice().await? {
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

        let txn = self.db.begin().await?;
        insert_all(&txn, practice.offices).await?;
        insert_all(&txn, practice.fee_schedules).await?;
        insert_all(&txn, practice.languages).await?;
        insert_all(&txn, practice.marital_statuses).await?;
        insert_all(&txn, practice.employment_statuses).await?;
        insert_all(&txn, practice.patient_relationships).await?;
        insert_all(&txn, practice.users).await?;
        insert_all(&txn, practice.resources).await?;
        insert_all(&txn, practice.appointment_types).await?;
        insert_all(&txn, practice.appointment_statuses).await?;
        insert_all(&txn, practice.accounts).await?;
        let phones = phone_index(&practice.patients);
        let mut keys: Vec<(NameKind, String)> = practice
            .patients
            .iter()
            .flat_map(|p| [(NameKind::Last, p.last_name_key.clone()), (NameKind::First, p.first_name_key.clone())])
            .collect();
        keys.sort_by(|a, b| (a.0 as i16, &a.1).cmp(&(b.0 as i16, &b.1)));
        keys.dedup();
        insert_households(&txn, practice.patients).await?;
        insert_all(&txn, phones).await?;
        for batch in keys.chunks(400) {
            crate::patients::insert_name_keys(&txn, batch).await?;
        }
        let chart = practice.chart;
        insert_all(&txn, chart.patient_alerts).await?;
        insert_all(&txn, chart.account_alerts).await?;
        insert_all(&txn, chart.allergies).await?;
        insert_all(&txn, chart.problems).await?;
        insert_all(&txn, chart.emergency_contacts).await?;
        insert_all(&txn, chart.insurance_policies).await?;
        insert_all(&txn, chart.ledger_entries).await?;
        let work = practice.work;
        insert_all(&txn, work.incidents).await?;
        insert_all(&txn, work.orders).await?;
        insert_all(&txn, work.notes).await?;
        insert_all(&txn, work.status_updates).await?;
        insert_all(&txn, work.vitals).await?;
        let schedule = practice.schedule;
        insert_all(&txn, schedule.transparency_types).await?;
        insert_all(&txn, schedule.transparencies).await?;
        insert_all(&txn, schedule.appointments).await?;
        insert_all(&txn, schedule.follow_ups).await?;
        insert_all(&txn, schedule.plans).await?;
        insert_all(&txn, schedule.phases).await?;
        insert_all(&txn, schedule.charges).await?;
        crate::preferences::save_practice_preference_in(
            &txn,
            "practice.timeZone",
            &serde_json::json!(schedule::DEMO_TIME_ZONE),
            options.now,
        )
        .await?;
        if self.backend == Backend::Postgres {
            for table in [
                "offices",
                "fee_schedules",
                "languages",
                "marital_statuses",
                "employment_statuses",
                "patient_relationships",
                "users",
                "resources",
                "appointment_types",
                "appointment_statuses",
                "accounts",
                "patients",
                "patient_alerts",
                "account_alerts",
                "allergies",
                "problems",
                "emergency_contacts",
                "insurance_policies",
                "ledger_entries",
                "incidents",
                "orders",
                "order_notes",
                "order_status_updates",
                "vitals",
                "transparency_types",
                "transparencies",
                "appointments",
                "follow_ups",
                "treatment_plans",
                "treatment_phases",
                "treatment_charges",
            ] {
                // Rows were written with their ids; move each identity past them.
                txn.execute_unprepared(&format!(
                    "SELECT setval(pg_get_serial_sequence('{table}', 'id'), (SELECT COALESCE(MAX(id), 1) FROM {table}))"
                ))
                .await?;
            }
        }
        txn.commit().await?;
        self.names.mark_stale();
        Ok(summary)
    }
}

/// The phone search rows of the demo patients.
pub(crate) fn phone_index(patients: &[patient::Model]) -> Vec<patient_phone::Model> {
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

/// Inserts rows in batches that stay under both databases' bound-parameter limits.
pub(crate) async fn insert_all<M>(txn: &DatabaseTransaction, rows: Vec<M>) -> Result<(), crate::DbErr>
where
    M: IntoActiveModel<<<M as sea_orm::ModelTrait>::Entity as EntityTrait>::ActiveModel> + sea_orm::ModelTrait,
    <<M as sea_orm::ModelTrait>::Entity as EntityTrait>::ActiveModel: ActiveModelTrait + Send,
{
    let mut rows = rows.into_iter().peekable();
    while rows.peek().is_some() {
        let batch: Vec<_> = rows.by_ref().take(400).map(|row| row.into_active_model().reset_all()).collect();
        <M as sea_orm::ModelTrait>::Entity::insert_many(batch).exec_without_returning(txn).await?;
    }
    Ok(())
}

/// Inserts patients a whole household per statement: spouses name each other as
/// guarantors, and both databases check foreign keys at the end of each statement.
pub(crate) async fn insert_households(
    txn: &DatabaseTransaction,
    patients: Vec<patient::Model>,
) -> Result<(), crate::DbErr> {
    let mut batch: Vec<patient::Model> = Vec::with_capacity(400);
    let mut patients = patients.into_iter().peekable();
    while let Some(patient) = patients.next() {
        let account = patient.account_id;
        batch.push(patient);
        let household_ends = patients.peek().is_none_or(|next| next.account_id != account);
        if household_ends && batch.len() >= 300 {
            insert_all(txn, std::mem::take(&mut batch)).await?;
        }
    }
    insert_all(txn, batch).await
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
