//! The clinical summary: counts equal to the lists for every section, the widget lists,
//! unknown sections and bad ids, entries with every field, attachments, audit rows.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TEST_PATIENTS, TestApp, json_of, start_time};
use crate::on_both_databases;

on_both_databases!(
    every_count_equals_its_list_for_every_section,
    the_showcase_patient_has_every_section_and_entries_with_every_field,
    unknown_sections_and_bad_ids_are_refused_with_the_error_shape,
    clinical_options_give_the_default_and_the_desktop_layouts,
    the_clinical_summary_preference_round_trips,
    reviewed_none_differs_from_never_asked,
    an_attachment_is_served_as_its_image_and_audited,
    clinical_reads_are_audited_before_the_answer,
);

const SECTIONS: [&str; 28] = [
    "accountAlerts",
    "allergies",
    "attachments",
    "careTeam",
    "clinicalNotes",
    "education",
    "familyHistory",
    "forms",
    "genderIdentityAndSexualOrientation",
    "goals",
    "imagingVisits",
    "immunizations",
    "labs",
    "medications",
    "opticalRX",
    "orders",
    "patientAlerts",
    "patientImplantableDevices",
    "patientNotes",
    "perioVisits",
    "preventiveCare",
    "problemList",
    "procedures",
    "referrals",
    "smokingStatus",
    "socialPsychologicalBehavioral",
    "treatmentPlans",
    "vitals",
];

/// The demo patient whose chart has every section.
pub fn showcase() -> i64 {
    static ID: std::sync::OnceLock<i64> = std::sync::OnceLock::new();
    *ID.get_or_init(|| {
        demo::build(&demo::DemoOptions { patients: TEST_PATIENTS, ..demo::DemoOptions::at(start_time()) })
            .showcase_patient
    })
}

async fn counts(app: &TestApp, token: &str, patient: i64) -> Value {
    let response = app.get(&format!("/api/patients/patient/{patient}/clinicalCounts"), token).await;
    assert_eq!(response.status(), StatusCode::OK);
    json_of(response).await
}

async fn section(app: &TestApp, token: &str, patient: i64, key: &str) -> Value {
    let response = app.get(&format!("/api/patients/patient/{patient}/clinical/{key}"), token).await;
    assert_eq!(response.status(), StatusCode::OK, "{key}");
    json_of(response).await
}

async fn every_count_equals_its_list_for_every_section(app: TestApp) {
    let token = app.demo_token().await;
    let mut non_empty = std::collections::BTreeSet::new();
    for patient in 1..=40 {
        let counts = counts(&app, &token, patient).await;
        let keys: Vec<&String> = counts.as_object().expect("map").keys().collect();
        assert_eq!(keys.len(), 28, "every section has a count");
        for key in SECTIONS {
            let list = section(&app, &token, patient, key).await;
            let entries = list["entries"].as_array().expect("entries");
            assert_eq!(counts[key]["count"], json!(entries.len()), "patient {patient} {key}");
            assert_eq!(list["count"], json!(entries.len()));
            assert_eq!(list["section"], key);
            assert_eq!(counts[key]["privilege"], true);
            for entry in entries {
                assert_eq!(entry["resource"]["section"], key, "an entry names its section");
            }
            if !entries.is_empty() {
                non_empty.insert(key);
            }
        }
    }
    assert_eq!(non_empty.len(), 28, "the demo fills every section somewhere: {non_empty:?}");
}

