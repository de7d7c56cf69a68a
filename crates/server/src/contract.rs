//! The rules the server enforces, written into the OpenAPI document from the same
//! constants the checks use, so the web app (which generates its limits from the
//! document) and any other client cannot drift from them.
//!
//! utoipa's `#[schema(max_length = ..)]` takes only literals; a literal would be a
//! second copy of each limit. Instead every rule is listed here once, by schema and
//! property, with its value taken from `domain`, and a test fails when a rule names a
//! property the document does not have.

use domain::input::{self, Lines};
use domain::search::MIN_QUERY_CHARS;
use domain::{orders, patient, schedule, vitals};
use serde_json::Value;
use utoipa::Modify;
use utoipa::Number;
use utoipa::openapi::schema::{KnownFormat, Schema, SchemaFormat, SchemaType, Type};
use utoipa::openapi::{OpenApi, RefOr};

/// What one property must satisfy.
#[derive(Clone, Debug, PartialEq)]
pub enum Rule {
    MaxLength(usize),
    /// Inclusive bounds.
    Range {
        min: f64,
        max: f64,
    },
    OneOf(Vec<Value>),
    /// An ECMA 262 regular expression the text must match.
    Pattern(String),
    MinLength(usize),
    /// A calendar date (`format: date`) within the bounds of `domain::input`.
    Date,
}

/// Where a rule applies: a component schema's property, or an operation's query parameter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    Property { schema: &'static str, property: &'static str },
    Query { path: &'static str, name: &'static str },
}

fn property(schema: &'static str, property: &'static str) -> Target {
    Target::Property { schema, property }
}

