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

/// Shortest password a person may set.
pub const PASSWORD_MIN_CHARS: usize = 8;

/// Passwords that head every published list of leaked passwords, or are built from the
/// product's and the trade's own words; compared without case.
const COMMON_PASSWORDS: &[&str] = &[
    "password",
    "password1",
    "password12",
    "password123",
    "password!",
    "passw0rd",
    "p@ssw0rd",
    "p@ssword",
    "12345678",
    "123456789",
    "1234567890",
    "12345678910",
    "87654321",
    "11111111",
    "00000000",
    "88888888",
    "123123123",
    "1q2w3e4r",
    "1q2w3e4r5t",
    "qwertyui",
    "qwertyuiop",
    "qwerty123",
    "qwerty12",
    "asdfghjk",
    "asdfghjkl",
    "zxcvbnm1",
    "iloveyou",
    "iloveyou1",
    "sunshine",
    "princess",
    "football",
    "baseball",
    "welcome1",
    "welcome123",
    "letmein1",
    "abc12345",
    "abcd1234",
    "aa123456",
    "superman",
    "trustno1",
    "starwars",
    "whatever",
    "dragon12",
    "master12",
    "monkey12",
    "computer",
    "internet",
    "changeme",
    "changeme1",
    "administrator",
    "admin123",
    "admin1234",
    "doctor123",
    "dentist1",
    "dentist123",
    "medical1",
    "patient1",
    "hospital",
    "clinic123",
    "nurse123",
    "pocketchart",
    "pocketchart1",
];

/// Why `typed` may not be a password, in the words the CLI prints; None when it may.
pub fn password_problem(typed: &str, username: &str) -> Option<String> {
    let lower = typed.to_lowercase();
    if typed.chars().count() < PASSWORD_MIN_CHARS {
        return Some(format!("a password needs at least {PASSWORD_MIN_CHARS} characters"));
    }
    let one_character = lower.chars().all(|c| lower.starts_with(c));
    if one_character || COMMON_PASSWORDS.contains(&lower.as_str()) {
        return Some("that password is on the lists attackers try first; choose another".into());
    }
    if !username.is_empty() && lower.contains(&username.to_lowercase()) {
        return Some("a password may not contain the username".into());
    }
    None
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
    fn short_common_and_username_passwords_are_refused() {
        assert!(password_problem("short", "rlopez").is_some_and(|p| p.contains("8 characters")));
        assert!(password_problem("password", "rlopez").is_some());
        assert!(password_problem("12345678", "rlopez").is_some());
        assert!(password_problem("PassWord1", "rlopez").is_some(), "case does not matter");
        assert!(password_problem("zzzzzzzzzz", "rlopez").is_some());
        assert!(password_problem("rlopez-2026", "rlopez").is_some());
        assert_eq!(password_problem("hygiene-2026", "rlopez"), None);
    }

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
