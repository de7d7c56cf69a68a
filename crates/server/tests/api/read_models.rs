//! What a list costs the database: the store's read models join the names in, so an
//! orders page and a day of the schedule take a fixed, small number of statements,
//! whatever the number of rows; a patient's follow-ups take one, not one per row.

use chrono::{Duration, NaiveDate, TimeZone, Utc};
use reqwest::StatusCode;
use store::Store;
use store::orders::OrderFilter;

use crate::helpers::{TestApp, json_of};
use crate::on_both_databases;

on_both_databases!(
    an_orders_page_costs_two_statements_whatever_its_size,
    a_day_of_the_schedule_costs_one_statement,
    follow_ups_cost_one_statement,
    one_order_costs_three_statements,
    every_sections_count_costs_one_statement_and_a_section_one_more,
    a_request_costs_the_same_for_a_long_page_as_a_short_one,
    a_whole_name_search_asks_for_exact_and_mistyped_names_at_once,
);

/// The statements `run` makes (the least of three tries, so a background write that
/// happens to land in one try cannot inflate it).
async fn statements_of<F, Fut>(store: &Store, run: F) -> u64
where
    F: Fn(Store) -> Fut,
    Fut: std::future::Future<Output = usize>,
{
    let mut least = u64::MAX;
    for _ in 0..3 {
        let before = store.statements_run();
        let rows = run(store.clone()).await;
        assert!(rows > 0, "the measured read returned rows");
        least = least.min(store.statements_run() - before);
    }
    least
}

async fn an_orders_page_costs_two_statements_whatever_its_size(app: TestApp) {
    let filter = OrderFilter::default();
    let filter = &filter;
    let short =
        statements_of(&app.store, |s| async move { s.order_page(filter, 5, 0).await.expect("page").orders.len() })
            .await;
    let long =
        statements_of(&app.store, |s| async move { s.order_page(filter, 200, 0).await.expect("page").orders.len() })
            .await;
    assert_eq!((short, long), (2, 2), "the page and its capped count");
    let page = app.store.order_page(filter, 200, 0).await.expect("page");
    assert!(page.orders.len() > 25, "a long page: {}", page.orders.len());
    assert!(page.orders.iter().all(|o| o.type_name.is_some() && o.status_name.is_some()), "names joined");
}

/// The demo practice's busiest day around the test's clock, as instants.
fn day(date: NaiveDate) -> (chrono::DateTime<Utc>, chrono::DateTime<Utc>) {
    let tz = chrono_tz::America::Los_Angeles;
    let start = tz.from_local_datetime(&date.and_hms_opt(0, 0, 0).expect("midnight")).earliest().expect("start");
    (start.with_timezone(&Utc), (start + Duration::days(1)).with_timezone(&Utc))
}

async fn a_day_of_the_schedule_costs_one_statement(app: TestApp) {
    let now = crate::helpers::start_time();
    let mut busiest = (0, now.date_naive());
    for offset in -7..=7 {
        let date = now.date_naive() + Duration::days(offset);
        let (from, to) = day(date);
        let count = app.store.appointments_between(from, to, None, None, now).await.expect("day").len();
        busiest = busiest.max((count, date));
    }
    assert!(busiest.0 > 10, "the demo has a busy day: {busiest:?}");
    let (from, to) = day(busiest.1);
    let cost = statements_of(&app.store, |s| async move {
        let rows = s.appointments_between(from, to, None, None, now).await.expect("day");
        assert!(rows.iter().all(|a| a.patient_last_name.is_some() && a.resource_name.is_some()), "names joined");
        rows.len()
    })
    .await;
    assert_eq!(cost, 1, "{} appointments in one statement", busiest.0);
}

async fn follow_ups_cost_one_statement(app: TestApp) {
    let mut patient_with_most = (0, 0);
    for id in 1..=crate::helpers::TEST_PATIENTS as i64 {
        let count = app.store.follow_ups(id).await.expect("follow-ups").len();
        patient_with_most = patient_with_most.max((count, id));
    }
    let (count, patient) = patient_with_most;
    assert!(count > 0, "the demo has follow-ups");
    let cost =
        statements_of(&app.store, |s| async move { s.follow_ups(patient).await.expect("follow-ups").len() }).await;
    assert_eq!(cost, 1, "{count} follow-ups in one statement");
}

