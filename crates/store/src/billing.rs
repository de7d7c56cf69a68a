//! Fee schedules' codes and posting billing orders. An order is one transaction: the
//! order, its diagnoses, a ledger charge and a completed procedure in the chart for each
//! line, and the audit row. A client's `Idempotency-Key` is unique in the table, so a
//! retried post, even one racing the first, finds the first order instead of a second.

use chrono::{DateTime, Utc};
use domain::billing::CheckedOrder;
use domain::billing::fees::{self, FeeLine, FeeSearch};
use domain::clinical::{ClinicalResource, Procedure};
use sea_orm::sea_query::{Expr, ExprTrait, LikeExpr, Query};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, DatabaseTransaction, EntityTrait, Order, QueryFilter,
    QueryOrder, QuerySelect, Set, SqlErr,
};

use crate::audit::AuditEntry;
use crate::entities::{billing_charge, billing_diagnosis, billing_order, chart_entry, fee, fee_schedule, ledger_entry};
use crate::{DbErr, Store};

/// A fee line as its row, with the text it is searched by.
pub fn fee_row(id: i64, fee_schedule_id: i64, line: &FeeLine) -> fee::Model {
    fee::Model {
        id,
        fee_schedule_id,
        code: line.code.clone(),
        code_key: fees::code_key(&line.code),
        description: line.description.clone(),
        notes: line.notes.clone(),
        fee_cents: line.fee_cents,
        units: line.units,
        calculation_method: line.calculation_method,
        search_text: fees::search_text(line),
    }
}

/// A row as the fee line it prices.
pub fn fee_line(row: &fee::Model) -> FeeLine {
    FeeLine {
        code: row.code.clone(),
        description: row.description.clone(),
        notes: row.notes.clone(),
        fee_cents: row.fee_cents,
        units: row.units,
        calculation_method: row.calculation_method,
    }
}

/// What an order's key is bound to: the user, the patient and the request's bytes. A key
/// sent again with another hash is another order, refused.
pub fn request_hash(user_id: i64, patient_id: i64, body: &[u8]) -> String {
    use sha2::{Digest, Sha256};
    let mut hash = Sha256::new();
    hash.update(user_id.to_be_bytes());
    hash.update(patient_id.to_be_bytes());
    hash.update(body);
    hex::encode(hash.finalize())
}

fn escaped(text: &str) -> String {
    text.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_")
}

/// An order ready to write: checked, with who posts it and the key it was posted with.
#[derive(Clone, Debug)]
pub struct NewBillingOrder {
    pub patient_id: i64,
    pub account_id: i64,
    pub user_id: i64,
    /// "First Last, Title": the procedures' performer in the chart.
    pub provider_name: String,
    pub idempotency_key: Option<String>,
    pub request_hash: String,
    pub order: CheckedOrder,
}

/// A posted order with its lines and diagnoses, as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PostedOrder {
    pub order: billing_order::Model,
    pub charges: Vec<billing_charge::Model>,
    pub diagnoses: Vec<billing_diagnosis::Model>,
}

/// What a post did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PostOutcome {
    Posted(PostedOrder),
    /// The key was posted before with the same request: the first order, nothing new.
    Replayed(PostedOrder),
    /// The key was posted before with another request (or by another user).
    KeyReused,
}

impl Store {
    pub async fn fee_schedule_exists(&self, id: i64) -> Result<bool, DbErr> {
        Ok(fee_schedule::Entity::find_by_id(id).one(&self.db).await?.is_some())
    }

    pub async fn fee_schedule_by_name(&self, name: &str) -> Result<Option<fee_schedule::Model>, DbErr> {
        fee_schedule::Entity::find().filter(fee_schedule::Column::Name.eq(name)).one(&self.db).await
    }

    /// A schedule's codes matching a search, codes starting with it first, then by code;
    /// at most `fees::MAX_RESULTS`.
    pub async fn search_fees(&self, fee_schedule_id: i64, search: &FeeSearch) -> Result<Vec<fee::Model>, DbErr> {
        use fee::Column as C;
        let mut query = fee::Entity::find().filter(C::FeeScheduleId.eq(fee_schedule_id));
        let prefix = search.code_prefix.as_ref().map(|p| format!("{}%", escaped(p)));
        // An empty search lists the schedule; otherwise a line's code starts with the
        // search, or its words start with each of the search's words.
        let mut any = Condition::any();
        if !search.words.is_empty() {
            let mut words = Condition::all();
            for word in &search.words {
                words = words
                    .add(Expr::col(C::SearchText).like(LikeExpr::new(format!("% {}%", escaped(word))).escape('\\')));
            }
            any = any.add(words);
        }
        if let Some(prefix) = &prefix {
            any = any.add(Expr::col(C::CodeKey).like(LikeExpr::new(prefix.clone()).escape('\\')));
        }
        if !any.is_empty() {
            query = query.filter(any);
        }
        if let Some(prefix) = prefix {
            let starts: sea_orm::sea_query::SimpleExpr =
                Expr::case(Expr::col(C::CodeKey).like(LikeExpr::new(prefix).escape('\\')), 0).finally(1).into();
            query = query.order_by(starts, Order::Asc);
        }
        query.order_by_asc(C::CodeKey).limit(fees::MAX_RESULTS as u64).all(&self.db).await
    }

