//! The reference lists of `references/1`.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::{TestApp, json_of};
use crate::on_both_databases;

on_both_databases!(
    every_reference_list_has_the_spec_field_names,
    fixed_lists_are_the_specs,
    unknown_list_is_404_naming_it,
    lists_need_a_session
);

async fn every_reference_list_has_the_spec_field_names(app: TestApp) {
    let token = app.demo_token().await;
    let lists = [
        ("offices", ["officeId", "officeName"]),
        ("feeSchedules", ["feeScheduleId", "feeScheduleName"]),
        ("languages", ["languageId", "language"]),
        ("maritalStatuses", ["id", "description"]),
        ("employmentStatuses", ["id", "description"]),
        ("patientRelationships", ["patientRelationshipId", "patientRelationship"]),
        ("phoneTypes", ["id", "description"]),
        ("sexTypes", ["id", "description"]),
    ];
    for (list, fields) in lists {
        let response = app.get(&format!("/api/references/1/{list}"), &token).await;
        assert_eq!(response.status(), StatusCode::OK, "{list}");
        let items = json_of(response).await;
        let items = items.as_array().unwrap_or_else(|| panic!("{list} is a list"));
        assert!(!items.is_empty(), "{list} has entries");
        for item in items {
            let keys: Vec<&str> = item.as_object().expect("object").keys().map(String::as_str).collect();
            let mut expected = fields.to_vec();
            expected.sort_unstable();
            let mut actual = keys.clone();
            actual.sort_unstable();
            assert_eq!(actual, expected, "{list}: {item}");
        }
    }
    let offices = json_of(app.get("/api/references/1/offices", &token).await).await;
    assert_eq!(
        offices,
        json!([{"officeId": 1, "officeName": "Downtown Clinic"}, {"officeId": 2, "officeName": "Eastside Clinic"}])
    );
}

async fn fixed_lists_are_the_specs(app: TestApp) {
    let token = app.demo_token().await;
    let phone_types = json_of(app.get("/api/references/1/phoneTypes", &token).await).await;
    assert_eq!(
        phone_types,
        json!([{"id": 0, "description": "Home Phone"}, {"id": 1, "description": "Work Phone"},
               {"id": 2, "description": "Mobile Phone"}, {"id": 3, "description": "Other Phone"}])
    );
    let sexes: Vec<Value> =
        json_of(app.get("/api/references/1/sexTypes", &token).await).await.as_array().cloned().expect("array");
    assert_eq!(
        sexes.iter().map(|s| s["description"].clone()).collect::<Vec<_>>(),
        [json!("Male"), json!("Female"), json!("Unknown")]
    );
}

async fn unknown_list_is_404_naming_it(app: TestApp) {
    let token = app.demo_token().await;
    let response = app.get("/api/references/1/planets", &token).await;
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
    let body = json_of(response).await;
    assert_eq!(body["code"], "not_found");
    assert_eq!(body["message"], "There is no reference list named 'planets'");
    assert_eq!(app.get("/api/references/7/offices", &token).await.status(), StatusCode::NOT_FOUND);
}

async fn lists_need_a_session(app: TestApp) {
    let response = app.call(Method::GET, "/api/references/1/offices", None, None).await;
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
}
