//! Orders: the work list and its filters (counts agree with the database), one order,
//! creating and editing with the spec's rules, notes that are never lost, incidents.

use reqwest::{Method, StatusCode};
use sea_orm::{ConnectionTrait, Statement};
use serde_json::{Value, json};

use crate::helpers::{TestApp, json_of, jwt_of};
use crate::on_both_databases;

on_both_databases!(
    work_list_is_newest_first_with_total_and_page_count,
    every_filter_agrees_with_a_direct_count,
    pages_cover_the_list_without_overlap,
    the_keyword_searches_the_whole_list_with_its_counts,
    open_order_count_for_the_dashboard,
    one_order_with_its_notes_and_history,
    new_order_records_its_first_status_and_note,
    new_order_with_bad_input_is_refused_field_by_field,
    type_rules_hold_on_edit,
    edits_append_notes_and_status_changes,
    concurrent_edits_lose_no_note,
    order_types_and_statuses,
    incidents_of_a_patient,
    order_routes_need_a_session_and_are_audited,
);

/// Every order of a query, page by page.
async fn whole_list(app: &TestApp, token: &str, query: &str) -> Vec<Value> {
    let mut all = Vec::new();
    loop {
        let response = app.get(&format!("/api/orders/?limit=200&offset={}&{query}", all.len()), token).await;
        assert_eq!(response.status(), StatusCode::OK, "{query}");
        let page = json_of(response).await.as_array().cloned().expect("page");
        let done = page.len() < 200;
        all.extend(page);
        if done {
            return all;
        }
    }
}

/// The keyword's rule, over what a row shows: every word begins a word of its
/// descriptions, type, status, office, assignee or provider, or begins the patient's first
/// or last name (folded whole, as patient search keys are), or is the order's number.
fn row_matches(order: &Value, words: &[&str]) -> bool {
    let texts = ["shortDescription", "longDescription", "typeString", "statusString", "officeString"];
    let texts = [&texts[..], &["assignedToName", "providerName"]].concat();
    let shown: Vec<&str> = texts.iter().map(|field| order[field].as_str().unwrap_or_default()).collect();
    let names: Vec<String> = ["patientFirst", "patientLast"]
        .iter()
        .map(|field| domain::search::fold_name(order[field].as_str().unwrap_or_default()))
        .collect();
    words.iter().all(|typed| {
        domain::orders::keyword_words(typed).expect("a valid word").iter().all(|word| {
            shown.iter().any(|text| domain::orders::begins_a_word(text, word))
                || names.iter().any(|name| !name.is_empty() && name.starts_with(word.as_str()))
                || word.parse::<i64>().is_ok_and(|number| order["ordersId"] == number)
        })
    })
}

async fn direct_count(app: &TestApp, condition: &str) -> u64 {
    let db = app.store.connection();
    let sql = format!("SELECT COUNT(*) AS n FROM orders WHERE {condition}");
    let row =
        db.query_one_raw(Statement::from_string(db.get_database_backend(), sql)).await.expect("count").expect("row");
    u64::try_from(row.try_get::<i64>("", "n").expect("n")).expect("count")
}

fn header(response: &reqwest::Response, name: &str) -> u64 {
    response.headers()[name].to_str().expect("ascii").parse().expect("number")
}

fn ids(list: &Value) -> Vec<i64> {
    list.as_array().expect("array").iter().map(|o| o["ordersId"].as_i64().expect("id")).collect()
}

async fn work_list_is_newest_first_with_total_and_page_count(app: TestApp) {
    let token = app.demo_token().await;
    let response = app.get("/api/orders/", &token).await;
    assert_eq!(response.status(), StatusCode::OK);
    let total = direct_count(&app, "1 = 1").await;
    assert_eq!(header(&response, "x-total-count"), total);
    assert_eq!(header(&response, "pagecount"), total.div_ceil(25));
    let list = json_of(response).await;
    let found = ids(&list);
    assert_eq!(found.len(), 25);
    assert!(found.windows(2).all(|w| w[0] > w[1]), "newest first");
    let first = &list[0];
    for field in [
        "ordersId",
        "patientId",
        "patientFirst",
        "patientLast",
        "patientName",
        "providerName",
        "dueDate",
        "assignedToName",
        "officeString",
        "typeString",
        "statusString",
        "orderStatusId",
        "typeId",
        "urgent",
        "shortDescription",
        "ordered",
    ] {
        assert!(first.get(field).is_some(), "{field} missing");
    }
    // The same list answers without the trailing slash.
    assert_eq!(ids(&json_of(app.get("/api/orders", &token).await).await), found);
}

