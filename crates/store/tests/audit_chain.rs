//! The audit log's HMAC chain: an intact log verifies; a row changed, removed or
//! inserted behind the server's back (after dropping the append-only triggers) is named.

use std::sync::Arc;

use chrono::{DateTime, Utc};
use sea_orm::ConnectionTrait;
use store::Store;
use store::audit::{AuditEntry, Outcome};
use store::keys::Keys;

async fn open(name: &str) -> (Store, std::path::PathBuf) {
    let folder = std::env::temp_dir().join(format!("pocketchart-chain-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&folder);
    let url = format!("sqlite://{}/practice.db", folder.display());
    (Store::open(&url, Arc::new(Keys::generate())).await.expect("open"), folder)
}

fn at(second: i64) -> DateTime<Utc> {
    DateTime::<Utc>::from_timestamp(1_790_000_000 + second, 123_456_789).expect("time")
}

/// Seven entries: a writer keeping the chain's head between its batches (as the server's
/// audit writer does), with another writer appending behind its back in the middle.
async fn fill(store: &Store) {
    let read = |i: i64| AuditEntry::new("patient.read", Outcome::Success).patient(i + 1).detail(format!("entry {i}"));
    let head = store.record_audit_batch(None, vec![(at(0), read(0))]).await.expect("first batch");
    let head = store.record_audit_batch(head.as_ref(), vec![(at(1), read(1))]).await.expect("linked after its head");
    for i in 2..4 {
        store.record_audit(at(i), read(i)).await.expect("another writer");
    }
    let stale = head.expect("a head");
    assert_eq!(stale.seq, 2);
    let head = store.record_audit_batch(Some(&stale), vec![(at(4), read(4))]).await.expect("after a stale head");
    assert_eq!(head.as_ref().map(|h| h.seq), Some(5), "linked after the other writer's rows");
    let list = AuditEntry::new("patient.search", Outcome::Success).patients_shown([3, 1, 2]);
    store.record_audit_batch(head.as_ref(), vec![(at(10), list.clone()), (at(11), list)]).await.expect("batch");
}

async fn tamper(store: &Store, sql: &str) {
    let db = store.connection();
    for trigger in ["audit_log_no_update", "audit_log_no_delete"] {
        db.execute_unprepared(&format!("DROP TRIGGER IF EXISTS {trigger}")).await.expect("drop trigger");
    }
    db.execute_unprepared(sql).await.expect("tamper");
}

#[tokio::test]
async fn an_intact_log_verifies() {
    let (store, folder) = open("intact").await;
    fill(&store).await;
    let report = store.verify_audit_chain().await.expect("verify");
    assert_eq!(report.first_break, None);
    assert_eq!((report.verified, report.head_seq), (7, 7));
    // Lists are found by any patient they showed.
    let about_two = store
        .audit_entries(store::audit::AuditQuery { patient_id: Some(2), limit: 100, ..Default::default() })
        .await
        .expect("entries");
    assert_eq!(about_two.len(), 3, "its own read and the two lists");
    store.close().await;
    let _ = std::fs::remove_dir_all(folder);
}

#[tokio::test]
async fn a_changed_row_is_named() {
    let (store, folder) = open("changed").await;
    fill(&store).await;
    tamper(&store, "UPDATE audit_log SET detail = 'nothing to see' WHERE id = 3").await;
    let report = store.verify_audit_chain().await.expect("verify");
    assert!(report.first_break.as_deref().is_some_and(|b| b.starts_with("row id 3 ")), "{report:?}");
    store.close().await;
    let _ = std::fs::remove_dir_all(folder);
}

#[tokio::test]
async fn a_removed_row_is_named() {
    let (store, folder) = open("removed").await;
    fill(&store).await;
    tamper(&store, "DELETE FROM audit_log WHERE id = 4").await;
    let report = store.verify_audit_chain().await.expect("verify");
    assert!(report.first_break.as_deref().is_some_and(|b| b.starts_with("position 4 ")), "{report:?}");
    store.close().await;
    let _ = std::fs::remove_dir_all(folder);
}

#[tokio::test]
async fn a_cut_off_tail_is_named() {
    let (store, folder) = open("tail").await;
    fill(&store).await;
    tamper(&store, "DELETE FROM audit_log WHERE id >= 6").await;
    let report = store.verify_audit_chain().await.expect("verify");
    assert!(report.first_break.as_deref().is_some_and(|b| b.contains("head says 7")), "{report:?}");
    store.close().await;
    let _ = std::fs::remove_dir_all(folder);
}

#[tokio::test]
async fn inserted_rows_are_named_whether_linked_or_not() {
    let (store, folder) = open("inserted").await;
    fill(&store).await;
    tamper(
        &store,
        "INSERT INTO audit_log (at, action, outcome) VALUES ('2026-11-22 00:00:00+00:00', 'patient.read', 'success')",
    )
    .await;
    let report = store.verify_audit_chain().await.expect("verify");
    assert!(report.first_break.as_deref().is_some_and(|b| b.contains("without a link")), "{report:?}");
    tamper(&store, "DELETE FROM audit_log WHERE seq IS NULL").await;
    // A forged link at the next position: without the key it cannot be right.
    tamper(
        &store,
        "INSERT INTO audit_log (at, action, outcome, seq, link) VALUES \
         ('2026-11-22 00:00:00+00:00', 'patient.read', 'success', 8, 'forged')",
    )
    .await;
    tamper(&store, "UPDATE audit_chain SET seq = 8").await;
    let report = store.verify_audit_chain().await.expect("verify");
    assert!(report.first_break.as_deref().is_some_and(|b| b.contains("position 8")), "{report:?}");
    store.close().await;
    let _ = std::fs::remove_dir_all(folder);
}
