//! The schedule: the day view, booking with every conflict rule, confirm and discard,
//! held changes, a patient's appointments and follow-ups, treatment plans, and the
//! guarantee that one slot is never booked twice however many ask at once.

use chrono::{DateTime, Duration, NaiveDate, Utc};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use server::ServerConfig;

use crate::helpers::{TestApp, json_of};
use crate::on_both_databases;

on_both_databases!(
    day_view_lists_every_resource_with_local_times,
    day_view_filters_and_orders,
    block_outs_of_the_day_carry_their_rules,
    free_slot_is_booked_with_end_from_length,
    overlap_is_refused_listing_every_appointment_it_meets,
    a_cancelled_or_missed_visit_gives_its_slot_back,
    practice_may_allow_overlaps,
    dont_schedule_block_out_refuses,
    confirm_scheduling_holds_until_confirmed_or_discarded,
    moving_into_a_confirm_block_out_holds_the_change,
    a_hold_nobody_confirms_gives_its_slot_back,
    appointment_form_rules_are_enforced,
    fifty_requests_for_one_slot_book_it_once,
    two_servers_on_one_database_never_double_book,
    deleted_appointments_leave_the_day_and_stay_in_the_history,
    patient_appointments_filter_by_range_status_and_kind,
    follow_ups_and_last_next_appointments,
    last_and_next_are_around_the_appointment_not_now,
    treatment_plans_add_up,
    version_moves_with_every_change,
    schedule_routes_need_a_session_and_are_audited,
);

/// The demo practice's days are Los Angeles days; tests start at 2026-11-22 07:00 there.
const TODAY: &str = "2026-11-22";

fn day(offset: i64) -> NaiveDate {
    NaiveDate::parse_from_str(TODAY, "%Y-%m-%d").expect("date") + Duration::days(offset)
}

/// `hour:minute` on `day` in Los Angeles (PST in these weeks), as an instant.
fn la(day: NaiveDate, hour: u32, minute: u32) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(&format!("{day}T{hour:02}:{minute:02}:00-08:00")).expect("time").with_timezone(&Utc)
}

fn booking(patient: i64, start: DateTime<Utc>, length: i64, resource: i64) -> Value {
    json!({"patientId": patient, "start": start, "length": length, "resourceId": resource, "providerId": 3, "typeId": 4, "statusId": 3, "notes": "Test"})
}

async fn day_list(app: &TestApp, token: &str, query: &str) -> Vec<Value> {
    let response = app.get(&format!("/api/scheduling/1/appointments?{query}"), token).await;
    assert_eq!(response.status(), StatusCode::OK, "{query}");
    json_of(response).await.as_array().cloned().expect("list")
}

async fn day_view_lists_every_resource_with_local_times(app: TestApp) {
    let token = app.demo_token().await;
    let today = day_list(&app, &token, &format!("date={TODAY}")).await;
    for resource in 1..=4 {
        assert!(today.iter().filter(|a| a["resourceId"] == resource).count() >= 3, "resource {resource} is busy today");
    }
    let first = &today[0];
    for field in [
        "appointmentId",
        "appointmentDate",
        "appointmentTime",
        "start",
        "startTime",
        "end",
        "length",
        "patientId",
        "patientName",
        "patientNameDisplay",
        "displayId",
        "providerID",
        "providerName",
        "resource",
        "resourceId",
        "status",
        "statusId",
        "type",
        "typeId",
        "colors",
        "patient",
    ] {
        assert!(first.get(field).is_some(), "{field} missing");
    }
    assert!(today.iter().all(|a| a["appointmentDate"] == TODAY), "every appointment is on the practice's local day");
    let starts: Vec<&str> = today.iter().map(|a| a["start"].as_str().expect("start")).collect();
    assert!(starts.windows(2).all(|w| w[0] <= w[1]), "first to last");
    assert!(
        first["appointmentTime"].as_str().expect("time").ends_with("AM")
            || first["appointmentTime"].as_str().expect("time").ends_with("PM")
    );
    assert_eq!(
        first["patientNameDisplay"],
        format!("{} ({})", first["patientName"].as_str().expect("name"), first["displayId"].as_str().expect("id"))
    );
}