async fn every_filter_agrees_with_a_direct_count(app: TestApp) {
    let token = app.demo_token().await;
    let cases = [
        ("user=2", "assigned_to_user_id = 2"),
        ("statuses=0", "status_id IN (1, 7, 8)"),
        ("user=2&statuses=0", "assigned_to_user_id = 2 AND status_id IN (1, 7, 8)"),
        ("statuses=9,2", "status_id IN (9, 2)"),
        ("offices=0", "office_id IS NULL"),
        ("offices=0,2", "(office_id IS NULL OR office_id = 2)"),
        ("providers=3,4", "provider_id IN (3, 4)"),
        ("types=1,50", "type_id IN (1, 50)"),
        ("signed=1", "signed = TRUE"),
        ("unsigned=1", "signed = FALSE"),
        (
            "statuses=0&types=100&offices=1&unsigned=1",
            "status_id IN (1, 7, 8) AND type_id = 100 AND office_id = 1 AND signed = FALSE",
        ),
        ("statuses=all&offices=all", "1 = 1"),
    ];
    for (query, condition) in cases {
        let response = app.get(&format!("/api/orders/?limit=200&{query}"), &token).await;
        assert_eq!(response.status(), StatusCode::OK, "{query}");
        let expected = direct_count(&app, condition).await;
        assert!(expected > 0, "the demo has orders for {query}");
        assert_eq!(header(&response, "x-total-count"), expected, "{query}");
        let list = json_of(response).await;
        assert_eq!(list.as_array().map(Vec::len), Some(expected.min(200) as usize), "{query}");
    }
    let bad = app.get("/api/orders/?statuses=open", &token).await;
    assert_eq!(bad.status(), StatusCode::BAD_REQUEST);
    assert_eq!(json_of(bad).await["fields"]["statuses"], "Must be \"all\" or ids separated by commas");
}

async fn pages_cover_the_list_without_overlap(app: TestApp) {
    let token = app.demo_token().await;
    let total = direct_count(&app, "status_id IN (1, 7, 8)").await as usize;
    let mut seen: Vec<i64> = Vec::new();
    let mut offset = 0;
    loop {
        let page =
            ids(&json_of(app.get(&format!("/api/orders/?statuses=0&limit=25&offset={offset}"), &token).await).await);
        if page.is_empty() {
            break;
        }
        seen.extend(page);
        offset += 25;
    }
    let mut unique = seen.clone();
    unique.sort_unstable();
    unique.dedup();
    assert_eq!((seen.len(), unique.len()), (total, total));
    assert!(seen.windows(2).all(|w| w[0] > w[1]));
}

