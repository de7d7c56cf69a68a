//! Where each setting comes from: the command line first, then the environment (clap
//! reads both), then the config file, then the default.

use std::path::{Path, PathBuf};

use anyhow::Context;
use serde::Deserialize;

pub const DEFAULT_LISTEN: &str = "127.0.0.1:8080";
pub const DEFAULT_DATABASE_URL: &str = "sqlite://data/pocketchart.db";
/// Read when present and no other config file is named.
pub const DEFAULT_CONFIG_FILE: &str = "pocketchart.toml";

/// The config file's keys; every one is optional.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FileSettings {
    pub listen: Option<String>,
    pub database_url: Option<String>,
    pub demo: Option<bool>,
    pub trust_forwarded_for: Option<bool>,
    pub jwt_secret: Option<String>,
    pub log_format: Option<String>,
    pub web_dir: Option<std::path::PathBuf>,
    pub keys_file: Option<std::path::PathBuf>,
    pub tls_cert: Option<std::path::PathBuf>,
    pub tls_key: Option<std::path::PathBuf>,
}

impl FileSettings {
    /// The named file (which must exist), else `pocketchart.toml` if present, else none.
    pub fn load(named: Option<&Path>) -> anyhow::Result<Self> {
        let path = match named {
            Some(path) => path.to_path_buf(),
            None if Path::new(DEFAULT_CONFIG_FILE).is_file() => PathBuf::from(DEFAULT_CONFIG_FILE),
            None => return Ok(Self::default()),
        };
        let text =
            std::fs::read_to_string(&path).with_context(|| format!("cannot read config file {}", path.display()))?;
        toml::from_str(&text).with_context(|| format!("config file {} is not valid", path.display()))
    }
}

/// The keys file: the one named, else `pocketchart.keys` in a SQLite database's folder
/// (so a backup written beside it opens with the same keys), else in the working folder.
pub fn keys_path(named: Option<&Path>, database_url: &str) -> PathBuf {
    if let Some(path) = named {
        return path.to_path_buf();
    }
    let folder = store::sqlite_path(database_url)
        .and_then(|db| Path::new(db).parent().map(Path::to_path_buf))
        .unwrap_or_default();
    folder.join(KEYS_FILE_NAME)
}

pub const KEYS_FILE_NAME: &str = "pocketchart.keys";

/// A signing secret must be long enough that it cannot be guessed.
pub fn jwt_secret(raw: &str) -> anyhow::Result<Vec<u8>> {
    anyhow::ensure!(raw.len() >= 32, "jwt_secret must be at least 32 characters");
    Ok(raw.as_bytes().to_vec())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn config_file_keys_parse_and_unknown_keys_are_refused() {
        let parsed: FileSettings = toml::from_str("listen = \"0.0.0.0:9000\"\ndemo = true\n").expect("parse");
        assert_eq!(parsed.listen.as_deref(), Some("0.0.0.0:9000"));
        assert_eq!(parsed.demo, Some(true));
        assert!(toml::from_str::<FileSettings>("lisen = \"x\"").is_err());
    }

    #[test]
    fn the_keys_file_sits_beside_a_sqlite_database() {
        assert_eq!(keys_path(None, "sqlite://data/p.db"), PathBuf::from("data/pocketchart.keys"));
        assert_eq!(keys_path(None, "sqlite://p.db"), PathBuf::from("pocketchart.keys"));
        assert_eq!(keys_path(None, "postgres://u@h/db"), PathBuf::from("pocketchart.keys"));
        assert_eq!(keys_path(Some(Path::new("/etc/pc.keys")), "sqlite://p.db"), PathBuf::from("/etc/pc.keys"));
    }

    #[test]
    fn short_secrets_are_refused() {
        assert!(jwt_secret("short").is_err());
        assert_eq!(jwt_secret(&"k".repeat(32)).expect("long").len(), 32);
    }
}
