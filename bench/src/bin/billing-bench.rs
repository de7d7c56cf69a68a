//! Billing orders measured directly against the store, as the routes use it: the fee
//! search a procedure dialog sends as the user types, and posting a ten-line dental order
//! (the fee lines read, the order checked and written with its ledger charges, chart
//! procedures and audit row in one transaction). Writes the searches, one per line, for
//! the API run (`bench/fees.lua`; `bench/charges.lua` posts the same order).
//!
//! `billing-bench --database URL --seconds S --concurrency 1,32 --write-queries FILE`

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use chrono::Utc;
use clap::Parser;
use domain::billing::fees::{self, FeeLine};
use domain::billing::{BillingContext, BillingOrderInput, ChargeInput, DiagnosisModelInput};
use rand::{Rng, SeedableRng};
use store::Store;
use store::audit::{AuditEntry, Outcome};
use store::billing::{NewBillingOrder, fee_line};

#[derive(Parser)]
struct Args {
    #[arg(long)]
    database: String,
    #[arg(long, default_value_t = 15)]
    seconds: u64,
    #[arg(long, value_delimiter = ',', default_value = "1,32")]
    concurrency: Vec<usize>,
    /// 'fees' or 'charges' alone; both when left out.
    #[arg(long)]
    only: Option<String>,
    /// Where to write the searches for the API run.
    #[arg(long)]
    write_queries: Option<std::path::PathBuf>,
}

/// What a dentist types in the procedure search: code beginnings and words.
const QUERIES: &[&str] = &[
    "pc-fi",
    "fill",
    "filling two",
    "crown",
    "pc-cr",
    "x-ray",
    "bite",
    "pc-xr",
    "exam",
    "recall",
    "clean",
    "deep",
    "root canal",
    "canal back",
    "visit",
    "follow",
    "pc-v",
    "surf two fill",
    "seal",
    "fluor",
    "implant",
    "guard",
    "removal",
    "surgical",
    "phone",
    "wound",
    "a1c",
    "blood",
    "pc-ex",
    "tooth",
];

/// The demo dentist, the Standard schedule, and the order every post sends.
const DENTIST: i64 = 3;
const STANDARD: i64 = 1;
const LINES: [(&str, &str, &str, Option<i32>); 10] = [
    ("PC-EXAM", "", "", None),
    ("PC-XR-BW4", "", "", None),
    ("PC-XR-PA", "", "", Some(2)),
    ("PC-CLEAN", "", "", None),
    ("PC-FILL2", "19", "MO", None),
    ("PC-FILL1", "30", "O", None),
    ("PC-FILL3", "3", "MOD", None),
    ("PC-SEAL", "", "", Some(3)),
    ("PC-FLUOR", "", "", None),
    ("PC-DEEP", "", "", Some(2)),
];

fn order(today: &str) -> BillingOrderInput {
    let diagnoses = |on: bool| {
        vec![
            DiagnosisModelInput { code: "K02.52".into(), pointer: "A".into(), toggled_on: on, ..Default::default() },
            DiagnosisModelInput { code: "K05.10".into(), pointer: "B".into(), toggled_on: !on, ..Default::default() },
        ]
    };
    BillingOrderInput {
        provider_id: Some(DENTIST),
        procedure_date: today.to_owned(),
        order_notes: "Benchmark visit".into(),
        charges: LINES
            .iter()
            .enumerate()
            .map(|(i, (code, tooth, surface, units))| ChargeInput {
                procedure: (*code).into(),
                fee_schedule_id: Some(STANDARD),
                tooth: (*tooth).into(),
                surface: (*surface).into(),
                units: *units,
                diagnosis_models: diagnoses(i % 2 == 0),
                ..Default::default()
            })
            .collect(),
    }
}

/// What the route does with the store for one post.
async fn post(store: Store, (patient_id, key): (i64, String), input: Arc<BillingOrderInput>) -> anyhow::Result<usize> {
    let Some(record) = store.patient_record(patient_id).await? else { return Ok(0) };
    let wanted: Vec<(i64, String)> = input.charges.iter().map(|c| (STANDARD, c.procedure.clone())).collect();
    let lines: HashMap<(i64, String), FeeLine> = store
        .fee_lines(&wanted)
        .await?
        .iter()
        .map(|row| ((row.fee_schedule_id, row.code_key.clone()), fee_line(row)))
        .collect();
    let code_set = store::diagnosis::code_set();
    let checked = input
        .check(&BillingContext {
            today: Utc::now().date_naive(),
            birthdate: None,
            patient_fee_schedule: record.patient.fee_schedule_id,
            is_provider: &|id| id == DENTIST,
            is_fee_schedule: &|id| id == STANDARD,
            fee: &|schedule, code| lines.get(&(schedule, fees::code_key(code))).cloned(),
            diagnosis: &|code| code_set.find(code).map(|c| (c.code.clone(), c.description.clone())),
        })
        .map_err(|errors| anyhow::anyhow!("the bench order is refused: {errors:?}"))?;
    let new = NewBillingOrder {
        patient_id,
        account_id: record.patient.account_id,
        user_id: 2,
        provider_name: "Olivia Bennett, DDS".into(),
        idempotency_key: Some(key),
        request_hash: store::billing::request_hash(2, patient_id, b"bench"),
        order: checked,
    };
    let audit = AuditEntry {
        user_id: Some(2),
        patient_id: Some(patient_id),
        ..AuditEntry::new("patient.billing.create", Outcome::Success)
    };
    store.post_billing_order(&new, Utc::now(), audit).await?;
    Ok(new.order.charges.len())
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let store = bench::open_store(&args.database).await?;
    if let Some(path) = &args.write_queries {
        std::fs::write(path, QUERIES.join("\n") + "\n")?;
    }
    let patients = store.patient_count().await?;
    let codes = store.fees_of(STANDARD).await?.len();
    eprintln!("{patients} patients; {codes} codes in the Standard schedule");
    let searches: Arc<Vec<&'static str>> = Arc::new(QUERIES.to_vec());
    // Two days back: a day past in the practice's time zone whatever the hour in UTC.
    let day = Utc::now().date_naive() - chrono::Duration::days(2);
    let input = Arc::new(order(&day.format("%Y-%m-%d").to_string()));
    let runs = |name: &str| args.only.as_deref().is_none_or(|only| only == name);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(15);
    let run = Utc::now().timestamp_millis();
    for clients in &args.concurrency {
        if runs("fees") {
            let s = store.clone();
            let summary = bench::measure(*clients, args.seconds, Arc::clone(&searches), move |text| {
                let s = s.clone();
                async move {
                    let search = fees::parse_search(text).map_err(anyhow::Error::msg)?;
                    Ok(s.search_fees(STANDARD, &search).await?.len())
                }
            })
            .await?;
            println!("direct clients={clients} {summary}");
        }
        if !runs("charges") {
            continue;
        }
        // Each post a new order under its own key, for patients over the whole practice.
        let counter = Arc::new(AtomicU64::new(0));
        let targets: Arc<Vec<i64>> = Arc::new((0..50_000).map(|_| rng.random_range(1..=patients.max(1))).collect());
        let (s, input) = (store.clone(), Arc::clone(&input));
        let summary = bench::measure(*clients, args.seconds, targets, move |patient| {
            let key = format!("bench-{run}-{}", counter.fetch_add(1, Ordering::Relaxed));
            post(s.clone(), (patient, key), Arc::clone(&input))
        })
        .await?;
        println!("direct clients={clients} {summary}");
    }
    store.close().await;
    Ok(())
}
