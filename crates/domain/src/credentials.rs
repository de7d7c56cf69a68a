//! Login credentials.
//!
//! The web app never sends what the user typed: it sends the lowercase hex SHA-256 of
//! it (spec part 1, section 7). The server stores an Argon2id hash of that digest, so a
//! stolen database does not reveal even the digest a client would send.

use std::sync::OnceLock;

use argon2::Argon2;
use argon2::password_hash::phc::PasswordHash;
use argon2::password_hash::{PasswordHasher, PasswordVerifier};
use sha2::{Digest, Sha256};

/// Longest username accepted; longer input cannot name a user.
pub const USERNAME_MAX_LEN: usize = 64;

/// The lowercase hex SHA-256 of a typed password, as the client sends it.
#[derive(Clone, PartialEq, Eq)]
pub struct PasswordDigest(String);

impl PasswordDigest {
    /// Accepts exactly 64 hex digits, in either case.
    pub fn parse(raw: &str) -> Option<Self> {
        let raw = raw.trim();
        (raw.len() == 64 && raw.bytes().all(|b| b.is_ascii_hexdigit())).then(|| Self(raw.to_ascii_lowercase()))
    }

    /// What a client sends for a password typed as `typed`.
    pub fn of_typed(typed: &str) -> Self {
        Self(hex::encode(Sha256::digest(typed.as_bytes())))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Debug for PasswordDigest {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("PasswordDigest(..)")
    }
}

/// A username as stored and looked up: trimmed and lowercased, so 'Demo' and 'demo '
/// name the same user.
pub fn normalize_username(raw: &str) -> Option<String> {
    let name = raw.trim().to_lowercase();
    (!name.is_empty() && name.chars().count() <= USERNAME_MAX_LEN && !name.chars().any(char::is_control))
        .then_some(name)
}

#[derive(Debug, thiserror::Error)]
#[error("password hashing failed: {0}")]
pub struct HashError(String);

/// Argon2id (the crate's defaults: 19 MiB, 2 passes, 1 lane: OWASP's recommendation)
/// with a fresh random salt, as a PHC string.
pub fn hash_password(digest: &PasswordDigest) -> Result<String, HashError> {
    Argon2::default()
        .hash_password(digest.as_str().as_bytes())
        .map(|hash| hash.to_string())
        .map_err(|e| HashError(e.to_string()))
}

/// True when `digest` matches the stored PHC string. A malformed stored hash (such as
/// the system user's '!') never matches.
pub fn verify_password(stored: &str, digest: &PasswordDigest) -> bool {
    PasswordHash::new(stored)
        .map(|hash| Argon2::default().verify_password(digest.as_str().as_bytes(), &hash).is_ok())
        .unwrap_or(false)
}

/// A real Argon2id hash that no client digest matches, verified against when the
/// username is unknown so that both failures take about the same time.
pub fn decoy_hash() -> &'static str {
    static DECOY: OnceLock<String> = OnceLock::new();
    DECOY.get_or_init(|| {
        hash_password(&PasswordDigest::of_typed("pocketchart decoy: no user has this"))
            .unwrap_or_else(|_| String::from("!"))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digest_of_typed_password_is_lowercase_hex_sha256() {
        // sha256("demo")
        assert_eq!(
            PasswordDigest::of_typed("demo").as_str(),
            "2a97516c354b68848cdbd8f54a226a0a55b21ed138e207ad6c5cbb9c00aa5aea"
        );
    }

    #[test]
    fn digest_parse_accepts_64_hex_digits_in_any_case() {
        let upper = "2A97516C354B68848CDBD8F54A226A0A55B21ED138E207AD6C5CBB9C00AA5AEA";
        assert_eq!(PasswordDigest::parse(upper), Some(PasswordDigest::of_typed("demo")));
        assert!(PasswordDigest::parse("demo").is_none());
        assert!(PasswordDigest::parse(&"g".repeat(64)).is_none());
        assert!(PasswordDigest::parse(&"a".repeat(63)).is_none());
    }

    #[test]
    fn usernames_are_trimmed_lowercased_and_bounded() {
        assert_eq!(normalize_username("  Demo "), Some("demo".into()));
        assert_eq!(normalize_username("   "), None);
        assert_eq!(normalize_username(&"x".repeat(65)), None);
        assert_eq!(normalize_username("a\u{0}b"), None);
    }

    #[test]
    fn hash_is_argon2id_and_verifies_only_the_same_digest() {
        let digest = PasswordDigest::of_typed("correct horse");
        let stored = hash_password(&digest).expect("hash");
        assert!(stored.starts_with("$argon2id$"), "{stored}");
        assert!(verify_password(&stored, &digest));
        assert!(!verify_password(&stored, &PasswordDigest::of_typed("wrong horse")));
    }

    #[test]
    fn salts_differ_between_hashes_of_the_same_password() {
        let digest = PasswordDigest::of_typed("same");
        assert_ne!(hash_password(&digest).expect("hash"), hash_password(&digest).expect("hash"));
    }

    #[test]
    fn malformed_stored_hash_never_verifies() {
        assert!(!verify_password("!", &PasswordDigest::of_typed("")));
        assert!(!verify_password(decoy_hash(), &PasswordDigest::of_typed("")));
    }

    #[test]
    fn debug_output_never_shows_the_digest() {
        assert_eq!(format!("{:?}", PasswordDigest::of_typed("secret")), "PasswordDigest(..)");
    }
}
