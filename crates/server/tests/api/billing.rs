//! Billing orders: the fee search, posting charges priced by the server, each rule naming
//! its field with nothing posted, the balance moved by exactly the total, the procedures
//! in the chart, and retries (concurrent ones too) that land once.

use reqwest::{Response, StatusCode};
use serde_json::{Value, json};

use crate::helpers::{TestApp, json_of};
use crate::on_both_databases;

on_both_databases!(
    the_fee_search_finds_codes_and_words_in_the_chosen_schedule,
    a_dental_order_is_priced_by_the_schedule_and_moves_the_balance_by_its_total,
    every_rule_names_its_field_and_nothing_is_posted,
    a_retried_post_lands_once_even_when_the_retries_race,
);

/// Dr Olivia Bennett, DDS, in the demo practice.
const DENTIST: i64 = 3;
const STANDARD: i64 = 1;
const MEDICARE: i64 = 2;

async fn fees(app: &TestApp, token: &str, query: &str) -> Response {
    app.get(&format!("/api/fee/?{query}"), token).await
}

fn codes(found: &Value) -> Vec<&str> {
    found.as_array().expect("list").iter().map(|f| f["code"].as_str().expect("code")).collect()
}

async fn the_fee_search_finds_codes_and_words_in_the_chosen_schedule(app: TestApp) {
    let token = app.demo_token().await;
    let by_code = json_of(fees(&app, &token, "search=pc-fill&feeScheduleId=1").await).await;
    assert_eq!(codes(&by_code), ["PC-FILL1", "PC-FILL2", "PC-FILL3", "PC-FILLF"]);
    assert_eq!(
        by_code[1],
        json!({"code": "PC-FILL2", "description": "Tooth-coloured filling, two surfaces, back tooth", "notes": "",
               "fee": 24_500, "units": 1, "calculationMethod": 0})
    );
    let by_words = json_of(fees(&app, &token, "search=surf%20two%20fill&feeScheduleId=1").await).await;
    assert_eq!(codes(&by_words), ["PC-FILL2"]);
    let medicare = json_of(fees(&app, &token, "search=PC-FILL2&feeScheduleId=2").await).await;
    assert_eq!(medicare[0]["fee"], 17_600, "another schedule, another fee");
    let per_unit = json_of(fees(&app, &token, "search=quadrant&feeScheduleId=1").await).await;
    assert_eq!((per_unit[0]["code"].as_str(), per_unit[0]["calculationMethod"].as_i64()), (Some("PC-DEEP"), Some(1)));
    let all = json_of(fees(&app, &token, "feeScheduleId=1").await).await;
    assert!(all.as_array().expect("list").len() <= 50 && codes(&all).windows(2).all(|w| w[0] <= w[1]));
    let none = json_of(fees(&app, &token, "search=zzz&feeScheduleId=1").await).await;
    assert_eq!(none, json!([]));
    let wildcard = json_of(fees(&app, &token, "search=%25&feeScheduleId=1").await).await;
    assert_eq!(wildcard, json!([]), "a % is a character, not a wildcard");
    for (query, problem) in [
        ("search=exam", "Required field"),
        ("search=exam&feeScheduleId=abc", "Must be a whole number"),
        ("search=exam&feeScheduleId=999", "Choose a fee schedule from the list"),
    ] {
        let response = fees(&app, &token, query).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{query}");
        assert_eq!(json_of(response).await["fields"]["feeScheduleId"], problem, "{query}");
    }
    let unknown = fees(&app, &token, "search=exam&feeScheduleId=1&schedule=2").await;
    assert_eq!(unknown.status(), StatusCode::BAD_REQUEST, "an unknown parameter is not ignored");
    let long = fees(&app, &token, &format!("search={}&feeScheduleId=1", "a".repeat(101))).await;
    assert_eq!(json_of(long).await["fields"]["search"], "At most 100 characters");
    let anonymous = app.client.get(app.url("/api/fee/?search=exam&feeScheduleId=1")).send().await.expect("call");
    assert_eq!(anonymous.status(), StatusCode::UNAUTHORIZED);
}

