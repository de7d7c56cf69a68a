//! Charting from the phone: each writable section's add, change and history, the 'none
//! known' marks, validation naming the field with nothing stored, notes that are never
//! changed (amended instead, signed by their author), stale versions, the code lists.

use std::time::Duration;

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::helpers::{TestApp, json_of};
use crate::on_both_databases;

on_both_databases!(
    an_allergy_is_added_changed_and_kept_as_history,
    a_problem_takes_an_icd10cm_code_and_a_resolved_date,
    medications_immunizations_smoking_and_patient_notes_round_trip,
    bad_input_names_the_field_and_stores_nothing,
    a_stale_change_is_refused_with_the_entry_as_it_is,
    notes_are_never_changed_but_amended_and_signed_by_their_author,
    none_known_is_refused_while_active_entries_exist_and_cleared_by_one,
    the_vaccine_list_and_the_code_lists_are_served,
    writes_are_audited_and_other_sections_refuse_them,
    a_photo_is_uploaded_without_its_location_and_served_back,
    oversized_and_unknown_files_are_refused_and_nothing_is_stored,
    only_current_allergies_are_alerts_and_nulls_read_as_empty,
);

/// Uploads `bytes` as an attachment of `content_type` with the query `query`.
async fn upload(app: &TestApp, token: &str, patient: i64, query: &str, content_type: &str, bytes: Vec<u8>) -> Response {
    app.client
        .post(app.url(&format!("{}?{query}", section_path(patient, "attachments"))))
        .header("jwt", token)
        .header("content-type", content_type)
        .body(bytes)
        .send()
        .await
        .expect("upload")
}

/// Starts an upload of a PDF declaring `length` bytes and waits for the answer before sending
/// any of them, as a client that asks first does: the server refuses an oversized file on its
/// declared length, before reading it, and closes the connection. A client already writing the
/// body then sees that close as a broken pipe instead of the answer (reqwest does, now and then),
/// so the refusal is read over a plain connection. The status and the whole answer.
async fn upload_declaring(
    app: &TestApp,
    token: &str,
    patient: i64,
    query: &str,
    length: usize,
) -> (StatusCode, String) {
    let address = app.address.trim_start_matches("http://");
    let mut stream = TcpStream::connect(address).await.expect("connect");
    let path = format!("{}?{query}", section_path(patient, "attachments"));
    let head = format!(
        "POST {path} HTTP/1.1\r\nHost: {address}\r\njwt: {token}\r\ncontent-type: application/pdf\r\ncontent-length: {length}\r\n\r\n"
    );
    stream.write_all(head.as_bytes()).await.expect("the request's head");
    let answer = tokio::time::timeout(Duration::from_secs(20), read_answer(&mut stream))
        .await
        .expect("answered without the body");
    let status = answer.split(' ').nth(1).and_then(|code| code.parse::<u16>().ok()).expect("a status line");
    (StatusCode::from_u16(status).expect("a status"), answer)
}

/// One HTTP/1.1 answer with a Content-Length, head and body, read from `stream`.
async fn read_answer(stream: &mut TcpStream) -> String {
    let mut answer = Vec::new();
    let mut chunk = [0u8; 4096];
    loop {
        let text = String::from_utf8_lossy(&answer).into_owned();
        if let Some(end) = text.find("\r\n\r\n") {
            let length = text[..end]
                .lines()
                .find_map(|line| line.to_ascii_lowercase().strip_prefix("content-length:").map(|v| v.trim().to_owned()))
                .and_then(|v| v.parse::<usize>().ok())
                .unwrap_or(0);
            if answer.len() >= end + 4 + length {
                return text;
            }
        }
        let read = stream.read(&mut chunk).await.expect("read the answer");
        if read == 0 {
            return String::from_utf8_lossy(&answer).into_owned();
        }
        answer.extend_from_slice(&chunk[..read]);
    }
}

