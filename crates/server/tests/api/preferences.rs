//! Preferences: defaults, round trips, per-user storage, bad keys and values.

use domain::preferences::REGISTRY;
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, json_of};
use crate::on_both_databases;

on_both_databases!(
    every_key_answers_its_default,
    saved_values_come_back_after_a_new_login,
    short_and_internal_keys_name_the_same_value,
    preferences_belong_to_each_user,
    unknown_keys_are_400_naming_them,
    wrong_values_are_400_and_keep_the_saved_value,
    practice_wide_keys_are_read_only,
    malformed_requests_are_400,
);

async fn read(app: &TestApp, token: &str, keys: Value) -> Value {
    let response = app.post("/api/preferences", token, keys).await;
    assert_eq!(response.status(), StatusCode::OK);
    json_of(response).await
}

async fn every_key_answers_its_default(app: TestApp) {
    let token = app.demo_token().await;
    let keys: Vec<&str> = REGISTRY.iter().map(|def| def.key).collect();
    let values = read(&app, &token, json!(keys)).await;
    for def in REGISTRY {
        if def.key == "practice.timeZone" {
            // The one value the demo practice sets: it is in Portland, Oregon.
            assert_eq!(values[def.key], "America/Los_Angeles");
            continue;
        }
        assert_eq!(values[def.key], def.default_value(), "{}", def.key);
    }
    // The spec's defaults, spelled out.
    assert_eq!(values["defaultView"], 0);
    assert_eq!(values["autoLogout"], 15);
    assert_eq!(values["apptColors"], true);
    assert_eq!(
        (values["allowDx"].clone(), values["allowModifiers"].clone(), values["allowToothSurface"].clone()),
        (json!(false), json!(false), json!(false))
    );
    assert_eq!(values["defaultSchedulingView"], "dayView");
    assert_eq!(values["recentPatients"], json!([]));
}

async fn saved_values_come_back_after_a_new_login(app: TestApp) {
    let token = app.demo_token().await;
    let cases = [
        ("defaultView", json!(2)),
        ("autoLogout", json!(30)),
        ("apptColors", json!(false)),
        ("allowDx", json!(true)),
        ("defaultSchedulingView", json!("listView")),
        ("defaultOrdersView", json!("all")),
        ("recentPatients", json!([12, 7, 3])),
        ("apptFilters", json!({"order": 0, "resources": [1, 3], "providers": "all"})),
        (
            "ordersFilters",
            json!({"offices": [0, 1], "statuses": [0], "providers": "all", "types": [100], "signed": false}),
        ),
        ("localization.temperature", json!("C")),
        ("scheduling.calendarStartTime", json!("06:30")),
    ];
    for (key, value) in &cases {
        let response = app.post("/api/preferences/save", &token, json!({"key": key, "update": value})).await;
        assert_eq!(response.status(), StatusCode::OK, "{key}");
        assert_eq!(json_of(response).await, json!({*key: value}));
    }
    let token = app.demo_token().await;
    let keys: Vec<&str> = cases.iter().map(|(key, _)| *key).collect();
    let values = read(&app, &token, json!(keys)).await;
    for (key, value) in &cases {
        assert_eq!(&values[key], value, "{key}");
    }
}

async fn short_and_internal_keys_name_the_same_value(app: TestApp) {
    let token = app.demo_token().await;
    app.post("/api/preferences/save", &token, json!({"key": "mobile.autoLogout", "update": 10})).await;
    let values = read(
        &app,
        &token,
        json!(["autoLogout", "mobile.autoLogout", {"pkey": "timeout", "internalKey": "mobile.autoLogout"}, {"pkey": "apptColors"}]),
    )
    .await;
    assert_eq!(values, json!({"autoLogout": 10, "mobile.autoLogout": 10, "timeout": 10, "apptColors": true}));
}

async fn preferences_belong_to_each_user(app: TestApp) {
    let demo = app.demo_token().await;
    let carter = app.login("ecarter", "demo").await.expect("login");
    app.post("/api/preferences/save", &demo, json!({"key": "defaultView", "update": 3})).await;
    assert_eq!(read(&app, &carter, json!(["defaultView"])).await["defaultView"], 0);
    assert_eq!(read(&app, &demo, json!(["defaultView"])).await["defaultView"], 3);
}

async fn unknown_keys_are_400_naming_them(app: TestApp) {
    let token = app.demo_token().await;
    let response = app.post("/api/preferences", &token, json!(["autoLogout", "favouriteColour"])).await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    let body = json_of(response).await;
    assert_eq!(body["code"], "unknown_preference");
    assert_eq!(body["fields"]["favouriteColour"], "Unknown preference key");

    let response = app.post("/api/preferences/save", &token, json!({"key": "favouriteColour", "update": 1})).await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    assert_eq!(json_of(response).await["code"], "unknown_preference");
}

async fn wrong_values_are_400_and_keep_the_saved_value(app: TestApp) {
    let token = app.demo_token().await;
    app.post("/api/preferences/save", &token, json!({"key": "autoLogout", "update": 20})).await;
    let bad = [
        ("autoLogout", json!("20"), "Must be a whole number from 5 to 30"),
        ("autoLogout", json!(0), "Must be a whole number from 5 to 30"),
        ("defaultView", json!(9), "Must be a whole number from 0 to 4"),
        ("apptColors", json!("yes"), "Must be true or false"),
        ("defaultSchedulingView", json!("weekView"), "Must be one of: dayView, listView"),
        ("recentPatients", json!(["a"]), "Must be a list of at most 20 patient ids"),
        ("scheduling.calendarEndTime", json!("25:00"), "Must be a time as HH:mm"),
    ];
    for (key, value, message) in bad {
        let response = app.post("/api/preferences/save", &token, json!({"key": key, "update": value})).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{key} = {value}");
        let body = json_of(response).await;
        assert_eq!(body["code"], "invalid_input");
        assert_eq!(body["fields"]["update"], message, "{key}");
    }
    assert_eq!(read(&app, &token, json!(["autoLogout"])).await["autoLogout"], 20, "what was saved stays");
}

async fn practice_wide_keys_are_read_only(app: TestApp) {
    let token = app.demo_token().await;
    let response = app
        .post("/api/preferences/save", &token, json!({"key": "scheduling.allowAppointmentOverlaps", "update": true}))
        .await;
    assert_eq!(response.status(), StatusCode::FORBIDDEN);
    assert_eq!(json_of(response).await["code"], "desktop_only");
    assert_eq!(
        read(&app, &token, json!(["scheduling.allowAppointmentOverlaps"])).await["scheduling.allowAppointmentOverlaps"],
        false
    );
}

async fn malformed_requests_are_400(app: TestApp) {
    let token = app.demo_token().await;
    let response = app.post("/api/preferences", &token, json!({"keys": ["autoLogout"]})).await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    assert_eq!(json_of(response).await["fields"]["body"], "Must be a list");

    let response = app.post("/api/preferences/save", &token, json!({"key": "autoLogout"})).await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    assert_eq!(json_of(response).await["fields"]["update"], "Required field");

    let too_many: Vec<&str> = std::iter::repeat_n("autoLogout", 101).collect();
    assert_eq!(app.post("/api/preferences", &token, json!(too_many)).await.status(), StatusCode::BAD_REQUEST);
}
