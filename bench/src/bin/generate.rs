//! Fills a database with a large practice:
//! `generate --database URL --patients N [--orders N] [--appointments N]`.
//! Each part is skipped when the database already holds it, so one database can be
//! grown step by step.

use std::time::Instant;

use clap::Parser;
use demo::large::{self, LargeTable};

#[derive(Parser)]
struct Args {
    #[arg(long)]
    database: String,
    #[arg(long, default_value_t = 1_000_000)]
    patients: usize,
    #[arg(long, default_value_t = demo::DEFAULT_SEED)]
    seed: u64,
    /// Orders to add (when the orders table is empty).
    #[arg(long, default_value_t = 0)]
    orders: usize,
    /// Appointments to add (when the schedule holds no more than the demo's weeks).
    #[arg(long, default_value_t = 0)]
    appointments: usize,
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let store = bench::open_store(&args.database).await?;
    if store.is_empty_practice().await? {
        let started = Instant::now();
        let summary = large::fill(&store, args.seed, chrono::Utc::now(), args.patients, |written| {
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
    if args.orders > 0 && large::rows(&store, LargeTable::Orders).await? < 1_000 {
        let started = Instant::now();
        let written = large::fill_orders(&store, args.seed, chrono::Utc::now(), args.orders, |written| {
            eprintln!("{written} orders written ({:.0} s)", started.elapsed().as_secs_f64());
        })
        .await?;
        println!("{written} orders written in {:.1} s", started.elapsed().as_secs_f64());
    }
    // The demo's own weeks hold a few thousand appointments at most.
    if args.appointments > 0 && large::rows(&store, LargeTable::Appointments).await? < 10_000 {
        let started = Instant::now();
        let written = large::fill_appointments(&store, args.seed, chrono::Utc::now(), args.appointments, |written| {
            eprintln!("{written} appointments written ({:.0} s)", started.elapsed().as_secs_f64());
        })
        .await?;
        println!("{written} appointments written in {:.1} s", started.elapsed().as_secs_f64());
    }
    store.close().await;
    Ok(())
}
