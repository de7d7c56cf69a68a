//! Patients: new accounts, demographics, provider/office/fee schedule, search
//! candidates, and the chart lists around a patient (alerts, allergies, problems,
//! emergency contacts, insurance, balances, guarantors).
//!
//! Every change is written in one transaction with its audit entry.

use chrono::{DateTime, NaiveDate, Utc};
use domain::patient::{IdentifierChange, PatientFields};
use domain::search::fold_name;
use sea_orm::sea_query::{Expr, OnConflict};
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, Condition, ConnectionTrait, DatabaseTransaction, EntityTrait,
    QueryFilter, QueryOrder, QuerySelect, Statement,
};

use crate::audit::AuditEntry;
use crate::entities::{
    account, account_alert, allergy, emergency_contact, insurance_policy, name_key, patient, patient_alert,
    patient_phone, problem,
};
use crate::names::NameKind;
use crate::versions::{self, Versioned, WriteOutcome};
use crate::{DbErr, Store};

/// The provider, office and fee schedule choices of a patient and their account.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CareAssignment {
    pub patient_provider_id: Option<i64>,
    pub account_provider_id: Option<i64>,
    pub office_id: Option<i64>,
    pub fee_schedule_id: Option<i64>,
}

/// A patient with the account they belong to.
#[derive(Clone, Debug, PartialEq)]
pub struct PatientRecord {
    pub patient: patient::Model,
    pub account: account::Model,
}

/// The balances of a patient and of their whole account, in cents.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Balances {
    pub patient_cents: i64,
    pub insurance_cents: i64,
    pub unapplied_cents: i64,
    pub account_cents: i64,
}

impl Store {
    pub async fn patient_record(&self, patient_id: i64) -> Result<Option<PatientRecord>, DbErr> {
        let Some(patient) = patient::Entity::find_by_id(patient_id).one(&self.db).await? else { return Ok(None) };
        let patient = self.opened(patient)?;
        let account = account::Entity::find_by_id(patient.account_id).one(&self.db).await?;
        Ok(account.map(|account| PatientRecord { patient, account }))
    }

    /// How many patients the practice has.
    pub async fn patient_count(&self) -> Result<i64, DbErr> {
        use sea_orm::PaginatorTrait;
        Ok(i64::try_from(patient::Entity::find().count(&self.db).await?).unwrap_or(i64::MAX))
    }

    pub async fn patients_by_ids(&self, ids: &[i64]) -> Result<Vec<patient::Model>, DbErr> {
        let found =
            patient::Entity::find().filter(patient::Column::Id.is_in(ids.iter().copied())).all(&self.db).await?;
        found.into_iter().map(|patient| self.opened(patient)).collect()
    }

    /// The patient with their government identifier decrypted (it is stored sealed with
    /// the keys file's key). A value no key opens is an error: the wrong keys file.
    fn opened(&self, mut patient: patient::Model) -> Result<patient::Model, DbErr> {
        patient.government_identifier = self
            .keys
            .open_identifier(&patient.government_identifier)
            .map_err(|error| DbErr::Custom(format!("patient {}: {error}", patient.id)))?;
        Ok(patient)
    }

    /// Encrypts every government identifier not yet sealed with the current key: those
    /// stored in plain text before encryption, and those of a key rotated out. Run at
    /// every start; the database picks the few (usually none) to change.
    pub async fn seal_identifiers(&self) -> Result<u64, DbErr> {
        let stale: Vec<(i64, String)> = patient::Entity::find()
            .select_only()
            .column(patient::Column::Id)
            .column(patient::Column::GovernmentIdentifier)
            .filter(patient::Column::GovernmentIdentifier.ne(""))
            .filter(patient::Column::GovernmentIdentifier.not_like(format!("{}%", self.keys.current_seal_prefix())))
            .into_tuple::<(i64, String)>()
            .all(&self.db)
            .await?;
        let mut sealed = 0;
        for chunk in stale.chunks(500) {
            let txn = self.begin_write().await?;
            for (id, stored) in chunk {
                let plain = self
                    .keys
                    .open_identifier(stored)
                    .map_err(|error| DbErr::Custom(format!("patient {id}: {error}")))?;
                patient::Entity::update_many()
                    .col_expr(patient::Column::GovernmentIdentifier, Expr::value(self.keys.seal_identifier(&plain)))
                    .filter(patient::Column::Id.eq(*id))
                    .exec(&txn)
                    .await?;
                sealed += 1;
            }
            txn.commit().await?;
        }
        Ok(sealed)
    }

