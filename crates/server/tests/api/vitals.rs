//! Vitals: stored units, the 'Empty Vitals' rule, maximums, head circumference by age.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::{TestApp, json_of};
use crate::on_both_databases;

on_both_databases!(
    vitals_are_recorded_in_stored_units_and_listed_newest_first,
    only_a_date_is_empty_vitals,
    maximums_are_refused_in_the_forms_units,
    head_circumference_only_for_small_children,
    vitals_need_a_session_and_are_audited,
);

/// A demo patient of the given age range, by the store.
async fn patient_aged(app: &TestApp, ages: std::ops::RangeInclusive<i64>) -> i64 {
    let today = chrono::NaiveDate::from_ymd_opt(2026, 11, 22).expect("date");
    let patients = app.store.patients_by_ids(&(1..=40).collect::<Vec<_>>()).await.expect("patients");
    let mut found: Vec<i64> = patients
        .iter()
        .filter(|p| p.birthdate.is_some_and(|b| ages.contains(&domain::patient::age_on(b, today))))
        .map(|p| p.id)
        .collect();
    found.sort_unstable();
    *found.first().expect("a demo patient of that age")
}

async fn vitals_are_recorded_in_stored_units_and_listed_newest_first(app: TestApp) {
    let token = app.demo_token().await;
    let adult = patient_aged(&app, 30..=80).await;
    let body = json!({
        "date": "2026-11-22T14:30:00.250Z", "height": 1778, "weight": 68038, "systolic": 120, "diastolic": 80,
        "heartRate": 72, "temperature": 98.6, "sp02": 97.5, "respiratoryRate": 16, "feet": 5, "inches": 10
    });
    let response = app.post(&format!("/api/patients/{adult}/vitals"), &token, body).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let saved = json_of(response).await;
    assert_eq!(saved["date"], "2026-11-22T14:30:00Z", "instants travel without fractions");
    assert_eq!((saved["height"].clone(), saved["weight"].clone()), (json!(1778), json!(68038)));
    assert_eq!((saved["temperature"].clone(), saved["sp02"].clone()), (json!(98.6), json!(97.5)));
    assert_eq!(saved["headCircumference"], Value::Null);
    let id = saved["vitalsId"].as_i64().expect("id");
    assert_eq!(json_of(app.get(&format!("/api/vitals/{id}"), &token).await).await, saved);

    app.post(
        &format!("/api/patients/{adult}/vitals"),
        &token,
        json!({"date": "2026-10-01T09:00:00Z", "heartRate": 80}),
    )
    .await;
    let list = json_of(app.get(&format!("/api/patients/patient/{adult}/vitals"), &token).await).await;
    let dates: Vec<&str> = list.as_array().expect("list").iter().map(|v| v["date"].as_str().expect("date")).collect();
    let mut sorted = dates.clone();
    sorted.sort_unstable_by(|a, b| b.cmp(a));
    assert_eq!(dates, sorted, "newest first");
    assert_eq!(dates[0], "2026-11-22T14:30:00Z");
}

async fn only_a_date_is_empty_vitals(app: TestApp) {
    let token = app.demo_token().await;
    let response = app.post("/api/patients/5/vitals", &token, json!({"date": "2026-11-22T10:00:00Z", "feet": 5})).await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    let body = json_of(response).await;
    assert_eq!(body["code"], "empty_vitals");
    assert_eq!(
        body["message"],
        "At least one field in vitals other than Date Measured and Time Measured must be filled in."
    );
}

async fn maximums_are_refused_in_the_forms_units(app: TestApp) {
    let token = app.demo_token().await;
    let before = json_of(app.get("/api/patients/patient/5/vitals", &token).await).await;
    let response = app
        .post(
            "/api/patients/5/vitals",
            &token,
            json!({"temperature": 200.5, "sp02": 101, "weight": 2_147_483_647_000i64, "systolic": -5}),
        )
        .await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    assert_eq!(
        json_of(response).await["fields"],
        json!({
            "temperature": "Cannot be greater than \"200\"", "sp02": "Cannot be greater than \"100\"",
            "weight": "Cannot be greater than \"4734394\"", "systolic": "Cannot be less than 0"
        })
    );
    assert_eq!(json_of(app.get("/api/patients/patient/5/vitals", &token).await).await, before, "nothing saved");
    let future =
        app.post("/api/patients/5/vitals", &token, json!({"date": "2027-01-01T00:00:00Z", "heartRate": 70})).await;
    assert_eq!(json_of(future).await["fields"]["date"], "Cannot be in the future");
}

async fn head_circumference_only_for_small_children(app: TestApp) {
    let token = app.demo_token().await;
    let adult = patient_aged(&app, 18..=90).await;
    let response = app.post(&format!("/api/patients/{adult}/vitals"), &token, json!({"headCircumference": 455})).await;
    assert_eq!(
        json_of(response).await["fields"]["headCircumference"],
        "Head circumference is recorded for children 3 and younger"
    );
    let body = json!({"firstName": "Pip", "lastName": "Smallwood", "birthdate": "2025-02-14", "accountProviderId": 3});
    let toddler =
        json_of(app.post("/api/patients", &token, body).await).await["patientId"].as_i64().expect("new toddler");
    let response = app
        .post(&format!("/api/patients/{toddler}/vitals"), &token, json!({"headCircumference": 455, "weight": 12000}))
        .await;
    assert_eq!(response.status(), StatusCode::CREATED);
    assert_eq!(json_of(response).await["headCircumference"], 455);
}

async fn vitals_need_a_session_and_are_audited(app: TestApp) {
    for (method, path) in [
        (Method::GET, "/api/patients/patient/5/vitals"),
        (Method::GET, "/api/vitals/1"),
        (Method::POST, "/api/patients/5/vitals"),
    ] {
        assert_eq!(
            app.call(method, path, None, Some(json!({"heartRate": 60}))).await.status(),
            StatusCode::UNAUTHORIZED,
            "{path}"
        );
    }
    let token = app.demo_token().await;
    assert_eq!(app.get("/api/vitals/999999", &token).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(
        app.post("/api/patients/999999/vitals", &token, json!({"heartRate": 60})).await.status(),
        StatusCode::NOT_FOUND
    );
    app.post("/api/patients/5/vitals", &token, json!({"heartRate": 60})).await;
    app.get("/api/patients/patient/5/vitals", &token).await;
    assert_eq!(app.audit("vitals.create").await[0].patient_id, Some(5));
    assert_eq!(app.audit("vitals.read").await[0].patient_id, Some(5));
}
