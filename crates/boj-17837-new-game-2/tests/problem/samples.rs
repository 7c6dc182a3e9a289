//! Every `samples/boj-17837-new-game-2/*.in` through the real binary: exact `.out`, then a snapshot.

const EXE: &str = env!("CARGO_BIN_EXE_boj-17837-new-game-2");

sample_check::samples_test!();

#[test]
fn malformed_input_exits_2_with_one_line() {
    sample_check::assert_rejected(EXE, "4 4\n0 0\n", "expected the colour of row 1, column 3");
    sample_check::assert_rejected(EXE, "13 4\n", "expected N in 4..=12");
}
