//! Every `samples/boj-11559-puyo-puyo/*.in` through the real binary: exact `.out`, then a snapshot.

const EXE: &str = env!("CARGO_BIN_EXE_boj-11559-puyo-puyo");

sample_check::samples_test!();

#[test]
fn malformed_input_exits_2_with_one_line() {
    sample_check::assert_rejected(
        EXE,
        "......\n",
        "line 2, column 1: expected row 2 of the field",
    );
    sample_check::assert_rejected(EXE, &"...Q..\n".repeat(12), "found `Q`");
    sample_check::assert_rejected(EXE, "", "found end of input");
}
