//! The demo practice's clinical charts: the sections without a table of their own
//! (notes, medications, immunizations, labs, a full perio chart...), attachments with
//! small generated images, 'reviewed, none found' marks, referrers and referrals.
//!
//! Many patients have some sections, some have none, and some are marked 'reviewed,
//! none' so each empty state shows. The showcase patient has every section. A random
//! stream of its own keeps the rest of the practice as it was before charts existed.

use chrono::{DateTime, Duration, NaiveDate, Utc};
use domain::clinical::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use store::entities::{chart_entry, chart_file, chart_review, patient, patient_referral, referrer};

use super::people::{self, age_on};

#[derive(Debug, Default)]
pub struct ClinicalRecords {
    pub entries: Vec<chart_entry::Model>,
    pub files: Vec<chart_file::Model>,
    pub reviews: Vec<chart_review::Model>,
    pub referrals: Vec<patient_referral::Model>,
}

/// A vaccine the demo gives: a dose of it falls between the ages and after the day it
/// came to market, and a series' doses are numbered in the order they were given.
struct DemoVaccine {
    name: &'static str,
    cvx: &'static str,
    manufacturer: &'static str,
    from_age: i64,
    to_age: i64,
    /// (year, month, day) of its US licence.
    licensed: (i32, u32, u32),
    /// Doses in the series (a seasonal vaccine: one a season).
    doses: i32,
    seasonal: bool,
}

const fn vaccine(
    name: &'static str,
    cvx: &'static str,
    manufacturer: &'static str,
    ages: (i64, i64),
    licensed: (i32, u32, u32),
    doses: i32,
) -> DemoVaccine {
    DemoVaccine { name, cvx, manufacturer, from_age: ages.0, to_age: ages.1, licensed, doses, seasonal: false }
}

static VACCINES: &[DemoVaccine] = &[
    vaccine("DTaP", "20", "Sanofi Pasteur", (0, 7), (1991, 7, 1), 5),
    vaccine("Hepatitis B, pediatric", "08", "Merck & Co.", (0, 18), (1986, 7, 23), 3),
    vaccine("MMR", "03", "Merck & Co.", (1, 18), (1971, 1, 1), 2),
    vaccine("Varicella", "21", "Merck & Co.", (1, 18), (1995, 3, 17), 2),
    vaccine("IPV (polio)", "10", "Sanofi Pasteur", (0, 7), (1987, 11, 1), 4),
    vaccine("Tdap", "115", "GlaxoSmithKline", (11, 120), (2005, 5, 3), 1),
    vaccine("HPV9", "165", "Merck & Co.", (9, 45), (2014, 12, 10), 2),
    DemoVaccine {
        seasonal: true,
        ..vaccine("Influenza, seasonal, injectable", "141", "Seqirus", (0, 120), (2007, 9, 1), 4)
    },
    vaccine("COVID-19, mRNA (Comirnaty), 30 mcg/0.3 mL", "309", "Pfizer-BioNTech", (12, 120), (2021, 8, 23), 3),
    vaccine("Pneumococcal conjugate PCV20", "216", "Pfizer", (65, 120), (2021, 6, 8), 1),
    vaccine("Zoster recombinant (Shingrix)", "187", "GlaxoSmithKline", (50, 120), (2017, 10, 20), 2),
    vaccine("Hepatitis A, adult", "52", "GlaxoSmithKline", (19, 120), (1995, 2, 22), 2),
];

/// (drug as written, instructions, reason)
static MEDICATIONS: &[(&str, &str, &str)] = &[
    ("Metformin 500 mg tablet", "1 tablet by mouth twice daily with meals", "Type 2 diabetes"),
    ("Lisinopril 10 mg tablet", "1 tablet by mouth once daily", "Hypertension"),
    ("Atorvastatin 20 mg tablet", "1 tablet by mouth at bedtime", "Hyperlipidemia"),
    ("Levothyroxine 50 mcg tablet", "1 tablet by mouth every morning on an empty stomach", "Hypothyroidism"),
    ("Albuterol HFA 90 mcg/actuation inhaler", "2 puffs every 4 to 6 hours as needed for wheezing", "Asthma"),
    ("Omeprazole 20 mg capsule", "1 capsule by mouth daily before breakfast", "GERD"),
    ("Sertraline 50 mg tablet", "1 tablet by mouth once daily", "Anxiety"),
    ("Amlodipine 5 mg tablet", "1 tablet by mouth once daily", "Hypertension"),
    ("Ibuprofen 600 mg tablet", "1 tablet by mouth every 6 hours as needed for pain, with food", "Dental pain"),
    ("Amoxicillin 500 mg capsule", "1 capsule by mouth three times daily for 7 days", "Dental infection"),
    ("Chlorhexidine gluconate 0.12% oral rinse", "Rinse with 15 mL for 30 seconds twice daily", "Gingivitis"),
    ("Sumatriptan 50 mg tablet", "1 tablet at migraine onset; may repeat once after 2 hours", "Migraine"),
    ("Warfarin 5 mg tablet", "1 tablet by mouth daily, as directed by INR", "Atrial fibrillation"),
];

