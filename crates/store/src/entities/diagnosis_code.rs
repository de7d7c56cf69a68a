use sea_orm::entity::prelude::*;

/// One ICD-10-CM code of the release the server carries.
#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "diagnosis_codes")]
pub struct Model {
    /// With its dot: 'E11.9'.
    #[sea_orm(primary_key, auto_increment = false)]
    pub code: String,
    /// Uppercase without the dot: 'E119'.
    pub code_key: String,
    pub billable: bool,
    pub description: String,
}

impl ActiveModelBehavior for ActiveModel {}