/// A phone's JPEG: JFIF, EXIF with orientation 6 and a GPS position, the image data.
fn phone_photo() -> Vec<u8> {
    let mut exif = b"Exif\0\0II\x2A\0\x08\0\0\0".to_vec();
    exif.extend_from_slice(&2u16.to_le_bytes());
    exif.extend_from_slice(&[0x12, 0x01, 3, 0, 1, 0, 0, 0, 6, 0, 0, 0]);
    exif.extend_from_slice(&[0x25, 0x88, 4, 0, 1, 0, 0, 0, 38, 0, 0, 0]);
    exif.extend_from_slice(&0u32.to_le_bytes());
    exif.extend_from_slice(b"GPSLatitude 45.5231 N");
    let mut photo = vec![0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10];
    photo.extend_from_slice(b"JFIF\0\x01\x01\0\0\x01\0\x01\0\0");
    photo.extend_from_slice(&[0xFF, 0xE1]);
    photo.extend_from_slice(&((exif.len() + 2) as u16).to_be_bytes());
    photo.extend_from_slice(&exif);
    photo.extend_from_slice(&[0xFF, 0xDA, 0x00, 0x02, 0x11, 0x22, 0xFF, 0xD9]);
    photo
}

async fn a_photo_is_uploaded_without_its_location_and_served_back(app: TestApp) {
    let token = app.demo_token().await;
    let p = adult(&app, &token).await;
    let before = count(&app, &token, p, "attachments").await["count"].as_i64().expect("count");
    let response =
        upload(&app, &token, p, "title=Lesion%2C%20left%20cheek&category=Photo", "image/jpeg", phone_photo()).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let entry = json_of(response).await;
    assert_eq!(entry["resource"]["title"], "Lesion, left cheek");
    assert_eq!(entry["resource"]["contentType"], "image/jpeg");
    assert_eq!(count(&app, &token, p, "attachments").await["count"], json!(before + 1));
    let content = app.get(&format!("{}/{}/content", section_path(p, "attachments"), entry["entryId"]), &token).await;
    assert_eq!(content.status(), StatusCode::OK);
    assert_eq!(content.headers()["content-type"], "image/jpeg");
    let bytes = content.bytes().await.expect("bytes");
    assert_eq!(json!(bytes.len()), entry["resource"]["size"]);
    assert!(!bytes.windows(3).any(|w| w == b"GPS"), "the location is gone");
    assert!(bytes.windows(6).any(|w| w == b"Exif\0\0"), "the orientation stays");
    assert!(bytes.ends_with(&[0xFF, 0xDA, 0x00, 0x02, 0x11, 0x22, 0xFF, 0xD9]));
    let rows = app.audit("patient.clinical.attachments.create").await;
    assert_eq!(rows[0].patient_id, Some(p));
    let pdf = upload(
        &app,
        &token,
        p,
        "title=Referral%20letter&date=2026-01-02",
        "application/pdf",
        b"%PDF-1.7\n%%EOF".to_vec(),
    )
    .await;
    assert_eq!(pdf.status(), StatusCode::CREATED);
    assert_eq!(json_of(pdf).await["resource"]["date"], "2026-01-02");
}

async fn oversized_and_unknown_files_are_refused_and_nothing_is_stored(app: TestApp) {
    let token = app.demo_token().await;
    let p = adult(&app, &token).await;
    let before = count(&app, &token, p, "attachments").await;
    let (status, answer) = upload_declaring(&app, &token, p, "title=Scan", 10 * 1024 * 1024 + 1).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{answer}");
    assert!(answer.contains("payload_too_large"), "the JSON error shape: {answer}");
    let mut exactly = b"%PDF-1.7\n".to_vec();
    exactly.resize(10 * 1024 * 1024, b' ');
    assert_eq!(
        upload(&app, &token, p, "title=Scan", "application/pdf", exactly).await.status(),
        StatusCode::CREATED,
        "10 MB is taken"
    );
    let html = upload(&app, &token, p, "title=Page", "text/html", b"<script>alert(1)</script>".to_vec()).await;
    assert_eq!(html.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE);
    assert!(json_of(html).await["fields"]["file"].is_string());
    let disguised = upload(&app, &token, p, "title=Photo", "image/png", b"<script>".to_vec()).await;
    assert_eq!(disguised.status(), StatusCode::BAD_REQUEST);
    assert_eq!(json_of(disguised).await["fields"]["file"], "The file is not the kind it says it is, or it is damaged");
    let untitled = upload(&app, &token, p, "category=Photo", "image/jpeg", phone_photo()).await;
    assert_eq!(untitled.status(), StatusCode::BAD_REQUEST);
    assert_eq!(json_of(untitled).await["fields"]["title"], "Required field");
    let future = upload(&app, &token, p, "title=X&date=2100-01-01", "image/jpeg", phone_photo()).await;
    assert_eq!(json_of(future).await["fields"]["date"], "Cannot be in the future");
    let after = count(&app, &token, p, "attachments").await["count"].as_i64().expect("count");
    assert_eq!(after, before["count"].as_i64().expect("count") + 1, "only the 10 MB file was stored");
}

