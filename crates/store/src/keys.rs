//! The practice's secret keys, kept outside the database so that a copy of the database
//! (a backup, a stolen disk image) signs no session token, forges no audit row and reads
//! no SSN. They live in a keys file created 0600 beside the database (see
//! `docs/security.md`); every server sharing one database needs the same file.

use std::io::Write;
use std::path::Path;

use aes_gcm::aead::{Aead, KeyInit};
use aes_gcm::{Aes256Gcm, Nonce};
use base64::Engine;
use base64::engine::general_purpose::STANDARD as BASE64;
use hmac::{Hmac, Mac};
use serde::{Deserialize, Serialize};
use sha2::Sha256;

type Key = [u8; 32];

#[derive(Clone)]
pub struct Keys {
    token_signing: Key,
    audit: Key,
    /// Keys that encrypt government identifiers; the last one encrypts, every one decrypts
    /// (a value names the key it was sealed with, so keys can be rotated).
    identifier: Vec<Key>,
}

impl std::fmt::Debug for Keys {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Keys(..)")
    }
}

#[derive(Debug, thiserror::Error)]
pub enum KeysError {
    #[error("cannot read the keys file {path}: {source}")]
    Read { path: String, source: std::io::Error },
    #[error("cannot create the keys file {path}: {source}")]
    Create { path: String, source: std::io::Error },
    #[error("the keys file {path} can be read by other users; run: chmod 600 {path}")]
    Exposed { path: String },
    #[error("the keys file {path} is not valid: {problem}")]
    Invalid { path: String, problem: String },
}

/// The file's shape: hex keys, so it can be read and copied by a person.
#[derive(Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
struct KeysFile {
    token_signing_key: String,
    audit_key: String,
    identifier_keys: Vec<String>,
}

const FILE_HEADER: &str = "\
# Pocketchart's secret keys. Readable by the server's user only (0600). Back it up
# apart from the database: without it SSNs cannot be read and the audit log cannot be
# verified. Every server sharing one database needs the same file.
# identifier_keys encrypt SSNs; the last one is current (`pocketchart keys rotate`).
";

/// A sealed identifier starts with this, then the key's number, then base64 of nonce
/// and ciphertext: `enc1:<n>:<base64>`.
const SEALED_PREFIX: &str = "enc1:";

impl Keys {
    /// Fresh random keys (a new practice, or a test).
    pub fn generate() -> Self {
        Self { token_signing: rand::random(), audit: rand::random(), identifier: vec![rand::random()] }
    }

