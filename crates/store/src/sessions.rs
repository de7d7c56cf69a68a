//! Server-side login sessions. A token names its session; the session row, read on every
//! request together with its user, decides whether the token still works, so logging
//! out, disabling a user or changing a password takes effect at once on every server
//! sharing the database.
//!
//! Only the SHA-256 of a session id is stored: the raw id travels in the signed token
//! alone, so a copy of the database names no usable session.

use chrono::{DateTime, Utc};
use sea_orm::sea_query::Expr;
use sea_orm::{ActiveValue::Set, ColumnTrait, Condition, ConnectionTrait, EntityTrait, FromQueryResult, QueryFilter};
use sha2::{Digest, Sha256};

use crate::Store;
use crate::entities::session;
use crate::sql::bound;

/// What a login creates.
#[derive(Clone, Debug)]
pub struct NewSession {
    /// The raw id the token carries.
    pub id: String,
    pub user_id: i64,
    /// The user's `session_epoch` read with the password hash that was verified.
    pub user_epoch: i32,
    pub created_at: DateTime<Utc>,
    pub idle_timeout_seconds: i32,
    pub ip: String,
    pub client_type: i32,
}

/// A session row as the session check needs it, with its user's state.
#[derive(Clone, Debug)]
pub struct SessionCheck {
    pub session: session::Model,
    /// False when the user is disabled, or their password (or status) changed after the
    /// session was made: the session is dead whatever its times say.
    pub user_still_allowed: bool,
}

/// The stored key of a raw session id.
fn stored_id(raw: &str) -> String {
    hex::encode(Sha256::digest(raw.as_bytes()))
}

impl Store {
    pub async fn create_session(&self, new: NewSession) -> Result<(), crate::DbErr> {
        let row = session::ActiveModel {
            id: Set(stored_id(&new.id)),
            user_id: Set(new.user_id),
            created_at: Set(new.created_at),
            last_seen_at: Set(new.created_at),
            idle_timeout_seconds: Set(new.idle_timeout_seconds),
            revoked_at: Set(None),
            ip: Set(new.ip),
            client_type: Set(new.client_type),
            user_epoch: Set(new.user_epoch),
        };
        session::Entity::insert(row).exec_without_returning(&self.db).await?;
        Ok(())
    }

    /// The session of a raw id, with whether its user may still use it. One indexed read.
    pub async fn session_check(&self, raw_id: &str) -> Result<Option<SessionCheck>, crate::DbErr> {
        let sql = "SELECT s.*, u.disabled AS user_disabled, u.session_epoch AS user_session_epoch \
             FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id = $1";
        let statement = bound(self.db.get_database_backend(), sql, [stored_id(raw_id).into()]);
        let Some(row) = self.db.query_one_raw(statement).await? else { return Ok(None) };
        let session = session::Model::from_query_result(&row, "")?;
        let disabled: bool = row.try_get("", "user_disabled")?;
        let epoch: i32 = row.try_get("", "user_session_epoch")?;
        let user_still_allowed = !disabled && epoch == session.user_epoch;
        Ok(Some(SessionCheck { session, user_still_allowed }))
    }

    /// Records activity, never moving the clock backwards.
    pub async fn touch_session(&self, raw_id: &str, now: DateTime<Utc>) -> Result<(), crate::DbErr> {
        session::Entity::update_many()
            .col_expr(session::Column::LastSeenAt, Expr::value(now))
            .filter(session::Column::Id.eq(stored_id(raw_id)))
            .filter(session::Column::LastSeenAt.lt(now))
            .exec(&self.db)
            .await?;
        Ok(())
    }

    /// Ends one session. True when it was live until now.
    pub async fn revoke_session(&self, raw_id: &str, now: DateTime<Utc>) -> Result<bool, crate::DbErr> {
        let result = session::Entity::update_many()
            .col_expr(session::Column::RevokedAt, Expr::value(now))
            .filter(session::Column::Id.eq(stored_id(raw_id)))
            .filter(session::Column::RevokedAt.is_null())
            .exec(&self.db)
            .await?;
        Ok(result.rows_affected > 0)
    }

    /// Ends every live session of a user (password change, account disabled).
    pub async fn revoke_user_sessions(&self, user_id: i64, now: DateTime<Utc>) -> Result<u64, crate::DbErr> {
        let result = session::Entity::update_many()
            .col_expr(session::Column::RevokedAt, Expr::value(now))
            .filter(session::Column::UserId.eq(user_id))
            .filter(session::Column::RevokedAt.is_null())
            .exec(&self.db)
            .await?;
        Ok(result.rows_affected)
    }

    /// Applies a changed `autoLogout` to the user's live sessions.
    pub async fn set_user_idle_timeout(&self, user_id: i64, seconds: i32) -> Result<(), crate::DbErr> {
        session::Entity::update_many()
            .col_expr(session::Column::IdleTimeoutSeconds, Expr::value(seconds))
            .filter(session::Column::UserId.eq(user_id))
            .filter(session::Column::RevokedAt.is_null())
            .exec(&self.db)
            .await?;
        Ok(())
    }

    /// Deletes sessions that ended before `cutoff` (revoked, or created before it and
    /// so past their absolute lifetime). The audit log keeps the history.
    pub async fn purge_sessions(&self, cutoff: DateTime<Utc>) -> Result<u64, crate::DbErr> {
        let result = session::Entity::delete_many()
            .filter(
                Condition::any().add(session::Column::RevokedAt.lt(cutoff)).add(session::Column::CreatedAt.lt(cutoff)),
            )
            .exec(&self.db)
            .await?;
        Ok(result.rows_affected)
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn stored_ids_are_hashes_of_the_raw_ids() {
        let stored = super::stored_id("abc");
        assert_eq!(stored.len(), 64);
        assert_ne!(stored, "abc");
        assert_eq!(stored, super::stored_id("abc"));
    }
}
