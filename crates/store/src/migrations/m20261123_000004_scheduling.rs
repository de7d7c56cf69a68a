//! The schedule: appointments, block-outs ("transparencies"), follow-ups, treatment
//! plans, and the counter every open day view polls to see other desks' changes.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

use super::columns::{fk, index, instant};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use ForeignKeyAction::{Cascade, Restrict, SetNull};
        let db = manager.get_connection();

        // Which statuses the patient's appointment summary counts (spec part 2: Missed,
        // Cancelled, To Reschedule), without relying on a status's name.
        db.execute_unprepared("ALTER TABLE appointment_statuses ADD COLUMN category text NOT NULL DEFAULT 'active'")
            .await?;

        manager
            .create_table(
                Table::create()
                    .table("transparency_types")
                    .col(big_pk_auto("id"))
                    .col(string("name"))
                    .col(string("color"))
                    // refuse ("don't schedule"), confirm ("confirm scheduling") or display
                    .col(string("rule"))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table("transparencies")
                    .col(big_pk_auto("id"))
                    .col(big_integer("resource_id"))
                    .col(big_integer("type_id"))
                    .col(instant("starts_at"))
                    .col(instant("ends_at"))
                    .foreign_key(&mut fk("transparencies", "resource_id", "resources", Cascade))
                    .foreign_key(&mut fk("transparencies", "type_id", "transparency_types", Restrict))
                    .to_owned(),
            )
            .await?;
        // A day's block-outs: of one resource, or of every resource.
        index(manager, "transparencies", &["resource_id", "starts_at"]).await?;
        index(manager, "transparencies", &["starts_at"]).await?;

        manager
            .create_table(
                Table::create()
                    .table("appointments")
                    .col(big_pk_auto("id"))
                    .col(big_integer("patient_id"))
                    .col(big_integer("resource_id"))
                    .col(big_integer_null("provider_id"))
                    .col(big_integer("type_id"))
                    .col(big_integer("status_id"))
                    .col(instant("starts_at"))
                    .col(instant("ends_at"))
                    .col(integer("length_minutes"))
                    .col(text("notes").default(""))
                    // Held by a "confirm scheduling" block-out until confirmed or discarded.
                    .col(boolean("pending").default(false))
                    // A held change to an existing appointment: confirming it applies it
                    // to that appointment; discarding it leaves that appointment as it was.
                    .col(big_integer_null("replaces_id"))
                    // Deleted by a user: kept for the patient's history.
                    .col(boolean("archived").default(false))
                    .col(big_integer("created_by"))
                    .col(instant("created_at"))
                    .col(instant("updated_at"))
                    .foreign_key(&mut fk("appointments", "patient_id", "patients", Restrict))
                    .foreign_key(&mut fk("appointments", "resource_id", "resources", Restrict))
                    .foreign_key(&mut fk("appointments", "provider_id", "users", Restrict))
                    .foreign_key(&mut fk("appointments", "type_id", "appointment_types", Restrict))
                    .foreign_key(&mut fk("appointments", "status_id", "appointment_statuses", Restrict))
                    .foreign_key(&mut fk("appointments", "created_by", "users", Restrict))
                    .to_owned(),
            )
            .await?;
        // A day of one resource is a range of this index; a day of every resource (the
        // dashboard's count, the unfiltered day) of the next; a patient's history the last.
        index(manager, "appointments", &["resource_id", "starts_at"]).await?;
        index(manager, "appointments", &["starts_at"]).await?;
        index(manager, "appointments", &["patient_id", "starts_at"]).await?;

        manager
            .create_table(
                Table::create()
                    .table("follow_ups")
                    .col(big_pk_auto("id"))
                    .col(big_integer("patient_id"))
                    .col(big_integer_null("type_id"))
                    .col(integer("frequency_days"))
                    .col(date("due_date"))
                    .col(date_null("last_visit"))
                    .col(big_integer_null("appointment_id"))
                    .col(instant("created_at"))
                    .foreign_key(&mut fk("follow_ups", "patient_id", "patients", Cascade))
                    .foreign_key(&mut fk("follow_ups", "type_id", "appointment_types", Restrict))
                    .foreign_key(&mut fk("follow_ups", "appointment_id", "appointments", SetNull))
                    .to_owned(),
            )
            .await?;
        index(manager, "follow_ups", &["patient_id"]).await?;

        manager
            .create_table(
                Table::create()
                    .table("treatment_plans")
                    .col(big_pk_auto("id"))
                    .col(big_integer("patient_id"))
                    .col(string("name"))
                    .col(instant("created_at"))
                    .foreign_key(&mut fk("treatment_plans", "patient_id", "patients", Cascade))
                    .to_owned(),
            )
            .await?;
        index(manager, "treatment_plans", &["patient_id"]).await?;
        manager
            .create_table(
                Table::create()
                    .table("treatment_phases")
                    .col(big_pk_auto("id"))
                    .col(big_integer("plan_id"))
                    .col(string("name"))
                    .col(integer("sort_order"))
                    .foreign_key(&mut fk("treatment_phases", "plan_id", "treatment_plans", Cascade))
                    .to_owned(),
            )
            .await?;
        index(manager, "treatment_phases", &["plan_id"]).await?;
        manager
            .create_table(
                Table::create()
                    .table("treatment_charges")
                    .col(big_pk_auto("id"))
                    .col(big_integer("phase_id"))
                    .col(string("code"))
                    .col(string("description"))
                    .col(big_integer("fee_cents"))
                    .col(big_integer("insurance_cents"))
                    .col(integer("sort_order"))
                    .foreign_key(&mut fk("treatment_charges", "phase_id", "treatment_phases", Cascade))
                    .to_owned(),
            )
            .await?;
        index(manager, "treatment_charges", &["phase_id"]).await?;

        // One row, one number: every change to the schedule adds one, in the same
        // transaction, so any server's day view learns of it by polling.
        manager
            .create_table(
                Table::create()
                    .table("schedule_version")
                    .col(integer("id").primary_key())
                    .col(big_integer("version"))
                    .to_owned(),
            )
            .await?;
        db.execute_unprepared("INSERT INTO schedule_version (id, version) VALUES (1, 0)").await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            "schedule_version",
            "treatment_charges",
            "treatment_phases",
            "treatment_plans",
            "follow_ups",
            "appointments",
            "transparencies",
            "transparency_types",
        ] {
            manager.drop_table(Table::drop().table(table).to_owned()).await?;
        }
        Ok(())
    }
}