    /// Reads the keys file at `path`, creating it with fresh keys (mode 0600) when absent.
    /// True in the second place when it was created now.
    pub fn load_or_create(path: &Path) -> Result<(Self, bool), KeysError> {
        let shown = path.display().to_string();
        match std::fs::read_to_string(path) {
            Ok(text) => {
                refuse_if_exposed(path)?;
                let keys = Self::parse(&text).map_err(|problem| KeysError::Invalid { path: shown, problem })?;
                Ok((keys, false))
            }
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
                let keys = Self::generate();
                match keys.write_new(path) {
                    Ok(()) => Ok((keys, true)),
                    // Another process made it first: use theirs.
                    Err(error) if error.kind() == std::io::ErrorKind::AlreadyExists => Self::load_or_create(path),
                    Err(source) => Err(KeysError::Create { path: shown, source }),
                }
            }
            Err(source) => Err(KeysError::Read { path: shown, source }),
        }
    }

    /// Writes the keys to a new file that only its owner can read.
    pub fn write_new(&self, path: &Path) -> std::io::Result<()> {
        if let Some(folder) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
            std::fs::create_dir_all(folder)?;
        }
        let mut file = private_new_file(path)?;
        file.write_all(self.to_text().as_bytes())?;
        file.sync_all()
    }

    pub fn parse(text: &str) -> Result<Self, String> {
        let file: KeysFile = toml::from_str(text).map_err(|e| e.to_string())?;
        let key = |name: &str, hex_key: &str| -> Result<Key, String> {
            hex::decode(hex_key.trim())
                .ok()
                .and_then(|bytes| Key::try_from(bytes.as_slice()).ok())
                .ok_or_else(|| format!("{name} must be 64 hexadecimal digits"))
        };
        let identifier =
            file.identifier_keys.iter().map(|k| key("identifier_keys", k)).collect::<Result<Vec<_>, _>>()?;
        if identifier.is_empty() {
            return Err("identifier_keys needs at least one key".into());
        }
        Ok(Self {
            token_signing: key("token_signing_key", &file.token_signing_key)?,
            audit: key("audit_key", &file.audit_key)?,
            identifier,
        })
    }

    pub fn to_text(&self) -> String {
        let file = KeysFile {
            token_signing_key: hex::encode(self.token_signing),
            audit_key: hex::encode(self.audit),
            identifier_keys: self.identifier.iter().map(hex::encode).collect(),
        };
        format!("{FILE_HEADER}{}", toml::to_string(&file).unwrap_or_default())
    }

    /// The same keys with a new current identifier key (the old ones still decrypt).
    #[must_use]
    pub fn with_new_identifier_key(&self) -> Self {
        let mut rotated = self.clone();
        rotated.identifier.push(rand::random());
        rotated
    }

    /// The key that signs session tokens.
    pub fn token_signing_key(&self) -> &[u8] {
        &self.token_signing
    }

    /// The audit chain's link: HMAC-SHA256 over the previous row's link and this row.
    pub fn audit_link(&self, previous: &str, row: &[u8]) -> String {
        let Ok(mut mac) = <Hmac<Sha256> as Mac>::new_from_slice(&self.audit) else { return String::new() };
        mac.update(previous.as_bytes());
        mac.update(b"\n");
        mac.update(row);
        hex::encode(mac.finalize().into_bytes())
    }

    /// Encrypts an identifier with the current key (AES-256-GCM, random nonce).
    pub fn seal_identifier(&self, plain: &str) -> String {
        if plain.is_empty() {
            return String::new();
        }
        let number = self.identifier.len();
        let Some(key) = self.identifier.last() else { return String::new() };
        let Ok(cipher) = Aes256Gcm::new_from_slice(key) else { return String::new() };
        let nonce_bytes: [u8; 12] = rand::random();
        let Ok(sealed) = cipher.encrypt(&Nonce::from(nonce_bytes), plain.as_bytes()) else {
            return String::new();
        };
        let mut payload = nonce_bytes.to_vec();
        payload.extend(sealed);
        format!("{SEALED_PREFIX}{number}:{}", BASE64.encode(payload))
    }

    /// Decrypts what [`Keys::seal_identifier`] made. A value stored before encryption
    /// (plain text) is returned as it is; one that does not open is an error.
    pub fn open_identifier(&self, stored: &str) -> Result<String, IdentifierError> {
        let Some(rest) = stored.strip_prefix(SEALED_PREFIX) else { return Ok(stored.to_owned()) };
        let (number, payload) = rest.split_once(':').ok_or(IdentifierError)?;
        let key = number
            .parse::<usize>()
            .ok()
            .and_then(|n| n.checked_sub(1))
            .and_then(|i| self.identifier.get(i))
            .ok_or(IdentifierError)?;
        let payload = BASE64.decode(payload).map_err(|_| IdentifierError)?;
        if payload.len() < 12 {
            return Err(IdentifierError);
        }
        let (nonce, sealed) = payload.split_at(12);
        let nonce: [u8; 12] = nonce.try_into().map_err(|_| IdentifierError)?;
        let cipher = Aes256Gcm::new_from_slice(key).map_err(|_| IdentifierError)?;
        let plain = cipher.decrypt(&Nonce::from(nonce), sealed).map_err(|_| IdentifierError)?;
        String::from_utf8(plain).map_err(|_| IdentifierError)
    }

    /// How every value sealed with the current key begins.
    pub fn current_seal_prefix(&self) -> String {
        format!("{SEALED_PREFIX}{}:", self.identifier.len())
    }

    /// True when `stored` is sealed with the current key (nothing to rotate).
    pub fn is_sealed_with_current(&self, stored: &str) -> bool {
        stored.is_empty() || stored.starts_with(&self.current_seal_prefix())
    }
}

