//! The practice's referrers: the specialists it sends patients to (oral surgeons,
//! orthodontists, periodontists, cardiologists...), the dentists and physicians who send
//! patients to it, and the laboratories and imaging centres it works with. The first ten
//! are the named ones the demo's stories use; the rest are drawn from the name lists, with
//! valid NPIs (each once), fictional phones and addresses. Pure and seeded; the
//! benchmark draws 100,000 the same way.

use std::collections::HashSet;

use domain::referrers::CheckedReferrer;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use store::entities::{referrer, referrer_word};

use super::names;
use super::people::{self, NamePools, Weighted};

/// Referrers in the demo practice.
pub const DEMO_REFERRERS: usize = 300;

/// (first, last, company, specialty, city, direction): the demo's named referrers.
static NAMED: &[(&str, &str, &str, &str, &str, &str)] = &[
    ("Anita", "Desai", "Willamette Periodontics", "Periodontics", "Portland", "out"),
    ("Michael", "Lindqvist", "Cascade Oral Surgery", "Oral and maxillofacial surgery", "Beaverton", "out"),
    ("Grace", "Okafor", "Bridge City Orthodontics", "Orthodontics", "Portland", "out"),
    ("Daniel", "Reyes", "Portland Heart Associates", "Cardiology", "Portland", "out"),
    ("Helen", "Park", "Cascade Diabetes & Endocrine", "Endocrinology", "Tigard", "out"),
    ("Thomas", "Brennan", "Riverside Family Medicine", "Family medicine", "Milwaukie", "both"),
    ("Sofia", "Marchetti", "Pearl District Endodontics", "Endodontics", "Portland", "out"),
    ("Kevin", "Nakamura", "Northwest Sleep Center", "Sleep medicine", "Hillsboro", "out"),
    ("Laura", "Fischer", "", "", "Portland", "in"),
    ("Robert", "Osei", "Eastside Pediatrics", "Pediatrics", "Gresham", "both"),
];

/// (specialty, what a practice of it is called, direction, weight).
static PERSON_SPECIALTIES: &[(&str, &str, &str, u32)] = &[
    ("General dentistry", "Family Dentistry", "in", 14),
    ("Oral and maxillofacial surgery", "Oral Surgery", "out", 9),
    ("Orthodontics", "Orthodontics", "out", 9),
    ("Periodontics", "Periodontics", "out", 7),
    ("Endodontics", "Endodontics", "out", 7),
    ("Pediatric dentistry", "Pediatric Dentistry", "both", 5),
    ("Prosthodontics", "Prosthodontics", "out", 3),
    ("Family medicine", "Family Medicine", "both", 12),
    ("Internal medicine", "Internal Medicine", "both", 8),
    ("Cardiology", "Heart Associates", "out", 4),
    ("Endocrinology", "Diabetes & Endocrine", "out", 3),
    ("Otolaryngology", "Ear, Nose & Throat", "out", 3),
    ("Dermatology", "Dermatology", "out", 3),
    ("Sleep medicine", "Sleep Center", "out", 2),
    ("Pediatrics", "Pediatrics", "both", 5),
    ("Gastroenterology", "Digestive Health", "out", 2),
    ("Neurology", "Neurology", "out", 2),
    ("Orthopedic surgery", "Orthopedics", "out", 2),
    ("Physical therapy", "Physical Therapy", "out", 2),
];

/// (specialty, what an organisation of it is called, direction, weight).
static ORGANISATIONS: &[(&str, &str, &str, u32)] = &[
    ("Dental laboratory", "Dental Laboratory", "out", 5),
    ("Clinical laboratory", "Clinical Laboratory", "out", 4),
    ("Radiology", "Imaging Center", "out", 3),
    ("Hospital", "Medical Center", "both", 1),
    ("Urgent care", "Urgent Care", "in", 2),
];

static PLACES: &[&str] = &[
    "Willamette",
    "Cascade",
    "Riverside",
    "Pearl District",
    "Hawthorne",
    "Tualatin Valley",
    "Columbia",
    "Sellwood",
    "Alberta",
    "Multnomah",
    "Mount Hood",
    "Forest Park",
    "Laurelhurst",
    "Burnside",
    "Rose City",
    "Sunnyside",
    "Clackamas",
    "Mount Tabor",
    "Bridge City",
    "Northwest",
    "Eastside",
    "Westside",
    "Lloyd",
    "Kenton",
];

