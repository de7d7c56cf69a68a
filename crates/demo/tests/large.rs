//! A large practice, small: the base practice without patients, then generated
//! households with their charts, written chunk by chunk with their ids continued.

use std::sync::Arc;

use chrono::{DateTime, Utc};
use sea_orm::{EntityTrait, PaginatorTrait};
use store::Store;
use store::entities::{chart_entry, chart_file, patient, patient_referral, referrer};

#[tokio::test]
async fn a_large_practice_has_charts_for_its_generated_patients() {
    let dir = std::env::temp_dir().join(format!("pocketchart-large-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("folder");
    let url = format!("sqlite://{}", dir.join("large.db").display());
    let store = Store::open(&url, Arc::new(store::keys::Keys::generate())).await.expect("open");
    let now: DateTime<Utc> = "2026-11-22T15:00:00Z".parse().expect("date");
    let summary = demo::large::fill(&store, 7, now, 6_000, |_| {}).await.expect("a large practice");
    assert!(summary.patients >= 6_000);
    let db = store.connection();
    assert!(patient::Entity::find().count(db).await.expect("patients") >= 6_000);
    let entries = chart_entry::Entity::find().count(db).await.expect("entries");
    assert!(entries > 6_000 * 3, "charts for the generated patients: {entries}");
    assert!(referrer::Entity::find().count(db).await.expect("referrers") >= 10);
    assert!(patient_referral::Entity::find().count(db).await.expect("referrals") > 0);
    // Files follow their entries across chunks (6,000 patients are two chunks).
    let files = chart_file::Entity::find().all(db).await.expect("files");
    assert!(!files.is_empty());
    for file in files.iter().step_by(50) {
        let entry = chart_entry::Entity::find_by_id(file.entry_id).one(db).await.expect("read").expect("its entry");
        assert_eq!(entry.section, "attachments");
    }
    store.close().await;
    let _ = std::fs::remove_dir_all(&dir);
}
