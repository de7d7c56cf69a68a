//! Referrers and a patient's referrals: the search that forgives the way people type, the
//! NPI's check digit, adding and changing a referrer on its version, referring a patient
//! and changing the referral's status, bad ids, a referrer file loaded whole or not at
//! all, the audit rows, and the public Help details.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, json_of, start_time};
use crate::on_both_databases;

on_both_databases!(
    the_referrer_search_forgives_order_case_accents_and_typos,
    a_referrer_is_checked_added_and_changed_on_its_version,
    a_patient_is_referred_and_the_referral_status_changes,
    a_referrer_file_loads_whole_or_not_at_all,
    help_is_public_and_cached,
);

async fn search(app: &TestApp, token: &str, text: &str) -> Vec<Value> {
    let response = app.get(&format!("/api/referrers/?search={}", urlencode(text)), token).await;
    assert_eq!(response.status(), StatusCode::OK, "{text}");
    json_of(response).await.as_array().expect("list").clone()
}

fn urlencode(text: &str) -> String {
    text.bytes()
        .map(|b| if b.is_ascii_alphanumeric() { (b as char).to_string() } else { format!("%{b:02X}") })
        .collect()
}

fn ids(found: &[Value]) -> Vec<i64> {
    found.iter().map(|r| r["referralId"].as_i64().expect("id")).collect()
}

async fn the_referrer_search_forgives_order_case_accents_and_typos(app: TestApp) {
    let token = app.demo_token().await;
    // The demo's first referrer: Anita Desai of Willamette Periodontics.
    let desai = json_of(app.get("/api/referrers/1", &token).await).await;
    assert_eq!((desai["first"].as_str(), desai["last"].as_str()), (Some("Anita"), Some("Desai")));
    for typed in ["desai", "Desai, Anita", "anita desai", "DESAI A", "dés", "Willamette peri"] {
        let found = search(&app, &token, typed).await;
        assert_eq!(ids(&found).first(), Some(&1), "{typed}");
    }
    assert_eq!(
        search(&app, &token, "desai").await[0],
        json!({"referralId": 1, "type": "person", "first": "Anita", "last": "Desai",
               "company": "Willamette Periodontics", "specialty": "Periodontics", "npi": desai["npi"]})
    );
    // A mistyped name: one letter left out of Lindqvist.
    let typo = search(&app, &token, "Lindqvst").await;
    assert_eq!(typo.first().and_then(|r| r["last"].as_str()), Some("Lindqvist"));
    // By specialty and by NPI, whole or its beginning.
    let orthodontists = search(&app, &token, "orthodontics").await;
    assert!(ids(&orthodontists).contains(&3), "Grace Okafor, orthodontist");
    assert!(orthodontists.iter().all(|r| format!("{} {}", r["specialty"], r["company"]).contains("Orthodontics")));
    let npi = desai["npi"].as_str().expect("npi");
    assert_eq!(ids(&search(&app, &token, npi).await), [1]);
    assert!(ids(&search(&app, &token, &npi[..6]).await).contains(&1));
    // Two words: every referrer with a word beginning with each, up to a page, whichever
    // word the walk reads (compared with every referrer's words).
    let all = app.store.all_referrers().await.expect("referrers");
    for typed in ["a e", "or s", "j m", "family med", "lab", "m", "ri po"] {
        let words = domain::referrers::parse_search(typed).expect("search");
        let expected = all
            .iter()
            .filter(|r| {
                let own =
                    domain::referrers::search_words_of([&r.first_name, &r.last_name, &r.company, &r.specialty], &r.npi);
                words.iter().all(|w| own.iter().any(|o| o.starts_with(w.as_str())))
            })
            .count();
        let found = search(&app, &token, typed).await;
        assert_eq!(found.len(), expected.min(50), "{typed}");
        let mut unique = ids(&found);
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), found.len(), "{typed}: each once");
    }
    // Empty or blank: the first referrers by name, at most 50.
    let browse = search(&app, &token, "").await;
    assert_eq!(browse.len(), 50);
    assert_eq!(ids(&search(&app, &token, "   ").await), ids(&browse));
    assert!(search(&app, &token, "zzzqqxx").await.is_empty());

    let long = app.get(&format!("/api/referrers/?search={}", "a".repeat(101)), &token).await;
    assert_eq!(long.status(), StatusCode::BAD_REQUEST);
    assert_eq!(json_of(long).await["fields"]["search"], "At most 100 characters");
    let unknown = app.get("/api/referrers/?search=desai&limit=5", &token).await;
    assert_eq!(unknown.status(), StatusCode::BAD_REQUEST, "an unknown parameter is not ignored");
    let anonymous = app.client.get(app.url("/api/referrers/?search=desai")).send().await.expect("call");
    assert_eq!(anonymous.status(), StatusCode::UNAUTHORIZED);
    let without_slash = json_of(app.get("/api/referrers?search=desai", &token).await).await;
    assert_eq!(without_slash[0]["referralId"], 1);
}