/// A patient old enough for every date used here.
async fn adult(app: &TestApp, token: &str) -> i64 {
    for id in 1..=40 {
        let patient = json_of(app.get(&format!("/api/patients/{id}"), token).await).await;
        if patient["birthdate"].as_str().is_some_and(|b| b < "1990-01-01") {
            return id;
        }
    }
    panic!("no adult in the test practice");
}

fn section_path(patient: i64, section: &str) -> String {
    format!("/api/patients/patient/{patient}/clinical/{section}")
}

async fn add(app: &TestApp, token: &str, patient: i64, entry: Value) -> Response {
    let section = entry["section"].as_str().expect("section").to_owned();
    app.post(&section_path(patient, &section), token, entry).await
}

type Response = reqwest::Response;

async fn added(app: &TestApp, token: &str, patient: i64, entry: Value) -> Value {
    let response = add(app, token, patient, entry).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    json_of(response).await
}

async fn change(app: &TestApp, token: &str, patient: i64, id: i64, version: Value, entry: Value) -> Response {
    let section = entry["section"].as_str().expect("section").to_owned();
    let path = format!("{}/{id}", section_path(patient, &section));
    app.patch(&path, token, json!({ "version": version, "entry": entry })).await
}

async fn count(app: &TestApp, token: &str, patient: i64, section: &str) -> Value {
    let counts = json_of(app.get(&format!("/api/patients/patient/{patient}/clinicalCounts"), token).await).await;
    counts[section].clone()
}

async fn an_allergy_is_added_changed_and_kept_as_history(app: TestApp) {
    let token = app.demo_token().await;
    let p = adult(&app, &token).await;
    let before = count(&app, &token, p, "allergies").await["count"].as_i64().expect("count");
    let entry = added(
        &app,
        &token,
        p,
        json!({ "section": "allergies", "substance": " Latex ", "category": "environment", "severity": "severe",
                "reaction": "Anaphylaxis", "onset": "2020-05-01" }),
    )
    .await;
    let id = entry["entryId"].as_i64().expect("id");
    assert_eq!(entry["version"], 1);
    assert_eq!(entry["resource"]["substance"], "Latex");
    assert_eq!(entry["resource"]["severity"], "severe");
    assert_eq!(entry["resource"]["category"], "environment");
    assert_eq!(entry["resource"]["clinicalStatus"], "active");
    assert_eq!(count(&app, &token, p, "allergies").await["count"], json!(before + 1));
    // Severe allergies lead the list and the patient's header.
    let list = json_of(app.get(&section_path(p, "allergies"), &token).await).await;
    assert_eq!(list["entries"][0]["resource"]["severity"], "severe");
    let chart = json_of(app.get(&format!("/api/patients/{p}/allergy"), &token).await).await;
    assert!(chart.to_string().contains("Latex"), "{chart}");

    let response = change(
        &app,
        &token,
        p,
        id,
        json!(1),
        json!({ "section": "allergies", "substance": "Latex", "category": "environment", "severity": "moderate",
                "reaction": "Hives", "onset": "2020-05-01", "clinicalStatus": "inactive" }),
    )
    .await;
    assert_eq!(response.status(), StatusCode::OK);
    let changed = json_of(response).await;
    assert_eq!((changed["version"].clone(), changed["resource"]["reaction"].clone()), (json!(2), json!("Hives")));
    assert_eq!(changed["resource"]["recorded"], entry["resource"]["recorded"], "first recorded stays");

    let history = json_of(app.get(&format!("{}/{id}/history", section_path(p, "allergies")), &token).await).await;
    let versions = history["versions"].as_array().expect("versions");
    assert_eq!(versions.len(), 2);
    assert_eq!((versions[0]["version"].clone(), versions[1]["version"].clone()), (json!(2), json!(1)));
    assert_eq!(versions[1]["resource"]["reaction"], "Anaphylaxis", "what it was");
    assert_eq!(versions[0]["recordedBy"], versions[1]["recordedBy"]);
    assert!(!versions[0]["recordedBy"].as_str().expect("who").is_empty());
}