/// An adult of the test practice.
async fn adult(app: &TestApp, token: &str) -> i64 {
    for id in 1..=40 {
        let patient = json_of(app.get(&format!("/api/patients/{id}"), token).await).await;
        if patient["birthdate"].as_str().is_some_and(|b| b < "1990-01-01") {
            return id;
        }
    }
    panic!("no adult in the test practice");
}

async fn post(app: &TestApp, token: &str, patient: i64, key: Option<&str>, order: &Value) -> Response {
    let mut request =
        app.client.post(app.url(&format!("/api/patients/patient/{patient}/charge"))).header("jwt", token).json(order);
    if let Some(key) = key {
        request = request.header("Idempotency-Key", key);
    }
    request.send().await.expect("post")
}

async fn balance(app: &TestApp, token: &str, patient: i64) -> i64 {
    json_of(app.get(&format!("/api/patients/patient/{patient}/balance"), token).await).await["patientPortion"]
        .as_i64()
        .expect("cents")
}

async fn procedures(app: &TestApp, token: &str, patient: i64) -> Value {
    json_of(app.get(&format!("/api/patients/patient/{patient}/clinical/procedures"), token).await).await
}

fn diagnoses(on: [bool; 2]) -> Value {
    json!([
        {"umlsId": "ICD10CM:K02.52", "order": 0, "toggledOn": on[0], "diagnosis": "Caries", "pointer": "A", "code": "K02.52"},
        {"umlsId": "ICD10CM:K08.121", "order": 1, "toggledOn": on[1], "diagnosis": "Tooth loss", "pointer": "B", "code": "K08121"},
    ])
}

/// Two fillings and a per-quadrant deep cleaning, with fees forged low.
fn dental_order() -> Value {
    json!({
        "providerId": DENTIST,
        "procedureDate": "2026-11-22",
        "orderNotes": "Patient tolerated well.",
        "charges": [
            {"procedure": "pc-fill2", "feeScheduleId": STANDARD, "tooth": "19", "surface": "mo",
             "unitFee": 1, "units": 1, "calculationMethod": 1,
             "diagnosisIds": ["ICD10CM:K02.52", "ICD10CM:K08.121"], "diagnosisModels": diagnoses([true, true])},
            {"procedure": "PC-FILL1", "feeScheduleId": MEDICARE, "tooth": "A", "surface": "O", "modifier1": "gt",
             "diagnosisModels": diagnoses([true, false])},
            {"procedure": "PC-DEEP", "feeScheduleId": STANDARD, "units": 2, "unitFee": 0,
             "diagnosisModels": diagnoses([false, false])},
        ],
    })
}