fn new_referrer() -> Value {
    json!({
        "type": "person", "direction": "out", "first": "Marisol", "last": "Quintero-Vance",
        "company": "Tualatin Oral Surgery", "specialty": "Oral and maxillofacial surgery",
        "npi": "1234567893", "address": "4410 SW Nimbus Ave", "city": "Beaverton", "state": "OR",
        "zip": "97008", "website": "https://tualatinoralsurgery.example",
        "directAddress": "mquintero@direct.tualatinoralsurgery.example", "email": "office@tualatinoralsurgery.example",
        "phone1": {"type": 0, "number": "(503) 555-0150", "ext": "21"},
        "phone2": {"type": 2, "number": "503-555-0151", "ext": ""},
        "notes": "Sees emergencies the same day."
    })
}

async fn a_referrer_is_checked_added_and_changed_on_its_version(app: TestApp) {
    let token = app.demo_token().await;
    // The NPI: ten digits whose last is the check digit (NPPES's example, 1234567893).
    for (npi, ok) in [("1234567890", false), ("123456789", false), ("12345678931", false), ("12345678a3", false)] {
        let mut body = new_referrer();
        body["npi"] = json!(npi);
        let response = app.post("/api/referrers", &token, body).await;
        assert_eq!(response.status() == StatusCode::CREATED, ok, "{npi}");
        assert_eq!(json_of(response).await["fields"]["npi"], "An NPI is 10 digits with a valid check digit", "{npi}");
    }
    let mut organisation = new_referrer();
    organisation["type"] = json!("organisation");
    organisation["company"] = json!("");
    let refused = json_of(app.post("/api/referrers", &token, organisation).await).await;
    assert_eq!(refused["fields"]["company"], "Required field");
    let mut bad = new_referrer();
    bad["phone1"] = json!({"type": 9, "number": "555-0150", "ext": "x"});
    bad["email"] = json!("office at clinic");
    let refused = json_of(app.post("/api/referrers", &token, bad).await).await;
    for field in ["phone1.type", "phone1.number", "phone1.ext", "email"] {
        assert!(refused["fields"][field].is_string(), "{field}: {refused}");
    }

    let created = app.post("/api/referrers", &token, new_referrer()).await;
    assert_eq!(created.status(), StatusCode::CREATED);
    let created = json_of(created).await;
    let id = created["referralId"].as_i64().expect("id");
    assert_eq!(created["version"], 1);
    assert_eq!(created["phone1"], json!({"type": 0, "number": "5035550150", "ext": "21"}));
    assert_eq!(created["phone3"], json!({"type": null, "number": "", "ext": ""}));
    assert_eq!(json_of(app.get(&format!("/api/referrers/{id}"), &token).await).await, created);
    assert_eq!(ids(&search(&app, &token, "quintero").await), [id], "a hyphenated name by its part");
    assert_eq!(ids(&search(&app, &token, "vance marisol").await), [id]);

    let path = format!("/api/referrers/{id}");
    let mut renamed = new_referrer();
    renamed["last"] = json!("Ortega");
    let changed = app.edit(&path, &token, renamed.clone()).await;
    assert_eq!(changed.status(), StatusCode::OK);
    assert_eq!(json_of(changed).await["version"], 2);
    assert!(search(&app, &token, "quintero").await.is_empty(), "the old name's words are gone");
    assert_eq!(ids(&search(&app, &token, "ortega marisol").await), [id]);
    renamed["version"] = json!(1);
    let stale = app.patch(&path, &token, renamed.clone()).await;
    assert_eq!(stale.status(), StatusCode::CONFLICT);
    let stale = json_of(stale).await;
    assert_eq!((stale["code"].as_str(), stale["current"]["version"].as_i64()), (Some("edit_conflict"), Some(2)));
    renamed.as_object_mut().expect("object").remove("version");
    assert_eq!(app.patch(&path, &token, renamed).await.status(), StatusCode::PRECONDITION_REQUIRED);

    let missing = app.get("/api/referrers/999999", &token).await;
    assert_eq!(missing.status(), StatusCode::NOT_FOUND);
    assert_eq!(json_of(missing).await["message"], "Referral not found");
    let mut on_missing = new_referrer();
    on_missing["version"] = json!(1);
    assert_eq!(app.patch("/api/referrers/999999", &token, on_missing).await.status(), StatusCode::NOT_FOUND);
    let not_a_number = app.get("/api/referrers/abc", &token).await;
    assert_eq!(not_a_number.status(), StatusCode::BAD_REQUEST);
    assert_eq!(json_of(not_a_number).await["fields"]["referralId"], "Must be a whole number");

    let created_rows = app.audit("referrer.create").await;
    assert_eq!(created_rows.len(), 1);
    assert_eq!(created_rows[0].entity_id.as_deref(), Some(id.to_string().as_str()));
    let updates = app.audit("referrer.update").await;
    assert_eq!(updates.iter().filter(|row| row.outcome == "success").count(), 1);
    assert_eq!(updates.iter().filter(|row| row.outcome != "success").count(), 1, "the stale change");
}