    /// The lines of `codes` (any case) in the schedules named, keyed by schedule and code key.
    pub async fn fee_lines(&self, wanted: &[(i64, String)]) -> Result<Vec<fee::Model>, DbErr> {
        if wanted.is_empty() {
            return Ok(Vec::new());
        }
        let mut any = Condition::any();
        for (schedule, code) in wanted {
            any = any.add(
                Condition::all()
                    .add(fee::Column::FeeScheduleId.eq(*schedule))
                    .add(fee::Column::CodeKey.eq(fees::code_key(code))),
            );
        }
        fee::Entity::find().filter(any).all(&self.db).await
    }

    /// Every code of a schedule, in code order (the fee file's export).
    pub async fn fees_of(&self, fee_schedule_id: i64) -> Result<Vec<fee::Model>, DbErr> {
        fee::Entity::find()
            .filter(fee::Column::FeeScheduleId.eq(fee_schedule_id))
            .order_by_asc(fee::Column::CodeKey)
            .all(&self.db)
            .await
    }

    /// Replaces a schedule's codes with `lines` in one transaction: readers see the old
    /// list or the new one. Posted orders keep the fees they were posted at.
    pub async fn replace_fees(&self, fee_schedule_id: i64, lines: &[FeeLine]) -> Result<usize, DbErr> {
        let txn = self.begin_write().await?;
        txn.execute(
            &Query::delete()
                .from_table(fee::Entity)
                .and_where(Expr::col(fee::Column::FeeScheduleId).eq(fee_schedule_id))
                .to_owned(),
        )
        .await?;
        // 10 columns a row, under SQLite's and PostgreSQL's bound-parameter limits.
        for chunk in lines.chunks(500) {
            let rows = chunk.iter().map(|line| {
                let row = fee_row(0, fee_schedule_id, line);
                fee::ActiveModel {
                    fee_schedule_id: Set(row.fee_schedule_id),
                    code: Set(row.code),
                    code_key: Set(row.code_key),
                    description: Set(row.description),
                    notes: Set(row.notes),
                    fee_cents: Set(row.fee_cents),
                    units: Set(row.units),
                    calculation_method: Set(row.calculation_method),
                    search_text: Set(row.search_text),
                    ..Default::default()
                }
            });
            fee::Entity::insert_many(rows).exec_without_returning(&txn).await?;
        }
        txn.commit().await?;
        Ok(lines.len())
    }

    /// A posted order with its lines and diagnoses.
    pub async fn billing_order(&self, order_id: i64) -> Result<Option<PostedOrder>, DbErr> {
        let Some(order) = billing_order::Entity::find_by_id(order_id).one(&self.db).await? else {
            return Ok(None);
        };
        Ok(Some(posted(&self.db, order).await?))
    }

    /// Posts an order, or finds the one posted before under the same key.
    pub async fn post_billing_order(
        &self,
        new: &NewBillingOrder,
        now: DateTime<Utc>,
        audit: AuditEntry,
    ) -> Result<PostOutcome, DbErr> {
        if let Some(outcome) = self.earlier_post(new).await? {
            return Ok(outcome);
        }
        let txn = self.begin_write().await?;
        let inserted = billing_order::ActiveModel {
            patient_id: Set(new.patient_id),
            account_id: Set(new.account_id),
            provider_id: Set(new.order.provider_id),
            procedure_date: Set(new.order.procedure_date),
            order_notes: Set(new.order.order_notes.clone()),
            total_cents: Set(new.order.total_cents),
            idempotency_key: Set(new.idempotency_key.clone()),
            request_hash: Set(new.request_hash.clone()),
            created_by: Set(new.user_id),
            created_at: Set(now),
            ..Default::default()
        }
        .insert(&txn)
        .await;
        let order = match inserted {
            Ok(order) => order,
            // Another post with this key committed first (PostgreSQL lets both reach the
            // insert): answer as a retry of it.
            Err(error) if matches!(error.sql_err(), Some(SqlErr::UniqueConstraintViolation(_))) => {
                txn.rollback().await?;
                return self.earlier_post(new).await?.ok_or(error);
            }
            Err(error) => return Err(error),
        };
        write_lines(&txn, new, order.id, now).await?;
        crate::audit::insert(
            &self.keys,
            &txn,
            now,
            AuditEntry { entity: Some("billing_order"), entity_id: Some(order.id.to_string()), ..audit },
        )
        .await?;
        let posted = posted(&txn, order).await?;
        txn.commit().await?;
        Ok(PostOutcome::Posted(posted))
    }

