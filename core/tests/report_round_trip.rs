//! A Report read back from its JSON is the same Report. The app's analysis worker sends the report
//! to the page as JSON; the page renders what it reads back, so nothing may be lost or changed on
//! the way.

use shoot_policy::examples::GALLERY;
use shoot_policy::report::{analyze, AnalyzeOptions, Report, Source, SourceRole};

fn sources(example: &shoot_policy::examples::Example) -> Vec<Source> {
    [
        ("CloudProfile", SourceRole::Auto, example.cloud_profile),
        ("Shoot", SourceRole::Auto, example.shoot),
        (
            "Previous Shoot",
            SourceRole::PreviousShoot,
            example.previous_shoot,
        ),
        ("Other objects", SourceRole::Auto, example.objects),
    ]
    .into_iter()
    .filter(|(_, _, text)| !text.is_empty())
    .map(|(name, role, text)| Source {
        name: name.to_string(),
        role,
        text: text.to_string(),
    })
    .collect()
}

#[test]
fn every_gallery_report_survives_its_json() {
    let options = AnalyzeOptions::at("2026-11-22T00:00:00Z".parse().unwrap());
    for example in GALLERY {
        let report = analyze(&sources(example), &options);
        let json = serde_json::to_string(&report).unwrap();
        let read_back: Report =
            serde_json::from_str(&json).unwrap_or_else(|error| panic!("{}: {error}", example.id));
        assert_eq!(
            serde_json::to_value(&read_back).unwrap(),
            serde_json::to_value(&report).unwrap(),
            "{}",
            example.id
        );
    }
}

#[test]
fn a_report_with_input_errors_survives_its_json() {
    let options = AnalyzeOptions::at("2026-11-22T00:00:00Z".parse().unwrap());
    let broken = vec![Source {
        name: "Shoot".to_string(),
        role: SourceRole::Auto,
        text: "kind: Shoot\nspec: [\n".to_string(),
    }];
    let report = analyze(&broken, &options);
    assert!(!report.diagnostics.is_empty());
    let read_back: Report = serde_json::from_str(&serde_json::to_string(&report).unwrap()).unwrap();
    assert_eq!(read_back.diagnostics, report.diagnostics);
}
