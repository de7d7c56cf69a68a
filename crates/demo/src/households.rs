//! Households: an account with its guarantor, perhaps a spouse and children, sharing
//! an address and a home phone, each member drawn from census-weighted names.

use chrono::{DateTime, Duration, NaiveDate, Utc};
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use store::entities::{account, patient};

use crate::people::{self, NamePools};
use crate::{
    FEE_MEDICARE, MARRIED, OFFICE_DOWNTOWN, OFFICE_EASTSIDE, PROVIDER_BENNETT, PROVIDER_CHEN, PROVIDER_OCONNOR,
    PROVIDER_RAMAN, PROVIDER_WHITFIELD, RELATION_CHILD, RELATION_SELF, RELATION_SPOUSE,
};

pub struct Household {
    pub account: account::Model,
    pub members: Vec<patient::Model>,
}

/// One account: a guarantor, perhaps a spouse, perhaps children, sharing an address.
/// With `long_tail`, some households get a rare surname, as a large practice has
/// tens of thousands of distinct ones.
pub fn household(
    rng: &mut ChaCha8Rng,
    pools: &NamePools,
    today: NaiveDate,
    now: DateTime<Utc>,
    account_id: i64,
    first_patient_id: i64,
    long_tail: bool,
) -> Household {
    let (office_id, provider_choices): (i64, &[i64]) = if rng.random_bool(0.6) {
        (OFFICE_DOWNTOWN, &[PROVIDER_BENNETT, PROVIDER_RAMAN, PROVIDER_WHITFIELD])
    } else {
        (OFFICE_EASTSIDE, &[PROVIDER_CHEN, PROVIDER_OCONNOR, PROVIDER_WHITFIELD])
    };
    let account_provider = provider_choices[rng.random_range(0..provider_choices.len())];
    let surname: String =
        if long_tail && rng.random_bool(0.3) { people::rare_surname(rng) } else { pools.surnames.pick(rng).to_owned() };
    let address = people::address(rng);
    let home_phone = rng
        .random_bool(0.45)
        .then(|| if long_tail { people::benchmark_phone(rng) } else { people::fictional_phone(rng) });
    let opened = now - Duration::days(rng.random_range(1..8 * 365)) - Duration::minutes(rng.random_range(0..600));

    let holder_age = match rng.random_range(0..100) {
        0..=9 => rng.random_range(19..26),
        10..=69 => rng.random_range(26..56),
        _ => rng.random_range(56..92),
    };
    let has_spouse = holder_age >= 22 && rng.random_bool(0.55);
    let children = if (24..=55).contains(&holder_age) && rng.random_bool(0.6) { rng.random_range(1..=3) } else { 0 };

    let holder_id = first_patient_id;
    let shape = Shape {
        pools,
        today,
        account_id,
        office_id,
        provider_choices,
        account_provider,
        surname,
        address,
        home_phone,
        opened,
        holder_id,
        spouse_id: has_spouse.then_some(holder_id + 1),
        has_spouse,
        long_tail,
    };
    let mut members = Vec::new();
    let mut next_id = first_patient_id;
    let mut person = |rng: &mut ChaCha8Rng, role: i64, age: i64, sex: i16| {
        next_id += 1;
        member(rng, &shape, next_id - 1, role, age, sex)
    };

    let holder_sex: i16 = if rng.random_bool(0.01) { 2 } else { rng.random_range(0..2) };
    members.push(person(rng, RELATION_SELF, holder_age, holder_sex));
    if has_spouse {
        let spouse_sex = if rng.random_bool(0.9) { 1 - holder_sex.min(1) } else { holder_sex };
        let spouse_age = (holder_age + rng.random_range(-6..=6)).max(19);
        members.push(person(rng, RELATION_SPOUSE, spouse_age, spouse_sex));
    }
    for _ in 0..children {
        let age = rng.random_range(0..=(holder_age - 20).min(17));
        let sex = rng.random_range(0..2);
        members.push(person(rng, RELATION_CHILD, age, sex));
    }
    // A child's guardian data is the household's; make sure the first member is the
    // account holder (the spec's "primary" of a new account).
    debug_assert_eq!(members[0].id, holder_id);

    Household {
        account: account::Model {
            id: account_id,
            account_provider_id: Some(account_provider),
            office_id: Some(office_id),
            primary_patient_id: Some(holder_id),
            created_at: opened,
        },
        members,
    }
}

/// What the members of one household share.
struct Shape<'a> {
    pools: &'a NamePools,
    today: NaiveDate,
    account_id: i64,
    office_id: i64,
    provider_choices: &'a [i64],
    account_provider: i64,
    surname: String,
    address: people::Address,
    home_phone: Option<String>,
    opened: DateTime<Utc>,
    holder_id: i64,
    spouse_id: Option<i64>,
    has_spouse: bool,
    /// The benchmark's large practice: phone numbers beyond the fictional block.
    long_tail: bool,
}

impl Shape<'_> {
    fn phone(&self, rng: &mut ChaCha8Rng) -> String {
        if self.long_tail { people::benchmark_phone(rng) } else { people::fictional_phone(rng) }
    }
}

