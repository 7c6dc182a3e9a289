//! Every `samples/boj-12100-2048-easy/*.in` through the real binary: exact `.out`, then a snapshot.

const EXE: &str = env!("CARGO_BIN_EXE_boj-12100-2048-easy");

sample_check::samples_test!();

#[test]
fn malformed_input_exits_2_with_one_line() {
    sample_check::assert_rejected(EXE, "2\n2 3\n0 0\n", "found `3`");
    sample_check::assert_rejected(EXE, "25\n", "expected N in 1..=20");
    sample_check::assert_rejected(EXE, "1\n2 2\n", "expected end of input");
}
