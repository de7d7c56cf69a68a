//! The patient's chart around the demographics: search keys and phone index, alerts,
//! allergies, problems, emergency contacts, insurance policies and the account ledger.

use domain::search::{fold_name, phone_digits};
use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

use super::columns::{index, instant, restrict_fk as fk, text_or_empty};
use sea_orm_migration::sea_orm::{DbBackend, Statement};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        let backend = manager.get_database_backend();

        // Folded name keys. On PostgreSQL they compare byte by byte (COLLATE "C"), so a
        // prefix becomes an index range with bound parameters, as on SQLite.
        let key_type = if backend == DbBackend::Postgres { "text COLLATE \"C\"" } else { "text" };
        for column in ["last_name_key", "first_name_key"] {
            db.execute_unprepared(&format!("ALTER TABLE patients ADD COLUMN {column} {key_type} NOT NULL DEFAULT ''"))
                .await?;
        }
        backfill_name_keys(manager).await?;
        index(manager, "patients", &["last_name_key", "first_name_key", "id"]).await?;
        index(manager, "patients", &["first_name_key", "last_name_key", "id"]).await?;
        index(manager, "patients", &["birthdate"]).await?;
        // Whom a guarantor covers; also what SQLite consults when a household is written
        // in one statement and a spouse's row arrives after the row naming them.
        index(manager, "patients", &["primary_guarantor_id"]).await?;
        index(manager, "patients", &["secondary_guarantor_id"]).await?;
        if backend == DbBackend::Postgres {
            // Rare prefixes get good plans only with a detailed histogram.
            for column in ["last_name_key", "first_name_key"] {
                db.execute_unprepared(&format!("ALTER TABLE patients ALTER COLUMN {column} SET STATISTICS 1000"))
                    .await?;
            }
        }

        // Every distinct name key, in the order first seen: each server's in-memory
        // typo index loads them once and then only the ones after its last id.
        manager
            .create_table(
                Table::create()
                    .table("name_keys")
                    .col(big_pk_auto("id"))
                    .col(small_integer("kind")) // 0 last name, 1 first name
                    .col(string("key"))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ux_name_keys_kind_key")
                    .table("name_keys")
                    .col("kind")
                    .col("key")
                    .unique()
                    .to_owned(),
            )
            .await?;
        for (kind, column) in [(0, "last_name_key"), (1, "first_name_key")] {
            db.execute_unprepared(&format!(
                "INSERT INTO name_keys (kind, key) SELECT DISTINCT {kind}, {column} FROM patients WHERE {column} <> '' ORDER BY 2"
            ))
            .await?;
        }

        // Phone numbers by their digits, for search and duplicate checks.
        manager
            .create_table(
                Table::create()
                    .table("patient_phones")
                    .col(big_integer("patient_id"))
                    .col(small_integer("position"))
                    .col(string("number"))
                    .col(string("local_number"))
                    .primary_key(Index::create().col("patient_id").col("position"))
                    .foreign_key(&mut fk("patient_phones", "patient_id", "patients"))
                    .to_owned(),
            )
            .await?;
        index(manager, "patient_phones", &["number"]).await?;
        index(manager, "patient_phones", &["local_number"]).await?;
        backfill_phones(manager).await?;

        manager
            .create_table(
                Table::create()
                    .table("patient_alerts")
                    .col(big_pk_auto("id"))
                    .col(big_integer("patient_id"))
                    .col(string("description"))
                    .col(integer("alert_number"))
                    .col(boolean("is_preventive_care").default(false))
                    .col(instant("created_at"))
                    .foreign_key(&mut fk("patient_alerts", "patient_id", "patients"))
                    .to_owned(),
            )
            .await?;
        index(manager, "patient_alerts", &["patient_id"]).await?;

        manager
            .create_table(
                Table::create()
                    .table("account_alerts")
                    .col(big_pk_auto("id"))
                    .col(big_integer("account_id"))
                    .col(string("description"))
                    .col(instant("created_at"))
                    .col(date_null("expiration"))
                    .foreign_key(&mut fk("account_alerts", "account_id", "accounts"))
                    .to_owned(),
            )
            .await?;
        index(manager, "account_alerts", &["account_id"]).await?;

        manager
            .create_table(
                Table::create()
                    .table("allergies")
                    .col(big_pk_auto("id"))
                    .col(big_integer("patient_id"))
                    .col(string("description"))
                    .col(text_or_empty("allergy_type"))
                    .col(text_or_empty("severity"))
                    .col(text_or_empty("reaction"))
                    .col(text_or_empty("status"))
                    .col(text_or_empty("notes"))
                    .col(date_null("onset"))
                    .col(instant("created_at"))
                    .foreign_key(&mut fk("allergies", "patient_id", "patients"))
                    .to_owned(),
            )
            .await?;
        index(manager, "allergies", &["patient_id"]).await?;

        manager
            .create_table(
                Table::create()
                    .table("problems")
                    .col(big_pk_auto("id"))
                    .col(big_integer("patient_id"))
                    .col(string("problem_code"))
                    .col(string("description"))
                    .col(text_or_empty("umls_id"))
                    .col(text_or_empty("status"))
                    .col(date_null("onset"))
                    .col(instant("created_at"))
                    .foreign_key(&mut fk("problems", "patient_id", "patients"))
                    .to_owned(),
            )
            .await?;
        index(manager, "problems", &["patient_id"]).await?;

        manager
            .create_table(
                Table::create()
                    .table("emergency_contacts")
                    .col(big_pk_auto("id"))
                    .col(big_integer("patient_id"))
                    .col(string("name"))
                    .col(text_or_empty("relationship"))
                    .col(boolean("next_of_kin").default(false))
                    .col(text_or_empty("phone"))
                    .col(integer("sort_order").default(0))
                    .foreign_key(&mut fk("emergency_contacts", "patient_id", "patients"))
                    .to_owned(),
            )
            .await?;
        index(manager, "emergency_contacts", &["patient_id"]).await?;

        manager
            .create_table(
                Table::create()
                    .table("insurance_policies")
                    .col(big_pk_auto("id"))
                    .col(big_integer("patient_id"))
                    .col(small_integer("priority")) // 1 primary, 2 secondary, 3 tertiary
                    .col(string("carrier"))
                    .col(text_or_empty("plan"))
                    .col(date_null("start_date"))
                    .col(date_null("end_date"))
                    .col(big_integer_null("subscriber_patient_id"))
                    .col(text_or_empty("subscriber_id"))
                    .col(text_or_empty("group_id"))
                    .foreign_key(&mut fk("insurance_policies", "patient_id", "patients"))
                    .to_owned(),
            )
            .await?;
        index(manager, "insurance_policies", &["patient_id"]).await?;

        // The account ledger, in cents. Each entry moves what the patient owes, what
        // insurance is expected to pay, and credit received but not yet applied.
        manager
            .create_table(
                Table::create()
                    .table("ledger_entries")
                    .col(big_pk_auto("id"))
                    .col(big_integer("account_id"))
                    .col(big_integer("patient_id"))
                    .col(date("entry_date"))
                    .col(string("kind")) // charge, payment, insurance_payment, adjustment, credit
                    .col(text_or_empty("description"))
                    .col(big_integer("patient_cents").default(0))
                    .col(big_integer("insurance_cents").default(0))
                    .col(big_integer("unapplied_cents").default(0))
                    .col(instant("created_at"))
                    .foreign_key(&mut fk("ledger_entries", "account_id", "accounts"))
                    .foreign_key(&mut fk("ledger_entries", "patient_id", "patients"))
                    .to_owned(),
            )
            .await?;
        index(manager, "ledger_entries", &["patient_id"]).await?;
        index(manager, "ledger_entries", &["account_id"]).await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            "ledger_entries",
            "insurance_policies",
            "emergency_contacts",
            "problems",
            "allergies",
            "account_alerts",
            "patient_alerts",
            "patient_phones",
            "name_keys",
        ] {
            manager.drop_table(Table::drop().table(table).to_owned()).await?;
        }
        Ok(())
    }
}

