//! Consistent online backups.

use std::path::Path;

use sea_orm::{ConnectionTrait, Statement};

use crate::{Backend, Store};

#[derive(Debug, thiserror::Error)]
pub enum BackupError {
    #[error("{0} already exists; choose a new file so no backup is overwritten")]
    TargetExists(String),
    #[error(
        "PostgreSQL databases are backed up with pg_dump, which is consistent while the server runs: \
         pg_dump --format=custom --file=pocketchart.dump \"$POCKETCHART_DATABASE_URL\""
    )]
    UsePgDump,
    #[error("cannot create {path}: {source}")]
    Create { path: String, source: std::io::Error },
    #[error(transparent)]
    Db(#[from] crate::DbErr),
}

impl Store {
    /// Writes a consistent copy of a SQLite database to `target` while the server keeps
    /// running (`VACUUM INTO` reads one snapshot and writes a compact new file).
    pub async fn backup_to(&self, target: &Path) -> Result<(), BackupError> {
        if self.backend != Backend::Sqlite {
            return Err(BackupError::UsePgDump);
        }
        if target.exists() {
            return Err(BackupError::TargetExists(target.display().to_string()));
        }
        // Created empty and private first: VACUUM INTO fills an empty file, keeping its mode.
        crate::keys::private_new_file(target)
            .map_err(|source| BackupError::Create { path: target.display().to_string(), source })?;
        let path = target.to_string_lossy().into_owned();
        self.db
            .execute_raw(Statement::from_sql_and_values(self.db.get_database_backend(), "VACUUM INTO ?", [path.into()]))
            .await?;
        Ok(())
    }
}