async fn a_problem_takes_an_icd10cm_code_and_a_resolved_date(app: TestApp) {
    let token = app.demo_token().await;
    let p = adult(&app, &token).await;
    let entry =
        added(&app, &token, p, json!({ "section": "problemList", "code": "e119", "onset": "2019-02-03" })).await;
    assert_eq!(entry["resource"]["code"], "E11.9");
    assert_eq!(entry["resource"]["description"], "Type 2 diabetes mellitus without complications");
    let id = entry["entryId"].as_i64().expect("id");

    let missing_date = change(
        &app,
        &token,
        p,
        id,
        json!(1),
        json!({ "section": "problemList", "code": "E11.9", "clinicalStatus": "resolved" }),
    )
    .await;
    assert_eq!(missing_date.status(), StatusCode::BAD_REQUEST);
    assert_eq!(json_of(missing_date).await["fields"]["resolved"], "Required when the problem is resolved");
    let resolved = change(
        &app,
        &token,
        p,
        id,
        json!(1),
        json!({ "section": "problemList", "code": "E11.9", "clinicalStatus": "resolved", "onset": "2019-02-03", "resolved": "2021-06-30" }),
    )
    .await;
    assert_eq!(resolved.status(), StatusCode::OK);
    let resolved = json_of(resolved).await;
    assert_eq!(
        (resolved["resource"]["clinicalStatus"].clone(), resolved["resource"]["resolved"].clone()),
        (json!("resolved"), json!("2021-06-30"))
    );

    let unknown = add(&app, &token, p, json!({ "section": "problemList", "code": "ZZZ.99" })).await;
    assert_eq!(unknown.status(), StatusCode::BAD_REQUEST);
    assert_eq!(json_of(unknown).await["fields"]["code"], "Not an ICD-10-CM code; choose one from the search");
}

async fn medications_immunizations_smoking_and_patient_notes_round_trip(app: TestApp) {
    let token = app.demo_token().await;
    let p = adult(&app, &token).await;
    let medication = added(
        &app,
        &token,
        p,
        json!({ "section": "medications", "medication": "Metformin 500 mg tablet", "dosage": "1 tablet twice daily",
                "start": "2024-01-10" }),
    )
    .await;
    assert_eq!(medication["resource"]["status"], "active");
    let stopped = change(
        &app,
        &token,
        p,
        medication["entryId"].as_i64().expect("id"),
        json!(1),
        json!({ "section": "medications", "medication": "Metformin 500 mg tablet", "dosage": "1 tablet twice daily",
                "start": "2024-01-10", "end": "2025-01-10", "status": "stopped" }),
    )
    .await;
    assert_eq!(stopped.status(), StatusCode::OK);
    assert_eq!(json_of(stopped).await["resource"]["end"], "2025-01-10");

    let shot = added(
        &app,
        &token,
        p,
        json!({ "section": "immunizations", "cvx": "115", "occurrence": "2025-09-01", "doseNumber": 1, "lotNumber": "AB12",
                "primarySource": false }),
    )
    .await;
    assert_eq!(shot["resource"]["vaccine"], "Tdap");
    assert_eq!(shot["resource"]["primarySource"], false);
    let refused = added(
        &app,
        &token,
        p,
        json!({ "section": "immunizations", "cvx": "141", "occurrence": "2025-10-01", "status": "not-done",
                "statusReason": "Patient refused" }),
    )
    .await;
    assert_eq!(refused["resource"]["statusReason"], "Patient refused");

    let smoking =
        added(&app, &token, p, json!({ "section": "smokingStatus", "code": "8517006", "effective": "2026-01-05" }))
            .await;
    assert_eq!(smoking["resource"]["display"], "Former smoker");

    let note = added(
        &app,
        &token,
        p,
        json!({ "section": "patientNotes", "title": "Parking", "text": "Prefers the east lot." }),
    )
    .await;
    let changed = change(
        &app,
        &token,
        p,
        note["entryId"].as_i64().expect("id"),
        json!(1),
        json!({ "section": "patientNotes", "title": "Parking", "text": "Prefers the east lot, by the ramp." }),
    )
    .await;
    assert_eq!(changed.status(), StatusCode::OK);
    let list = json_of(app.get(&section_path(p, "patientNotes"), &token).await).await;
    assert!(list.to_string().contains("by the ramp"));
}

