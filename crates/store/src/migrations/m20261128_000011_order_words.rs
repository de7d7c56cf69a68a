//! The orders keyword by word: `order_words` holds each word of an order's descriptions
//! (`domain::orders::order_words`), so a keyword word is one range of its key (word >=
//! 'lip' AND word < 'liq') instead of a `LIKE '%lip%'` over every order's texts, which
//! read every order the filters left (650 ms on a million orders). Orders stored before
//! are given their words here.

use sea_orm::{ConnectionTrait, FromQueryResult};
use sea_orm_migration::prelude::*;

use super::columns::index;

#[derive(DeriveMigrationName)]
pub struct Migration;

/// Orders read and their words written per round, so a practice of a million orders is
/// given its words without holding them all in memory.
const ORDERS_PER_ROUND: u64 = 5_000;
/// Rows per insert statement: two values each, far under both databases' limits.
const WORDS_PER_INSERT: usize = 1_000;

#[derive(FromQueryResult)]
struct Described {
    id: i64,
    short_description: String,
    long_description: String,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        let backend = db.get_database_backend();
        // Words compare byte by byte ("C" collation on PostgreSQL), so a word's beginning
        // is one index range.
        let (text_type, rowid) = match backend {
            sea_orm::DbBackend::Postgres => ("varchar COLLATE \"C\"", ""),
            _ => ("text", " WITHOUT ROWID"),
        };
        db.execute_unprepared(&format!(
            "CREATE TABLE order_words (word {text_type} NOT NULL, order_id bigint NOT NULL, \
             PRIMARY KEY (word, order_id), \
             CONSTRAINT fk_order_words_order_id FOREIGN KEY (order_id) REFERENCES orders (id) ON DELETE CASCADE){rowid}"
        ))
        .await?;
        // An edited order's words are replaced by its id.
        index(manager, "order_words", &["order_id"]).await?;

        let mut after = 0i64;
        loop {
            let orders = Described::find_by_statement(crate::sql::bound(
                backend,
                &format!(
                    "SELECT id, short_description, long_description FROM orders WHERE id > $1 ORDER BY id LIMIT {ORDERS_PER_ROUND}"
                ),
                [after.into()],
            ))
            .all(db)
            .await?;
            let Some(last) = orders.last() else { break };
            after = last.id;
            let rows: Vec<(String, i64)> = orders
                .iter()
                .flat_map(|o| {
                    domain::orders::order_words(&[&o.short_description, &o.long_description])
                        .into_iter()
                        .map(move |word| (word, o.id))
                })
                .collect();
            for chunk in rows.chunks(WORDS_PER_INSERT) {
                let mut insert = Query::insert();
                insert.into_table("order_words").columns(["word", "order_id"]);
                for (word, id) in chunk {
                    insert.values_panic([word.clone().into(), (*id).into()]);
                }
                manager.exec_stmt(insert).await?;
            }
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table("order_words").to_owned()).await
    }
}

#[cfg(test)]
mod tests {
    use sea_orm::{ConnectionTrait, Database, Statement};
    use sea_orm_migration::MigratorTrait;

    use crate::migrations::Migrator;

    /// Orders stored before this migration are found by their words.
    #[tokio::test]
    async fn orders_stored_before_are_given_their_words() {
        let file = std::env::temp_dir().join(format!("pocketchart-migration-11-{}.db", std::process::id()));
        let _ = std::fs::remove_file(&file);
        let db = Database::connect(format!("sqlite://{}?mode=rwc", file.display())).await.expect("connect");
        Migrator::up(&db, Some(10)).await.expect("the schema before");
        for insert in [
            "INSERT INTO users (id, username, password_hash, first_name, last_name, unique_id, created_at, updated_at) \
             VALUES (2, 'u', 'x', 'U', 'Ser', 'u-2', '2026-11-01T00:00:00Z', '2026-11-01T00:00:00Z')",
            "INSERT INTO orders (id, assigned_to_user_id, type_id, status_id, short_description, long_description, \
             ordered, created_by, created_at, updated_at) VALUES \
             (7, 2, 100, 1, 'Lipid panel', 'Fasting; X-ray after', '2026-11-01', 2, '2026-11-01T00:00:00Z', '2026-11-01T00:00:00Z'), \
             (9, 2, 100, 1, 'Call back', '', '2026-11-01', 2, '2026-11-01T00:00:00Z', '2026-11-01T00:00:00Z')",
        ] {
            db.execute_unprepared(insert).await.expect(insert);
        }
        Migrator::up(&db, None).await.expect("this migration");
        let rows = db
            .query_all_raw(Statement::from_string(
                db.get_database_backend(),
                "SELECT order_id, word FROM order_words ORDER BY order_id, word",
            ))
            .await
            .expect("rows");
        let seen: Vec<(i64, String)> = rows
            .iter()
            .map(|r| (r.try_get("", "order_id").expect("id"), r.try_get("", "word").expect("word")))
            .collect();
        let words = |id: i64| seen.iter().filter(|r| r.0 == id).map(|r| r.1.as_str()).collect::<Vec<_>>();
        assert_eq!(words(7), ["after", "fasting", "lipid", "panel", "ray", "x", "xray"]);
        assert_eq!(words(9), ["back", "call"]);
        db.close().await.expect("close");
        let _ = std::fs::remove_file(&file);
    }
}
