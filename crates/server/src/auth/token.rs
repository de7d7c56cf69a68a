//! Session tokens: HS256 JWTs whose payload names the user and the session. The
//! signature proves the server issued it; the session row decides whether it still works.

use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Claims {
    pub user_id: i64,
    /// The session this token belongs to.
    pub sid: String,
    /// Issued at, seconds since the epoch.
    pub iat: i64,
    /// Not valid from this second on.
    pub exp: i64,
}

pub struct TokenKeys {
    encoding: EncodingKey,
    decoding: DecodingKey,
    validation: Validation,
}

impl TokenKeys {
    pub fn from_secret(secret: &[u8]) -> Self {
        // Only HS256 is accepted: a token claiming `none` or another algorithm fails.
        // Expiry is checked against the server's own clock by the session layer.
        let mut validation = Validation::new(Algorithm::HS256);
        validation.validate_exp = false;
        validation.validate_nbf = false;
        validation.required_spec_claims.clear();
        Self { encoding: EncodingKey::from_secret(secret), decoding: DecodingKey::from_secret(secret), validation }
    }

    pub fn issue(&self, claims: &Claims) -> String {
        // Signing with an HMAC key cannot fail for a serializable payload.
        jsonwebtoken::encode(&Header::new(Algorithm::HS256), claims, &self.encoding).unwrap_or_default()
    }

    /// The claims of a token this server signed, or None.
    pub fn verify(&self, token: &str) -> Option<Claims> {
        jsonwebtoken::decode::<Claims>(token, &self.decoding, &self.validation).ok().map(|data| data.claims)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use base64::Engine;
    use base64::engine::general_purpose::URL_SAFE_NO_PAD;

    fn claims() -> Claims {
        Claims { user_id: 2, sid: "s1".into(), iat: 1_790_000_000, exp: 1_790_001_000 }
    }

    #[test]
    fn issued_token_verifies_and_carries_user_id() {
        let keys = TokenKeys::from_secret(b"0123456789abcdef0123456789abcdef");
        let token = keys.issue(&claims());
        assert_eq!(keys.verify(&token), Some(claims()));
        let payload = token.split('.').nth(1).expect("payload");
        let json: serde_json::Value =
            serde_json::from_slice(&URL_SAFE_NO_PAD.decode(payload).expect("b64")).expect("json");
        assert_eq!(json["userId"], 2);
    }

    #[test]
    fn token_from_another_key_is_refused() {
        let keys = TokenKeys::from_secret(b"key one key one key one key one!");
        let other = TokenKeys::from_secret(b"key two key two key two key two!");
        assert_eq!(keys.verify(&other.issue(&claims())), None);
    }

    #[test]
    fn tampered_payload_is_refused() {
        let keys = TokenKeys::from_secret(b"0123456789abcdef0123456789abcdef");
        let token = keys.issue(&claims());
        let mut parts: Vec<String> = token.split('.').map(str::to_owned).collect();
        let forged = Claims { user_id: 3, ..claims() };
        parts[1] = URL_SAFE_NO_PAD.encode(serde_json::to_vec(&forged).expect("json"));
        assert_eq!(keys.verify(&parts.join(".")), None);
    }

    #[test]
    fn alg_none_is_refused() {
        let keys = TokenKeys::from_secret(b"0123456789abcdef0123456789abcdef");
        let header = URL_SAFE_NO_PAD.encode(br#"{"alg":"none","typ":"JWT"}"#);
        let payload = URL_SAFE_NO_PAD.encode(serde_json::to_vec(&claims()).expect("json"));
        assert_eq!(keys.verify(&format!("{header}.{payload}.")), None);
        assert_eq!(keys.verify(&format!("{header}.{payload}")), None);
    }
}
