//! Patients: search in every form people type, new accounts, demographics, the chart
//! lists, provider/office/fee schedule, and the audit trail of each.

use reqwest::{Method, StatusCode};
use sea_orm::{ConnectionTrait, Statement};
use serde_json::{Value, json};
use store::entities::patient;

use crate::helpers::{Db, TestApp, json_of, spawn_app};
use crate::on_both_databases;

on_both_databases!(
    search_finds_a_patient_every_way_staff_type,
    search_ranks_exact_before_prefix_before_typo,
    search_refuses_short_and_missing_terms,
    recently_viewed_patients_come_back_in_the_order_asked,
    search_results_carry_the_spec_fields_and_alert_markers,
    search_is_audited_without_what_was_typed,
    new_account_creates_the_patient_as_its_own_guarantor,
    a_new_member_joins_the_account_its_holder_guarantees,
    new_patient_with_bad_input_is_refused_field_by_field,
    possible_duplicate_is_flagged_until_confirmed,
    patient_edits_keep_what_is_not_sent,
    bad_edit_changes_nothing,
    ssn_is_masked_and_replaced_only_by_a_full_number,
    unknown_and_malformed_patient_ids,
    chart_lists_match_the_records,
    balances_add_up_the_ledger,
    guarantors_of_a_child_are_the_household_adults,
    provider_office_and_fee_schedule_change_together,
    patient_defaults_suit_a_new_account,
    every_patient_route_needs_a_session_and_is_audited,
);

/// A demo patient with a birth date, a phone and a last name long enough for typos.
async fn some_patient(app: &TestApp) -> patient::Model {
    let mut patients = app.store.patients_by_ids(&(1..=40).collect::<Vec<_>>()).await.expect("patients");
    patients.sort_by_key(|p| p.id);
    patients
        .into_iter()
        .find(|p| p.last_name_key.len() >= 5 && p.birthdate.is_some() && p.phone1_number.len() == 10 && !p.inactive)
        .expect("a suitable demo patient")
}

async fn search(app: &TestApp, token: &str, text: &str) -> Vec<Value> {
    let response = app
        .client
        .get(app.url("/api/patients"))
        .query(&[("search", text)])
        .header("jwt", token)
        .send()
        .await
        .expect("send");
    assert_eq!(response.status(), StatusCode::OK, "search {text:?}");
    json_of(response).await.as_array().cloned().expect("array")
}

fn ids(results: &[Value]) -> Vec<i64> {
    results.iter().map(|r| r["patientId"].as_i64().expect("id")).collect()
}

/// The first `n` letters of a name.
fn head(name: &str, n: usize) -> String {
    name.chars().take(n).collect()
}

/// Swaps the third and fourth letters: the commonest slip of fast typing.
fn with_swapped_letters(name: &str) -> String {
    let mut letters: Vec<char> = name.chars().collect();
    letters.swap(2, 3);
    letters.into_iter().collect()
}

fn new_patient() -> Value {
    json!({
        "firstName": "Wilhelmina", "lastName": "Quartermaine", "middle": "Rose",
        "birthdate": "1979-04-18", "sex": 1,
        "streetAddress": "12 Elm St", "city": "Portland", "state": "OR", "zipCode": "97214", "country": "United States of America",
        "phone1": {"number": "(503) 555-0142", "type": 2},
        "email": "wq@example.com",
        "maritalStatus": 2, "employment": 1, "preferredLanguageId": 1, "relationshipToPrimary": 1,
        "accountProviderId": 3, "patientProviderId": 3, "officeId": 1, "feeScheduleId": 1,
        "governmentIdentifier": "666-44-1234"
    })
}