async fn bad_input_names_the_field_and_stores_nothing(app: TestApp) {
    let token = app.demo_token().await;
    let p = adult(&app, &token).await;
    let before = count(&app, &token, p, "immunizations").await;
    for (entry, field, message) in [
        (
            json!({ "section": "immunizations", "cvx": "115", "occurrence": "2999-01-01" }),
            "occurrence",
            "The year must be from 1880 to 2200",
        ),
        (
            json!({ "section": "immunizations", "cvx": "115", "occurrence": "2100-01-01" }),
            "occurrence",
            "Cannot be in the future",
        ),
        (
            json!({ "section": "immunizations", "cvx": "115", "occurrence": "1900-01-01" }),
            "occurrence",
            "Cannot be before the patient's date of birth",
        ),
        (
            json!({ "section": "immunizations", "cvx": "9", "occurrence": "2020-01-01" }),
            "cvx",
            "Choose a value from the list",
        ),
        (
            json!({ "section": "immunizations", "cvx": "115", "occurrence": "2020-01-01", "status": "not-done" }),
            "statusReason",
            "Required when the vaccine was not given",
        ),
        (
            json!({ "section": "immunizations", "cvx": "115", "occurrence": "2020-01-01", "lotNumber": "x".repeat(41) }),
            "lotNumber",
            "At most 40 characters",
        ),
        (
            json!({ "section": "immunizations", "cvx": "115", "occurrence": "2020-01-01", "doseNumber": 21 }),
            "doseNumber",
            "From 1 to 20",
        ),
        (json!({ "section": "immunizations", "occurrence": "2020-01-01" }), "cvx", "Required field"),
    ] {
        let response = add(&app, &token, p, entry.clone()).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{entry}");
        let body = json_of(response).await;
        assert_eq!(body["fields"][field], message, "{entry}: {body}");
    }
    // The body's section must be the address's.
    let response = app
        .post(&section_path(p, "medications"), &token, json!({ "section": "allergies", "substance": "Latex" }))
        .await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    assert!(json_of(response).await["fields"]["section"].is_string());
    let response = app.post(&section_path(p, "allergies"), &token, json!({ "substance": "Latex" })).await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST, "a body without its section");
    assert_eq!(count(&app, &token, p, "immunizations").await, before, "nothing stored");
}

