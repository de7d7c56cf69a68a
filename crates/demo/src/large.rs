//! Large practices for benchmarks: the demo practice's users and lists, then any number
//! of patients in households, generated and written a chunk at a time so a million
//! patients need neither a million-row vector nor one giant transaction.

use std::collections::HashSet;

use chrono::{DateTime, Utc};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use sea_orm::{ConnectionTrait, TransactionTrait};

use super::people::NamePools;
use super::schedule;
use super::{
    DemoError, DemoOptions, DemoSummary, Written, chart, clinical, household, orders, phone_index, provider_names,
    reference,
};
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{EntityTrait, PaginatorTrait, QuerySelect};
use store::Store;
use store::entities::{appointment, patient, resource, transparency};
use store::names::NameKind;

/// The tables a large practice fills.
#[derive(Clone, Copy, Debug)]
pub enum LargeTable {
    Patients,
    Orders,
    Appointments,
}

/// Patients written per transaction.
const CHUNK: usize = 5_000;

/// Next free id of each chart table, so every chunk's records continue the numbering.
#[derive(Default)]
struct NextIds {
    patient_alerts: i64,
    account_alerts: i64,
    allergies: i64,
    problems: i64,
    emergency_contacts: i64,
    insurance_policies: i64,
    ledger_entries: i64,
    chart_entries: i64,
    chart_reviews: i64,
    patient_referrals: i64,
}

fn renumber<M>(rows: &mut [M], next: &mut i64, id: impl Fn(&mut M) -> &mut i64) {
    let count = i64::try_from(rows.len()).unwrap_or(0);
    for row in rows.iter_mut() {
        *id(row) += *next;
    }
    *next += count;
}

/// Orders written per transaction.
const ORDER_CHUNK: usize = 20_000;
/// Days of the schedule written per transaction.
const SCHEDULE_DAYS_CHUNK: usize = 60;

/// Rows in one of the tables the large practice fills (for the generator to skip
/// what a database already holds).
pub async fn rows(store: &Store, table: LargeTable) -> Result<u64, DemoError> {
    Ok(match table {
        LargeTable::Patients => patient::Entity::find().count(store.connection()).await?,
        LargeTable::Orders => store::entities::order::Entity::find().count(store.connection()).await?,
        LargeTable::Appointments => appointment::Entity::find().count(store.connection()).await?,
    })
}

/// Adds about `count` appointments: every resource booked on every working day of
/// the years up to two months ahead, with a lunch block-out each day. For a
/// schedule that is still empty but for the demo's weeks, which it goes back from.
pub async fn fill_appointments(
    store: &Store,
    seed: u64,
    now: DateTime<Utc>,
    count: usize,
    progress: impl Fn(usize),
) -> Result<usize, DemoError> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x7363_6865_6475);
    let resources = resource::Entity::find().all(store.connection()).await?;
    let patient_count = i64::try_from(patient::Entity::find().count(store.connection()).await?).unwrap_or(0);
    if resources.is_empty() || patient_count == 0 {
        return Ok(0);
    }
    let zone = store.practice_preferences(&["practice.timeZone"]).await?;
    let tz = zone
        .get("practice.timeZone")
        .and_then(serde_json::Value::as_str)
        .and_then(|name| name.parse::<chrono_tz::Tz>().ok())
        .unwrap_or(chrono_tz::UTC);
    let archive = schedule::ArchiveDays { resources: &resources, patient_count, tz, now };
    let max_id = |rows: Option<i64>| rows.unwrap_or(0);
    let mut next_appointment = max_id(
        appointment::Entity::find()
            .select_only()
            .column_as(Expr::col(appointment::Column::Id).max(), "id")
            .into_tuple::<Option<i64>>()
            .one(store.connection())
            .await?
            .flatten(),
    );
    let mut next_transparency = max_id(
        transparency::Entity::find()
            .select_only()
            .column_as(Expr::col(transparency::Column::Id).max(), "id")
            .into_tuple::<Option<i64>>()
            .one(store.connection())
            .await?
            .flatten(),
    );
    // Start after the demo's four weeks and walk back day by day.
    let today = now.with_timezone(&tz).date_naive();
    let mut day = today + chrono::Duration::days(60);
    let demo_weeks = (today - chrono::Duration::days(14))..=(today + chrono::Duration::days(14));
    let mut written = 0usize;
    let mut tables = Written::default();
    while written < count {
        let (mut appointments, mut spans) = (Vec::new(), Vec::new());
        for _ in 0..SCHEDULE_DAYS_CHUNK {
            if !demo_weeks.contains(&day) {
                let (a, t) = archive.day(&mut rng, day, &mut next_appointment, &mut next_transparency);
                appointments.extend(a);
                spans.extend(t);
            }
            day -= chrono::Duration::days(1);
        }
        appointments.truncate(count - written);
        written += appointments.len();
        let txn = store.connection().begin().await?;
        tables.rows(&txn, appointments).await?;
        tables.rows(&txn, spans).await?;
        txn.commit().await?;
        progress(written);
    }
    tables.move_sequences(store.connection(), store.backend()).await?;
    store.connection().execute_unprepared("ANALYZE").await?;
    Ok(written)
}

