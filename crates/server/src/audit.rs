//! The audit writer: entries of reads and logins go through a queue and are written
//! in batches, one commit (one disk sync) per batch, so a burst of searches does not
//! queue behind a sync each. Changes to a patient never come through here: their entry
//! is written in the same transaction as the change.
//!
//! The queue is bounded: while the database refuses writes, entries wait in memory
//! (retried with back-off) and, once the queue is full, requests wait for room, so
//! nothing is served unrecorded for long. Shutting down drains the queue.

use std::time::Duration;

use chrono::{DateTime, Utc};
use store::Store;
use store::audit::AuditEntry;
use tokio::sync::{mpsc, oneshot};

use crate::error::AppError;

/// Entries held before requests wait for room.
const QUEUE_CAPACITY: usize = 10_000;
/// Most entries in one insert.
const BATCH: usize = 1_000;

enum Message {
    Entry(DateTime<Utc>, AuditEntry),
    /// Answered once every entry sent before it is written.
    Flush(oneshot::Sender<()>),
}

#[derive(Clone)]
pub struct AuditSink {
    sender: mpsc::Sender<Message>,
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
        (Self { sender }, AuditWriter(writer))
    }

    pub async fn record(&self, at: DateTime<Utc>, entry: AuditEntry) -> Result<(), AppError> {
        self.sender
            .send(Message::Entry(at, entry))
            .await
            .map_err(|_| AppError::internal("the audit writer has stopped"))
    }

    /// Waits until every entry recorded so far is in the database.
    pub async fn flush(&self) {
        let (done, written) = oneshot::channel();
        if self.sender.send(Message::Flush(done)).await.is_ok() {
            let _ = written.await;
        }
    }
}

async fn write_batches(store: Store, mut receiver: mpsc::Receiver<Message>) {
    while let Some(first) = receiver.recv().await {
        let mut entries = Vec::new();
        let mut waiting = Vec::new();
        let mut next = Some(first);
        while let Some(message) = next.take() {
            match message {
                Message::Entry(at, entry) => entries.push((at, entry)),
                Message::Flush(done) => waiting.push(done),
            }
            if entries.len() < BATCH {
                next = receiver.try_recv().ok();
            }
        }
        if !entries.is_empty() {
            write_with_retry(&store, entries).await;
        }
        for done in waiting {
            let _ = done.send(());
        }
    }
}

async fn write_with_retry(store: &Store, entries: Vec<(DateTime<Utc>, AuditEntry)>) {
    let mut delay = Duration::from_millis(50);
    loop {
        match store.record_audit_batch(entries.clone()).await {
            Ok(()) => return,
            Err(error) => {
                tracing::error!(%error, entries = entries.len(), "audit entries not written yet; retrying");
                tokio::time::sleep(delay).await;
                delay = (delay * 2).min(Duration::from_secs(5));
            }
        }
    }
}
