use sea_orm::entity::prelude::*;

/// A billing account: the patients one guarantor is responsible for.
#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "accounts")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub account_provider_id: Option<i64>,
    pub office_id: Option<i64>,
    pub primary_patient_id: Option<i64>,
    pub created_at: DateTimeUtc,
}

impl ActiveModelBehavior for ActiveModel {}
