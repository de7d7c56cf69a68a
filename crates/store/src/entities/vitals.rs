use sea_orm::entity::prelude::*;

/// One set of vitals, in stored units.
#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "vitals")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub patient_id: i64,
    pub measured_at: DateTimeUtc,
    pub height_mm: Option<i64>,
    pub weight_g: Option<i64>,
    pub systolic: Option<i64>,
    pub diastolic: Option<i64>,
    pub heart_rate: Option<i64>,
    /// Degrees Fahrenheit times ten.
    pub temperature_tenths: Option<i64>,
    /// Percent times ten.
    pub sp02_tenths: Option<i64>,
    pub respiratory_rate: Option<i64>,
    pub head_circumference_mm: Option<i64>,
    pub recorded_by: i64,
    pub created_at: DateTimeUtc,
}

impl ActiveModelBehavior for ActiveModel {}