/// (panel, test, LOINC, unit, low, high, decimals)
static LABS: &[(&str, &str, &str, &str, f64, f64, usize)] = &[
    ("Lipid panel", "Total cholesterol", "2093-3", "mg/dL", 125.0, 200.0, 0),
    ("Lipid panel", "LDL cholesterol", "13457-7", "mg/dL", 0.0, 100.0, 0),
    ("Lipid panel", "HDL cholesterol", "2085-9", "mg/dL", 40.0, 90.0, 0),
    ("Lipid panel", "Triglycerides", "2571-8", "mg/dL", 0.0, 150.0, 0),
    ("Basic metabolic panel", "Glucose", "2345-7", "mg/dL", 70.0, 99.0, 0),
    ("Basic metabolic panel", "Sodium", "2951-2", "mmol/L", 135.0, 145.0, 0),
    ("Basic metabolic panel", "Potassium", "2823-3", "mmol/L", 3.5, 5.1, 1),
    ("Basic metabolic panel", "Creatinine", "2160-0", "mg/dL", 0.6, 1.3, 2),
    ("Hemoglobin A1c", "Hemoglobin A1c", "4548-4", "%", 4.0, 5.6, 1),
    ("Complete blood count", "Hemoglobin", "718-7", "g/dL", 12.0, 17.5, 1),
    ("Complete blood count", "White blood cells", "6690-2", "10*3/uL", 4.5, 11.0, 1),
    ("Complete blood count", "Platelets", "777-3", "10*3/uL", 150.0, 400.0, 0),
    ("Thyroid", "TSH", "3016-3", "mIU/L", 0.4, 4.0, 2),
];

/// (code, description, tooth-specific)
static PROCEDURES: &[(&str, &str, bool)] = &[
    ("PC-EXAM", "Recall exam", false),
    ("PC-CLEAN", "Cleaning, adult", false),
    ("PC-XR-BW4", "Bite-wing x-rays, four films", false),
    ("PC-FILL2", "Tooth-coloured filling, two surfaces, back tooth", true),
    ("PC-FILLF", "Tooth-coloured filling, front tooth", true),
    ("PC-CROWN", "Crown, all-ceramic", true),
    ("PC-DEEP", "Deep cleaning, four or more teeth", false),
    ("PC-EXT", "Simple tooth removal", true),
    ("PC-VISIT", "Follow-up visit, 25 minutes", false),
    ("PC-ECG", "Heart tracing with reading", false),
    ("PC-FLU", "Flu shot given in the office", false),
];

/// (note type, written by a dentist, text): a note reads like its type and its author's
/// field (no dentist writes a diabetes follow-up).
static NOTES: &[(&str, bool, &str)] = &[
    (
        "Progress note",
        false,
        "Patient seen for routine follow-up. Reports feeling well, no new complaints. Blood pressure controlled on current regimen. Reviewed medications and allergies; no changes. Discussed diet and exercise. Plan: continue current medications, recheck labs in three months, return sooner if symptoms change.",
    ),
    (
        "Phone call",
        false,
        "Called patient to review lab results. A1c improved from last draw. Patient is taking metformin as prescribed and tolerating it without stomach upset. Encouraged continued walking 30 minutes daily. Will recheck in three months.",
    ),
    (
        "Procedure note",
        true,
        "Tooth #19 prepared for a two-surface composite under local anesthesia (2% lidocaine with epinephrine 1:100,000, one carpule). Rubber dam isolation. Caries removed, selective etch, bonding agent and composite placed in increments and cured. Occlusion checked and adjusted. Patient tolerated the procedure well.",
    ),
    (
        "Progress note",
        true,
        "Patient reports intermittent sensitivity to cold on the lower left for two weeks. No swelling, no pain at night. Percussion negative, cold test lingers 3 seconds on #18. Bitewing shows recurrent decay under the existing restoration. Discussed options; patient prefers to replace the filling. Scheduled.",
    ),
    (
        "Medication review",
        false,
        "Medication reconciliation with patient and caregiver. Stopped ibuprofen because of reflux symptoms; acetaminophen as needed instead. Confirmed the patient is not taking any supplements. Updated the list.",
    ),
    (
        "Consult",
        false,
        "Consult for persistent headaches, three to four a week for two months, worse in the afternoon. Neurological exam normal. Likely tension-type with medication overuse. Advised a headache diary and limiting analgesics to two days a week. Follow up in four weeks.",
    ),
];

static CARE_ROLES: &[(&str, &str)] = &[
    ("Primary care physician", "Riverside Family Medicine"),
    ("Cardiologist", "Portland Heart Associates"),
    ("Endocrinologist", "Cascade Diabetes & Endocrine"),
    ("Periodontist", "Willamette Periodontics"),
    ("Orthodontist", "Bridge City Orthodontics"),
    ("Physical therapist", "Northwest Motion PT"),
    ("Caregiver", ""),
    ("Pharmacist", "Hawthorne Community Pharmacy"),
];

/// (material, topic, link)
static EDUCATION: &[(&str, &str, &str)] = &[
    (
        "Brushing and flossing at home",
        "Oral hygiene",
        "https://www.mouthhealthy.org/all-topics-a-z/brushing-your-teeth",
    ),
    ("Living with type 2 diabetes", "Diabetes", "https://medlineplus.gov/diabetestype2.html"),
    ("Lowering your blood pressure", "Hypertension", "https://medlineplus.gov/highbloodpressure.html"),
    ("After your tooth extraction", "Post-operative care", ""),
    ("Quitting tobacco", "Tobacco cessation", "https://smokefree.gov"),
    ("Using your inhaler", "Asthma", "https://medlineplus.gov/asthma.html"),
    ("Heart-healthy eating", "Nutrition", ""),
];

