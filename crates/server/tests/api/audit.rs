//! The audit log's guarantees that live in the database itself.

use sea_orm::ConnectionTrait;
use serde_json::json;

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

/// Reads are appended after the head the audit writer kept; a change writes its own entry
/// in its transaction, behind the writer's back, so the next read finds the head moved and
/// links after the change's entry. The chain stays whole, in order, without gaps.
async fn the_chain_of_a_working_server_verifies(app: TestApp) {
    let token = app.demo_token().await;
    let reads = ["/api/patients/5", "/api/patients?search=smi", "/api/orders/?limit=5"];
    for path in reads {
        assert_eq!(app.get(path, &token).await.status(), reqwest::StatusCode::OK);
    }
    let vitals = json!({"date": "2026-11-22T10:00:00Z", "heartRate": 70});
    assert_eq!(app.post("/api/patients/5/vitals", &token, vitals).await.status(), reqwest::StatusCode::CREATED);
    // The first read after the change links after the change's entry, which it reads in
    // a transaction; the next is appended after the kept head in one statement.
    let mut statements = Vec::new();
    for path in reads.into_iter().chain(reads) {
        let before = app.store.statements_run();
        assert_eq!(app.get(path, &token).await.status(), reqwest::StatusCode::OK);
        statements.push(app.store.statements_run() - before);
    }
    assert!(statements[3] < statements[0], "the kept head spares the transaction: {statements:?}");
    app.audit("patient.read").await;
    let report = app.store.verify_audit_chain().await.expect("verify");
    assert_eq!(report.first_break, None, "{report:?}");
    assert!(report.verified >= 8, "{report:?}");

    let mut rows =
        app.store.audit_entries(store::audit::AuditQuery { limit: 1000, ..Default::default() }).await.expect("entries");
    rows.sort_by_key(|row| row.id);
    let positions: Vec<i64> = rows.iter().filter_map(|row| row.seq).collect();
    let expected: Vec<i64> = (positions[0]..positions[0] + positions.len() as i64).collect();
    assert_eq!(positions, expected, "one position after another, in the order written");
    let change = rows.iter().position(|row| row.action == "vitals.create").expect("the change's entry");
    let after: Vec<&str> = rows[change + 1..].iter().map(|row| row.action.as_str()).collect();
    assert_eq!(after.len(), 6, "every read after the change is recorded after it: {after:?}");
}

on_both_databases!(refusals_on_patient_routes_are_recorded, lists_record_every_patient_they_showed);

async fn refusals_on_patient_routes_are_recorded(app: TestApp) {
    let token = app.demo_token().await;
    // A logged-in user asking for a patient that does not exist: written at once.
    assert_eq!(app.get("/api/patients/99999", &token).await.status(), reqwest::StatusCode::NOT_FOUND);
    let refused = app.store.audit_entries(store::audit::AuditQuery {
        action: Some("request.refused".into()),
        limit: 10,
        ..Default::default()
    });
    let refused = refused.await.expect("entries");
    assert_eq!(refused.len(), 1, "no flush needed: {refused:?}");
    assert_eq!((refused[0].user_id, refused[0].patient_id), (Some(2), Some(99999)));
    assert_eq!(refused[0].detail.as_deref(), Some("404 GET /api/patients/{n}"));

    // Without a session: tallied, one row for the three tries.
    for _ in 0..3 {
        let anonymous = app.call(reqwest::Method::GET, "/api/patients/5/allergy", None, None).await;
        assert_eq!(anonymous.status(), reqwest::StatusCode::UNAUTHORIZED);
    }
    let rows: Vec<_> = app
        .audit("request.refused")
        .await
        .into_iter()
        .filter(|e| e.user_id.is_none() && e.patient_id == Some(5))
        .collect();
    assert_eq!(rows.len(), 1, "{rows:?}");
    let detail = rows[0].detail.as_deref().unwrap_or_default();
    assert!(detail.starts_with("401 GET /api/patients/{n}/allergy: 3 time(s)"), "{detail}");
}

async fn lists_record_every_patient_they_showed(app: TestApp) {
    let token = app.demo_token().await;
    let orders = crate::helpers::json_of(app.get("/api/orders/?limit=50", &token).await).await;
    let patient = orders
        .as_array()
        .and_then(|list| list.iter().find_map(|o| o["patientId"].as_i64()))
        .expect("an order of a patient");
    app.audit("order.list").await;
    let about = app
        .store
        .audit_entries(store::audit::AuditQuery { patient_id: Some(patient), limit: 100, ..Default::default() })
        .await
        .expect("entries");
    assert!(about.iter().any(|e| e.action == "order.list"), "the orders page is found by patient {patient}: {about:?}");
}
