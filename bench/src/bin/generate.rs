//! Fills an empty database with a large practice: `generate --database URL --patients N`.

use std::time::Instant;

use clap::Parser;
use store::Store;

#[derive(Parser)]
struct Args {
    #[arg(long)]
    database: String,
    #[arg(long, default_value_t = 1_000_000)]
    patients: usize,
    #[arg(long, default_value_t = store::demo::DEFAULT_SEED)]
    seed: u64,
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let store = Store::open(&args.database).await?;
    let started = Instant::now();
    let summary = store
        .fill_large(args.seed, chrono::Utc::now(), args.patients, |written| {
            if written % 100_000 < 5_000 {
                eprintln!("{written} patients written ({:.0} s)", started.elapsed().as_secs_f64());
            }
        })
        .await?;
    println!(
        "{} patients in {} accounts written in {:.1} s",
        summary.patients,
        summary.accounts,
        started.elapsed().as_secs_f64()
    );
    store.close().await;
    Ok(())
}