async fn day_view_filters_and_orders(app: TestApp) {
    let token = app.demo_token().await;
    let all = day_list(&app, &token, &format!("date={TODAY}")).await;
    let chair_two = day_list(&app, &token, &format!("date={TODAY}&resources=2")).await;
    assert!(!chair_two.is_empty() && chair_two.iter().all(|a| a["resourceId"] == 2));
    let reversed = day_list(&app, &token, &format!("date={TODAY}&order=0")).await;
    assert_eq!(reversed.first().map(|a| a["appointmentId"].clone()), all.last().map(|a| a["appointmentId"].clone()));
    let provider = day_list(&app, &token, &format!("date={TODAY}&providers=3")).await;
    assert!(provider.iter().all(|a| a["providerID"] == 3));
    let bad = app.get("/api/scheduling/1/appointments?date=11/22/2026", &token).await;
    assert_eq!(json_of(bad).await["fields"]["date"], "Use the format yyyy-MM-dd");
}

async fn transparencies(app: &TestApp, token: &str, date: NaiveDate) -> Vec<Value> {
    json_of(app.get(&format!("/api/scheduling/1/transparencies?date={date}"), token).await)
        .await
        .as_array()
        .cloned()
        .expect("list")
}

/// The first day from today with a block-out of `rule`, and that block-out.
async fn block_out_with_rule(app: &TestApp, token: &str, rule: &str) -> Value {
    for offset in 0..14 {
        if let Some(found) = transparencies(app, token, day(offset)).await.into_iter().find(|t| t["rule"] == rule) {
            return found;
        }
    }
    panic!("the demo has a {rule} block-out within two weeks");
}

async fn block_outs_of_the_day_carry_their_rules(app: TestApp) {
    let token = app.demo_token().await;
    let spans = transparencies(&app, &token, day(0)).await;
    assert!(spans.iter().any(|t| t["blockName"] == "Lunch" && t["rule"] == "display"));
    for field in ["transparencyId", "resourceId", "blockName", "color", "rule", "start", "end"] {
        assert!(spans[0].get(field).is_some(), "{field}");
    }
    block_out_with_rule(&app, &token, "refuse").await;
    block_out_with_rule(&app, &token, "confirm").await;
}

async fn free_slot_is_booked_with_end_from_length(app: TestApp) {
    let token = app.demo_token().await;
    let start = la(day(1), 6, 0); // before the practice opens: always free
    let mut body = booking(5, start, 45, 1);
    body["providerId"] = json!(1);
    let response = app.post("/api/scheduling/1/appointments", &token, body).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let booked = json_of(response).await;
    assert_eq!(booked["end"], json!(start + Duration::minutes(45)));
    assert_eq!(booked["providerID"], Value::Null, "a provider of 1 or less is none");
    assert_eq!((booked["appointmentTime"].as_str(), booked["startTime"].as_str()), (Some("06:00 AM"), Some("06:00")));
    let id = booked["appointmentId"].as_i64().expect("id");
    let fetched = json_of(app.get(&format!("/api/scheduling/1/appointments/{id}"), &token).await).await;
    assert_eq!(fetched["appointmentId"], id);
    assert!(day_list(&app, &token, &format!("date={}", day(1))).await.iter().any(|a| a["appointmentId"] == id));
}