/// The keyword goes to the server: it searches every order the filters give, not the
/// pages loaded, and the counts and pages are of the matches.
async fn the_keyword_searches_the_whole_list_with_its_counts(app: TestApp) {
    let token = app.demo_token().await;
    let everything = whole_list(&app, &token, "statuses=all").await;
    let patient_last = everything.iter().find_map(|o| o["patientLast"].as_str()).expect("a patient's order").to_owned();
    let number = everything[everything.len() / 2]["orderNumber"].as_str().expect("number").to_owned();
    let cases: Vec<(String, Vec<&str>)> = vec![
        ("lipid".into(), vec!["lipid"]),
        ("LIPID%20Panel".into(), vec!["lipid", "panel"]),
        (patient_last.clone(), vec![patient_last.as_str()]),
        (number.clone(), vec![number.as_str()]),
        ("open".into(), vec!["open"]),
    ];
    for (keyword, words) in &cases {
        for filters in ["statuses=all", "statuses=0", "user=2"] {
            let query = format!("{filters}&keyword={keyword}");
            let expected: Vec<i64> = whole_list(&app, &token, filters)
                .await
                .iter()
                .filter(|o| row_matches(o, words))
                .map(|o| o["ordersId"].as_i64().expect("id"))
                .collect();
            let response = app.get(&format!("/api/orders/?limit=5&{query}"), &token).await;
            assert_eq!(response.status(), StatusCode::OK, "{query}");
            assert_eq!(header(&response, "x-total-count"), expected.len() as u64, "{query}");
            assert_eq!(ids(&json_of(response).await), expected[..expected.len().min(5)], "{query}: newest first");
            if filters == "statuses=all" {
                assert!(!expected.is_empty(), "the demo has orders for {keyword}");
            }
        }
    }
    assert!(everything.iter().filter(|o| row_matches(o, &["lipid"])).count() > 5, "more than the page of 5 matches");
    let (app_ref, token_ref) = (&app, token.as_str());
    let count = |keyword: &str| {
        let path = format!("/api/orders/?limit=1&statuses=all&keyword={keyword}");
        async move { header(&app_ref.get(&path, token_ref).await, "x-total-count") }
    };
    // A word's beginning, never its middle; a word with no letter or digit matches nothing
    // (not every order).
    assert_eq!(count("ipid").await, 0);
    for nothing in ["%25", "_", "-"] {
        assert_eq!(count(nothing).await, 0, "{nothing}");
    }
    // An order is found by the words it has now, not those it had.
    let mut order = new_order(Some(5));
    order["shortDescription"] = json!("Quokka screening");
    let id = json_of(app.post("/api/orders", &token, order).await).await["ordersId"].as_i64().expect("id");
    assert_eq!((count("quok").await, count("Wombat").await), (1, 0));
    let edited = app.edit(&format!("/api/orders/{id}"), &token, json!({"shortDescription": "Wombat review"})).await;
    assert_eq!(edited.status(), StatusCode::OK);
    assert_eq!((count("quok").await, count("wombat").await, count("WOMB").await), (0, 1, 1));
    let long = app.get(&format!("/api/orders/?keyword={}", "a".repeat(101)), &token).await;
    assert_eq!(long.status(), StatusCode::BAD_REQUEST);
    assert_eq!(json_of(long).await["fields"]["keyword"], "At most 100 characters");
    // The words typed are not written to the audit log.
    let listed = &app.audit("order.list").await[0];
    assert!(!format!("{listed:?}").to_lowercase().contains("lipid"));
}

async fn open_order_count_for_the_dashboard(app: TestApp) {
    let token = app.demo_token().await;
    let response = app.get("/api/orders/?limit=1&statuses=0", &token).await;
    assert_eq!(header(&response, "x-total-count"), direct_count(&app, "status_id IN (1, 7, 8)").await);
    assert_eq!(json_of(response).await.as_array().map(Vec::len), Some(1));
}

/// An order of the demo with notes, by the database.
async fn order_with_notes(app: &TestApp) -> i64 {
    let db = app.store.connection();
    let row = db
        .query_one_raw(Statement::from_string(
            db.get_database_backend(),
            "SELECT order_id FROM order_notes GROUP BY order_id HAVING COUNT(*) >= 2 ORDER BY order_id LIMIT 1",
        ))
        .await
        .expect("query")
        .expect("an order with two notes");
    row.try_get::<i64>("", "order_id").expect("id")
}

async fn one_order_with_its_notes_and_history(app: TestApp) {
    let token = app.demo_token().await;
    let id = order_with_notes(&app).await;
    let order = json_of(app.get(&format!("/api/orders/{id}"), &token).await).await;
    assert_eq!(order["ordersId"], id);
    assert_eq!(order["orderNumber"], format!("{id:06}"));
    let notes = order["orderNotes"].as_array().expect("notes");
    assert!(notes.len() >= 2);
    for field in ["created", "message", "author", "assignedTo"] {
        assert!(notes[0].get(field).is_some(), "{field}");
    }
    assert!(notes[0]["author"]["uniqueId"].is_string());
    assert!(!order["statusUpdates"].as_array().expect("updates").is_empty());

    let missing = app.get("/api/orders/999999", &token).await;
    assert_eq!(missing.status(), StatusCode::NOT_FOUND);
    assert_eq!(json_of(missing).await["message"], "No order found with ID 999999");
    assert_eq!(json_of(app.get("/api/orders/abc", &token).await).await["fields"]["ordersId"], "Must be a whole number");
}

