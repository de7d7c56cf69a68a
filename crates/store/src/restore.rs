//! Looking into a SQLite backup before it is restored, and counting what a database holds.

use std::path::Path;

use sea_orm::sqlx::sqlite::SqliteConnectOptions;
use sea_orm::sqlx::{Connection, Row, SqliteConnection};
use sea_orm::{ConnectionTrait, DbErr, Statement};

use crate::{Backend, Store};

#[derive(Debug, thiserror::Error)]
pub enum InspectError {
    #[error("{path} cannot be read as a SQLite database: {reason}")]
    Unreadable { path: String, reason: String },
    #[error("{path} is a SQLite database but not a Pocketchart practice (it has no migrations table)")]
    NotAPractice { path: String },
}

/// What a SQLite backup file holds, read without changing it.
#[derive(Debug)]
pub struct BackupFile {
    /// The lines of `PRAGMA integrity_check`: exactly `["ok"]` for a sound file.
    pub integrity: Vec<String>,
    /// Migrations applied to the practice in the file, oldest first.
    pub migrations: Vec<String>,
}

impl BackupFile {
    pub fn is_sound(&self) -> bool {
        self.integrity == ["ok"]
    }
}

/// Opens `file` read-only and immutable (nothing is written beside it, not even a -wal
/// or -shm file), runs `PRAGMA integrity_check` and reads its applied migrations.
pub async fn inspect_sqlite_backup(file: &Path) -> Result<BackupFile, InspectError> {
    let unreadable = |reason: &dyn std::fmt::Display| InspectError::Unreadable {
        path: file.display().to_string(),
        reason: reason.to_string(),
    };
    if !file.is_file() {
        return Err(unreadable(&"no such file"));
    }
    let options = SqliteConnectOptions::new().filename(file).read_only(true).immutable(true);
    let mut connection = SqliteConnection::connect_with(&options).await.map_err(|e| unreadable(&e))?;
    let outcome = read_backup(&mut connection).await;
    let _ = connection.close().await;
    let (integrity, migrations) = outcome.map_err(|e| unreadable(&e))?;
    if integrity != ["ok"] {
        return Ok(BackupFile { integrity, migrations: Vec::new() });
    }
    let migrations = migrations.ok_or_else(|| InspectError::NotAPractice { path: file.display().to_string() })?;
    Ok(BackupFile { integrity, migrations })
}

/// The integrity report (a damaged page that stops the check is reported as a line of
/// it), then, for a sound file, its migrations when it has a migrations table.
async fn read_backup(
    connection: &mut SqliteConnection,
) -> Result<(Vec<String>, Option<Vec<String>>), sea_orm::sqlx::Error> {
    let integrity = match sea_orm::sqlx::query("PRAGMA integrity_check").fetch_all(&mut *connection).await {
        Ok(rows) => rows.iter().map(|row| row.try_get::<String, _>(0)).collect::<Result<Vec<_>, _>>()?,
        Err(error) => vec![format!("the check stopped: {error}")],
    };
    if integrity != ["ok"] {
        return Ok((integrity, None));
    }
    let has_migrations: i64 =
        sea_orm::sqlx::query("SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = 'seaql_migrations'")
            .fetch_one(&mut *connection)
            .await?
            .try_get(0)?;
    if has_migrations == 0 {
        return Ok((integrity, None));
    }
    let rows = sea_orm::sqlx::query("SELECT version FROM seaql_migrations ORDER BY version")
        .fetch_all(&mut *connection)
        .await?;
    let migrations = rows.iter().map(|row| row.try_get::<String, _>(0)).collect::<Result<Vec<_>, _>>()?;
    Ok((integrity, Some(migrations)))
}

impl Store {
    /// Every table of the database with its number of rows, by name.
    pub async fn table_counts(&self) -> Result<Vec<(String, u64)>, DbErr> {
        let backend = self.db.get_database_backend();
        let list = match self.backend {
            Backend::Sqlite => {
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name"
            }
            Backend::Postgres => {
                "SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename"
            }
        };
        let names = self.db.query_all_raw(Statement::from_string(backend, list)).await?;
        let mut counts = Vec::with_capacity(names.len());
        for row in names {
            let name: String = row.try_get("", "name")?;
            // The name comes from the catalog; quoted, it cannot be anything but a name.
            let sql = format!("SELECT COUNT(*) AS n FROM \"{}\"", name.replace('"', "\"\""));
            let count = self.db.query_one_raw(Statement::from_string(backend, sql)).await?;
            let rows: i64 = count.map(|row| row.try_get("", "n")).transpose()?.unwrap_or(0);
            counts.push((name, u64::try_from(rows).unwrap_or(0)));
        }
        Ok(counts)
    }
}
