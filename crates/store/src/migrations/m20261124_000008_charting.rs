//! Charting from the phone: every version of a chart entry kept (`chart_revisions`), a
//! version on allergies and problems so two people's edits cannot overwrite each other,
//! and the vaccines the practice adds to the built-in CVX list.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

use super::columns::{index, instant};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        manager
            .create_table(
                Table::create()
                    .table("chart_revisions")
                    .col(big_pk_auto("id"))
                    .col(big_integer("patient_id"))
                    // The section's widget key; with `entry_id`, the entry (an allergy's
                    // id for allergies, a `chart_entries` id for most sections).
                    .col(string("section"))
                    .col(big_integer("entry_id"))
                    .col(integer("version"))
                    // The entry as it was saved at this version (`ClinicalResource` JSON).
                    .col(text("resource"))
                    .col(instant("recorded_at"))
                    .col(big_integer_null("recorded_by"))
                    .to_owned(),
            )
            .await?;
        db.execute_unprepared(
            "CREATE UNIQUE INDEX ux_chart_revisions_entry ON chart_revisions (section, entry_id, version)",
        )
        .await?;
        index(manager, "chart_revisions", &["patient_id"]).await?;

        for table in ["allergies", "problems"] {
            db.execute_unprepared(&format!("ALTER TABLE {table} ADD COLUMN version integer NOT NULL DEFAULT 1"))
                .await?;
        }

        manager
            .create_table(
                Table::create()
                    .table("vaccines")
                    .col(string("cvx").primary_key())
                    .col(string("name"))
                    .col(instant("added_at"))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table("vaccines").to_owned()).await?;
        for table in ["allergies", "problems"] {
            manager.get_connection().execute_unprepared(&format!("ALTER TABLE {table} DROP COLUMN version")).await?;
        }
        manager.drop_table(Table::drop().table("chart_revisions").to_owned()).await
    }
}
