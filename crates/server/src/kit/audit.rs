//! Audit entries begun from the session that caused them.

use store::audit::{AuditEntry, Outcome};

use crate::auth::CurrentSession;

/// Starts audit entries with who did it and from where.
pub trait AuditEntries {
    /// A successful `action` by this session's user.
    fn audit(&self, action: &'static str) -> AuditEntry;
}

impl AuditEntries for CurrentSession {
    fn audit(&self, action: &'static str) -> AuditEntry {
        AuditEntry {
            user_id: Some(self.user_id),
            ip: Some(self.ip.clone()),
            ..AuditEntry::new(action, Outcome::Success)
        }
    }
}