/// (relationship, condition, ICD-10-CM)
static FAMILY_CONDITIONS: &[(&str, &str, &str)] = &[
    ("Mother", "Breast cancer", "C50.919"),
    ("Father", "Coronary artery disease", "I25.10"),
    ("Father", "Type 2 diabetes mellitus", "E11.9"),
    ("Mother", "Hypertension", "I10"),
    ("Sister", "Asthma", "J45.909"),
    ("Maternal grandmother", "Alzheimer's disease", "G30.9"),
    ("Paternal grandfather", "Colon cancer", "C18.9"),
    ("Brother", "Hyperlipidemia", "E78.5"),
    ("Mother", "Hypothyroidism", "E03.9"),
];

/// (form, max score, interpretation by score band)
static FORMS: &[(&str, i32)] = &[
    ("Health history update", 0),
    ("PHQ-9 depression questionnaire", 27),
    ("GAD-7 anxiety questionnaire", 21),
    ("Dental anxiety scale", 25),
    ("HIPAA acknowledgment", 0),
    ("Financial policy consent", 0),
];

static GOALS: &[&str] = &[
    "Lower A1c below 7%",
    "Floss once a day",
    "Walk 30 minutes five days a week",
    "Quit smoking",
    "Lose 10 pounds by summer",
    "Blood pressure under 130/80",
    "Reduce bleeding on probing below 10%",
];

static GENDER_IDENTITIES: &[&str] = &[
    "Identifies as female",
    "Identifies as male",
    "Identifies as non-binary",
    "Transgender woman",
    "Transgender man",
    "Choose not to disclose",
];

static ORIENTATIONS: &[&str] = &[
    "Straight or heterosexual",
    "Lesbian or gay",
    "Bisexual",
    "Something else",
    "Don't know",
    "Choose not to disclose",
];

/// (item, interval in months)
static PREVENTIVE: &[(&str, i32)] = &[
    ("Dental recall and cleaning", 6),
    ("Bitewing radiographs", 12),
    ("Annual physical", 12),
    ("Influenza vaccine", 12),
    ("Mammogram", 24),
    ("Colorectal cancer screening", 120),
    ("Diabetic eye exam", 12),
    ("Lipid panel", 12),
];

/// (modality, description, images, dental)
static IMAGING: &[(&str, &str, i32, bool)] = &[
    ("IO", "Bitewings, four images", 4, true),
    ("IO", "Periapical", 1, true),
    ("PX", "Panoramic radiograph", 1, true),
    ("IO", "Full-mouth series", 18, true),
    ("DX", "Chest radiograph, two views", 2, false),
    ("XC", "Intraoral photographs", 6, true),
    ("US", "Thyroid ultrasound", 12, false),
];

/// (device, manufacturer, UDI device identifier)
static DEVICES: &[(&str, &str, &str)] = &[
    ("Dental implant, 4.1 x 10 mm, bone level", "Straumann", "07630031765432"),
    ("Cardiac pacemaker, dual chamber", "Medtronic", "00643169007222"),
    ("Total knee replacement, femoral component", "Zimmer Biomet", "00889024123456"),
    ("Coronary stent, drug-eluting", "Abbott Vascular", "08717648200274"),
];

static PATIENT_NOTES: &[(&str, &str)] = &[
    ("Transportation", "Patient relies on a medical ride service. Call the day before to confirm pick-up time."),
    ("Billing", "Spouse handles all billing questions. Patient asked that statements go to the spouse's e-mail."),
    ("Scheduling", "Prefers the first appointment of the day; works evenings."),
    ("Communication", "Deaf in the left ear. Speak on the right side. Text messages preferred to calls."),
    ("Family", "Two children also patients here; try to book them together during school holidays."),
];

static SCREENINGS: &[(&str, i32, &[&str])] = &[
    ("AHC HRSN", 0, &["Food insecurity", "Transportation"]),
    ("AHC HRSN", 0, &[]),
    ("PHQ-2", 4, &[]),
    ("AUDIT-C", 12, &["Alcohol use"]),
    ("PRAPARE", 0, &["Housing instability", "Financial strain"]),
];

/// The size of the generated attachment images: the demo's are photos a user looks at,
/// a large practice's are thumbnails (a million patients' photos would be gigabytes).
#[derive(Clone, Copy, Debug)]
pub struct ImageSize {
    pub width: u32,
    pub height: u32,
}

pub const DEMO_IMAGES: ImageSize = ImageSize { width: 96, height: 72 };
pub const THUMBNAILS: ImageSize = ImageSize { width: 8, height: 6 };

