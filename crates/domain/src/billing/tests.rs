use super::*;

fn day(y: i32, m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, d).expect("date")
}

fn fee_line(code: &str) -> Option<FeeLine> {
    let (fee_cents, units, method) = match code {
        "PC-FILL2" => (19_500, 1, fees::FLAT),
        "PC-XRAY" => (3_500, 1, fees::PER_UNIT),
        "PC-VISIT" => (14_500, 1, fees::FLAT),
        _ => return None,
    };
    Some(FeeLine {
        code: code.into(),
        description: format!("{code} description"),
        notes: String::new(),
        fee_cents,
        units,
        calculation_method: method,
    })
}

fn with_context<T>(run: impl FnOnce(&BillingContext<'_>) -> T) -> T {
    let is_provider = |id: i64| id == 3;
    let is_fee_schedule = |id: i64| id == 1 || id == 2;
    // Schedule 2 charges twice as much.
    let fee = |schedule: i64, code: &str| {
        fee_line(&fees::code_key(code)).map(|line| FeeLine { fee_cents: line.fee_cents * schedule, ..line })
    };
    let diagnosis = |code: &str| match code.replace('.', "").to_ascii_uppercase().as_str() {
        "K0252" => Some(("K02.52".to_owned(), "Dental caries on pit and fissure surface".to_owned())),
        "E119" => Some(("E11.9".to_owned(), "Type 2 diabetes mellitus without complications".to_owned())),
        "I10" => Some(("I10".to_owned(), "Essential (primary) hypertension".to_owned())),
        _ => None,
    };
    run(&BillingContext {
        today: day(2026, 11, 24),
        birthdate: Some(day(1980, 5, 1)),
        patient_fee_schedule: Some(1),
        is_provider: &is_provider,
        is_fee_schedule: &is_fee_schedule,
        fee: &fee,
        diagnosis: &diagnosis,
    })
}

fn model(code: &str, pointer: &str, on: bool) -> DiagnosisModelInput {
    DiagnosisModelInput {
        code: code.into(),
        pointer: pointer.into(),
        toggled_on: on,
        umls_id: String::new(),
        ..Default::default()
    }
}

fn order(charges: Vec<ChargeInput>) -> BillingOrderInput {
    BillingOrderInput { provider_id: Some(3), procedure_date: "2026-11-24".into(), order_notes: String::new(), charges }
}

fn charge(code: &str) -> ChargeInput {
    ChargeInput { procedure: code.into(), ..Default::default() }
}

fn errors_of(input: &BillingOrderInput) -> FieldErrors {
    with_context(|c| input.check(c)).expect_err("refused")
}

#[test]
fn fees_come_from_the_schedule_never_from_the_client() {
    let forged = ChargeInput { unit_fee: Some(1), calculation_method: Some(1), units: Some(3), ..charge("pc-xray") };
    let flat = ChargeInput { fee_schedule_id: Some(2), ..charge("PC-FILL2") };
    let checked = with_context(|c| order(vec![forged, flat]).check(c)).expect("valid");
    assert_eq!(checked.charges[0].code, "PC-XRAY");
    assert_eq!((checked.charges[0].units, checked.charges[0].fee_cents), (3, 10_500));
    assert_eq!((checked.charges[1].unit_fee_cents, checked.charges[1].fee_cents), (39_000, 39_000));
    assert_eq!(checked.total_cents, 49_500);
    assert_eq!(checked.charges[1].line, 2);
}

#[test]
fn a_flat_fee_keeps_its_units() {
    let errors = errors_of(&order(vec![ChargeInput { units: Some(2), ..charge("PC-FILL2") }]));
    assert_eq!(errors.get("charges[0].units").map(String::as_str), Some("Fixed at 1 for this procedure"));
}

#[test]
fn the_order_names_each_field_at_fault() {
    let input = BillingOrderInput {
        provider_id: Some(1),
        procedure_date: "2026-11-25".into(),
        order_notes: "a\u{200B}b".into(),
        charges: vec![
            ChargeInput { tooth: "33".into(), surface: "MOM".into(), modifier2: "X".into(), ..charge("PC-NONE") },
            ChargeInput { surface: "O".into(), fee_schedule_id: Some(9), ..charge("PC-FILL2") },
            ChargeInput { procedure_date: "1979-01-01".into(), units: Some(0), ..charge("PC-XRAY") },
        ],
    };
    let errors = errors_of(&input);
    let expected = [
        ("providerId", NOT_A_PROVIDER),
        ("procedureDate", IN_THE_FUTURE),
        ("orderNotes", crate::input::HIDDEN_CHARACTERS),
        ("charges[0].procedure", NOT_IN_SCHEDULE),
        ("charges[0].tooth", BAD_TOOTH),
        ("charges[0].surface", BAD_SURFACE),
        ("charges[0].modifier2", BAD_MODIFIER),
        ("charges[1].feeScheduleId", NOT_A_SCHEDULE),
        ("charges[1].surface", SURFACE_WITHOUT_TOOTH),
        ("charges[2].procedureDate", BEFORE_BIRTH),
        ("charges[2].units", "A whole number from 1 to 99"),
    ];
    for (field, message) in expected {
        assert_eq!(errors.get(field).map(String::as_str), Some(message), "{field}: {errors:?}");
    }
    assert_eq!(errors.len(), expected.len(), "{errors:?}");
}

#[test]
fn an_empty_order_needs_a_provider_a_date_and_a_charge() {
    let errors = errors_of(&BillingOrderInput::default());
    assert_eq!(errors.get("providerId").map(String::as_str), Some(REQUIRED));
    assert_eq!(errors.get("procedureDate").map(String::as_str), Some(REQUIRED));
    assert_eq!(errors.get("charges").map(String::as_str), Some(NO_CHARGES));
    let many = order(vec![charge("PC-VISIT"); MAX_CHARGES + 1]);
    assert_eq!(errors_of(&many).get("charges").map(String::as_str), Some("At most 30 charges"));
}

#[test]
fn diagnoses_keep_their_pointer_on_every_charge() {
    let list = |on: [bool; 2]| vec![model("k02.52", "A", on[0]), model("E119", "b", on[1])];
    let first = ChargeInput {
        diagnosis_models: list([true, true]),
        diagnosis_ids: Some(vec!["ICD10CM:E11.9".into(), "ICD10CM:K02.52".into()]),
        tooth: "3".into(),
        surface: "mod".into(),
        ..charge("PC-FILL2")
    };
    let second = ChargeInput { diagnosis_models: list([false, true]), ..charge("PC-VISIT") };
    let third = charge("PC-XRAY");
    let checked = with_context(|c| order(vec![first, second, third]).check(c)).expect("valid");
    let diagnoses: Vec<(char, &str)> = checked.diagnoses.iter().map(|d| (d.pointer, d.code.as_str())).collect();
    assert_eq!(diagnoses, vec![('A', "K02.52"), ('B', "E11.9")]);
    let pointers: Vec<&str> = checked.charges.iter().map(|c| c.pointers.as_str()).collect();
    assert_eq!(pointers, vec!["AB", "B", ""]);
    assert_eq!((checked.charges[0].tooth.as_str(), checked.charges[0].surface.as_str()), ("3", "MOD"));
}

#[test]
fn pointers_must_agree_run_from_a_and_stay_within_four_per_charge() {
    let swapped = order(vec![
        ChargeInput { diagnosis_models: vec![model("K02.52", "A", true)], ..charge("PC-FILL2") },
        ChargeInput { diagnosis_models: vec![model("E11.9", "A", true)], ..charge("PC-VISIT") },
    ]);
    assert_eq!(
        errors_of(&swapped).get("charges[1].diagnosisModels[0].pointer").map(String::as_str),
        Some(POINTER_MISMATCH)
    );
    let gap = order(vec![ChargeInput { diagnosis_models: vec![model("I10", "C", true)], ..charge("PC-VISIT") }]);
    assert_eq!(errors_of(&gap).get("charges").map(String::as_str), Some(POINTER_GAP));
    let twice = order(vec![ChargeInput {
        diagnosis_models: vec![model("I10", "A", true), model("I10", "B", true)],
        ..charge("PC-VISIT")
    }]);
    assert_eq!(
        errors_of(&twice).get("charges[0].diagnosisModels[1].code").map(String::as_str),
        Some(DUPLICATE_DIAGNOSES)
    );
    let five = order(vec![ChargeInput {
        diagnosis_models: ["K02.52", "E11.9", "I10", "K02.52", "E11.9"]
            .iter()
            .zip(POINTERS)
            .map(|(code, p)| model(code, &p.to_string(), true))
            .collect(),
        ..charge("PC-VISIT")
    }]);
    assert!(errors_of(&five).contains_key("charges[0].diagnosisIds"));
    let unknown =
        order(vec![ChargeInput { diagnosis_models: vec![model("Z99.999", "A", true)], ..charge("PC-VISIT") }]);
    assert_eq!(
        errors_of(&unknown).get("charges[0].diagnosisModels[0].code").map(String::as_str),
        Some(UNKNOWN_DIAGNOSIS)
    );
    let wrong_ids = order(vec![ChargeInput {
        diagnosis_models: vec![model("I10", "A", true)],
        diagnosis_ids: Some(vec!["ICD10CM:E11.9".into()]),
        ..charge("PC-VISIT")
    }]);
    assert_eq!(errors_of(&wrong_ids).get("charges[0].diagnosisIds").map(String::as_str), Some(IDS_MISMATCH));
}

#[test]
fn teeth_surfaces_and_modifiers_are_read_as_claims_write_them() {
    assert_eq!(parse_tooth("03"), Ok("3".into()));
    assert_eq!(parse_tooth("t"), Ok("T".into()));
    for bad in ["0", "33", "U", "AA", "-1", "", "+5", "005"] {
        assert_eq!(parse_tooth(bad), Err(BAD_TOOTH), "{bad}");
    }
    assert_eq!(parse_surface("mod"), Ok("MOD".into()));
    assert_eq!(parse_surface(""), Ok(String::new()));
    for bad in ["MM", "X", "M O"] {
        assert_eq!(parse_surface(bad), Err(BAD_SURFACE), "{bad}");
    }
    assert_eq!(parse_modifier("gt"), Ok("GT".into()));
    assert_eq!(parse_modifier(""), Ok(String::new()));
    assert_eq!(parse_modifier("ABC"), Err(BAD_MODIFIER));
    assert_eq!(concept_id("E11.9"), "ICD10CM:E11.9");
}
