//! Who is asking: signed session tokens, the server-side session check that every
//! protected route passes through, and the login throttle.

mod session;
mod throttle;
mod token;

pub use session::{CurrentSession, SessionEnded, require_session};
pub use throttle::{LoginLimits, LoginThrottle, Reservation};
pub use token::{Claims, TokenKeys};

use axum::http::HeaderMap;

/// The header a token travels in, both ways (DESIGN.md, "The contract").
pub const JWT_HEADER: &str = "jwt";

/// The token of a request: the `jwt` header, or `Authorization: Bearer`.
pub fn token_from_headers(headers: &HeaderMap) -> Option<&str> {
    if let Some(token) = headers.get(JWT_HEADER).and_then(|v| v.to_str().ok()) {
        return Some(token.trim()).filter(|t| !t.is_empty());
    }
    let authorization = headers.get(axum::http::header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = authorization.split_once(' ')?;
    scheme.eq_ignore_ascii_case("bearer").then(|| token.trim()).filter(|t| !t.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn token_comes_from_jwt_header_or_bearer() {
        let mut headers = HeaderMap::new();
        assert_eq!(token_from_headers(&headers), None);
        headers.insert("authorization", "Bearer abc".parse().expect("header"));
        assert_eq!(token_from_headers(&headers), Some("abc"));
        headers.insert("jwt", "xyz".parse().expect("header"));
        assert_eq!(token_from_headers(&headers), Some("xyz"));
        let mut basic = HeaderMap::new();
        basic.insert("authorization", "Basic abc".parse().expect("header"));
        assert_eq!(token_from_headers(&basic), None);
    }
}