/// Every rule the server enforces on what it is sent, by where it applies.
pub fn rules() -> Vec<(Target, Rule)> {
    let mut rules = Vec::new();
    for (name, max) in patient::MAX_LENGTHS {
        rules.push((property("PatientInput", name), Rule::MaxLength(*max)));
    }
    rules.push((
        property("PatientInput", "sex"),
        Rule::OneOf(patient::SEX_CHOICES.iter().map(|s| (*s).into()).collect()),
    ));
    rules.push((property("PhoneEntry", "number"), Rule::MaxLength(patient::PHONE_MAX_LENGTH)));
    // Texts hold no control characters or hidden formatting marks (domain::input).
    let one_line = || Rule::Pattern(input::text_pattern(Lines::One));
    let many_lines = || Rule::Pattern(input::text_pattern(Lines::Many));
    for (name, _) in patient::MAX_LENGTHS {
        rules.push((property("PatientInput", name), one_line()));
    }
    rules.push((property("PhoneEntry", "number"), one_line()));
    rules.push((property("PatientInput", "birthdate"), Rule::Pattern(input::optional_date_pattern())));
    rules.push((property("OrderInput", "shortDescription"), one_line()));
    rules.push((property("OrderInput", "longDescription"), many_lines()));
    rules.push((property("OrderInput", "orderNote"), many_lines()));
    rules.push((property("OrderInput", "due"), Rule::Pattern(input::optional_date_pattern())));
    rules.push((property("AppointmentInput", "notes"), many_lines()));
    for name in ["start", "end"] {
        rules.push((property("AppointmentInput", name), Rule::Pattern(input::instant_pattern())));
    }
    rules.push((property("VitalsInput", "date"), Rule::Pattern(input::instant_pattern())));
    rules.push((
        property("PhoneEntry", "type"),
        Rule::OneOf(patient::PHONE_TYPES.iter().map(|t| (*t).into()).collect()),
    ));

    rules.push((property("OrderInput", "shortDescription"), Rule::MaxLength(orders::SHORT_DESCRIPTION_MAX)));
    rules.push((property("OrderInput", "longDescription"), Rule::MaxLength(orders::LONG_DESCRIPTION_MAX)));
    rules.push((property("OrderInput", "orderNote"), Rule::MaxLength(orders::NOTE_MAX)));

    rules.push((property("AppointmentInput", "notes"), Rule::MaxLength(schedule::NOTES_MAX)));
    rules.push((
        property("AppointmentInput", "length"),
        Rule::Range { min: 1.0, max: schedule::MAX_LENGTH_MINUTES as f64 },
    ));
    rules.push((
        property("ScheduleConflict", "code"),
        Rule::OneOf(schedule::CONFLICT_CODES.iter().map(|c| (*c).into()).collect()),
    ));

    for (name, max) in vitals::maximums() {
        rules.push((property("VitalsInput", name), Rule::Range { min: 0.0, max }));
    }

    // Charting (domain::clinical::input): texts, code lists ('' takes the default), dates.
    {
        use domain::clinical::input as chart;
        for (schema, name, max, lines) in chart::MAX_LENGTHS {
            // An attachment's fields travel in the upload's query, beside its file.
            let target = if *schema == "AttachmentUpload" {
                Target::Query { path: "/api/patients/patient/{patientId}/clinical/{section}", name }
            } else {
                property(schema, name)
            };
            rules.push((target, Rule::MaxLength(*max)));
            rules.push((target, Rule::Pattern(input::text_pattern(*lines))));
        }
        let with_default =
            |codes: &[&str]| Rule::OneOf(std::iter::once("").chain(codes.iter().copied()).map(Value::from).collect());
        let exactly = |codes: &[&str]| Rule::OneOf(codes.iter().map(|c| Value::from(*c)).collect());
        rules.push((property("AllergyInput", "category"), exactly(chart::ALLERGY_CATEGORIES)));
        rules.push((property("AllergyInput", "severity"), exactly(chart::ALLERGY_SEVERITIES)));
        rules.push((property("AllergyInput", "clinicalStatus"), with_default(chart::CLINICAL_STATUSES)));
        rules.push((property("AllergyInput", "verificationStatus"), with_default(chart::VERIFICATION_STATUSES)));
        rules.push((property("ConditionInput", "clinicalStatus"), with_default(chart::CLINICAL_STATUSES)));
        rules.push((property("MedicationInput", "status"), with_default(chart::MEDICATION_STATUSES)));
        rules.push((property("ImmunizationInput", "status"), with_default(chart::IMMUNIZATION_STATUSES)));
        let smoking: Vec<&str> = domain::clinical::SMOKING_STATUSES.iter().map(|(code, _)| *code).collect();
        rules.push((property("SmokingStatusInput", "code"), exactly(&smoking)));
        for (schema, name) in [
            ("AllergyInput", "onset"),
            ("ConditionInput", "onset"),
            ("ConditionInput", "resolved"),
            ("MedicationInput", "start"),
            ("MedicationInput", "end"),
        ] {
            rules.push((property(schema, name), Rule::Pattern(input::optional_date_pattern())));
        }
        for (schema, name) in [("ImmunizationInput", "occurrence"), ("SmokingStatusInput", "effective")] {
            rules.push((property(schema, name), Rule::Pattern(input::date_pattern())));
        }
        rules.push((
            property("ImmunizationInput", "doseNumber"),
            Rule::Range { min: 1.0, max: f64::from(chart::MAX_DOSE_NUMBER) },
        ));
    }

    // Billing orders (domain::billing): notes, dates, teeth, surfaces, modifiers, units.
    {
        use domain::billing::{self, fees};
        rules.push((property("BillingOrderInput", "orderNotes"), Rule::MaxLength(billing::MAX_ORDER_NOTES_CHARS)));
        rules.push((property("BillingOrderInput", "orderNotes"), many_lines()));
        rules.push((property("BillingOrderInput", "procedureDate"), Rule::Pattern(input::date_pattern())));
        rules.push((property("ChargeInput", "procedureDate"), Rule::Pattern(input::optional_date_pattern())));
        rules.push((property("ChargeInput", "procedure"), Rule::MaxLength(fees::MAX_CODE_CHARS)));
        rules.push((
            property("ChargeInput", "tooth"),
            Rule::Pattern("^\\s*(|0?[1-9]|[12][0-9]|3[0-2]|[A-Ta-t])\\s*$".to_owned()),
        ));
        rules.push((property("ChargeInput", "surface"), Rule::MaxLength(billing::SURFACES.len())));
        for name in ["modifier1", "modifier2", "modifier3", "modifier4"] {
            rules.push((property("ChargeInput", name), Rule::Pattern("^\\s*([A-Za-z0-9]{2})?\\s*$".to_owned())));
        }
        rules.push((property("ChargeInput", "units"), Rule::Range { min: 1.0, max: f64::from(fees::MAX_UNITS) }));
        rules.push((property("DiagnosisModelInput", "pointer"), Rule::Pattern("^\\s*[A-La-l]\\s*$".to_owned())));
        for path in ["/api/fee/", "/api/fee"] {
            rules.push((Target::Query { path, name: "search" }, Rule::Pattern(input::text_pattern(Lines::One))));
        }
    }

    // Referrers and a patient's referrals (domain::referrers): texts, choices, the date.
    {
        use domain::referrers as r;
        for (name, max) in r::MAX_LENGTHS {
            rules.push((property("ReferrerInput", name), Rule::MaxLength(*max)));
            rules.push((property("ReferrerInput", name), if *name == "notes" { many_lines() } else { one_line() }));
        }
        rules.push((property("ReferrerInput", "npi"), Rule::MaxLength(r::MAX_NPI_CHARS)));
        rules.push((property("ReferrerInput", "type"), Rule::OneOf(r::TYPES.iter().map(|t| (*t).into()).collect())));
        let with_default =
            |codes: &[&str]| Rule::OneOf(std::iter::once("").chain(codes.iter().copied()).map(Value::from).collect());
        rules.push((property("ReferrerInput", "direction"), with_default(&r::REFERRER_DIRECTIONS)));
        rules.push((property("PhoneInput", "number"), Rule::MaxLength(r::MAX_PHONE_CHARS)));
        rules.push((property("PhoneInput", "number"), one_line()));
        rules.push((property("PhoneInput", "ext"), Rule::MaxLength(r::MAX_EXTENSION_CHARS)));
        rules.push((property("PhoneInput", "ext"), one_line()));
        rules.push((
            property("PhoneInput", "type"),
            Rule::OneOf(r::PHONE_TYPES.iter().map(|(t, _)| (*t).into()).collect()),
        ));
        rules.push((
            property("ReferralInput", "direction"),
            Rule::OneOf(r::DIRECTIONS.iter().map(|d| (*d).into()).collect()),
        ));
        rules.push((property("ReferralInput", "status"), with_default(&r::STATUSES)));
        rules.push((property("ReferralInput", "date"), Rule::Pattern(input::date_pattern())));
        rules.push((
            property("ReferralChange", "status"),
            Rule::OneOf(r::STATUSES.iter().map(|s| (*s).into()).collect()),
        ));
        for schema in ["ReferralInput", "ReferralChange"] {
            rules.push((property(schema, "reason"), Rule::MaxLength(r::MAX_REASON_CHARS)));
            rules.push((property(schema, "reason"), many_lines()));
        }
        for path in ["/api/referrers/", "/api/referrers"] {
            rules.push((Target::Query { path, name: "search" }, Rule::MaxLength(r::MAX_SEARCH_CHARS)));
            rules.push((Target::Query { path, name: "search" }, one_line()));
        }
    }

    let keys = domain::preferences::REGISTRY.iter().flat_map(|def| std::iter::once(def.key).chain(def.internal_key));
    rules.push((property("SavePreference", "key"), Rule::OneOf(keys.map(Value::from).collect())));

    for path in ["/api/orders/", "/api/orders"] {
        rules.push((Target::Query { path, name: "limit" }, Rule::Range { min: 1.0, max: orders::PAGE_MAX as f64 }));
        rules.push((
            Target::Query { path, name: "offset" },
            Rule::Range { min: 0.0, max: domain::input::MAX_OFFSET as f64 },
        ));
    }
    for path in ["/api/orders/", "/api/orders"] {
        for name in ["signed", "unsigned"] {
            rules.push((Target::Query { path, name }, Rule::OneOf(vec![0.into(), 1.into()])));
        }
    }
    rules.push((
        Target::Query { path: "/api/scheduling/1/appointments", name: "order" },
        Rule::OneOf(vec![0.into(), 1.into()]),
    ));
    for path in ["/api/scheduling/1/appointments", "/api/scheduling/1/transparencies"] {
        rules.push((Target::Query { path, name: "date" }, Rule::Date));
    }
    for name in ["start", "end"] {
        rules.push((Target::Query { path: "/api/patients/patient/{patientId}/appointments", name }, Rule::Date));
    }
    // "all", nothing, or whole numbers separated by commas (`kit::IdList`).
    let id_list = || Rule::Pattern("^\\s*([aA][lL][lL]|[+-]?[0-9]{1,18}(\\s*,\\s*[+-]?[0-9]{1,18})*)?\\s*$".to_owned());
    for path in ["/api/orders/", "/api/orders"] {
        for name in ["offices", "providers", "statuses", "types"] {
            rules.push((Target::Query { path, name }, id_list()));
        }
    }
    for name in ["resources", "providers"] {
        rules.push((Target::Query { path: "/api/scheduling/1/appointments", name }, id_list()));
    }
    rules.push((Target::Query { path: "/api/scheduling/1/transparencies", name: "resources" }, id_list()));
    // At least two characters besides the spaces around them.
    rules.push((Target::Query { path: "/api/patients", name: "search" }, Rule::MinLength(MIN_QUERY_CHARS)));
    rules.push((Target::Query { path: "/api/patients", name: "search" }, Rule::Pattern("\\S[\\s\\S]*\\S".to_owned())));
    rules.push((
        Target::Query { path: "/api/patients", name: "limit" },
        Rule::Range { min: 1.0, max: domain::search::MAX_RESULTS as f64 },
    ));
    rules
}

