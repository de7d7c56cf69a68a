use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "sessions")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub user_id: i64,
    pub created_at: DateTimeUtc,
    pub last_seen_at: DateTimeUtc,
    pub idle_timeout_seconds: i32,
    pub revoked_at: Option<DateTimeUtc>,
    pub ip: String,
    pub client_type: i32,
    /// The user's `session_epoch` at login; the session is dead once they differ.
    pub user_epoch: i32,
}

impl ActiveModelBehavior for ActiveModel {}
