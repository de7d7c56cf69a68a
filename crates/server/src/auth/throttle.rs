//! Login throttling. Each attempt is counted before its password is checked, on two
//! counters in the database (so every server sharing it sees the same counts):
//!
//! - the username *and* address pair: 5 per 15 minutes. Guessing a user's password from
//!   one place stops there, while the real user, from their own device, still logs in:
//!   an attacker elsewhere cannot lock them out.
//! - the address: 100 per 15 minutes across usernames, against one machine trying many
//!   accounts. It is high because a clinic's staff share one address behind its router.
//!
//! A successful login clears its pair and gives back its count on the address; a login
//! never checked (the server too busy) gives both back.
//!
//! Password checks (Argon2, 19 MiB and a few dozen milliseconds each) run behind a
//! semaphore sized to the machine's cores: a burst waits its turn briefly, then gets 503,
//! instead of exhausting memory and the connection pool.

use std::time::Duration as StdDuration;

use chrono::{DateTime, Duration, Utc};
use store::Store;
use tokio::sync::{Semaphore, SemaphorePermit};

#[derive(Clone, Copy, Debug)]
pub struct LoginLimits {
    /// Attempts allowed per username and address pair within the window.
    pub per_pair: i32,
    /// Attempts allowed per client address within the window, across usernames.
    pub per_address: i32,
    pub window: Duration,
    /// Password checks run at once; None: one per core.
    pub verifications: Option<usize>,
    /// How long a login waits for a password check's turn before it gets 503.
    pub verification_wait: StdDuration,
}

impl Default for LoginLimits {
    fn default() -> Self {
        Self {
            per_pair: 5,
            per_address: 100,
            window: Duration::minutes(15),
            verifications: None,
            verification_wait: StdDuration::from_secs(5),
        }
    }
}

/// Counted attempts of one login; settle it with [`LoginThrottle::succeeded`] or
/// [`LoginThrottle::not_checked`] (a failure keeps its count).
#[derive(Debug)]
pub struct Reservation {
    pair: String,
    address: String,
}

pub struct LoginThrottle {
    limits: LoginLimits,
    verifying: Semaphore,
}

impl LoginThrottle {
    pub fn new(limits: LoginLimits) -> Self {
        let cores = std::thread::available_parallelism().map_or(2, std::num::NonZeroUsize::get);
        Self { limits, verifying: Semaphore::new(limits.verifications.unwrap_or(cores).max(1)) }
    }

    /// Counts this attempt, or `Err(seconds)` when the username and address pair or the
    /// address must wait that long first.
    pub async fn reserve(
        &self,
        store: &Store,
        address: &str,
        username: &str,
        now: DateTime<Utc>,
    ) -> Result<Result<Reservation, u64>, store::DbErr> {
        let reservation =
            Reservation { pair: format!("pair:{username}|{address}"), address: format!("address:{address}") };
        let cutoff = now - self.limits.window;
        let counters = [(&reservation.pair, self.limits.per_pair), (&reservation.address, self.limits.per_address)];
        // A look first: a flood already over its limit costs no write.
        for (key, limit) in counters {
            if let Some(counted) = store.login_attempts(key, cutoff).await?
                && counted.attempts >= limit
            {
                return Ok(Err(self.wait(counted.window_started_at, now)));
            }
        }
        let pair = store.count_login_attempt(&reservation.pair, now, cutoff).await?;
        if pair.attempts > self.limits.per_pair {
            return Ok(Err(self.wait(pair.window_started_at, now)));
        }
        let address = store.count_login_attempt(&reservation.address, now, cutoff).await?;
        if address.attempts > self.limits.per_address {
            store.uncount_login_attempt(&reservation.pair).await?;
            return Ok(Err(self.wait(address.window_started_at, now)));
        }
        Ok(Ok(reservation))
    }

    /// The password was right: the pair starts over and the address gets its count back.
    pub async fn succeeded(&self, store: &Store, reservation: Reservation) -> Result<(), store::DbErr> {
        store.clear_login_attempts(&reservation.pair).await?;
        store.uncount_login_attempt(&reservation.address).await
    }

    /// The password was never checked (the server was too busy): nothing counts.
    pub async fn not_checked(&self, store: &Store, reservation: Reservation) -> Result<(), store::DbErr> {
        store.uncount_login_attempt(&reservation.pair).await?;
        store.uncount_login_attempt(&reservation.address).await
    }

    /// A turn to check a password, or None when none came within the wait.
    pub async fn verification_turn(&self) -> Option<SemaphorePermit<'_>> {
        tokio::time::timeout(self.limits.verification_wait, self.verifying.acquire()).await.ok()?.ok()
    }

    fn wait(&self, window_started_at: DateTime<Utc>, now: DateTime<Utc>) -> u64 {
        (window_started_at + self.limits.window - now).num_seconds().max(1).unsigned_abs()
    }

    /// Counters whose window ended before this are kept no longer (housekeeping).
    pub fn forgotten_before(&self, now: DateTime<Utc>) -> DateTime<Utc> {
        now - self.limits.window
    }
}
