//! The orders work list measured directly against the store, with the filter mix the
//! app sends: `orders-bench --database URL --seconds S --concurrency 1,32`.

use std::sync::Arc;
use std::time::{Duration, Instant};

use bench::Summary;
use clap::Parser;
use domain::orders::expand_statuses;
use store::orders::OrderFilter;

#[derive(Parser)]
struct Args {
    #[arg(long)]
    database: String,
    #[arg(long, default_value_t = 15)]
    seconds: u64,
    #[arg(long, value_delimiter = ',', default_value = "1,32")]
    concurrency: Vec<usize>,
    /// Also time each request of the mix alone (one client, this many times each), to
    /// find the one that makes the mix slow.
    #[arg(long, default_value_t = 0)]
    each: usize,
}

/// The work-list requests of the app, as (filter, offset); the same mix as orders.lua.
pub fn mix() -> Vec<(OrderFilter, u64)> {
    let open = Some(expand_statuses(&[0]));
    vec![
        // The Mine and All tabs with the default All Open filter, first and later pages.
        (OrderFilter { assigned_to: Some(2), statuses: open.clone(), ..OrderFilter::default() }, 0),
        (OrderFilter { statuses: open.clone(), ..OrderFilter::default() }, 0),
        (OrderFilter { statuses: open.clone(), ..OrderFilter::default() }, 100),
        (OrderFilter { assigned_to: Some(3), statuses: open.clone(), ..OrderFilter::default() }, 25),
        // The dashboard count.
        (OrderFilter { statuses: open.clone(), ..OrderFilter::default() }, 0),
        // Filters: an office, a type, unsigned; every status.
        (
            OrderFilter {
                statuses: open.clone(),
                offices: Some(vec![1]),
                signed: Some(false),
                ..OrderFilter::default()
            },
            0,
        ),
        (OrderFilter { statuses: open, types: Some(vec![100, 101]), ..OrderFilter::default() }, 0),
        (OrderFilter::default(), 0),
        (OrderFilter { assigned_to: Some(2), ..OrderFilter::default() }, 0),
        // The keyword, searched on the server over the whole filtered list.
        (
            OrderFilter {
                statuses: Some(expand_statuses(&[0])),
                keyword: vec!["lipid".into()],
                ..OrderFilter::default()
            },
            0,
        ),
    ]
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let store = bench::open_store(&args.database).await?;
    let requests = Arc::new(mix());
    for (filter, offset) in requests.iter() {
        store.order_page(filter, 25, *offset).await?;
    }
    for (kind, (filter, offset)) in requests.iter().enumerate().filter(|_| args.each > 0) {
        let started = Instant::now();
        let mut latencies = Vec::with_capacity(args.each);
        for _ in 0..args.each {
            let began = Instant::now();
            store.order_page(filter, 25, *offset).await?;
            latencies.push(began.elapsed());
        }
        println!("direct request={kind} {}", Summary::of(latencies, started.elapsed()));
    }
    for clients in args.concurrency {
        let deadline = Instant::now() + Duration::from_secs(args.seconds);
        let started = Instant::now();
        let mut tasks = Vec::new();
        for client in 0..clients {
            let (store, requests) = (store.clone(), Arc::clone(&requests));
            tasks.push(tokio::spawn(async move {
                let mut latencies = Vec::new();
                let mut next = client;
                while Instant::now() < deadline {
                    let (filter, offset) = &requests[next % requests.len()];
                    next += 1;
                    let began = Instant::now();
                    store.order_page(filter, 25, *offset).await?;
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