async fn search_finds_a_patient_every_way_staff_type(app: TestApp) {
    let token = app.demo_token().await;
    let p = some_patient(&app).await;
    let birthdate = p.birthdate.expect("birthdate");
    let phone = &p.phone1_number;
    let ways = [
        p.last_name.clone(),
        p.last_name.to_uppercase(),
        head(&p.last_name, 3),
        format!("{}, {}", p.last_name, p.first_name),
        format!("{} {}", p.first_name, p.last_name),
        format!("{} {}", p.last_name, p.first_name),
        with_swapped_letters(&p.last_name),
        birthdate.format("%m/%d/%Y").to_string(),
        birthdate.format("%-m/%-d/%y").to_string(),
        birthdate.format("%Y-%m-%d").to_string(),
        format!("{} {}", p.last_name, birthdate.format("%m/%d/%Y")),
        format!("({}) {}-{}", &phone[..3], &phone[3..6], &phone[6..]),
        format!("{}.{}.{}", &phone[..3], &phone[3..6], &phone[6..]),
        format!("{}-{}", &phone[3..6], &phone[6..]),
        p.display_id.clone(),
    ];
    for typed in ways {
        let found = ids(&search(&app, &token, &typed).await);
        assert!(
            found.contains(&p.id),
            "{typed:?} should find patient {} ({} {}), found {found:?}",
            p.id,
            p.first_name,
            p.last_name
        );
    }
    let exact = search(&app, &token, &format!("{}, {}", p.last_name, p.first_name)).await;
    assert_eq!(exact[0]["lastName"], p.last_name.as_str());
    assert_eq!(exact[0]["firstName"], p.first_name.as_str());
}

async fn search_ranks_exact_before_prefix_before_typo(app: TestApp) {
    let token = app.demo_token().await;
    for (first, last, birthdate) in
        [("Amy", "Zzyzzx", "1980-01-01"), ("Ben", "Zzyzzxon", "1981-02-02"), ("Cal", "Zzyzx", "1982-03-03")]
    {
        let mut body = new_patient();
        body["firstName"] = json!(first);
        body["lastName"] = json!(last);
        body["birthdate"] = json!(birthdate);
        body["phone1"] = json!({"number": "", "type": null});
        body["governmentIdentifier"] = json!("");
        assert_eq!(app.post("/api/patients", &token, body).await.status(), StatusCode::CREATED);
    }
    let results = search(&app, &token, "zzyzzx").await;
    let names: Vec<&str> = results.iter().map(|r| r["lastName"].as_str().expect("name")).collect();
    assert_eq!(names, ["Zzyzzx", "Zzyzzxon", "Zzyzx"], "exact, then longer name, then one letter off");
}

async fn search_refuses_short_and_missing_terms(app: TestApp) {
    let token = app.demo_token().await;
    for short in ["a", " b ", ""] {
        let response = app
            .client
            .get(app.url("/api/patients"))
            .query(&[("search", short)])
            .header("jwt", &token)
            .send()
            .await
            .expect("send");
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{short:?}");
        assert_eq!(json_of(response).await["fields"]["search"], "Please enter more than 2 characters");
    }
    let response = app.get("/api/patients", &token).await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    assert_eq!(json_of(response).await["fields"]["search"], "Required field");
    assert!(search(&app, &token, "qqxxjj").await.is_empty(), "nothing like it: an empty list, not an error");
}

async fn recently_viewed_patients_come_back_in_the_order_asked(app: TestApp) {
    let token = app.demo_token().await;
    let response = app.get("/api/patients?ids=7,3,99999,12", &token).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(ids(json_of(response).await.as_array().expect("array")), [7, 3, 12]);
    let malformed = app.get("/api/patients?ids=7,x", &token).await;
    assert_eq!(malformed.status(), StatusCode::BAD_REQUEST);
    assert_eq!(json_of(malformed).await["fields"]["ids"], "Must be patient ids separated by commas");
}

async fn search_results_carry_the_spec_fields_and_alert_markers(app: TestApp) {
    let token = app.demo_token().await;
    let all: Vec<i64> = (1..=40).collect();
    let list = json_of(
        app.get(&format!("/api/patients?ids={}", all.iter().map(i64::to_string).collect::<Vec<_>>().join(",")), &token)
            .await,
    )
    .await;
    let results = list.as_array().expect("array");
    for field in [
        "firstName",
        "middleName",
        "lastName",
        "birthday",
        "age",
        "photoHash",
        "patientId",
        "displayId",
        "patientAlerts",
        "accountAlerts",
        "allergies",
        "patientProviderId",
        "accountProviderId",
    ] {
        assert!(results[0].get(field).is_some(), "{field} missing");
    }
    let with_allergies: Vec<i64> = app.store.patients_with_allergies(&all).await.expect("allergies");
    for result in results {
        let id = result["patientId"].as_i64().expect("id");
        assert_eq!(result["allergies"].as_bool(), Some(with_allergies.contains(&id)), "patient {id}");
    }
    assert!(results.iter().any(|r| r["allergies"] == true) && results.iter().any(|r| r["allergies"] == false));
}

