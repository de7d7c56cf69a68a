//! Patient search measured directly against the database, without HTTP: the same
//! store call the API makes, so the API's figures can be set beside these.
//!
//! `search-bench --database URL --queries FILE [--make-queries N] --seconds S --concurrency 1,32`

use std::sync::Arc;
use std::time::{Duration, Instant};

use bench::Summary;
use clap::Parser;
use domain::search::parse_query;
use rand::{Rng, SeedableRng};
use store::Store;

#[derive(Parser)]
struct Args {
    #[arg(long)]
    database: String,
    #[arg(long)]
    queries: std::path::PathBuf,
    /// Write this many queries, sampled from the database's patients, to the file first.
    #[arg(long)]
    make_queries: Option<usize>,
    #[arg(long, default_value_t = 15)]
    seconds: u64,
    #[arg(long, value_delimiter = ',', default_value = "1,32")]
    concurrency: Vec<usize>,
}

/// A query as staff type it, of one of the forms search accepts, for `patient`.
fn query_for(rng: &mut impl Rng, p: &store::entities::patient::Model) -> String {
    let last: Vec<char> = p.last_name.chars().collect();
    let first: String = p.first_name.clone();
    match rng.random_range(0..100) {
        0..=24 => last.iter().take(3).collect(),
        25..=39 => p.last_name.clone(),
        40..=54 => format!("{}, {}", p.last_name, first),
        55..=64 => format!("{first} {}", p.last_name),
        65..=74 if last.len() >= 5 => {
            let mut typo = last.clone();
            typo.swap(2, 3);
            typo.into_iter().collect()
        }
        75..=84 if p.birthdate.is_some() => p.birthdate.map(|d| d.format("%m/%d/%Y").to_string()).unwrap_or_default(),
        85..=94 if p.phone1_number.len() == 10 => {
            let d = &p.phone1_number;
            format!("({}) {}-{}", &d[..3], &d[3..6], &d[6..])
        }
        _ => p.display_id.clone(),
    }
}

async fn make_queries(store: &Store, count: usize, path: &std::path::Path) -> anyhow::Result<()> {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(42);
    let total = store.patient_count().await?;
    let mut lines = Vec::with_capacity(count);
    while lines.len() < count {
        let ids: Vec<i64> = (0..200).map(|_| rng.random_range(1..=total)).collect();
        for patient in store.patients_by_ids(&ids).await? {
            lines.push(query_for(&mut rng, &patient));
        }
    }
    lines.truncate(count);
    std::fs::write(path, lines.join("\n") + "\n")?;
    Ok(())
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let store = bench::open_store(&args.database).await?;
    if let Some(count) = args.make_queries {
        make_queries(&store, count, &args.queries).await?;
    }
    let queries: Arc<Vec<String>> = Arc::new(
        std::fs::read_to_string(&args.queries)?.lines().filter(|l| !l.trim().is_empty()).map(str::to_owned).collect(),
    );
    let today = chrono::Utc::now().date_naive();

    // Warm the caches and the typo index, as a running server's are.
    for query in queries.iter().take(2_000) {
        store.search_patients(&parse_query(query, today), 25, today).await?;
    }
    for clients in args.concurrency {
        let deadline = Instant::now() + Duration::from_secs(args.seconds);
        let started = Instant::now();
        let mut tasks = Vec::new();
        for client in 0..clients {
            let (store, queries) = (store.clone(), Arc::clone(&queries));
            tasks.push(tokio::spawn(async move {
                let mut latencies = Vec::new();
                let mut next = client * 7919;
                while Instant::now() < deadline {
                    let query = &queries[next % queries.len()];
                    next += 1;
                    let began = Instant::now();
                    store.search_patients(&parse_query(query, today), 25, today).await?;
                    latencies.push(began.elapsed());
                }
                anyhow::Ok(latencies)
            }));
        }
        let mut all = Vec::new();
        for task in tasks {
            all.extend(task.await??);
        }
        println!("direct clients={clients} {}", Summary::of(all, started.elapsed()));
    }
    store.close().await;
    Ok(())
}
