use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "users")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    #[sea_orm(unique)]
    pub username: String,
    pub password_hash: String,
    pub first_name: String,
    pub last_name: String,
    pub professional_title: String,
    pub unique_id: String,
    pub is_provider: bool,
    pub npi: String,
    pub disabled: bool,
    /// Raised when the password changes or the user is disabled (see `sessions`).
    pub session_epoch: i32,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

impl ActiveModelBehavior for ActiveModel {}