async fn search_is_audited_without_what_was_typed(app: TestApp) {
    let token = app.demo_token().await;
    let p = some_patient(&app).await;
    let found = ids(&search(&app, &token, &p.last_name).await);
    let entries = app.audit("patient.search").await;
    assert_eq!(entries.len(), 1);
    let entry = &entries[0];
    assert_eq!(entry.user_id, Some(2));
    let shown: Vec<i64> =
        entry.entity_id.as_deref().unwrap_or("").split(',').map(|id| id.parse().expect("id")).collect();
    assert_eq!(shown, found);
    let everything = format!("{entry:?}").to_lowercase();
    assert!(!everything.contains(&p.last_name_key), "the search text is not logged: {everything}");
}

async fn new_account_creates_the_patient_as_its_own_guarantor(app: TestApp) {
    let token = app.demo_token().await;
    let response = app.post("/api/patients", &token, new_patient()).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let created = json_of(response).await;
    let id = created["patientId"].as_i64().expect("id");
    assert_eq!(created["firstName"], "Wilhelmina");
    assert_eq!(created["phone1"], json!({"number": "503-555-0142", "type": 2}));
    assert_eq!(created["accountProvider"]["userId"], 3);
    assert_eq!(created["patientOffice"], json!({"id": 1, "name": "Downtown Clinic"}));
    assert_eq!(created["governmentIdentifier"], "***-**-1234");
    assert_eq!(created["displayId"], (10_000 + id).to_string());
    assert_eq!(created["primaryGuarantorId"], id);

    let record = app.store.patient_record(id).await.expect("db").expect("stored");
    assert_eq!(record.account.primary_patient_id, Some(id));
    assert_eq!(record.patient.government_identifier, "666-44-1234");
    assert_eq!(ids(&search(&app, &token, "Quartermaine, Wil").await), [id]);
    assert_eq!(ids(&search(&app, &token, "quatermaine").await), [id], "a typo of a new name is found at once");

    let entries = app.audit("patient.create").await;
    assert_eq!((entries.len(), entries[0].patient_id, entries[0].user_id), (1, Some(id), Some(2)));
}