async fn overlap_is_refused_listing_every_appointment_it_meets(app: TestApp) {
    let token = app.demo_token().await;
    let tomorrow = day_list(&app, &token, &format!("date={}&resources=1", day(1))).await;
    let morning: Vec<&Value> =
        tomorrow.iter().filter(|a| a["appointmentTime"].as_str().is_some_and(|t| t.ends_with("AM"))).collect();
    assert!(morning.len() >= 2, "a busy morning");
    let start: DateTime<Utc> = serde_json::from_value(morning[0]["start"].clone()).expect("start");
    let until: DateTime<Utc> = serde_json::from_value(morning[1]["end"].clone()).expect("end");
    let length = (until - start).num_minutes();
    let before = day_list(&app, &token, &format!("date={}", day(1))).await.len();
    let response = app.post("/api/scheduling/1/appointments", &token, booking(5, start, length, 1)).await;
    assert_eq!(response.status(), StatusCode::CONFLICT);
    let conflict = json_of(response).await;
    assert_eq!(conflict["code"], "appointment_overlap");
    let ids: Vec<i64> = conflict["appointments"]
        .as_array()
        .expect("list")
        .iter()
        .map(|a| a["appointmentId"].as_i64().expect("id"))
        .collect();
    assert!(ids.len() >= 2, "every overlapping appointment, not just the first: {ids:?}");
    assert!(
        ids.contains(&morning[0]["appointmentId"].as_i64().expect("id"))
            && ids.contains(&morning[1]["appointmentId"].as_i64().expect("id"))
    );
    // Each is named: whose, and in what status (the dialog lists them).
    for on_day in &morning[..2] {
        let listed = conflict["appointments"]
            .as_array()
            .and_then(|list| list.iter().find(|a| a["appointmentId"] == on_day["appointmentId"]))
            .expect("listed");
        assert_eq!(listed["patientName"], on_day["patientName"], "{listed}");
        assert_eq!(listed["patientId"], on_day["patientId"]);
        assert_eq!(listed["status"], on_day["status"]);
        assert_eq!(listed["type"], on_day["type"]);
    }
    let refusal = &app.audit("appointment.create").await[0];
    assert_eq!(refusal.outcome, "failure");
    let shown = refusal.patient_ids.clone().unwrap_or_default();
    assert!(shown.contains(&format!(",{},", morning[0]["patientId"])), "the patients named are audited: {shown}");
    assert_eq!(conflict["confirmAppointmentId"], Value::Null);
    assert!(conflict["message"].as_str().expect("text").contains("Allow Appointment Overlaps"));
    assert_eq!(day_list(&app, &token, &format!("date={}", day(1))).await.len(), before, "nothing was booked");
}

/// Statuses 7 Missed, 8 Cancelled and 9 To Reschedule free the slot; the others hold it.
async fn a_cancelled_or_missed_visit_gives_its_slot_back(app: TestApp) {
    let token = app.demo_token().await;
    let start = la(day(3), 6, 0); // before the practice opens: free
    let book = |patient: i64, status: i64| {
        let mut body = booking(patient, start, 30, 1);
        body["statusId"] = json!(status);
        body
    };
    let first = json_of(app.post("/api/scheduling/1/appointments", &token, book(5, 3)).await).await;
    let first_path = format!("/api/scheduling/1/appointments/{}", first["appointmentId"]);
    let refused = app.post("/api/scheduling/1/appointments", &token, book(6, 3)).await;
    assert_eq!(refused.status(), StatusCode::CONFLICT, "a confirmed visit holds its slot");

    for (status, name) in [(8, "Cancelled"), (7, "Missed"), (9, "To Reschedule")] {
        let changed = app.edit(&first_path, &token, json!({"statusId": status})).await;
        assert_eq!(changed.status(), StatusCode::OK);
        assert_eq!(json_of(changed).await["status"], name);
        let response = app.post("/api/scheduling/1/appointments", &token, book(6, 3)).await;
        assert_eq!(response.status(), StatusCode::CREATED, "booked over a {name} visit");
        let taken = json_of(response).await["appointmentId"].as_i64().expect("id");
        // Back to Confirmed, the first would now overlap the new booking.
        let back = app.edit(&first_path, &token, json!({"statusId": 3})).await;
        assert_eq!(back.status(), StatusCode::CONFLICT);
        let back = json_of(back).await;
        assert_eq!(back["code"], "appointment_overlap");
        assert_eq!(back["appointments"][0]["appointmentId"], taken);
        let deleted =
            app.call(Method::DELETE, &format!("/api/scheduling/1/appointments/{taken}"), Some(&token), None).await;
        assert_eq!(deleted.status(), StatusCode::NO_CONTENT);
    }
    // An appointment saved as cancelled takes no slot either.
    app.edit(&first_path, &token, json!({"statusId": 3})).await;
    let cancelled = app.post("/api/scheduling/1/appointments", &token, book(6, 8)).await;
    assert_eq!(cancelled.status(), StatusCode::CREATED);
}

async fn practice_may_allow_overlaps(app: TestApp) {
    let token = app.demo_token().await;
    let taken = &day_list(&app, &token, &format!("date={}&resources=2", day(2))).await[0];
    let start: DateTime<Utc> = serde_json::from_value(taken["start"].clone()).expect("start");
    app.store
        .save_practice_preference("scheduling.allowAppointmentOverlaps", &json!(true), Utc::now())
        .await
        .expect("setting");
    let response = app.post("/api/scheduling/1/appointments", &token, booking(6, start, 15, 2)).await;
    assert_eq!(response.status(), StatusCode::CREATED);
}

