//! Hardening: sessions that end when their user is disabled or re-passworded (an epoch
//! both carry), session ids stored hashed, the signing key out of the database, a login
//! throttle every server shares, an audit log chained by HMAC, and a version on each
//! record two people may edit at once.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

use super::columns::instant;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();

        // Raised by `user passwd` and `user disable`: a session made under an older epoch
        // is dead, even one created by a login that was checking the old password then.
        db.execute_unprepared("ALTER TABLE users ADD COLUMN session_epoch integer NOT NULL DEFAULT 0").await?;
        // Ids are now stored as their SHA-256; the raw ids of live sessions cannot be
        // converted here, so their users log in again once.
        db.execute_unprepared("DELETE FROM sessions").await?;
        db.execute_unprepared("ALTER TABLE sessions ADD COLUMN user_epoch integer NOT NULL DEFAULT 0").await?;
        // The signing key now lives in the keys file; a backup must not carry it.
        db.execute_unprepared("DELETE FROM settings WHERE key = 'jwt_signing_key'").await?;

        for table in ["patients", "orders", "appointments"] {
            db.execute_unprepared(&format!("ALTER TABLE {table} ADD COLUMN version integer NOT NULL DEFAULT 1"))
                .await?;
        }

        manager
            .create_table(
                Table::create()
                    .table("login_throttle")
                    // `pair:<username>|<address>` or `address:<address>`.
                    .col(string("key").primary_key())
                    .col(integer("attempts"))
                    .col(instant("window_started_at"))
                    .to_owned(),
            )
            .await?;

        // The chain: each row's link is an HMAC over the previous link and the row, with a
        // key outside the database. Rows from before this migration carry none.
        db.execute_unprepared("ALTER TABLE audit_log ADD COLUMN seq bigint NULL").await?;
        db.execute_unprepared("ALTER TABLE audit_log ADD COLUMN link text NULL").await?;
        // Every patient a list showed, as `,1,2,3,` (one row per answer, findable by patient).
        db.execute_unprepared("ALTER TABLE audit_log ADD COLUMN patient_ids text NULL").await?;
        db.execute_unprepared("CREATE UNIQUE INDEX ux_audit_log_seq ON audit_log (seq)").await?;
        manager
            .create_table(
                Table::create()
                    .table("audit_chain")
                    .col(integer("id").primary_key())
                    .col(big_integer("seq"))
                    .col(text("link"))
                    .to_owned(),
            )
            .await?;
        db.execute_unprepared("INSERT INTO audit_chain (id, seq, link) VALUES (1, 0, '')").await?;
        Ok(())
    }
}
