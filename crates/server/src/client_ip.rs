//! The address a request came from, for the audit log and the login throttle.

use std::net::SocketAddr;

use axum::extract::{ConnectInfo, FromRequestParts, Request};
use axum::http::HeaderMap;
use axum::http::request::Parts;

use crate::config::ServerConfig;
use crate::state::AppState;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClientIp(pub String);

impl ClientIp {
    pub fn of(request: &Request, config: &ServerConfig) -> Self {
        let peer = request.extensions().get::<ConnectInfo<SocketAddr>>().map(|c| c.0);
        Self::from_parts(request.headers(), peer, config)
    }

    /// The peer address, or, behind a trusted reverse proxy, the address the proxy saw
    /// (the last entry of X-Forwarded-For, the one the proxy itself appended).
    fn from_parts(headers: &HeaderMap, peer: Option<SocketAddr>, config: &ServerConfig) -> Self {
        if config.trust_forwarded_for {
            let forwarded = headers
                .get_all("x-forwarded-for")
                .iter()
                .filter_map(|v| v.to_str().ok())
                .flat_map(|v| v.split(','))
                .map(str::trim)
                .rfind(|v| !v.is_empty());
            if let Some(address) = forwarded {
                return Self(address.chars().take(64).collect());
            }
        }
        Self(peer.map_or_else(|| "unknown".to_owned(), |p| p.ip().to_string()))
    }
}

impl FromRequestParts<AppState> for ClientIp {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let peer = parts.extensions.get::<ConnectInfo<SocketAddr>>().map(|c| c.0);
        Ok(Self::from_parts(&parts.headers, peer, &state.config))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn peer() -> Option<SocketAddr> {
        Some("192.0.2.7:5000".parse().expect("addr"))
    }

    #[test]
    fn forwarded_for_is_ignored_unless_trusted() {
        let mut headers = HeaderMap::new();
        headers.insert("x-forwarded-for", "203.0.113.9, 198.51.100.2".parse().expect("header"));
        let untrusted = ServerConfig::default();
        assert_eq!(ClientIp::from_parts(&headers, peer(), &untrusted).0, "192.0.2.7");
        let trusted = ServerConfig { trust_forwarded_for: true, ..ServerConfig::default() };
        assert_eq!(ClientIp::from_parts(&headers, peer(), &trusted).0, "198.51.100.2");
    }
}
