//! The audit writer. Entries of reads and logins go through a queue and are written in
//! batches, one commit (one disk sync) per batch; each request waits until the batch
//! holding its entry is committed, so nothing is answered unrecorded, while a burst of
//! searches shares its syncs. Changes to a patient never come through here: their entry
//! is written in the same transaction as the change.
//!
//! While the database refuses writes, batches are retried with back-off; a request that
//! has waited [`DURABLE_WAIT`] gets 503 instead of its answer (its entry stays queued and
//! is written once the database is back: an unanswered read may be recorded, an answered
//! one is always recorded).
//!
//! Anonymous refusals (no session, a throttled login) are tallied instead: one row per
//! kind, address and minute with the count, so a flood cannot fill the log.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use chrono::{DateTime, Utc};
use store::Store;
use store::audit::{AuditEntry, ChainHead};
use tokio::sync::{mpsc, oneshot};

use crate::error::AppError;

/// Entries held before requests wait for room.
const QUEUE_CAPACITY: usize = 10_000;
/// Most entries in one transaction.
const BATCH: usize = 1_000;
/// How long a request waits for its entry to be committed before it gets 503.
pub const DURABLE_WAIT: Duration = Duration::from_secs(10);
/// How often tallies of anonymous refusals are written.
const TALLY_EVERY: Duration = Duration::from_secs(60);
/// Distinct tallies kept between writes; beyond it, refusals are counted under one key.
const TALLY_KEYS: usize = 10_000;

enum Message {
    /// An entry, and whom to tell once it is committed.
    Entry(DateTime<Utc>, Box<AuditEntry>, Option<oneshot::Sender<()>>),
    /// Answered once every entry sent before it is written.
    Flush(oneshot::Sender<()>),
}

#[derive(Clone, Debug, Hash, PartialEq, Eq)]
struct TallyKey {
    action: &'static str,
    ip: Option<String>,
    detail: Option<String>,
    patient_id: Option<i64>,
}

struct Tally {
    count: u64,
    first: DateTime<Utc>,
    last: DateTime<Utc>,
    entry: AuditEntry,
}

type Tallies = Arc<Mutex<HashMap<TallyKey, Tally>>>;

#[derive(Clone)]
pub struct AuditSink {
    sender: mpsc::Sender<Message>,
    tallies: Tallies,
}

/// Resolves when the writer has written everything and stopped (after every sink is
/// dropped).
pub struct AuditWriter(tokio::task::JoinHandle<()>);

impl AuditWriter {
    pub async fn finished(self) {
        let _ = self.0.await;
    }
}

impl AuditSink {
    pub fn start(store: Store) -> (Self, AuditWriter) {
        let (sender, receiver) = mpsc::channel(QUEUE_CAPACITY);
        let writer = tokio::spawn(write_batches(store, receiver));
        let sink = Self { sender, tallies: Tallies::default() };
        tokio::spawn(write_tallies_every_minute(sink.sender.downgrade(), Arc::clone(&sink.tallies)));
        (sink, AuditWriter(writer))
    }

    /// Queues an entry and waits until it is committed: the caller answers only after.
    pub async fn record(&self, at: DateTime<Utc>, entry: AuditEntry) -> Result<(), AppError> {
        let (done, committed) = oneshot::channel();
        self.sender
            .send(Message::Entry(at, Box::new(entry), Some(done)))
            .await
            .map_err(|_| AppError::internal("the audit writer has stopped"))?;
        match tokio::time::timeout(DURABLE_WAIT, committed).await {
            Ok(Ok(())) => Ok(()),
            Ok(Err(_)) => Err(AppError::internal("the audit writer has stopped")),
            Err(_) => Err(AppError::unavailable(
                "The audit log cannot be written right now, so nothing can be shown. Please try again in a moment.",
            )),
        }
    }

    /// Counts an anonymous refusal; written as one row per kind, address and minute.
    pub fn tally(&self, at: DateTime<Utc>, entry: AuditEntry) {
        let mut tallies = self.tallies.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let mut key = TallyKey {
            action: entry.action,
            ip: entry.ip.clone(),
            detail: entry.detail.clone(),
            patient_id: entry.patient_id,
        };
        if tallies.len() >= TALLY_KEYS && !tallies.contains_key(&key) {
            key = TallyKey { action: "refusals.overflow", ip: None, detail: None, patient_id: None };
        }
        tallies
            .entry(key)
            .and_modify(|tally| {
                tally.count += 1;
                tally.last = at;
            })
            .or_insert(Tally { count: 1, first: at, last: at, entry });
    }