/// A stored identifier that no key of the keys file opens (a wrong or missing key).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a stored identifier could not be decrypted with the keys file's keys")]
pub struct IdentifierError;

/// Creates `path` (which must not exist) readable and writable by its owner only.
pub fn private_new_file(path: &Path) -> std::io::Result<std::fs::File> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    options.open(path)
}

fn refuse_if_exposed(path: &Path) -> Result<(), KeysError> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(path)
            .map_err(|source| KeysError::Read { path: path.display().to_string(), source })?
            .permissions()
            .mode();
        if mode & 0o077 != 0 {
            return Err(KeysError::Exposed { path: path.display().to_string() });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_round_trip_through_their_file_text() {
        let keys = Keys::generate().with_new_identifier_key();
        let parsed = Keys::parse(&keys.to_text()).expect("parse");
        assert_eq!(parsed.token_signing_key(), keys.token_signing_key());
        assert_eq!(parsed.audit_link("", b"row"), keys.audit_link("", b"row"));
        assert_eq!(parsed.identifier.len(), 2);
        assert!(Keys::parse("token_signing_key = \"00\"\naudit_key=\"00\"\nidentifier_keys=[]").is_err());
    }

    #[test]
    fn identifiers_are_sealed_and_opened_across_a_rotation() {
        let keys = Keys::generate();
        let sealed = keys.seal_identifier("666-12-3456");
        assert!(sealed.starts_with("enc1:1:"));
        assert!(!sealed.contains("3456"));
        assert_ne!(sealed, keys.seal_identifier("666-12-3456"), "a fresh nonce each time");
        assert_eq!(keys.open_identifier(&sealed).as_deref(), Ok("666-12-3456"));
        let rotated = keys.with_new_identifier_key();
        assert!(!rotated.is_sealed_with_current(&sealed));
        assert_eq!(rotated.open_identifier(&sealed).as_deref(), Ok("666-12-3456"));
        assert!(rotated.seal_identifier("666-12-3456").starts_with("enc1:2:"));
        assert_eq!(keys.open_identifier("666-12-3456").as_deref(), Ok("666-12-3456"), "plain from before");
        assert_eq!(keys.seal_identifier(""), "");
        assert!(Keys::generate().open_identifier(&sealed).is_err(), "another practice's key");
    }

    #[test]
    fn a_changed_row_or_link_changes_the_audit_link() {
        let keys = Keys::generate();
        let link = keys.audit_link("abc", b"row");
        assert_eq!(link.len(), 64);
        assert_ne!(link, keys.audit_link("abd", b"row"));
        assert_ne!(link, keys.audit_link("abc", b"rox"));
        assert_ne!(link, Keys::generate().audit_link("abc", b"row"));
    }

    #[cfg(unix)]
    #[test]
    fn the_keys_file_is_created_private_and_refused_when_exposed() {
        use std::os::unix::fs::PermissionsExt;
        let folder = std::env::temp_dir().join(format!("pc-keys-{}", rand::random::<u32>()));
        let path = folder.join("pocketchart.keys");
        let (made, created) = Keys::load_or_create(&path).expect("create");
        assert!(created);
        assert_eq!(std::fs::metadata(&path).expect("meta").permissions().mode() & 0o777, 0o600);
        let (read, created) = Keys::load_or_create(&path).expect("read");
        assert!(!created);
        assert_eq!(read.token_signing_key(), made.token_signing_key());
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).expect("chmod");
        assert!(matches!(Keys::load_or_create(&path), Err(KeysError::Exposed { .. })));
        let _ = std::fs::remove_dir_all(folder);
    }
}