async fn dont_schedule_block_out_refuses(app: TestApp) {
    let token = app.demo_token().await;
    let meeting = block_out_with_rule(&app, &token, "refuse").await;
    let start: DateTime<Utc> = serde_json::from_value(meeting["start"].clone()).expect("start");
    let response = app
        .post(
            "/api/scheduling/1/appointments",
            &token,
            booking(5, start, 30, meeting["resourceId"].as_i64().expect("resource")),
        )
        .await;
    assert_eq!(response.status(), StatusCode::CONFLICT);
    let conflict = json_of(response).await;
    assert_eq!(conflict["notScheduleAppointment"], true);
    assert_eq!(conflict["transparencies"][0]["blockName"], "Staff Meeting");
    assert!(conflict["message"].as_str().expect("text").contains("Transparency Type Reference"));
}

async fn confirm_scheduling_holds_until_confirmed_or_discarded(app: TestApp) {
    let token = app.demo_token().await;
    let slot = block_out_with_rule(&app, &token, "confirm").await;
    let start: DateTime<Utc> = serde_json::from_value(slot["start"].clone()).expect("start");
    let resource = slot["resourceId"].as_i64().expect("resource");

    let response = app.post("/api/scheduling/1/appointments", &token, booking(5, start, 30, resource)).await;
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    let held = json_of(response).await;
    assert_eq!(held["transparencies"][0]["blockName"], "Emergency Slot");
    let pending = held["confirmAppointmentId"].as_i64().expect("held id");
    // While held, the time is taken.
    let other = app.post("/api/scheduling/1/appointments", &token, booking(6, start, 30, resource)).await;
    assert_eq!(other.status(), StatusCode::CONFLICT);
    assert_eq!(json_of(other).await["appointments"][0]["appointmentId"], pending);
    let confirmed =
        app.call(Method::PATCH, &format!("/api/scheduling/1/appointments/{pending}/confirm"), Some(&token), None).await;
    assert_eq!(confirmed.status(), StatusCode::OK);
    let confirmed = json_of(confirmed).await;
    assert_eq!((confirmed["appointmentId"].as_i64(), confirmed["pending"].as_bool()), (Some(pending), Some(false)));
    // Confirming a booked appointment again changes nothing, and shows it: audited too.
    let again =
        app.call(Method::PATCH, &format!("/api/scheduling/1/appointments/{pending}/confirm"), Some(&token), None).await;
    assert_eq!(again.status(), StatusCode::OK);
    let confirms = app.audit("appointment.confirm").await;
    assert_eq!(confirms.len(), 2);
    assert_eq!(confirms[0].detail.as_deref(), Some("already booked"));

    // The second half hour: held, then discarded.
    let later = start + Duration::minutes(30);
    let held = json_of(app.post("/api/scheduling/1/appointments", &token, booking(6, later, 30, resource)).await).await;
    let discard = held["confirmAppointmentId"].as_i64().expect("held id");
    let deleted =
        app.call(Method::DELETE, &format!("/api/scheduling/1/appointments/{discard}"), Some(&token), None).await;
    assert_eq!(deleted.status(), StatusCode::NO_CONTENT);
    assert_eq!(
        app.get(&format!("/api/scheduling/1/appointments/{discard}"), &token).await.status(),
        StatusCode::NOT_FOUND
    );
}

async fn a_hold_nobody_confirms_gives_its_slot_back(app: TestApp) {
    let token = app.demo_token().await;
    let slot = block_out_with_rule(&app, &token, "confirm").await;
    let start: DateTime<Utc> = serde_json::from_value(slot["start"].clone()).expect("start");
    let resource = slot["resourceId"].as_i64().expect("resource");
    let held = json_of(app.post("/api/scheduling/1/appointments", &token, booking(5, start, 30, resource)).await).await;
    let abandoned = held["confirmAppointmentId"].as_i64().expect("held id");

    // The user walked away from 'Confirm Appointment!'.
    app.clock.advance(Duration::minutes(domain::schedule::HOLD_MINUTES) + Duration::seconds(1));
    let day_of_slot =
        day_list(&app, &token, &format!("date={}&resources={resource}", (start - Duration::hours(10)).date_naive()))
            .await;
    assert!(day_of_slot.iter().all(|a| a["appointmentId"] != abandoned), "an expired hold is off the day");
    let late = app
        .call(Method::PATCH, &format!("/api/scheduling/1/appointments/{abandoned}/confirm"), Some(&token), None)
        .await;
    assert_eq!(late.status(), StatusCode::CONFLICT);
    assert!(json_of(late).await["message"].as_str().expect("text").contains("released"));

    // Someone else may now take the time (held for them in turn).
    let next = app.post("/api/scheduling/1/appointments", &token, booking(6, start, 30, resource)).await;
    assert_eq!(next.status(), StatusCode::ACCEPTED);
}

