//! The time, as the server sees it. Handlers never call `Utc::now()` themselves, so tests
//! can move a [`ManualClock`] to check idle expiry, lifetimes and throttling windows.

use std::sync::{Arc, Mutex};

use chrono::{DateTime, Duration, SubsecRound, Utc};

pub trait Clock: Send + Sync + 'static {
    /// Now, in whole seconds (instants travel without fractions).
    fn now(&self) -> DateTime<Utc>;
}

#[derive(Clone, Copy, Debug, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> DateTime<Utc> {
        Utc::now().trunc_subsecs(0)
    }
}

/// A clock that stands still until told to move.
#[derive(Clone, Debug)]
pub struct ManualClock(Arc<Mutex<DateTime<Utc>>>);

impl ManualClock {
    pub fn starting_at(start: DateTime<Utc>) -> Self {
        Self(Arc::new(Mutex::new(start.trunc_subsecs(0))))
    }

    pub fn advance(&self, by: Duration) {
        let mut now = self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        *now += by;
    }
}

impl Clock for ManualClock {
    fn now(&self) -> DateTime<Utc> {
        *self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn manual_clock_moves_only_when_advanced() {
        let start = DateTime::parse_from_rfc3339("2026-11-22T10:00:00.750Z").expect("date").with_timezone(&Utc);
        let clock = ManualClock::starting_at(start);
        assert_eq!(clock.now().to_rfc3339(), "2026-11-22T10:00:00+00:00");
        clock.advance(Duration::minutes(5));
        assert_eq!(clock.now().to_rfc3339(), "2026-11-22T10:05:00+00:00");
    }
}