async fn the_showcase_patient_has_every_section_and_entries_with_every_field(app: TestApp) {
    let token = app.demo_token().await;
    let p = showcase();
    let counts = counts(&app, &token, p).await;
    // Account alerts belong to the account, drawn by chance; every other section is there.
    for key in SECTIONS.iter().filter(|k| **k != "accountAlerts") {
        assert!(counts[key]["count"].as_i64().expect("count") > 0, "{key}");
    }

    // Newest first.
    let labs = section(&app, &token, p, "labs").await;
    let dates: Vec<&str> = labs["entries"]
        .as_array()
        .expect("list")
        .iter()
        .map(|e| e["resource"]["effective"].as_str().expect("date"))
        .collect();
    let mut sorted = dates.clone();
    sorted.sort_unstable_by(|a, b| b.cmp(a));
    assert_eq!(dates, sorted);
    let lab = &labs["entries"][0]["resource"];
    for field in ["test", "value", "unit", "referenceRange", "interpretation", "loinc", "panel"] {
        assert!(lab.get(field).is_some(), "a lab result has {field}");
    }

    // A perio exam: a summary in the list, every site in the entry.
    let perio = section(&app, &token, p, "perioVisits").await;
    let exam = &perio["entries"][0];
    assert_eq!(exam["resource"]["teeth"], json!([]), "the list leaves the sites out");
    assert!(exam["resource"]["teethCharted"].as_i64().expect("teeth") > 20);
    let id = exam["entryId"].as_i64().expect("id");
    let full = json_of(app.get(&format!("/api/patients/patient/{p}/clinical/perioVisits/{id}"), &token).await).await;
    let teeth = full["resource"]["teeth"].as_array().expect("teeth");
    assert_eq!(teeth.len() as i64, exam["resource"]["teethCharted"].as_i64().expect("n"));
    assert_eq!(teeth[0]["probingDepth"].as_array().expect("sites").len(), 6);
    assert_eq!(teeth[0]["bleeding"].as_array().expect("sites").len(), 6);

    // Notes: first lines in the list, the whole text in the entry.
    let notes = section(&app, &token, p, "clinicalNotes").await;
    for note in notes["entries"].as_array().expect("notes") {
        let id = note["entryId"].as_i64().expect("id");
        let full =
            json_of(app.get(&format!("/api/patients/patient/{p}/clinical/clinicalNotes/{id}"), &token).await).await;
        let listed = note["resource"]["text"].as_str().expect("text");
        let whole = full["resource"]["text"].as_str().expect("text");
        assert_eq!(note["resource"]["textTruncated"], json!(listed != whole));
        assert!(listed.chars().count() <= 241);
        assert_eq!(full["resource"]["textTruncated"], false);
    }

    // Smoking status: one of the eight US Core values.
    let smoking = section(&app, &token, p, "smokingStatus").await;
    let code = smoking["entries"][0]["resource"]["code"].as_str().expect("code");
    assert!(domain::clinical::SMOKING_STATUSES.iter().any(|(c, _)| *c == code));

    // Orders newest first by the day ordered, whatever order they were entered in.
    let orders = section(&app, &token, p, "orders").await;
    let days: Vec<&str> = orders["entries"]
        .as_array()
        .expect("orders")
        .iter()
        .map(|e| e["resource"]["ordered"].as_str().expect("day"))
        .collect();
    let mut newest_first = days.clone();
    newest_first.sort_unstable_by(|a, b| b.cmp(a));
    assert_eq!(days, newest_first);

    // An own-table section's entry answers alone too.
    for key in ["orders", "vitals"] {
        let list = section(&app, &token, p, key).await;
        if let Some(first) = list["entries"].as_array().and_then(|l| l.first()) {
            let id = first["entryId"].as_i64().expect("id");
            let one = json_of(app.get(&format!("/api/patients/patient/{p}/clinical/{key}/{id}"), &token).await).await;
            assert_eq!(&one, first, "{key}");
        }
    }
}