/// Builds the clinical records for `patients`, with `providers` as "First Last, Title";
/// `showcase` gets an entry in every section.
pub fn build(
    seed: u64,
    patients: &[patient::Model],
    providers: &[String],
    now: DateTime<Utc>,
    showcase: i64,
    images: ImageSize,
    referrers: &[referrer::Model],
) -> ClinicalRecords {
    // A stream of its own: adding charts does not move any other demo row.
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0xC11_41CA1);
    let today = now.date_naive();
    let mut records = ClinicalRecords::default();
    let provider = |rng: &mut ChaCha8Rng| providers[rng.random_range(0..providers.len())].clone();
    for patient in patients {
        let mut chart = Chart { records: &mut records, patient, now, today, images, referrers };
        let all = patient.id == showcase;
        let age = patient.birthdate.map_or(40, |b| age_on(b, today));
        let since = patient.birthdate.unwrap_or(today - Duration::days(40 * 365)).max(today - Duration::days(12 * 365));
        let chance = |rng: &mut ChaCha8Rng, p: f64| all || rng.random_bool(p);

        if chance(&mut rng, 0.5) {
            for _ in 0..rng.random_range(1..=4) {
                let (note_type, dental, text) = *pick(&mut rng, NOTES);
                let authors: Vec<&String> = providers.iter().filter(|p| is_dentist(p) == dental).collect();
                let author = if authors.is_empty() { provider(&mut rng) } else { pick(&mut rng, &authors).to_string() };
                let date = instant_between(&mut rng, since, now);
                let signed = rng.random_bool(0.8);
                chart.add(
                    date.date_naive(),
                    ClinicalResource::ClinicalNotes(ClinicalNote {
                        date,
                        note_type: note_type.into(),
                        text: text.into(),
                        text_truncated: false,
                        signed,
                        signed_at: signed.then(|| date + Duration::minutes(rng.random_range(5..600))),
                        signed_by: if signed { author.clone() } else { String::new() },
                        author,
                        amends: None,
                    }),
                );
            }
        }

        if chance(&mut rng, 0.45) {
            for _ in 0..rng.random_range(1..=5) {
                let (medication, dosage, reason) = *pick(&mut rng, MEDICATIONS);
                let start = date_between(&mut rng, since, today);
                let stopped = rng.random_bool(0.3);
                let end = stopped.then(|| date_between(&mut rng, start, today));
                chart.add(
                    start,
                    ClinicalResource::Medications(MedicationStatement {
                        medication: medication.into(),
                        dosage: dosage.into(),
                        reason: reason.into(),
                        start: Some(start),
                        end,
                        status: if stopped {
                            "stopped"
                        } else if rng.random_bool(0.1) {
                            "on-hold"
                        } else {
                            "active"
                        }
                        .into(),
                        prescriber: provider(&mut rng),
                    }),
                );
            }
        } else if rng.random_bool(0.3) {
            chart.review("medications", date_between(&mut rng, since, today));
        }

        if chance(&mut rng, 0.55) {
            let given: Vec<&DemoVaccine> =
                VACCINES.iter().filter(|v| (v.from_age..=v.to_age).contains(&age) || age > v.to_age).collect();
            let mut chosen: Vec<&DemoVaccine> = Vec::new();
            for _ in 0..rng.random_range(1..=given.len().clamp(1, 6)) {
                if let Some(&v) = given.get(rng.random_range(0..given.len().max(1)))
                    && !chosen.iter().any(|c| c.cvx == v.cvx)
                {
                    chosen.push(v);
                }
            }
            for v in chosen {
                let licensed = NaiveDate::from_ymd_opt(v.licensed.0, v.licensed.1, v.licensed.2).unwrap_or(since);
                let earliest =
                    patient.birthdate.map_or(since, |b| b + Duration::days(v.from_age * 365 + 30)).max(licensed);
                let latest = patient.birthdate.map_or(today, |b| (b + Duration::days(v.to_age * 365)).min(today));
                if earliest >= latest {
                    continue;
                }
                if rng.random_bool(0.08) {
                    chart.add_immunization(v, date_between(&mut rng, earliest, latest), None, &mut rng);
                    continue;
                }
                // The series so far, in order: doses at least four weeks apart (a
                // seasonal vaccine a year apart), numbered from 1.
                let gap = if v.seasonal { 365 } else { 28 };
                let mut day = date_between(&mut rng, earliest, latest);
                for dose in 1..=rng.random_range(1..=v.doses) {
                    chart.add_immunization(v, day, Some(dose), &mut rng);
                    day += Duration::days(gap + rng.random_range(0..gap));
                    if day > latest {
                        break;
                    }
                }
            }
        }

        if age >= 12 && chance(&mut rng, 0.35) {
            for _ in 0..rng.random_range(1..=2) {
                let effective = date_between(&mut rng, since, today);
                let panel = pick(&mut rng, LABS).0;
                for (panel, test, loinc, unit, low, high, decimals) in LABS.iter().filter(|l| l.0 == panel) {
                    // About one value in four falls outside the range.
                    let span = high - low;
                    let value = low + span * rng.random_range(-0.25..1.3);
                    let value = value.max(0.0);
                    let interpretation = if value > *high {
                        "H"
                    } else if value < *low {
                        "L"
                    } else {
                        "N"
                    };
                    chart.add(
                        effective,
                        ClinicalResource::Labs(LabResult {
                            panel: panel.to_string(),
                            test: test.to_string(),
                            loinc: loinc.to_string(),
                            value: format!("{value:.decimals$}"),
                            unit: unit.to_string(),
                            reference_range: if *low == 0.0 {
                                format!("<{high:.decimals$}")
                            } else {
                                format!("{low:.decimals$}-{high:.decimals$}")
                            },
                            interpretation: interpretation.into(),
                            effective,
                            status: "final".into(),
                        }),
                    );
                }
            }
        }

        if age >= 16 && chance(&mut rng, 0.12) {
            let date_written = date_between(&mut rng, today - Duration::days(900), today);
            let lens = |rng: &mut ChaCha8Rng| Lens {
                sphere: diopters(rng.random_range(-24..=12)),
                cylinder: if rng.random_bool(0.6) { diopters(-rng.random_range(1..=8)) } else { String::new() },
                axis: Some(rng.random_range(1..=180)),
                add: if age >= 42 { diopters(rng.random_range(4..=10)) } else { String::new() },
                prism: String::new(),
                base: String::new(),
            };
            chart.add(
                date_written,
                ClinicalResource::OpticalRx(VisionPrescription {
                    date_written,
                    prescriber: provider(&mut rng),
                    expires: Some(date_written + Duration::days(730)),
                    right: lens(&mut rng),
                    left: lens(&mut rng),
                }),
            );
        }

        if age >= 21 && chance(&mut rng, 0.15) {
            for _ in 0..rng.random_range(1..=2) {
                let exam_date = date_between(&mut rng, since, today);
                let severity = rng.random_range(0..3);
                let present: Vec<i32> =
                    (1..=32).filter(|n| ![1, 16, 17, 32].contains(n) && rng.random_bool(0.93)).collect();
                let teeth = present
                    .into_iter()
                    .map(|tooth| PerioTooth {
                        tooth,
                        probing_depth: (0..6).map(|_| rng.random_range(1..=3 + severity * 2)).collect(),
                        recession: (0..6)
                            .map(|_| if rng.random_bool(0.15) { rng.random_range(1..=3) } else { 0 })
                            .collect(),
                        bleeding: (0..6).map(|_| rng.random_bool(0.05 + 0.12 * f64::from(severity))).collect(),
                        mobility: (severity == 2 && rng.random_bool(0.2)).then(|| rng.random_range(1..=2)),
                    })
                    .collect();
                let note = [
                    "Healthy tissue; continue six-month recall.",
                    "Localized inflammation; reinforce flossing.",
                    "Generalized moderate periodontitis; scaling and root planing recommended.",
                ][severity as usize];
                chart.add(
                    exam_date,
                    ClinicalResource::PerioVisits(PerioExam::summarised(
                        exam_date,
                        provider(&mut rng),
                        note.into(),
                        teeth,
                    )),
                );
            }
        }

        if chance(&mut rng, 0.4) {
            for _ in 0..rng.random_range(1..=5) {
                let (code, description, on_tooth) = *pick(&mut rng, PROCEDURES);
                let performed = date_between(&mut rng, since, today);
                chart.add(
                    performed,
                    ClinicalResource::Procedures(Procedure {
                        performed,
                        code: code.into(),
                        description: description.into(),
                        tooth: if on_tooth { rng.random_range(2..=31).to_string() } else { String::new() },
                        surfaces: if on_tooth && description.contains("filling") {
                            pick(&mut rng, &["MO", "DO", "MOD", "B", "F", "OL"]).to_string()
                        } else {
                            String::new()
                        },
                        provider: provider(&mut rng),
                        status: if performed > today - Duration::days(3) && rng.random_bool(0.5) {
                            "in-progress"
                        } else {
                            "completed"
                        }
                        .into(),
                    }),
                );
            }
        }

        if chance(&mut rng, 0.5) {
            for _ in 0..rng.random_range(1..=3) {
                let (item, months) = *pick(&mut rng, PREVENTIVE);
                let last_done =
                    rng.random_bool(0.8).then(|| date_between(&mut rng, today - Duration::days(900), today));
                let due_date = last_done.map_or(today + Duration::days(rng.random_range(-60..90)), |d| {
                    d + Duration::days(i64::from(months) * 30)
                });
                chart.add(
                    due_date,
                    ClinicalResource::PreventiveCare(PreventiveCareItem {
                        item: item.into(),
                        due_date,
                        last_done,
                        interval_months: Some(months),
                        overdue: false,
                    }),
                );
            }
        }

        if chance(&mut rng, 0.25) {
            for _ in 0..rng.random_range(1..=3) {
                let (role, organization) = *pick(&mut rng, CARE_ROLES);
                let member = if role == "Caregiver" {
                    format!("{} {}", pick(&mut rng, &["Maria", "John", "Aiko", "Sam"]), patient.last_name)
                } else {
                    format!("Dr. {}", pick(&mut rng, &["Ellis", "Moreno", "Tanaka", "Hughes", "Abbott", "Singh"]))
                };
                let since_date = date_between(&mut rng, since, today);
                chart.add(
                    since_date,
                    ClinicalResource::CareTeam(CareTeamMember {
                        member,
                        role: role.into(),
                        organization: organization.into(),
                        phone: people::fictional_phone(&mut rng),
                        since: Some(since_date),
                        until: None,
                        status: if rng.random_bool(0.85) { "active" } else { "inactive" }.into(),
                    }),
                );
            }
        }

        if chance(&mut rng, 0.2) {
            for _ in 0..rng.random_range(1..=2) {
                let (material, topic, link) = *pick(&mut rng, EDUCATION);
                let sent = date_between(&mut rng, since, today);
                chart.add(
                    sent,
                    ClinicalResource::Education(Education {
                        material: material.into(),
                        topic: topic.into(),
                        sent,
                        given_by: provider(&mut rng),
                        link: link.into(),
                        medium: if link.is_empty() { "printed" } else { "link" }.into(),
                    }),
                );
            }
        }

        if chance(&mut rng, 0.35) {
            for _ in 0..rng.random_range(1..=4) {
                let (relationship, condition, code) = *pick(&mut rng, FAMILY_CONDITIONS);
                chart.add(
                    date_between(&mut rng, since, today),
                    ClinicalResource::FamilyHistory(FamilyMemberHistory {
                        relationship: relationship.into(),
                        condition: condition.into(),
                        code: code.into(),
                        onset_age: rng.random_bool(0.7).then(|| rng.random_range(35..80)),
                        deceased: rng.random_bool(0.2),
                        note: String::new(),
                    }),
                );
            }
        }

        if chance(&mut rng, 0.3) {
            for _ in 0..rng.random_range(1..=3) {
                let (form_name, max_score) = *pick(&mut rng, FORMS);
                let authored = instant_between(&mut rng, since, now);
                let score = (max_score > 0).then(|| rng.random_range(0..=max_score));
                chart.add(
                    authored.date_naive(),
                    ClinicalResource::Forms(FormResponse {
                        form_name: form_name.into(),
                        authored,
                        status: if rng.random_bool(0.9) { "completed" } else { "in-progress" }.into(),
                        score,
                        max_score: (max_score > 0).then_some(max_score),
                        interpretation: score.map_or(String::new(), |s| band(s, max_score).into()),
                    }),
                );
            }
        }

        if age >= 13 && chance(&mut rng, 0.4) {
            let recorded = date_between(&mut rng, since, today);
            chart.add(
                recorded,
                ClinicalResource::GenderIdentityAndSexualOrientation(GenderIdentity {
                    gender_identity: pick(&mut rng, GENDER_IDENTITIES).to_string(),
                    sexual_orientation: pick(&mut rng, ORIENTATIONS).to_string(),
                    pronouns: pick(&mut rng, &["she/her", "he/him", "they/them", ""]).to_string(),
                    recorded,
                }),
            );
        }

        if chance(&mut rng, 0.2) {
            for _ in 0..rng.random_range(1..=3) {
                let start = date_between(&mut rng, since, today);
                let status = *pick(&mut rng, &["active", "active", "completed", "on-hold", "proposed"]);
                chart.add(
                    start,
                    ClinicalResource::Goals(Goal {
                        description: pick(&mut rng, GOALS).to_string(),
                        lifecycle_status: status.into(),
                        achievement_status: match status {
                            "completed" => "achieved",
                            "active" => pick(&mut rng, &["in-progress", "improving", "no-change", "worsening"]),
                            _ => "",
                        }
                        .into(),
                        start: Some(start),
                        target_date: Some(start + Duration::days(rng.random_range(60..365))),
                        note: String::new(),
                    }),
                );
            }
        }

        if chance(&mut rng, 0.3) {
            for _ in 0..rng.random_range(1..=3) {
                let (modality, description, images, dental) = *pick(&mut rng, IMAGING);
                let started = date_between(&mut rng, since, today);
                let teeth = if dental && images < 10 {
                    let first = rng.random_range(2..=28);
                    (first..first + images.min(4)).map(|t| t.to_string()).collect()
                } else {
                    Vec::new()
                };
                chart.add(
                    started,
                    ClinicalResource::ImagingVisits(ImagingStudy {
                        started,
                        modality: modality.into(),
                        description: description.into(),
                        number_of_instances: images,
                        teeth,
                        reason: pick(&mut rng, &["Routine", "Pain", "Follow-up", "Pre-operative"]).to_string(),
                    }),
                );
            }
        }

        if age >= 30 && chance(&mut rng, 0.05) {
            let (device_name, manufacturer, di) = *pick(&mut rng, DEVICES);
            let implanted = date_between(&mut rng, since, today);
            let lot_number = lot(&mut rng);
            let serial_number = format!("SN{:08}", rng.random_range(0..100_000_000));
            let expiration = implanted + Duration::days(rng.random_range(400..1800));
            chart.add(
                implanted,
                ClinicalResource::PatientImplantableDevices(ImplantableDevice {
                    device_name: device_name.into(),
                    udi: format!("(01){di}(17){}(10){lot_number}(21){serial_number}", expiration.format("%y%m%d")),
                    lot_number,
                    serial_number,
                    manufacturer: manufacturer.into(),
                    expiration_date: Some(expiration),
                    implanted: Some(implanted),
                    status: "active".into(),
                }),
            );
        }

        if chance(&mut rng, 0.2) {
            let (title, text) = *pick(&mut rng, PATIENT_NOTES);
            let date = instant_between(&mut rng, since, now);
            chart.add(
                date.date_naive(),
                ClinicalResource::PatientNotes(PatientNote {
                    date,
                    title: title.into(),
                    author: pick(&mut rng, &["Jordan Avery", "Emily Carter", "Luis Ortega"]).to_string(),
                    text: text.into(),
                    text_truncated: false,
                }),
            );
        }

        if age >= 13 && chance(&mut rng, 0.7) {
            let (code, display) = if age < 18 { SMOKING_STATUSES[3] } else { SMOKING_STATUSES[rng.random_range(0..4)] };
            let effective = date_between(&mut rng, since, today);
            chart.add(
                effective,
                ClinicalResource::SmokingStatus(SmokingStatus {
                    code: code.into(),
                    display: display.into(),
                    effective,
                }),
            );
        }

        if age >= 18 && chance(&mut rng, 0.2) {
            let (instrument, max, domains) = *pick(&mut rng, SCREENINGS);
            let effective = date_between(&mut rng, since, today);
            let score = (max > 0).then(|| rng.random_range(0..=max));
            chart.add(
                effective,
                ClinicalResource::SocialPsychologicalBehavioral(Screening {
                    instrument: instrument.into(),
                    effective,
                    score,
                    positive_domains: domains.iter().map(|d| d.to_string()).collect(),
                    interpretation: if domains.is_empty() && score.is_none_or(|s| s * 3 < max) {
                        "Negative screen"
                    } else {
                        "Positive screen"
                    }
                    .into(),
                }),
            );
        }

        if chance(&mut rng, 0.2) {
            for _ in 0..rng.random_range(1..=3) {
                chart.attach(&mut rng);
            }
        }

        if chance(&mut rng, 0.12) {
            for _ in 0..rng.random_range(1..=2) {
                let referrer = &chart.referrers[rng.random_range(0..chart.referrers.len())];
                let referrer_id = referrer.id;
                let either = rng.random_bool(0.6);
                let date = date_between(&mut rng, since, today);
                let id = chart.records.referrals.len() as i64 + 1;
                chart.records.referrals.push(patient_referral::Model {
                    id,
                    patient_id: patient.id,
                    referrer_id,
                    referral_date: date,
                    // A specialist receives the practice's patients, a general practice
                    // sends them; one that does both, either.
                    direction: match referrer.direction.as_str() {
                        "out" => "outgoing",
                        "in" => "incoming",
                        _ if either => "outgoing",
                        _ => "incoming",
                    }
                    .into(),
                    status: pick(&mut rng, &["pending", "scheduled", "completed", "completed", "cancelled"])
                        .to_string(),
                    reason: pick(
                        &mut rng,
                        &["Evaluation and treatment", "Second opinion", "Consultation", "New patient"],
                    )
                    .to_string(),
                    created_at: now - Duration::days((today - date).num_days()),
                    version: 1,
                });
            }
        }

        // 'Reviewed, none found' for some of those whose list is empty.
        if !all && rng.random_bool(0.15) {
            let reviewed = date_between(&mut rng, today - Duration::days(400), today);
            chart.review("allergies", reviewed);
            chart.review("problemList", reviewed);
        }
    }
    records
}