static NOTES: &[&str] = &[
    "Prefers referrals by fax; send the last two visit notes.",
    "Send a panoramic x-ray with every referral.",
    "Books new patients within two weeks; call for urgent cases.",
    "Accepts most PPO plans; not in network for Medicaid.",
    "Reports back by Direct message within a week of the visit.",
    "Closed on Fridays.",
];

fn pick_weighted<'a, T>(rng: &mut ChaCha8Rng, items: &'a [T], weight: impl Fn(&T) -> u32) -> &'a T {
    let total: u32 = items.iter().map(&weight).sum();
    let mut x = rng.random_range(0..total.max(1));
    for item in items {
        let w = weight(item);
        if x < w {
            return item;
        }
        x -= w;
    }
    &items[0]
}

fn slug(text: &str) -> String {
    text.chars().filter(char::is_ascii_alphanumeric).collect::<String>().to_lowercase()
}

/// `count` referrers (the named ten first) with ids from 1, and the words each is
/// found by.
pub fn build(seed: u64, count: usize) -> (Vec<referrer::Model>, Vec<referrer_word::Model>) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x2EF_E22E2);
    let pools = NamePools::default();
    let female = Weighted::new(names::FEMALE_ADULT);
    let male = Weighted::new(names::MALE_ADULT);
    let mut npis = HashSet::new();
    let mut referrers = Vec::with_capacity(count);
    let mut words = Vec::new();
    for i in 0..count {
        let id = i as i64 + 1;
        let mut r = CheckedReferrer::default();
        if let Some((first, last, company, specialty, city, direction)) = NAMED.get(i) {
            r.kind = "person".into();
            r.first = (*first).into();
            r.last = (*last).into();
            r.company = (*company).into();
            r.specialty = (*specialty).into();
            r.city = (*city).into();
            r.direction = (*direction).into();
        } else if rng.random_bool(0.1) {
            let (specialty, called, direction, _) = pick_weighted(&mut rng, ORGANISATIONS, |o| o.3);
            r.kind = "organisation".into();
            r.company = format!("{} {called}", PLACES[rng.random_range(0..PLACES.len())]);
            r.specialty = (*specialty).into();
            r.direction = (*direction).into();
        } else {
            let (specialty, called, direction, _) = pick_weighted(&mut rng, PERSON_SPECIALTIES, |s| s.3);
            r.kind = "person".into();
            r.first = if rng.random_bool(0.5) { female.pick(&mut rng) } else { male.pick(&mut rng) }.into();
            r.last = pools.surnames.pick(&mut rng).into();
            r.company = if rng.random_bool(0.3) {
                format!("{} {called}", r.last)
            } else {
                format!("{} {called}", PLACES[rng.random_range(0..PLACES.len())])
            };
            r.specialty = (*specialty).into();
            r.direction = (*direction).into();
        }
        let is_patient = r.company.is_empty();
        if !is_patient {
            r.npi = loop {
                let npi = people::npi_with_check_digit(rng.random_range(100_000_000..300_000_000));
                if npis.insert(npi.clone()) {
                    break npi;
                }
            };
        }
        let address = people::address(&mut rng);
        r.address = address.street_address;
        // A named referrer's own city, with its state and one of its zip codes.
        match people::CITIES.iter().find(|city| city.name == r.city) {
            Some(city) => {
                r.state = city.state.into();
                r.zip = city.zip_codes[rng.random_range(0..city.zip_codes.len())].into();
            }
            None => {
                r.city = address.city.into();
                r.state = address.state.into();
                r.zip = address.zip_code.into();
            }
        }
        if !is_patient {
            let host = slug(&r.company);
            r.website = format!("https://www.{host}.example");
            if r.kind == "person" {
                r.direct_address = format!("{}.{}@direct.{host}.example", slug(&r.first), slug(&r.last));
            }
            r.email = format!("office@{host}.example");
            r.phones[0] = domain::referrers::CheckedPhone {
                kind: Some(0),
                digits: people::fictional_phone(&mut rng),
                ext: if rng.random_bool(0.3) { rng.random_range(100..400).to_string() } else { String::new() },
            };
            if rng.random_bool(0.7) {
                r.phones[1] = domain::referrers::CheckedPhone {
                    kind: Some(2),
                    digits: people::fictional_phone(&mut rng),
                    ext: String::new(),
                };
            }
        } else {
            r.email = format!("{}.{}@example.com", slug(&r.first), slug(&r.last));
            r.phones[0] = domain::referrers::CheckedPhone {
                kind: Some(1),
                digits: people::fictional_phone(&mut rng),
                ext: String::new(),
            };
        }
        if rng.random_bool(0.25) {
            r.notes = NOTES[rng.random_range(0..NOTES.len())].into();
        }
        let name_key = r.name_key();
        words.extend(r.search_words().into_iter().map(|word| referrer_word::Model {
            word,
            name_key: name_key.clone(),
            referrer_id: id,
        }));
        referrers.push(store::referrers::row_of(id, 1, &r));
    }
    (referrers, words)
}

