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