async fn every_sections_count_costs_one_statement_and_a_section_one_more(app: TestApp) {
    let today = crate::helpers::start_time().date_naive();
    let cost =
        statements_of(
            &app.store,
            |s| async move { s.section_counts(1, 1, today).await.expect("counts").entries.len() },
        )
        .await;
    assert_eq!(cost, 1, "28 sections counted in one statement");
    let p = crate::clinical::showcase();
    for section in ["labs", "perioVisits"] {
        let cost =
            statements_of(&app.store, |s| async move { s.chart_entries(p, section).await.expect("entries").len() })
                .await;
        assert_eq!(cost, 1, "{section}");
    }
    let cost = statements_of(&app.store, |s| async move { s.patient_orders(p).await.expect("orders").len() }).await;
    assert_eq!(cost, 1, "a patient's orders with their names");
    let cost =
        statements_of(&app.store, |s| async move { s.patient_referrals(p).await.expect("referrals").len() }).await;
    assert_eq!(cost, 1, "a patient's referrals with their referrers");
}

async fn one_order_costs_three_statements(app: TestApp) {
    let newest = app.store.order_page(&OrderFilter::default(), 1, 0).await.expect("page").orders[0].order.id;
    let cost = statements_of(&app.store, |s| async move {
        let detail = s.order_detail(newest).await.expect("order").expect("found");
        assert!(!detail.status_updates.is_empty(), "with its history");
        1
    })
    .await;
    assert_eq!(cost, 3, "the order, its notes and its status history");
}

/// Through the API: a page of 200 orders costs the database what a page of 5 does: the
/// page and its count, the session check, and the audit entry's transaction (begin, the
/// chain's head, the row, the head moved on, commit).
async fn a_request_costs_the_same_for_a_long_page_as_a_short_one(app: TestApp) {
    let token = app.demo_token().await;
    let mut cost = Vec::new();
    for limit in [5, 200, 5, 200, 5, 200, 5, 200] {
        app.audit("order.list").await; // the audit queue written before measuring
        let before = app.store.statements_run();
        let response = app.get(&format!("/api/orders/?limit={limit}"), &token).await;
        assert_eq!(response.status(), StatusCode::OK);
        let rows = json_of(response).await.as_array().expect("list").len();
        cost.push((limit, rows, app.store.statements_run() - before));
    }
    let least = |limit: usize| cost.iter().filter(|(l, ..)| *l == limit).map(|(.., n)| *n).min().expect("measured");
    assert!(cost.iter().any(|(limit, rows, _)| *limit == 200 && *rows > 25), "a long page: {cost:?}");
    assert!(least(5) <= 8 && least(200) == least(5), "{cost:?}");
}

/// 'Last, First' seldom fills a page by its exact spelling: the names a typo away are
/// asked for in the same statement as the exact ones, then the markers of those shown.
async fn a_whole_name_search_asks_for_exact_and_mistyped_names_at_once(app: TestApp) {
    let today = crate::helpers::start_time().date_naive();
    let patient = app.store.patients_by_ids(&[1]).await.expect("read").pop().expect("patient 1");
    let (last, first) = (patient.last_name.clone(), patient.first_name.clone());
    assert!(last.len() >= 4 && first.len() >= 3, "a demo name long enough to mistype: {last}, {first}");
    // The last name with its last two letters swapped: one typo.
    let mut chars: Vec<char> = last.chars().collect();
    let n = chars.len();
    chars.swap(n - 1, n - 2);
    let mistyped: String = chars.into_iter().collect();
    for typed in [format!("{last}, {first}"), format!("{mistyped}, {first}"), format!("{first} {mistyped}")] {
        let query = domain::search::parse_query(&typed, today);
        let (query, shown) = (&query, &typed);
        let cost = statements_of(&app.store, |s| async move {
            let hits = s.search_patients(query, 25, today).await.expect("search");
            assert!(hits.iter().any(|hit| hit.patient.id == 1), "{shown:?} finds patient 1");
            hits.len()
        })
        .await;
        assert_eq!(cost, 2, "{typed:?}: the candidates, then the markers of those shown");
    }
}