async fn a_stale_change_is_refused_with_the_entry_as_it_is(app: TestApp) {
    let token = app.demo_token().await;
    let p = adult(&app, &token).await;
    let entry =
        added(&app, &token, p, json!({ "section": "medications", "medication": "Lisinopril 10 mg tablet" })).await;
    let id = entry["entryId"].as_i64().expect("id");
    let first = change(
        &app,
        &token,
        p,
        id,
        json!(1),
        json!({ "section": "medications", "medication": "Lisinopril 20 mg tablet" }),
    )
    .await;
    assert_eq!(first.status(), StatusCode::OK);
    let second = change(
        &app,
        &token,
        p,
        id,
        json!(1),
        json!({ "section": "medications", "medication": "Lisinopril 5 mg tablet" }),
    )
    .await;
    assert_eq!(second.status(), StatusCode::CONFLICT);
    let body = json_of(second).await;
    assert_eq!(body["code"], "edit_conflict");
    assert_eq!(body["current"]["resource"]["medication"], "Lisinopril 20 mg tablet");
    let no_version = app
        .patch(
            &format!("{}/{id}", section_path(p, "medications")),
            &token,
            json!({ "entry": { "section": "medications", "medication": "X" } }),
        )
        .await;
    assert_eq!(no_version.status(), StatusCode::PRECONDITION_REQUIRED);
    let stored = json_of(app.get(&format!("{}/{id}", section_path(p, "medications")), &token).await).await;
    assert_eq!(stored["resource"]["medication"], "Lisinopril 20 mg tablet");
    assert_eq!(stored["version"], 2);
}

async fn notes_are_never_changed_but_amended_and_signed_by_their_author(app: TestApp) {
    let token = app.demo_token().await;
    let p = adult(&app, &token).await;
    let note = added(
        &app,
        &token,
        p,
        json!({ "section": "clinicalNotes", "noteType": "Progress note", "text": "BP high today." }),
    )
    .await;
    let id = note["entryId"].as_i64().expect("id");
    assert_eq!(note["resource"]["signed"], false);
    assert!(!note["resource"]["author"].as_str().expect("author").is_empty());

    let edit = change(
        &app,
        &token,
        p,
        id,
        json!(1),
        json!({ "section": "clinicalNotes", "noteType": "Progress note", "text": "BP fine." }),
    )
    .await;
    assert_eq!(edit.status(), StatusCode::CONFLICT);
    assert_eq!(json_of(edit).await["code"], "note_locked");
    let delete =
        app.call(Method::DELETE, &format!("{}/{id}", section_path(p, "clinicalNotes")), Some(&token), None).await;
    assert_eq!(delete.status(), StatusCode::METHOD_NOT_ALLOWED);

    let sign_path = format!("{}/{id}/sign", section_path(p, "clinicalNotes"));
    let signed = app.post(&sign_path, &token, json!({ "version": 1 })).await;
    assert_eq!(signed.status(), StatusCode::OK);
    let signed = json_of(signed).await;
    assert_eq!(signed["resource"]["signed"], true);
    assert_eq!(signed["resource"]["signedBy"], note["resource"]["author"]);
    assert_eq!(signed["resource"]["text"], "BP high today.", "signing changes nothing else");
    assert_eq!(app.post(&sign_path, &token, json!({ "version": 2 })).await.status(), StatusCode::CONFLICT);

    let amendment = added(
        &app,
        &token,
        p,
        json!({ "section": "clinicalNotes", "noteType": "Progress note", "text": "Correction: BP 128/82.", "amends": id, "sign": true }),
    )
    .await;
    assert_eq!(amendment["resource"]["amends"], id);
    assert_eq!(amendment["resource"]["signed"], true);
    let original = json_of(app.get(&format!("{}/{id}", section_path(p, "clinicalNotes")), &token).await).await;
    assert_eq!(original["resource"]["text"], "BP high today.", "the original stays as it was");
    let elsewhere = add(
        &app,
        &token,
        p,
        json!({ "section": "clinicalNotes", "noteType": "Progress note", "text": "x", "amends": 999_999 }),
    )
    .await;
    assert_eq!(elsewhere.status(), StatusCode::BAD_REQUEST);
    assert_eq!(json_of(elsewhere).await["fields"]["amends"], "Not a note of this patient");

    // Another user may not sign it.
    let unsigned =
        added(&app, &token, p, json!({ "section": "clinicalNotes", "noteType": "Phone call", "text": "Called back." }))
            .await;
    let other = app.login("ecarter", "demo").await.expect("a second demo user");
    let path = format!("{}/{}/sign", section_path(p, "clinicalNotes"), unsigned["entryId"]);
    assert_eq!(app.post(&path, &other, json!({ "version": 1 })).await.status(), StatusCode::FORBIDDEN);
}