/// Writes [`rules`] into the document.
pub struct Rules;

impl Modify for Rules {
    fn modify(&self, openapi: &mut OpenApi) {
        for (target, rule) in rules() {
            if let Some(object) = target_object(openapi, target) {
                apply(object, &rule);
            }
        }
        openapi
            .components
            .get_or_insert_with(Default::default)
            .schemas
            .insert("PreferenceValues".to_owned(), RefOr::T(preference_values()));
    }
}

/// Each preference's value by its short key, with the type, bounds and choices the
/// server checks (`domain::preferences::REGISTRY`): what `POST /api/preferences` answers
/// for a key and `POST /api/preferences/save` takes as `update`.
pub fn preference_values() -> Schema {
    use domain::preferences::{Kind, REGISTRY};
    use utoipa::openapi::schema::{AnyOfBuilder, ArrayBuilder, ObjectBuilder};
    let mut values = ObjectBuilder::new().description(Some(
        "Each preference's value by its short key (docs/preferences.md); the read answer holds the keys asked for.",
    ));
    for def in REGISTRY {
        let value: Schema = match def.kind {
            Kind::Bool => ObjectBuilder::new().schema_type(Type::Boolean).into(),
            Kind::Int { min, max } => ObjectBuilder::new()
                .schema_type(Type::Integer)
                .minimum(Some(number(min as f64)))
                .maximum(Some(number(max as f64)))
                .into(),
            Kind::Choice(choices) => {
                ObjectBuilder::new().schema_type(Type::String).enum_values(Some(choices.iter().copied())).into()
            }
            Kind::OrderType => {
                let range = |min: i64, max: i64| {
                    ObjectBuilder::new()
                        .schema_type(Type::Integer)
                        .minimum(Some(number(min as f64)))
                        .maximum(Some(number(max as f64)))
                };
                AnyOfBuilder::new()
                    .description(Some("An order type a user may choose: 1 to 4, 100 to 102, or above 110"))
                    .item(range(1, 4))
                    .item(range(100, 102))
                    .item(range(111, domain::preferences::ORDER_TYPE_MAX))
                    .into()
            }
            Kind::TimeOfDay => {
                ObjectBuilder::new().schema_type(Type::String).pattern(Some("^([01][0-9]|2[0-3]):[0-5][0-9]$")).into()
            }
            Kind::Text { max_chars } => {
                ObjectBuilder::new().schema_type(Type::String).max_length(Some(max_chars)).into()
            }
            Kind::PatientIds { max } => ArrayBuilder::new()
                .items(ObjectBuilder::new().schema_type(Type::Integer).minimum(Some(1)))
                .max_items(Some(max))
                .into(),
            Kind::AppointmentFilters | Kind::OrderFilters | Kind::ClinicalSummary => {
                ObjectBuilder::new().description(Some("See docs/preferences.md")).into()
            }
        };
        values = values.property(def.key, value).required(def.key);
    }
    values.into()
}