/// 'Create Patient' from a patient's home: a new member of that patient's account, with
/// the holder's address and home phone offered, the holder as guarantor, the account's
/// provider kept.
async fn a_new_member_joins_the_account_its_holder_guarantees(app: TestApp) {
    let token = app.demo_token().await;
    let patients = app.store.patients_by_ids(&(1..=40).collect::<Vec<_>>()).await.expect("patients");
    let member = patients.iter().find(|p| p.primary_guarantor_id.is_some_and(|g| g != p.id)).expect("a family");
    let holder = patients.iter().find(|p| Some(p.id) == member.primary_guarantor_id).expect("holder");
    let record = app.store.patient_record(member.id).await.expect("db").expect("record");
    let account_id = record.account.id;

    let defaults = app.get(&format!("/api/patients/default?accountId={account_id}"), &token).await;
    assert_eq!(defaults.status(), StatusCode::OK);
    let defaults = json_of(defaults).await;
    let offered = &defaults["account"];
    assert_eq!(offered["accountId"], account_id);
    assert_eq!(offered["primaryGuarantor"]["patientId"], holder.id);
    assert_eq!(offered["primaryGuarantor"]["name"], format!("{}, {}", holder.last_name, holder.first_name));
    assert_eq!(offered["streetAddress"], holder.street_address.as_str());
    assert_eq!(offered["zipCode"], holder.zip_code.as_str());
    assert_eq!(defaults["accountProviderId"], json!(record.account.account_provider_id), "the account's provider");
    assert_eq!(defaults["relationshipToPrimary"], Value::Null, "not 'Self': the holder is someone else");
    let read = &app.audit("patient.defaults.read").await[0];
    assert_eq!(read.patient_id, Some(holder.id), "reading the holder's address is a read of the holder");
    let plain = json_of(app.get("/api/patients/default", &token).await).await;
    assert!(plain.get("account").is_none(), "a new account offers no one's address");

    let mut body = new_patient();
    body.as_object_mut().expect("object").remove("accountProviderId");
    body["accountId"] = json!(account_id);
    body["firstName"] = json!("Ottoline");
    let response = app.post("/api/patients", &token, body.clone()).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let created = json_of(response).await;
    let id = created["patientId"].as_i64().expect("id");
    assert_eq!(created["accountId"], account_id);
    assert_eq!(created["primaryGuarantorId"], holder.id);
    assert_eq!(
        created["accountProvider"]["userId"],
        json!(record.account.account_provider_id),
        "the account's provider kept"
    );
    let after = app.store.patient_record(id).await.expect("db").expect("record");
    assert_eq!(after.account.primary_patient_id, record.account.primary_patient_id, "the holder stays the holder");
    let created_audit = &app.audit("patient.create").await[0];
    assert_eq!((created_audit.patient_id, created_audit.entity_id.clone()), (Some(id), Some(account_id.to_string())));

    body["accountId"] = json!(999_999);
    let refused = app.post("/api/patients", &token, body).await;
    assert_eq!(refused.status(), StatusCode::BAD_REQUEST);
    assert_eq!(json_of(refused).await["fields"]["accountId"], "No account with ID 999999");
    let missing = app.get("/api/patients/default?accountId=999999", &token).await;
    assert_eq!(missing.status(), StatusCode::NOT_FOUND);
    let moved = app.edit(&format!("/api/patients/{id}"), &token, json!({"accountId": account_id + 1})).await;
    assert_eq!(moved.status(), StatusCode::BAD_REQUEST);
    assert_eq!(json_of(moved).await["fields"]["accountId"], "A patient's account cannot be changed");
}

async fn new_patient_with_bad_input_is_refused_field_by_field(app: TestApp) {
    let token = app.demo_token().await;
    let before = search(&app, &token, "Quartermaine").await.len();
    let mut body = new_patient();
    body["lastName"] = json!("  ");
    body["email"] = json!("wq@example");
    body["phone1"] = json!({"number": "503-555-01", "type": 2});
    body["phone2"] = json!({"number": "503-555-0199", "type": null});
    body["middle"] = json!("x".repeat(21));
    body["accountProviderId"] = json!(0);
    body["officeId"] = json!(77);
    let response = app.post("/api/patients", &token, body).await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    let fields = json_of(response).await["fields"].clone();
    assert_eq!(
        fields,
        json!({
            "lastName": "Required field",
            "email": "Invalid email",
            "phone1.number": "Number needs to be 10 digits",
            "phone2.type": "Phone number requires a phone type",
            "middle": "Cannot be longer than 20 characters",
            "accountProviderId": "Required field",
            "officeId": "Choose from the list",
        })
    );
    assert_eq!(search(&app, &token, "Quartermaine").await.len(), before, "nothing was created");

    let mut not_a_provider = new_patient();
    not_a_provider["accountProviderId"] = json!(8); // a front-desk user
    let response = app.post("/api/patients", &token, not_a_provider).await;
    assert_eq!(json_of(response).await["fields"]["accountProviderId"], "Choose from the list");
}

async fn possible_duplicate_is_flagged_until_confirmed(app: TestApp) {
    let token = app.demo_token().await;
    let p = some_patient(&app).await;
    let mut body = new_patient();
    body["firstName"] = json!(p.first_name);
    body["lastName"] = json!(with_swapped_letters(&p.last_name));
    body["birthdate"] = json!(p.birthdate.expect("birthdate").format("%Y-%m-%d").to_string());
    let response = app.post("/api/patients", &token, body.clone()).await;
    assert_eq!(response.status(), StatusCode::CONFLICT);
    let conflict = json_of(response).await;
    assert_eq!(conflict["code"], "possible_duplicate");
    assert!(ids(conflict["duplicates"].as_array().expect("list")).contains(&p.id));
    // The answer showed other patients: recorded with each of them.
    let shown = app.audit("patient.duplicates").await;
    assert_eq!(shown.len(), 1);
    assert!(shown[0].patient_ids.as_deref().is_some_and(|ids| ids.contains(&format!(",{},", p.id))), "{shown:?}");
    body["allowDuplicate"] = json!(true);
    assert_eq!(app.post("/api/patients", &token, body).await.status(), StatusCode::CREATED);
}