async fn none_known_is_refused_while_active_entries_exist_and_cleared_by_one(app: TestApp) {
    let token = app.demo_token().await;
    let p = adult(&app, &token).await;
    let review = format!("{}/review", section_path(p, "medications"));
    // Whatever the demo gave this patient, stop it first.
    let list = json_of(app.get(&section_path(p, "medications"), &token).await).await;
    for entry in list["entries"].as_array().expect("entries") {
        if matches!(entry["resource"]["status"].as_str(), Some("active" | "on-hold")) {
            let mut resource = entry["resource"].clone();
            resource["status"] = json!("completed");
            for key in ["start", "end"] {
                if resource[key].is_null() {
                    resource[key] = json!("");
                }
            }
            let response =
                change(&app, &token, p, entry["entryId"].as_i64().expect("id"), entry["version"].clone(), resource)
                    .await;
            assert_eq!(response.status(), StatusCode::OK);
        }
    }
    let marked = app.call(Method::PUT, &review, Some(&token), Some(json!({ "noneKnown": true }))).await;
    assert_eq!(marked.status(), StatusCode::OK);
    assert_eq!(count(&app, &token, p, "medications").await["noneKnown"], true);

    added(&app, &token, p, json!({ "section": "medications", "medication": "Amoxicillin 500 mg capsule" })).await;
    assert_eq!(count(&app, &token, p, "medications").await["noneKnown"], false, "an active entry takes it back");
    let refused = app.call(Method::PUT, &review, Some(&token), Some(json!({ "noneKnown": true }))).await;
    assert_eq!(refused.status(), StatusCode::BAD_REQUEST);
    assert!(json_of(refused).await["fields"]["noneKnown"].is_string());
    let labs = app
        .call(
            Method::PUT,
            &format!("{}/review", section_path(p, "labs")),
            Some(&token),
            Some(json!({ "noneKnown": true })),
        )
        .await;
    assert_eq!(labs.status(), StatusCode::METHOD_NOT_ALLOWED);
}

async fn the_vaccine_list_and_the_code_lists_are_served(app: TestApp) {
    let token = app.demo_token().await;
    let vaccines = json_of(app.get("/api/vaccines", &token).await).await;
    let list = vaccines.as_array().expect("list");
    assert!(list.len() >= 40);
    assert!(list.iter().any(|v| v["cvx"] == "115" && v["name"] == "Tdap" && v["builtIn"] == true));
    app.store.add_vaccine("300", "Practice vaccine", crate::helpers::start_time()).await.expect("add");
    let vaccines = json_of(app.get("/api/vaccines", &token).await).await;
    assert!(vaccines.as_array().expect("list").iter().any(|v| v["cvx"] == "300" && v["builtIn"] == false));
    let p = adult(&app, &token).await;
    let shot =
        added(&app, &token, p, json!({ "section": "immunizations", "cvx": "300", "occurrence": "2025-01-02" })).await;
    assert_eq!(shot["resource"]["vaccine"], "Practice vaccine", "an added vaccine is one the form can record");

    let codes = json_of(app.get("/api/clinical/codes", &token).await).await;
    assert_eq!(codes["smokingStatuses"].as_array().expect("eight").len(), 8);
    assert!(
        codes["vitalSigns"]
            .as_array()
            .expect("codes")
            .iter()
            .any(|c| c["field"] == "systolic" && c["loinc"] == "8480-6")
    );
    assert_eq!(app.call(Method::GET, "/api/vaccines", None, None).await.status(), StatusCode::UNAUTHORIZED);
}