/// One patient's chart as it is being built.
struct Chart<'a> {
    records: &'a mut ClinicalRecords,
    patient: &'a patient::Model,
    now: DateTime<Utc>,
    today: NaiveDate,
    images: ImageSize,
    referrers: &'a [referrer::Model],
}

impl Chart<'_> {
    fn add(&mut self, effective: NaiveDate, resource: ClinicalResource) -> i64 {
        let id = self.records.entries.len() as i64 + 1;
        self.records.entries.push(chart_entry::Model {
            id,
            patient_id: self.patient.id,
            section: resource.section().key().to_owned(),
            effective: Some(effective),
            status: resource.status().to_owned(),
            // Serialising a resource of plain fields cannot fail.
            resource: serde_json::to_string(&resource).unwrap_or_default(),
            recorded_at: self.now - Duration::days((self.today - effective).num_days().max(0)),
            recorded_by: None,
            version: 1,
        });
        id
    }

    /// A dose given (`dose` its number in the series) or, without a number, refused.
    fn add_immunization(
        &mut self,
        vaccine: &DemoVaccine,
        occurrence: NaiveDate,
        dose: Option<i32>,
        rng: &mut ChaCha8Rng,
    ) {
        let given = dose.is_some();
        self.add(
            occurrence,
            ClinicalResource::Immunizations(Immunization {
                vaccine: vaccine.name.into(),
                cvx: vaccine.cvx.into(),
                occurrence,
                status: if given { "completed" } else { "not-done" }.into(),
                status_reason: if given { String::new() } else { "Patient refused".into() },
                dose_number: dose,
                lot_number: if given { lot(rng) } else { String::new() },
                manufacturer: if given { vaccine.manufacturer.into() } else { String::new() },
                site: if given {
                    let sites: &[&str] =
                        if occurrence - self.patient.birthdate.unwrap_or(occurrence) < Duration::days(3 * 365) {
                            &["Left thigh", "Right thigh"]
                        } else {
                            &["Left deltoid", "Right deltoid"]
                        };
                    pick(rng, sites).to_string()
                } else {
                    String::new()
                },
                primary_source: rng.random_bool(0.7),
            }),
        );
    }

    /// A 'reviewed, none found' mark; the builder calls it only where the list is empty
    /// (the server counts both, and a mark beside entries would contradict them).
    fn review(&mut self, section: &str, reviewed_on: NaiveDate) {
        let has_entries = self
            .records
            .entries
            .iter()
            .rev()
            .take_while(|e| e.patient_id == self.patient.id)
            .any(|e| e.section == section);
        if has_entries {
            return;
        }
        let id = self.records.reviews.len() as i64 + 1;
        self.records.reviews.push(chart_review::Model {
            id,
            patient_id: self.patient.id,
            section: section.to_owned(),
            none_known: true,
            reviewed_on,
            reviewed_by: None,
        });
    }

    fn attach(&mut self, rng: &mut ChaCha8Rng) {
        let (title, category) = *pick(
            rng,
            &[
                ("Photo of lesion, left cheek", "Photo"),
                ("Intraoral photo, upper arch", "Photo"),
                ("Referral letter", "Referral letter"),
                ("Insurance card, front", "Insurance card"),
                ("Outside lab report", "Lab report"),
            ],
        );
        let png = demo_image(rng.random_range(0..360), self.images.width, self.images.height);
        let date = self.today - Duration::days(rng.random_range(0..700));
        let id = self.add(
            date,
            ClinicalResource::Attachments(Attachment {
                title: title.into(),
                category: category.into(),
                date,
                content_type: "image/png".into(),
                size: png.len() as i64,
                description: String::new(),
            }),
        );
        self.records.files.push(chart_file::Model { entry_id: id, content_type: "image/png".into(), content: png });
    }
}

