//! Synthetic but realistic people: households with names drawn by real frequencies,
//! ages, addresses, fictional phone numbers and e-mail addresses. Pure and seeded, so
//! the demo practice and the benchmark data are reproducible.

use chrono::{Days, NaiveDate};
use rand::Rng;

use super::names;

/// Draws names in proportion to their weights.
pub struct Weighted {
    items: &'static [(&'static str, u32)],
    cumulative: Vec<u64>,
}

impl Weighted {
    pub fn new(items: &'static [(&'static str, u32)]) -> Self {
        let mut total = 0u64;
        let cumulative = items
            .iter()
            .map(|(_, weight)| {
                total += u64::from(*weight);
                total
            })
            .collect();
        Self { items, cumulative }
    }

    pub fn pick(&self, rng: &mut impl Rng) -> &'static str {
        let total = self.cumulative.last().copied().unwrap_or(1);
        let x = rng.random_range(0..total);
        let index = self.cumulative.partition_point(|c| *c <= x);
        self.items[index.min(self.items.len() - 1)].0
    }
}

/// All the name lists, built once per generator.
pub struct NamePools {
    pub surnames: Weighted,
    female_adult: Weighted,
    male_adult: Weighted,
    female_child: Weighted,
    male_child: Weighted,
}

impl Default for NamePools {
    fn default() -> Self {
        Self {
            surnames: Weighted::new(names::SURNAMES),
            female_adult: Weighted::new(names::FEMALE_ADULT),
            male_adult: Weighted::new(names::MALE_ADULT),
            female_child: Weighted::new(names::FEMALE_CHILD),
            male_child: Weighted::new(names::MALE_CHILD),
        }
    }
}

impl NamePools {
    /// A first name fitting the person's sex (0 male, 1 female, 2 unknown) and age.
    pub fn first_name(&self, rng: &mut impl Rng, sex: i16, age: i64) -> &'static str {
        let female = match sex {
            0 => false,
            1 => true,
            _ => rng.random_bool(0.5),
        };
        match (female, age < 18) {
            (true, true) => self.female_child.pick(rng),
            (true, false) => self.female_adult.pick(rng),
            (false, true) => self.male_child.pick(rng),
            (false, false) => self.male_adult.pick(rng),
        }
    }
}

/// A city the practice's patients live in, with zip codes that belong to it.
pub struct City {
    pub name: &'static str,
    pub state: &'static str,
    pub zip_codes: &'static [&'static str],
}

pub static CITIES: &[City] = &[
    City {
        name: "Portland",
        state: "OR",
        zip_codes: &[
            "97201", "97202", "97203", "97205", "97206", "97209", "97211", "97212", "97213", "97214", "97215", "97217",
            "97219", "97220", "97230", "97232", "97236",
        ],
    },
    City { name: "Beaverton", state: "OR", zip_codes: &["97005", "97006", "97007", "97008"] },
    City { name: "Hillsboro", state: "OR", zip_codes: &["97123", "97124"] },
    City { name: "Gresham", state: "OR", zip_codes: &["97030", "97080"] },
    City { name: "Lake Oswego", state: "OR", zip_codes: &["97034", "97035"] },
    City { name: "Tigard", state: "OR", zip_codes: &["97223", "97224"] },
    City { name: "Milwaukie", state: "OR", zip_codes: &["97222", "97267"] },
    City { name: "Oregon City", state: "OR", zip_codes: &["97045"] },
    City { name: "Happy Valley", state: "OR", zip_codes: &["97086"] },
    City {
        name: "Vancouver",
        state: "WA",
        zip_codes: &["98660", "98661", "98662", "98664", "98665", "98682", "98683", "98684"],
    },
    City { name: "Camas", state: "WA", zip_codes: &["98607"] },
];

