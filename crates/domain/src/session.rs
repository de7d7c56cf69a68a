//! How long a login lasts.
//!
//! The web app logs an idle user out after the `autoLogout` preference (spec part 1,
//! section 4) and sends a keep-alive every 30 seconds while it is open. The server's
//! own idle deadline is that preference plus a margin, so it only ends sessions whose
//! app is gone (a closed tab, a lost phone); the absolute lifetime bounds a stolen
//! token however busy it is kept.

use chrono::{DateTime, Duration, Utc};

/// Minutes of inactivity when the preference is missing or below 1 (spec: 15).
pub const DEFAULT_AUTO_LOGOUT_MINUTES: i64 = 15;
/// Added to the idle deadline so the app's own countdown always ends first.
pub const IDLE_MARGIN: Duration = Duration::minutes(2);
/// No session outlives this, whatever its activity.
pub const ABSOLUTE_LIFETIME: Duration = Duration::hours(12);
/// The idle clock is written back at most this often per session, so a busy client
/// does not turn every read into a database write. Idle expiry is exact to within it.
pub const TOUCH_INTERVAL: Duration = Duration::seconds(15);

/// The server's idle deadline for a user whose `autoLogout` preference is `minutes`.
pub fn idle_timeout(auto_logout_minutes: Option<i64>) -> Duration {
    let minutes = match auto_logout_minutes {
        // A value stored before the preference was bounded never stretches the deadline
        // past the longest choice.
        Some(m) if m >= 1 => m.min(crate::preferences::AUTO_LOGOUT_MAX),
        _ => DEFAULT_AUTO_LOGOUT_MINUTES,
    };
    Duration::minutes(minutes) + IDLE_MARGIN
}

/// The timing facts of one session, as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SessionTimes {
    pub created_at: DateTime<Utc>,
    pub last_seen_at: DateTime<Utc>,
    pub idle_timeout: Duration,
    pub revoked: bool,
}

/// Why a session no longer admits requests.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SessionEnd {
    Revoked,
    Idle,
    Lifetime,
}

impl SessionTimes {
    pub fn absolute_deadline(&self) -> DateTime<Utc> {
        self.created_at + ABSOLUTE_LIFETIME
    }

    pub fn idle_deadline(&self) -> DateTime<Utc> {
        self.last_seen_at + self.idle_timeout
    }

    /// The moment the session ends if nothing more happens.
    pub fn deadline(&self) -> DateTime<Utc> {
        self.idle_deadline().min(self.absolute_deadline())
    }

    /// `None` while the session is live at `now`.
    pub fn ended_at(&self, now: DateTime<Utc>) -> Option<SessionEnd> {
        if self.revoked {
            Some(SessionEnd::Revoked)
        } else if now >= self.absolute_deadline() {
            Some(SessionEnd::Lifetime)
        } else if now >= self.idle_deadline() {
            Some(SessionEnd::Idle)
        } else {
            None
        }
    }

    /// Whether a request at `now` should write the new last-seen time back.
    pub fn needs_touch(&self, now: DateTime<Utc>) -> bool {
        now - self.last_seen_at >= TOUCH_INTERVAL
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(minutes: i64) -> DateTime<Utc> {
        DateTime::<Utc>::from_timestamp(1_790_000_000, 0).expect("valid") + Duration::minutes(minutes)
    }

    fn session(last_seen_minute: i64) -> SessionTimes {
        SessionTimes {
            created_at: at(0),
            last_seen_at: at(last_seen_minute),
            idle_timeout: idle_timeout(Some(15)),
            revoked: false,
        }
    }

    #[test]
    fn idle_timeout_is_the_preference_plus_margin_and_defaults_to_15() {
        assert_eq!(idle_timeout(Some(5)), Duration::minutes(7));
        assert_eq!(idle_timeout(None), Duration::minutes(17));
        assert_eq!(idle_timeout(Some(0)), Duration::minutes(17));
        assert_eq!(idle_timeout(Some(-3)), Duration::minutes(17));
        assert_eq!(idle_timeout(Some(1)), Duration::minutes(3));
        assert_eq!(idle_timeout(Some(240)), Duration::minutes(32), "never past the longest choice");
    }

    #[test]
    fn session_is_live_until_idle_deadline() {
        let s = session(0);
        assert_eq!(s.ended_at(at(16)), None);
        assert_eq!(s.ended_at(at(17)), Some(SessionEnd::Idle));
    }

    #[test]
    fn activity_moves_the_idle_deadline_but_not_the_absolute_one() {
        let s = session(60 * 11 + 50);
        assert_eq!(s.ended_at(at(60 * 11 + 59)), None);
        assert_eq!(s.ended_at(at(60 * 12)), Some(SessionEnd::Lifetime));
        assert_eq!(s.deadline(), at(60 * 12));
    }

    #[test]
    fn revoked_session_is_ended_whatever_the_time() {
        let s = SessionTimes { revoked: true, ..session(0) };
        assert_eq!(s.ended_at(at(0)), Some(SessionEnd::Revoked));
    }

    #[test]
    fn touch_is_written_back_at_most_every_interval() {
        let s = session(0);
        assert!(!s.needs_touch(at(0) + Duration::seconds(14)));
        assert!(s.needs_touch(at(0) + Duration::seconds(15)));
    }
}
