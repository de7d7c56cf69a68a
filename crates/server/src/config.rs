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
}
