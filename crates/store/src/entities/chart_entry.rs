use sea_orm::entity::prelude::*;

/// One entry of a chart section without a table of its own; `resource` is the
/// section's FHIR-shaped `domain::clinical::ClinicalResource` as JSON.
#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "chart_entries")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub patient_id: i64,
    pub section: String,
    pub effective: Option<Date>,
    pub status: String,
    pub resource: String,
    pub recorded_at: DateTimeUtc,
    pub recorded_by: Option<i64>,
    pub version: i32,
}

impl ActiveModelBehavior for ActiveModel {}
