//! Orders with their notes and status history, incidents, and vitals.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

use super::columns::{fk, index, instant};
use sea_orm_migration::sea_orm::DbBackend;

/// Order types. Their ids carry meaning: 1-4, 100-102 and above 110 may be chosen
/// for new orders; the others are made by interfaces (50 keeps its long description);
/// 100 is a new order's default (spec part 1, sections 4 and 9).
const ORDER_TYPES: &[(i64, &str)] = &[
    (1, "Lab"),
    (2, "Imaging"),
    (3, "Referral"),
    (4, "Prescription"),
    (5, "Prescription Renewal Request"),
    (50, "Lab Result"),
    (60, "Patient Portal Message"),
    (100, "General"),
    (101, "Callback"),
    (102, "Recall"),
    (111, "Prior Authorization"),
    (112, "Records Request"),
    (113, "Medical Clearance"),
    (114, "Durable Medical Equipment"),
];

/// Order statuses: 1, 7 and 8 count as open; 9 shows as available; 1 is the default.
const ORDER_STATUSES: &[(i64, &str)] = &[
    (1, "Open"),
    (2, "Completed"),
    (3, "Cancelled"),
    (4, "Declined"),
    (5, "Closed"),
    (6, "Not Needed"),
    (7, "In Progress"),
    (8, "Awaiting Results"),
    (9, "Results Available"),
];

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use ForeignKeyAction::{Cascade, Restrict};
        manager
            .create_table(Table::create().table("order_types").col(big_pk_auto("id")).col(string("name")).to_owned())
            .await?;
        manager
            .create_table(Table::create().table("order_statuses").col(big_pk_auto("id")).col(string("name")).to_owned())
            .await?;

        // A patient's case or episode of care (an accident, a claim) that orders and
        // visits are filed under.
        manager
            .create_table(
                Table::create()
                    .table("incidents")
                    .col(big_pk_auto("id"))
                    .col(big_integer("patient_id"))
                    .col(string("name"))
                    .col(boolean("is_current").default(false))
                    .col(instant("created_at"))
                    .foreign_key(&mut fk("incidents", "patient_id", "patients", Cascade))
                    .to_owned(),
            )
            .await?;
        index(manager, "incidents", &["patient_id"]).await?;

        manager
            .create_table(
                Table::create()
                    .table("orders")
                    .col(big_pk_auto("id"))
                    .col(big_integer_null("patient_id"))
                    .col(big_integer_null("provider_id"))
                    .col(big_integer_null("office_id"))
                    .col(big_integer_null("incident_id"))
                    .col(big_integer_null("resource_id"))
                    .col(big_integer("assigned_to_user_id"))
                    .col(big_integer("type_id"))
                    .col(big_integer("status_id"))
                    .col(boolean("urgent").default(false))
                    .col(date_null("due"))
                    .col(date("ordered"))
                    .col(string("short_description"))
                    .col(text("long_description").default(""))
                    .col(boolean("signed").default(false))
                    .col(big_integer("created_by"))
                    .col(instant("created_at"))
                    .col(instant("updated_at"))
                    .foreign_key(&mut fk("orders", "patient_id", "patients", Restrict))
                    .foreign_key(&mut fk("orders", "provider_id", "users", Restrict))
                    .foreign_key(&mut fk("orders", "office_id", "offices", Restrict))
                    .foreign_key(&mut fk("orders", "incident_id", "incidents", Restrict))
                    .foreign_key(&mut fk("orders", "resource_id", "resources", Restrict))
                    .foreign_key(&mut fk("orders", "assigned_to_user_id", "users", Restrict))
                    .foreign_key(&mut fk("orders", "type_id", "order_types", Restrict))
                    .foreign_key(&mut fk("orders", "status_id", "order_statuses", Restrict))
                    .foreign_key(&mut fk("orders", "created_by", "users", Restrict))
                    .to_owned(),
            )
            .await?;
        // The work list pages newest first: each filter it starts from has an index
        // beginning with it and continuing with the id, so a page is a short range scan.
        // The other filter columns ride along in the index, so counting the matches of a
        // filtered list reads index entries only, never the rows. Open orders (statuses
        // 1, 7 and 8, the default filter) get partial indexes of their own; the queries
        // write that list literally so both planners can tell the index applies.
        let db = manager.get_connection();
        for statement in [
            "CREATE INDEX ix_orders_status ON orders (status_id, id, assigned_to_user_id, type_id, office_id, provider_id, signed)",
            "CREATE INDEX ix_orders_assignee ON orders (assigned_to_user_id, id, status_id, type_id, office_id, provider_id, signed)",
            "CREATE INDEX ix_orders_open ON orders (id, assigned_to_user_id, type_id, office_id, provider_id, signed) \
             WHERE status_id IN (1, 7, 8)",
            "CREATE INDEX ix_orders_open_assignee ON orders (assigned_to_user_id, id, type_id, office_id, provider_id, signed) \
             WHERE status_id IN (1, 7, 8)",
        ] {
            db.execute_unprepared(statement).await?;
        }
        index(manager, "orders", &["patient_id"]).await?;
        index(manager, "orders", &["incident_id"]).await?;

        manager
            .create_table(
                Table::create()
                    .table("order_notes")
                    .col(big_pk_auto("id"))
                    .col(big_integer("order_id"))
                    .col(instant("created_at"))
                    .col(text("message"))
                    .col(big_integer("author_user_id"))
                    .col(big_integer_null("assigned_to_user_id"))
                    .foreign_key(&mut fk("order_notes", "order_id", "orders", Cascade))
                    .foreign_key(&mut fk("order_notes", "author_user_id", "users", Restrict))
                    .to_owned(),
            )
            .await?;
        index(manager, "order_notes", &["order_id", "id"]).await?;

        manager
            .create_table(
                Table::create()
                    .table("order_status_updates")
                    .col(big_pk_auto("id"))
                    .col(big_integer("order_id"))
                    .col(instant("created_at"))
                    .col(big_integer("status_id"))
                    .col(big_integer("user_id"))
                    .foreign_key(&mut fk("order_status_updates", "order_id", "orders", Cascade))
                    .foreign_key(&mut fk("order_status_updates", "status_id", "order_statuses", Restrict))
                    .foreign_key(&mut fk("order_status_updates", "user_id", "users", Restrict))
                    .to_owned(),
            )
            .await?;
        index(manager, "order_status_updates", &["order_id", "id"]).await?;

        manager
            .create_table(
                Table::create()
                    .table("vitals")
                    .col(big_pk_auto("id"))
                    .col(big_integer("patient_id"))
                    .col(instant("measured_at"))
                    .col(big_integer_null("height_mm"))
                    .col(big_integer_null("weight_g"))
                    .col(big_integer_null("systolic"))
                    .col(big_integer_null("diastolic"))
                    .col(big_integer_null("heart_rate"))
                    .col(big_integer_null("temperature_tenths"))
                    .col(big_integer_null("sp02_tenths"))
                    .col(big_integer_null("respiratory_rate"))
                    .col(big_integer_null("head_circumference_mm"))
                    .col(big_integer("recorded_by"))
                    .col(instant("created_at"))
                    .foreign_key(&mut fk("vitals", "patient_id", "patients", Cascade))
                    .foreign_key(&mut fk("vitals", "recorded_by", "users", Restrict))
                    .to_owned(),
            )
            .await?;
        index(manager, "vitals", &["patient_id", "measured_at"]).await?;

        for (table, rows) in [("order_types", ORDER_TYPES), ("order_statuses", ORDER_STATUSES)] {
            let mut insert = Query::insert();
            insert.into_table(table).columns(["id", "name"]);
            for (id, name) in rows {
                insert.values_panic([(*id).into(), (*name).into()]);
            }
            manager.exec_stmt(insert.to_owned()).await?;
            if manager.get_database_backend() == DbBackend::Postgres {
                db.execute_unprepared(&format!(
                    "SELECT setval(pg_get_serial_sequence('{table}', 'id'), (SELECT MAX(id) FROM {table}))"
                ))
                .await?;
            }
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in
            ["vitals", "order_status_updates", "order_notes", "orders", "incidents", "order_statuses", "order_types"]
        {
            manager.drop_table(Table::drop().table(table).to_owned()).await?;
        }
        Ok(())
    }
}
