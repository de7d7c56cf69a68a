//! The foundation: users and sessions, preferences, the audit log, the practice's
//! reference lists, scheduling resources, accounts and patients.
//!
//! Landed migrations are never edited: later changes come as new migrations.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

use super::columns::{index, instant, instant_null, restrict_fk as fk, text_or_empty};
use sea_orm_migration::sea_orm::DbBackend;

#[derive(DeriveMigrationName)]
pub struct Migration;

/// Two-column reference list: id and a describing text.
async fn simple_list(manager: &SchemaManager<'_>, table: &'static str, text_column: &'static str) -> Result<(), DbErr> {
    manager.create_table(Table::create().table(table).col(big_pk_auto("id")).col(string(text_column)).to_owned()).await
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create().table("settings").col(string("key").primary_key()).col(text("value")).to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table("users")
                    .col(big_pk_auto("id"))
                    .col(string_uniq("username"))
                    .col(string("password_hash"))
                    .col(string("first_name"))
                    .col(string("last_name"))
                    .col(text_or_empty("professional_title"))
                    .col(string("unique_id"))
                    .col(boolean("is_provider").default(false))
                    .col(text_or_empty("npi"))
                    .col(boolean("disabled").default(false))
                    .col(instant("created_at"))
                    .col(instant("updated_at"))
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table("sessions")
                    .col(string("id").primary_key())
                    .col(big_integer("user_id"))
                    .col(instant("created_at"))
                    .col(instant("last_seen_at"))
                    .col(integer("idle_timeout_seconds"))
                    .col(instant_null("revoked_at"))
                    .col(text_or_empty("ip"))
                    .col(integer("client_type"))
                    .foreign_key(&mut fk("sessions", "user_id", "users"))
                    .to_owned(),
            )
            .await?;
        index(manager, "sessions", &["user_id"]).await?;

        manager
            .create_table(
                Table::create()
                    .table("preferences")
                    .col(big_integer("user_id"))
                    .col(string("key"))
                    .col(text("value"))
                    .col(instant("updated_at"))
                    .primary_key(Index::create().col("user_id").col("key"))
                    .foreign_key(&mut fk("preferences", "user_id", "users"))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table("practice_preferences")
                    .col(string("key").primary_key())
                    .col(text("value"))
                    .col(instant("updated_at"))
                    .to_owned(),
            )
            .await?;

        // Who did what to which patient, when, from where, with what outcome. No patient
        // data is written here: ids only.
        manager
            .create_table(
                Table::create()
                    .table("audit_log")
                    .col(big_pk_auto("id"))
                    .col(instant("at"))
                    .col(big_integer_null("user_id"))
                    .col(string_null("username"))
                    .col(string("action"))
                    .col(big_integer_null("patient_id"))
                    .col(string_null("entity"))
                    .col(string_null("entity_id"))
                    .col(string_null("ip"))
                    .col(string("outcome"))
                    .col(string_null("detail"))
                    .to_owned(),
            )
            .await?;
        index(manager, "audit_log", &["at"]).await?;
        index(manager, "audit_log", &["patient_id", "at"]).await?;
        index(manager, "audit_log", &["user_id", "at"]).await?;
        make_audit_log_append_only(manager).await?;

        manager
            .create_table(
                Table::create()
                    .table("offices")
                    .col(big_pk_auto("id"))
                    .col(string("name"))
                    .col(text_or_empty("street_address"))
                    .col(text_or_empty("city"))
                    .col(text_or_empty("state"))
                    .col(text_or_empty("zip_code"))
                    .col(text_or_empty("phone"))
                    .to_owned(),
            )
            .await?;
        simple_list(manager, "fee_schedules", "name").await?;
        simple_list(manager, "languages", "name").await?;
        simple_list(manager, "marital_statuses", "description").await?;
        simple_list(manager, "employment_statuses", "description").await?;
        simple_list(manager, "patient_relationships", "description").await?;

        manager
            .create_table(
                Table::create()
                    .table("resources")
                    .col(big_pk_auto("id"))
                    .col(string("name"))
                    .col(big_integer("office_id"))
                    .col(big_integer_null("provider_id"))
                    .col(integer("sort_order").default(0))
                    .foreign_key(&mut fk("resources", "office_id", "offices"))
                    .foreign_key(&mut fk("resources", "provider_id", "users"))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table("appointment_types")
                    .col(big_pk_auto("id"))
                    .col(string("name"))
                    .col(integer("default_length"))
                    .col(string("color"))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table("appointment_statuses")
                    .col(big_pk_auto("id"))
                    .col(string("name"))
                    .col(string("color"))
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table("accounts")
                    .col(big_pk_auto("id"))
                    .col(big_integer_null("account_provider_id"))
                    .col(big_integer_null("office_id"))
                    // Set once the account's first patient exists; not a foreign key,
                    // because patients also point at their account.
                    .col(big_integer_null("primary_patient_id"))
                    .col(instant("created_at"))
                    .foreign_key(&mut fk("accounts", "account_provider_id", "users"))
                    .foreign_key(&mut fk("accounts", "office_id", "offices"))
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table("patients")
                    .col(big_pk_auto("id"))
                    .col(string_uniq("display_id"))
                    .col(big_integer("account_id"))
                    .col(string("first_name"))
                    .col(string("last_name"))
                    .col(text_or_empty("middle"))
                    .col(text_or_empty("prefix"))
                    .col(text_or_empty("suffix"))
                    .col(text_or_empty("maiden_name"))
                    .col(text_or_empty("nickname"))
                    .col(date_null("birthdate"))
                    .col(small_integer("sex").default(2))
                    .col(text_or_empty("government_identifier"))
                    .col(big_integer_null("marital_status_id"))
                    .col(big_integer_null("employment_status_id"))
                    .col(big_integer_null("preferred_language_id"))
                    .col(big_integer_null("relationship_to_primary_id"))
                    .col(big_integer_null("relationship_to_secondary_id"))
                    .col(big_integer_null("primary_guarantor_id"))
                    .col(big_integer_null("secondary_guarantor_id"))
                    .col(text_or_empty("street_address"))
                    .col(text_or_empty("suite"))
                    .col(text_or_empty("city"))
                    .col(text_or_empty("state"))
                    .col(text_or_empty("zip_code"))
                    .col(text_or_empty("country"))
                    .col(text_or_empty("phone1_number"))
                    .col(small_integer_null("phone1_type"))
                    .col(text_or_empty("phone2_number"))
                    .col(small_integer_null("phone2_type"))
                    .col(text_or_empty("phone3_number"))
                    .col(small_integer_null("phone3_type"))
                    .col(text_or_empty("email"))
                    .col(big_integer_null("patient_provider_id"))
                    .col(big_integer_null("office_id"))
                    .col(big_integer_null("fee_schedule_id"))
                    .col(boolean("inactive").default(false))
                    .col(instant("created_at"))
                    .col(instant("updated_at"))
                    .foreign_key(&mut fk("patients", "account_id", "accounts"))
                    .foreign_key(&mut fk("patients", "marital_status_id", "marital_statuses"))
                    .foreign_key(&mut fk("patients", "employment_status_id", "employment_statuses"))
                    .foreign_key(&mut fk("patients", "preferred_language_id", "languages"))
                    .foreign_key(&mut fk("patients", "relationship_to_primary_id", "patient_relationships"))
                    .foreign_key(&mut fk("patients", "relationship_to_secondary_id", "patient_relationships"))
                    .foreign_key(&mut fk("patients", "primary_guarantor_id", "patients"))
                    .foreign_key(&mut fk("patients", "secondary_guarantor_id", "patients"))
                    .foreign_key(&mut fk("patients", "patient_provider_id", "users"))
                    .foreign_key(&mut fk("patients", "office_id", "offices"))
                    .foreign_key(&mut fk("patients", "fee_schedule_id", "fee_schedules"))
                    .to_owned(),
            )
            .await?;
        index(manager, "patients", &["account_id"]).await?;

        // The system user: id 1, never listed, never able to log in (spec part 1, section 6).
        // It is the first row of a new table, so it gets id 1 on both databases.
        let now = chrono::Utc::now();
        manager
            .exec_stmt(
                Query::insert()
                    .into_table("users")
                    .columns([
                        "username",
                        "password_hash",
                        "first_name",
                        "last_name",
                        "unique_id",
                        "disabled",
                        "created_at",
                        "updated_at",
                    ])
                    .values_panic([
                        "system".into(),
                        "!".into(),
                        "System".into(),
                        "User".into(),
                        "SYSTEM".into(),
                        true.into(),
                        now.into(),
                        now.into(),
                    ])
                    .to_owned(),
            )
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            "patients",
            "accounts",
            "appointment_statuses",
            "appointment_types",
            "resources",
            "patient_relationships",
            "employment_statuses",
            "marital_statuses",
            "languages",
            "fee_schedules",
            "offices",
            "audit_log",
            "practice_preferences",
            "preferences",
            "sessions",
            "users",
            "settings",
        ] {
            manager.drop_table(Table::drop().table(table).to_owned()).await?;
        }
        Ok(())
    }
}

/// The audit log only grows: the database itself refuses updates and deletes, so no
/// code path (or SQL console slip) can rewrite history.
async fn make_audit_log_append_only(manager: &SchemaManager<'_>) -> Result<(), DbErr> {
    let db = manager.get_connection();
    match manager.get_database_backend() {
        DbBackend::Sqlite => {
            for operation in ["UPDATE", "DELETE"] {
                db.execute_unprepared(&format!(
                    "CREATE TRIGGER audit_log_no_{op} BEFORE {operation} ON audit_log \
                     BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END",
                    op = operation.to_lowercase()
                ))
                .await?;
            }
        }
        DbBackend::Postgres => {
            db.execute_unprepared(
                "CREATE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$ \
                 BEGIN RAISE EXCEPTION 'audit_log is append-only'; END $$",
            )
            .await?;
            db.execute_unprepared(
                "CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON audit_log \
                 FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change()",
            )
            .await?;
        }
        other => return Err(DbErr::Migration(format!("unsupported database backend {other:?}"))),
    }
    Ok(())
}
