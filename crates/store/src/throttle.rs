//! The login throttle's counters, in the database so every server sharing it counts the
//! same attempts. An attempt is counted (reserved) before its password is checked, in
//! one atomic statement, so parallel guesses cannot all slip under the limit; a login
//! that succeeds gives its reservation back.

use chrono::{DateTime, Utc};
use sea_orm::{ConnectionTrait, DbErr};

use crate::Store;
use crate::sql::bound;

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
        let sql = "SELECT attempts, window_started_at FROM login_throttle WHERE key = $1 AND window_started_at > $2";
        let statement = bound(self.db.get_database_backend(), sql, [key.into(), window_start_cutoff.into()]);
        self.db.query_one_raw(statement).await?.map(|row| counted(&row)).transpose()
    }

    /// Counts one attempt on `key`: a window that began at or before `window_start_cutoff`
    /// starts over at `now`. Atomic on both databases (one upsert).
    pub async fn count_login_attempt(
        &self,
        key: &str,
        now: DateTime<Utc>,
        window_start_cutoff: DateTime<Utc>,
    ) -> Result<Counted, DbErr> {
        let sql = "INSERT INTO login_throttle (key, attempts, window_started_at) VALUES ($1, 1, $2) \
             ON CONFLICT (key) DO UPDATE SET \
               attempts = CASE WHEN login_throttle.window_started_at <= $3 THEN 1 ELSE login_throttle.attempts + 1 END, \
               window_started_at = CASE WHEN login_throttle.window_started_at <= $3 THEN $2 \
                 ELSE login_throttle.window_started_at END \
             RETURNING attempts, window_started_at";
        let statement =
            bound(self.db.get_database_backend(), sql, [key.into(), now.into(), window_start_cutoff.into()]);
        let row = self
            .db
            .query_one_raw(statement)
            .await?
            .ok_or_else(|| DbErr::Custom("an upsert with RETURNING answers one row".into()))?;
        counted(&row)
    }

    /// Gives back one counted attempt (the login succeeded, or was never checked).
    pub async fn uncount_login_attempt(&self, key: &str) -> Result<(), DbErr> {
        let sql = "UPDATE login_throttle SET attempts = attempts - 1 WHERE key = $1 AND attempts > 0";
        self.db.execute_raw(bound(self.db.get_database_backend(), sql, [key.into()])).await?;
        Ok(())
    }

    /// Forgets a key's attempts (a successful login clears its username and address pair).
    pub async fn clear_login_attempts(&self, key: &str) -> Result<(), DbErr> {
        let sql = "DELETE FROM login_throttle WHERE key = $1";
        self.db.execute_raw(bound(self.db.get_database_backend(), sql, [key.into()])).await?;
        Ok(())
    }

    /// Deletes counters whose window ended before `cutoff` (housekeeping).
    pub async fn purge_login_attempts(&self, cutoff: DateTime<Utc>) -> Result<u64, DbErr> {
        let sql = "DELETE FROM login_throttle WHERE window_started_at < $1";
        Ok(self.db.execute_raw(bound(self.db.get_database_backend(), sql, [cutoff.into()])).await?.rows_affected())
    }
}

fn counted(row: &sea_orm::QueryResult) -> Result<Counted, DbErr> {
    Ok(Counted { attempts: row.try_get("", "attempts")?, window_started_at: row.try_get("", "window_started_at")? })
}
