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

#[test]
fn a_seed_that_is_no_integer_is_refused_before_anything_is_built() {
    for seed in ["abc", "1.5", ""] {
        let out = Command::new(env!("CARGO_BIN_EXE_stress"))
            .args(["3190", "--seed", seed])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{seed:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(
            err.contains(&format!("`{seed}` is not an integer seed")),
            "{seed:?}: {err}"
        );
        assert!(out.stdout.is_empty(), "{seed:?}");
    }
}
