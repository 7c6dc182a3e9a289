//! Every `samples/boj-23289-warm-air/*.in` through the real binary: exact `.out`, then a snapshot.

const EXE: &str = env!("CARGO_BIN_EXE_boj-23289-warm-air");

sample_check::samples_test!();

#[test]
fn malformed_input_exits_2_with_one_line() {
    sample_check::assert_rejected(EXE, "2 2 0\n", "expected K in 1..=1000, found `0`");
    sample_check::assert_rejected(
        EXE,
        "2 2 5\n1 0\n0 5\n1\n1 1 1\n",
        "not between a heater and the cell it blows into",
    );
    sample_check::assert_rejected(EXE, "", "found end of input");
}
