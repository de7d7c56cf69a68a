//! A billing order: the charges a provider posts for a patient's visit, each priced from
//! a fee schedule (never by the client), with the diagnoses the claim points at (A to L,
//! at most four per charge), teeth and surfaces for dental work. `BillingOrderInput::check`
//! answers the order to post or every field at fault, named as the request names it
//! (`charges[2].surface`).

pub mod fees;

use std::collections::{BTreeMap, HashMap};

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::input::{Lines, check_text, null_as_empty, parse_date};
pub use fees::FeeLine;

pub const MAX_CHARGES: usize = 30;
pub const MAX_DIAGNOSES: usize = 12;
pub const MAX_DIAGNOSES_PER_CHARGE: usize = 4;
/// The claim's diagnosis pointers, in list order.
pub const POINTERS: [char; MAX_DIAGNOSES] = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L'];
/// Mesial, occlusal, distal, facial, lingual, incisal, buccal.
pub const SURFACES: [char; 7] = ['M', 'O', 'D', 'F', 'L', 'I', 'B'];
pub const MAX_ORDER_NOTES_CHARS: usize = 2000;
pub const MAX_IDEMPOTENCY_KEY_CHARS: usize = 200;

pub const REQUIRED: &str = "Required field";
pub const IN_THE_FUTURE: &str = "Cannot be in the future";
pub const BEFORE_BIRTH: &str = "Cannot be before the patient's date of birth";
pub const NOT_A_PROVIDER: &str = "Choose a provider from the list";
pub const NOT_IN_SCHEDULE: &str = "Not a code of this fee schedule";
pub const NOT_A_SCHEDULE: &str = "Choose a fee schedule from the list";
pub const BAD_TOOTH: &str = "A tooth number from 1 to 32, or a primary tooth from A to T";
pub const BAD_SURFACE: &str = "Only the letters M, O, D, F, L, I and B, each once";
pub const SURFACE_WITHOUT_TOOTH: &str = "A surface needs a tooth";
pub const BAD_MODIFIER: &str = "Two letters or digits";
pub const BAD_POINTER: &str = "A letter from A to L";
pub const UNKNOWN_DIAGNOSIS: &str = "Not an ICD-10-CM code; choose one from the search";
pub const DUPLICATE_DIAGNOSES: &str = "Cannot Add Duplicate Diagnoses";
pub const POINTER_MISMATCH: &str = "Another charge gives this pointer to another diagnosis";
pub const POINTER_GAP: &str = "Pointers run from A in list order, without gaps";
pub const TOO_MANY_PER_CHARGE: &str = "At most 4 diagnoses per charge";
pub const IDS_MISMATCH: &str = "Must list the umlsIds of the diagnoses toggled on";
pub const NO_CHARGES: &str = "Add at least one charge";

/// The stable id of an ICD-10-CM diagnosis in a billing order: the code system and the
/// code. UMLS concept ids need a licence; this id is what duplicates are judged by.
pub fn concept_id(code: &str) -> String {
    format!("ICD10CM:{code}")
}

/// A billing order as the app posts it (spec: charges, providerId, orderNotes,
/// procedureDate).
#[derive(Clone, Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct BillingOrderInput {
    /// A provider of the practice (not a system user).
    pub provider_id: Option<i64>,
    /// yyyy-MM-dd; not in the future.
    #[serde(deserialize_with = "null_as_empty")]
    #[schema(nullable)]
    pub procedure_date: String,
    #[serde(deserialize_with = "null_as_empty")]
    #[schema(nullable)]
    pub order_notes: String,
    pub charges: Vec<ChargeInput>,
}