/// One member of the household: the holder (`RELATION_SELF`), a spouse or a child.
fn member(rng: &mut ChaCha8Rng, shape: &Shape<'_>, id: i64, role: i64, age: i64, sex: i16) -> patient::Model {
    let first = shape.pools.first_name(rng, sex, age);
    let mut last: &str = &shape.surname;
    let mut maiden = String::new();
    if role == RELATION_SPOUSE && rng.random_bool(0.25) {
        last = shape.pools.surnames.pick(rng); // kept their own name
    } else if role == RELATION_SPOUSE && sex == 1 && rng.random_bool(0.6) {
        maiden = shape.pools.surnames.pick(rng).to_owned();
    }
    let adult = age >= 18;
    let birthdate = people::birthdate_for_age(rng, shape.today, age);
    let mobile = (age >= 13).then(|| shape.phone(rng));
    let work = (adult && rng.random_bool(0.25)).then(|| shape.phone(rng));
    let mut phones: Vec<(String, i16)> = Vec::new();
    if let Some(number) = mobile {
        phones.push((number, 2));
    }
    if let Some(number) = &shape.home_phone {
        phones.push((number.clone(), 0));
    }
    if let Some(number) = work {
        phones.push((number, 1));
    }
    let phone = |i: usize| phones.get(i).cloned();
    let marital = match (role, age) {
        (RELATION_CHILD, _) => 1,
        (_, _) if shape.has_spouse => MARRIED,
        (_, a) if a >= 70 && rng.random_bool(0.4) => 4,
        (_, a) if a >= 35 && rng.random_bool(0.3) => 3,
        _ => {
            if rng.random_bool(0.05) {
                7
            } else {
                1
            }
        }
    };
    let employment = match age {
        0..=4 => 8,
        5..=17 => 6,
        18..=22 if rng.random_bool(0.6) => 6,
        a if a >= 66 && rng.random_bool(0.8) => 5,
        _ => [1, 1, 1, 1, 2, 3, 4, 8][rng.random_range(0..8)],
    };
    let fee_schedule = if age >= 65 && rng.random_bool(0.7) {
        FEE_MEDICARE
    } else {
        [1, 1, 1, 3, 4, 4, 5, 5, 6][rng.random_range(0..9)]
    };
    let middle = if rng.random_bool(0.55) { shape.pools.first_name(rng, sex, age).to_owned() } else { String::new() };
    let prefix = if adult && rng.random_bool(0.15) {
        match sex {
            0 => "Mr.",
            1 => ["Ms.", "Mrs."][rng.random_range(0..2)],
            _ => "Mx.",
        }
    } else {
        ""
    };
    let suffix = if role == RELATION_SELF && sex == 0 && rng.random_bool(0.04) {
        ["Jr.", "Sr.", "III"][rng.random_range(0..3)]
    } else {
        ""
    };
    let patient_provider = if rng.random_bool(0.8) {
        shape.account_provider
    } else {
        shape.provider_choices[rng.random_range(0..shape.provider_choices.len())]
    };
    let created = shape.opened + Duration::days(if role == RELATION_SELF { 0 } else { rng.random_range(0..90) });
    patient::Model {
        id,
        display_id: (10_000 + id).to_string(),
        account_id: shape.account_id,
        first_name: first.to_owned(),
        last_name: last.to_owned(),
        middle,
        prefix: prefix.to_owned(),
        suffix: suffix.to_owned(),
        maiden_name: maiden,
        nickname: people::nickname_for(first).filter(|_| rng.random_bool(0.3)).unwrap_or("").to_owned(),
        birthdate: Some(birthdate),
        sex,
        government_identifier: if age >= 1 || rng.random_bool(0.5) {
            people::fictional_ssn(rng)
        } else {
            String::new()
        },
        marital_status_id: Some(marital),
        employment_status_id: Some(employment),
        preferred_language_id: Some(people::preferred_language(rng, last)),
        relationship_to_primary_id: Some(role),
        relationship_to_secondary_id: match (shape.spouse_id, role) {
            (Some(_), RELATION_SELF) => Some(RELATION_SPOUSE),
            (Some(_), RELATION_SPOUSE) => Some(RELATION_SELF),
            (Some(_), _) => Some(RELATION_CHILD),
            (None, _) => None,
        },
        primary_guarantor_id: Some(shape.holder_id),
        secondary_guarantor_id: shape.spouse_id,
        street_address: shape.address.street_address.clone(),
        suite: shape.address.suite.clone(),
        city: shape.address.city.to_owned(),
        state: shape.address.state.to_owned(),
        zip_code: shape.address.zip_code.to_owned(),
        country: "United States of America".into(),
        phone1_number: phone(0).map(|p| p.0).unwrap_or_default(),
        phone1_type: phone(0).map(|p| p.1),
        phone2_number: phone(1).map(|p| p.0).unwrap_or_default(),
        phone2_type: phone(1).map(|p| p.1),
        phone3_number: phone(2).map(|p| p.0).unwrap_or_default(),
        phone3_type: phone(2).map(|p| p.1),
        email: if age >= 16 && rng.random_bool(0.8) { people::email_for(rng, first, last) } else { String::new() },
        patient_provider_id: Some(patient_provider),
        office_id: Some(shape.office_id),
        fee_schedule_id: Some(fee_schedule),
        inactive: rng.random_bool(0.03),
        created_at: created,
        updated_at: created,
        version: 1,
        last_name_key: domain::search::fold_name(last),
        first_name_key: domain::search::fold_name(first),
    }
}