/// The schema object a rule applies to, if the document has it.
fn target_object(openapi: &mut OpenApi, target: Target) -> Option<&mut utoipa::openapi::schema::Object> {
    let schema = match target {
        Target::Property { schema, property } => {
            let components = openapi.components.as_mut()?;
            match components.schemas.get_mut(schema)? {
                RefOr::T(Schema::Object(object)) => object.properties.get_mut(property)?,
                _ => return None,
            }
        }
        Target::Query { path, name } => {
            // A list's query is a GET's; an upload's, a POST's.
            let item = openapi.paths.paths.get_mut(path)?;
            let parameter = [item.get.as_mut(), item.post.as_mut()]
                .into_iter()
                .flatten()
                .filter_map(|operation| operation.parameters.as_mut())
                .flat_map(|parameters| parameters.iter_mut())
                .find_map(|p| match p {
                    RefOr::T(parameter) if parameter.name == name => Some(parameter),
                    _ => None,
                })?;
            parameter.schema.as_mut()?
        }
    };
    match schema {
        RefOr::T(Schema::Object(object)) => Some(object),
        _ => None,
    }
}

fn nullable(object: &utoipa::openapi::schema::Object) -> bool {
    match &object.schema_type {
        SchemaType::Array(types) => types.contains(&Type::Null),
        _ => false,
    }
}

