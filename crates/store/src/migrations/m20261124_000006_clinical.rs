//! The clinical summary: the chart sections without a table of their own (one row per
//! entry, the FHIR-shaped resource as JSON), attachment files, 'reviewed, none found'
//! marks, referrers and the patient's referrals, and the fields allergies and problems
//! were missing (verification status, resolved date).

use sea_orm_migration::prelude::ForeignKeyAction::{Cascade, Restrict};
use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

use super::columns::{fk, index, instant, text_or_empty};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();

        manager
            .create_table(
                Table::create()
                    .table("chart_entries")
                    .col(big_pk_auto("id"))
                    .col(big_integer("patient_id"))
                    // The section's widget key (`domain::clinical::Section::key`).
                    .col(string("section"))
                    // The clinical date a list is sorted by, newest first.
                    .col(date_null("effective"))
                    // The resource's status code, for lists that filter by it.
                    .col(text_or_empty("status"))
                    // `domain::clinical::ClinicalResource` as JSON.
                    .col(text("resource"))
                    .col(instant("recorded_at"))
                    .col(big_integer_null("recorded_by"))
                    .col(integer("version").default(1))
                    .foreign_key(&mut fk("chart_entries", "patient_id", "patients", Restrict))
                    .to_owned(),
            )
            .await?;
        // Counts and lists of one section of one patient read this index only.
        index(manager, "chart_entries", &["patient_id", "section", "effective"]).await?;

        manager
            .create_table(
                Table::create()
                    .table("chart_files")
                    .col(big_integer("entry_id").primary_key())
                    .col(string("content_type"))
                    .col(blob("content"))
                    .foreign_key(&mut fk("chart_files", "entry_id", "chart_entries", Cascade))
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table("chart_reviews")
                    .col(big_pk_auto("id"))
                    .col(big_integer("patient_id"))
                    .col(string("section"))
                    // True: reviewed with the patient and none found ('No Known Allergies').
                    .col(boolean("none_known"))
                    .col(date("reviewed_on"))
                    .col(big_integer_null("reviewed_by"))
                    .foreign_key(&mut fk("chart_reviews", "patient_id", "patients", Restrict))
                    .to_owned(),
            )
            .await?;
        db.execute_unprepared(
            "CREATE UNIQUE INDEX ux_chart_reviews_patient_section ON chart_reviews (patient_id, section)",
        )
        .await?;

        db.execute_unprepared("ALTER TABLE allergies ADD COLUMN verification_status varchar NOT NULL DEFAULT ''")
            .await?;
        db.execute_unprepared("ALTER TABLE problems ADD COLUMN resolved date NULL").await?;

        let mut referrers = Table::create();
        referrers
            .table("referrers")
            .col(big_pk_auto("id"))
            .col(string("first_name"))
            .col(string("last_name"))
            .col(text_or_empty("company"))
            .col(text_or_empty("referrer_type"))
            .col(text_or_empty("specialty"))
            .col(text_or_empty("npi"))
            .col(text_or_empty("address"))
            .col(text_or_empty("city"))
            .col(text_or_empty("state"))
            .col(text_or_empty("zip"))
            .col(text_or_empty("website"))
            .col(text_or_empty("direct_address"))
            .col(text_or_empty("email"))
            .col(text_or_empty("notes"));
        for n in 1..=3 {
            referrers
                .col(small_integer_null(Alias::new(format!("phone{n}_type"))))
                .col(string(Alias::new(format!("phone{n}_number"))).default(""))
                .col(string(Alias::new(format!("phone{n}_ext"))).default(""));
        }
        manager.create_table(referrers.to_owned()).await?;
        index(manager, "referrers", &["last_name", "first_name"]).await?;

        manager
            .create_table(
                Table::create()
                    .table("patient_referrals")
                    .col(big_pk_auto("id"))
                    .col(big_integer("patient_id"))
                    .col(big_integer("referrer_id"))
                    .col(date("referral_date"))
                    // 'incoming' or 'outgoing'.
                    .col(string("direction"))
                    .col(string("status"))
                    .col(text_or_empty("reason"))
                    .col(instant("created_at"))
                    .foreign_key(&mut fk("patient_referrals", "patient_id", "patients", Restrict))
                    .foreign_key(&mut fk("patient_referrals", "referrer_id", "referrers", Restrict))
                    .to_owned(),
            )
            .await?;
        index(manager, "patient_referrals", &["patient_id"]).await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in ["patient_referrals", "referrers", "chart_reviews", "chart_files", "chart_entries"] {
            manager.drop_table(Table::drop().table(table).to_owned()).await?;
        }
        Ok(())
    }
}