static STREETS: &[&str] = &[
    "SE Hawthorne Blvd",
    "NE Alberta St",
    "SW Multnomah Blvd",
    "N Williams Ave",
    "NW 23rd Ave",
    "SE Division St",
    "NE Broadway",
    "SE Belmont St",
    "N Lombard St",
    "SW Capitol Hwy",
    "Main St",
    "Oak St",
    "Maple Ave",
    "Cedar Ln",
    "Pine St",
    "Elm St",
    "Washington St",
    "Lincoln Ave",
    "Park Ave",
    "Sunset Blvd",
    "River Rd",
    "Hillside Dr",
    "Lakeview Dr",
    "Meadow Ln",
    "Forest Ave",
    "Jefferson St",
    "Madison Ave",
    "Chestnut St",
    "Willow Way",
    "Birch Ct",
    "Spruce St",
    "Aspen Dr",
    "Orchard Ln",
    "Columbia Blvd",
    "Mill Plain Blvd",
    "Fourth Plain Blvd",
    "Boones Ferry Rd",
    "Kruse Way",
    "Murray Blvd",
    "Cornell Rd",
];

/// Area codes of the region; with the 555-0100 to 555-0199 block (reserved for fiction)
/// they give numbers that can never ring a real person.
static AREA_CODES: &[&str] = &["503", "971", "541", "458", "360", "564", "206", "253", "425", "509"];

static NICKNAMES: &[(&str, &str)] = &[
    ("Robert", "Bob"),
    ("William", "Bill"),
    ("Elizabeth", "Liz"),
    ("Margaret", "Peggy"),
    ("James", "Jim"),
    ("Richard", "Rick"),
    ("Katherine", "Kate"),
    ("Michael", "Mike"),
    ("Christopher", "Chris"),
    ("Jennifer", "Jen"),
    ("Joseph", "Joe"),
    ("Thomas", "Tom"),
    ("Daniel", "Dan"),
    ("Patricia", "Pat"),
    ("Samantha", "Sam"),
    ("Alexander", "Alex"),
    ("Benjamin", "Ben"),
    ("Nicholas", "Nick"),
    ("Matthew", "Matt"),
    ("Rebecca", "Becky"),
    ("Deborah", "Deb"),
    ("Susan", "Sue"),
    ("Victoria", "Vicky"),
    ("Theodore", "Teddy"),
    ("Anthony", "Tony"),
];

static HISPANIC_SURNAMES: &[&str] = &[
    "Garcia",
    "Rodriguez",
    "Martinez",
    "Hernandez",
    "Lopez",
    "Gonzalez",
    "Perez",
    "Sanchez",
    "Ramirez",
    "Torres",
    "Flores",
    "Rivera",
    "Gomez",
    "Diaz",
    "Cruz",
    "Reyes",
    "Morales",
    "Gutierrez",
    "Ortiz",
    "Ramos",
    "Chavez",
    "Mendoza",
    "Ruiz",
    "Alvarez",
    "Castillo",
    "Jimenez",
    "Vasquez",
    "Romero",
    "Moreno",
    "Herrera",
    "Medina",
    "Aguilar",
    "Castro",
    "Fernandez",
    "Vargas",
    "Guzman",
    "Mendez",
    "Munoz",
    "Salazar",
    "Garza",
    "Soto",
    "Peña",
    "Nuñez",
    "Ibáñez",
    "De La Cruz",
    "Silva",
];

static VIETNAMESE_SURNAMES: &[&str] = &["Nguyen", "Tran", "Le", "Pham", "Vu", "Hoang"];

static RARE_STARTS: &[&str] = &[
    "Ab", "Al", "Ash", "Bal", "Bar", "Bel", "Ber", "Bran", "Brock", "Cal", "Car", "Chad", "Clay", "Cor", "Dal", "Dar",
    "Del", "Dun", "Ed", "El", "Fair", "Far", "Fen", "Gar", "Gil", "Glen", "Gra", "Hal", "Har", "Hath", "Hol", "Kel",
    "Ken", "Kin", "Lan", "Lar", "Leigh", "Lin", "Mal", "Mar", "Mel", "Mor", "Nor", "Oak", "Pem", "Ral", "Red", "Ren",
    "Ros", "Rut", "Sal", "Sel", "Shel", "Stan", "Stav", "Tal", "Thorn", "Tor", "Van", "Wal", "War", "Wel", "Whit",
    "Wil", "Win", "Wor", "Yar",
];
static RARE_MIDDLES: &[&str] =
    &["", "", "", "a", "e", "i", "o", "ber", "den", "ing", "ley", "ling", "man", "mer", "ner", "ris", "ton", "wyn"];
