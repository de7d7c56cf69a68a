//! Pocketchart's HTTP server as a library: the API under `/api`, the web app under
//! `/app/`. The binary (`crates/pocketchart`) and the integration tests both build the
//! application with [`app`] and run it with [`serve`].

pub mod audit;
pub mod auth;
pub mod client_ip;
pub mod clock;
pub mod config;
pub mod contract;
pub mod error;
pub mod extract;
mod http;
pub mod kit;
pub mod listen;
pub mod openapi;
mod refusals;
pub mod routes;
pub mod state;
mod web;

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::http::{StatusCode, header};
use axum::routing::get;
use tokio::net::TcpListener;
use tower_http::compression::{CompressionLayer, CompressionLevel};
use tower_http::timeout::TimeoutLayer;

pub use clock::{Clock, ManualClock, SystemClock};
pub use config::ServerConfig;
pub use routes::openapi_document;
pub use web::BASE_PATH;

use audit::{AuditSink, AuditWriter};
use auth::{LoginThrottle, TokenKeys};
use error::AppError;
use state::AppState;
use store::Store;

/// Largest request body accepted.
const BODY_LIMIT: usize = 1 << 20;
/// The Zstandard, Brotli and gzip level of API answers (see where the layer is added).
const API_COMPRESSION_LEVEL: i32 = 3;
/// A request still running after this is cut off with a 503.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(30);

/// The application and what must outlive a request: the audit writer.
pub struct App {
    pub router: Router,
    /// A handle on the audit queue (tests flush it before reading the log).
    pub audit: AuditSink,
    /// Finishes once every handle on the queue is dropped and the queue is written.
    pub audit_writer: AuditWriter,
}

/// Builds the application on an opened (and migrated) store.
pub async fn app(store: Store, config: ServerConfig, clock: Arc<dyn Clock>) -> Result<App, store::DbErr> {
    let secret = match &config.jwt_secret {
        Some(secret) => secret.clone(),
        None => store.keys().token_signing_key().to_vec(),
    };
    let time_zone = practice_time_zone(&store).await?;
    let (audit, audit_writer) = AuditSink::start(store.clone());
    let state = AppState {
        store,
        tokens: Arc::new(TokenKeys::from_secret(&secret)),
        clock,
        throttle: Arc::new(LoginThrottle::new(config.login_limits)),
        config: Arc::new(config),
        audit_sink: audit.clone(),
        time_zone,
        references: Arc::default(),
    };

    let (api, mut document) = routes::api(&state).split_for_parts();
    utoipa::Modify::modify(&contract::Rules, &mut document);
    let document = Arc::new(document.to_pretty_json().map_err(|e| store::DbErr::Custom(e.to_string()))?);

    // Only the API is compressed per request; the web app's files were compressed when
    // they were built (`web`). The codecs' default is their best and slowest (Brotli 11:
    // several milliseconds of CPU for a page of orders); level 3 gives most of the saving
    // for a fraction of the time, as is usual for answers made per request. Zstandard is
    // preferred when the browser takes it (Chromium does; Safari takes Brotli): it is as
    // small and several times cheaper (a whole day's schedule, 67 KB of JSON: 6.2 KB in
    // 0.08 ms, Brotli 6.5 KB in 0.3 ms), and compression was a quarter of the server's
    // CPU on that page.
    let api = Router::new()
        .merge(api)
        .route(
            "/api/openapi.json",
            get(move || {
                let document = Arc::clone(&document);
                async move { ([(header::CONTENT_TYPE, "application/json")], document.as_ref().clone()) }
            }),
        )
        .layer(CompressionLayer::new().quality(CompressionLevel::Precise(API_COMPRESSION_LEVEL)));
    let router = Router::new()
        .merge(api)
        .merge(web::router())
        .fallback(|| async { AppError::not_found("There is nothing at this address") })
        .method_not_allowed_fallback(|| async { AppError::method_not_allowed() })
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(TimeoutLayer::with_status_code(StatusCode::SERVICE_UNAVAILABLE, REQUEST_TIMEOUT))
        .with_state(state);
    Ok(App { router: http::outer_layers(router), audit, audit_writer })
}

/// The practice's time zone (`practice.timeZone`), UTC when unset or not a zone name.
async fn practice_time_zone(store: &Store) -> Result<chrono_tz::Tz, store::DbErr> {
    let stored = store.practice_preferences(&["practice.timeZone"]).await?;
    let name = stored.get("practice.timeZone").and_then(serde_json::Value::as_str).unwrap_or("UTC");
    Ok(name.parse().unwrap_or_else(|_| {
        tracing::warn!(zone = name, "practice.timeZone is not a time zone name; using UTC");
        chrono_tz::UTC
    }))
}

/// Serves `router` on `listener` with the default limits and no TLS until `shutdown`
/// completes, then lets requests in flight finish.
pub async fn serve(
    listener: TcpListener,
    router: Router,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    listen::serve(listener, router, listen::Listening::default(), shutdown).await
}

/// Deletes ended sessions and old login counters once an hour. The audit log keeps
/// their history.
pub fn spawn_housekeeping(store: Store, clock: Arc<dyn Clock>) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let mut every_hour = tokio::time::interval(Duration::from_secs(3600));
        loop {
            every_hour.tick().await;
            let cutoff = clock.now() - domain::session::ABSOLUTE_LIFETIME - chrono::Duration::days(1);
            match store.purge_sessions(cutoff).await {
                Ok(0) => {}
                Ok(purged) => tracing::info!(purged, "ended sessions deleted"),
                Err(error) => tracing::warn!(%error, "could not delete ended sessions"),
            }
            if let Err(error) = store.purge_login_attempts(cutoff).await {
                tracing::warn!(%error, "could not delete old login counters");
            }
        }
    })
}