/// One procedure line. Its fee comes from the fee schedule; `description`, `unitFee` and
/// `calculationMethod` are what the app showed and are not trusted.
#[derive(Clone, Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ChargeInput {
    /// yyyy-MM-dd; the order's date when empty.
    #[serde(deserialize_with = "null_as_empty")]
    #[schema(nullable)]
    pub procedure_date: String,
    /// The procedure code, as the fee schedule lists it.
    #[serde(deserialize_with = "null_as_empty")]
    #[schema(nullable)]
    pub procedure: String,
    /// The fee schedule the code was picked from; the patient's when left out.
    pub fee_schedule_id: Option<i64>,
    #[serde(deserialize_with = "null_as_empty")]
    #[schema(nullable)]
    pub description: String,
    #[serde(deserialize_with = "null_as_empty")]
    #[schema(nullable)]
    pub modifier1: String,
    #[serde(deserialize_with = "null_as_empty")]
    #[schema(nullable)]
    pub modifier2: String,
    #[serde(deserialize_with = "null_as_empty")]
    #[schema(nullable)]
    pub modifier3: String,
    #[serde(deserialize_with = "null_as_empty")]
    #[schema(nullable)]
    pub modifier4: String,
    /// 1-32, or a primary tooth A-T; '' for none.
    #[serde(deserialize_with = "null_as_empty")]
    #[schema(nullable)]
    pub tooth: String,
    /// Letters from m, o, d, f, l, i, b, each at most once; needs a tooth.
    #[serde(deserialize_with = "null_as_empty")]
    #[schema(nullable)]
    pub surface: String,
    /// The fee schedule's default units when left out; fixed when the fee is flat.
    pub units: Option<i32>,
    /// Ignored: the server prices every charge.
    pub unit_fee: Option<i64>,
    /// Ignored: the fee schedule says how the fee is computed.
    pub calculation_method: Option<i32>,
    /// The umlsIds of the diagnoses this charge uses, in pointer order (at most 4); when
    /// sent, they must be the ones `diagnosisModels` toggles on.
    pub diagnosis_ids: Option<Vec<String>>,
    /// The order's diagnoses as the form lists them; `toggledOn` marks this charge's.
    pub diagnosis_models: Vec<DiagnosisModelInput>,
}

/// A diagnosis of the order as one charge carries it.
#[derive(Clone, Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct DiagnosisModelInput {
    /// 'ICD10CM:<code>'; checked against the code when sent.
    #[serde(deserialize_with = "null_as_empty")]
    #[schema(nullable)]
    pub umls_id: String,
    /// The place in the order's list, from 0 (informative; the pointer decides).
    pub order: Option<i64>,
    /// Whether this charge uses the diagnosis.
    #[serde(deserialize_with = "null_as_empty")]
    #[schema(nullable)]
    pub toggled_on: bool,
    /// Ignored: the code set's description is stored.
    #[serde(deserialize_with = "null_as_empty")]
    #[schema(nullable)]
    pub diagnosis: String,
    /// 'A' to 'L': the place in the order's list.
    #[serde(deserialize_with = "null_as_empty")]
    #[schema(nullable)]
    pub pointer: String,
    /// ICD-10-CM, with or without the dot.
    #[serde(deserialize_with = "null_as_empty")]
    #[schema(nullable)]
    pub code: String,
}

/// What a check needs beyond the input, loaded before it runs.
pub struct BillingContext<'a> {
    pub today: NaiveDate,
    pub birthdate: Option<NaiveDate>,
    /// The patient's fee schedule, used by a charge that names none.
    pub patient_fee_schedule: Option<i64>,
    pub is_provider: &'a dyn Fn(i64) -> bool,
    pub is_fee_schedule: &'a dyn Fn(i64) -> bool,
    /// A fee schedule's line for a code (compared by `fees::code_key`).
    pub fee: &'a dyn Fn(i64, &str) -> Option<FeeLine>,
    /// An ICD-10-CM code's (code with its dot, description).
    pub diagnosis: &'a dyn Fn(&str) -> Option<(String, String)>,
}

/// A diagnosis the order carries, at its pointer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckedDiagnosis {
    pub pointer: char,
    pub code: String,
    pub description: String,
}

/// A priced charge, ready to post.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckedCharge {
    /// From 1, in the order sent.
    pub line: i32,
    pub procedure_date: NaiveDate,
    pub fee_schedule_id: i64,
    pub code: String,
    pub description: String,
    pub modifiers: [String; 4],
    pub tooth: String,
    pub surface: String,
    pub units: i32,
    pub unit_fee_cents: i64,
    pub fee_cents: i64,
    pub calculation_method: i32,
    /// The pointers of its diagnoses, in order ('AB').
    pub pointers: String,
}

