//! The code lists charting draws from besides ICD-10-CM (`crate::diagnosis`): the vaccines
//! (CDC's CVX codes, public domain) a practice gives most, to which a practice adds its
//! own, and the LOINC codes of the vital signs, as US Core's vital-signs profiles name
//! them. The smoking statuses are [`super::SMOKING_STATUSES`].

/// (CVX code, vaccine): the vaccines every practice starts with. A practice adds others
/// with `pocketchart vaccines add` (kept in the `vaccines` table).
pub const VACCINES: &[(&str, &str)] = &[
    ("03", "MMR"),
    ("08", "Hepatitis B, pediatric or adolescent"),
    ("10", "IPV (polio)"),
    ("18", "Rabies, intramuscular"),
    ("20", "DTaP"),
    ("21", "Varicella"),
    ("33", "Pneumococcal polysaccharide (PPSV23)"),
    ("37", "Yellow fever"),
    ("43", "Hepatitis B, adult"),
    ("48", "Hib (PRP-T)"),
    ("49", "Hib (PRP-OMP)"),
    ("52", "Hepatitis A, adult"),
    ("83", "Hepatitis A, pediatric or adolescent, 2 dose"),
    ("88", "Influenza, unspecified formulation"),
    ("94", "MMRV"),
    ("101", "Typhoid, ViCPs"),
    ("104", "Hepatitis A and hepatitis B, adult"),
    ("110", "DTaP, hepatitis B and IPV"),
    ("113", "Td, adult, preservative free"),
    ("114", "Meningococcal conjugate (MCV4P)"),
    ("115", "Tdap"),
    ("116", "Rotavirus, pentavalent"),
    ("119", "Rotavirus, monovalent"),
    ("121", "Zoster, live"),
    ("133", "Pneumococcal conjugate (PCV13)"),
    ("136", "Meningococcal conjugate (MCV4O)"),
    ("140", "Influenza, injectable, preservative free"),
    ("141", "Influenza, seasonal, injectable"),
    ("150", "Influenza, injectable, quadrivalent, preservative free"),
    ("158", "Influenza, injectable, quadrivalent"),
    ("162", "Meningococcal B, recombinant"),
    ("163", "Meningococcal B, OMV"),
    ("165", "HPV9"),
    ("187", "Zoster recombinant"),
    ("207", "COVID-19, mRNA, 100 mcg/0.5 mL"),
    ("208", "COVID-19, mRNA, 30 mcg/0.3 mL"),
    ("213", "COVID-19, unspecified formulation"),
    ("215", "Pneumococcal conjugate (PCV15)"),
    ("216", "Pneumococcal conjugate (PCV20)"),
    ("309", "COVID-19, mRNA, 30 mcg/0.3 mL, tris-sucrose"),
];

/// The built-in vaccine of a CVX code.
pub fn built_in_vaccine(cvx: &str) -> Option<&'static str> {
    VACCINES.iter().find(|(code, _)| *code == cvx).map(|(_, name)| *name)
}

/// The longest vaccine name a practice may add.
pub const VACCINE_NAME_MAX: usize = 120;

/// Whether `cvx` is shaped like a CVX code: one to three digits.
pub fn is_cvx_code(cvx: &str) -> bool {
    (1..=3).contains(&cvx.len()) && cvx.bytes().all(|b| b.is_ascii_digit())
}

/// (field of the vitals answer, LOINC code, LOINC display, UCUM unit of the stored value).
pub const VITAL_SIGN_CODES: &[(&str, &str, &str, &str)] = &[
    ("height", "8302-2", "Body height", "mm"),
    ("weight", "29463-7", "Body weight", "g"),
    ("bmi", "39156-5", "Body mass index (BMI) [Ratio]", "kg/m2"),
    ("systolic", "8480-6", "Systolic blood pressure", "mm[Hg]"),
    ("diastolic", "8462-4", "Diastolic blood pressure", "mm[Hg]"),
    ("heartRate", "8867-4", "Heart rate", "/min"),
    ("respiratoryRate", "9279-1", "Respiratory rate", "/min"),
    ("temperature", "8310-5", "Body temperature", "[degF]"),
    ("sp02", "59408-5", "Oxygen saturation in Arterial blood by Pulse oximetry", "%"),
    ("headCircumference", "9843-4", "Head Occipital-frontal circumference", "mm"),
];

/// The LOINC code of the blood pressure panel the two pressures are parts of.
pub const BLOOD_PRESSURE_PANEL: &str = "85354-9";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_vaccine_list_has_each_code_once_and_only_cvx_shaped_codes() {
        let mut codes: Vec<&str> = VACCINES.iter().map(|(code, _)| *code).collect();
        assert!(codes.iter().all(|code| is_cvx_code(code)), "{codes:?}");
        codes.sort_unstable();
        codes.dedup();
        assert_eq!(codes.len(), VACCINES.len());
        assert_eq!(built_in_vaccine("115"), Some("Tdap"));
        assert_eq!(built_in_vaccine("9999"), None);
        assert!(!is_cvx_code("") && !is_cvx_code("12a") && !is_cvx_code("1234"));
    }

    #[test]
    fn every_vital_sign_of_the_vitals_answer_has_its_loinc_code() {
        for field in [
            "height",
            "weight",
            "systolic",
            "diastolic",
            "heartRate",
            "respiratoryRate",
            "temperature",
            "sp02",
            "headCircumference",
        ] {
            assert!(VITAL_SIGN_CODES.iter().any(|(f, _, _, _)| *f == field), "{field}");
        }
        let loinc =
            |code: &str| code.split_once('-').is_some_and(|(n, check)| n.parse::<u32>().is_ok() && check.len() == 1);
        assert!(VITAL_SIGN_CODES.iter().all(|(_, code, _, _)| loinc(code)));
    }
}
