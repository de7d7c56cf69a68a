//! Shared pieces of the benchmarks: latency summaries.

use std::time::Duration;

// The server's allocator, for every benchmark binary (they all link this crate), so the
// store's calls are measured as the server makes them.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Percentiles of a set of latencies.
#[derive(Clone, Copy, Debug)]
pub struct Summary {
    pub count: usize,
    pub p50: Duration,
    pub p90: Duration,
    pub p99: Duration,
    pub max: Duration,
    pub per_second: f64,
}

impl Summary {
    pub fn of(mut latencies: Vec<Duration>, elapsed: Duration) -> Self {
        latencies.sort_unstable();
        let at = |q: f64| {
            let index = ((latencies.len() as f64 - 1.0) * q).round() as usize;
            latencies.get(index).copied().unwrap_or_default()
        };
        Self {
            count: latencies.len(),
            p50: at(0.50),
            p90: at(0.90),
            p99: at(0.99),
            max: latencies.last().copied().unwrap_or_default(),
            per_second: latencies.len() as f64 / elapsed.as_secs_f64().max(f64::EPSILON),
        }
    }
}

impl std::fmt::Display for Summary {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        write!(
            f,
            "p50={:.3}ms p90={:.3}ms p99={:.3}ms max={:.3}ms rps={:.0} n={}",
            ms(self.p50),
            ms(self.p90),
            ms(self.p99),
            ms(self.max),
            self.per_second,
            self.count
        )
    }
}

/// Runs `clients` tasks for `seconds`, each calling `call` with the next of `requests`
/// (each client starting at its own place), and summarises every call's latency.
pub async fn measure<R, F, Fut>(
    clients: usize,
    seconds: u64,
    requests: std::sync::Arc<Vec<R>>,
    call: F,
) -> anyhow::Result<Summary>
where
    R: Clone + Send + Sync + 'static,
    F: Fn(R) -> Fut + Clone + Send + 'static,
    Fut: std::future::Future<Output = anyhow::Result<usize>> + Send,
{
    use std::time::Instant;
    let deadline = Instant::now() + Duration::from_secs(seconds);
    let started = Instant::now();
    let mut tasks = Vec::new();
    for client in 0..clients {
        let (requests, call) = (std::sync::Arc::clone(&requests), call.clone());
        tasks.push(tokio::spawn(async move {
            let mut latencies = Vec::new();
            let mut next = client * 97;
            while Instant::now() < deadline {
                let request = requests[next % requests.len()].clone();
                next += 1;
                let began = Instant::now();
                call(request).await?;
                latencies.push(began.elapsed());
            }
            anyhow::Ok(latencies)
        }));
    }
    let mut all = Vec::new();
    for task in tasks {
        all.extend(task.await??);
    }
    Ok(Summary::of(all, started.elapsed()))
}

/// Opens the benchmark's database with its keys file: `pocketchart.keys` in a SQLite
/// database's folder, else in the working folder (where `pocketchart` looks too), made
/// at first use.
pub async fn open_store(database_url: &str) -> anyhow::Result<store::Store> {
    let folder = store::sqlite_path(database_url)
        .and_then(|db| std::path::Path::new(db).parent().map(std::path::Path::to_path_buf))
        .unwrap_or_default();
    let (keys, _) = store::keys::Keys::load_or_create(&folder.join("pocketchart.keys"))?;
    Ok(store::Store::open(database_url, std::sync::Arc::new(keys)).await?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles_of_a_known_set() {
        let latencies: Vec<Duration> = (1..=100).map(Duration::from_millis).collect();
        let summary = Summary::of(latencies, Duration::from_secs(1));
        assert_eq!(summary.p50, Duration::from_millis(51));
        assert_eq!(summary.p99, Duration::from_millis(99));
        assert_eq!(summary.max, Duration::from_millis(100));
        assert_eq!(summary.count, 100);
    }
}
