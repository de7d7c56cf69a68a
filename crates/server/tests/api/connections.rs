//! Connections: half-sent requests are cut off at the header deadline and cannot hold
//! the server; the connection cap leaves room for everyone else; HTTPS with rustls, and
//! HSTS only over it.

use std::sync::Arc;
use std::time::Duration;

use server::listen::{Listening, tls_config};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_rustls::rustls;

use crate::helpers::{Db, spawn_app};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn half_sent_requests_are_cut_off_and_health_still_answers() {
    let app = spawn_app(Db::Sqlite).await.expect("app");
    let listening = Listening { max_connections: 16, header_read_timeout: Duration::from_millis(300), tls: None };
    let address = app.server_listening(listening).await;

    // Twice the cap of clients that start a request and never finish its headers.
    let mut stalled = Vec::new();
    for _ in 0..32 {
        let mut stream = TcpStream::connect(address).await.expect("connect");
        stream.write_all(b"GET /api/health HTTP/1.1\r\nHost: clinic\r\n").await.expect("half a request");
        stalled.push(stream);
    }
    let health = reqwest::Client::builder()
        .timeout(Duration::from_secs(20))
        .build()
        .expect("client")
        .get(format!("http://{address}/api/health"))
        .send()
        .await
        .expect("health answers while half-sent requests are held");
    assert_eq!(health.status(), reqwest::StatusCode::OK);

    // The server closed the half-sent ones (a read ends) instead of waiting forever.
    let mut buffer = [0u8; 512];
    let first = &mut stalled[0];
    let ended = tokio::time::timeout(Duration::from_secs(10), first.read(&mut buffer)).await;
    assert!(ended.is_ok(), "the half-sent request was cut off");
}

fn self_signed(
    folder: &std::path::Path,
) -> (std::path::PathBuf, std::path::PathBuf, rustls::pki_types::CertificateDer<'static>) {
    let issued = rcgen::generate_simple_self_signed(vec!["localhost".to_owned()]).expect("certificate");
    let (cert, key) = (folder.join("cert.pem"), folder.join("key.pem"));
    std::fs::write(&cert, issued.cert.pem()).expect("cert");
    std::fs::write(&key, issued.signing_key.serialize_pem()).expect("key");
    (cert, key, issued.cert.der().clone())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn https_is_served_with_hsts_and_plain_http_without() {
    let app = spawn_app(Db::Sqlite).await.expect("app");
    let folder = std::env::temp_dir().join(format!("pocketchart-tls-{}", std::process::id()));
    std::fs::create_dir_all(&folder).expect("folder");
    let (cert, key, der) = self_signed(&folder);
    let tls = tls_config(&cert, &key).expect("tls config");
    let address = app.server_listening(Listening { tls: Some(tls), ..Listening::default() }).await;

    let mut roots = rustls::RootCertStore::empty();
    roots.add(der).expect("trust the test certificate");
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let client = rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .expect("versions")
        .with_root_certificates(roots)
        .with_no_client_auth();
    let connector = tokio_rustls::TlsConnector::from(Arc::new(client));
    let tcp = TcpStream::connect(address).await.expect("connect");
    let name = rustls::pki_types::ServerName::try_from("localhost").expect("name");
    let mut tls = connector.connect(name, tcp).await.expect("TLS handshake");
    tls.write_all(b"GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n").await.expect("send");
    let mut answer = String::new();
    tls.read_to_string(&mut answer).await.ok();
    let lower = answer.to_lowercase();
    assert!(lower.starts_with("http/1.1 200"), "{answer}");
    assert!(lower.contains("strict-transport-security: max-age=31536000"), "{answer}");

    let plain = app.call(reqwest::Method::GET, "/api/health", None, None).await;
    assert!(!plain.headers().contains_key("strict-transport-security"), "no HSTS over plain HTTP");
    let _ = std::fs::remove_dir_all(folder);
}
