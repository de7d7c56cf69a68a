//! Billing orders: each fee schedule's priced codes (`fees`), and the orders a provider
//! posts (`billing_orders`) with their charges and the diagnoses they point at. An order's
//! `idempotency_key` is unique, so a retried post can never land twice.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

use super::columns::{index, instant, restrict_fk, text_or_empty};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        manager
            .create_table(
                Table::create()
                    .table("fees")
                    .col(big_pk_auto("id"))
                    .col(big_integer("fee_schedule_id"))
                    .col(string("code"))
                    // Upper case without spaces: what a search and a charge compare.
                    .col(string("code_key"))
                    .col(string("description"))
                    .col(text_or_empty("notes"))
                    .col(big_integer("fee_cents"))
                    .col(integer("units"))
                    .col(integer("calculation_method"))
                    // ' ' + lower-case code, description and notes: word prefixes are
                    // found as ' word'.
                    .col(text("search_text"))
                    .foreign_key(&mut restrict_fk("fees", "fee_schedule_id", "fee_schedules"))
                    .to_owned(),
            )
            .await?;
        db.execute_unprepared("CREATE UNIQUE INDEX ux_fees_schedule_code ON fees (fee_schedule_id, code_key)").await?;

        manager
            .create_table(
                Table::create()
                    .table("billing_orders")
                    .col(big_pk_auto("id"))
                    .col(big_integer("patient_id"))
                    .col(big_integer("account_id"))
                    .col(big_integer("provider_id"))
                    .col(date("procedure_date"))
                    .col(text_or_empty("order_notes"))
                    .col(big_integer("total_cents"))
                    .col(string_null("idempotency_key"))
                    // SHA-256 of who posted what for whom: a key reused for another
                    // order is refused, never answered with the first order.
                    .col(string("request_hash"))
                    .col(big_integer("created_by"))
                    .col(instant("created_at"))
                    .foreign_key(&mut restrict_fk("billing_orders", "patient_id", "patients"))
                    .to_owned(),
            )
            .await?;
        db.execute_unprepared("CREATE UNIQUE INDEX ux_billing_orders_key ON billing_orders (idempotency_key)").await?;
        index(manager, "billing_orders", &["patient_id"]).await?;

        manager
            .create_table(
                Table::create()
                    .table("billing_charges")
                    .col(big_pk_auto("id"))
                    .col(big_integer("order_id"))
                    .col(integer("line"))
                    .col(date("procedure_date"))
                    .col(big_integer("fee_schedule_id"))
                    .col(string("code"))
                    .col(string("description"))
                    .col(text_or_empty("modifier1"))
                    .col(text_or_empty("modifier2"))
                    .col(text_or_empty("modifier3"))
                    .col(text_or_empty("modifier4"))
                    .col(text_or_empty("tooth"))
                    .col(text_or_empty("surface"))
                    .col(integer("units"))
                    .col(big_integer("unit_fee_cents"))
                    .col(big_integer("fee_cents"))
                    .col(integer("calculation_method"))
                    // Its diagnoses' pointers in order: 'AB'.
                    .col(text_or_empty("pointers"))
                    .col(big_integer("ledger_entry_id"))
                    .col(big_integer("chart_entry_id"))
                    .foreign_key(&mut restrict_fk("billing_charges", "order_id", "billing_orders"))
                    .to_owned(),
            )
            .await?;
        index(manager, "billing_charges", &["order_id"]).await?;

        manager
            .create_table(
                Table::create()
                    .table("billing_diagnoses")
                    .col(big_pk_auto("id"))
                    .col(big_integer("order_id"))
                    .col(string("pointer"))
                    .col(string("code"))
                    .col(string("description"))
                    .foreign_key(&mut restrict_fk("billing_diagnoses", "order_id", "billing_orders"))
                    .to_owned(),
            )
            .await?;
        index(manager, "billing_diagnoses", &["order_id"]).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in ["billing_diagnoses", "billing_charges", "billing_orders", "fees"] {
            manager.drop_table(Table::drop().table(table).to_owned()).await?;
        }
        Ok(())
    }
}