async fn patient_edits_keep_what_is_not_sent(app: TestApp) {
    let token = app.demo_token().await;
    let created = json_of(app.post("/api/patients", &token, new_patient()).await).await;
    let id = created["patientId"].as_i64().expect("id");
    let response = app
        .edit(&format!("/api/patients/{id}"), &token, json!({"city": "Beaverton", "zipCode": "97005", "phone2": {"number": "503 555 0177", "type": 0}, "suite": ""}))
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let updated = json_of(response).await;
    assert_eq!((updated["city"].as_str(), updated["zipCode"].as_str()), (Some("Beaverton"), Some("97005")));
    assert_eq!(updated["phone2"], json!({"number": "503-555-0177", "type": 0}));
    assert_eq!(updated["firstName"], "Wilhelmina", "fields not sent stay");
    assert_eq!(updated["phone1"], created["phone1"]);
    assert_eq!(updated["governmentIdentifier"], "***-**-1234");
    assert!(ids(&search(&app, &token, "503-555-0177").await).contains(&id), "the new phone is searchable");

    // The whole answer sent back unchanged saves nothing new.
    let echoed = app.edit(&format!("/api/patients/{id}"), &token, updated.clone()).await;
    assert_eq!(echoed.status(), StatusCode::OK);
    let echoed = json_of(echoed).await;
    let mut expected = updated.clone();
    expected["version"] = json!(updated["version"].as_i64().expect("version") + 1);
    assert_eq!(echoed, expected, "the same record, one version on");
    assert_eq!(
        app.store.patient_record(id).await.expect("db").expect("row").patient.government_identifier,
        "666-44-1234"
    );
    let entries = app.audit("patient.update").await;
    assert_eq!((entries.len(), entries[0].patient_id), (2, Some(id)));
}

async fn bad_edit_changes_nothing(app: TestApp) {
    let token = app.demo_token().await;
    let p = some_patient(&app).await;
    let response =
        app.edit(&format!("/api/patients/{}", p.id), &token, json!({"city": "Salem", "firstName": "", "sex": 9})).await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    let fields = json_of(response).await["fields"].clone();
    assert_eq!(fields, json!({"firstName": "Required field", "sex": "Choose Male, Female or Unknown"}));
    let stored = app.store.patient_record(p.id).await.expect("db").expect("row").patient;
    assert_eq!(stored, p, "what was saved stays");
}

async fn ssn_is_masked_and_replaced_only_by_a_full_number(app: TestApp) {
    let token = app.demo_token().await;
    let id = json_of(app.post("/api/patients", &token, new_patient()).await).await["patientId"].as_i64().expect("id");
    let path = format!("/api/patients/{id}");
    let bad = app.edit(&path, &token, json!({"governmentIdentifier": "1234"})).await;
    assert_eq!(json_of(bad).await["fields"]["governmentIdentifier"], "Must be 9 digits");
    let changed = json_of(app.edit(&path, &token, json!({"governmentIdentifier": "666 55 9876"})).await).await;
    assert_eq!(changed["governmentIdentifier"], "***-**-9876");
    let cleared = json_of(app.edit(&path, &token, json!({"governmentIdentifier": ""})).await).await;
    assert_eq!(cleared["governmentIdentifier"], "");
}

