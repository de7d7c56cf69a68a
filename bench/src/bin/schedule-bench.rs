//! The day schedule measured directly against the store: one resource's day (the day
//! view) and the whole day (the dashboard's count, the unfiltered list), each with the
//! day's block-outs, on days spread over the years the generator filled.
//!
//! `schedule-bench --database URL --seconds S --concurrency 1,32`

use std::sync::Arc;
use std::time::{Duration, Instant};

use bench::Summary;
use chrono::{NaiveDate, TimeZone, Utc};
use chrono_tz::America::Los_Angeles;
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
    /// Days back from today that requests pick from (the generator's years).
    #[arg(long, default_value_t = 3_000)]
    days: i64,
}

/// A request of the day view: the day and, for the day view, one resource (1 to 4).
type DayRequest = (NaiveDate, Option<i64>);

async fn load_day(store: &Store, (day, resource): DayRequest) -> anyhow::Result<usize> {
    // The demo practice is in Los Angeles, as the server would read from its preference.
    let from = Los_Angeles.from_local_datetime(&day.and_hms_opt(0, 0, 0).unwrap_or_default()).earliest();
    let to = Los_Angeles.from_local_datetime(&day.succ_opt().unwrap_or(day).and_hms_opt(0, 0, 0).unwrap_or_default());
    let (Some(from), Some(to)) = (from, to.earliest()) else { return Ok(0) };
    let (from, to) = (from.with_timezone(&Utc), to.with_timezone(&Utc));
    let resources = resource.map(|id| vec![id]);
    let rows = store.appointments_between(from, to, resources.as_deref(), None, Utc::now()).await?;
    let spans = store.block_outs_between(from, to, resources.as_deref()).await?;
    Ok(rows.len() + spans.len())
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let store = bench::open_store(&args.database).await?;
    let today = Utc::now().with_timezone(&Los_Angeles).date_naive();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    let days: Vec<NaiveDate> =
        (0..5_000).map(|_| today - chrono::Duration::days(rng.random_range(-60..args.days))).collect();
    let found = load_day(&store, (today - chrono::Duration::days(401), Some(1))).await?;
    eprintln!("a day of resource 1 a year ago: {found} appointments and block-outs");

    for (label, one_resource) in [("resource-day", true), ("whole-day", false)] {
        let requests: Arc<Vec<DayRequest>> =
            Arc::new(days.iter().enumerate().map(|(i, d)| (*d, one_resource.then_some(1 + (i % 4) as i64))).collect());
        for clients in &args.concurrency {
            let deadline = Instant::now() + Duration::from_secs(args.seconds);
            let started = Instant::now();
            let mut tasks = Vec::new();
            for client in 0..*clients {
                let (store, requests) = (store.clone(), Arc::clone(&requests));
                tasks.push(tokio::spawn(async move {
                    let mut latencies = Vec::new();
                    let mut next = client * 97;
                    while Instant::now() < deadline {
                        let request = requests[next % requests.len()];
                        next += 1;
                        let began = Instant::now();
                        load_day(&store, request).await?;
                        latencies.push(began.elapsed());
                    }
                    anyhow::Ok(latencies)
                }));
            }
            let mut all = Vec::new();
            for task in tasks {
                all.extend(task.await??);
            }
            println!("direct {label} clients={clients} {}", Summary::of(all, started.elapsed()));
        }
    }
    store.close().await;
    Ok(())
}