async fn moving_into_a_confirm_block_out_holds_the_change(app: TestApp) {
    let token = app.demo_token().await;
    let slot = block_out_with_rule(&app, &token, "confirm").await;
    let start: DateTime<Utc> = serde_json::from_value(slot["start"].clone()).expect("start");
    let resource = slot["resourceId"].as_i64().expect("resource");
    let day_of_slot = start - Duration::hours(10);
    let original =
        json_of(app.post("/api/scheduling/1/appointments", &token, booking(5, day_of_slot, 30, resource)).await).await;
    let id = original["appointmentId"].as_i64().expect("booked at 6 AM");
    let path = format!("/api/scheduling/1/appointments/{id}");

    let moved = app.edit(&path, &token, json!({"start": start})).await;
    assert_eq!(moved.status(), StatusCode::ACCEPTED);
    let change = json_of(moved).await["confirmAppointmentId"].as_i64().expect("held change");
    assert_ne!(change, id);
    assert_eq!(json_of(app.get(&path, &token).await).await["start"], original["start"], "unchanged until confirmed");
    // Discarding the held change keeps the original as it was.
    app.call(Method::DELETE, &format!("/api/scheduling/1/appointments/{change}"), Some(&token), None).await;
    assert_eq!(json_of(app.get(&path, &token).await).await["start"], original["start"]);
    // Confirming one applies it to the original appointment.
    let change = json_of(app.edit(&path, &token, json!({"start": start})).await).await["confirmAppointmentId"]
        .as_i64()
        .expect("held");
    let confirmed = json_of(
        app.call(Method::PATCH, &format!("/api/scheduling/1/appointments/{change}/confirm"), Some(&token), None).await,
    )
    .await;
    assert_eq!(confirmed["appointmentId"], id);
    assert_eq!(confirmed["start"], json!(start));
    assert_eq!(
        app.get(&format!("/api/scheduling/1/appointments/{change}"), &token).await.status(),
        StatusCode::NOT_FOUND
    );
}

async fn appointment_form_rules_are_enforced(app: TestApp) {
    let token = app.demo_token().await;
    let response =
        app.post("/api/scheduling/1/appointments", &token, json!({"typeId": 1, "statusId": 1, "length": 1000})).await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    assert_eq!(
        json_of(response).await["fields"],
        json!({
            "patientId": "Required field", "start": "Required field", "resourceId": "Required field",
            "typeId": "Required field", "statusId": "Required field",
            "length": "Must be a whole number of minutes from 1 to 999"
        })
    );
    let mut unknown = booking(5, la(day(1), 6, 0), 30, 99);
    unknown["typeId"] = json!(99);
    assert_eq!(
        json_of(app.post("/api/scheduling/1/appointments", &token, unknown).await).await["fields"],
        json!({"resourceId": "Choose from the list", "typeId": "Choose from the list"})
    );
    assert_eq!(
        app.post("/api/scheduling/1/appointments", &token, booking(999_999, la(day(1), 6, 0), 30, 1)).await.status(),
        StatusCode::NOT_FOUND
    );
    let id = json_of(app.post("/api/scheduling/1/appointments", &token, booking(5, la(day(1), 5, 0), 30, 3)).await)
        .await["appointmentId"]
        .as_i64()
        .expect("id");
    let response = app.edit(&format!("/api/scheduling/1/appointments/{id}"), &token, json!({"patientId": 6})).await;
    assert_eq!(json_of(response).await["fields"]["patientId"], "The patient of an appointment cannot be changed");

    // The end the app sends must be the start plus the duration; alone, it gives the duration.
    let start = la(day(1), 5, 0);
    let mut wrong = booking(5, start, 30, 4);
    wrong["end"] = json!(start + Duration::minutes(45));
    let response = app.post("/api/scheduling/1/appointments", &token, wrong).await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    assert_eq!(json_of(response).await["fields"], json!({"end": "Must be the start plus the duration"}));
    let longer = app
        .edit(&format!("/api/scheduling/1/appointments/{id}"), &token, json!({"end": start + Duration::minutes(50)}))
        .await;
    assert_eq!(longer.status(), StatusCode::OK);
    assert_eq!(json_of(longer).await["length"], 50);
}

