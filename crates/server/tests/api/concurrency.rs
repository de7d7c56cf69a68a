//! Lost updates: two people editing one patient, order or appointment. The second save,
//! made on the version both opened, is refused with the record as the first left it;
//! redone on that version, it keeps both changes. A change naming no version is refused.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, json_of};
use crate::on_both_databases;

on_both_databases!(
    two_edits_of_one_patient_never_lose_one,
    two_edits_of_one_order_never_lose_one,
    two_edits_of_one_appointment_never_lose_one,
    a_provider_change_on_an_older_version_is_refused,
    a_change_without_a_version_is_refused,
);

/// Both users open the record; the first saves `first`, the second then saves `second`
/// on the same version: 409 with the first change in `current`; redone, 200 with both.
async fn race(app: &TestApp, path: &str, first: Value, second: Value, first_field: &str, second_field: &str) {
    let alice = app.demo_token().await;
    let bob = app.login("ecarter", "demo").await.expect("second user");
    let opened = json_of(app.get(path, &alice).await).await;
    let version = opened["version"].as_i64().expect("version");

    let mut first_body = first.clone();
    first_body["version"] = json!(version);
    let saved = app.patch(path, &alice, first_body).await;
    assert_eq!(saved.status(), StatusCode::OK);
    let saved = json_of(saved).await;
    assert_eq!(saved["version"].as_i64(), Some(version + 1), "a save moves the version on");

    let mut second_body = second.clone();
    second_body["version"] = json!(version);
    let stale = app.patch(path, &bob, second_body.clone()).await;
    assert_eq!(stale.status(), StatusCode::CONFLICT);
    let stale = json_of(stale).await;
    assert_eq!(stale["code"], "edit_conflict");
    assert_eq!(stale["current"][first_field], first[first_field], "the first change is shown: {stale}");
    assert_eq!(stale["current"]["version"].as_i64(), Some(version + 1));

    second_body["version"] = stale["current"]["version"].clone();
    let redone = app.patch(path, &bob, second_body).await;
    assert_eq!(redone.status(), StatusCode::OK);
    let both = json_of(app.get(path, &alice).await).await;
    assert_eq!(both[first_field], first[first_field], "{both}");
    assert_eq!(both[second_field], second[second_field], "{both}");
}

async fn two_edits_of_one_patient_never_lose_one(app: TestApp) {
    race(
        &app,
        "/api/patients/4",
        json!({"nickname": "Bea"}),
        json!({"maidenName": "Howard"}),
        "nickname",
        "maidenName",
    )
    .await;
}

async fn two_edits_of_one_order_never_lose_one(app: TestApp) {
    let path = "/api/orders/1";
    race(
        &app,
        path,
        json!({"shortDescription": "Called the lab"}),
        json!({"urgent": true}),
        "shortDescription",
        "urgent",
    )
    .await;
}

async fn two_edits_of_one_appointment_never_lose_one(app: TestApp) {
    let token = app.demo_token().await;
    let mut booked = None;
    for day in 23..30 {
        let list = json_of(app.get(&format!("/api/scheduling/1/appointments?date=2026-11-{day}"), &token).await).await;
        booked = list.as_array().and_then(|list| list.first()).cloned();
        if booked.is_some() {
            break;
        }
    }
    let booked = booked.expect("an appointment in the coming week");
    let path = format!("/api/scheduling/1/appointments/{}", booked["appointmentId"]);
    // Shorter never overlaps anything it did not overlap before.
    let shorter = if booked["length"].as_i64() > Some(15) { 15 } else { 10 };
    race(&app, &path, json!({"notes": "Bring x-rays"}), json!({"length": shorter}), "notes", "length").await;
}

/// The care assignment is part of the patient: an 'Edit Patient' saved meanwhile makes a
/// provider change made on the older version stale, and the other way round.
async fn a_provider_change_on_an_older_version_is_refused(app: TestApp) {
    let alice = app.demo_token().await;
    let bob = app.login("ecarter", "demo").await.expect("second user");
    let path = "/api/patients/1/patient/4/provider";
    let opened = json_of(app.get(path, &bob).await).await;
    assert_eq!(opened["patientId"], 4);
    let version = opened["version"].as_i64().expect("version");
    let patient = json_of(app.get("/api/patients/4", &alice).await).await;
    assert_eq!(patient["version"].as_i64(), Some(version), "the patient's own version");

    let first = app.patch(path, &alice, json!({"version": version, "accountProviderId": 7, "officeId": 2})).await;
    assert_eq!(first.status(), StatusCode::OK);
    assert_eq!(json_of(first).await["version"].as_i64(), Some(version + 1));

    let choices = json!({"version": version, "accountProviderId": 4, "patientProviderId": 4, "officeId": 2});
    let stale = app.patch(path, &bob, choices.clone()).await;
    assert_eq!(stale.status(), StatusCode::CONFLICT);
    let stale = json_of(stale).await;
    assert_eq!(stale["code"], "edit_conflict");
    assert_eq!(stale["current"]["accountProvider"]["userId"], 7, "the first change is shown: {stale}");
    assert_eq!(stale["current"]["version"].as_i64(), Some(version + 1));
    let refused = app.audit("patient.provider.update").await;
    assert_eq!(refused[0].outcome, "failure", "the refusal is audited");
    assert_eq!(json_of(app.get(path, &alice).await).await["accountProvider"]["userId"], 7, "nothing was saved");

    // An 'Edit Patient' made before the provider change is stale too.
    let edit = app.patch("/api/patients/4", &bob, json!({"version": version, "nickname": "Bea"})).await;
    assert_eq!(edit.status(), StatusCode::CONFLICT);

    let mut redone = choices;
    redone["version"] = stale["current"]["version"].clone();
    let redone = app.patch(path, &bob, redone).await;
    assert_eq!(redone.status(), StatusCode::OK);
    assert_eq!(json_of(redone).await["patientProvider"]["userId"], 4);
}

async fn a_change_without_a_version_is_refused(app: TestApp) {
    let token = app.demo_token().await;
    let provider = app.patch("/api/patients/1/patient/4/provider", &token, json!({"accountProviderId": 7})).await;
    assert_eq!(provider.status(), StatusCode::PRECONDITION_REQUIRED);
    for path in ["/api/patients/4", "/api/orders/1"] {
        let response = app.patch(path, &token, json!({"nickname": "Bea", "shortDescription": "x"})).await;
        assert_eq!(response.status(), StatusCode::PRECONDITION_REQUIRED, "{path}");
        assert_eq!(json_of(response).await["fields"]["version"], "Required field");
    }
    // If-Match carries it as well.
    let version = json_of(app.get("/api/patients/4", &token).await).await["version"].clone();
    let response = app
        .client
        .patch(app.url("/api/patients/4"))
        .header("jwt", &token)
        .header("if-match", format!("\"{version}\""))
        .json(&json!({"nickname": "Bea"}))
        .send()
        .await
        .expect("send");
    assert_eq!(response.status(), StatusCode::OK);
}