    /// The order an earlier post with this key made, as a replay or a refusal.
    async fn earlier_post(&self, new: &NewBillingOrder) -> Result<Option<PostOutcome>, DbErr> {
        let Some(key) = &new.idempotency_key else { return Ok(None) };
        let Some(order) = billing_order::Entity::find()
            .filter(billing_order::Column::IdempotencyKey.eq(key.as_str()))
            .one(&self.db)
            .await?
        else {
            return Ok(None);
        };
        if order.request_hash != new.request_hash {
            return Ok(Some(PostOutcome::KeyReused));
        }
        Ok(Some(PostOutcome::Replayed(posted(&self.db, order).await?)))
    }
}

/// The diagnoses, and for each charge its ledger entry, its procedure in the chart and
/// its line.
async fn write_lines(
    txn: &DatabaseTransaction,
    new: &NewBillingOrder,
    order_id: i64,
    now: DateTime<Utc>,
) -> Result<(), DbErr> {
    for diagnosis in &new.order.diagnoses {
        billing_diagnosis::ActiveModel {
            order_id: Set(order_id),
            pointer: Set(diagnosis.pointer.to_string()),
            code: Set(diagnosis.code.clone()),
            description: Set(diagnosis.description.clone()),
            ..Default::default()
        }
        .insert(txn)
        .await?;
    }
    for charge in &new.order.charges {
        let where_done = match (charge.tooth.as_str(), charge.surface.as_str()) {
            ("", _) => String::new(),
            (tooth, "") => format!(", tooth {tooth}"),
            (tooth, surface) => format!(", tooth {tooth} {surface}"),
        };
        let ledger = ledger_entry::ActiveModel {
            account_id: Set(new.account_id),
            patient_id: Set(new.patient_id),
            entry_date: Set(charge.procedure_date),
            kind: Set("charge".to_owned()),
            description: Set(format!("{} {}{where_done}", charge.code, charge.description)),
            patient_cents: Set(charge.fee_cents),
            insurance_cents: Set(0),
            unapplied_cents: Set(0),
            created_at: Set(now),
            ..Default::default()
        }
        .insert(txn)
        .await?;
        let resource = ClinicalResource::Procedures(Procedure {
            performed: charge.procedure_date,
            code: charge.code.clone(),
            description: charge.description.clone(),
            tooth: charge.tooth.clone(),
            surfaces: charge.surface.clone(),
            provider: new.provider_name.clone(),
            status: "completed".to_owned(),
        });
        let chart = chart_entry::ActiveModel {
            patient_id: Set(new.patient_id),
            section: Set(resource.section().key().to_owned()),
            effective: Set(Some(charge.procedure_date)),
            status: Set(resource.status().to_owned()),
            resource: Set(serde_json::to_string(&resource).map_err(|e| DbErr::Custom(e.to_string()))?),
            recorded_at: Set(now),
            recorded_by: Set(Some(new.user_id)),
            version: Set(1),
            ..Default::default()
        }
        .insert(txn)
        .await?;
        let [m1, m2, m3, m4] = charge.modifiers.clone();
        billing_charge::ActiveModel {
            order_id: Set(order_id),
            line: Set(charge.line),
            procedure_date: Set(charge.procedure_date),
            fee_schedule_id: Set(charge.fee_schedule_id),
            code: Set(charge.code.clone()),
            description: Set(charge.description.clone()),
            modifier1: Set(m1),
            modifier2: Set(m2),
            modifier3: Set(m3),
            modifier4: Set(m4),
            tooth: Set(charge.tooth.clone()),
            surface: Set(charge.surface.clone()),
            units: Set(charge.units),
            unit_fee_cents: Set(charge.unit_fee_cents),
            fee_cents: Set(charge.fee_cents),
            calculation_method: Set(charge.calculation_method),
            pointers: Set(charge.pointers.clone()),
            ledger_entry_id: Set(ledger.id),
            chart_entry_id: Set(chart.id),
            ..Default::default()
        }
        .insert(txn)
        .await?;
    }
    Ok(())
}

async fn posted(db: &impl ConnectionTrait, order: billing_order::Model) -> Result<PostedOrder, DbErr> {
    let charges = billing_charge::Entity::find()
        .filter(billing_charge::Column::OrderId.eq(order.id))
        .order_by_asc(billing_charge::Column::Line)
        .all(db)
        .await?;
    let diagnoses = billing_diagnosis::Entity::find()
        .filter(billing_diagnosis::Column::OrderId.eq(order.id))
        .order_by_asc(billing_diagnosis::Column::Pointer)
        .all(db)
        .await?;
    Ok(PostedOrder { order, charges, diagnoses })
}