async fn a_dental_order_is_priced_by_the_schedule_and_moves_the_balance_by_its_total(app: TestApp) {
    let token = app.demo_token().await;
    let patient = adult(&app, &token).await;
    let before = balance(&app, &token, patient).await;
    let procedures_before = procedures(&app, &token, patient).await["count"].as_i64().expect("count");
    let response = post(&app, &token, patient, Some("3f0c2a3e-order-1"), &dental_order()).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let order = json_of(response).await;
    assert_eq!(order["status"], 201, "the spec's client reads the status field");
    // 245.00 + Medicare's 140.00 (72% of 195.00, to the dollar) + 2 x 265.00.
    let fees: Vec<i64> =
        order["charges"].as_array().expect("charges").iter().map(|c| c["fee"].as_i64().expect("fee")).collect();
    assert_eq!(fees, [24_500, 14_000, 53_000]);
    assert_eq!(order["total"], 91_500);
    assert_eq!(order["charges"][0]["procedure"], "PC-FILL2");
    assert_eq!(order["charges"][0]["surface"], "MO");
    assert_eq!(order["charges"][0]["pointers"], "AB");
    assert_eq!(order["charges"][1]["tooth"], "A");
    assert_eq!(order["charges"][1]["modifier1"], "GT");
    assert_eq!(order["charges"][1]["pointers"], "A");
    assert_eq!(order["charges"][2]["pointers"], "");
    assert_eq!(order["charges"][2]["units"], 2);
    assert_eq!(
        order["diagnoses"],
        json!([
            {"code": "K02.52", "diagnosis": "Dental caries on pit and fissure surface penetrating into dentin",
             "umlsId": "ICD10CM:K02.52", "pointer": "A", "index": 0},
            {"code": "K08.121", "diagnosis": "Complete loss of teeth due to periodontal diseases, class I",
             "umlsId": "ICD10CM:K08.121", "pointer": "B", "index": 1},
        ])
    );
    assert_eq!(balance(&app, &token, patient).await, before + 91_500, "the balance moves by exactly the total");
    let chart = procedures(&app, &token, patient).await;
    assert_eq!(chart["count"], json!(procedures_before + 3));
    let filling = chart["entries"]
        .as_array()
        .expect("entries")
        .iter()
        .find(|e| e["resource"]["code"] == "PC-FILL2")
        .expect("the filling is in the chart");
    assert_eq!(filling["resource"]["surfaces"], "MO");
    assert_eq!(filling["resource"]["status"], "completed");
    assert_eq!(filling["resource"]["provider"], "Olivia Bennett, DDS");
    let rows = app.audit("patient.billing.create").await;
    assert_eq!((rows.len(), rows[0].patient_id), (1, Some(patient)));
    assert_eq!(rows[0].entity_id.as_deref(), order["orderId"].to_string().as_str().into());
    // Without a key the order posts too (a client that sends none gets no retry safety).
    let medical = json!({"providerId": 4, "procedureDate": "2026-11-22",
                         "charges": [{"procedure": "PC-VISIT", "diagnosisModels": []}]});
    let posted = post(&app, &token, patient, None, &medical).await;
    assert_eq!(posted.status(), StatusCode::CREATED, "the patient's own fee schedule prices it");
    assert_eq!(
        balance(&app, &token, patient).await,
        before + 91_500 + json_of(posted).await["total"].as_i64().expect("total")
    );
}

