//! The ICD-10-CM code set. The build embeds it (`data/icd10cm.tsv.gz`, written by
//! `tools/icd10cm/extract.py` from the CDC's release); searches run on it in memory,
//! and [`Store::load_diagnosis_codes`] copies it into `diagnosis_codes` so the database
//! holds the codes its charts and claims name, for reports and joins.

use std::io::Read;
use std::sync::LazyLock;

use domain::diagnosis::CodeSet;
use sea_orm::sea_query::{OnConflict, Query};
use sea_orm::{ActiveValue::Set, ConnectionTrait, EntityTrait, PaginatorTrait, TransactionTrait};

use crate::entities::{diagnosis_code, setting};
use crate::{DbErr, Store};

static EMBEDDED: &[u8] = include_bytes!("../data/icd10cm.tsv.gz");

/// The setting naming the release `diagnosis_codes` holds.
const RELEASE_SETTING: &str = "icd10cm.release";

static CODE_SET: LazyLock<CodeSet> = LazyLock::new(|| {
    let mut text = String::new();
    // The file is the build's own; a broken one gives an empty set, which a test catches.
    let _ = flate2::read::GzDecoder::new(EMBEDDED).read_to_string(&mut text);
    CodeSet::parse(&text)
});

/// The code set, read from the binary at first use (about 98,000 codes).
pub fn code_set() -> &'static CodeSet {
    &CODE_SET
}

/// Rows per insert, under both databases' bound-parameter limits (4 columns each).
const BATCH: usize = 2_000;

impl Store {
    /// Writes the code set into `diagnosis_codes` unless the table already holds this
    /// release. One transaction: readers see the old set or the new one, never half.
    /// Returns the codes written (0 when already current).
    pub async fn load_diagnosis_codes(&self) -> Result<usize, DbErr> {
        let set = code_set();
        let current = self.setting(RELEASE_SETTING).await?;
        let stored = diagnosis_code::Entity::find().count(&self.db).await?;
        if current.as_deref() == Some(set.release.as_str()) && stored == set.len() as u64 {
            return Ok(0);
        }
        let txn = self.db.begin().await?;
        txn.execute(&Query::delete().from_table(diagnosis_code::Entity).to_owned()).await?;
        for chunk in set.codes().chunks(BATCH) {
            let rows = chunk.iter().map(|code| diagnosis_code::ActiveModel {
                code: Set(code.code.clone()),
                code_key: Set(domain::diagnosis::code_key(&code.code)),
                billable: Set(code.billable),
                description: Set(code.description.clone()),
            });
            diagnosis_code::Entity::insert_many(rows).exec_without_returning(&txn).await?;
        }
        let release = setting::ActiveModel { key: Set(RELEASE_SETTING.to_owned()), value: Set(set.release.clone()) };
        setting::Entity::insert(release)
            .on_conflict(OnConflict::column(setting::Column::Key).update_column(setting::Column::Value).to_owned())
            .exec(&txn)
            .await?;
        txn.commit().await?;
        Ok(set.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_code_set_is_the_whole_release() {
        let set = code_set();
        assert!(set.release.starts_with("ICD-10-CM"), "{}", set.release);
        assert!(set.len() > 95_000, "{}", set.len());
        let billable = set.codes().iter().filter(|c| c.billable).count();
        assert!(billable > 74_000, "{billable}");
        let e119 = set.find("E11.9").expect("E11.9");
        assert_eq!(e119.description, "Type 2 diabetes mellitus without complications");
        assert!(e119.billable);
        assert!(!set.find("E11").expect("E11").billable, "a category is not billable");
        // The Acknowledgments page names this release.
        let acknowledged = include_str!("../../../web/build/acknowledgments.ts");
        let date = set.release.split(" (").next().and_then(|r| r.strip_prefix("ICD-10-CM ")).expect("a dated release");
        assert!(acknowledged.contains(&format!("{date} release")), "the Acknowledgments page names {date}");
        // Every code the demo's problem lists use is in the set.
        for code in ["I10", "E78.5", "J45.909", "K21.9", "F41.1", "M54.50", "F32.A", "K05.10", "K02.9", "G47.63"] {
            assert!(set.find(code).is_some_and(|c| c.billable), "{code}");
        }
    }
}
