//! What every handler can reach.

use std::sync::Arc;

use chrono::{DateTime, Utc};
use store::Store;
use store::audit::AuditEntry;

use crate::audit::AuditSink;
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
    pub audit_sink: AuditSink,
    /// The practice's time zone: what "a day" and "today" mean. Set in the desktop
    /// product (`practice.timeZone`); read at start-up.
    pub time_zone: chrono_tz::Tz,
    /// The reference lists forms choose from, read once a minute at most.
    pub references: Arc<crate::kit::ReferenceCache>,
}

impl AppState {
    pub fn now(&self) -> DateTime<Utc> {
        self.clock.now()
    }

    /// Records an audit entry of a read or a login through the batching writer.
    /// (Changes write theirs in their own transaction instead.)
    pub async fn audit(&self, entry: AuditEntry) -> Result<(), AppError> {
        self.audit_sink.record(self.now(), entry).await
    }

    /// Today's date at the practice, for ages, expirations and the schedule.
    pub fn today(&self) -> chrono::NaiveDate {
        self.now().with_timezone(&self.time_zone).date_naive()
    }
}