/// An adult of the test practice and the day they were born.
async fn adult(app: &TestApp, token: &str) -> (i64, String) {
    for id in 1..=40 {
        let patient = json_of(app.get(&format!("/api/patients/{id}"), token).await).await;
        if let Some(born) = patient["birthdate"].as_str().filter(|b| *b < "1990-01-01") {
            return (id, born.to_owned());
        }
    }
    panic!("no adult in the test practice");
}

async fn a_patient_is_referred_and_the_referral_status_changes(app: TestApp) {
    let token = app.demo_token().await;
    let (patient, born) = adult(&app, &token).await;
    let list_path = format!("/api/patients/{patient}/referrals");
    let before = json_of(app.get(&list_path, &token).await).await.as_array().expect("list").len();
    let referral = json!({"referralId": 2, "direction": "outgoing", "date": "2026-11-20",
                          "reason": "Removal of impacted wisdom teeth", "status": ""});
    let added = app.post(&list_path, &token, referral.clone()).await;
    assert_eq!(added.status(), StatusCode::CREATED);
    let added = json_of(added).await;
    assert_eq!(
        (added["last"].as_str(), added["status"].as_str(), added["version"].as_i64()),
        (Some("Lindqvist"), Some("pending"), Some(1))
    );
    let id = added["patientReferralId"].as_i64().expect("id");
    let list = json_of(app.get(&list_path, &token).await).await;
    assert_eq!(list.as_array().expect("list").len(), before + 1);
    assert!(list.as_array().expect("list").iter().any(|r| r == &added));
    let detail_path = format!("{list_path}/{id}");
    let detail = json_of(app.get(&detail_path, &token).await).await;
    assert_eq!(detail["patientReferralId"], id);
    assert_eq!(detail["reason"], "Removal of impacted wisdom teeth");
    assert_eq!(
        (detail["referrer"]["referralId"].as_i64(), detail["referrer"]["company"].as_str()),
        (Some(2), Some("Cascade Oral Surgery"))
    );

    let day_before_birth = chrono::NaiveDate::parse_from_str(&born, "%Y-%m-%d").expect("date").pred_opt().expect("day");
    for (field, value, problem) in [
        ("referralId", json!(999_999), "Choose a value from the list"),
        ("referralId", Value::Null, "Required field"),
        ("direction", json!("sideways"), "Choose incoming or outgoing"),
        ("date", json!("2200-01-01"), "Cannot be in the future"),
        ("date", json!(day_before_birth.to_string()), "Cannot be before the date of birth"),
        ("date", json!("2026-02-30"), "an impossible date"),
        ("reason", json!(" "), "Required field"),
        ("reason", json!("x".repeat(501)), "At most 500 characters"),
        ("status", json!("lost"), "Choose pending, scheduled, completed or cancelled"),
    ] {
        let mut body = referral.clone();
        body[field] = value;
        let refused = app.post(&list_path, &token, body).await;
        assert_eq!(refused.status(), StatusCode::BAD_REQUEST, "{field}");
        let fields = json_of(refused).await["fields"].clone();
        if problem == "an impossible date" {
            assert!(fields["date"].is_string(), "{problem}");
        } else {
            assert_eq!(fields[field], problem, "{field}");
        }
    }
    let after = json_of(app.get(&list_path, &token).await).await.as_array().expect("list").len();
    assert_eq!(after, before + 1, "nothing refused was stored");

    let scheduled = app.patch(&detail_path, &token, json!({"status": "scheduled", "version": 1})).await;
    assert_eq!(scheduled.status(), StatusCode::OK);
    let scheduled = json_of(scheduled).await;
    assert_eq!((scheduled["status"].as_str(), scheduled["version"].as_i64()), (Some("scheduled"), Some(2)));
    assert_eq!(scheduled["reason"], "Removal of impacted wisdom teeth", "a change without a reason keeps it");
    let stale = app.patch(&detail_path, &token, json!({"status": "cancelled", "version": 1})).await;
    assert_eq!(stale.status(), StatusCode::CONFLICT);
    assert_eq!(json_of(stale).await["current"]["status"], "scheduled");
    let unversioned = app.patch(&detail_path, &token, json!({"status": "cancelled"})).await;
    assert_eq!(unversioned.status(), StatusCode::PRECONDITION_REQUIRED);
    let bad_status = app.patch(&detail_path, &token, json!({"status": "done", "version": 2})).await;
    assert_eq!(json_of(bad_status).await["fields"]["status"], "Choose pending, scheduled, completed or cancelled");
    let completed = app
        .patch(&detail_path, &token, json!({"status": "completed", "reason": "Extracted 1, 16, 17, 32", "version": 2}))
        .await;
    assert_eq!(json_of(completed).await["reason"], "Extracted 1, 16, 17, 32");

    // Another patient's path never reaches this referral.
    let other = if patient == 1 { 2 } else { 1 };
    let elsewhere = app.get(&format!("/api/patients/{other}/referrals/{id}"), &token).await;
    assert_eq!(elsewhere.status(), StatusCode::NOT_FOUND);
    assert_eq!(json_of(elsewhere).await["message"], "Referral not found");
    let patch_elsewhere = app
        .patch(&format!("/api/patients/{other}/referrals/{id}"), &token, json!({"status": "pending", "version": 3}))
        .await;
    assert_eq!(patch_elsewhere.status(), StatusCode::NOT_FOUND);
    assert_eq!(app.get(&format!("{list_path}/999999"), &token).await.status(), StatusCode::NOT_FOUND);
    let bad_id = app.get(&format!("{list_path}/abc"), &token).await;
    assert_eq!(json_of(bad_id).await["fields"]["patientReferralId"], "Must be a whole number");
    assert_eq!(app.get("/api/patients/abc/referrals", &token).await.status(), StatusCode::BAD_REQUEST);
    assert_eq!(app.get("/api/patients/999999/referrals", &token).await.status(), StatusCode::NOT_FOUND);

    let reads = app.audit("patient.referrals.read").await;
    assert!(reads.iter().any(|row| row.patient_id == Some(patient)));
    assert!(app.audit("patient.referral.read").await.iter().any(|row| row.patient_id == Some(patient)));
    let created = app.audit("patient.referral.create").await;
    assert_eq!(
        (created.len(), created[0].patient_id, created[0].entity_id.clone()),
        (1, Some(patient), Some(id.to_string()))
    );
    let updates = app.audit("patient.referral.update").await;
    assert_eq!(updates.iter().filter(|row| row.outcome == "success").count(), 2);
}

