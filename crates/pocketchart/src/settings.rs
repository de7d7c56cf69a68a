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
    pub help: Option<HelpSettings>,
}

/// The config file's `[help]` table: the Help page's contact details.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HelpSettings {
    pub help_desk_url: Option<String>,
    pub main_phone: Option<String>,
    pub support_us_phone: Option<String>,
    pub support_international_phone: Option<String>,
    pub website: Option<String>,
    pub address: Option<String>,
    /// `[[help.social]]` tables with `name` and `url`.
    pub social: Option<Vec<SocialSetting>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SocialSetting {
    pub name: String,
    pub url: String,
}

/// The Help page's details: each from the environment (`POCKETCHART_HELP_MAIN_PHONE`...),
/// else the config file's `[help]` table, else the demo practice's. Social links from the
/// environment are `Name=https://...` separated by `;`. An empty value hides its line.
pub fn help_content(
    file: Option<HelpSettings>,
    env: impl Fn(&str) -> Option<String>,
) -> anyhow::Result<server::config::HelpContent> {
    use server::config::{HelpContent, SocialLink};
    let file = file.unwrap_or_default();
    let defaults = HelpContent::default();
    let pick = |name: &str, from_file: Option<String>, default: String| env(name).or(from_file).unwrap_or(default);
    let social = match env("POCKETCHART_HELP_SOCIAL") {
        Some(raw) => raw
            .split(';')
            .filter(|part| !part.trim().is_empty())
            .map(|part| match part.split_once('=') {
                Some((name, url)) => Ok(SocialLink { name: name.trim().to_owned(), url: url.trim().to_owned() }),
                None => anyhow::bail!("POCKETCHART_HELP_SOCIAL: write each link as Name=https://..."),
            })
            .collect::<anyhow::Result<Vec<_>>>()?,
        None => match file.social {
            Some(links) => links.into_iter().map(|l| SocialLink { name: l.name, url: l.url }).collect(),
            None => defaults.social.clone(),
        },
    };
    let help = HelpContent {
        help_desk_url: pick("POCKETCHART_HELP_DESK_URL", file.help_desk_url, defaults.help_desk_url),
        main_phone: pick("POCKETCHART_HELP_MAIN_PHONE", file.main_phone, defaults.main_phone),
        support_us_phone: pick("POCKETCHART_HELP_SUPPORT_US_PHONE", file.support_us_phone, defaults.support_us_phone),
        support_international_phone: pick(
            "POCKETCHART_HELP_SUPPORT_INTERNATIONAL_PHONE",
            file.support_international_phone,
            defaults.support_international_phone,
        ),
        website: pick("POCKETCHART_HELP_WEBSITE", file.website, defaults.website),
        address: pick("POCKETCHART_HELP_ADDRESS", file.address, defaults.address),
        social,
    };
    let problems = help.problems();
    anyhow::ensure!(problems.is_empty(), "{}", problems.join("; "));
    Ok(help)
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
    fn help_comes_from_the_environment_then_the_file_then_the_demo() {
        let file: FileSettings = toml::from_str(
            "[help]\nmain_phone = \"(541) 555-0101\"\nwebsite = \"https://clinic.example/\"\n\
             [[help.social]]\nname = \"Instagram\"\nurl = \"https://instagram.example/clinic\"\n",
        )
        .expect("parses");
        let env = |name: &str| (name == "POCKETCHART_HELP_WEBSITE").then(|| "https://env.example/".to_owned());
        let help = help_content(file.help, env).expect("valid");
        assert_eq!(help.main_phone, "(541) 555-0101");
        assert_eq!(help.website, "https://env.example/");
        assert_eq!(help.social.len(), 1);
        assert_eq!(help.support_us_phone, server::config::HelpContent::default().support_us_phone);

        let bad = |name: &str| (name == "POCKETCHART_HELP_SOCIAL").then(|| "Facebook https://x".to_owned());
        assert!(help_content(None, bad).is_err());
        let unsafe_link = |name: &str| (name == "POCKETCHART_HELP_DESK_URL").then(|| "javascript:alert(1)".to_owned());
        assert!(help_content(None, unsafe_link).is_err());
    }

    #[test]
    fn short_secrets_are_refused() {
        assert!(jwt_secret("short").is_err());
        assert_eq!(jwt_secret(&"k".repeat(32)).expect("long").len(), 32);
    }
}