async fn count_booked_at(app: &TestApp, token: &str, start: DateTime<Utc>, resource: i64) -> usize {
    let list = day_list(app, token, &format!("date={}&resources={resource}", day(3))).await;
    list.iter().filter(|a| a["start"] == json!(start)).count()
}

async fn fifty_requests_for_one_slot_book_it_once(app: TestApp) {
    let token = app.demo_token().await;
    let start = la(day(3), 6, 15);
    let requests: Vec<_> = (0..50)
        .map(|i| {
            let request = app
                .client
                .post(app.url("/api/scheduling/1/appointments"))
                .header("jwt", &token)
                .json(&booking(5 + i % 20, start, 30, 4));
            tokio::spawn(async move { request.send().await.expect("send").status() })
        })
        .collect();
    let mut statuses = Vec::new();
    for request in requests {
        statuses.push(request.await.expect("task"));
    }
    assert_eq!(statuses.iter().filter(|s| **s == StatusCode::CREATED).count(), 1, "{statuses:?}");
    assert_eq!(statuses.iter().filter(|s| **s == StatusCode::CONFLICT).count(), 49, "{statuses:?}");
    assert_eq!(count_booked_at(&app, &token, start, 4).await, 1);
}

async fn two_servers_on_one_database_never_double_book(app: TestApp) {
    let token = app.demo_token().await;
    let other = app.second_server(ServerConfig::default()).await;
    let start = la(day(3), 5, 30);
    let requests: Vec<_> = (0..50)
        .map(|i| {
            let base = if i % 2 == 0 { app.address.clone() } else { other.clone() };
            let request = app
                .client
                .post(format!("{base}/api/scheduling/1/appointments"))
                .header("jwt", &token)
                .json(&booking(5, start, 30, 2));
            tokio::spawn(async move { request.send().await.expect("send").status() })
        })
        .collect();
    let mut booked = 0;
    for request in requests {
        if request.await.expect("task") == StatusCode::CREATED {
            booked += 1;
        }
    }
    assert_eq!(booked, 1);
    assert_eq!(count_booked_at(&app, &token, start, 2).await, 1);
}

async fn deleted_appointments_leave_the_day_and_stay_in_the_history(app: TestApp) {
    let token = app.demo_token().await;
    let booked =
        json_of(app.post("/api/scheduling/1/appointments", &token, booking(7, la(day(1), 6, 30), 30, 2)).await).await;
    let id = booked["appointmentId"].as_i64().expect("id");
    let response = app.call(Method::DELETE, &format!("/api/scheduling/1/appointments/{id}"), Some(&token), None).await;
    assert_eq!(response.status(), StatusCode::NO_CONTENT);
    assert!(!day_list(&app, &token, &format!("date={}", day(1))).await.iter().any(|a| a["appointmentId"] == id));
    let history = json_of(app.get("/api/patients/patient/7/appointments?deleted=true", &token).await).await;
    assert!(history.as_array().expect("list").iter().any(|a| a["appointmentId"] == id && a["deleted"] == true));
    let without = json_of(app.get("/api/patients/patient/7/appointments", &token).await).await;
    assert!(!without.as_array().expect("list").iter().any(|a| a["appointmentId"] == id));
    assert_eq!(app.audit("appointment.delete").await[0].patient_id, Some(7));
}

/// A demo patient with a long history.
async fn patient_with_history(app: &TestApp, token: &str) -> (i64, Vec<Value>) {
    let mut best = (0, Vec::new());
    for id in 1..=40 {
        let list =
            json_of(app.get(&format!("/api/patients/patient/{id}/appointments?deleted=true"), token).await).await;
        let list = list.as_array().cloned().expect("list");
        if list.len() > best.1.len() {
            best = (id, list);
        }
    }
    best
}

