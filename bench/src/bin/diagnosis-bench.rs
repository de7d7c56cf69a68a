//! The ICD-10-CM search measured directly on the in-memory index the route uses, for the
//! searches a problem form and a billing order send as the user types: code beginnings
//! with and without the dot, and word beginnings in any order. Prints the same queries,
//! one per line, for the API run (`bench/diagnosis.lua`).
//!
//! `diagnosis-bench --seconds S --concurrency 1,32 --write-queries FILE`

use std::sync::Arc;

use clap::Parser;

#[derive(Parser)]
struct Args {
    #[arg(long, default_value_t = 15)]
    seconds: u64,
    #[arg(long, value_delimiter = ',', default_value = "1,32")]
    concurrency: Vec<usize>,
    /// Where to write the queries for the API run.
    #[arg(long)]
    write_queries: Option<std::path::PathBuf>,
}

/// What staff type: partial codes, whole codes, and words as they come to mind.
const QUERIES: &[&str] = &[
    "e11",
    "E11.9",
    "e119",
    "i10",
    "j45.9",
    "k02",
    "k05.1",
    "m54.5",
    "z00.0",
    "s72",
    "diab",
    "diab type 2",
    "type 2 diab kidney",
    "fract femur",
    "hypert",
    "essential hyper",
    "asthma",
    "asthma mild persistent",
    "caries",
    "dental caries",
    "gingivitis",
    "periodontitis chronic",
    "low back pain",
    "back pain",
    "pain tooth",
    "migraine",
    "depress",
    "major depress single",
    "anxiety",
    "hyperlip",
    "obesity",
    "sleep apnea",
    "uti",
    "urinary tract infect",
    "covid",
    "pneumonia",
    "otitis media",
    "sinusitis acute",
    "conjunctivitis",
    "dermatitis contact",
    "fracture radius distal",
    "sprain ankle",
    "headache",
    "chest pain",
    "abdominal pain",
    "gerd",
    "reflux",
    "hypothyroid",
    "vitamin d defic",
    "anemia iron",
];

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let started = std::time::Instant::now();
    let set = store::diagnosis::code_set();
    eprintln!("{} codes indexed in {:.0} ms", set.len(), started.elapsed().as_secs_f64() * 1000.0);
    if let Some(path) = &args.write_queries {
        std::fs::write(path, QUERIES.join("\n") + "\n")?;
    }
    let queries: Arc<Vec<&'static str>> = Arc::new(QUERIES.to_vec());
    for clients in &args.concurrency {
        let summary = bench::measure(*clients, args.seconds, Arc::clone(&queries), |query| async move {
            Ok(store::diagnosis::code_set().search(query).map(|found| found.len()).unwrap_or(0))
        })
        .await?;
        println!("direct clients={clients} {summary}");
    }
    Ok(())
}
