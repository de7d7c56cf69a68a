//! The web app, embedded in the binary at build time and served under `/app/`.
//!
//! Hashed assets (`assets/*`, named by content) are cached for a year; everything else,
//! above all `index.html` and the service worker, is revalidated on every load so a new
//! release reaches phones at once. Paths without a file extension fall back to
//! `index.html` (`/app/login` to `login.html`), which lets the app's router own them.
//!
//! The build writes a Brotli (`.br`, quality 11) and a gzip (`.gz`) copy beside each text
//! file (`web/scripts/compress.mjs`); the copy the browser accepts is served as it is, so
//! no asset is compressed per request (the API is, by the compression layer).

use std::path::{Component, Path, PathBuf};

use axum::Router;
use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::get;
use rust_embed::RustEmbed;

use crate::state::AppState;

#[derive(RustEmbed)]
#[folder = "$OUT_DIR/webapp"]
struct WebApp;

pub const BASE_PATH: &str = "/app/";

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/", get(|| async { Redirect::temporary(BASE_PATH) }))
        .route("/app", get(|| async { Redirect::permanent(BASE_PATH) }))
        .route("/app/", get(serve_asset))
        .route("/app/{*path}", get(serve_asset))
}

/// The document an app address (a path without a file extension) is answered with, best first:
/// `/app/login` gets `login.html`, `index.html` with the login page's code preloaded so that a
/// first visit asks for it beside the entry rather than a round trip later
/// (`web/build/login-document.ts`), or `index.html` when the build wrote none; every other
/// address gets `index.html`.
fn app_documents(path: &str) -> &'static [&'static str] {
    if path == "login" { &["login.html", "index.html"] } else { &["index.html"] }
}

async fn serve_asset(State(state): State<AppState>, request: Request) -> Response {
    let path = request.uri().path().strip_prefix(BASE_PATH).unwrap_or("");
    let path = if path.is_empty() { "index.html" } else { path };
    if let Some(folder) = &state.config.web_dir {
        return serve_from_folder(folder, path, request.headers()).await;
    }
    match WebApp::get(path) {
        Some(file) => file_response(path, &file, request.headers()),
        None if looks_like_file(path) => (StatusCode::NOT_FOUND, "Not found").into_response(),
        None => app_documents(path)
            .iter()
            .find_map(|name| WebApp::get(name).map(|document| file_response(name, &document, request.headers())))
            .unwrap_or_else(|| (StatusCode::NOT_FOUND, "Not found").into_response()),
    }
}

/// The first of an app address's documents (`app_documents`) that `folder` holds, as the embedded
/// files' fallback picks it.
async fn folder_document(folder: &Path, path: &str) -> Option<(PathBuf, &'static str)> {
    for name in app_documents(path) {
        let file = folder.join(name);
        if tokio::fs::metadata(&file).await.is_ok_and(|meta| meta.is_file()) {
            return Some((file, *name));
        }
    }
    None
}

/// The development path (and the browser benchmarks' path): files read from `folder` at each
/// request, with the build's compressed copies chosen as the embedded files' are.
async fn serve_from_folder(folder: &Path, path: &str, request_headers: &HeaderMap) -> Response {
    // Only plain names below the folder: no "..", no absolute paths.
    let safe = Path::new(path).components().all(|c| matches!(c, Component::Normal(_)));
    let file: PathBuf = if safe { folder.join(path) } else { folder.join("index.html") };
    let (file, name) = match tokio::fs::metadata(&file).await {
        Ok(meta) if meta.is_file() => (file, path),
        _ if looks_like_file(path) => return (StatusCode::NOT_FOUND, "Not found").into_response(),
        _ => match folder_document(folder, path).await {
            Some(document) => document,
            None => return (StatusCode::NOT_FOUND, "Not found").into_response(),
        },
    };
    let mut headers = HeaderMap::new();
    let mime = mime_guess::from_path(name).first_or_octet_stream();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_str(mime.as_ref()).unwrap_or(HeaderValue::from_static("application/octet-stream")),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache_control(name)));
    let accepted = request_headers.get(header::ACCEPT_ENCODING).and_then(|v| v.to_str().ok()).unwrap_or_default();
    for (encoding, extension) in ENCODINGS {
        if !accepts(accepted, encoding) {
            continue;
        }
        let mut copy = file.clone().into_os_string();
        copy.push(format!(".{extension}"));
        if let Ok(bytes) = tokio::fs::read(&copy).await {
            headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static(encoding));
            headers.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
            return (StatusCode::OK, headers, bytes).into_response();
        }
    }
    match tokio::fs::read(&file).await {
        Ok(bytes) => (StatusCode::OK, headers, bytes).into_response(),
        Err(_) => (StatusCode::NOT_FOUND, "Not found").into_response(),
    }
}

