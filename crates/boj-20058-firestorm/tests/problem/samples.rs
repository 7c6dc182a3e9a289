//! Every `samples/boj-20058-firestorm/*.in` through the real binary: exact `.out`, then a snapshot.

const EXE: &str = env!("CARGO_BIN_EXE_boj-20058-firestorm");

sample_check::samples_test!();

#[test]
fn malformed_input_exits_2_with_one_line() {
    sample_check::assert_rejected(EXE, "7 1\n", "expected N in 2..=6, found `7`");
    sample_check::assert_rejected(
        EXE,
        &format!("2 1\n{}3\n", "1 1 1 1\n".repeat(4)),
        "expected level 1 of 1 in 0..=2, found `3`",
    );
    sample_check::assert_rejected(EXE, "", "found end of input");
}
