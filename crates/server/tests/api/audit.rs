//! The audit log's guarantees that live in the database itself.

use sea_orm::ConnectionTrait;

use crate::helpers::TestApp;
use crate::on_both_databases;

on_both_databases!(audit_log_refuses_updates_and_deletes);

async fn audit_log_refuses_updates_and_deletes(app: TestApp) {
    app.demo_token().await;
    assert_eq!(app.audit("login").await.len(), 1, "the login entry is written");
    let db = app.store.connection();
    assert!(db.execute_unprepared("UPDATE audit_log SET outcome = 'success'").await.is_err(), "update refused");
    assert!(db.execute_unprepared("DELETE FROM audit_log").await.is_err(), "delete refused");
    assert_eq!(app.audit("login").await.len(), 1, "the entry is still there");
}

on_both_databases!(a_read_is_answered_only_once_its_audit_row_is_committed, the_chain_of_a_working_server_verifies);

/// While the database cannot take the audit row (another writer holds the chain's head),
/// the read waits; once the row is in, the answer goes out, and the row is there without
/// any flush of the queue.
async fn a_read_is_answered_only_once_its_audit_row_is_committed(app: TestApp) {
    let token = app.demo_token().await;
    let db = app.store.connection();
    let blocker = sea_orm::TransactionTrait::begin(db).await.expect("begin");
    blocker.execute_unprepared("UPDATE audit_chain SET seq = seq WHERE id = 1").await.expect("hold the head");

    let url = app.url("/api/patients/5");
    let client = app.client.clone();
    let read = tokio::spawn(async move { client.get(url).header("jwt", token).send().await.expect("send").status() });
    tokio::time::sleep(std::time::Duration::from_millis(400)).await;
    assert!(!read.is_finished(), "no answer while its audit row cannot be written");
    blocker.commit().await.expect("release");
    assert_eq!(read.await.expect("task"), reqwest::StatusCode::OK);

    let rows = app
        .store
        .audit_entries(store::audit::AuditQuery {
            action: Some("patient.read".into()),
            patient_id: Some(5),
            limit: 10,
            ..Default::default()
        })
        .await
        .expect("entries");
    assert_eq!(rows.len(), 1, "read straight from the database, no flush");
}

async fn the_chain_of_a_working_server_verifies(app: TestApp) {
    let token = app.demo_token().await;
    for path in ["/api/patients/5", "/api/patients?search=smi", "/api/orders/?limit=5"] {
        app.get(path, &token).await;
    }
    app.audit("patient.read").await;
    let report = app.store.verify_audit_chain().await.expect("verify");
    assert_eq!(report.first_break, None, "{report:?}");
    assert!(report.verified >= 4, "{report:?}");
}
