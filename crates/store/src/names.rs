//! Typo-tolerant lookup of name keys.
//!
//! Every distinct last-name and first-name key is held in memory with the keys one
//! deletion away (the "symmetric delete" method): a typed word and a stored key that are
//! one edit apart share a deletion, so candidates come from a binary search instead of
//! a scan. Candidates are then checked with the real edit distance. The database only
//! answers exact key lookups, by index, for the keys found here.
//!
//! The keys live in table `name_keys`; each process loads them once and then only the
//! rows added since (by any server sharing the database).

use std::collections::hash_map::DefaultHasher;
use std::hash::Hasher;
use std::sync::RwLock;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

use domain::search::{edit_distance, typo_allowance};
use sea_orm::{ConnectionTrait, DbBackend, Statement};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NameKind {
    Last = 0,
    First = 1,
}

/// Most keys returned for one typed word; the closest come first.
const MAX_CANDIDATES: usize = 40;
/// Pending entries are merged into the sorted table once there are this many.
const MERGE_PENDING_AT: usize = 4096;
/// Names added by other servers sharing the database are picked up within this long.
const CATCH_UP_EVERY_SECONDS: u64 = 10;

#[derive(Default)]
struct KindIndex {
    keys: Vec<String>,
    /// (hash of the key or one of its deletions, index into `keys`), sorted.
    sorted: Vec<(u64, u32)>,
    /// Entries of keys added since the last merge, unsorted.
    pending: Vec<(u64, u32)>,
}

#[derive(Default)]
struct Inner {
    last: KindIndex,
    first: KindIndex,
    /// Highest `name_keys.id` loaded.
    loaded_up_to: i64,
}

#[derive(Default)]
pub struct NameIndex {
    inner: RwLock<Inner>,
    /// Set when this process saved a name, so the next lookup catches up first.
    stale: AtomicBool,
    /// Seconds since the epoch of the last catch-up (0: never).
    caught_up_at: AtomicU64,
}

fn seconds_now() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs())
}

fn hash(text: &str) -> u64 {
    // SipHash with fixed keys: the same text always hashes the same.
    let mut hasher = DefaultHasher::new();
    hasher.write(text.as_bytes());
    hasher.finish()
}

/// The word itself and every string made by deleting one of its letters.
fn deletions(word: &str) -> Vec<String> {
    let mut variants = Vec::with_capacity(word.len() + 1);
    variants.push(word.to_owned());
    for i in 0..word.len() {
        if word.is_char_boundary(i) && word.is_char_boundary(i + 1) {
            let mut variant = String::with_capacity(word.len());
            variant.push_str(&word[..i]);
            variant.push_str(&word[i + 1..]);
            variants.push(variant);
        }
    }
    variants.sort_unstable();
    variants.dedup();
    variants
}

impl KindIndex {
    fn add(&mut self, key: String) {
        let id = u32::try_from(self.keys.len()).unwrap_or(u32::MAX);
        for variant in deletions(&key) {
            self.pending.push((hash(&variant), id));
        }
        self.keys.push(key);
        if self.pending.len() >= MERGE_PENDING_AT {
            self.merge();
        }
    }

    fn merge(&mut self) {
        self.sorted.append(&mut self.pending);
        self.sorted.sort_unstable();
    }

    fn candidates(&self, word: &str, limit: usize) -> Vec<(usize, &str)> {
        let mut found: Vec<(usize, &str)> = Vec::new();
        let mut seen: Vec<u32> = Vec::new();
        for variant in deletions(word) {
            let h = hash(&variant);
            let start = self.sorted.partition_point(|(entry, _)| *entry < h);
            let sorted_hits = self.sorted[start..].iter().take_while(|(entry, _)| *entry == h);
            let pending_hits = self.pending.iter().filter(|(entry, _)| *entry == h);
            for (_, id) in sorted_hits.chain(pending_hits) {
                if seen.contains(id) {
                    continue;
                }
                seen.push(*id);
                let key = self.keys[*id as usize].as_str();
                if let Some(distance) = edit_distance(word, key, limit) {
                    found.push((distance, key));
                }
            }
        }
        found.sort_unstable();
        found
    }
}