/// Adds the referrers a practice built with `seed` lacks up to `total` (the benchmark's
/// 100,000): the same stream as the demo's, so the first ones are the demo's own.
/// Answers how many were written.
pub async fn fill_to(store: &store::Store, seed: u64, total: usize) -> Result<usize, store::DbErr> {
    use sea_orm::{ConnectionTrait, EntityTrait, PaginatorTrait, TransactionTrait};
    let stored = usize::try_from(referrer::Entity::find().count(store.connection()).await?).unwrap_or(usize::MAX);
    if stored >= total {
        return Ok(0);
    }
    let (referrers, words) = build(seed, total);
    let first_new = i64::try_from(stored).unwrap_or(i64::MAX);
    let mut written = super::write::Written::default();
    let txn = store.connection().begin().await?;
    written.rows(&txn, referrers.into_iter().filter(|r| r.id > first_new).collect()).await?;
    written.rows(&txn, words.into_iter().filter(|w| w.referrer_id > first_new).collect()).await?;
    written.move_sequences(&txn, store.backend()).await?;
    txn.commit().await?;
    // After a bulk load the planner's statistics and the visibility map (index-only
    // scans) are stale until autovacuum comes by.
    if store.backend() == store::Backend::Postgres {
        store.connection().execute_unprepared("VACUUM (ANALYZE) referrers, referrer_words").await?;
    }
    Ok(total - stored)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_referrer_passes_the_apis_check_and_npis_are_unique() {
        let (referrers, words) = build(7, DEMO_REFERRERS);
        assert_eq!(referrers.len(), DEMO_REFERRERS);
        let mut npis = HashSet::new();
        for model in &referrers {
            let input = domain::referrers::ReferrerInput {
                kind: model.referrer_type.clone(),
                direction: model.direction.clone(),
                first: model.first_name.clone(),
                last: model.last_name.clone(),
                company: model.company.clone(),
                specialty: model.specialty.clone(),
                npi: model.npi.clone(),
                address: model.address.clone(),
                city: model.city.clone(),
                state: model.state.clone(),
                zip: model.zip.clone(),
                website: model.website.clone(),
                direct_address: model.direct_address.clone(),
                email: model.email.clone(),
                phone1: domain::referrers::PhoneInput {
                    kind: model.phone1_type.map(i64::from),
                    number: model.phone1_number.clone(),
                    ext: model.phone1_ext.clone(),
                },
                phone2: domain::referrers::PhoneInput {
                    kind: model.phone2_type.map(i64::from),
                    number: model.phone2_number.clone(),
                    ext: model.phone2_ext.clone(),
                },
                notes: model.notes.clone(),
                ..Default::default()
            };
            let checked = input.check().unwrap_or_else(|e| panic!("referrer {} refused: {e:?}", model.id));
            assert_eq!(store::referrers::row_of(model.id, 1, &checked), *model);
            assert!(model.npi.is_empty() || npis.insert(model.npi.clone()), "NPI {} twice", model.npi);
        }
        assert!(referrers.iter().any(|r| r.referrer_type == "organisation"));
        assert!(referrers.iter().any(|r| r.specialty == "Orthodontics" && r.direction == "out"));
        assert!(words.iter().any(|w| w.word == "desai" && w.referrer_id == 1));
        let real_place = |r: &referrer::Model| {
            people::CITIES
                .iter()
                .any(|c| c.name == r.city && c.state == r.state && c.zip_codes.contains(&r.zip.as_str()))
        };
        assert!(referrers.iter().all(real_place), "city, state and zip agree");
    }
}
