//! Every `samples/boj-17144-fine-dust/*.in` through the real binary: exact `.out`, then a snapshot.

const EXE: &str = env!("CARGO_BIN_EXE_boj-17144-fine-dust");

sample_check::samples_test!();

#[test]
fn malformed_input_exits_2_with_one_line() {
    sample_check::assert_rejected(EXE, "7 8 1001\n", "expected T in 1..=1000, found `1001`");
    let no_lower = "6 6 1\n0 0 0 0 0 0\n0 0 0 0 0 0\n-1 0 0 0 0 0\n0 0 0 0 0 0\n";
    sample_check::assert_rejected(EXE, no_lower, "the purifier's lower cell");
    sample_check::assert_rejected(EXE, "", "found end of input");
}
