//! Diagnosis search over the ICD-10-CM code set, and the code set in the database.

use reqwest::StatusCode;
use serde_json::Value;

use crate::helpers::{TestApp, json_of};
use crate::on_both_databases;

on_both_databases!(
    codes_are_found_by_their_beginning_with_or_without_the_dot,
    words_find_codes_in_any_order_billable_first,
    short_long_and_missing_searches_name_the_field,
    the_code_set_is_written_to_the_database_once_per_release,
);

async fn search(app: &TestApp, token: &str, text: &str) -> Vec<Value> {
    let response = app.get(&format!("/api/diagnosis/?search={}", urlencode(text)), token).await;
    assert_eq!(response.status(), StatusCode::OK, "{text}");
    json_of(response).await.as_array().expect("list").clone()
}

fn urlencode(text: &str) -> String {
    text.bytes()
        .map(|b| if b.is_ascii_alphanumeric() || b == b'.' { (b as char).to_string() } else { format!("%{b:02X}") })
        .collect()
}

async fn codes_are_found_by_their_beginning_with_or_without_the_dot(app: TestApp) {
    let token = app.demo_token().await;
    for text in ["e11.9", "E119", "E11.9"] {
        let found = search(&app, &token, text).await;
        assert_eq!(found[0]["code"], "E11.9", "{text}");
        assert_eq!(found[0]["diagnosis"], "Type 2 diabetes mellitus without complications");
        assert_eq!(found[0]["umlsId"], "ICD10CM:E11.9");
        assert_eq!(found[0]["pointer"], "");
        assert_eq!(found[0]["index"], 0);
        assert_eq!(found[0]["billable"], true);
    }
    // A category: itself first (exact), then its billable codes; at most 50.
    let found = search(&app, &token, "S72").await;
    assert_eq!(found.len(), 50);
    assert_eq!(found[0]["code"], "S72");
    assert!(found[1..].iter().all(|d| d["billable"] == true && d["code"].as_str().expect("code").starts_with("S72")));
    let indexes: Vec<i64> = found.iter().map(|d| d["index"].as_i64().expect("index")).collect();
    assert_eq!(indexes, (0..50).collect::<Vec<_>>());
    // The same with the slash left out.
    let response = app.get("/api/diagnosis?search=i10", &token).await;
    assert_eq!(json_of(response).await[0]["code"], "I10");
}

async fn words_find_codes_in_any_order_billable_first(app: TestApp) {
    let token = app.demo_token().await;
    for (text, words) in [("diab type 2", vec!["diab", "type", "2"]), ("fract femur", vec!["fract", "femur"])] {
        let found = search(&app, &token, text).await;
        assert!(!found.is_empty(), "{text}");
        assert!(found.len() <= 50);
        for d in &found {
            let description = d["diagnosis"].as_str().expect("text").to_ascii_lowercase();
            let described: Vec<&str> = description.split(|c: char| !c.is_ascii_alphanumeric()).collect();
            for word in &words {
                assert!(described.iter().any(|w| w.starts_with(word)), "{description} has a word starting {word}");
            }
        }
        let first_not_billable = found.iter().position(|d| d["billable"] == false).unwrap_or(found.len());
        assert!(found[first_not_billable..].iter().all(|d| d["billable"] == false), "billable first: {text}");
    }
    let reversed = search(&app, &token, "type 2 diab").await;
    assert_eq!(reversed, search(&app, &token, "diab type 2").await, "any order");
    assert!(search(&app, &token, "zzzq xxyy").await.is_empty());
}

async fn short_long_and_missing_searches_name_the_field(app: TestApp) {
    let token = app.demo_token().await;
    for query in ["?search=", "?search=e", "?search=%20e%20", "", &format!("?search={}", "a".repeat(101))] {
        let response = app.get(&format!("/api/diagnosis/{query}"), &token).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{query}");
        assert!(json_of(response).await["fields"].get("search").is_some(), "{query}");
    }
    let response = app.call(reqwest::Method::GET, "/api/diagnosis/?search=e11", None, None).await;
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
}

async fn the_code_set_is_written_to_the_database_once_per_release(app: TestApp) {
    use sea_orm::{EntityTrait, PaginatorTrait};
    let set = store::diagnosis::code_set();
    assert_eq!(app.store.load_diagnosis_codes().await.expect("load"), set.len());
    let stored = store::entities::diagnosis_code::Entity::find().count(app.store.connection()).await.expect("count");
    assert_eq!(stored, set.len() as u64);
    let e119 = store::entities::diagnosis_code::Entity::find_by_id("E11.9".to_owned())
        .one(app.store.connection())
        .await
        .expect("read")
        .expect("E11.9");
    assert_eq!((e119.code_key.as_str(), e119.billable), ("E119", true));
    assert_eq!(app.store.load_diagnosis_codes().await.expect("again"), 0, "already current");
    assert_eq!(app.store.setting("icd10cm.release").await.expect("setting").as_deref(), Some(set.release.as_str()));
}
