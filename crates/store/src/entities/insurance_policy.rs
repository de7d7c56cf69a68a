use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "insurance_policies")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub patient_id: i64,
    /// 1 primary, 2 secondary, 3 tertiary.
    pub priority: i16,
    pub carrier: String,
    pub plan: String,
    pub start_date: Option<Date>,
    pub end_date: Option<Date>,
    /// The policy holder (guarantor), a patient of the practice.
    pub subscriber_patient_id: Option<i64>,
    pub subscriber_id: String,
    pub group_id: String,
}

impl ActiveModelBehavior for ActiveModel {}