/// An order every field of which passed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckedOrder {
    pub provider_id: i64,
    pub procedure_date: NaiveDate,
    pub order_notes: String,
    pub charges: Vec<CheckedCharge>,
    pub diagnoses: Vec<CheckedDiagnosis>,
    pub total_cents: i64,
}

pub type FieldErrors = BTreeMap<String, String>;

/// Without the spaces, tabs and line breaks around it. Only ASCII ones: the OpenAPI
/// document's patterns allow those, and the server must never take what they refuse.
fn ascii_trimmed(text: &str) -> &str {
    text.trim_matches(|c: char| c.is_ascii_whitespace())
}

/// A tooth as a claim writes it ('3', 'A'), or the problem.
pub fn parse_tooth(text: &str) -> Result<String, &'static str> {
    let text = ascii_trimmed(text);
    if !text.is_empty() && text.len() <= 2 && text.bytes().all(|b| b.is_ascii_digit()) {
        let number: u8 = text.parse().map_err(|_| BAD_TOOTH)?;
        return if (1..=32).contains(&number) { Ok(number.to_string()) } else { Err(BAD_TOOTH) };
    }
    match text.to_ascii_uppercase().as_str() {
        letter @ ("A" | "B" | "C" | "D" | "E" | "F" | "G" | "H" | "I" | "J" | "K" | "L" | "M" | "N" | "O" | "P"
        | "Q" | "R" | "S" | "T") => Ok(letter.to_owned()),
        _ => Err(BAD_TOOTH),
    }
}

/// Surfaces in upper case as typed ('MOD'), each letter allowed and at most once.
pub fn parse_surface(text: &str) -> Result<String, &'static str> {
    let upper = ascii_trimmed(text).to_ascii_uppercase();
    let mut seen = Vec::new();
    for c in upper.chars() {
        if !SURFACES.contains(&c) || seen.contains(&c) {
            return Err(BAD_SURFACE);
        }
        seen.push(c);
    }
    Ok(upper)
}

/// A modifier in upper case, '' for none.
pub fn parse_modifier(text: &str) -> Result<String, &'static str> {
    let text = ascii_trimmed(text);
    if text.is_empty() {
        return Ok(String::new());
    }
    if text.len() == 2 && text.chars().all(|c| c.is_ascii_alphanumeric()) {
        Ok(text.to_ascii_uppercase())
    } else {
        Err(BAD_MODIFIER)
    }
}

struct Errors(FieldErrors);

impl Errors {
    fn fail(&mut self, field: impl Into<String>, problem: &str) {
        self.0.entry(field.into()).or_insert_with(|| problem.to_owned());
    }
}

impl BillingOrderInput {
    /// The order to post, or every field at fault.
    pub fn check(&self, context: &BillingContext<'_>) -> Result<CheckedOrder, FieldErrors> {
        let mut errors = Errors(FieldErrors::new());
        let provider_id = match self.provider_id {
            None => {
                errors.fail("providerId", REQUIRED);
                0
            }
            Some(id) if !(context.is_provider)(id) => {
                errors.fail("providerId", NOT_A_PROVIDER);
                id
            }
            Some(id) => id,
        };
        let procedure_date = check_day(&mut errors, "procedureDate", &self.procedure_date, context);
        let order_notes = self.order_notes.trim().to_owned();
        if self.order_notes.chars().count() > MAX_ORDER_NOTES_CHARS {
            errors.fail("orderNotes", &format!("At most {MAX_ORDER_NOTES_CHARS} characters"));
        } else if let Err(problem) = check_text(&self.order_notes, Lines::Many) {
            errors.fail("orderNotes", problem);
        }
        if self.charges.is_empty() {
            errors.fail("charges", NO_CHARGES);
        } else if self.charges.len() > MAX_CHARGES {
            errors.fail("charges", &format!("At most {MAX_CHARGES} charges"));
        }
        let diagnoses = check_diagnoses(&mut errors, &self.charges, context);
        let mut charges = Vec::new();
        for (index, charge) in self.charges.iter().enumerate().take(MAX_CHARGES) {
            if let Some(charge) = check_charge(&mut errors, index, charge, procedure_date, &diagnoses, context) {
                charges.push(charge);
            }
        }
        let total_cents = charges.iter().try_fold(0i64, |sum, c| sum.checked_add(c.fee_cents));
        if total_cents.is_none() {
            errors.fail("charges", "The order's total is too large");
        }
        match (errors.0.is_empty(), procedure_date, total_cents) {
            (true, Some(procedure_date), Some(total_cents)) => Ok(CheckedOrder {
                provider_id,
                procedure_date,
                order_notes,
                charges,
                diagnoses: diagnoses.into_values().collect(),
                total_cents,
            }),
            _ => Err(errors.0),
        }
    }
}