    pub async fn accounts_by_ids(&self, ids: &[i64]) -> Result<Vec<account::Model>, DbErr> {
        account::Entity::find().filter(account::Column::Id.is_in(ids.iter().copied())).all(&self.db).await
    }

    /// Creates an account with `fields` as its first patient and guarantor. Returns the
    /// new patient's id.
    pub async fn create_account_with_patient(
        &self,
        fields: &PatientFields,
        care: CareAssignment,
        government_identifier: &str,
        now: DateTime<Utc>,
        audit: AuditEntry,
    ) -> Result<i64, DbErr> {
        let txn = self.begin_write().await?;
        let new_account = account::ActiveModel {
            account_provider_id: Set(care.account_provider_id),
            office_id: Set(care.office_id),
            primary_patient_id: Set(None),
            created_at: Set(now),
            ..Default::default()
        }
        .insert(&txn)
        .await?;
        let patient_id =
            self.insert_patient(&txn, new_account.id, None, fields, &care, government_identifier, now).await?;
        account::Entity::update_many()
            .col_expr(account::Column::PrimaryPatientId, Expr::value(patient_id))
            .filter(account::Column::Id.eq(new_account.id))
            .exec(&txn)
            .await?;
        crate::audit::insert(&self.keys, &txn, now, AuditEntry { patient_id: Some(patient_id), ..audit }).await?;
        txn.commit().await?;
        self.note_names(fields);
        Ok(patient_id)
    }

    /// Adds a patient to an existing account (a new member of a family): the account
    /// holder is their primary guarantor, and a provider given becomes the account's.
    /// None when no such account exists.
    pub async fn add_patient_to_account(
        &self,
        account_id: i64,
        fields: &PatientFields,
        care: CareAssignment,
        government_identifier: &str,
        now: DateTime<Utc>,
        audit: AuditEntry,
    ) -> Result<Option<i64>, DbErr> {
        let txn = self.begin_write().await?;
        let Some(found) = account::Entity::find_by_id(account_id).one(&txn).await? else { return Ok(None) };
        let holder = found.primary_patient_id;
        let patient_id =
            self.insert_patient(&txn, account_id, holder, fields, &care, government_identifier, now).await?;
        if let Some(provider) = care.account_provider_id {
            account::Entity::update_many()
                .col_expr(account::Column::AccountProviderId, Expr::value(provider))
                .filter(account::Column::Id.eq(account_id))
                .exec(&txn)
                .await?;
        }
        crate::audit::insert(&self.keys, &txn, now, AuditEntry { patient_id: Some(patient_id), ..audit }).await?;
        txn.commit().await?;
        self.note_names(fields);
        Ok(Some(patient_id))
    }

    /// Writes a new patient of `account_id`, guaranteed by `guarantor` (themselves when
    /// None), with their chart number and search entries.
    #[allow(clippy::too_many_arguments)]
    async fn insert_patient(
        &self,
        txn: &DatabaseTransaction,
        account_id: i64,
        guarantor: Option<i64>,
        fields: &PatientFields,
        care: &CareAssignment,
        government_identifier: &str,
        now: DateTime<Utc>,
    ) -> Result<i64, DbErr> {
        let mut row = patient_row(fields, now);
        row.display_id = Set(format!("pending-{}", rand::random::<u64>()));
        row.account_id = Set(account_id);
        row.government_identifier = Set(self.keys.seal_identifier(government_identifier));
        row.patient_provider_id = Set(care.patient_provider_id);
        row.office_id = Set(care.office_id);
        row.fee_schedule_id = Set(care.fee_schedule_id);
        row.inactive = Set(false);
        row.created_at = Set(now);
        let created = row.insert(txn).await?;
        let patient_id = created.id;
        // Chart numbers follow the patient id, like the demo practice's.
        patient::Entity::update_many()
            .col_expr(patient::Column::DisplayId, Expr::value((10_000 + patient_id).to_string()))
            .col_expr(patient::Column::PrimaryGuarantorId, Expr::value(guarantor.unwrap_or(patient_id)))
            .filter(patient::Column::Id.eq(patient_id))
            .exec(txn)
            .await?;
        write_search_entries(txn, patient_id, fields).await?;
        Ok(patient_id)
    }