/// Adds `count` orders (with their notes and status history), most of them long
/// closed, over the practice's patients. For an orders table that is still empty.
pub async fn fill_orders(
    store: &Store,
    seed: u64,
    now: DateTime<Utc>,
    count: usize,
    progress: impl Fn(usize),
) -> Result<usize, DemoError> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x6f72_6465_7273);
    let patients = patient::Entity::find().limit(50_000).all(store.connection()).await?;
    let (mut next_order, mut next_note, mut next_update) = (0i64, 0i64, 0i64);
    let mut written = 0usize;
    let mut tables = Written::default();
    while written < count {
        let mut work = orders::archive_orders(&mut rng, &patients, ORDER_CHUNK.min(count - written), now);
        for order in &mut work.orders {
            order.id += next_order;
        }
        for note in &mut work.notes {
            note.order_id += next_order;
        }
        for update in &mut work.status_updates {
            update.order_id += next_order;
        }
        renumber(&mut work.notes, &mut next_note, |n| &mut n.id);
        renumber(&mut work.status_updates, &mut next_update, |u| &mut u.id);
        next_order += i64::try_from(work.orders.len()).unwrap_or(0);
        written += work.orders.len();
        let words = store::orders::word_rows(&work.orders);
        let txn = store.connection().begin().await?;
        tables.rows(&txn, work.orders).await?;
        tables.rows(&txn, words).await?;
        tables.rows(&txn, work.notes).await?;
        tables.rows(&txn, work.status_updates).await?;
        txn.commit().await?;
        progress(written);
    }
    tables.move_sequences(store.connection(), store.backend()).await?;
    store.connection().execute_unprepared("ANALYZE").await?;
    Ok(written)
}