/// A day of the patient's life so far; `None` (with the error) when it is not.
fn check_day(errors: &mut Errors, field: &str, text: &str, context: &BillingContext<'_>) -> Option<NaiveDate> {
    if text.is_empty() {
        errors.fail(field, REQUIRED);
        return None;
    }
    match parse_date(text) {
        Err(problem) => {
            errors.fail(field, problem);
            None
        }
        Ok(day) if day > context.today => {
            errors.fail(field, IN_THE_FUTURE);
            None
        }
        Ok(day) if context.birthdate.is_some_and(|birth| day < birth) => {
            errors.fail(field, BEFORE_BIRTH);
            None
        }
        Ok(day) => Some(day),
    }
}

/// The order's diagnoses by pointer, from every charge's list: each a real code, the same
/// pointer for the same code on every charge, no code twice, pointers from A without gaps.
fn check_diagnoses(
    errors: &mut Errors,
    charges: &[ChargeInput],
    context: &BillingContext<'_>,
) -> BTreeMap<char, CheckedDiagnosis> {
    let mut by_pointer: BTreeMap<char, CheckedDiagnosis> = BTreeMap::new();
    let mut pointer_of_code: HashMap<String, char> = HashMap::new();
    for (i, charge) in charges.iter().enumerate().take(MAX_CHARGES) {
        let mut codes_here = Vec::new();
        for (j, model) in charge.diagnosis_models.iter().enumerate() {
            let field = |name: &str| format!("charges[{i}].diagnosisModels[{j}].{name}");
            let pointer = match ascii_trimmed(&model.pointer).to_ascii_uppercase().as_str() {
                p if p.len() == 1 && POINTERS.iter().any(|c| p.starts_with(*c)) => p.chars().next(),
                _ => None,
            };
            let Some(pointer) = pointer else {
                errors.fail(field("pointer"), BAD_POINTER);
                continue;
            };
            let Some((code, description)) = (context.diagnosis)(model.code.trim()) else {
                errors.fail(field("code"), if model.code.trim().is_empty() { REQUIRED } else { UNKNOWN_DIAGNOSIS });
                continue;
            };
            if !model.umls_id.trim().is_empty() && model.umls_id.trim() != concept_id(&code) {
                errors.fail(field("umlsId"), "Does not match the code");
            }
            if codes_here.contains(&code) {
                errors.fail(field("code"), DUPLICATE_DIAGNOSES);
                continue;
            }
            codes_here.push(code.clone());
            let same_code_elsewhere = pointer_of_code.get(&code).is_some_and(|p| *p != pointer);
            let same_pointer_elsewhere = by_pointer.get(&pointer).is_some_and(|d| d.code != code);
            if same_code_elsewhere || same_pointer_elsewhere {
                errors.fail(field("pointer"), POINTER_MISMATCH);
                continue;
            }
            pointer_of_code.insert(code.clone(), pointer);
            by_pointer.insert(pointer, CheckedDiagnosis { pointer, code, description });
        }
    }
    if by_pointer.keys().zip(POINTERS).any(|(used, expected)| *used != expected) {
        errors.fail("charges", POINTER_GAP);
    }
    by_pointer
}