fn pick<'a, T>(rng: &mut ChaCha8Rng, items: &'a [T]) -> &'a T {
    &items[rng.random_range(0..items.len())]
}

fn date_between(rng: &mut ChaCha8Rng, from: NaiveDate, to: NaiveDate) -> NaiveDate {
    let days = (to - from).num_days().max(1);
    (from + Duration::days(rng.random_range(0..days))).min(to)
}

fn instant_between(rng: &mut ChaCha8Rng, from: NaiveDate, now: DateTime<Utc>) -> DateTime<Utc> {
    let start = from.and_hms_opt(8, 0, 0).map_or(now, |t| t.and_utc());
    let minutes = (now - start).num_minutes().max(1);
    start + Duration::minutes(rng.random_range(0..minutes))
}

/// Whether a provider ("First Last, Title") is a dentist.
fn is_dentist(provider: &str) -> bool {
    provider.rsplit_once(", ").is_some_and(|(_, title)| matches!(title, "DDS" | "DMD"))
}

fn lot(rng: &mut ChaCha8Rng) -> String {
    format!("{}{:05}", pick(rng, &["EW", "FK", "LT", "AC", "U7"]), rng.random_range(0..100_000))
}

/// Quarter dioptres as written on a prescription: '+1.25', '-0.50', 'Plano' for zero.
fn diopters(quarters: i32) -> String {
    if quarters == 0 {
        return "Plano".into();
    }
    let sign = if quarters > 0 { '+' } else { '-' };
    let q = quarters.unsigned_abs();
    format!("{sign}{}.{:02}", q / 4, (q % 4) * 25)
}

