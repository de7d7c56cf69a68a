//! Patient search: a few index lookups chosen from what the query holds, ranked with
//! `domain::search::score`. The databases only ever answer key-ordered index ranges,
//! and the ranking happens here, so SQLite and PostgreSQL give the same answer.

use std::collections::HashMap;

use chrono::NaiveDate;
use domain::patient::PatientFields;
use domain::search::{CandidateKeys, PhoneQuery, SearchQuery, fold_name, is_possible_duplicate, score};

use crate::entities::{account, patient};
use crate::names::NameKind;
use crate::patients::{CandidateLookup, KeyMatch};
use crate::{DbErr, Store};

/// A patient found by a search, with what the result list shows besides the record.
#[derive(Clone, Debug)]
pub struct SearchHit {
    pub patient: patient::Model,
    pub account_provider_id: Option<i64>,
    pub has_patient_alerts: bool,
    pub has_account_alerts: bool,
    pub has_allergies: bool,
    pub score: u32,
}

/// Rows each lookup may return: enough to rank well, few enough to stay fast.
const CANDIDATES_PER_LOOKUP: u64 = 60;

fn keys_of(patient: &patient::Model) -> CandidateKeys<'_> {
    CandidateKeys {
        last_key: &patient.last_name_key,
        first_key: &patient.first_name_key,
        birthdate: patient.birthdate,
        phones: [&patient.phone1_number, &patient.phone2_number, &patient.phone3_number],
        display_id: &patient.display_id,
        inactive: patient.inactive,
    }
}

impl Store {
    /// The best `limit` patients for `query`, best first.
    pub async fn search_patients(
        &self,
        query: &SearchQuery,
        limit: usize,
        today: NaiveDate,
    ) -> Result<Vec<SearchHit>, DbErr> {
        if query.is_empty() {
            return Ok(Vec::new());
        }
        let mut found: HashMap<i64, (u32, patient::Model)> = HashMap::new();
        let consider = |patients: Vec<patient::Model>, found: &mut HashMap<i64, (u32, patient::Model)>| {
            for patient in patients {
                if let Some(points) = score(query, &keys_of(&patient)) {
                    found.entry(patient.id).or_insert((points, patient));
                }
            }
        };

        // A birth date, phone or chart number is selective: its lookup alone holds
        // every patient that can match; the names then only rank and filter.
        let selective: Vec<CandidateLookup> = [
            query.birthdate.map(CandidateLookup::Birthdate),
            query.phone.as_ref().map(|phone| match phone {
                PhoneQuery::Full(number) => CandidateLookup::Phone(number.clone()),
                PhoneQuery::Local(local) => CandidateLookup::LocalPhone(local.clone()),
            }),
            query.display_id.clone().map(CandidateLookup::DisplayId),
        ]
        .into_iter()
        .flatten()
        .collect();
        if !selective.is_empty() {
            for lookup in &selective {
                consider(self.search_candidates(lookup, 500).await?, &mut found);
            }
        } else {
            let readings = query.name_readings();
            for (last, first) in &readings {
                let lookups = if first.is_empty() {
                    vec![
                        CandidateLookup::Name { last: KeyMatch::Prefix(last.clone()), first: KeyMatch::Any },
                        CandidateLookup::Name { last: KeyMatch::Any, first: KeyMatch::Prefix(last.clone()) },
                    ]
                } else {
                    vec![CandidateLookup::Name {
                        last: KeyMatch::Prefix(last.clone()),
                        first: KeyMatch::Prefix(first.clone()),
                    }]
                };
                for lookup in &lookups {
                    consider(self.search_candidates(lookup, CANDIDATES_PER_LOOKUP).await?, &mut found);
                }
            }
            // Too few by exact spelling: look for typos, which always rank lower.
            if found.len() < limit {
                for (last, first) in &readings {
                    for lookup in self.typo_lookups(last, first).await? {
                        consider(self.search_candidates(&lookup, CANDIDATES_PER_LOOKUP).await?, &mut found);
                    }
                }
            }
        }

        let mut ranked: Vec<(u32, patient::Model)> = found.into_values().collect();
        ranked.sort_by(|(a_score, a), (b_score, b)| {
            b_score
                .cmp(a_score)
                .then_with(|| a.last_name_key.cmp(&b.last_name_key))
                .then_with(|| a.first_name_key.cmp(&b.first_name_key))
                .then_with(|| a.id.cmp(&b.id))
        });
        ranked.truncate(limit);
        self.enrich(ranked, today).await
    }

