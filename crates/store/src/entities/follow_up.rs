use sea_orm::entity::prelude::*;

/// A visit a patient is due for, every `frequency_days`.
#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "follow_ups")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub patient_id: i64,
    pub type_id: Option<i64>,
    pub frequency_days: i32,
    pub due_date: Date,
    pub last_visit: Option<Date>,
    /// The appointment booked for it, if any.
    pub appointment_id: Option<i64>,
    pub created_at: DateTimeUtc,
}

impl ActiveModelBehavior for ActiveModel {}
