use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "appointment_statuses")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub name: String,
    pub color: String,
    /// active, missed, cancelled or reschedule: what the patient's summary counts.
    pub category: String,
}

impl ActiveModelBehavior for ActiveModel {}