async fn unknown_sections_and_bad_ids_are_refused_with_the_error_shape(app: TestApp) {
    let token = app.demo_token().await;
    let p = showcase();
    for path in [
        "/api/patients/patient/1/clinical/hieDownloads",
        "/api/patients/patient/1/clinical/Allergies",
        "/api/patients/patient/1/clinical/nothing/3",
    ] {
        let response = app.get(path, &token).await;
        assert_eq!(response.status(), StatusCode::NOT_FOUND, "{path}");
        let body = json_of(response).await;
        assert_eq!(body["message"], "Not a valid clinical route", "{path}");
        assert_eq!(body["code"], "not_found");
    }
    for (path, field) in [
        ("/api/patients/patient/abc/clinicalCounts", "patientId"),
        ("/api/patients/patient/abc/clinical/allergies", "patientId"),
        ("/api/patients/patient/1/clinical/labs/x", "entryId"),
        ("/api/patients/patient/1/clinical/labs/-4", "entryId"),
        ("/api/patients/patient/1/clinical/attachments/1.5/content", "entryId"),
    ] {
        let response = app.get(path, &token).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{path}");
        let body = json_of(response).await;
        assert!(body["fields"].get(field).is_some(), "{path} names {field}: {body}");
    }
    let response = app.get("/api/patients/patient/999999/clinicalCounts", &token).await;
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
    // An entry of another patient, or of another section, is not found.
    let labs = section(&app, &token, p, "labs").await;
    let id = labs["entries"][0]["entryId"].as_i64().expect("id");
    let other = if p == 2 { 3 } else { 2 };
    assert_eq!(
        app.get(&format!("/api/patients/patient/{other}/clinical/labs/{id}"), &token).await.status(),
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        app.get(&format!("/api/patients/patient/{p}/clinical/goals/{id}"), &token).await.status(),
        StatusCode::NOT_FOUND
    );
    // Without a session, nothing.
    let response = app.call(reqwest::Method::GET, "/api/patients/patient/1/clinicalCounts", None, None).await;
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
}

async fn clinical_options_give_the_default_and_the_desktop_layouts(app: TestApp) {
    let token = app.demo_token().await;
    let response = app.get("/api/preferences/preferences/clinicalOptions", &token).await;
    assert_eq!(response.status(), StatusCode::OK);
    let options = json_of(response).await;
    for list in ["default", "desktop"] {
        let widgets = options[list].as_array().expect("widgets");
        assert_eq!(widgets.len(), 28, "{list}");
        for widget in widgets {
            for field in
                ["key", "title", "tableType", "flagTreatment", "color", "orderNumber", "columnNumber", "showInView"]
            {
                assert!(widget.get(field).is_some(), "{list} widget has {field}");
            }
            assert!([0, 1].contains(&widget["columnNumber"].as_i64().expect("column")));
        }
    }
    assert_ne!(options["default"], options["desktop"], "the desktop layout is the practice's own");
    assert_eq!(options["desktop"][0]["key"], "patientAlerts");
    // The user's own list starts as the default.
    let mine = json_of(app.post("/api/preferences", &token, json!(["clinicalSummary"])).await).await;
    assert_eq!(mine["clinicalSummary"], options["default"]);
}

async fn the_clinical_summary_preference_round_trips(app: TestApp) {
    let token = app.demo_token().await;
    let options = json_of(app.get("/api/preferences/preferences/clinicalOptions", &token).await).await;
    let mut desktop = options["desktop"].clone();
    desktop[3]["showInView"] = json!(false);
    desktop[0]["columnNumber"] = json!(1);
    let saved = app.post("/api/preferences/save", &token, json!({"key": "clinicalSummary", "update": desktop})).await;
    assert_eq!(saved.status(), StatusCode::OK);
    // Logging in again keeps it.
    let again = app.demo_token().await;
    let mine = json_of(app.post("/api/preferences", &again, json!(["clinicalSummary"])).await).await;
    assert_eq!(mine["clinicalSummary"], desktop);
    // A repeated widget is refused, naming the value.
    let mut repeated = desktop.clone();
    repeated[1] = repeated[0].clone();
    let refused =
        app.post("/api/preferences/save", &token, json!({"key": "clinicalSummary", "update": repeated})).await;
    assert_eq!(refused.status(), StatusCode::BAD_REQUEST);
    assert!(json_of(refused).await["fields"].get("update").is_some());
    // The practice's desktop layout cannot be changed from here.
    let refused =
        app.post("/api/preferences/save", &token, json!({"key": "clinical.desktopSummary", "update": desktop})).await;
    assert_eq!(refused.status(), StatusCode::FORBIDDEN);
}