async fn every_rule_names_its_field_and_nothing_is_posted(app: TestApp) {
    let token = app.demo_token().await;
    let patient = adult(&app, &token).await;
    let before = balance(&app, &token, patient).await;
    let procedures_before = procedures(&app, &token, patient).await["count"].clone();
    let mut order = dental_order();
    order["providerId"] = json!(1);
    order["procedureDate"] = json!("2026-11-23");
    order["charges"][0]["surface"] = json!("MOM");
    order["charges"][1]["tooth"] = json!("33");
    order["charges"][1]["modifier2"] = json!("XYZ");
    order["charges"][2]["procedure"] = json!("NOPE");
    order["charges"][2]["diagnosisModels"][1]["code"] = json!("K08.122");
    let response = post(&app, &token, patient, Some("bad-order"), &order).await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    let fields = json_of(response).await["fields"].clone();
    assert_eq!(
        fields,
        json!({
            "providerId": "Choose a provider from the list",
            "procedureDate": "Cannot be in the future",
            "charges[0].surface": "Only the letters M, O, D, F, L, I and B, each once",
            "charges[1].tooth": "A tooth number from 1 to 32, or a primary tooth from A to T",
            "charges[1].modifier2": "Two letters or digits",
            "charges[2].procedure": "Not a code of this fee schedule",
            "charges[2].diagnosisModels[1].pointer": "Another charge gives this pointer to another diagnosis",
            "charges[2].diagnosisModels[1].umlsId": "Does not match the code",
        })
    );
    let five_diagnoses: Vec<Value> = ["E11.9", "I10", "K02.52", "J45.909", "E78.5"]
        .iter()
        .zip(["A", "B", "C", "D", "E"])
        .map(|(code, pointer)| json!({"code": code, "pointer": pointer, "toggledOn": true}))
        .collect();
    let five = json!({"providerId": DENTIST, "procedureDate": "2026-11-22", "charges": [{
        "procedure": "PC-VISIT", "feeScheduleId": STANDARD, "diagnosisModels": five_diagnoses,
    }]});
    let refused = json_of(post(&app, &token, patient, None, &five).await).await;
    assert_eq!(refused["fields"]["charges[0].diagnosisIds"], "At most 4 diagnoses per charge");
    let duplicate = json!({"providerId": DENTIST, "procedureDate": "2026-11-22", "charges": [{
        "procedure": "PC-VISIT", "feeScheduleId": STANDARD,
        "diagnosisModels": [{"code": "I10", "pointer": "A"}, {"code": "i10", "pointer": "B"}],
    }]});
    let refused = json_of(post(&app, &token, patient, None, &duplicate).await).await;
    assert_eq!(refused["fields"]["charges[0].diagnosisModels[1].code"], "Cannot Add Duplicate Diagnoses");
    for (body, field, problem) in [
        (json!({"procedureDate": "2026-11-22", "charges": []}), "providerId", "Required field"),
        (json!({"providerId": DENTIST, "charges": []}), "procedureDate", "Required field"),
        (
            json!({"providerId": DENTIST, "procedureDate": "2026-11-22", "charges": []}),
            "charges",
            "Add at least one charge",
        ),
        (
            json!({"providerId": DENTIST, "procedureDate": "2026-02-30", "charges": []}),
            "procedureDate",
            "Use the format yyyy-MM-dd",
        ),
        (
            json!({"providerId": "three", "procedureDate": "2026-11-22", "charges": []}),
            "providerId",
            "Must be a whole number",
        ),
    ] {
        let response = post(&app, &token, patient, None, &body).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{body}");
        assert_eq!(json_of(response).await["fields"][field], problem, "{body}");
    }
    let bad_key = post(&app, &token, patient, Some("has spaces"), &dental_order()).await;
    assert_eq!(json_of(bad_key).await["fields"]["Idempotency-Key"], "1 to 200 visible characters");
    let missing = post(&app, &token, 999_999, None, &dental_order()).await;
    assert_eq!(missing.status(), StatusCode::NOT_FOUND);
    assert_eq!(balance(&app, &token, patient).await, before, "nothing posted");
    assert_eq!(procedures(&app, &token, patient).await["count"], procedures_before);
    assert!(app.audit("patient.billing.create").await.is_empty());
}

async fn a_retried_post_lands_once_even_when_the_retries_race(app: TestApp) {
    let token = app.demo_token().await;
    let patient = adult(&app, &token).await;
    let before = balance(&app, &token, patient).await;
    let order = dental_order();
    // A phone that lost its connection retries: eight copies at once.
    let mut retries = tokio::task::JoinSet::new();
    for _ in 0..8 {
        let request = app
            .client
            .post(app.url(&format!("/api/patients/patient/{patient}/charge")))
            .header("jwt", &token)
            .header("Idempotency-Key", "retry-key-1")
            .json(&order);
        retries.spawn(async move { request.send().await.expect("post") });
    }
    let mut ids = Vec::new();
    while let Some(answer) = retries.join_next().await {
        let answer = answer.expect("task");
        assert_eq!(answer.status(), StatusCode::CREATED);
        ids.push(json_of(answer).await["orderId"].as_i64().expect("id"));
    }
    ids.dedup();
    assert_eq!(ids.len(), 1, "every retry answers the first order");
    assert_eq!(balance(&app, &token, patient).await, before + 91_500, "posted once");
    assert_eq!(app.audit("patient.billing.create").await.len(), 1);
    assert_eq!(app.audit("patient.billing.replay").await.len(), 7, "each replay is a read of the order");
    // The same key with another order is refused; a new key posts a new order.
    let mut other = order.clone();
    other["orderNotes"] = json!("Another visit");
    let reused = post(&app, &token, patient, Some("retry-key-1"), &other).await;
    assert_eq!(reused.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(json_of(reused).await["code"], "idempotency_key_reused");
    let again = post(&app, &token, patient, Some("retry-key-2"), &other).await;
    assert_eq!(again.status(), StatusCode::CREATED);
    assert_ne!(json_of(again).await["orderId"].as_i64(), Some(ids[0]));
    assert_eq!(balance(&app, &token, patient).await, before + 2 * 91_500);
}