async fn patient_appointments_filter_by_range_status_and_kind(app: TestApp) {
    let token = app.demo_token().await;
    let (patient, all) = patient_with_history(&app, &token).await;
    assert!(all.len() >= 3, "a demo patient with a history");
    let starts: Vec<&str> = all.iter().map(|a| a["start"].as_str().expect("start")).collect();
    assert!(starts.windows(2).all(|w| w[0] <= w[1]), "oldest first");
    let path = |query: &str| format!("/api/patients/patient/{patient}/appointments?{query}");

    let future = json_of(app.get(&path(&format!("start={TODAY}&deleted=true")), &token).await).await;
    let expected_future = all.iter().filter(|a| a["appointmentDate"].as_str().is_some_and(|d| d >= TODAY)).count();
    assert_eq!(future.as_array().map(Vec::len), Some(expected_future));
    let year = json_of(app.get(&path("start=2026-01-01&end=2026-12-31&deleted=true"), &token).await).await;
    assert!(
        year.as_array()
            .expect("list")
            .iter()
            .all(|a| a["appointmentDate"].as_str().is_some_and(|d| d.starts_with("2026-")))
    );

    let status = all[0]["statusId"].as_i64().expect("status");
    let only = json_of(app.get(&path(&format!("statusId={status}&deleted=true")), &token).await).await;
    assert!(only.as_array().expect("list").iter().all(|a| a["statusId"] == status));
    let active = json_of(app.get(&path("inactive=false&deleted=true"), &token).await).await;
    assert!(active.as_array().expect("list").iter().all(|a| a["statusCategory"] == "active"));
    let bad = app.get(&path("start=yesterday"), &token).await;
    assert_eq!(json_of(bad).await["fields"]["start"], "Use the format yyyy-MM-dd");
}

async fn follow_ups_and_last_next_appointments(app: TestApp) {
    let token = app.demo_token().await;
    let mut seen_scheduled = false;
    let mut seen_unscheduled = false;
    for id in 1..=40 {
        let list = json_of(app.get(&format!("/api/patients/patient/{id}/followups"), &token).await).await;
        for f in list.as_array().expect("list") {
            for field in ["type", "frequency", "followupDate", "lastVisit", "nextVisit", "scheduled", "appointmentId"] {
                assert!(f.get(field).is_some(), "{field}");
            }
            seen_scheduled |= !f["scheduled"].is_null();
            seen_unscheduled |= f["scheduled"].is_null();
        }
    }
    assert!(seen_scheduled && seen_unscheduled, "follow-ups scheduled and not");

    let booked =
        json_of(app.post("/api/scheduling/1/appointments", &token, booking(9, la(day(5), 6, 0), 30, 3)).await).await;
    let next = json_of(app.get("/api/patients/patient/9/lastNextAppointment", &token).await).await;
    assert!(next["nextAppointmentId"].is_i64());
    let detail =
        json_of(app.get(&format!("/api/scheduling/1/appointments/{}", booked["appointmentId"]), &token).await).await;
    assert!(detail.get("lastAppointmentId").is_some() && detail.get("nextAppointmentId").is_some());
}

/// The Last & Next of an appointment are the patient's appointments just before and just
/// after its start, never itself and never a deleted one; those of the patient are around now.
async fn last_and_next_are_around_the_appointment_not_now(app: TestApp) {
    let token = app.demo_token().await;
    let mut patient = json!({
        "firstName": "Odalys", "lastName": "Farquharson", "birthdate": "1981-03-02", "sex": 1,
        "accountProviderId": 3, "officeId": 1, "feeScheduleId": 1,
    });
    patient["relationshipToPrimary"] = json!(1);
    let created = app.post("/api/patients", &token, patient).await;
    assert_eq!(created.status(), StatusCode::CREATED);
    let patient = json_of(created).await["patientId"].as_i64().expect("id");
    let book = async |at: DateTime<Utc>| {
        let response = app.post("/api/scheduling/1/appointments", &token, booking(patient, at, 15, 4)).await;
        assert_eq!(response.status(), StatusCode::CREATED, "{at}");
        json_of(response).await["appointmentId"].as_i64().expect("id")
    };
    let earlier = book(la(day(-24), 6, 0)).await;
    let this = book(la(day(0), 6, 0)).await;
    let deleted = book(la(day(2), 6, 0)).await;
    let later = book(la(day(6), 6, 0)).await;
    let response =
        app.call(Method::DELETE, &format!("/api/scheduling/1/appointments/{deleted}"), Some(&token), None).await;
    assert_eq!(response.status(), StatusCode::NO_CONTENT);

    let around = |id: i64| {
        let app = &app;
        let token = &token;
        async move { json_of(app.get(&format!("/api/scheduling/1/appointments/{id}"), token).await).await }
    };
    let detail = around(this).await;
    assert_eq!(
        (detail["lastAppointmentId"].as_i64(), detail["nextAppointmentId"].as_i64()),
        (Some(earlier), Some(later))
    );
    assert_eq!(detail["lastAppointment"], json!(la(day(-24), 6, 0)));
    let first = around(earlier).await;
    assert_eq!((first["lastAppointmentId"].as_i64(), first["nextAppointmentId"].as_i64()), (None, Some(this)));
    let last = around(later).await;
    assert_eq!((last["lastAppointmentId"].as_i64(), last["nextAppointmentId"].as_i64()), (Some(this), None));
}

