//! Patient search measured directly against the database, without HTTP: the same
//! store call the API makes, so the API's figures can be set beside these.
//!
//! First, at one client, each form of input (last-name prefix, 'Last, First', birth date,
//! phone...) is timed beside the plain indexed query for the same input: the one index
//! range a hand-written lookup would read, 25 rows of the columns a result shows. The
//! search costs more (it ranks several readings, looks for typos and marks alerts); the
//! `search/plain` ratio says how much.
//!
//! `search-bench --database URL --queries FILE [--make-queries N] --seconds S --concurrency 1,32 [--side-by-side 200]`

use std::sync::Arc;
use std::time::{Duration, Instant};

use bench::Summary;
use clap::Parser;
use domain::search::{PhoneQuery, SearchQuery, parse_query};
use rand::{Rng, SeedableRng};
use store::Store;
use store::search::{CandidateLookup, KeyMatch};

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
    /// Queries of each form timed beside the plain indexed query for the same input
    /// (0: not measured).
    #[arg(long, default_value_t = 200)]
    side_by_side: usize,
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
    if args.side_by_side > 0 {
        side_by_side(&store, &queries, today, args.side_by_side).await?;
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

/// The kind of input a query is, as staff type it (the forms).
fn form_of(text: &str, query: &SearchQuery) -> &'static str {
    if query.birthdate.is_some() {
        "birth date"
    } else if query.phone.is_some() {
        "phone"
    } else if query.display_id.is_some() {
        "chart number"
    } else if query.comma_split.is_some() {
        "Last, First"
    } else if query.names.len() > 1 {
        "First Last"
    } else if text.chars().count() <= 3 {
        "last-name prefix"
    } else {
        "last name (whole or mistyped)"
    }
}

/// The one index range a plain lookup of this input would read: the patients whose
/// birth date, phone, chart number or name keys match, in index order, 25 of them.
fn plain_lookup(query: &SearchQuery) -> Option<CandidateLookup> {
    if let Some(date) = query.birthdate {
        return Some(CandidateLookup::Birthdate(date));
    }
    if let Some(phone) = &query.phone {
        return Some(match phone {
            PhoneQuery::Full(number) => CandidateLookup::Phone(number.clone()),
            PhoneQuery::Local(local) => CandidateLookup::LocalPhone(local.clone()),
        });
    }
    if let Some(id) = &query.display_id {
        return Some(CandidateLookup::DisplayId(id.clone()));
    }
    let (last, first) = query.name_readings().into_iter().next()?;
    let first = if first.is_empty() { KeyMatch::Any } else { KeyMatch::Prefix(first) };
    Some(CandidateLookup::Name { last: KeyMatch::Prefix(last), first })
}

/// The store's search beside the plain indexed query for the same input, one client,
/// alternating the two so both see the same cache: p50 and p99 of each, per form.
async fn side_by_side(store: &Store, queries: &[String], today: chrono::NaiveDate, each: usize) -> anyhow::Result<()> {
    let mut by_form: std::collections::BTreeMap<&'static str, Vec<(SearchQuery, CandidateLookup)>> =
        std::collections::BTreeMap::new();
    for text in queries {
        let query = parse_query(text, today);
        if let Some(lookup) = plain_lookup(&query) {
            let list = by_form.entry(form_of(text, &query)).or_default();
            if list.len() < each {
                list.push((query, lookup));
            }
        }
    }
    for (form, inputs) in by_form {
        let (mut search, mut plain) = (Vec::new(), Vec::new());
        let started = Instant::now();
        for _round in 0..3 {
            for (query, lookup) in &inputs {
                let began = Instant::now();
                store.search_patients(query, 25, today).await?;
                search.push(began.elapsed());
                let began = Instant::now();
                store.search_candidates(&[(lookup.clone(), 25)]).await?;
                plain.push(began.elapsed());
            }
        }
        let elapsed = started.elapsed();
        let (search, plain) = (Summary::of(search, elapsed), Summary::of(plain, elapsed));
        let ratio = search.p50.as_secs_f64() / plain.p50.as_secs_f64().max(f64::EPSILON);
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        println!(
            "side-by-side form=\"{form}\" queries={} search p50={:.3}ms p99={:.3}ms plain p50={:.3}ms p99={:.3}ms search/plain p50={ratio:.2}",
            inputs.len(),
            ms(search.p50),
            ms(search.p99),
            ms(plain.p50),
            ms(plain.p99),
        );
    }
    Ok(())
}