async fn writes_are_audited_and_other_sections_refuse_them(app: TestApp) {
    let token = app.demo_token().await;
    let p = adult(&app, &token).await;
    let entry =
        added(&app, &token, p, json!({ "section": "allergies", "substance": "Peanuts", "category": "food" })).await;
    let rows = app.audit("patient.clinical.allergies.create").await;
    assert_eq!(rows[0].patient_id, Some(p));
    assert_eq!(rows[0].entity_id.as_deref(), Some(format!("allergies/{}", entry["entryId"]).as_str()));
    assert!(!format!("{rows:?}").contains("Peanuts"), "no chart content in the audit log");
    let history = app.get(&format!("{}/{}/history", section_path(p, "allergies"), entry["entryId"]), &token).await;
    assert_eq!(history.status(), StatusCode::OK);
    assert!(!app.audit("patient.clinical.allergies.read").await.is_empty());

    let labs = app.post(&section_path(p, "labs"), &token, json!({ "section": "allergies", "substance": "x" })).await;
    assert_eq!(labs.status(), StatusCode::METHOD_NOT_ALLOWED);
    let unknown =
        app.post(&section_path(p, "nonsense"), &token, json!({ "section": "allergies", "substance": "x" })).await;
    assert_eq!(unknown.status(), StatusCode::NOT_FOUND);
    let anonymous = app
        .call(
            Method::POST,
            &section_path(p, "allergies"),
            None,
            Some(json!({ "section": "allergies", "substance": "x" })),
        )
        .await;
    assert_eq!(anonymous.status(), StatusCode::UNAUTHORIZED);
    // An attachment's history is read like any entry's (the path beside its content's).
    let attachments = json_of(app.get(&section_path(p, "attachments"), &token).await).await;
    if let Some(first) = attachments["entries"].as_array().and_then(|e| e.first()) {
        let path = format!("{}/{}/history", section_path(p, "attachments"), first["entryId"]);
        assert_eq!(app.get(&path, &token).await.status(), StatusCode::OK);
    }
}

/// The allergies the alerts banner warns of.
async fn allergy_alerts(app: &TestApp, token: &str, patient: i64) -> Vec<String> {
    let alerts = json_of(app.get(&format!("/api/patients/{patient}/allergy"), token).await).await;
    alerts.as_array().expect("list").iter().filter_map(|a| a["description"].as_str().map(str::to_owned)).collect()
}

async fn only_current_allergies_are_alerts_and_nulls_read_as_empty(app: TestApp) {
    let token = app.demo_token().await;
    let p = adult(&app, &token).await;
    // The form sends null for a field left empty.
    let entry = added(
        &app,
        &token,
        p,
        json!({"section": "allergies", "substance": "Shellfish", "severity": "severe", "onset": null, "note": null}),
    )
    .await;
    assert_eq!(entry["recordedBy"], json!(null), "allergies are kept in their own table");
    assert!(allergy_alerts(&app, &token, p).await.contains(&"Shellfish".to_owned()));
    let id = entry["entryId"].as_i64().expect("id");
    let mistaken = json!({"section": "allergies", "substance": "Shellfish", "severity": "severe",
                          "verificationStatus": "entered-in-error", "reaction": null});
    let response = change(&app, &token, p, id, entry["version"].clone(), mistaken).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert!(!allergy_alerts(&app, &token, p).await.contains(&"Shellfish".to_owned()), "a mistaken allergy is no alert");
    let resolved =
        added(&app, &token, p, json!({"section": "allergies", "substance": "Pollen", "clinicalStatus": "resolved"}))
            .await;
    assert_eq!(resolved["resource"]["clinicalStatus"], "resolved");
    assert!(!allergy_alerts(&app, &token, p).await.contains(&"Pollen".to_owned()));
    let section = json_of(app.get(&section_path(p, "allergies"), &token).await).await;
    let kept: Vec<&str> = section["entries"]
        .as_array()
        .expect("entries")
        .iter()
        .filter_map(|e| e["resource"]["substance"].as_str())
        .collect();
    assert!(kept.contains(&"Shellfish") && kept.contains(&"Pollen"), "both stay in the chart");
    // A note records who wrote it, the one who may sign it.
    let note =
        added(&app, &token, p, json!({"section": "clinicalNotes", "noteType": "Phone call", "text": "Called."})).await;
    assert_eq!(note["recordedBy"], 2, "the demo user");
}