fn apply(object: &mut utoipa::openapi::schema::Object, rule: &Rule) {
    match rule {
        Rule::MaxLength(max) => object.max_length = Some(*max),
        Rule::Range { min, max } => {
            object.minimum = Some(number(*min));
            object.maximum = Some(number(*max));
        }
        Rule::Pattern(pattern) => object.pattern = Some(pattern.clone()),
        Rule::MinLength(min) => object.min_length = Some(*min),
        Rule::Date => {
            object.format = Some(SchemaFormat::KnownFormat(KnownFormat::Date));
            object.pattern = Some(input::date_pattern());
        }
        Rule::OneOf(values) => {
            let mut values = values.clone();
            // A property that may be null keeps null among its choices.
            if nullable(object) {
                values.push(Value::Null);
            }
            object.enum_values = Some(values);
        }
    }
}

/// Whole numbers stay whole in the document.
fn number(value: f64) -> Number {
    if value.fract() == 0.0 && value.abs() < 1e15 { Number::Int(value as isize) } else { Number::Float(value) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rule_finds_its_property_in_the_document() {
        let mut document = crate::openapi_document();
        for (target, rule) in rules() {
            let object =
                target_object(&mut document, target).unwrap_or_else(|| panic!("{target:?} is not in the document"));
            match rule {
                Rule::MaxLength(max) => assert_eq!(object.max_length, Some(max), "{target:?}"),
                Rule::Range { .. } => assert!(object.minimum.is_some() && object.maximum.is_some(), "{target:?}"),
                Rule::OneOf(_) => assert!(object.enum_values.is_some(), "{target:?}"),
                Rule::Pattern(_) | Rule::Date => assert!(object.pattern.is_some(), "{target:?}"),
                Rule::MinLength(min) => assert_eq!(object.min_length, Some(min), "{target:?}"),
            }
        }
    }

    #[test]
    fn every_preference_has_its_value_schema() {
        let document = crate::openapi_document();
        let schemas = &document.components.as_ref().expect("components").schemas;
        let Some(RefOr::T(Schema::Object(values))) = schemas.get("PreferenceValues") else {
            panic!("PreferenceValues is in the document")
        };
        for def in domain::preferences::REGISTRY {
            assert!(values.properties.contains_key(def.key), "{}", def.key);
        }
    }

    #[test]
    fn nullable_choices_keep_null() {
        let mut document = crate::openapi_document();
        let target = property("PhoneEntry", "type");
        let object = target_object(&mut document, target).expect("phone type");
        assert_eq!(object.enum_values.as_ref().and_then(|v| v.last()), Some(&Value::Null));
    }
}