fn new_order(patient_id: Option<i64>) -> Value {
    json!({
        "patientId": patient_id, "typeId": 100, "shortDescription": "  Call with results  ",
        "longDescription": "Lipid panel is back.", "providerId": 3, "orderStatusId": 1, "officeId": 1,
        "incidentId": 0, "assignedToUserId": 2, "due": "2026-12-01", "urgent": true, "orderNote": "Please call before noon."
    })
}

async fn new_order_records_its_first_status_and_note(app: TestApp) {
    let token = app.demo_token().await;
    let response = app.post("/api/orders", &token, new_order(Some(5))).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let order = json_of(response).await;
    let id = order["ordersId"].as_i64().expect("ordersId");
    assert_eq!(order["shortDescription"], "Call with results");
    assert_eq!(
        (order["orderStatusId"].clone(), order["typeId"].clone(), order["incidentId"].clone()),
        (json!(1), json!(100), Value::Null)
    );
    assert_eq!(order["dueDate"], "12/01/2026");
    assert_eq!(order["statusUpdates"][0]["orderStatusId"], 1);
    assert_eq!(order["orderNotes"][0]["message"], "Please call before noon.");
    assert_eq!(order["orderNotes"][0]["author"]["userId"], 2);
    let list = json_of(app.get("/api/orders/?user=2", &token).await).await;
    assert_eq!(ids(&list)[0], id, "the new order leads the list");

    let blank = app.post("/api/orders", &token, new_order(None)).await;
    assert_eq!(blank.status(), StatusCode::CREATED);
    assert_eq!(json_of(blank).await["patientName"], Value::Null);
    let entries = app.audit("order.create").await;
    assert_eq!((entries.len(), entries[1].patient_id), (2, Some(5)));
}