    /// Replaces a patient's demographics, and their care assignment when given, if the
    /// patient is still at `version`.
    #[allow(clippy::too_many_arguments)]
    pub async fn update_patient(
        &self,
        patient_id: i64,
        version: i32,
        fields: &PatientFields,
        government_identifier: IdentifierChange,
        care: Option<CareAssignment>,
        now: DateTime<Utc>,
        audit: AuditEntry,
    ) -> Result<WriteOutcome, DbErr> {
        let txn = self.begin_write().await?;
        let Some(found) = patient::Entity::find_by_id(patient_id).one(&txn).await? else {
            return Ok(WriteOutcome::Missing);
        };
        if !versions::claim(&txn, Versioned::Patients, patient_id, version).await? {
            return Ok(WriteOutcome::Stale);
        }
        let mut row = patient_row(fields, now);
        row.id = sea_orm::ActiveValue::Unchanged(patient_id);
        if let Some(care) = care {
            row.patient_provider_id = Set(care.patient_provider_id);
            row.office_id = Set(care.office_id);
            row.fee_schedule_id = Set(care.fee_schedule_id);
            account::Entity::update_many()
                .col_expr(account::Column::AccountProviderId, Expr::value(care.account_provider_id))
                .filter(account::Column::Id.eq(found.account_id))
                .exec(&txn)
                .await?;
        }
        match government_identifier {
            IdentifierChange::Keep => {}
            IdentifierChange::Clear => row.government_identifier = Set(String::new()),
            IdentifierChange::Set(value) => row.government_identifier = Set(self.keys.seal_identifier(&value)),
        }
        row.update(&txn).await?;
        write_search_entries(&txn, patient_id, fields).await?;
        crate::audit::insert(&self.keys, &txn, now, audit).await?;
        txn.commit().await?;
        self.note_names(fields);
        Ok(WriteOutcome::Saved)
    }

    /// Saves a patient's provider, office and fee schedule and their account's provider,
    /// when `version` is still the patient's (the care assignment is part of the patient).
    pub async fn update_care_assignment(
        &self,
        patient_id: i64,
        version: i32,
        care: CareAssignment,
        now: DateTime<Utc>,
        audit: AuditEntry,
    ) -> Result<WriteOutcome, DbErr> {
        let txn = self.begin_write().await?;
        let Some(found) = patient::Entity::find_by_id(patient_id).one(&txn).await? else {
            return Ok(WriteOutcome::Missing);
        };
        if !versions::claim(&txn, Versioned::Patients, patient_id, version).await? {
            return Ok(WriteOutcome::Stale);
        }
        let account_id = found.account_id;
        let mut row: patient::ActiveModel = found.into();
        row.patient_provider_id = Set(care.patient_provider_id);
        row.office_id = Set(care.office_id);
        row.fee_schedule_id = Set(care.fee_schedule_id);
        row.updated_at = Set(now);
        row.update(&txn).await?;
        account::Entity::update_many()
            .col_expr(account::Column::AccountProviderId, Expr::value(care.account_provider_id))
            .filter(account::Column::Id.eq(account_id))
            .exec(&txn)
            .await?;
        crate::audit::insert(&self.keys, &txn, now, audit).await?;
        txn.commit().await?;
        Ok(WriteOutcome::Saved)
    }

    fn note_names(&self, fields: &PatientFields) {
        // The new keys reach the index at its next catch-up; nothing to do here beyond
        // making that catch-up happen soon.
        let _ = fields;
        self.names.mark_stale();
    }