async fn unknown_and_malformed_patient_ids(app: TestApp) {
    let token = app.demo_token().await;
    for path in [
        "/api/patients/999999",
        "/api/patients/999999/alerts",
        "/api/patients/patient/999999/balance",
        "/api/patients/patient/999999/guarantors",
        "/api/patients/1/patient/999999/provider",
    ] {
        let response = app.get(path, &token).await;
        assert_eq!(response.status(), StatusCode::NOT_FOUND, "{path}");
        assert_eq!(json_of(response).await["message"], "No patient with ID 999999", "{path}");
    }
    for path in ["/api/patients/abc", "/api/patients/abc/allergy", "/api/patients/patient/x1/insurance"] {
        let response = app.get(path, &token).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{path}");
        assert_eq!(json_of(response).await["fields"]["patientId"], "Must be a whole number", "{path}");
    }
    // Patient 1 and the provider route's "1" do not collide.
    assert_eq!(app.get("/api/patients/1/alerts", &token).await.status(), StatusCode::OK);
    assert_eq!(app.get("/api/patients/1", &token).await.status(), StatusCode::OK);
}

async fn count(app: &TestApp, table: &str, column: &str, id: i64) -> usize {
    let db = app.store.connection();
    let sql = format!("SELECT COUNT(*) AS n FROM {table} WHERE {column} = {id}");
    let row =
        db.query_one_raw(Statement::from_string(db.get_database_backend(), sql)).await.expect("count").expect("row");
    usize::try_from(row.try_get::<i64>("", "n").expect("n")).expect("count")
}

async fn chart_lists_match_the_records(app: TestApp) {
    let token = app.demo_token().await;
    let mut seen_empty = [false; 4];
    let mut seen_full = [false; 4];
    for id in 1..=40i64 {
        let lists = [
            (format!("/api/patients/{id}/alerts"), count(&app, "patient_alerts", "patient_id", id).await),
            (format!("/api/patients/{id}/allergy"), count(&app, "allergies", "patient_id", id).await),
            (
                format!("/api/patients/patient/{id}/emergencyContacts"),
                count(&app, "emergency_contacts", "patient_id", id).await,
            ),
            (
                format!("/api/patients/patient/{id}/insurance"),
                count(&app, "insurance_policies", "patient_id", id).await,
            ),
        ];
        for (i, (path, expected)) in lists.iter().enumerate() {
            let answer = json_of(app.get(path, &token).await).await;
            assert_eq!(answer.as_array().map(Vec::len), Some(*expected), "{path}");
            seen_empty[i] |= *expected == 0;
            seen_full[i] |= *expected > 0;
        }
    }
    assert_eq!((seen_empty, seen_full), ([true; 4], [true; 4]), "the demo has both kinds for every list");
    let allergies = json_of(app.get("/api/patients/1/allergy", &token).await).await;
    if let Some(first) = allergies.as_array().and_then(|a| a.first()) {
        for field in
            ["description", "allergyType", "allergyId", "severity", "reaction", "status", "notes", "onset", "created"]
        {
            assert!(first.get(field).is_some(), "{field}");
        }
    }

    // Expired account alerts do not show.
    let db = app.store.connection();
    db.execute_unprepared(
        "INSERT INTO account_alerts (account_id, description, created_at, expiration) VALUES \
         (1, 'Expired alert', '2026-01-01 00:00:00+00:00', '2026-02-01'), (1, 'Current alert', '2026-01-01 00:00:00+00:00', NULL)",
    )
    .await
    .expect("insert");
    let account_alerts = json_of(app.get("/api/patients/1/accountAlerts", &token).await).await;
    let texts: Vec<&str> =
        account_alerts.as_array().expect("array").iter().map(|a| a["description"].as_str().expect("text")).collect();
    assert!(texts.contains(&"Current alert") && !texts.contains(&"Expired alert"), "{texts:?}");
}

