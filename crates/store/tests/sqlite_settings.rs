//! The SQLite settings every connection of the pool must carry.

use sea_orm::{ConnectionTrait, Statement};
use store::Store;

async fn pragma(store: &Store, name: &str) -> String {
    let db = store.connection();
    let row = db
        .query_one_raw(Statement::from_string(db.get_database_backend(), format!("PRAGMA {name}")))
        .await
        .expect("pragma")
        .expect("row");
    row.try_get_by_index::<String>(0).or_else(|_| row.try_get_by_index::<i64>(0).map(|n| n.to_string())).expect("value")
}

#[tokio::test]
async fn sqlite_runs_in_wal_with_full_sync_foreign_keys_and_a_busy_timeout() {
    let folder = std::env::temp_dir().join(format!("pocketchart-store-pragmas-{}", std::process::id()));
    let url = format!("sqlite://{}/nested/practice.db", folder.display());
    let store = Store::open(&url).await.expect("open creates the folder and the file");
    assert_eq!(pragma(&store, "journal_mode").await, "wal");
    assert_eq!(pragma(&store, "synchronous").await, "2", "2 is FULL");
    assert_eq!(pragma(&store, "foreign_keys").await, "1");
    assert_eq!(pragma(&store, "busy_timeout").await, "5000");
    assert_eq!(pragma(&store, "mmap_size").await, "1073741824");
    assert_eq!(pragma(&store, "cache_size").await, "-16384");
    assert!(!store.applied_migrations().await.expect("migrations").is_empty());
    store.close().await;
    let _ = std::fs::remove_dir_all(folder);
}

#[tokio::test]
async fn foreign_keys_are_enforced() {
    let folder = std::env::temp_dir().join(format!("pocketchart-store-fk-{}", std::process::id()));
    let url = format!("sqlite://{}/practice.db", folder.display());
    let store = Store::open(&url).await.expect("open");
    let db = store.connection();
    let orphan = db
        .execute_unprepared(
            "INSERT INTO sessions (id, user_id, created_at, last_seen_at, idle_timeout_seconds, ip, client_type) \
             VALUES ('x', 4242, '2026-11-22 00:00:00+00:00', '2026-11-22 00:00:00+00:00', 60, '', 8)",
        )
        .await;
    assert!(orphan.is_err(), "a session of a user that does not exist is refused");
    store.close().await;
    let _ = std::fs::remove_dir_all(folder);
}