    /// Lookups for names one typo away from what was typed.
    async fn typo_lookups(&self, last: &str, first: &str) -> Result<Vec<CandidateLookup>, DbErr> {
        let mut lookups = Vec::new();
        let similar_last = self.similar_names(NameKind::Last, last).await?;
        if first.is_empty() {
            let similar_first = self.similar_names(NameKind::First, last).await?;
            if !similar_last.is_empty() {
                lookups.push(CandidateLookup::Name { last: KeyMatch::In(similar_last), first: KeyMatch::Any });
            }
            if !similar_first.is_empty() {
                lookups.push(CandidateLookup::Name { last: KeyMatch::Any, first: KeyMatch::In(similar_first) });
            }
        } else {
            let similar_first = self.similar_names(NameKind::First, first).await?;
            if !similar_last.is_empty() {
                lookups.push(CandidateLookup::Name {
                    last: KeyMatch::In(similar_last),
                    first: KeyMatch::Prefix(first.to_owned()),
                });
            }
            if !similar_first.is_empty() {
                lookups.push(CandidateLookup::Name {
                    last: KeyMatch::Prefix(last.to_owned()),
                    first: KeyMatch::In(similar_first),
                });
            }
        }
        Ok(lookups)
    }

    /// Patients who may be the same person as a new patient with `fields`: the same
    /// birth date or a shared phone number, and names no more than a typo apart.
    pub async fn possible_duplicates(
        &self,
        fields: &PatientFields,
        limit: usize,
        today: NaiveDate,
    ) -> Result<Vec<SearchHit>, DbErr> {
        let last_key = fold_name(&fields.last_name);
        let first_key = fold_name(&fields.first_name);
        let phone = |i: usize| fields.phones.get(i).map_or("", |p| p.digits.as_str());
        let new = CandidateKeys {
            last_key: &last_key,
            first_key: &first_key,
            birthdate: fields.birthdate,
            phones: [phone(0), phone(1), phone(2)],
            display_id: "",
            inactive: false,
        };
        let mut lookups: Vec<CandidateLookup> =
            fields.phones.iter().map(|p| CandidateLookup::Phone(p.digits.clone())).collect();
        if let Some(date) = fields.birthdate {
            lookups.push(CandidateLookup::Birthdate(date));
        }
        let mut found: HashMap<i64, patient::Model> = HashMap::new();
        for lookup in &lookups {
            for candidate in self.search_candidates(lookup, 500).await? {
                if is_possible_duplicate(&new, &keys_of(&candidate)) {
                    found.insert(candidate.id, candidate);
                }
            }
        }
        let mut ranked: Vec<(u32, patient::Model)> = found.into_values().map(|p| (0, p)).collect();
        ranked.sort_by(|(_, a), (_, b)| {
            (&a.last_name_key, &a.first_name_key, a.id).cmp(&(&b.last_name_key, &b.first_name_key, b.id))
        });
        ranked.truncate(limit);
        self.enrich(ranked, today).await
    }

    /// Patients by id in the order given (recently viewed patients), unknown ids left out.
    pub async fn patients_in_order(&self, ids: &[i64], today: NaiveDate) -> Result<Vec<SearchHit>, DbErr> {
        let mut by_id: HashMap<i64, patient::Model> =
            self.patients_by_ids(ids).await?.into_iter().map(|p| (p.id, p)).collect();
        let mut ordered = Vec::with_capacity(ids.len());
        for id in ids {
            if let Some(patient) = by_id.remove(id) {
                ordered.push((0, patient));
            }
        }
        self.enrich(ordered, today).await
    }

    /// Adds the account provider and the alert markers of each patient.
    async fn enrich(&self, ranked: Vec<(u32, patient::Model)>, today: NaiveDate) -> Result<Vec<SearchHit>, DbErr> {
        if ranked.is_empty() {
            return Ok(Vec::new());
        }
        let patient_ids: Vec<i64> = ranked.iter().map(|(_, p)| p.id).collect();
        let account_ids: Vec<i64> = ranked.iter().map(|(_, p)| p.account_id).collect();
        let accounts: HashMap<i64, account::Model> =
            self.accounts_by_ids(&account_ids).await?.into_iter().map(|a| (a.id, a)).collect();
        let with_alerts = self.patients_with_alerts(&patient_ids).await?;
        let with_allergies = self.patients_with_allergies(&patient_ids).await?;
        let accounts_with_alerts = self.accounts_with_alerts(&account_ids, today).await?;
        Ok(ranked
            .into_iter()
            .map(|(score, patient)| SearchHit {
                account_provider_id: accounts.get(&patient.account_id).and_then(|a| a.account_provider_id),
                has_patient_alerts: with_alerts.contains(&patient.id),
                has_account_alerts: accounts_with_alerts.contains(&patient.account_id),
                has_allergies: with_allergies.contains(&patient.id),
                score,
                patient,
            })
            .collect())
    }
}
