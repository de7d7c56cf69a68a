//! Server-side login sessions. A token names its session; the session row decides
//! whether the token still works, so logging out or disabling a user takes effect at once
//! on every server sharing the database.

use chrono::{DateTime, Utc};
use sea_orm::sea_query::Expr;
use sea_orm::{ActiveModelTrait, ColumnTrait, Condition, EntityTrait, IntoActiveModel, QueryFilter};

use crate::Store;
use crate::entities::session;

impl Store {
    pub async fn create_session(&self, row: session::Model) -> Result<(), crate::DbErr> {
        row.into_active_model().insert(&self.db).await?;
        Ok(())
    }

    pub async fn session(&self, session_id: &str) -> Result<Option<session::Model>, crate::DbErr> {
        session::Entity::find_by_id(session_id.to_owned()).one(&self.db).await
    }

    /// Records activity, never moving the clock backwards.
    pub async fn touch_session(&self, session_id: &str, now: DateTime<Utc>) -> Result<(), crate::DbErr> {
        session::Entity::update_many()
            .col_expr(session::Column::LastSeenAt, Expr::value(now))
            .filter(session::Column::Id.eq(session_id))
            .filter(session::Column::LastSeenAt.lt(now))
            .exec(&self.db)
            .await?;
        Ok(())
    }

    /// Ends one session. True when it was live until now.
    pub async fn revoke_session(&self, session_id: &str, now: DateTime<Utc>) -> Result<bool, crate::DbErr> {
        let result = session::Entity::update_many()
            .col_expr(session::Column::RevokedAt, Expr::value(now))
            .filter(session::Column::Id.eq(session_id))
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
