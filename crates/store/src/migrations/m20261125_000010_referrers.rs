//! Referrers as a practice manages them: a referrer is a person or an organisation
//! (`referrer_type`) that refers patients in, receives them, or both (`direction`), is
//! found by the words of its names, company, specialty and NPI (`referrer_words`, one row
//! per word, so a search is index range scans), and is changed on a `version`. A patient's
//! referral gets a `version` too: its status is changed from the phone.

use domain::referrers::CheckedReferrer;
use sea_orm::{ConnectionTrait, FromQueryResult, Statement};
use sea_orm_migration::prelude::*;

use super::columns::index;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(FromQueryResult)]
struct Named {
    id: i64,
    first_name: String,
    last_name: String,
    company: String,
    specialty: String,
    npi: String,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        db.execute_unprepared("ALTER TABLE referrers ADD COLUMN direction varchar NOT NULL DEFAULT 'both'").await?;
        db.execute_unprepared("ALTER TABLE referrers ADD COLUMN version integer NOT NULL DEFAULT 1").await?;
        // What lists sort by: the folded last and first name, or the organisation's name.
        db.execute_unprepared("ALTER TABLE referrers ADD COLUMN name_key varchar NOT NULL DEFAULT ''").await?;
        // The type was a free text ('Dentist'); the specialty says that. Those with a
        // person's name are people, the rest organisations.
        db.execute_unprepared(
            "UPDATE referrers SET referrer_type = CASE WHEN last_name <> '' THEN 'person' ELSE 'organisation' END \
             WHERE referrer_type NOT IN ('person', 'organisation')",
        )
        .await?;
        // Words compare byte by byte ("C" collation on PostgreSQL), so a word's beginning
        // is an index range: word >= 'smi' AND word < 'smj'.
        let backend = db.get_database_backend();
        let (word_type, rowid) = match backend {
            sea_orm::DbBackend::Postgres => ("varchar COLLATE \"C\"", ""),
            _ => ("text", " WITHOUT ROWID"),
        };
        db.execute_unprepared(&format!(
            "CREATE TABLE referrer_words (word {word_type} NOT NULL, referrer_id bigint NOT NULL, \
             PRIMARY KEY (word, referrer_id), \
             CONSTRAINT fk_referrer_words_referrer_id FOREIGN KEY (referrer_id) REFERENCES referrers (id) ON DELETE CASCADE){rowid}"
        ))
        .await?;
        index(manager, "referrer_words", &["referrer_id"]).await?;

        // Words and sort keys of the referrers already stored.
        let rows = Named::find_by_statement(Statement::from_string(
            backend,
            "SELECT id, first_name, last_name, company, specialty, npi FROM referrers",
        ))
        .all(db)
        .await?;
        for row in rows {
            let named = CheckedReferrer {
                kind: if row.last_name.is_empty() { "organisation" } else { "person" }.into(),
                first: row.first_name,
                last: row.last_name,
                company: row.company,
                specialty: row.specialty,
                npi: row.npi,
                ..CheckedReferrer::default()
            };
            db.execute_raw(crate::sql::bound(
                backend,
                "UPDATE referrers SET name_key = $1 WHERE id = $2",
                [named.name_key().into(), row.id.into()],
            ))
            .await?;
            for word in named.search_words() {
                let mut insert = Query::insert();
                insert
                    .into_table("referrer_words")
                    .columns(["word", "referrer_id"])
                    .values_panic([word.into(), row.id.into()]);
                manager.exec_stmt(insert).await?;
            }
        }
        index(manager, "referrers", &["name_key"]).await?;
        db.execute_unprepared("ALTER TABLE patient_referrals ADD COLUMN version integer NOT NULL DEFAULT 1").await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table("referrer_words").to_owned()).await?;
        let db = manager.get_connection();
        db.execute_unprepared("DROP INDEX ix_referrers_name_key").await?;
        for (table, column) in [
            ("referrers", "direction"),
            ("referrers", "version"),
            ("referrers", "name_key"),
            ("patient_referrals", "version"),
        ] {
            db.execute_unprepared(&format!("ALTER TABLE {table} DROP COLUMN {column}")).await?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use sea_orm::{ConnectionTrait, Database, Statement};
    use sea_orm_migration::MigratorTrait;

    use crate::migrations::Migrator;

    /// Referrers stored before this migration get their type, sort key and words.
    #[tokio::test]
    async fn referrers_stored_before_are_given_their_words() {
        let file = std::env::temp_dir().join(format!("pocketchart-migration-10-{}.db", std::process::id()));
        let _ = std::fs::remove_file(&file);
        let db = Database::connect(format!("sqlite://{}?mode=rwc", file.display())).await.expect("connect");
        Migrator::up(&db, Some(9)).await.expect("the schema before");
        for insert in [
            "INSERT INTO referrers (id, first_name, last_name, company, referrer_type, specialty, npi) \
             VALUES (1, 'Anita', 'Desai', 'Willamette Periodontics', 'Dentist', 'Periodontics', '1234567893')",
            "INSERT INTO referrers (id, first_name, last_name, company, referrer_type) \
             VALUES (2, '', '', 'Valley Imaging', 'Lab')",
        ] {
            db.execute_unprepared(insert).await.expect("insert");
        }
        Migrator::up(&db, None).await.expect("this migration");
        let backend = db.get_database_backend();
        let rows = db
            .query_all_raw(Statement::from_string(
                backend,
                "SELECT r.id, r.referrer_type, r.name_key, r.version, r.direction, w.word \
                 FROM referrers r JOIN referrer_words w ON w.referrer_id = r.id ORDER BY r.id, w.word",
            ))
            .await
            .expect("rows");
        let seen: Vec<(i64, String, String, String)> = rows
            .iter()
            .map(|row| {
                let get = |column: &str| row.try_get::<String>("", column).expect(column);
                (row.try_get::<i64>("", "id").expect("id"), get("referrer_type"), get("name_key"), get("word"))
            })
            .collect();
        let words = |id: i64| seen.iter().filter(|r| r.0 == id).map(|r| r.3.as_str()).collect::<Vec<_>>();
        assert_eq!(words(1), ["1234567893", "anita", "desai", "periodontics", "willamette"]);
        assert_eq!(words(2), ["imaging", "valley"]);
        assert!(seen.iter().any(|r| *r == (1, "person".into(), "desai anita".into(), "anita".into())));
        assert!(seen.iter().any(|r| r.0 == 2 && r.1 == "organisation" && r.2 == "valleyimaging"));
        db.close().await.expect("close");
        let _ = std::fs::remove_file(&file);
    }
}
