//! Pocketchart's storage: one SeaORM code path over SQLite (embedded, the default) and
//! PostgreSQL (for groups that outgrow one machine), chosen by the database URL.
//!
//! Each area of the practice has its own module with the queries it needs; all of them
//! are methods on [`Store`], a cheap-to-clone handle on the connection pool.

pub mod audit;
pub mod backup;
pub mod billing;
pub mod charting;
pub mod clinical;
mod connect;
pub mod diagnosis;
pub mod entities;
pub mod keys;
mod migrations;
pub mod names;
pub mod orders;
pub mod patients;
pub mod preferences;
pub mod reference;
pub mod referrers;
pub mod restore;
pub mod schedule;
pub mod search;
pub mod sessions;
pub mod settings;
mod sql;
pub mod throttle;
pub mod users;
pub mod versions;
pub mod vitals;

pub use connect::{Backend, ConnectError, sqlite_path};
pub use sea_orm::DbErr;

use std::sync::Arc;

use sea_orm::DatabaseConnection;

/// A handle on the practice's database.
#[derive(Clone)]
pub struct Store {
    db: DatabaseConnection,
    backend: Backend,
    /// Name keys for typo-tolerant search, shared by every clone of this handle.
    names: Arc<names::NameIndex>,
    /// Statements run through this handle and its clones (see [`Store::statements_run`]).
    statements: Arc<std::sync::atomic::AtomicU64>,
    /// The keys file's keys: the audit chain's and the identifiers' (see [`keys`]).
    keys: Arc<keys::Keys>,
}

impl std::fmt::Debug for Store {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Store").field("backend", &self.backend).finish_non_exhaustive()
    }
}

impl Store {
    /// Opens the database named by `url` (`sqlite://path` or `postgres://...`), brings
    /// its schema up to date, and encrypts any identifier still stored in plain text.
    pub async fn open(url: &str, keys: Arc<keys::Keys>) -> Result<Self, ConnectError> {
        let store = Self::connect(url, keys).await?;
        store.migrate().await?;
        store.seal_identifiers().await?;
        Ok(store)
    }

    /// The keys this handle seals identifiers and chains the audit log with.
    pub fn keys(&self) -> &keys::Keys {
        &self.keys
    }

    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// The underlying connection, for tests and tools that need raw access.
    pub fn connection(&self) -> &DatabaseConnection {
        &self.db
    }

    /// A transaction that will write. On SQLite it takes the write lock at once
    /// (BEGIN IMMEDIATE), so a read inside it can never be followed by a failed upgrade
    /// when another writer got in between; it waits its turn instead.
    pub(crate) async fn begin_write(&self) -> Result<sea_orm::DatabaseTransaction, DbErr> {
        use sea_orm::{SqliteTransactionMode, TransactionOptions, TransactionTrait};
        let sqlite_transaction_mode = (self.backend == Backend::Sqlite).then_some(SqliteTransactionMode::Immediate);
        self.db
            .begin_with_options(TransactionOptions {
                isolation_level: None,
                access_mode: None,
                sqlite_transaction_mode,
            })
            .await
    }

    /// How many statements every clone of this handle has run so far: a test's measure
    /// of what a read costs. The SQLite audit append (`audit::append_after`), a script run
    /// on the driver itself, is not counted.
    pub fn statements_run(&self) -> u64 {
        self.statements.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// Asks the next name search to load the keys added behind its back (a bulk load).
    pub fn mark_names_stale(&self) {
        self.names.mark_stale();
    }

    /// True when the database answers a trivial query.
    pub async fn ping(&self) -> bool {
        self.db.ping().await.is_ok()
    }

    pub async fn close(self) {
        let _ = self.db.close().await;
    }
}