async fn balances_add_up_the_ledger(app: TestApp) {
    let token = app.demo_token().await;
    let id = json_of(app.post("/api/patients", &token, new_patient()).await).await["patientId"].as_i64().expect("id");
    let account = app.store.patient_record(id).await.expect("db").expect("row").account.id;
    let empty = json_of(app.get(&format!("/api/patients/patient/{id}/balance"), &token).await).await;
    assert_eq!(empty, json!({"patientPortion": 0, "insurancePortion": 0, "unapplied": 0, "accountBalance": 0}));
    app.store
        .connection()
        .execute_unprepared(&format!(
            "INSERT INTO ledger_entries (account_id, patient_id, entry_date, kind, description, patient_cents, insurance_cents, unapplied_cents, created_at) VALUES \
             ({account}, {id}, '2026-11-01', 'charge', 'Exam', 4550, 12000, 0, '2026-11-01 10:00:00+00:00'), \
             ({account}, {id}, '2026-11-02', 'payment', 'Card', -2000, 0, 0, '2026-11-02 10:00:00+00:00'), \
             ({account}, {id}, '2026-11-03', 'credit', 'Prepaid', 0, 0, 1025, '2026-11-03 10:00:00+00:00')"
        ))
        .await
        .expect("ledger");
    let balance = json_of(app.get(&format!("/api/patients/patient/{id}/balance"), &token).await).await;
    assert_eq!(
        balance,
        json!({"patientPortion": 2550, "insurancePortion": 12000, "unapplied": 1025, "accountBalance": 13525}),
        "integer cents"
    );
}

async fn guarantors_of_a_child_are_the_household_adults(app: TestApp) {
    let token = app.demo_token().await;
    let patients = app.store.patients_by_ids(&(1..=40).collect::<Vec<_>>()).await.expect("patients");
    let child = patients.iter().find(|p| p.relationship_to_primary_id == Some(3)).expect("a child in the demo");
    let answer = json_of(app.get(&format!("/api/patients/patient/{}/guarantors", child.id), &token).await).await;
    assert_eq!(answer["primary"]["patientId"], child.primary_guarantor_id.expect("guarantor"));
    // The same fields as Patient Information, minus the four the spec names (and what
    // that page does not show: the version, ids behind names, provider and office, SSN).
    let guarantor = json_of(app.get(&format!("/api/patients/{}", answer["primary"]["patientId"]), &token).await).await;
    let not_shown = ["version", "accountId", "accountProvider", "patientProvider", "patientOffice", "feeSchedule"];
    let not_shown =
        [&not_shown[..], &["primaryGuarantorId", "secondaryGuarantorId", "inactive", "middle", "governmentIdentifier"]]
            .concat();
    let minus_four =
        ["maritalStatus", "employment", "preferredLanguageId", "relationshipToPrimary", "relationshipToSecondary"];
    for (field, value) in guarantor.as_object().expect("patient") {
        if minus_four.contains(&field.as_str()) {
            assert!(answer["primary"].get(field).is_none(), "{field} is not a guarantor's");
        } else if !not_shown.contains(&field.as_str()) {
            assert_eq!(&answer["primary"][field], value, "{field}");
        }
    }
    assert_eq!(answer["primary"]["middleName"], guarantor["middle"]);
    match child.secondary_guarantor_id {
        Some(id) => assert_eq!(answer["secondary"]["patientId"], id),
        None => assert_eq!(answer["secondary"], Value::Null),
    }
}

async fn provider_office_and_fee_schedule_change_together(app: TestApp) {
    let token = app.demo_token().await;
    let path = "/api/patients/1/patient/5/provider";
    let before = json_of(app.get(path, &token).await).await;
    for field in ["patientProvider", "accountProvider", "patientOffice", "feeSchedule", "accountOffice"] {
        assert!(before.get(field).is_some(), "{field}");
    }
    let changed = app
        .edit(path, &token, json!({"patientProviderId": 4, "accountProviderId": 7, "officeId": 2, "feeScheduleId": 3}))
        .await;
    assert_eq!(changed.status(), StatusCode::OK);
    let changed = json_of(changed).await;
    assert_eq!(changed["patientProvider"]["userId"], 4);
    assert_eq!(changed["accountProvider"]["userId"], 7);
    assert_eq!(changed["patientOffice"]["name"], "Eastside Clinic");
    assert_eq!(changed["feeSchedule"]["id"], 3);
    let refused = app
        .edit(path, &token, json!({"patientProviderId": 9, "accountProviderId": 0, "officeId": 2, "feeScheduleId": 3}))
        .await;
    assert_eq!(refused.status(), StatusCode::BAD_REQUEST);
    assert_eq!(
        json_of(refused).await["fields"],
        json!({"accountProviderId": "Required field", "patientProviderId": "Choose from the list"})
    );
    assert_eq!(json_of(app.get(path, &token).await).await, changed, "a refused change saves nothing");
    assert_eq!(app.audit("patient.provider.update").await[0].patient_id, Some(5));
}

