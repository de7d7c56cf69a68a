//! Staff and provider accounts.

use chrono::{DateTime, Utc};
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder};

use sea_orm::sea_query::{Expr, ExprTrait};

use crate::Store;
use crate::audit::AuditEntry;
use crate::entities::{session, user};

/// What it takes to create a user. The password arrives already hashed.
#[derive(Clone, Debug)]
pub struct NewUser {
    pub username: String,
    pub password_hash: String,
    pub first_name: String,
    pub last_name: String,
    pub professional_title: String,
    pub unique_id: String,
    pub is_provider: bool,
    pub npi: String,
}

#[derive(Debug, thiserror::Error)]
pub enum UserError {
    #[error("a user named {0:?} already exists")]
    Taken(String),
    #[error(transparent)]
    Db(#[from] crate::DbErr),
}

/// A user as a signed note or a chart procedure names them: "First Last, Title", or
/// "First Last" without a title.
pub fn signature(user: &user::Model) -> String {
    let name = format!("{} {}", user.first_name, user.last_name).trim().to_owned();
    if user.professional_title.is_empty() { name } else { format!("{name}, {}", user.professional_title) }
}

impl Store {
    pub async fn create_user(&self, new: NewUser, now: DateTime<Utc>) -> Result<user::Model, UserError> {
        if self.user_by_username(&new.username).await?.is_some() {
            return Err(UserError::Taken(new.username));
        }
        let row = user::ActiveModel {
            username: Set(new.username),
            password_hash: Set(new.password_hash),
            first_name: Set(new.first_name),
            last_name: Set(new.last_name),
            professional_title: Set(new.professional_title),
            unique_id: Set(new.unique_id),
            is_provider: Set(new.is_provider),
            npi: Set(new.npi),
            disabled: Set(false),
            created_at: Set(now),
            updated_at: Set(now),
            ..Default::default()
        };
        Ok(row.insert(&self.db).await?)
    }

    /// `username` must already be normalized (see `domain::credentials`).
    pub async fn user_by_username(&self, username: &str) -> Result<Option<user::Model>, crate::DbErr> {
        user::Entity::find().filter(user::Column::Username.eq(username)).one(&self.db).await
    }

    pub async fn user_by_id(&self, user_id: i64) -> Result<Option<user::Model>, crate::DbErr> {
        user::Entity::find_by_id(user_id).one(&self.db).await
    }

    /// Users by id, disabled ones included (their names stay on old records).
    pub async fn users_by_ids(&self, ids: &[i64]) -> Result<Vec<user::Model>, crate::DbErr> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        user::Entity::find().filter(user::Column::Id.is_in(ids.iter().copied())).all(&self.db).await
    }

    /// Active real users (id above 1), by last then first name; only providers when asked.
    pub async fn list_users(&self, providers_only: bool) -> Result<Vec<user::Model>, crate::DbErr> {
        let mut query = user::Entity::find().filter(user::Column::Id.gt(1)).filter(user::Column::Disabled.eq(false));
        if providers_only {
            query = query.filter(user::Column::IsProvider.eq(true));
        }
        query
            .order_by_asc(user::Column::LastName)
            .order_by_asc(user::Column::FirstName)
            .order_by_asc(user::Column::Id)
            .all(&self.db)
            .await
    }

    /// Whether `id` is a user the lists offer: enabled, real (id above 1), and a
    /// provider when `providers_only`. One indexed read.
    pub async fn is_listed_user(&self, id: i64, providers_only: bool) -> Result<bool, crate::DbErr> {
        let mut query =
            user::Entity::find_by_id(id).filter(user::Column::Id.gt(1)).filter(user::Column::Disabled.eq(false));
        if providers_only {
            query = query.filter(user::Column::IsProvider.eq(true));
        }
        Ok(query.count(&self.db).await? > 0)
    }

    /// True when the database holds no practice yet (only the system user).
    pub async fn is_empty_practice(&self) -> Result<bool, crate::DbErr> {
        use sea_orm::PaginatorTrait;
        Ok(self.real_user_count().await? == 0 && crate::entities::patient::Entity::find().count(&self.db).await? == 0)
    }

    /// Real users in the database, disabled ones included.
    pub async fn real_user_count(&self) -> Result<u64, crate::DbErr> {
        user::Entity::find().filter(user::Column::Id.gt(1)).count(&self.db).await
    }

    /// Replaces a user's password hash and ends every session of theirs, in one
    /// transaction with `audit` (the entity is filled in). None when no such user exists.
    pub async fn set_password_hash(
        &self,
        username: &str,
        hash: String,
        now: DateTime<Utc>,
        audit: AuditEntry,
    ) -> Result<Option<UserChange>, crate::DbErr> {
        self.change_user(username, now, audit, user::Column::PasswordHash, Expr::value(hash)).await
    }

    /// Disables or re-enables a user; disabling ends their sessions at once. In one
    /// transaction with `audit`. None when no such user exists.
    pub async fn set_user_disabled(
        &self,
        username: &str,
        disabled: bool,
        now: DateTime<Utc>,
        audit: AuditEntry,
    ) -> Result<Option<UserChange>, crate::DbErr> {
        self.change_user(username, now, audit, user::Column::Disabled, Expr::value(disabled)).await
    }

    /// Sets one column and raises the session epoch in a single statement, so a login
    /// that verified the old password while this ran makes a session that is already
    /// dead (see `sessions`), then revokes the live ones.
    async fn change_user(
        &self,
        username: &str,
        now: DateTime<Utc>,
        audit: AuditEntry,
        column: user::Column,
        value: sea_orm::sea_query::SimpleExpr,
    ) -> Result<Option<UserChange>, crate::DbErr> {
        let txn = self.begin_write().await?;
        let Some(found) = user::Entity::find().filter(user::Column::Username.eq(username)).one(&txn).await? else {
            return Ok(None);
        };
        user::Entity::update_many()
            .col_expr(column, value)
            .col_expr(user::Column::SessionEpoch, Expr::col(user::Column::SessionEpoch).add(1))
            .col_expr(user::Column::UpdatedAt, Expr::value(now))
            .filter(user::Column::Id.eq(found.id))
            .exec(&txn)
            .await?;
        let ended = session::Entity::update_many()
            .col_expr(session::Column::RevokedAt, Expr::value(now))
            .filter(session::Column::UserId.eq(found.id))
            .filter(session::Column::RevokedAt.is_null())
            .exec(&txn)
            .await?
            .rows_affected;
        let entry = audit.entity("user", Some(found.id.to_string())).detail(format!("{ended} session(s) ended"));
        crate::audit::insert(&self.keys, &txn, now, entry).await?;
        txn.commit().await?;
        Ok(Some(UserChange { user_id: found.id, sessions_ended: ended }))
    }
}

/// What a change to a user did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UserChange {
    pub user_id: i64,
    pub sessions_ended: u64,
}
