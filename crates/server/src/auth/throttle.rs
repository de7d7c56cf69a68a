//! Login throttling: after too many failed logins from one address, or for one
//! username, further attempts are refused for a while without checking the password.
//! The counts live in memory; each server process keeps its own.

use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;

use chrono::{DateTime, Duration, Utc};

#[derive(Clone, Copy, Debug)]
pub struct LoginLimits {
    /// Failed logins allowed per username within the window.
    pub per_username: usize,
    /// Failed logins allowed per client address within the window.
    pub per_address: usize,
    pub window: Duration,
}

impl Default for LoginLimits {
    fn default() -> Self {
        // A user who mistypes a few times is never stopped; a guesser gets 5 tries per
        // account and 20 per address each quarter hour.
        Self { per_username: 5, per_address: 20, window: Duration::minutes(15) }
    }
}

#[derive(Clone, Debug, Hash, PartialEq, Eq)]
enum Key {
    Username(String),
    Address(String),
}

/// Keys with no recent failure are dropped once the table grows past this.
const PRUNE_ABOVE: usize = 10_000;

pub struct LoginThrottle {
    limits: LoginLimits,
    failures: Mutex<HashMap<Key, VecDeque<DateTime<Utc>>>>,
}

impl LoginThrottle {
    pub fn new(limits: LoginLimits) -> Self {
        Self { limits, failures: Mutex::new(HashMap::new()) }
    }

    /// `Err(seconds)` when a login for `username` from `address` must wait that long.
    pub fn check(&self, address: &str, username: &str, now: DateTime<Utc>) -> Result<(), u64> {
        let mut failures = self.failures.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let checks = [
            (Key::Address(address.to_owned()), self.limits.per_address),
            (Key::Username(username.to_owned()), self.limits.per_username),
        ];
        let mut wait = 0i64;
        for (key, limit) in checks {
            if let Some(times) = failures.get_mut(&key) {
                Self::forget_before(times, now - self.limits.window);
                if times.len() >= limit {
                    // Free again when enough of the failures have aged out of the window.
                    let freeing = times[times.len() - limit] + self.limits.window;
                    wait = wait.max((freeing - now).num_seconds());
                }
            }
        }
        if wait > 0 { Err(wait.unsigned_abs()) } else { Ok(()) }
    }

    pub fn record_failure(&self, address: &str, username: &str, now: DateTime<Utc>) {
        let mut failures = self.failures.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if failures.len() > PRUNE_ABOVE {
            let cutoff = now - self.limits.window;
            failures.retain(|_, times| times.back().is_some_and(|last| *last > cutoff));
        }
        for key in [Key::Address(address.to_owned()), Key::Username(username.to_owned())] {
            failures.entry(key).or_default().push_back(now);
        }
    }

    /// A successful login clears the username's failures (not the address's).
    pub fn record_success(&self, username: &str) {
        let mut failures = self.failures.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        failures.remove(&Key::Username(username.to_owned()));
    }

    fn forget_before(times: &mut VecDeque<DateTime<Utc>>, cutoff: DateTime<Utc>) {
        while times.front().is_some_and(|t| *t <= cutoff) {
            times.pop_front();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(seconds: i64) -> DateTime<Utc> {
        DateTime::<Utc>::from_timestamp(1_790_000_000 + seconds, 0).expect("time")
    }

    #[test]
    fn username_is_throttled_after_its_limit_then_freed_by_time() {
        let throttle = LoginThrottle::new(LoginLimits::default());
        for i in 0..5 {
            assert_eq!(throttle.check("10.0.0.1", "demo", t(i)), Ok(()));
            throttle.record_failure("10.0.0.1", "demo", t(i));
        }
        assert_eq!(throttle.check("10.0.0.9", "demo", t(10)), Err(900 - 10));
        assert_eq!(throttle.check("10.0.0.9", "other", t(10)), Ok(()));
        assert_eq!(throttle.check("10.0.0.9", "demo", t(901)), Ok(()));
    }

    #[test]
    fn address_is_throttled_across_usernames() {
        let throttle = LoginThrottle::new(LoginLimits::default());
        for i in 0..20 {
            throttle.record_failure("10.0.0.1", &format!("user{i}"), t(0));
        }
        assert!(throttle.check("10.0.0.1", "fresh", t(1)).is_err());
        assert_eq!(throttle.check("10.0.0.2", "fresh", t(1)), Ok(()));
    }

    #[test]
    fn success_clears_the_usernames_failures() {
        let throttle = LoginThrottle::new(LoginLimits::default());
        for _ in 0..4 {
            throttle.record_failure("10.0.0.1", "demo", t(0));
        }
        throttle.record_success("demo");
        throttle.record_failure("10.0.0.1", "demo", t(1));
        assert_eq!(throttle.check("10.0.0.1", "demo", t(2)), Ok(()));
    }
}
