//! Input at the edge: dates within 1880 to 2200, capped paging numbers, texts without
//! control or bidi characters, preferences within the spec's choices, objects where
//! objects are wanted. Each refusal is a 400 naming the field; none is a 500.

use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::{TestApp, json_of};
use crate::on_both_databases;

on_both_databases!(
    query_dates_outside_1880_to_2200_are_refused_by_name,
    body_dates_outside_1880_to_2200_are_refused_and_nothing_is_stored,
    paging_numbers_are_capped,
    names_and_texts_refuse_control_and_bidi_characters,
    auto_logout_is_5_to_30_minutes,
    lists_are_not_objects,
);

/// Dates no practice means, in the extended forms chrono would otherwise take.
const FAR_DATES: [&str; 4] = ["%2B262142-12-31", "-262143-01-01", "2201-01-01", "1879-12-31"];

/// Asserts a 400 whose `fields` name `field`, and answers its message.
async fn refused(response: reqwest::Response, field: &str, what: &str) -> String {
    let status = response.status();
    let body = json_of(response).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{what}: {body}");
    assert_eq!(body["code"], "invalid_input", "{what}: {body}");
    body["fields"][field].as_str().unwrap_or_else(|| panic!("{what}: no field {field} in {body}")).to_owned()
}

async fn query_dates_outside_1880_to_2200_are_refused_by_name(app: TestApp) {
    let token = app.demo_token().await;
    for date in FAR_DATES {
        for path in ["/api/scheduling/1/appointments", "/api/scheduling/1/transparencies"] {
            let response = app.get(&format!("{path}?date={date}"), &token).await;
            refused(response, "date", &format!("{path} {date}")).await;
        }
        for field in ["start", "end"] {
            let response = app.get(&format!("/api/patients/patient/3/appointments?{field}={date}"), &token).await;
            refused(response, field, &format!("patient appointments {field}={date}")).await;
        }
    }
    let message =
        refused(app.get("/api/scheduling/1/appointments?date=2201-01-01", &token).await, "date", "2201").await;
    assert_eq!(message, "The year must be from 1880 to 2200");
    for edge in ["1880-01-01", "2200-12-31"] {
        let response = app.get(&format!("/api/scheduling/1/appointments?date={edge}"), &token).await;
        assert_eq!(response.status(), StatusCode::OK, "{edge}");
    }
}

async fn body_dates_outside_1880_to_2200_are_refused_and_nothing_is_stored(app: TestApp) {
    let token = app.demo_token().await;
    let before = app.store.vitals_of(3).await.expect("vitals").len();
    for date in ["-262143-01-01T00:00:00Z", "+262142-12-31T00:00:00Z", "1879-12-31T23:00:00Z"] {
        let response = app.post("/api/patients/3/vitals", &token, json!({"date": date, "heartRate": 70})).await;
        refused(response, "date", date).await;
        let booking = json!({"patientId": 3, "start": date, "length": 30, "resourceId": 2, "typeId": 4, "statusId": 3});
        refused(app.post("/api/scheduling/1/appointments", &token, booking).await, "start", date).await;
        let booking = json!({"patientId": 3, "start": "2026-11-23T17:00:00Z", "end": date, "resourceId": 2, "typeId": 4, "statusId": 3});
        refused(app.post("/api/scheduling/1/appointments", &token, booking).await, "end", date).await;
    }
    assert_eq!(app.store.vitals_of(3).await.expect("vitals").len(), before, "no vitals stored");

    for date in ["+262142-12-31", "-262143-01-01", "1879-12-31"] {
        let patient = json!({"firstName": "Ann", "lastName": "Lee", "birthdate": date, "accountProviderId": 3});
        refused(app.post("/api/patients", &token, patient).await, "birthdate", date).await;
        refused(app.edit("/api/patients/3", &token, json!({"birthdate": date})).await, "birthdate", date).await;
        let order =
            json!({"patientId": 3, "typeId": 100, "shortDescription": "Call", "assignedToUserId": 2, "due": date});
        refused(app.post("/api/orders", &token, order).await, "due", date).await;
    }
    let order =
        json!({"patientId": 3, "typeId": 100, "shortDescription": "Call", "assignedToUserId": 2, "due": "2201-01-01"});
    assert_eq!(
        refused(app.post("/api/orders", &token, order).await, "due", "2201").await,
        "The year must be from 1880 to 2200"
    );
}

async fn paging_numbers_are_capped(app: TestApp) {
    let token = app.demo_token().await;
    for (query, field) in [
        ("offset=9223372036854775808", "offset"),
        ("offset=9223372036854775807", "offset"),
        ("offset=18446744073709551616", "offset"),
        ("offset=-1", "offset"),
        ("limit=18446744073709551616", "limit"),
        ("limit=0", "limit"),
        ("limit=201", "limit"),
    ] {
        for path in ["/api/orders/", "/api/orders"] {
            refused(app.get(&format!("{path}?{query}"), &token).await, field, query).await;
        }
    }
    let message = refused(app.get("/api/orders/?offset=9223372036854775808", &token).await, "offset", "offset").await;
    assert!(message.starts_with("Must be a whole number"), "{message}");
    let last = app.get("/api/orders/?offset=1000000000", &token).await;
    assert_eq!(last.status(), StatusCode::OK, "the largest offset is an empty page");
    assert_eq!(json_of(last).await, json!([]));
    for (query, field) in [("signed=2", "signed"), ("unsigned=256", "unsigned")] {
        refused(app.get(&format!("/api/orders/?{query}"), &token).await, field, query).await;
    }
    refused(app.get("/api/scheduling/1/appointments?order=2", &token).await, "order", "order=2").await;
    for limit in ["0", "51", "4294967296", "-1"] {
        refused(app.get(&format!("/api/patients?search=smith&limit={limit}"), &token).await, "limit", limit).await;
    }
}