/// Patients written before this migration get their keys computed here, in Rust, with
/// the same folding the server uses.
async fn backfill_name_keys(manager: &SchemaManager<'_>) -> Result<(), DbErr> {
    let db = manager.get_connection();
    let backend = manager.get_database_backend();
    let rows =
        db.query_all_raw(Statement::from_string(backend, "SELECT id, first_name, last_name FROM patients")).await?;
    let update = match backend {
        DbBackend::Postgres => "UPDATE patients SET last_name_key = $1, first_name_key = $2 WHERE id = $3",
        _ => "UPDATE patients SET last_name_key = ?, first_name_key = ? WHERE id = ?",
    };
    for row in rows {
        let id: i64 = row.try_get("", "id")?;
        let first: String = row.try_get("", "first_name")?;
        let last: String = row.try_get("", "last_name")?;
        db.execute_raw(Statement::from_sql_and_values(
            backend,
            update,
            [fold_name(&last).into(), fold_name(&first).into(), id.into()],
        ))
        .await?;
    }
    Ok(())
}

async fn backfill_phones(manager: &SchemaManager<'_>) -> Result<(), DbErr> {
    let db = manager.get_connection();
    let backend = manager.get_database_backend();
    let rows = db
        .query_all_raw(Statement::from_string(
            backend,
            "SELECT id, phone1_number, phone2_number, phone3_number FROM patients",
        ))
        .await?;
    let insert = match backend {
        DbBackend::Postgres => {
            "INSERT INTO patient_phones (patient_id, position, number, local_number) VALUES ($1, $2, $3, $4)"
        }
        _ => "INSERT INTO patient_phones (patient_id, position, number, local_number) VALUES (?, ?, ?, ?)",
    };
    for row in rows {
        let id: i64 = row.try_get("", "id")?;
        for (position, column) in [(1i16, "phone1_number"), (2, "phone2_number"), (3, "phone3_number")] {
            let digits = phone_digits(&row.try_get::<String>("", column)?);
            if digits.len() == 10 {
                let local = digits[3..].to_owned();
                db.execute_raw(Statement::from_sql_and_values(
                    backend,
                    insert,
                    [id.into(), position.into(), digits.into(), local.into()],
                ))
                .await?;
            }
        }
    }
    Ok(())
}
