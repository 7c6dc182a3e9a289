//! Every `samples/boj-16236-baby-shark/*.in` through the real binary: exact `.out`, then a
//! snapshot.

const EXE: &str = env!("CARGO_BIN_EXE_boj-16236-baby-shark");

sample_check::samples_test!();

#[test]
fn malformed_input_exits_2_with_one_line() {
    sample_check::assert_rejected(EXE, "21\n", "expected N in 2..=20, found `21`");
    sample_check::assert_rejected(
        EXE,
        "2\n9 0\n0 9\n",
        "line 3, column 3: expected exactly one 9 (the shark), found a second `9`",
    );
    sample_check::assert_rejected(EXE, "2\n0 0\n0 0\n", "found none");
    sample_check::assert_rejected(EXE, "", "found end of input");
}
