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
    /// Orders to add (to a database whose orders table is empty).
    #[arg(long, default_value_t = 0)]
    orders: usize,
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let store = Store::open(&args.database).await?;
    let started = Instant::now();
    if store.is_empty_practice().await? {
        let summary = store
            .fill_large(args.seed, chrono::Utc::now(), args.patients, |written| {
                eprintln!("{written} patients written ({:.0} s)", started.elapsed().as_secs_f64());
            })
            .await?;
        println!(
            "{} patients in {} accounts written in {:.1} s",
            summary.patients,
            summary.accounts,
            started.elapsed().as_secs_f64()
        );
    }
    if args.orders > 0 {
        let started = Instant::now();
        let written = store
            .fill_large_orders(args.seed, chrono::Utc::now(), args.orders, |written| {
                eprintln!("{written} orders written ({:.0} s)", started.elapsed().as_secs_f64());
            })
            .await?;
        println!("{written} orders written in {:.1} s", started.elapsed().as_secs_f64());
    }
    store.close().await;
    Ok(())
}
