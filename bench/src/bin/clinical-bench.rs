//! The clinical summary measured directly against the store, as its routes read it: the
//! patient, then every section's count (the board), or the patient, then one section's
//! entries (a section page), for patients spread over the whole practice.
//!
//! `clinical-bench --database URL --seconds S --concurrency 1,32`

use std::sync::Arc;

use chrono::Utc;
use clap::Parser;
use rand::{Rng, SeedableRng};
use store::Store;

#[derive(Parser)]
struct Args {
    #[arg(long)]
    database: String,
    #[arg(long, default_value_t = 15)]
    seconds: u64,
    #[arg(long, value_delimiter = ',', default_value = "1,32")]
    concurrency: Vec<usize>,
}

/// The sections a provider opens most, in the mix of the section pages.
const SECTIONS: [&str; 6] = ["medications", "immunizations", "labs", "clinicalNotes", "problemList", "allergies"];

async fn board(store: Store, patient_id: i64) -> anyhow::Result<usize> {
    let Some(record) = store.patient_record(patient_id).await? else { return Ok(0) };
    let counts = store.section_counts(patient_id, record.patient.account_id, Utc::now().date_naive()).await?;
    Ok(counts.entries.len())
}

async fn section(store: Store, (patient_id, section): (i64, &'static str)) -> anyhow::Result<usize> {
    let Some(_record) = store.patient_record(patient_id).await? else { return Ok(0) };
    Ok(match section {
        "allergies" => store.allergies(patient_id).await?.len(),
        "problemList" => store.problems(patient_id).await?.len(),
        key => store.chart_entries(patient_id, key).await?.len(),
    })
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let store = bench::open_store(&args.database).await?;
    let patients = store.patient_count().await?;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(13);
    let ids: Vec<i64> = (0..20_000).map(|_| rng.random_range(1..=patients.max(1))).collect();
    let sample = board(store.clone(), ids[0]).await?;
    eprintln!("{patients} patients; patient {} has {sample} sections with entries", ids[0]);

    let boards = Arc::new(ids.clone());
    let pages: Arc<Vec<(i64, &'static str)>> =
        Arc::new(ids.iter().enumerate().map(|(i, id)| (*id, SECTIONS[i % SECTIONS.len()])).collect());
    for clients in &args.concurrency {
        let s = store.clone();
        let summary =
            bench::measure(*clients, args.seconds, Arc::clone(&boards), move |id| board(s.clone(), id)).await?;
        println!("direct counts clients={clients} {summary}");
        let s = store.clone();
        let summary =
            bench::measure(*clients, args.seconds, Arc::clone(&pages), move |request| section(s.clone(), request))
                .await?;
        println!("direct section clients={clients} {summary}");
    }
    store.close().await;
    Ok(())
}
