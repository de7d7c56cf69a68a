use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "audit_log")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub at: DateTimeUtc,
    pub user_id: Option<i64>,
    /// The name typed at a failed login, when it named no user.
    pub username: Option<String>,
    pub action: String,
    pub patient_id: Option<i64>,
    pub entity: Option<String>,
    pub entity_id: Option<String>,
    pub ip: Option<String>,
    pub outcome: String,
    pub detail: Option<String>,
    /// Position in the HMAC chain; None for rows from before the chain.
    pub seq: Option<i64>,
    /// HMAC over the previous row's link and this row.
    pub link: Option<String>,
    /// Every patient the answer showed, as `,1,2,3,`.
    pub patient_ids: Option<String>,
}

impl ActiveModelBehavior for ActiveModel {}
