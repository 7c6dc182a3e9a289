//! The stress tool's command line, where it refuses before building anything.

use std::process::Command;

#[test]
fn zero_cases_are_refused_rather_than_reported_as_agreeing() {
    for args in [
        &["3190", "--cases", "0"][..],
        &["3190", "--hunt", "--cases", "0"],
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_stress"))
            .args(args)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(
            err.contains("invalid value '0' for '--cases"),
            "{args:?}: {err}"
        );
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}
