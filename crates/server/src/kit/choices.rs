//! 'Choose from the list': an id a form sends must be one of its list's. The reference
//! lists (offices, types, statuses...) change only with the desktop product's set-up, so
//! they are read once and kept for a minute, not read whole on every save. Users can be
//! added or disabled at any moment (the CLI), so a chosen user is looked up by id.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use domain::reference::is_real_user_id;
use store::Store;
use tokio::sync::RwLock;

use crate::error::AppError;
use crate::state::AppState;

pub const CHOOSE_FROM_LIST: &str = "Choose from the list";

/// How long the reference lists are trusted before they are read again.
const FRESH_FOR: Duration = Duration::from_secs(60);

/// The reference lists an id can be chosen from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum List {
    Office,
    FeeSchedule,
    Language,
    MaritalStatus,
    EmploymentStatus,
    PatientRelationship,
    OrderType,
    OrderStatus,
    Resource,
    AppointmentType,
    AppointmentStatus,
}

/// The ids of every reference list, as read at one moment.
#[derive(Debug, Default)]
pub struct ReferenceIds(BTreeMap<List, Vec<i64>>);

impl ReferenceIds {
    async fn load(store: &Store) -> Result<Self, AppError> {
        let ids = |rows: Vec<i64>| rows;
        let lists = [
            (List::Office, ids(store.offices().await?.into_iter().map(|r| r.id).collect())),
            (List::FeeSchedule, store.fee_schedules().await?.into_iter().map(|r| r.id).collect()),
            (List::Language, store.languages().await?.into_iter().map(|r| r.id).collect()),
            (List::MaritalStatus, store.marital_statuses().await?.into_iter().map(|r| r.id).collect()),
            (List::EmploymentStatus, store.employment_statuses().await?.into_iter().map(|r| r.id).collect()),
            (List::PatientRelationship, store.patient_relationships().await?.into_iter().map(|r| r.id).collect()),
            (List::OrderType, store.order_types().await?.into_iter().map(|r| r.id).collect()),
            (List::OrderStatus, store.order_statuses().await?.into_iter().map(|r| r.id).collect()),
            (List::Resource, store.resources().await?.into_iter().map(|r| r.id).collect()),
            (List::AppointmentType, store.appointment_types().await?.into_iter().map(|r| r.id).collect()),
            (List::AppointmentStatus, store.appointment_statuses().await?.into_iter().map(|r| r.id).collect()),
        ];
        Ok(Self(lists.into_iter().collect()))
    }

    pub fn contains(&self, list: List, id: i64) -> bool {
        self.0.get(&list).is_some_and(|ids| ids.contains(&id))
    }
}

/// The reference lists, shared by every request of this server.
#[derive(Debug, Default)]
pub struct ReferenceCache {
    loaded: RwLock<Option<(Instant, Arc<ReferenceIds>)>>,
}

impl ReferenceCache {
    /// The lists, read again when older than a minute.
    pub async fn ids(&self, store: &Store) -> Result<Arc<ReferenceIds>, AppError> {
        if let Some((at, ids)) = self.loaded.read().await.as_ref()
            && at.elapsed() < FRESH_FOR
        {
            return Ok(Arc::clone(ids));
        }
        let mut slot = self.loaded.write().await;
        if let Some((at, ids)) = slot.as_ref()
            && at.elapsed() < FRESH_FOR
        {
            return Ok(Arc::clone(ids));
        }
        let ids = Arc::new(ReferenceIds::load(store).await?);
        *slot = Some((Instant::now(), Arc::clone(&ids)));
        Ok(ids)
    }
}

/// Checks the ids a form sent, adding 'Choose from the list' to `errors` for each that is
/// not on its list. A field that already has a problem keeps its first message.
pub struct Choices<'a> {
    store: &'a Store,
    ids: Arc<ReferenceIds>,
    errors: &'a mut domain::patient::FieldErrors,
}

impl<'a> Choices<'a> {
    pub async fn new(state: &'a AppState, errors: &'a mut domain::patient::FieldErrors) -> Result<Self, AppError> {
        Ok(Self { store: &state.store, ids: state.references.ids(&state.store).await?, errors })
    }

    /// Refuses `field` for a reason only the route knows (an incident of another patient).
    pub fn refuse_choice(&mut self, field: &str) {
        self.refuse(field);
    }

    fn refuse(&mut self, field: &str) {
        self.errors.entry(field.to_owned()).or_insert_with(|| CHOOSE_FROM_LIST.into());
    }

    /// `chosen`, when there is one, must be on `list`.
    pub fn on(&mut self, field: &str, list: List, chosen: Option<i64>) -> &mut Self {
        if let Some(id) = chosen
            && !self.ids.contains(list, id)
        {
            self.refuse(field);
        }
        self
    }

    /// `chosen`, when there is one, must be an enabled real user (a provider, if
    /// `providers_only`).
    pub async fn user(
        &mut self,
        field: &str,
        chosen: Option<i64>,
        providers_only: bool,
    ) -> Result<&mut Self, AppError> {
        if let Some(id) = chosen {
            let listed = is_real_user_id(id) && self.store.is_listed_user(id, providers_only).await?;
            if !listed {
                self.refuse(field);
            }
        }
        Ok(self)
    }
}
