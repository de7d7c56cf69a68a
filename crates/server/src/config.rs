//! Settings of the HTTP layer that the binary passes in.

use crate::auth::LoginLimits;

#[derive(Clone, Debug, Default)]
pub struct ServerConfig {
    /// Take the client address from X-Forwarded-For (only behind a reverse proxy that
    /// sets it; otherwise anyone could pick their own address).
    pub trust_forwarded_for: bool,
    pub login_limits: LoginLimits,
    /// Signing key for session tokens. None: use the key stored in the database, made at
    /// first start.
    pub jwt_secret: Option<Vec<u8>>,
    /// Serve the web app from this folder (a `web/dist` being worked on) instead of the
    /// copy built into the binary. For development.
    pub web_dir: Option<std::path::PathBuf>,
    /// The Help page's contact details.
    pub help: HelpContent,
}

/// The practice's help and contact details (spec part 2: Help): what the Help page and
/// the login screen's 'Having trouble logging in?' show. Set in the config file's
/// `[help]` table or the environment; the defaults are the demo practice's. A value left
/// empty is not shown.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HelpContent {
    /// The help desk's web address.
    pub help_desk_url: String,
    pub main_phone: String,
    pub support_us_phone: String,
    pub support_international_phone: String,
    pub website: String,
    /// The postal address; lines separated by line breaks.
    pub address: String,
    /// Up to three social links, in the order shown.
    pub social: Vec<SocialLink>,
}

#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
pub struct SocialLink {
    pub name: String,
    pub url: String,
}

/// The most social links the Help page shows.
pub const MAX_SOCIAL_LINKS: usize = 3;

impl Default for HelpContent {
    fn default() -> Self {
        let link = |name: &str, url: &str| SocialLink { name: name.into(), url: url.into() };
        Self {
            help_desk_url: "https://help.pocketchart.example/".into(),
            main_phone: "(503) 555-0100".into(),
            support_us_phone: "(800) 555-0199".into(),
            support_international_phone: "+1 503 555 0142".into(),
            website: "https://www.pocketchart.example/".into(),
            address: "1200 NW Naito Pkwy, Suite 300\nPortland, OR 97209".into(),
            social: vec![
                link("Facebook", "https://www.facebook.com/pocketchart.example"),
                link("LinkedIn", "https://www.linkedin.com/company/pocketchart-example"),
                link("YouTube", "https://www.youtube.com/@pocketchart-example"),
            ],
        }
    }
}

impl HelpContent {
    /// The problems of a configured value, by its setting's name: web addresses must be
    /// http(s) (the app makes links of them), texts one line except the address.
    pub fn problems(&self) -> Vec<String> {
        let mut problems = Vec::new();
        let mut url = |name: &str, value: &str| {
            if !(value.is_empty() || value.starts_with("https://") || value.starts_with("http://")) {
                problems.push(format!("help.{name} must begin with https:// or http://"));
            }
        };
        url("help_desk_url", &self.help_desk_url);
        url("website", &self.website);
        for link in &self.social {
            url("social", &link.url);
        }
        for (name, value) in [
            ("main_phone", &self.main_phone),
            ("support_us_phone", &self.support_us_phone),
            ("support_international_phone", &self.support_international_phone),
        ] {
            if value.chars().any(char::is_control) {
                problems.push(format!("help.{name} must be one line"));
            }
        }
        if self.social.len() > MAX_SOCIAL_LINKS {
            problems.push(format!("help.social holds at most {MAX_SOCIAL_LINKS} links"));
        }
        problems
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_demo_help_is_valid_and_bad_values_are_named() {
        assert!(HelpContent::default().problems().is_empty());
        let bad = HelpContent {
            website: "www.example.com".into(),
            main_phone: "555\n0100".into(),
            social: vec![SocialLink { name: "X".into(), url: "javascript:alert(1)".into() }; 4],
            ..HelpContent::default()
        };
        let problems = bad.problems();
        assert!(problems.contains(&"help.website must begin with https:// or http://".to_owned()));
        assert!(problems.contains(&"help.main_phone must be one line".to_owned()));
        assert!(problems.contains(&"help.social must begin with https:// or http://".to_owned()));
        assert!(problems.contains(&"help.social holds at most 3 links".to_owned()));
    }
}