/// Fills an empty database with the demo practice's staff and lists and `patients`
/// generated patients (a long tail of surnames included). `progress` hears the
/// number written so far after each chunk.
pub async fn fill(
    store: &Store,
    seed: u64,
    now: DateTime<Utc>,
    patients: usize,
    progress: impl Fn(usize),
) -> Result<DemoSummary, DemoError> {
    let base = super::fill(store, &DemoOptions { seed, now, patients: 0 }).await?;
    let mut rng = ChaCha8Rng::seed_from_u64(seed.rotate_left(17) ^ 0x006c_6172_6765);
    let pools = NamePools::default();
    let today = now.date_naive();
    let (mut next_patient, mut next_account) = (1i64, 1i64);
    let mut ids = NextIds::default();
    let mut known_names: HashSet<(i16, String)> = HashSet::new();
    let mut written = 0usize;
    let mut tables = Written::default();
    let mut accounts_written = 0usize;
    let providers = provider_names(&reference::users(now));
    // The base practice wrote these; the charts refer patients to them.
    let (base_referrers, _) = super::referrers::build(seed, super::referrers::DEMO_REFERRERS);
    let mut chunk_number = 0u64;

    while written < patients {
        let mut accounts = Vec::new();
        let mut members = Vec::with_capacity(CHUNK + 8);
        while members.len() < CHUNK && written + members.len() < patients {
            let household = household(&mut rng, &pools, today, now, next_account, next_patient, true);
            next_account += 1;
            next_patient += i64::try_from(household.members.len()).unwrap_or(0);
            accounts.push(household.account);
            members.extend(household.members);
        }
        let mut records = chart::build(&mut rng, &pools, &members, &accounts, now);
        // chart::build numbers each list from 1; continue after the earlier chunks.
        renumber(&mut records.patient_alerts, &mut ids.patient_alerts, |r| &mut r.id);
        renumber(&mut records.account_alerts, &mut ids.account_alerts, |r| &mut r.id);
        renumber(&mut records.allergies, &mut ids.allergies, |r| &mut r.id);
        renumber(&mut records.problems, &mut ids.problems, |r| &mut r.id);
        renumber(&mut records.emergency_contacts, &mut ids.emergency_contacts, |r| &mut r.id);
        renumber(&mut records.insurance_policies, &mut ids.insurance_policies, |r| &mut r.id);
        renumber(&mut records.ledger_entries, &mut ids.ledger_entries, |r| &mut r.id);
        // The charts: every chunk its own random stream, no showcase, thumbnails,
        // referrals to the base practice's referrers.
        chunk_number += 1;
        let mut charts =
            clinical::build(seed ^ chunk_number, &members, &providers, now, 0, clinical::THUMBNAILS, &base_referrers);
        let first_entry = ids.chart_entries;
        renumber(&mut charts.entries, &mut ids.chart_entries, |r| &mut r.id);
        for file in &mut charts.files {
            file.entry_id += first_entry;
        }
        renumber(&mut charts.reviews, &mut ids.chart_reviews, |r| &mut r.id);
        renumber(&mut charts.referrals, &mut ids.patient_referrals, |r| &mut r.id);
        let phones = phone_index(&members);
        let new_names: Vec<(NameKind, String)> = members
            .iter()
            .flat_map(|p| [(NameKind::Last, p.last_name_key.clone()), (NameKind::First, p.first_name_key.clone())])
            .filter(|(kind, key)| known_names.insert((*kind as i16, key.clone())))
            .collect();
        let count = members.len();
        accounts_written += accounts.len();

        let txn = store.connection().begin().await?;
        tables.rows(&txn, accounts).await?;
        // Stored encrypted, as the store writes them.
        let members = members
            .into_iter()
            .map(|mut p| {
                p.government_identifier = store.keys().seal_identifier(&p.government_identifier);
                p
            })
            .collect();
        tables.households(&txn, members).await?;
        tables.rows(&txn, phones).await?;
        for batch in new_names.chunks(400) {
            store::patients::insert_name_keys(&txn, batch).await?;
        }
        tables.rows(&txn, records.patient_alerts).await?;
        tables.rows(&txn, records.account_alerts).await?;
        tables.rows(&txn, records.allergies).await?;
        tables.rows(&txn, records.problems).await?;
        tables.rows(&txn, records.emergency_contacts).await?;
        tables.rows(&txn, records.insurance_policies).await?;
        tables.rows(&txn, records.ledger_entries).await?;
        tables.rows(&txn, charts.referrals).await?;
        tables.rows(&txn, charts.entries).await?;
        tables.rows(&txn, charts.files).await?;
        tables.rows(&txn, charts.reviews).await?;
        txn.commit().await?;
        written += count;
        progress(written);
    }

    tables.move_sequences(store.connection(), store.backend()).await?;
    // Fresh statistics, so the planners know the new tables' shapes.
    store.connection().execute_unprepared("ANALYZE").await?;
    store.mark_names_stale();
    Ok(DemoSummary { users: base.users, accounts: accounts_written, patients: written })
}
