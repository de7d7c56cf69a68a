//! Layers every response passes through: security headers, request ids, tracing
//! without patient data, and panics turned into the JSON 500.

use std::any::Any;
use std::sync::atomic::{AtomicU64, Ordering};

use axum::Router;
use axum::body::Body;
use axum::extract::Request;
use axum::http::{HeaderName, HeaderValue, Response, header};
use axum::middleware::Next;
use axum::response::IntoResponse;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::request_id::{MakeRequestId, PropagateRequestIdLayer, RequestId, SetRequestIdLayer};
use tower_http::trace::TraceLayer;

use crate::error::AppError;

pub const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// The layers every answer passes through, innermost first: panics turned into the
/// JSON 500, the request id made by the server (one a client sends is dropped, so it
/// never reaches the logs) on every answer, the request's tracing span, and the
/// security headers on every answer, that 500 included.
pub fn outer_layers(router: Router) -> Router {
    router
        .layer(CatchPanicLayer::custom(panic_response))
        .layer(PropagateRequestIdLayer::new(REQUEST_ID))
        .layer(TraceLayer::new_for_http().make_span_with(request_span))
        .layer(SetRequestIdLayer::new(REQUEST_ID, RequestIds::default()))
        .layer(axum::middleware::from_fn(drop_client_request_id))
        .layer(axum::middleware::from_fn(security_headers))
}

/// A request id chosen by the client could be anything (a patient's name, a forged
/// line); the server makes its own.
async fn drop_client_request_id(mut request: Request, next: Next) -> Response<Body> {
    request.headers_mut().remove(REQUEST_ID);
    next.run(request).await
}

/// What the browser may load and do. Styles allow inline because MUI injects its CSS at
/// run time; scripts, connections and frames are this origin's only.
const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
    img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; manifest-src 'self'; worker-src 'self'; \
    object-src 'none'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'";

/// Adds the security headers, and `no-store` on API answers so patient data never sits
/// in a browser or proxy cache.
pub async fn security_headers(request: Request, next: Next) -> Response<Body> {
    let is_api = request.uri().path().starts_with("/api/");
    // HSTS only where the browser reached us over TLS: ours, or a proxy's that says so.
    let over_tls = request.extensions().get::<crate::listen::OverTls>().is_some()
        || request.headers().get("x-forwarded-proto").is_some_and(|v| v.as_bytes().eq_ignore_ascii_case(b"https"));
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    let mut set = |name: HeaderName, value: &'static str| {
        headers.entry(name).or_insert(HeaderValue::from_static(value));
    };
    set(header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY);
    set(header::X_CONTENT_TYPE_OPTIONS, "nosniff");
    set(header::X_FRAME_OPTIONS, "DENY");
    set(header::REFERRER_POLICY, "no-referrer");
    set(HeaderName::from_static("permissions-policy"), "camera=(), microphone=(), geolocation=(), payment=(), usb=()");
    set(HeaderName::from_static("cross-origin-opener-policy"), "same-origin");
    set(HeaderName::from_static("cross-origin-resource-policy"), "same-origin");
    if over_tls {
        set(header::STRICT_TRANSPORT_SECURITY, "max-age=31536000; includeSubDomains");
    }
    // Only a route that holds no patient data sets its own (help); every other API
    // answer, errors included, is never stored.
    if is_api && !(response_is_public(headers)) {
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    response
}

fn response_is_public(headers: &axum::http::HeaderMap) -> bool {
    headers.get(header::CACHE_CONTROL).is_some_and(|v| v.as_bytes().starts_with(b"public"))
}

/// Request ids: a random per-process prefix and a counter, cheap and unique enough to
/// find one request's lines in the log.
#[derive(Clone)]
pub struct RequestIds {
    prefix: String,
}

impl Default for RequestIds {
    fn default() -> Self {
        Self { prefix: format!("{:08x}", rand::random::<u32>()) }
    }
}

static NEXT_REQUEST: AtomicU64 = AtomicU64::new(1);

impl MakeRequestId for RequestIds {
    fn make_request_id<B>(&mut self, _request: &axum::http::Request<B>) -> Option<RequestId> {
        let id = format!("{}-{}", self.prefix, NEXT_REQUEST.fetch_add(1, Ordering::Relaxed));
        HeaderValue::from_str(&id).ok().map(RequestId::new)
    }
}

/// The tracing span of a request: method, path and request id. Never the query string,
/// which can hold a patient's name typed into search.
pub fn request_span(request: &axum::http::Request<Body>) -> tracing::Span {
    let request_id = request.headers().get(REQUEST_ID).and_then(|v| v.to_str().ok()).unwrap_or("-");
    tracing::info_span!("request", method = %request.method(), path = %request.uri().path(), request_id = %request_id)
}

/// A panic in a handler becomes the ordinary JSON 500; the log has the message.
pub fn panic_response(panic: Box<dyn Any + Send + 'static>) -> Response<Body> {
    let message = panic
        .downcast_ref::<&str>()
        .map(|s| (*s).to_owned())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "panic".to_owned());
    AppError::internal(format!("handler panicked: {message}")).into_response()
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::routing::get;
    use tower::ServiceExt;

    #[allow(clippy::unused_async)]
    async fn boom() -> &'static str {
        panic!("boom")
    }

    fn app() -> Router {
        outer_layers(Router::new().route("/api/boom", get(boom)).route("/api/fine", get(|| async { "fine" })))
    }

    #[tokio::test]
    async fn a_panic_answers_the_json_500_with_every_security_header() {
        let request = axum::http::Request::get("/api/boom").body(Body::empty()).expect("request");
        let response = app().oneshot(request).await.expect("answer");
        assert_eq!(response.status().as_u16(), 500);
        for name in
            ["content-security-policy", "x-content-type-options", "x-frame-options", "cache-control", "x-request-id"]
        {
            assert!(response.headers().contains_key(name), "{name}");
        }
    }

    #[tokio::test]
    async fn the_request_id_is_the_servers_own() {
        let request = axum::http::Request::get("/api/fine")
            .header("x-request-id", "Smith, John\u{202e}")
            .body(Body::empty())
            .expect("request");
        let response = app().oneshot(request).await.expect("answer");
        let id = response.headers().get("x-request-id").and_then(|v| v.to_str().ok()).unwrap_or_default();
        assert!(!id.is_empty() && !id.contains("Smith"), "{id}");
    }
}