static RARE_ENDS: &[&str] = &[
    "berg", "bourne", "by", "combe", "dale", "den", "don", "field", "ford", "gate", "ham", "hart", "hurst", "land",
    "ley", "low", "man", "mont", "more", "ridge", "shaw", "son", "stead", "stone", "ton", "ville", "ward", "well",
    "wick", "wood", "worth",
];

/// A plausible surname outside the frequency list, from about 36,000 combinations,
/// sometimes hyphenated: the long tail a large practice's surnames have.
pub fn rare_surname(rng: &mut impl Rng) -> String {
    let one = |rng: &mut dyn rand::RngCore| {
        format!(
            "{}{}{}",
            RARE_STARTS[rng.random_range(0..RARE_STARTS.len())],
            RARE_MIDDLES[rng.random_range(0..RARE_MIDDLES.len())],
            RARE_ENDS[rng.random_range(0..RARE_ENDS.len())]
        )
    };
    let name = one(rng);
    if rng.random_bool(0.06) { format!("{name}-{}", one(rng)) } else { name }
}

/// Which language table row a person prefers; ids follow the demo's languages list.
pub fn preferred_language(rng: &mut impl Rng, surname: &str) -> i64 {
    if HISPANIC_SURNAMES.contains(&surname) && rng.random_bool(0.35) {
        return 2; // Spanish
    }
    if VIETNAMESE_SURNAMES.contains(&surname) && rng.random_bool(0.4) {
        return 3; // Vietnamese
    }
    match rng.random_range(0..100) {
        0..=89 => 1,
        90..=92 => 2,
        93 => 4,
        94 => 5,
        95 => 6,
        96 => 7,
        97 => 8,
        98 => 10,
        _ => rng.random_range(9..=19),
    }
}

pub fn nickname_for(first_name: &str) -> Option<&'static str> {
    NICKNAMES.iter().find(|(name, _)| *name == first_name).map(|(_, nick)| *nick)
}

/// A birth date that makes someone `age` years old on `today`.
pub fn birthdate_for_age(rng: &mut impl Rng, today: NaiveDate, age: i64) -> NaiveDate {
    let years_back =
        today.checked_sub_months(chrono::Months::new(u32::try_from(age.max(0) * 12).unwrap_or(0))).unwrap_or(today);
    // Some day in the 12 months before the birthday that gives exactly `age`.
    years_back.checked_sub_days(Days::new(rng.random_range(0..365))).unwrap_or(years_back)
}

/// Whole years between `birthdate` and `today`.
pub fn age_on(birthdate: NaiveDate, today: NaiveDate) -> i64 {
    use chrono::Datelike;
    let mut age = i64::from(today.year() - birthdate.year());
    if (today.month(), today.day()) < (birthdate.month(), birthdate.day()) {
        age -= 1;
    }
    age
}

/// Ten digits in the fictional 555-01XX block.
pub fn fictional_phone(rng: &mut impl Rng) -> String {
    format!("{}5550{:03}", AREA_CODES[rng.random_range(0..AREA_CODES.len())], rng.random_range(100..200))
}

/// Ten digits with the 555 exchange and any line: 100,000 numbers across the area
/// codes, so a large generated practice shares numbers about as rarely as a real one.
/// For benchmark data only, which never leaves the machine that made it.
pub fn benchmark_phone(rng: &mut impl Rng) -> String {
    format!("{}555{:04}", AREA_CODES[rng.random_range(0..AREA_CODES.len())], rng.random_range(0..10_000))
}

pub struct Address {
    pub street_address: String,
    pub suite: String,
    pub city: &'static str,
    pub state: &'static str,
    pub zip_code: &'static str,
}

pub fn address(rng: &mut impl Rng) -> Address {
    let city = &CITIES[rng.random_range(0..CITIES.len())];
    Address {
        street_address: format!("{} {}", rng.random_range(100..9999), STREETS[rng.random_range(0..STREETS.len())]),
        suite: if rng.random_bool(0.12) {
            format!("Apt {}{}", rng.random_range(1..40), ["A", "B", "C", "D"][rng.random_range(0..4)])
        } else {
            String::new()
        },
        city: city.name,
        state: city.state,
        zip_code: city.zip_codes[rng.random_range(0..city.zip_codes.len())],
    }
}

