//! What every handler can reach.

use std::sync::Arc;

use chrono::{DateTime, Utc};
use store::Store;
use store::audit::AuditEntry;

use crate::auth::{LoginThrottle, TokenKeys};
use crate::clock::Clock;
use crate::config::ServerConfig;
use crate::error::AppError;

#[derive(Clone)]
pub struct AppState {
    pub store: Store,
    pub tokens: Arc<TokenKeys>,
    pub clock: Arc<dyn Clock>,
    pub throttle: Arc<LoginThrottle>,
    pub config: Arc<ServerConfig>,
}

impl AppState {
    pub fn now(&self) -> DateTime<Utc> {
        self.clock.now()
    }

    /// Writes an audit entry. A request whose audit entry cannot be written fails:
    /// nothing about a patient is read or changed without its trace.
    pub async fn audit(&self, entry: AuditEntry) -> Result<(), AppError> {
        self.store.record_audit(self.now(), entry).await.map_err(AppError::internal)
    }
}