async fn treatment_plans_add_up(app: TestApp) {
    let token = app.demo_token().await;
    let mut seen = false;
    for appointment in day_list(&app, &token, &format!("date={TODAY}")).await {
        let plans = json_of(
            app.get(&format!("/api/scheduling/1/appointment/{}/treatmentPlans", appointment["appointmentId"]), &token)
                .await,
        )
        .await;
        for plan in plans.as_array().expect("list") {
            seen = true;
            let charges: i64 = plan["phases"]
                .as_array()
                .expect("phases")
                .iter()
                .flat_map(|p| p["charges"].as_array().expect("charges").iter())
                .map(|c| c["ammount"].as_i64().expect("ammount in integer cents"))
                .sum();
            assert_eq!(plan["total"].as_i64(), Some(charges), "total in cents");
            let portions = plan["patientPortion"].as_i64().expect("patient cents")
                + plan["insurancePortion"].as_i64().expect("insurance cents");
            assert_eq!(Some(portions), plan["total"].as_i64());
        }
    }
    assert!(seen, "someone on today's schedule has a treatment plan");
}

async fn version_moves_with_every_change(app: TestApp) {
    let token = app.demo_token().await;
    let version = || async {
        json_of(app.get("/api/scheduling/1/version", &token).await).await["version"].as_i64().expect("version")
    };
    let before = version().await;
    let booked =
        json_of(app.post("/api/scheduling/1/appointments", &token, booking(5, la(day(4), 6, 0), 30, 1)).await).await;
    let after_booking = version().await;
    assert!(after_booking > before);
    app.edit(&format!("/api/scheduling/1/appointments/{}", booked["appointmentId"]), &token, json!({"notes": "Moved"}))
        .await;
    assert!(version().await > after_booking);
}

async fn schedule_routes_need_a_session_and_are_audited(app: TestApp) {
    for (method, path) in [
        (Method::GET, "/api/scheduling/1/appointments"),
        (Method::POST, "/api/scheduling/1/appointments"),
        (Method::GET, "/api/scheduling/1/appointments/1"),
        (Method::PATCH, "/api/scheduling/1/appointments/1/confirm"),
        (Method::DELETE, "/api/scheduling/1/appointments/1"),
        (Method::GET, "/api/scheduling/1/resources"),
        (Method::GET, "/api/scheduling/1/appointmentTypes"),
        (Method::GET, "/api/scheduling/1/appointmentStatuses"),
        (Method::GET, "/api/scheduling/1/version"),
        (Method::GET, "/api/patients/patient/5/followups"),
    ] {
        assert_eq!(app.call(method, path, None, Some(json!({}))).await.status(), StatusCode::UNAUTHORIZED, "{path}");
    }
    let token = app.demo_token().await;
    let resources = json_of(app.get("/api/scheduling/1/resources", &token).await).await;
    assert_eq!(resources.as_array().map(Vec::len), Some(4));
    let statuses = json_of(app.get("/api/scheduling/1/appointmentStatuses", &token).await).await;
    let categories: Vec<&str> =
        statuses.as_array().expect("list").iter().map(|s| s["category"].as_str().expect("category")).collect();
    assert!(categories.contains(&"missed") && categories.contains(&"cancelled") && categories.contains(&"reschedule"));
    day_list(&app, &token, &format!("date={TODAY}")).await;
    assert_eq!(app.audit("schedule.read").await.len(), 1);
    let booked =
        json_of(app.post("/api/scheduling/1/appointments", &token, booking(5, la(day(6), 6, 0), 30, 1)).await).await;
    app.get(&format!("/api/scheduling/1/appointments/{}", booked["appointmentId"]), &token).await;
    assert_eq!(app.audit("appointment.create").await[0].patient_id, Some(5));
    assert_eq!(app.audit("appointment.read").await[0].patient_id, Some(5));
}
