//! Every `samples/boj-23288-dice-rolling-2/*.in` through the real binary: exact `.out`, then a
//! snapshot.

const EXE: &str = env!("CARGO_BIN_EXE_boj-23288-dice-rolling-2");

sample_check::samples_test!();

#[test]
fn malformed_input_exits_2_with_one_line() {
    sample_check::assert_rejected(EXE, "2 2 0\n", "expected K in 1..=1000, found `0`");
    sample_check::assert_rejected(
        EXE,
        "2 2 1\n1 10\n1 1\n",
        "line 2, column 3: expected the value at row 1, column 2 in 1..=9, found `10`",
    );
    sample_check::assert_rejected(EXE, "", "found end of input");
}
