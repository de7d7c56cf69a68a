//! The referrer search measured directly against the store, as the route uses it, with
//! the practice's referrers filled up to `--referrers` (100,000 by default: a large
//! group's list, far more than one clinic's). The searches are what staff type: a last
//! name's beginning, 'Last, First', a company or specialty word, an NPI's beginning, and a
//! mistyped name. Writes them, one per line, for the API run (`bench/referrers.lua`).
//!
//! `referrer-bench --database URL --referrers N --seconds S --concurrency 1,32 --write-queries FILE`

use std::sync::Arc;

use clap::Parser;
use rand::{Rng, SeedableRng};
use store::entities::referrer;

#[derive(Parser)]
struct Args {
    #[arg(long)]
    database: String,
    #[arg(long, default_value_t = 100_000)]
    referrers: usize,
    #[arg(long, default_value_t = 15)]
    seconds: u64,
    #[arg(long, value_delimiter = ',', default_value = "1,32")]
    concurrency: Vec<usize>,
    /// Where to write the searches for the API run.
    #[arg(long)]
    write_queries: Option<std::path::PathBuf>,
}

const SPECIALTY_WORDS: &[&str] = &["ortho", "oral surg", "periodontics", "endo", "cardiology", "family med", "lab"];

/// Searches as staff type them, drawn from the stored referrers.
fn searches(sample: &[referrer::Model], count: usize) -> Vec<String> {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(16);
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let r = &sample[rng.random_range(0..sample.len())];
        let prefix = |text: &str, n: usize| text.chars().take(n).collect::<String>();
        let search = match rng.random_range(0..10) {
            0..=2 if !r.last_name.is_empty() => prefix(&r.last_name, rng.random_range(3..=6)),
            3..=4 if !r.last_name.is_empty() => format!("{}, {}", r.last_name, prefix(&r.first_name, 2)),
            5 => r.company.split_whitespace().next().map(|w| prefix(w, 5)).unwrap_or_default(),
            6 => SPECIALTY_WORDS[rng.random_range(0..SPECIALTY_WORDS.len())].to_owned(),
            7 if !r.npi.is_empty() => prefix(&r.npi, rng.random_range(5..=10)),
            8 if r.last_name.len() >= 6 => {
                // One letter left out after the second.
                let at = rng.random_range(2..r.last_name.len());
                r.last_name.chars().enumerate().filter(|(i, _)| *i != at).map(|(_, c)| c).collect()
            }
            _ => format!("{} {}", r.first_name, prefix(&r.last_name, 3)),
        };
        if !search.trim().is_empty() {
            out.push(search);
        }
    }
    out
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let store = bench::open_store(&args.database).await?;
    if store.is_empty_practice().await? {
        demo::fill(&store, &demo::DemoOptions { patients: 20, ..demo::DemoOptions::at(chrono::Utc::now()) }).await?;
    }
    let added = demo::referrers::fill_to(&store, demo::DEFAULT_SEED, args.referrers).await?;
    let sample = store.all_referrers().await?;
    eprintln!("{} referrers ({added} added now)", args.referrers);
    let searches = searches(&sample, 2_000);
    if let Some(path) = &args.write_queries {
        std::fs::write(path, searches.join("\n") + "\n")?;
    }
    let words: Arc<Vec<Vec<String>>> = Arc::new(
        searches
            .iter()
            .map(|s| domain::referrers::parse_search(s).map_err(anyhow::Error::msg))
            .collect::<Result<_, _>>()?,
    );
    for clients in &args.concurrency {
        let store = store.clone();
        let summary = bench::measure(*clients, args.seconds, Arc::clone(&words), move |words| {
            let store = store.clone();
            async move { Ok(store.search_referrers(&words).await?.len()) }
        })
        .await?;
        println!("direct clients={clients} {summary}");
    }
    Ok(())
}