async fn names_and_texts_refuse_control_and_bidi_characters(app: TestApp) {
    let token = app.demo_token().await;
    let hidden = "Cannot contain control characters or hidden formatting marks";
    for (field, text) in [
        ("lastName", "Lee\u{202E}nosaJ"),
        ("firstName", "Ann\u{0}"),
        ("middle", "R\u{2066}"),
        ("city", "Port\nland"),
        ("streetAddress", "12 Elm\u{200B} St"),
        ("nickname", "\u{1b}[31mAnnie"),
    ] {
        let mut patient = json!({"firstName": "Ann", "lastName": "Lee", "accountProviderId": 3});
        patient[field] = json!(text);
        assert_eq!(refused(app.post("/api/patients", &token, patient).await, field, field).await, hidden);
        refused(app.edit("/api/patients/3", &token, json!({field: text})).await, field, field).await;
    }
    let spoofed_phone = json!({"firstName": "Ann", "lastName": "Lee", "accountProviderId": 3, "phone1": {"number": "503\u{202E}5550142", "type": 2}});
    refused(app.post("/api/patients", &token, spoofed_phone).await, "phone1.number", "phone").await;
    let stored = app.store.patients_by_ids(&[3]).await.expect("patient");
    assert!(stored[0].last_name.chars().all(|c| !c.is_control() && c != '\u{202E}'), "nothing stored");

    let order = |field: &str, text: &str| {
        let mut order = json!({"patientId": 3, "typeId": 100, "shortDescription": "Call", "assignedToUserId": 2});
        order[field] = json!(text);
        order
    };
    refused(app.post("/api/orders", &token, order("shortDescription", "Call\u{7}")).await, "shortDescription", "bell")
        .await;
    refused(app.post("/api/orders", &token, order("shortDescription", "Call\nback")).await, "shortDescription", "nl")
        .await;
    refused(app.post("/api/orders", &token, order("orderNote", "ok\u{202D}")).await, "orderNote", "override").await;
    let notes = app.post("/api/orders", &token, order("orderNote", "First line\n\tindented")).await;
    assert_eq!(notes.status(), StatusCode::CREATED, "notes keep line breaks and tabs");

    let booking = json!({"patientId": 3, "start": "2026-11-23T17:00:00Z", "length": 30, "resourceId": 2, "typeId": 4, "statusId": 3, "notes": "see\u{2067}x"});
    refused(app.post("/api/scheduling/1/appointments", &token, booking).await, "notes", "isolate").await;

    let save = json!({"key": "scheduling.defaultAppointmentStatus", "update": "Confirmed\u{202E}"});
    assert_eq!(refused(app.post("/api/preferences/save", &token, save).await, "update", "pref").await, hidden);
}

async fn auto_logout_is_5_to_30_minutes(app: TestApp) {
    let token = app.demo_token().await;
    for minutes in [240, 31, 4, 1] {
        let response = app.post("/api/preferences/save", &token, json!({"key": "autoLogout", "update": minutes})).await;
        let message = refused(response, "update", &minutes.to_string()).await;
        assert_eq!(message, "Must be a whole number from 5 to 30");
    }
    for minutes in [5, 30] {
        let response = app.post("/api/preferences/save", &token, json!({"key": "autoLogout", "update": minutes})).await;
        assert_eq!(response.status(), StatusCode::OK, "{minutes}");
    }
    let response =
        app.post("/api/preferences/save", &token, json!({"key": "orders.defaultOrderType", "update": 50})).await;
    refused(response, "update", "order type 50").await;
}

async fn lists_are_not_objects(app: TestApp) {
    let token = app.demo_token().await;
    let day = json_of(app.get("/api/scheduling/1/appointments?date=2026-11-23", &token).await).await;
    let appointment = day[0]["appointmentId"].as_i64().expect("an appointment tomorrow");
    let before = app.store.patients_by_ids(&[3]).await.expect("patient");
    for body in [json!([null, null]), json!([]), json!(["Ann", "Lee"]), json!("text"), json!(7)] {
        for (method, path) in [
            ("PATCH", "/api/patients/3".to_owned()),
            ("POST", "/api/patients".to_owned()),
            ("POST", "/api/orders".to_owned()),
            ("POST", "/api/patients/3/vitals".to_owned()),
            ("POST", "/api/scheduling/1/appointments".to_owned()),
            ("PATCH", format!("/api/scheduling/1/appointments/{appointment}")),
            ("POST", "/api/preferences/save".to_owned()),
            ("PATCH", "/api/patients/1/patient/3/provider".to_owned()),
        ] {
            let response = if method == "PATCH" {
                app.patch(&path, &token, body.clone()).await
            } else {
                app.post(&path, &token, body.clone()).await
            };
            let what = format!("{method} {path} {body}");
            let message = refused(response, "body", &what).await;
            assert_eq!(message, "Must be an object", "{what}");
        }
    }
    let nested = json!({"firstName": "Ann", "lastName": "Lee", "accountProviderId": 3, "phone1": ["5035550142", 2]});
    assert_eq!(refused(app.post("/api/patients", &token, nested).await, "phone1", "nested").await, "Must be an object");
    assert_eq!(app.store.patients_by_ids(&[3]).await.expect("patient"), before, "nothing changed");
}