async fn new_order_with_bad_input_is_refused_field_by_field(app: TestApp) {
    let token = app.demo_token().await;
    let before = direct_count(&app, "1 = 1").await;
    let response = app.post("/api/orders", &token, json!({"patientId": 5, "shortDescription": " "})).await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    assert_eq!(
        json_of(response).await["fields"],
        json!({"typeId": "Required field", "shortDescription": "Required field", "assignedToUserId": "Required field"})
    );
    let mut interface_type = new_order(Some(5));
    interface_type["typeId"] = json!(50);
    interface_type["officeId"] = json!(99);
    interface_type["incidentId"] = json!(99_999);
    let response = app.post("/api/orders", &token, interface_type).await;
    assert_eq!(
        json_of(response).await["fields"],
        json!({"typeId": "Choose a type from the list", "officeId": "Choose from the list", "incidentId": "Choose from the list"})
    );
    assert_eq!(app.post("/api/orders", &token, new_order(Some(999_999))).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(direct_count(&app, "1 = 1").await, before, "nothing was created");
}

async fn existing_order_of_type(app: &TestApp, type_id: i64) -> i64 {
    let db = app.store.connection();
    let sql = format!("SELECT id FROM orders WHERE type_id = {type_id} ORDER BY id LIMIT 1");
    let row =
        db.query_one_raw(Statement::from_string(db.get_database_backend(), sql)).await.expect("query").expect("row");
    row.try_get::<i64>("", "id").expect("id")
}

async fn type_rules_hold_on_edit(app: TestApp) {
    let token = app.demo_token().await;
    let lab_result = existing_order_of_type(&app, 50).await;
    let path = format!("/api/orders/{lab_result}");
    let response = app.edit(&path, &token, json!({"typeId": 100})).await;
    assert_eq!(json_of(response).await["fields"]["typeId"], "The type of this order cannot be changed");
    let response = app.edit(&path, &token, json!({"longDescription": "Changed"})).await;
    assert_eq!(
        json_of(response).await["fields"]["longDescription"],
        "The long description of this order cannot be changed"
    );
    let response =
        app.edit(&path, &token, json!({"shortDescription": "Lab result: reviewed", "orderStatusId": 2})).await;
    assert_eq!(response.status(), StatusCode::OK, "other fields of a type 50 order can change");

    let lab = existing_order_of_type(&app, 1).await;
    let response = app.edit(&format!("/api/orders/{lab}"), &token, json!({"typeId": 101})).await;
    assert_eq!(json_of(response).await["typeId"], 101, "a choosable type can change to another");
    let response = app.edit(&format!("/api/orders/{lab}"), &token, json!({"patientId": 7})).await;
    assert_eq!(json_of(response).await["fields"]["patientId"], "The patient of an order cannot be changed");
}

async fn edits_append_notes_and_status_changes(app: TestApp) {
    let token = app.demo_token().await;
    let id = json_of(app.post("/api/orders", &token, new_order(Some(5))).await).await["ordersId"].as_i64().expect("id");
    let path = format!("/api/orders/{id}");
    app.clock.advance(chrono::Duration::minutes(5));
    let edited = json_of(
        app.edit(&path, &token, json!({"orderStatusId": 7, "orderNote": "Lab called back.", "urgent": false})).await,
    )
    .await;
    assert_eq!(edited["orderStatusId"], 7);
    assert_eq!(edited["urgent"], false);
    assert_eq!(edited["shortDescription"], "Call with results", "fields not sent stay");
    let notes: Vec<&str> =
        edited["orderNotes"].as_array().expect("notes").iter().map(|n| n["message"].as_str().expect("text")).collect();
    assert_eq!(notes, ["Please call before noon.", "Lab called back."]);
    let statuses: Vec<i64> = edited["statusUpdates"]
        .as_array()
        .expect("updates")
        .iter()
        .map(|u| u["orderStatusId"].as_i64().expect("id"))
        .collect();
    assert_eq!(statuses, [1, 7]);
    let unchanged = json_of(app.edit(&path, &token, json!({"orderStatusId": 7})).await).await;
    assert_eq!(unchanged["statusUpdates"].as_array().map(Vec::len), Some(2), "no change, no history entry");
    assert_eq!(unchanged["orderNotes"].as_array().map(Vec::len), Some(2), "no note sent, none added");
}

async fn concurrent_edits_lose_no_note(app: TestApp) {
    let token = app.demo_token().await;
    let id = json_of(app.post("/api/orders", &token, new_order(Some(5))).await).await["ordersId"].as_i64().expect("id");
    // Ten people add a note at once, each on the version they opened; a refused one
    // (409) is redone on the version its answer shows, as the app does.
    let edits = (0..10).map(|i| {
        let client = app.client.clone();
        let url = app.url(&format!("/api/orders/{id}"));
        let token = token.clone();
        async move {
            let opened: Value = client.get(&url).header("jwt", &token).send().await.expect("send").json().await.expect("json");
            let mut version = opened["version"].clone();
            let mut refusals = 0;
            loop {
                let body = json!({"orderNote": format!("note {i}"), "orderStatusId": if i % 2 == 0 { 7 } else { 8 }, "version": version});
                let response = client.patch(&url).header("jwt", &token).json(&body).send().await.expect("send");
                if response.status() != StatusCode::CONFLICT {
                    return (response.status(), refusals);
                }
                refusals += 1;
                version = response.json::<Value>().await.expect("json")["current"]["version"].clone();
            }
        }
    });
    let outcomes = futures_join(edits).await;
    assert!(outcomes.iter().all(|(s, _)| *s == StatusCode::OK), "{outcomes:?}");
    let order = json_of(app.get(&format!("/api/orders/{id}"), &token).await).await;
    let mut notes: Vec<String> = order["orderNotes"]
        .as_array()
        .expect("notes")
        .iter()
        .map(|n| n["message"].as_str().expect("text").to_owned())
        .collect();
    notes.sort();
    let mut expected: Vec<String> = (0..10).map(|i| format!("note {i}")).collect();
    expected.push("Please call before noon.".into());
    expected.sort();
    assert_eq!(notes, expected);
}

/// Runs the futures at once and collects their results in order.
async fn futures_join<F: std::future::Future<Output = T> + Send + 'static, T: Send + 'static>(
    futures: impl Iterator<Item = F>,
) -> Vec<T> {
    let handles: Vec<_> = futures.map(tokio::spawn).collect();
    let mut results = Vec::new();
    for handle in handles {
        results.push(handle.await.expect("task"));
    }
    results
}

async fn order_types_and_statuses(app: TestApp) {
    let token = app.demo_token().await;
    let types = json_of(app.get("/api/orderTypes", &token).await).await;
    let selectable: Vec<i64> = types
        .as_array()
        .expect("types")
        .iter()
        .filter(|t| t["selectable"] == true)
        .map(|t| t["typeId"].as_i64().expect("id"))
        .collect();
    assert_eq!(selectable, [1, 2, 3, 4, 100, 101, 102, 111, 112, 113, 114]);
    assert!(types.as_array().expect("types").iter().any(|t| t["typeId"] == 50 && t["type"] == "Lab Result"));
    let statuses = json_of(app.get("/api/orderStatuses", &token).await).await;
    let open: Vec<i64> = statuses
        .as_array()
        .expect("statuses")
        .iter()
        .filter(|s| s["open"] == true)
        .map(|s| s["orderStatusId"].as_i64().expect("id"))
        .collect();
    assert_eq!(open, [1, 7, 8]);
    assert!(statuses.as_array().expect("statuses").iter().any(|s| s["orderStatusId"] == 9));
}

async fn incidents_of_a_patient(app: TestApp) {
    let token = app.demo_token().await;
    let db = app.store.connection();
    let row = db
        .query_one_raw(Statement::from_string(
            db.get_database_backend(),
            "SELECT patient_id, id FROM incidents WHERE is_current = TRUE ORDER BY id LIMIT 1",
        ))
        .await
        .expect("query")
        .expect("a current incident in the demo");
    let (patient, incident): (i64, i64) =
        (row.try_get("", "patient_id").expect("patient"), row.try_get("", "id").expect("id"));
    let list = json_of(app.get(&format!("/api/patients/{patient}/incidents"), &token).await).await;
    assert!(
        list.as_array().expect("list").iter().any(|i| i["incidentId"] == incident && i["incidentName"].is_string())
    );
    assert_eq!(
        json_of(app.get(&format!("/api/patients/{patient}/incidents/current"), &token).await).await,
        json!({"incidentId": incident})
    );
    let mut order = new_order(Some(patient));
    order["incidentId"] = json!(incident);
    let created = json_of(app.post("/api/orders", &token, order).await).await;
    assert_eq!(created["incident"], json!({"incidentId": incident, "incidentName": list[0]["incidentName"].clone()}));
    // A patient without incidents answers an empty list and no current one.
    let new_patient = app.store.patients_by_ids(&[1]).await.expect("patients");
    let none = new_patient.first().map(|p| p.id).expect("patient 1");
    if app.store.incidents(none).await.expect("incidents").is_empty() {
        assert_eq!(
            json_of(app.get(&format!("/api/patients/{none}/incidents/current"), &token).await).await,
            json!({"incidentId": null})
        );
    }
}

async fn order_routes_need_a_session_and_are_audited(app: TestApp) {
    for (method, path) in [
        (Method::GET, "/api/orders/"),
        (Method::GET, "/api/orders/1"),
        (Method::POST, "/api/orders"),
        (Method::PATCH, "/api/orders/1"),
        (Method::GET, "/api/orderTypes"),
        (Method::GET, "/api/orderStatuses"),
        (Method::GET, "/api/patients/5/incidents"),
    ] {
        assert_eq!(app.call(method, path, None, Some(json!({}))).await.status(), StatusCode::UNAUTHORIZED, "{path}");
    }
    let token = app.demo_token().await;
    let id = order_with_notes(&app).await;
    let response = app.get(&format!("/api/orders/{id}"), &token).await;
    assert!(jwt_of(&response).is_some());
    let entries = app.audit("order.read").await;
    assert_eq!((entries.len(), entries[0].entity_id.clone()), (1, Some(id.to_string())));
}