    /// Ids among `patient_ids` with at least one allergy.
    pub async fn patients_with_allergies(&self, patient_ids: &[i64]) -> Result<Vec<i64>, DbErr> {
        allergy::Entity::find()
            .select_only()
            .column(allergy::Column::PatientId)
            .distinct()
            .filter(allergy::Column::PatientId.is_in(patient_ids.iter().copied()))
            .into_tuple()
            .all(&self.db)
            .await
    }

    pub async fn patient_alerts(&self, patient_id: i64) -> Result<Vec<patient_alert::Model>, DbErr> {
        patient_alert::Entity::find()
            .filter(patient_alert::Column::PatientId.eq(patient_id))
            .order_by_asc(patient_alert::Column::AlertNumber)
            .order_by_asc(patient_alert::Column::Id)
            .all(&self.db)
            .await
    }

    /// Alerts of an account that have not expired by `today`, newest first.
    pub async fn account_alerts(&self, account_id: i64, today: NaiveDate) -> Result<Vec<account_alert::Model>, DbErr> {
        account_alert::Entity::find()
            .filter(account_alert::Column::AccountId.eq(account_id))
            .filter(
                Condition::any()
                    .add(account_alert::Column::Expiration.is_null())
                    .add(account_alert::Column::Expiration.gte(today)),
            )
            .order_by_desc(account_alert::Column::CreatedAt)
            .order_by_desc(account_alert::Column::Id)
            .all(&self.db)
            .await
    }

    pub async fn allergies(&self, patient_id: i64) -> Result<Vec<allergy::Model>, DbErr> {
        allergy::Entity::find()
            .filter(allergy::Column::PatientId.eq(patient_id))
            .order_by_asc(allergy::Column::Description)
            .order_by_asc(allergy::Column::Id)
            .all(&self.db)
            .await
    }

    pub async fn problems(&self, patient_id: i64) -> Result<Vec<problem::Model>, DbErr> {
        problem::Entity::find()
            .filter(problem::Column::PatientId.eq(patient_id))
            .order_by_asc(problem::Column::Id)
            .all(&self.db)
            .await
    }

    pub async fn emergency_contacts(&self, patient_id: i64) -> Result<Vec<emergency_contact::Model>, DbErr> {
        emergency_contact::Entity::find()
            .filter(emergency_contact::Column::PatientId.eq(patient_id))
            .order_by_asc(emergency_contact::Column::SortOrder)
            .order_by_asc(emergency_contact::Column::Id)
            .all(&self.db)
            .await
    }

    pub async fn insurance_policies(&self, patient_id: i64) -> Result<Vec<insurance_policy::Model>, DbErr> {
        insurance_policy::Entity::find()
            .filter(insurance_policy::Column::PatientId.eq(patient_id))
            .order_by_asc(insurance_policy::Column::Priority)
            .order_by_asc(insurance_policy::Column::Id)
            .all(&self.db)
            .await
    }

    /// The patient's own balances and the total of their account.
    pub async fn balances(&self, patient_id: i64, account_id: i64) -> Result<Balances, DbErr> {
        // SUM of a bigint is numeric on PostgreSQL; the cast keeps both databases at i64.
        let sums = |column: &str| {
            let placeholder = if self.backend == crate::Backend::Postgres { "$1" } else { "?" };
            format!(
                "SELECT CAST(COALESCE(SUM(patient_cents), 0) AS BIGINT) AS patient, \
                 CAST(COALESCE(SUM(insurance_cents), 0) AS BIGINT) AS insurance, \
                 CAST(COALESCE(SUM(unapplied_cents), 0) AS BIGINT) AS unapplied \
                 FROM ledger_entries WHERE {column} = {placeholder}"
            )
        };
        let read = |sql: String, id: i64| async move {
            let row = self
                .db
                .query_one_raw(Statement::from_sql_and_values(self.db.get_database_backend(), sql, [id.into()]))
                .await?
                .ok_or_else(|| DbErr::Custom("an aggregate always answers one row".into()))?;
            Ok::<_, DbErr>((
                row.try_get::<i64>("", "patient")?,
                row.try_get::<i64>("", "insurance")?,
                row.try_get::<i64>("", "unapplied")?,
            ))
        };
        let own = read(sums("patient_id"), patient_id).await?;
        let account = read(sums("account_id"), account_id).await?;
        Ok(Balances {
            patient_cents: own.0,
            insurance_cents: own.1,
            unapplied_cents: own.2,
            account_cents: account.0 + account.1 - account.2,
        })
    }
}

