//! The SQLite settings every connection of the pool must carry.

use sea_orm::{ConnectionTrait, Statement};
use std::sync::Arc;

use store::Store;
use store::keys::Keys;

fn keys() -> Arc<Keys> {
    Arc::new(Keys::generate())
}

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
    let store = Store::open(&url, keys()).await.expect("open creates the folder and the file");
    assert_eq!(pragma(&store, "journal_mode").await, "wal");
    assert_eq!(pragma(&store, "synchronous").await, "2", "2 is FULL");
    assert_eq!(pragma(&store, "foreign_keys").await, "1");
    assert_eq!(pragma(&store, "busy_timeout").await, "5000");
    assert_eq!(pragma(&store, "mmap_size").await, "0", "no memory map: docs/performance.md, the API's own cost");
    assert_eq!(pragma(&store, "cache_size").await, "-16384");
    assert!(!store.applied_migrations().await.expect("migrations").is_empty());
    store.close().await;
    let _ = std::fs::remove_dir_all(folder);
}

/// The bundled SQLite is built as `.cargo/config.toml` asks (`LIBSQLITE3_FLAGS`): no
/// allocation statistics, whose global mutex every allocation took, and a page cache per
/// connection rather than one shared behind a mutex (docs/performance.md, seventh pass).
#[tokio::test]
async fn sqlite_is_built_without_allocation_statistics_or_a_shared_page_cache() {
    let store = Store::open("sqlite::memory:", keys()).await.expect("open");
    let db = store.connection();
    let rows = db
        .query_all_raw(Statement::from_string(db.get_database_backend(), "PRAGMA compile_options"))
        .await
        .expect("compile options");
    let options: Vec<String> = rows.iter().map(|row| row.try_get_by_index::<String>(0).expect("option")).collect();
    assert!(options.iter().any(|o| o == "DEFAULT_MEMSTATUS=0"), "{options:?}");
    assert!(!options.iter().any(|o| o == "ENABLE_MEMORY_MANAGEMENT"), "{options:?}");
    assert!(options.iter().any(|o| o == "THREADSAFE=1"), "{options:?}");
    store.close().await;
}

#[tokio::test]
async fn foreign_keys_are_enforced() {
    let folder = std::env::temp_dir().join(format!("pocketchart-store-fk-{}", std::process::id()));
    let url = format!("sqlite://{}/practice.db", folder.display());
    let store = Store::open(&url, keys()).await.expect("open");
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

/// The database, its WAL and its backups hold patients' records: the server's user only.
#[cfg(unix)]
#[tokio::test]
async fn database_wal_and_backups_are_created_private() {
    use std::os::unix::fs::PermissionsExt;
    let folder = std::env::temp_dir().join(format!("pocketchart-store-modes-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&folder);
    let path = folder.join("practice.db");
    let store = Store::open(&format!("sqlite://{}", path.display()), keys()).await.expect("open");
    store.connection().execute_unprepared("CREATE TABLE scratch (x integer)").await.expect("write");
    let backup = folder.join("copy.db");
    store.backup_to(&backup).await.expect("backup");
    let mode = |p: &std::path::Path| std::fs::metadata(p).expect("exists").permissions().mode() & 0o777;
    assert_eq!(mode(&path), 0o600, "database");
    assert_eq!(mode(&folder.join("practice.db-wal")), 0o600, "WAL");
    assert_eq!(mode(&backup), 0o600, "backup");
    store.close().await;

    // A database made before (0644) is narrowed at the next open.
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).expect("chmod");
    let store = Store::open(&format!("sqlite://{}", path.display()), keys()).await.expect("reopen");
    assert_eq!(mode(&path), 0o600);
    store.close().await;
    let _ = std::fs::remove_dir_all(folder);
}