async fn reviewed_none_differs_from_never_asked(app: TestApp) {
    let token = app.demo_token().await;
    let reviews = {
        use sea_orm::EntityTrait;
        store::entities::chart_review::Entity::find().all(app.store.connection()).await.expect("reviews")
    };
    let reviewed = reviews.iter().find(|r| r.section == "allergies" && r.none_known).expect("a reviewed patient");
    let counts = counts(&app, &token, reviewed.patient_id).await;
    assert_eq!(counts["allergies"]["count"], 0);
    assert_eq!(counts["allergies"]["noneKnown"], true);
    let list = section(&app, &token, reviewed.patient_id, "allergies").await;
    assert_eq!(list["review"]["noneKnown"], true);
    assert_eq!(list["review"]["reviewedOn"], json!(reviewed.reviewed_on.to_string()));

    // Never asked: false, and no review on the list; sections without the idea carry none.
    let never = (1..60)
        .find(|id| !reviews.iter().any(|r| r.patient_id == *id && r.section == "medications"))
        .expect("a patient never asked");
    let counts_never = self::counts(&app, &token, never).await;
    assert_eq!(counts_never["medications"]["noneKnown"], false);
    assert!(counts_never["labs"].get("noneKnown").is_none());
    assert_eq!(section(&app, &token, never, "medications").await["review"], Value::Null);
}

async fn an_attachment_is_served_as_its_image_and_audited(app: TestApp) {
    let token = app.demo_token().await;
    let p = showcase();
    let list = section(&app, &token, p, "attachments").await;
    let attachment = &list["entries"][0];
    let id = attachment["entryId"].as_i64().expect("id");
    let response = app.get(&format!("/api/patients/patient/{p}/clinical/attachments/{id}/content"), &token).await;
    assert_eq!(response.status(), StatusCode::OK);
    let headers = response.headers().clone();
    assert_eq!(headers["content-type"], "image/png");
    assert!(headers["content-disposition"].to_str().expect("text").starts_with("inline; filename=\""));
    assert!(headers["content-security-policy"].to_str().expect("text").contains("sandbox"));
    let bytes = response.bytes().await.expect("bytes");
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
    assert_eq!(json!(bytes.len()), attachment["resource"]["size"]);
    let rows = app.audit("patient.clinical.attachments.download").await;
    assert_eq!(rows[0].patient_id, Some(p));
    assert_eq!(rows[0].entity_id.as_deref(), Some(format!("attachments/{id}").as_str()));
    // Another patient's path does not reach it.
    let other = if p == 2 { 3 } else { 2 };
    let response = app.get(&format!("/api/patients/patient/{other}/clinical/attachments/{id}/content"), &token).await;
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
}

async fn clinical_reads_are_audited_before_the_answer(app: TestApp) {
    let token = app.demo_token().await;
    counts(&app, &token, 3).await;
    let rows = app.audit("patient.clinical.counts.read").await;
    assert_eq!(rows[0].patient_id, Some(3));
    for key in ["allergies", "opticalRX", "perioVisits"] {
        section(&app, &token, 3, key).await;
        let rows = app.audit(&format!("patient.clinical.{key}.read")).await;
        assert_eq!(rows[0].patient_id, Some(3), "{key}");
    }
    // A refusal naming a patient is recorded too.
    app.get("/api/patients/patient/3/clinical/nothing", &token).await;
    let refusals = app.audit("request.refused").await;
    assert!(refusals.iter().any(|r| r.patient_id == Some(3)), "the 404 is in the log");
}
