//! The login throttle's counters, in the database so every server sharing it counts the
//! same attempts. An attempt is counted (reserved) before its password is checked, in
//! one atomic statement, so parallel guesses cannot all slip under the limit; a login
//! that succeeds gives its reservation back.

use chrono::{DateTime, Utc};
use sea_orm::{ConnectionTrait, DbBackend, DbErr, Statement};

use crate::Store;

/// A counter's state after an attempt was counted on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Counted {
    /// Attempts in the current window, this one included.
    pub attempts: i32,
    pub window_started_at: DateTime<Utc>,
}

impl Store {
    /// The attempts of `key` in the window that began after `window_start_cutoff`, without
    /// counting one (a cheap look before a write, for floods already over the limit).
    pub async fn login_attempts(
        &self,
        key: &str,
        window_start_cutoff: DateTime<Utc>,
    ) -> Result<Option<Counted>, DbErr> {
        let backend = self.db.get_database_backend();
        let sql = match backend {
            DbBackend::Postgres => {
                "SELECT attempts, window_started_at FROM login_throttle WHERE key = $1 AND window_started_at > $2"
            }
            _ => "SELECT attempts, window_started_at FROM login_throttle WHERE key = ? AND window_started_at > ?",
        };
        let row = self
            .db
            .query_one_raw(Statement::from_sql_and_values(backend, sql, [key.into(), window_start_cutoff.into()]))
            .await?;
        row.map(|row| {
            Ok(Counted {
                attempts: row.try_get("", "attempts")?,
                window_started_at: row.try_get("", "window_started_at")?,
            })
        })
        .transpose()
    }

    /// Counts one attempt on `key`: a window that began at or before `window_start_cutoff`
    /// starts over at `now`. Atomic on both databases (one upsert).
    pub async fn count_login_attempt(
        &self,
        key: &str,
        now: DateTime<Utc>,
        window_start_cutoff: DateTime<Utc>,
    ) -> Result<Counted, DbErr> {
        let backend = self.db.get_database_backend();
        let [k, n, c] = if backend == DbBackend::Postgres { ["$1", "$2", "$3"] } else { ["?1", "?2", "?3"] };
        let sql = format!(
            "INSERT INTO login_throttle (key, attempts, window_started_at) VALUES ({k}, 1, {n}) \
             ON CONFLICT (key) DO UPDATE SET \
               attempts = CASE WHEN login_throttle.window_started_at <= {c} THEN 1 ELSE login_throttle.attempts + 1 END, \
               window_started_at = CASE WHEN login_throttle.window_started_at <= {c} THEN {n} \
                 ELSE login_throttle.window_started_at END \
             RETURNING attempts, window_started_at"
        );
        let row = self
            .db
            .query_one_raw(Statement::from_sql_and_values(
                backend,
                sql,
                [key.into(), now.into(), window_start_cutoff.into()],
            ))
            .await?
            .ok_or_else(|| DbErr::Custom("an upsert with RETURNING answers one row".into()))?;
        Ok(Counted { attempts: row.try_get("", "attempts")?, window_started_at: row.try_get("", "window_started_at")? })
    }

    /// Gives back one counted attempt (the login succeeded, or was never checked).
    pub async fn uncount_login_attempt(&self, key: &str) -> Result<(), DbErr> {
        let backend = self.db.get_database_backend();
        let sql = match backend {
            DbBackend::Postgres => "UPDATE login_throttle SET attempts = attempts - 1 WHERE key = $1 AND attempts > 0",
            _ => "UPDATE login_throttle SET attempts = attempts - 1 WHERE key = ? AND attempts > 0",
        };
        self.db.execute_raw(Statement::from_sql_and_values(backend, sql, [key.into()])).await?;
        Ok(())
    }

    /// Forgets a key's attempts (a successful login clears its username and address pair).
    pub async fn clear_login_attempts(&self, key: &str) -> Result<(), DbErr> {
        let backend = self.db.get_database_backend();
        let sql = match backend {
            DbBackend::Postgres => "DELETE FROM login_throttle WHERE key = $1",
            _ => "DELETE FROM login_throttle WHERE key = ?",
        };
        self.db.execute_raw(Statement::from_sql_and_values(backend, sql, [key.into()])).await?;
        Ok(())
    }

    /// Deletes counters whose window ended before `cutoff` (housekeeping).
    pub async fn purge_login_attempts(&self, cutoff: DateTime<Utc>) -> Result<u64, DbErr> {
        let backend = self.db.get_database_backend();
        let sql = match backend {
            DbBackend::Postgres => "DELETE FROM login_throttle WHERE window_started_at < $1",
            _ => "DELETE FROM login_throttle WHERE window_started_at < ?",
        };
        Ok(self.db.execute_raw(Statement::from_sql_and_values(backend, sql, [cutoff.into()])).await?.rows_affected())
    }
}
