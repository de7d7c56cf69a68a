//! Opening the database and migrating it, with the settings each backend needs.

use std::time::Duration;

use sea_orm::sqlx::sqlite::{SqliteJournalMode, SqliteSynchronous};
use sea_orm::{ConnectOptions, ConnectionTrait, Database, DbErr};
use sea_orm_migration::MigratorTrait;

use crate::Store;
use crate::migrations::Migrator;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

#[derive(Debug, thiserror::Error)]
pub enum ConnectError {
    #[error("database URL must start with sqlite:// or postgres:// (got {0:?})")]
    UnsupportedUrl(String),
    #[error("cannot create the database folder {path}: {source}")]
    Folder { path: String, source: std::io::Error },
    #[error(transparent)]
    Db(#[from] DbErr),
}

/// Each SQLite connection is a thread of its own; a few keep every core busy, and more
/// only hand the cores back and forth.
const SQLITE_CONNECTIONS: u32 = 4;
/// Waiting this long for a lock or a pooled connection is a fault, not load.
const BUSY_TIMEOUT: Duration = Duration::from_secs(5);
/// A pooled PostgreSQL connection idle this long is pinged before it is handed out.
const PING_IF_IDLE_FOR: Duration = Duration::from_secs(30);
/// Any number that fits both databases' int8; the key of the migration lock.
const MIGRATION_LOCK_KEY: i64 = 0x706f_636b_6574;

impl Backend {
    pub fn of_url(url: &str) -> Result<Self, ConnectError> {
        if url.starts_with("sqlite:") {
            Ok(Self::Sqlite)
        } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Ok(Self::Postgres)
        } else {
            Err(ConnectError::UnsupportedUrl(url.chars().take(40).collect()))
        }
    }
}

/// The file behind a `sqlite://` URL, or None for an in-memory database.
pub fn sqlite_path(url: &str) -> Option<&str> {
    let rest = url.strip_prefix("sqlite://").or_else(|| url.strip_prefix("sqlite:"))?;
    let path = rest.split('?').next().unwrap_or(rest);
    (!path.is_empty() && path != ":memory:").then_some(path)
}

/// The database and its WAL hold patients' records: only the server's user may read them.
/// A new file is created 0600 before SQLite opens it (SQLite gives its -wal and -shm files
/// the database file's mode); an existing one is narrowed to 0600.
fn keep_private(path: &std::path::Path) -> std::io::Result<()> {
    match crate::keys::private_new_file(path) {
        Ok(_) => {}
        Err(error) if error.kind() == std::io::ErrorKind::AlreadyExists => {}
        Err(error) => return Err(error),
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        for suffix in ["", "-wal", "-shm"] {
            let file = std::path::PathBuf::from(format!("{}{suffix}", path.display()));
            if let Ok(meta) = std::fs::metadata(&file)
                && meta.permissions().mode() & 0o077 != 0
            {
                std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o600))?;
            }
        }
    }
    Ok(())
}

