//! The ICD-10-CM codes the charts and claims name. The table is filled from the code set
//! the binary carries (`Store::load_diagnosis_codes`, at `serve` and `migrate`), not
//! here: a release update is a new binary, not a new migration.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

use super::columns::index;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table("diagnosis_codes")
                    .col(string("code").primary_key())
                    .col(string("code_key"))
                    .col(boolean("billable"))
                    .col(text("description"))
                    .to_owned(),
            )
            .await?;
        index(manager, "diagnosis_codes", &["code_key"]).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table("diagnosis_codes").to_owned()).await
    }
}