async fn patient_defaults_suit_a_new_account(app: TestApp) {
    let token = app.demo_token().await;
    let defaults = json_of(app.get("/api/patients/default", &token).await).await;
    assert_eq!(defaults["providerId"], Value::Null, "demo is not a provider");
    assert_eq!(
        (defaults["officeId"].clone(), defaults["feeScheduleId"].clone(), defaults["sex"].clone()),
        (json!(1), json!(1), json!(2))
    );
    assert_eq!(defaults["relationshipToPrimary"], 1, "Self");
    assert_eq!(defaults["languageId"], 1, "English");
    let provider = app.login("obennett", "demo").await.expect("provider login");
    let defaults = json_of(app.get("/api/patients/default", &provider).await).await;
    assert_eq!((defaults["providerId"].clone(), defaults["accountProviderId"].clone()), (json!(3), json!(3)));
}

async fn every_patient_route_needs_a_session_and_is_audited(app: TestApp) {
    let token = app.demo_token().await;
    let reads = [
        ("/api/patients/4", "patient.read"),
        ("/api/patients/4/alerts", "patient.alerts.read"),
        ("/api/patients/4/accountAlerts", "patient.account_alerts.read"),
        ("/api/patients/4/allergy", "patient.allergies.read"),
        ("/api/patients/4/problem", "patient.problems.read"),
        ("/api/patients/patient/4/balance", "patient.balance.read"),
        ("/api/patients/patient/4/emergencyContacts", "patient.emergency_contacts.read"),
        ("/api/patients/patient/4/insurance", "patient.insurance.read"),
        ("/api/patients/patient/4/guarantors", "patient.guarantors.read"),
        ("/api/patients/1/patient/4/provider", "patient.provider.read"),
    ];
    for (path, action) in reads {
        assert_eq!(app.call(Method::GET, path, None, None).await.status(), StatusCode::UNAUTHORIZED, "{path}");
        assert_eq!(app.get(path, &token).await.status(), StatusCode::OK, "{path}");
        let entries = app.audit(action).await;
        assert_eq!((entries.len(), entries[0].patient_id, entries[0].user_id), (1, Some(4), Some(2)), "{action}");
        assert_eq!(entries[0].ip.as_deref(), Some("127.0.0.1"));
    }
    for (method, path) in [
        (Method::GET, "/api/patients?search=smith"),
        (Method::GET, "/api/patients/default"),
        (Method::POST, "/api/patients"),
        (Method::PATCH, "/api/patients/4"),
    ] {
        assert_eq!(app.call(method, path, None, Some(json!({}))).await.status(), StatusCode::UNAUTHORIZED, "{path}");
    }
}

/// The same queries on the same practice answer the same patients in the same order
/// on SQLite and on PostgreSQL.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn search_answers_the_same_on_both_databases() {
    let sqlite = spawn_app(Db::Sqlite).await.expect("sqlite");
    let Some(postgres) = spawn_app(Db::Postgres).await else { return };
    let (a, b) = (sqlite.demo_token().await, postgres.demo_token().await);
    let patients = sqlite.store.patients_by_ids(&(1..=40).collect::<Vec<_>>()).await.expect("patients");
    let mut queries: Vec<String> =
        vec!["sm".into(), "jo".into(), "mar".into(), "an".into(), "503".into(), "garica".into()];
    for p in patients.iter().take(12) {
        queries.push(head(&p.last_name, 2));
        queries.push(format!("{} {}", p.first_name, head(&p.last_name, 3)));
        queries.push(with_swapped_letters(&p.last_name));
        if let Some(date) = p.birthdate {
            queries.push(date.format("%m/%d/%Y").to_string());
        }
    }
    for query in queries {
        if query.trim().len() < 2 {
            continue;
        }
        assert_eq!(ids(&search(&sqlite, &a, &query).await), ids(&search(&postgres, &b, &query).await), "{query:?}");
    }
}
