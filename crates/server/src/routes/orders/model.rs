//! Orders on the wire (spec part 1, section 4 'Order', section 7 'Orders'): the answers
//! with the names beside their ids, built from the store's read models, and the input
//! an order form sends.

use chrono::{DateTime, NaiveDate, Utc};
use domain::ids::{IncidentId, OfficeId, OrderId, PatientId, ResourceId, UserId};
use domain::orders::OrderDraft;
use domain::overlay::{choose, replace};
use serde::{Deserialize, Serialize};
use store::entities::order;
use store::orders::{OrderDetail, OrderView, PersonName};
use utoipa::{IntoParams, ToSchema};

/// A user named on an order or a note.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Person {
    pub user_id: UserId,
    pub first_name: String,
    pub last_name: String,
    pub unique_id: String,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderNote {
    pub note_id: i64,
    pub created: DateTime<Utc>,
    pub message: String,
    pub author: Option<Person>,
    /// Who the order was assigned to when the note was written.
    pub assigned_to: Option<Person>,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StatusUpdate {
    pub created: DateTime<Utc>,
    pub order_status_id: i64,
    pub status_string: String,
    pub user: Option<Person>,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IncidentRef {
    pub incident_id: IncidentId,
    pub incident_name: String,
}

/// An order, with the display strings the app shows beside the ids.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Order {
    pub orders_id: OrderId,
    /// The record's version: send it back with a change; a change made on an older one
    /// is refused (409) with the record as it now is.
    pub version: i32,
    /// The number staff quote, the order's id zero-padded.
    pub order_number: String,
    pub patient_id: Option<PatientId>,
    pub patient_first: Option<String>,
    pub patient_last: Option<String>,
    /// "Last, First", or null for a blank order.
    pub patient_name: Option<String>,
    pub provider_id: Option<UserId>,
    pub provider_name: Option<String>,
    pub office_id: Option<OfficeId>,
    pub office_string: Option<String>,
    pub incident_id: Option<IncidentId>,
    pub incident: Option<IncidentRef>,
    pub resource_id: Option<ResourceId>,
    pub assigned_to_user_id: UserId,
    pub assigned_to_name: String,
    pub type_id: i64,
    pub type_string: String,
    pub order_status_id: i64,
    pub status_string: String,
    pub urgent: bool,
    pub signed: bool,
    /// yyyy-MM-dd.
    pub due: Option<NaiveDate>,
    /// MM/dd/yyyy, as shown.
    pub due_date: Option<String>,
    /// yyyy-MM-dd.
    pub ordered: NaiveDate,
    pub short_description: String,
    pub long_description: String,
    /// Oldest first. Empty in lists.
    pub order_notes: Vec<OrderNote>,
    /// Oldest first. Empty in lists.
    pub status_updates: Vec<StatusUpdate>,
}

impl From<PersonName> for Person {
    fn from(p: PersonName) -> Self {
        Self { user_id: UserId(p.user_id), first_name: p.first_name, last_name: p.last_name, unique_id: p.unique_id }
    }
}

/// "Last, First" of a joined name, when both parts were found.
fn joined_name(last: &Option<String>, first: &Option<String>) -> Option<String> {
    domain::patient::joined_last_first(last.as_deref(), first.as_deref())
}

impl From<&OrderView> for Order {
    /// A row of the work list (no notes or history).
    fn from(v: &OrderView) -> Self {
        let o = &v.order;
        let has_patient = o.patient_id.is_some() && v.patient_first_name.is_some();
        Order {
            orders_id: OrderId(o.id),
            version: o.version,
            order_number: format!("{:06}", o.id),
            patient_id: o.patient_id.map(PatientId),
            patient_first: v.patient_first_name.clone().filter(|_| has_patient),
            patient_last: v.patient_last_name.clone().filter(|_| has_patient),
            patient_name: joined_name(&v.patient_last_name, &v.patient_first_name).filter(|_| has_patient),
            provider_id: o.provider_id.map(UserId),
            provider_name: joined_name(&v.provider_last_name, &v.provider_first_name),
            office_id: o.office_id.map(OfficeId),
            office_string: v.office_name.clone(),
            incident_id: o.incident_id.map(IncidentId),
            incident: o.incident_id.zip(v.incident_name.clone()).map(|(incident_id, incident_name)| IncidentRef {
                incident_id: IncidentId(incident_id),
                incident_name,
            }),
            resource_id: o.resource_id.map(ResourceId),
            assigned_to_user_id: UserId(o.assigned_to_user_id),
            assigned_to_name: joined_name(&v.assignee_last_name, &v.assignee_first_name).unwrap_or_default(),
            type_id: o.type_id,
            type_string: v.type_name.clone().unwrap_or_default(),
            order_status_id: o.status_id,
            status_string: v.status_name.clone().unwrap_or_default(),
            urgent: o.urgent,
            signed: o.signed,
            due: o.due,
            due_date: o.due.map(|d| d.format("%m/%d/%Y").to_string()),
            ordered: o.ordered,
            short_description: o.short_description.clone(),
            long_description: o.long_description.clone(),
            order_notes: Vec::new(),
            status_updates: Vec::new(),
        }
    }
}

impl From<&OrderDetail> for Order {
    /// One order with its notes and status history, oldest first.
    fn from(detail: &OrderDetail) -> Self {
        let mut answer = Order::from(&detail.view);
        answer.order_notes = detail
            .notes
            .iter()
            .map(|n| OrderNote {
                note_id: n.note.id,
                created: n.note.created_at,
                message: n.note.message.clone(),
                author: n.author().map(Person::from),
                assigned_to: n.assignee().map(Person::from),
            })
            .collect();
        answer.status_updates = detail
            .status_updates
            .iter()
            .map(|u| StatusUpdate {
                created: u.update.created_at,
                order_status_id: u.update.status_id,
                status_string: u.status_name.clone().unwrap_or_default(),
                user: u.user().map(Person::from),
            })
            .collect();
        answer
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct OrdersQuery {
    /// Orders per page (default 25, at most 200).
    pub limit: Option<u64>,
    /// Orders to skip.
    pub offset: Option<u64>,
    /// The Mine tab: orders assigned to this user id.
    pub user: Option<i64>,
    /// Office ids separated by commas; 0 is "no office". Absent or "all": every office.
    pub offices: Option<String>,
    pub providers: Option<String>,
    /// Status ids; 0 is 'All Open' (1, 7 and 8).
    pub statuses: Option<String>,
    pub types: Option<String>,
    /// 1: signed orders only.
    pub signed: Option<u8>,
    /// 1: unsigned orders only.
    pub unsigned: Option<u8>,
    /// Words that must each appear in the order's descriptions, number, or the name of
    /// its patient, type, status, assignee, provider or office (any case; at most 100
    /// characters, 8 words). The counts and pages are of the matching orders.
    pub keyword: Option<String>,
}

/// An order as its form sends it. On an edit, fields left out keep their values.
#[derive(Clone, Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct OrderInput {
    /// The `version` of the record this change was made on (or send it as `If-Match`).
    pub version: Option<i32>,
    /// Absent or 0 for a blank order. Fixed once the order exists.
    pub patient_id: Option<i64>,
    pub type_id: Option<i64>,
    pub short_description: Option<String>,
    pub long_description: Option<String>,
    pub provider_id: Option<i64>,
    pub order_status_id: Option<i64>,
    pub office_id: Option<i64>,
    /// 0 means none.
    pub incident_id: Option<i64>,
    pub assigned_to_user_id: Option<i64>,
    /// yyyy-MM-dd; '' clears it.
    pub due: Option<String>,
    pub urgent: Option<bool>,
    /// A new note to append.
    pub order_note: Option<String>,
}

impl OrderInput {
    pub fn over(&self, mut base: OrderDraft) -> OrderDraft {
        replace(&mut base.short_description, &self.short_description);
        replace(&mut base.long_description, &self.long_description);
        replace(&mut base.due, &self.due);
        replace(&mut base.order_note, &self.order_note);
        choose(&mut base.type_id, self.type_id);
        choose(&mut base.provider_id, self.provider_id);
        choose(&mut base.status_id, self.order_status_id);
        choose(&mut base.office_id, self.office_id);
        choose(&mut base.incident_id, self.incident_id);
        choose(&mut base.assigned_to_user_id, self.assigned_to_user_id);
        replace(&mut base.urgent, &self.urgent);
        base
    }
}

pub fn draft_of(o: &order::Model) -> OrderDraft {
    OrderDraft {
        type_id: Some(o.type_id),
        short_description: o.short_description.clone(),
        long_description: o.long_description.clone(),
        provider_id: o.provider_id,
        status_id: Some(o.status_id),
        office_id: o.office_id,
        incident_id: o.incident_id,
        assigned_to_user_id: Some(o.assigned_to_user_id),
        due: o.due.map(|d| d.format("%Y-%m-%d").to_string()).unwrap_or_default(),
        urgent: o.urgent,
        order_note: String::new(),
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderType {
    pub type_id: i64,
    pub r#type: String,
    /// Whether a user may choose it for a new order (1-4, 100-102, above 110).
    pub selectable: bool,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderStatus {
    pub order_status_id: i64,
    pub order_status: String,
    /// Counted as open (1, 7, 8).
    pub open: bool,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CurrentIncident {
    /// Null when the patient has no current incident.
    pub incident_id: Option<IncidentId>,
}
