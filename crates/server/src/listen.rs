//! Accepting connections: a cap on how many are open at once, a deadline for a client
//! to send its request headers (so half-sent requests cannot hold the server), and TLS
//! (rustls) for a practice that serves without a reverse proxy.

use std::future::Future;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::ConnectInfo;
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use hyper_util::server::conn::auto;
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;
use tokio_rustls::TlsAcceptor;
use tokio_rustls::rustls;
use tower::ServiceExt;

/// Put into every request that arrived over TLS (HSTS is sent only then).
#[derive(Clone, Copy, Debug)]
pub struct OverTls;

#[derive(Clone)]
pub struct Listening {
    /// Connections open at once; more wait in the kernel's queue until one closes.
    pub max_connections: usize,
    /// A connection that has not sent a whole request head (TLS handshake included)
    /// within this is closed.
    pub header_read_timeout: Duration,
    /// Serve HTTPS with this certificate and key.
    pub tls: Option<Arc<rustls::ServerConfig>>,
}

impl Default for Listening {
    fn default() -> Self {
        // Well under the usual 1,024 open files, leaving room for the database's.
        Self { max_connections: 768, header_read_timeout: Duration::from_secs(10), tls: None }
    }
}

/// How long requests in flight get to finish once shutdown begins.
const DRAIN: Duration = Duration::from_secs(30);

#[derive(Debug, thiserror::Error)]
pub enum TlsError {
    #[error("cannot read {path}: {source}")]
    Read { path: String, source: std::io::Error },
    #[error("{path} holds no {what} in PEM form")]
    Missing { path: String, what: &'static str },
    #[error("the certificate and key do not make a TLS configuration: {0}")]
    Config(#[from] rustls::Error),
}

/// A TLS configuration from PEM files: the certificate chain and its private key.
pub fn tls_config(cert: &Path, key: &Path) -> Result<Arc<rustls::ServerConfig>, TlsError> {
    use rustls_pki_types::pem::PemObject;
    use rustls_pki_types::{CertificateDer, PrivateKeyDer};
    let read =
        |path: &Path| std::fs::read(path).map_err(|source| TlsError::Read { path: path.display().to_string(), source });
    let chain: Vec<CertificateDer<'static>> =
        CertificateDer::pem_slice_iter(&read(cert)?).filter_map(Result::ok).collect();
    if chain.is_empty() {
        return Err(TlsError::Missing { path: cert.display().to_string(), what: "certificate" });
    }
    let key = PrivateKeyDer::from_pem_slice(&read(key)?)
        .map_err(|_| TlsError::Missing { path: key.display().to_string(), what: "private key" })?;
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let mut config = rustls::ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()?
        .with_no_client_auth()
        .with_single_cert(chain, key)?;
    config.alpn_protocols = vec![b"h2".to_vec(), b"http/1.1".to_vec()];
    Ok(Arc::new(config))
}

/// Serves `router` on `listener` until `shutdown` completes, then lets requests in flight
/// finish (up to [`DRAIN`]).
pub async fn serve(
    listener: TcpListener,
    router: Router,
    listening: Listening,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let open = Arc::new(Semaphore::new(listening.max_connections.max(1)));
    let acceptor = listening.tls.clone().map(TlsAcceptor::from);
    let graceful = GracefulShutdown::new();
    let mut builder = auto::Builder::new(TokioExecutor::new());
    builder.http1().timer(TokioTimer::new()).header_read_timeout(listening.header_read_timeout);
    let builder = Arc::new(builder);
    tokio::pin!(shutdown);

    loop {
        let permit = tokio::select! {
            permit = Arc::clone(&open).acquire_owned() => permit.map_err(std::io::Error::other)?,
            () = &mut shutdown => break,
        };
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(error) => {
                    // Out of file descriptors and the like: wait a little, keep serving.
                    tracing::warn!(%error, "accepting a connection failed");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let _ = stream.set_nodelay(true);
        let router = router.clone();
        let builder = Arc::clone(&builder);
        let acceptor = acceptor.clone();
        let watcher = graceful.watcher();
        let handshake_deadline = listening.header_read_timeout;
        tokio::spawn(async move {
            let _open = permit;
            let service = router.map_request(move |mut request: axum::extract::Request<hyper::body::Incoming>| {
                request.extensions_mut().insert(ConnectInfo(peer));
                request
            });
            match acceptor {
                None => {
                    let connection =
                        builder.serve_connection_with_upgrades(TokioIo::new(stream), TowerToHyperService::new(service));
                    let _ = watcher.watch(connection.into_owned()).await;
                }
                Some(acceptor) => {
                    let Ok(Ok(tls)) = tokio::time::timeout(handshake_deadline, acceptor.accept(stream)).await else {
                        return;
                    };
                    let service = service.map_request(|mut request: axum::extract::Request<hyper::body::Incoming>| {
                        request.extensions_mut().insert(OverTls);
                        request
                    });
                    let connection =
                        builder.serve_connection_with_upgrades(TokioIo::new(tls), TowerToHyperService::new(service));
                    let _ = watcher.watch(connection.into_owned()).await;
                }
            }
        });
    }
    drop(listener);
    if tokio::time::timeout(DRAIN, graceful.shutdown()).await.is_err() {
        tracing::warn!("requests still running after {} s were cut off", DRAIN.as_secs());
    }
    Ok(())
}