fn band(score: i32, max: i32) -> &'static str {
    match score * 4 / max.max(1) {
        0 => "Minimal",
        1 => "Mild",
        2 => "Moderate",
        _ => "Severe",
    }
}

/// A small PNG (a soft gradient of the given hue), stored uncompressed: the demo's
/// attachments are real images a browser shows.
pub fn demo_image(hue: u32, width: u32, height: u32) -> Vec<u8> {
    let mut raw = Vec::with_capacity(((width * 3 + 1) * height) as usize);
    for y in 0..height {
        raw.push(0); // filter: none
        for x in 0..width {
            let (r, g, b) = hsl_to_rgb(hue as f64, 0.45, 0.35 + 0.4 * (x + y) as f64 / (width + height) as f64);
            raw.extend_from_slice(&[r, g, b]);
        }
    }
    let mut ihdr = Vec::new();
    ihdr.extend_from_slice(&width.to_be_bytes());
    ihdr.extend_from_slice(&height.to_be_bytes());
    ihdr.extend_from_slice(&[8, 2, 0, 0, 0]); // 8-bit RGB
    let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
    chunk(&mut png, b"IHDR", &ihdr);
    chunk(&mut png, b"IDAT", &zlib_stored(&raw));
    chunk(&mut png, b"IEND", &[]);
    png
}

