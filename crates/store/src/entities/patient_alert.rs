use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "patient_alerts")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub patient_id: i64,
    pub description: String,
    pub alert_number: i32,
    pub is_preventive_care: bool,
    pub created_at: DateTimeUtc,
}

impl ActiveModelBehavior for ActiveModel {}