/// The encodings the build writes copies in (web/scripts/compress.mjs), best first, with their
/// file extensions.
const ENCODINGS: [(&str, &str); 2] = [("br", "br"), ("gzip", "gz")];

/// The last path segment has an extension: a missing asset, not an app route.
fn looks_like_file(path: &str) -> bool {
    path.rsplit('/').next().is_some_and(|segment| segment.contains('.'))
}

fn cache_control(path: &str) -> &'static str {
    if path.starts_with("assets/") { "public, max-age=31536000, immutable" } else { "no-cache" }
}

fn file_response(path: &str, file: &rust_embed::EmbeddedFile, request_headers: &HeaderMap) -> Response {
    let compressed = precompressed(path, request_headers);
    // One tag per copy: a cache must not answer a gzip request with the Brotli bytes.
    let hash = hex_prefix(&file.metadata.sha256_hash());
    let etag = match &compressed {
        Some((encoding, _)) => format!("\"{hash}-{encoding}\""),
        None => format!("\"{hash}\""),
    };
    let mut headers = HeaderMap::new();
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache_control(path)));
    if let Ok(value) = HeaderValue::from_str(&etag) {
        headers.insert(header::ETAG, value);
    }
    if compressed.is_some() || WebApp::get(&format!("{path}.gz")).is_some() {
        // Caches keep one copy per encoding.
        headers.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    }
    let not_modified = request_headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|tag| tag.trim() == etag));
    if not_modified {
        return (StatusCode::NOT_MODIFIED, headers).into_response();
    }
    let mime = mime_guess::from_path(path).first_or_octet_stream();
    if let Ok(value) = HeaderValue::from_str(mime.as_ref()) {
        headers.insert(header::CONTENT_TYPE, value);
    }
    match compressed {
        Some((encoding, copy)) => {
            headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static(encoding));
            (StatusCode::OK, headers, copy.data.into_owned()).into_response()
        }
        None => (StatusCode::OK, headers, file.data.clone().into_owned()).into_response(),
    }
}

/// The build's compressed copy of `path` in the best encoding the browser accepts:
/// Brotli, then gzip.
fn precompressed(path: &str, request_headers: &HeaderMap) -> Option<(&'static str, rust_embed::EmbeddedFile)> {
    let accepted = request_headers.get(header::ACCEPT_ENCODING).and_then(|v| v.to_str().ok()).unwrap_or_default();
    ENCODINGS
        .into_iter()
        .filter(|(encoding, _)| accepts(accepted, encoding))
        .find_map(|(encoding, extension)| WebApp::get(&format!("{path}.{extension}")).map(|copy| (encoding, copy)))
}

/// Whether an Accept-Encoding header names `encoding` without refusing it (`;q=0`).
fn accepts(header: &str, encoding: &str) -> bool {
    header.split(',').any(|item| {
        let mut parts = item.split(';').map(str::trim);
        let named = parts.next().is_some_and(|name| name.eq_ignore_ascii_case(encoding));
        let refused = parts.any(|p| p.strip_prefix("q=").and_then(|q| q.parse::<f32>().ok()) == Some(0.0));
        named && !refused
    })
}

fn hex_prefix(hash: &[u8]) -> String {
    hash.iter().take(16).map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashed_assets_are_immutable_and_the_rest_revalidates() {
        assert_eq!(cache_control("assets/index-3f2a9c.js"), "public, max-age=31536000, immutable");
        assert_eq!(cache_control("index.html"), "no-cache");
        assert_eq!(cache_control("sw.js"), "no-cache");
    }

    #[test]
    fn an_encoding_is_accepted_unless_refused() {
        assert!(accepts("gzip, deflate, br, zstd", "br"));
        assert!(accepts("br;q=1.0, gzip;q=0.8", "gzip"));
        assert!(!accepts("gzip, br;q=0", "br"));
        assert!(!accepts("identity", "gzip"));
        assert!(!accepts("", "br"));
        assert!(accepts("GZIP", "gzip"));
    }

    #[test]
    fn only_paths_with_an_extension_are_missing_files() {
        assert!(looks_like_file("assets/missing.js"));
        assert!(!looks_like_file("patients/12/demographics"));
        assert!(!looks_like_file("dashboard"));
    }

    #[test]
    fn the_login_address_prefers_its_own_document() {
        assert_eq!(app_documents("login"), ["login.html", "index.html"]);
        assert_eq!(app_documents("orders"), ["index.html"]);
        assert_eq!(app_documents("login/extra"), ["index.html"]);
        assert_eq!(cache_control("login.html"), "no-cache");
    }
}