impl Store {
    pub(crate) async fn connect(url: &str, keys: std::sync::Arc<crate::keys::Keys>) -> Result<Self, ConnectError> {
        let backend = Backend::of_url(url)?;
        let mut url = url.to_owned();
        if backend == Backend::Sqlite {
            if let Some(path) = sqlite_path(&url) {
                let folder = std::path::Path::new(path).parent().filter(|p| !p.as_os_str().is_empty());
                if let Some(folder) = folder {
                    std::fs::create_dir_all(folder)
                        .map_err(|source| ConnectError::Folder { path: folder.display().to_string(), source })?;
                }
                keep_private(std::path::Path::new(path))
                    .map_err(|source| ConnectError::Folder { path: path.to_owned(), source })?;
            }
            if !url.contains("mode=") {
                url.push_str(if url.contains('?') { "&mode=rwc" } else { "?mode=rwc" });
            }
        }

        let mut options = ConnectOptions::new(url);
        options
            .sqlx_logging(false) // statements could carry search terms; never log them
            .acquire_timeout(BUSY_TIMEOUT)
            .connect_timeout(BUSY_TIMEOUT);
        match backend {
            Backend::Sqlite => {
                // WAL lets readers run beside the one writer; FULL syncs every commit so
                // a power cut never loses a saved visit.
                // A SQLite connection is a file handle in this process: it cannot go stale,
                // so it is never pinged before use (a ping is a hop to its thread and back).
                options.max_connections(SQLITE_CONNECTIONS).min_connections(1).test_before_acquire(false);
                options.map_sqlx_sqlite_opts(|o| {
                    o.journal_mode(SqliteJournalMode::Wal)
                        .synchronous(SqliteSynchronous::Full)
                        .foreign_keys(true)
                        .busy_timeout(BUSY_TIMEOUT)
                        .pragma("temp_store", "memory")
                        // No memory map: every read is followed by its audit entry's commit,
                        // and a connection whose next read finds the file changed unmaps it
                        // whole and faults its pages in again, which costs more than reading
                        // them by system call (docs/performance.md, "The API's own cost": the memory map).
                        .pragma("mmap_size", "0")
                        .pragma("cache_size", "-16384")
                });
            }
            Backend::Postgres => {
                // A connection idle this long may have been dropped by the server or a
                // firewall, so it is pinged before use; a busy one is not (a ping per
                // checkout is a round trip per statement).
                options.max_connections(16).min_connections(1).test_before_acquire_if_idle_for(PING_IF_IDLE_FOR);
            }
        }
        let mut db = Database::connect(options).await?;
        // Statements are counted (never logged: they can carry search terms), so a test
        // can prove what a read model costs.
        let statements = std::sync::Arc::new(std::sync::atomic::AtomicU64::new(0));
        let counter = std::sync::Arc::clone(&statements);
        db.set_metric_callback(move |_| {
            counter.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        });
        Ok(Self { db, backend, names: std::sync::Arc::default(), statements, keys })
    }

    /// Brings the schema up to date. On PostgreSQL an advisory lock makes concurrent
    /// start-ups of several servers take turns.
    pub async fn migrate(&self) -> Result<(), DbErr> {
        match self.backend {
            Backend::Sqlite => Migrator::up(&self.db, None).await,
            Backend::Postgres => {
                let pool = self.db.get_postgres_connection_pool();
                let mut lock_holder = pool.acquire().await.map_err(|e| DbErr::Custom(e.to_string()))?;
                sea_orm::sqlx::query("SELECT pg_advisory_lock($1)")
                    .bind(MIGRATION_LOCK_KEY)
                    .execute(&mut *lock_holder)
                    .await
                    .map_err(|e| DbErr::Custom(e.to_string()))?;
                let outcome = Migrator::up(&self.db, None).await;
                let unlocked = sea_orm::sqlx::query("SELECT pg_advisory_unlock($1)")
                    .bind(MIGRATION_LOCK_KEY)
                    .execute(&mut *lock_holder)
                    .await;
                outcome?;
                unlocked.map_err(|e| DbErr::Custom(e.to_string()))?;
                Ok(())
            }
        }
    }

    /// Names of applied migrations, oldest first.
    pub async fn applied_migrations(&self) -> Result<Vec<String>, DbErr> {
        let rows = self
            .db
            .query_all_raw(sea_orm::Statement::from_string(
                self.db.get_database_backend(),
                "SELECT version FROM seaql_migrations ORDER BY version",
            ))
            .await?;
        rows.iter().map(|row| row.try_get::<String>("", "version")).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backend_follows_the_url_scheme() {
        assert_eq!(Backend::of_url("sqlite://data/p.db").ok(), Some(Backend::Sqlite));
        assert_eq!(Backend::of_url("postgres://u@h/db").ok(), Some(Backend::Postgres));
        assert_eq!(Backend::of_url("postgresql://u@h/db").ok(), Some(Backend::Postgres));
        assert!(Backend::of_url("mysql://u@h/db").is_err());
    }

    #[test]
    fn sqlite_path_strips_scheme_and_query() {
        assert_eq!(sqlite_path("sqlite://data/p.db?mode=rwc"), Some("data/p.db"));
        assert_eq!(sqlite_path("sqlite:///abs/p.db"), Some("/abs/p.db"));
        assert_eq!(sqlite_path("sqlite::memory:"), None);
    }
}
