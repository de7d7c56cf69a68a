//! Recently checked sessions, so a busy client does not cost a database read per
//! request. An entry is trusted for a couple of seconds; whatever this process changes
//! about a session (logout, activity, the idle deadline) it changes here too, so only a
//! revocation made by another server takes up to that long to be seen.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use store::entities::session;

/// How long an entry read from the database is trusted.
const FRESH_FOR: Duration = Duration::from_secs(2);
/// Entries past their time are swept once the table grows beyond this.
const SWEEP_ABOVE: usize = 10_000;

#[derive(Default)]
pub struct SessionCache {
    entries: Mutex<HashMap<String, (session::Model, Instant)>>,
}

impl SessionCache {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, (session::Model, Instant)>> {
        self.entries.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    pub fn get(&self, session_id: &str) -> Option<session::Model> {
        let entries = self.lock();
        let (row, read_at) = entries.get(session_id)?;
        (read_at.elapsed() < FRESH_FOR).then(|| row.clone())
    }

    pub fn put(&self, row: session::Model) {
        let mut entries = self.lock();
        if entries.len() > SWEEP_ABOVE {
            entries.retain(|_, (_, read_at)| read_at.elapsed() < FRESH_FOR);
        }
        entries.insert(row.id.clone(), (row, Instant::now()));
    }

    /// Records activity written to the database, keeping the entry's age.
    pub fn touched(&self, session_id: &str, at: chrono::DateTime<chrono::Utc>) {
        if let Some((row, _)) = self.lock().get_mut(session_id) {
            row.last_seen_at = at;
        }
    }

    pub fn forget(&self, session_id: &str) {
        self.lock().remove(session_id);
    }

    pub fn forget_user(&self, user_id: i64) {
        self.lock().retain(|_, (row, _)| row.user_id != user_id);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::{DateTime, Utc};

    fn row(id: &str, user_id: i64) -> session::Model {
        let at = DateTime::<Utc>::from_timestamp(1_790_000_000, 0).expect("time");
        session::Model {
            id: id.into(),
            user_id,
            created_at: at,
            last_seen_at: at,
            idle_timeout_seconds: 1020,
            revoked_at: None,
            ip: String::new(),
            client_type: 8,
        }
    }

    #[test]
    fn entries_are_kept_touched_and_forgotten() {
        let cache = SessionCache::default();
        cache.put(row("a", 2));
        cache.put(row("b", 3));
        let later = DateTime::<Utc>::from_timestamp(1_790_000_100, 0).expect("time");
        cache.touched("a", later);
        assert_eq!(cache.get("a").map(|r| r.last_seen_at), Some(later));
        cache.forget("a");
        assert!(cache.get("a").is_none());
        cache.forget_user(3);
        assert!(cache.get("b").is_none());
    }
}
