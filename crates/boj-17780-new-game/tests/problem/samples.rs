//! Every `samples/boj-17780-new-game/*.in` through the real binary: exact `.out`, then a snapshot.

const EXE: &str = env!("CARGO_BIN_EXE_boj-17780-new-game");

sample_check::samples_test!();

#[test]
fn malformed_input_exits_2_with_one_line() {
    sample_check::assert_rejected(EXE, "4 4\n0 0\n", "expected the colour of row 1, column 3");
    sample_check::assert_rejected(EXE, "4 3\n", "expected K in 4..=10");
}
