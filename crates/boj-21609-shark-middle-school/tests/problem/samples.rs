//! Every `samples/boj-21609-shark-middle-school/*.in` through the real binary: exact `.out`, then a snapshot.

const EXE: &str = env!("CARGO_BIN_EXE_boj-21609-shark-middle-school");

sample_check::samples_test!();

#[test]
fn malformed_input_exits_2_with_one_line() {
    sample_check::assert_rejected(EXE, "21 1\n", "expected N in 1..=20, found `21`");
    sample_check::assert_rejected(
        EXE,
        "2 2\n1 2\n3 1\n",
        "line 3, column 1: expected the block at row 2, column 1 in -1..=2, found `3`",
    );
    sample_check::assert_rejected(EXE, "", "found end of input");
}
