//! Every `samples/boj-12094-2048-hard/*.in` through the real binary: exact `.out`, then a snapshot.

const EXE: &str = env!("CARGO_BIN_EXE_boj-12094-2048-hard");

sample_check::samples_test!();

#[test]
fn malformed_input_exits_2_with_one_line() {
    sample_check::assert_rejected(EXE, "2\n2 6\n0 0\n", "found `6`");
    sample_check::assert_rejected(EXE, "21\n", "expected N in 1..=20");
    sample_check::assert_rejected(EXE, "1\n0\n", "at least one tile");
}