    /// Waits until every entry recorded so far, tallies included, is in the database.
    pub async fn flush(&self) {
        for (at, entry) in take_tallies(&self.tallies) {
            let _ = self.sender.send(Message::Entry(at, Box::new(entry), None)).await;
        }
        let (done, written) = oneshot::channel();
        if self.sender.send(Message::Flush(done)).await.is_ok() {
            let _ = written.await;
        }
    }
}

/// The tallies as entries, emptied.
fn take_tallies(tallies: &Tallies) -> Vec<(DateTime<Utc>, AuditEntry)> {
    let taken = std::mem::take(&mut *tallies.lock().unwrap_or_else(std::sync::PoisonError::into_inner));
    taken
        .into_values()
        .map(|tally| {
            let what = tally.entry.detail.clone().unwrap_or_else(|| "refused".into());
            let detail = format!(
                "{what}: {} time(s) from {} to {}",
                tally.count,
                tally.first.format("%Y-%m-%dT%H:%M:%SZ"),
                tally.last.format("%Y-%m-%dT%H:%M:%SZ")
            );
            (tally.last, AuditEntry { detail: Some(detail), ..tally.entry })
        })
        .collect()
}

async fn write_tallies_every_minute(sender: mpsc::WeakSender<Message>, tallies: Tallies) {
    let mut every = tokio::time::interval(TALLY_EVERY);
    every.tick().await;
    loop {
        every.tick().await;
        // The queue is gone once the server has shut down (its last flush wrote them).
        let Some(sender) = sender.upgrade() else { return };
        for (at, entry) in take_tallies(&tallies) {
            if sender.send(Message::Entry(at, Box::new(entry), None)).await.is_err() {
                return;
            }
        }
    }
}

async fn write_batches(store: Store, mut receiver: mpsc::Receiver<Message>) {
    // The chain's head as this writer left it: the next batch links after it without
    // reading it back (the store checks it is still the head).
    let mut head = None;
    while let Some(first) = receiver.recv().await {
        let mut entries = Vec::new();
        let mut waiting = Vec::new();
        let mut flushes = Vec::new();
        let mut next = Some(first);
        while let Some(message) = next.take() {
            match message {
                Message::Entry(at, entry, done) => {
                    entries.push((at, *entry));
                    waiting.extend(done);
                }
                Message::Flush(done) => flushes.push(done),
            }
            if entries.len() < BATCH {
                next = receiver.try_recv().ok();
            }
        }
        if !entries.is_empty() {
            head = write_with_retry(&store, head, entries).await;
        }
        for done in waiting.into_iter().chain(flushes) {
            let _ = done.send(());
        }
    }
}

/// Writes the batch, retrying until the database takes it; returns the chain's new head.
async fn write_with_retry(
    store: &Store,
    mut head: Option<ChainHead>,
    entries: Vec<(DateTime<Utc>, AuditEntry)>,
) -> Option<ChainHead> {
    let mut delay = Duration::from_millis(50);
    loop {
        match store.record_audit_batch(head.as_ref(), entries.clone()).await {
            Ok(new_head) => return new_head,
            Err(error) => {
                // Read the head afresh on the next try.
                head = None;
                tracing::error!(%error, entries = entries.len(), "audit entries not written yet; retrying");
                tokio::time::sleep(delay).await;
                delay = (delay * 2).min(Duration::from_secs(5));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use store::audit::Outcome;

    #[test]
    fn refusals_are_tallied_per_kind_and_address() {
        let tallies = Tallies::default();
        let sink_tally = |ip: &str, at: i64| {
            let entry = AuditEntry {
                ip: Some(ip.into()),
                detail: Some("throttled".into()),
                ..AuditEntry::new("login", Outcome::Denied)
            };
            let at = DateTime::<Utc>::from_timestamp(1_790_000_000 + at, 0).expect("time");
            let (sender, _receiver) = mpsc::channel(1);
            AuditSink { sender, tallies: Arc::clone(&tallies) }.tally(at, entry);
        };
        for second in 0..500 {
            sink_tally("10.0.0.1", second);
        }
        sink_tally("10.0.0.2", 3);
        let mut written = take_tallies(&tallies);
        written.sort_by_key(|(_, entry)| entry.ip.clone());
        assert_eq!(written.len(), 2);
        let detail = written[0].1.detail.clone().unwrap_or_default();
        assert!(detail.starts_with("throttled: 500 time(s) from"), "{detail}");
        assert!(take_tallies(&tallies).is_empty());
    }
}