/// The demographic columns of a patient row from checked fields.
fn patient_row(fields: &PatientFields, now: DateTime<Utc>) -> patient::ActiveModel {
    let phone = |i: usize| fields.phones.get(i);
    patient::ActiveModel {
        first_name: Set(fields.first_name.clone()),
        last_name: Set(fields.last_name.clone()),
        middle: Set(fields.middle.clone()),
        prefix: Set(fields.prefix.clone()),
        suffix: Set(fields.suffix.clone()),
        maiden_name: Set(fields.maiden_name.clone()),
        nickname: Set(fields.nickname.clone()),
        birthdate: Set(fields.birthdate),
        sex: Set(fields.sex),
        marital_status_id: Set(fields.marital_status),
        employment_status_id: Set(fields.employment),
        preferred_language_id: Set(fields.preferred_language_id),
        relationship_to_primary_id: Set(fields.relationship_to_primary),
        relationship_to_secondary_id: Set(fields.relationship_to_secondary),
        street_address: Set(fields.street_address.clone()),
        suite: Set(fields.suite.clone()),
        city: Set(fields.city.clone()),
        state: Set(fields.state.clone()),
        zip_code: Set(fields.zip_code.clone()),
        country: Set(fields.country.clone()),
        phone1_number: Set(phone(0).map(|p| p.digits.clone()).unwrap_or_default()),
        phone1_type: Set(phone(0).map(|p| p.kind)),
        phone2_number: Set(phone(1).map(|p| p.digits.clone()).unwrap_or_default()),
        phone2_type: Set(phone(1).map(|p| p.kind)),
        phone3_number: Set(phone(2).map(|p| p.digits.clone()).unwrap_or_default()),
        phone3_type: Set(phone(2).map(|p| p.kind)),
        email: Set(fields.email.clone()),
        updated_at: Set(now),
        last_name_key: Set(fold_name(&fields.last_name)),
        first_name_key: Set(fold_name(&fields.first_name)),
        ..Default::default()
    }
}

/// The phone index rows and the name keys of a patient, rewritten on every save.
pub(crate) async fn write_search_entries(
    txn: &DatabaseTransaction,
    patient_id: i64,
    fields: &PatientFields,
) -> Result<(), DbErr> {
    patient_phone::Entity::delete_many().filter(patient_phone::Column::PatientId.eq(patient_id)).exec(txn).await?;
    let phones: Vec<patient_phone::ActiveModel> = fields
        .phones
        .iter()
        .zip(1i16..)
        .map(|(phone, position)| patient_phone::ActiveModel {
            patient_id: Set(patient_id),
            position: Set(position),
            number: Set(phone.digits.clone()),
            local_number: Set(phone.digits[3..].to_owned()),
        })
        .collect();
    if !phones.is_empty() {
        patient_phone::Entity::insert_many(phones).exec_without_returning(txn).await?;
    }
    insert_name_keys(
        txn,
        &[(NameKind::Last, fold_name(&fields.last_name)), (NameKind::First, fold_name(&fields.first_name))],
    )
    .await
}

/// Adds name keys not yet known; known ones are left as they are.
pub async fn insert_name_keys(txn: &impl ConnectionTrait, keys: &[(NameKind, String)]) -> Result<(), DbErr> {
    let rows: Vec<name_key::ActiveModel> = keys
        .iter()
        .filter(|(_, key)| !key.is_empty())
        .map(|(kind, key)| name_key::ActiveModel {
            kind: Set(*kind as i16),
            key: Set(key.clone()),
            ..Default::default()
        })
        .collect();
    if rows.is_empty() {
        return Ok(());
    }
    name_key::Entity::insert_many(rows)
        .on_conflict(OnConflict::columns([name_key::Column::Kind, name_key::Column::Key]).do_nothing().to_owned())
        .exec_without_returning(txn)
        .await?;
    Ok(())
}