impl NameIndex {
    /// Keys of `kind` within a typo of `word` (itself included when stored), closest first.
    pub fn similar(&self, kind: NameKind, word: &str) -> Vec<String> {
        let limit = typo_allowance(word);
        if limit == 0 {
            return Vec::new();
        }
        let inner = self.inner.read().unwrap_or_else(std::sync::PoisonError::into_inner);
        let index = match kind {
            NameKind::Last => &inner.last,
            NameKind::First => &inner.first,
        };
        index.candidates(word, limit).into_iter().take(MAX_CANDIDATES).map(|(_, key)| key.to_owned()).collect()
    }

    pub fn len(&self) -> usize {
        let inner = self.inner.read().unwrap_or_else(std::sync::PoisonError::into_inner);
        inner.last.keys.len() + inner.first.keys.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Asks the next lookup to load new keys first.
    pub fn mark_stale(&self) {
        self.stale.store(true, Ordering::Release);
    }

    /// Catches up when this process saved a name, when it never loaded, or every few
    /// seconds for names other servers saved.
    pub async fn catch_up_if_due(&self, db: &impl ConnectionTrait) -> Result<(), sea_orm::DbErr> {
        let last = self.caught_up_at.load(Ordering::Acquire);
        let due =
            last == 0 || self.stale.swap(false, Ordering::AcqRel) || seconds_now() >= last + CATCH_UP_EVERY_SECONDS;
        if due {
            self.catch_up(db).await?;
            self.caught_up_at.store(seconds_now().max(1), Ordering::Release);
        }
        Ok(())
    }

    /// Loads the keys added to `name_keys` since the last call.
    pub async fn catch_up(&self, db: &impl ConnectionTrait) -> Result<(), sea_orm::DbErr> {
        let after = self.inner.read().unwrap_or_else(std::sync::PoisonError::into_inner).loaded_up_to;
        let backend = db.get_database_backend();
        let sql = match backend {
            DbBackend::Postgres => "SELECT id, kind, key FROM name_keys WHERE id > $1 ORDER BY id",
            _ => "SELECT id, kind, key FROM name_keys WHERE id > ? ORDER BY id",
        };
        let rows = db.query_all_raw(Statement::from_sql_and_values(backend, sql, [after.into()])).await?;
        if rows.is_empty() {
            return Ok(());
        }
        let mut inner = self.inner.write().unwrap_or_else(std::sync::PoisonError::into_inner);
        for row in rows {
            let id: i64 = row.try_get("", "id")?;
            if id <= inner.loaded_up_to {
                continue; // another caller loaded it meanwhile
            }
            let kind: i16 = row.try_get("", "kind")?;
            let key: String = row.try_get("", "key")?;
            if kind == NameKind::First as i16 {
                inner.first.add(key)
            } else {
                inner.last.add(key)
            }
            inner.loaded_up_to = id;
        }
        inner.last.merge();
        inner.first.merge();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn index(keys: &[&str]) -> NameIndex {
        let index = NameIndex::default();
        {
            let mut inner = index.inner.write().expect("lock");
            for key in keys {
                inner.last.add((*key).to_owned());
            }
            inner.last.merge();
        }
        index
    }

    #[test]
    fn single_typos_of_every_kind_are_found() {
        let names = index(&["smith", "smyth", "schmidt", "johnson", "jones", "garcia"]);
        assert_eq!(names.similar(NameKind::Last, "smtih"), ["smith"], "swapped letters");
        assert_eq!(names.similar(NameKind::Last, "smiht")[0], "smith");
        assert_eq!(names.similar(NameKind::Last, "jonson"), ["johnson"], "a letter missing");
        assert_eq!(names.similar(NameKind::Last, "garciaa"), ["garcia"], "a letter too many");
        assert_eq!(names.similar(NameKind::Last, "smith"), ["smith", "smyth"], "the key itself, then its neighbours");
        assert!(names.similar(NameKind::Last, "xyzzy").is_empty());
        assert!(names.similar(NameKind::First, "smith").is_empty(), "kinds are separate");
    }

    #[test]
    fn pending_keys_are_found_before_a_merge() {
        let names = index(&["smith"]);
        names.inner.write().expect("lock").last.add("nakamura".into());
        assert_eq!(names.similar(NameKind::Last, "nakamrua"), ["nakamura"]);
    }
}
