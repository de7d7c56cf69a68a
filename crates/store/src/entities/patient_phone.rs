use sea_orm::entity::prelude::*;

/// A patient's phone number by its digits, for search.
#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "patient_phones")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub patient_id: i64,
    /// 1 to 3: which of the patient's phones.
    #[sea_orm(primary_key, auto_increment = false)]
    pub position: i16,
    /// Ten digits.
    pub number: String,
    /// The last seven digits.
    pub local_number: String,
}

impl ActiveModelBehavior for ActiveModel {}