fn chunk(png: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    png.extend_from_slice(&(data.len() as u32).to_be_bytes());
    let start = png.len();
    png.extend_from_slice(kind);
    png.extend_from_slice(data);
    let crc = crc32(&png[start..]);
    png.extend_from_slice(&crc.to_be_bytes());
}

/// zlib with deflate's stored (uncompressed) blocks.
fn zlib_stored(data: &[u8]) -> Vec<u8> {
    let mut out = vec![0x78, 0x01];
    let blocks: Vec<&[u8]> = data.chunks(65_535).collect();
    for (i, block) in blocks.iter().enumerate() {
        out.push(u8::from(i + 1 == blocks.len()));
        let len = block.len() as u16;
        out.extend_from_slice(&len.to_le_bytes());
        out.extend_from_slice(&(!len).to_le_bytes());
        out.extend_from_slice(block);
    }
    let (mut a, mut b) = (1u32, 0u32);
    for byte in data {
        a = (a + u32::from(*byte)) % 65_521;
        b = (b + a) % 65_521;
    }
    out.extend_from_slice(&((b << 16) | a).to_be_bytes());
    out
}

fn crc32(data: &[u8]) -> u32 {
    let mut crc = 0xFFFF_FFFFu32;
    for byte in data {
        crc ^= u32::from(*byte);
        for _ in 0..8 {
            crc = if crc & 1 == 1 { (crc >> 1) ^ 0xEDB8_8320 } else { crc >> 1 };
        }
    }
    !crc
}

fn hsl_to_rgb(h: f64, s: f64, l: f64) -> (u8, u8, u8) {
    let c = (1.0 - (2.0 * l - 1.0).abs()) * s;
    let x = c * (1.0 - ((h / 60.0) % 2.0 - 1.0).abs());
    let m = l - c / 2.0;
    let (r, g, b) = match (h as u32 % 360) / 60 {
        0 => (c, x, 0.0),
        1 => (x, c, 0.0),
        2 => (0.0, c, x),
        3 => (0.0, x, c),
        4 => (x, 0.0, c),
        _ => (c, 0.0, x),
    };
    let byte = |v: f64| ((v + m) * 255.0).round().clamp(0.0, 255.0) as u8;
    (byte(r), byte(g), byte(b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_demo_image_is_a_png_with_a_valid_crc() {
        let png = demo_image(200, 4, 3);
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
        // IHDR: length 13, then the type and a CRC over type and data.
        assert_eq!(&png[8..12], &13u32.to_be_bytes());
        let crc = u32::from_be_bytes(png[29..33].try_into().expect("crc"));
        assert_eq!(crc, crc32(&png[12..29]));
        assert!(png.ends_with(&[0xAE, 0x42, 0x60, 0x82]), "the IEND chunk's CRC");
    }

    #[test]
    fn diopters_are_written_with_sign_and_quarters() {
        assert_eq!(diopters(-9), "-2.25");
        assert_eq!(diopters(6), "+1.50");
        assert_eq!(diopters(0), "Plano");
    }
}