/// Lowercase ASCII letters and digits of a name, for e-mail addresses.
pub fn ascii_fold(name: &str) -> String {
    name.chars()
        .filter_map(|c| {
            let base = match c {
                'á' | 'à' | 'ä' | 'â' | 'Á' => 'a',
                'é' | 'è' | 'ë' | 'ê' | 'É' => 'e',
                'í' | 'ï' | 'Í' => 'i',
                'ó' | 'ö' | 'ô' | 'Ó' => 'o',
                'ú' | 'ü' | 'Ú' | 'Ü' => 'u',
                'ñ' | 'Ñ' => 'n',
                other => other,
            };
            base.is_ascii_alphanumeric().then(|| base.to_ascii_lowercase())
        })
        .collect()
}

/// An address at a domain reserved for examples, so no mail can reach anyone.
pub fn email_for(rng: &mut impl Rng, first: &str, last: &str) -> String {
    let domain = ["example.com", "example.net", "example.org"][rng.random_range(0..3)];
    match rng.random_range(0..3) {
        0 => format!("{}.{}@{domain}", ascii_fold(first), ascii_fold(last)),
        1 => format!("{}{}{}@{domain}", &ascii_fold(first)[..1], ascii_fold(last), rng.random_range(1..99)),
        _ => format!("{}{}@{domain}", ascii_fold(first), rng.random_range(1950..2020)),
    }
}

/// An SSN-shaped number in area 666, which the Social Security Administration never
/// issues, so no demo chart holds a real person's number.
pub fn fictional_ssn(rng: &mut impl Rng) -> String {
    format!("666-{:02}-{:04}", rng.random_range(1..100), rng.random_range(1..10000))
}

/// A National Provider Identifier with a valid check digit (Luhn over "80840" + the
/// first nine digits, as CMS specifies).
pub fn npi_with_check_digit(first_nine: u32) -> String {
    let body = format!("{first_nine:09}");
    let digits: Vec<u32> = format!("80840{body}").chars().filter_map(|c| c.to_digit(10)).collect();
    let sum: u32 = digits
        .iter()
        .rev()
        .enumerate()
        .map(|(i, d)| {
            if i % 2 == 0 {
                let doubled = d * 2;
                if doubled > 9 { doubled - 9 } else { doubled }
            } else {
                *d
            }
        })
        .sum();
    format!("{body}{}", (10 - sum % 10) % 10)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn npi_check_digit_matches_the_cms_example() {
        assert_eq!(npi_with_check_digit(123_456_789), "1234567893");
    }

    #[test]
    fn weighted_pick_follows_weights() {
        static ITEMS: &[(&str, u32)] = &[("common", 99), ("rare", 1)];
        let pool = Weighted::new(ITEMS);
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let common = (0..10_000).filter(|_| pool.pick(&mut rng) == "common").count();
        assert!((9_700..=10_000).contains(&common), "{common}");
    }

    #[test]
    fn birthdate_gives_the_requested_age() {
        let today = NaiveDate::from_ymd_opt(2026, 11, 22).expect("date");
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        for age in [0, 1, 2, 3, 17, 45, 90] {
            for _ in 0..50 {
                assert_eq!(age_on(birthdate_for_age(&mut rng, today, age), today), age);
            }
        }
    }

    #[test]
    fn phones_are_ten_digits_in_the_fictional_block() {
        let mut rng = ChaCha8Rng::seed_from_u64(2);
        let phone = fictional_phone(&mut rng);
        assert_eq!(phone.len(), 10);
        assert_eq!(&phone[3..7], "5550");
        assert!(phone.chars().all(|c| c.is_ascii_digit()));
    }

    #[test]
    fn ascii_fold_keeps_letters_of_accented_names() {
        assert_eq!(ascii_fold("Nuñez"), "nunez");
        assert_eq!(ascii_fold("O'Connor"), "oconnor");
        assert_eq!(ascii_fold("De La Cruz"), "delacruz");
    }
}