fn check_charge(
    errors: &mut Errors,
    index: usize,
    charge: &ChargeInput,
    order_date: Option<NaiveDate>,
    diagnoses: &BTreeMap<char, CheckedDiagnosis>,
    context: &BillingContext<'_>,
) -> Option<CheckedCharge> {
    let field = |name: &str| format!("charges[{index}].{name}");
    let start = errors.0.len();
    let procedure_date = if charge.procedure_date.is_empty() {
        order_date
    } else {
        check_day(errors, &field("procedureDate"), &charge.procedure_date, context)
    };
    let schedule = charge.fee_schedule_id.or(context.patient_fee_schedule);
    let line = match schedule {
        None => {
            errors.fail(field("feeScheduleId"), REQUIRED);
            None
        }
        Some(id) if !(context.is_fee_schedule)(id) => {
            errors.fail(field("feeScheduleId"), NOT_A_SCHEDULE);
            None
        }
        Some(_) if charge.procedure.trim().is_empty() => {
            errors.fail(field("procedure"), REQUIRED);
            None
        }
        Some(_) if charge.procedure.chars().count() > fees::MAX_CODE_CHARS => {
            errors.fail(field("procedure"), NOT_IN_SCHEDULE);
            None
        }
        Some(id) => {
            let line = (context.fee)(id, charge.procedure.trim());
            if line.is_none() {
                errors.fail(field("procedure"), NOT_IN_SCHEDULE);
            }
            line
        }
    };
    let mut modifiers: [String; 4] = Default::default();
    for (n, (slot, text)) in modifiers
        .iter_mut()
        .zip([&charge.modifier1, &charge.modifier2, &charge.modifier3, &charge.modifier4])
        .enumerate()
    {
        match parse_modifier(text) {
            Ok(value) => *slot = value,
            Err(problem) => errors.fail(field(&format!("modifier{}", n + 1)), problem),
        }
    }
    let tooth = if ascii_trimmed(&charge.tooth).is_empty() {
        String::new()
    } else {
        parse_tooth(&charge.tooth).unwrap_or_else(|problem| {
            errors.fail(field("tooth"), problem);
            String::new()
        })
    };
    let surface = parse_surface(&charge.surface).unwrap_or_else(|problem| {
        errors.fail(field("surface"), problem);
        String::new()
    });
    if !surface.is_empty() && ascii_trimmed(&charge.tooth).is_empty() {
        errors.fail(field("surface"), SURFACE_WITHOUT_TOOTH);
    }
    let toggled: Vec<&DiagnosisModelInput> = charge.diagnosis_models.iter().filter(|m| m.toggled_on).collect();
    if toggled.len() > MAX_DIAGNOSES_PER_CHARGE {
        errors.fail(field("diagnosisIds"), TOO_MANY_PER_CHARGE);
    }
    let mut pointers: Vec<char> = toggled
        .iter()
        .filter_map(|m| ascii_trimmed(&m.pointer).to_ascii_uppercase().chars().next())
        .filter(|p| diagnoses.contains_key(p))
        .collect();
    pointers.sort_unstable();
    if let Some(ids) = &charge.diagnosis_ids {
        let mut sent: Vec<String> = ids.iter().map(|id| id.trim().to_owned()).collect();
        let mut expected: Vec<String> = pointers.iter().map(|p| concept_id(&diagnoses[p].code)).collect();
        sent.sort();
        expected.sort();
        if sent != expected {
            errors.fail(field("diagnosisIds"), IDS_MISMATCH);
        }
    }
    let line = line?;
    let units = match charge.units {
        None => line.units,
        Some(units) if line.calculation_method == fees::FLAT && units != line.units => {
            errors.fail(field("units"), &format!("Fixed at {} for this procedure", line.units));
            line.units
        }
        Some(units) if !(1..=fees::MAX_UNITS).contains(&units) => {
            errors.fail(field("units"), &format!("A whole number from 1 to {}", fees::MAX_UNITS));
            line.units
        }
        Some(units) => units,
    };
    let fee_cents = line.charge_cents(units);
    if fee_cents.is_none() {
        errors.fail(field("units"), "The charge's fee is too large");
    }
    if errors.0.len() > start {
        return None;
    }
    Some(CheckedCharge {
        line: i32::try_from(index + 1).ok()?,
        procedure_date: procedure_date?,
        fee_schedule_id: schedule?,
        code: line.code.clone(),
        description: line.description.clone(),
        modifiers,
        tooth,
        surface,
        units,
        unit_fee_cents: line.fee_cents,
        fee_cents: fee_cents?,
        calculation_method: line.calculation_method,
        pointers: pointers.into_iter().collect(),
    })
}

#[cfg(test)]
mod tests;