async fn a_referrer_file_loads_whole_or_not_at_all(app: TestApp) {
    use domain::referrers::{self, CSV_HEADER};
    let token = app.demo_token().await;
    let good = format!(
        "{CSV_HEADER}\n\
         person,out,Ingrid,Solberg,Fjord Endodontics,Endodontics,1234567893,1 Main St,Salem,OR,97301,,,,5035550160,office,,5035550161,fax,,,,,\n\
         organisation,out,,,\"Valley Imaging, LLC\",Radiology,,2 Main St,Salem,OR,97301,https://valleyimaging.example,,,5035550170,office,12,,,,,,,Reads by noon\n"
    );
    let bad = format!("{good}person,in,,Nobody,,,1234567890,,,,,,,,,,,,,,,,,\n");
    let errors = referrers::parse_csv(&bad).expect_err("a bad line refuses the file");
    assert_eq!(errors.len(), 1);
    assert_eq!(errors[0].line, 4);
    assert!(
        errors[0].message.contains("first: Required field") && errors[0].message.contains("npi:"),
        "{}",
        errors[0].message
    );
    assert!(search(&app, &token, "solberg").await.is_empty(), "nothing of a refused file is stored");

    let list = referrers::parse_csv(&good).expect("a good file");
    let audit = store::audit::AuditEntry::new("referrers.import", store::audit::Outcome::Success).detail("test");
    let imported = app.store.import_referrers(&list, start_time(), audit.clone()).await.expect("import");
    assert_eq!((imported.added, imported.updated), (2, 0));
    let solberg = search(&app, &token, "solberg ingrid").await;
    assert_eq!(solberg.len(), 1);
    assert_eq!(
        ids(&search(&app, &token, "valley imaging").await),
        [solberg[0]["referralId"].as_i64().expect("id") + 1]
    );
    // The same file again: the referrer with an NPI is found by it, the one without by its
    // name and company; both are updated, none added.
    let again = app.store.import_referrers(&list, start_time(), audit).await.expect("import");
    assert_eq!((again.added, again.updated), (0, 2));
    let updated = json_of(app.get(&format!("/api/referrers/{}", solberg[0]["referralId"]), &token).await).await;
    assert_eq!((updated["version"].as_i64(), updated["phone2"]["type"].as_i64()), (Some(2), Some(2)));
    let rows = app.audit("referrers.import").await;
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0].detail.as_deref(), Some("test: 0 added, 2 updated"));
}

async fn help_is_public_and_cached(app: TestApp) {
    let response = app.client.get(app.url("/api/help")).send().await.expect("call");
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["cache-control"], "public, max-age=3600");
    let help = json_of(response).await;
    assert_eq!(help["mainPhone"], "(503) 555-0100");
    assert_eq!(help["social"].as_array().map(Vec::len), Some(3));
    // Every other answer stays out of caches, errors included.
    let token = app.demo_token().await;
    let referrers = app.get("/api/referrers/?search=desai", &token).await;
    assert_eq!(referrers.headers()["cache-control"], "no-store");
    let missing = app.client.get(app.url("/api/referrers/1")).send().await.expect("call");
    assert_eq!(missing.headers()["cache-control"], "no-store");
}
