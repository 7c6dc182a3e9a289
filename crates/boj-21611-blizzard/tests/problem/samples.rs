//! Every `samples/boj-21611-blizzard/*.in` through the judge binary must print exactly its `.out`.

const EXE: &str = env!("CARGO_BIN_EXE_boj-21611-blizzard");

sample_check::samples_test!();

#[test]
fn malformed_input_exits_2_with_one_line() {
    sample_check::assert_rejected(EXE, "5 0\n", "expected M in 1..=100, found `0`");
    sample_check::assert_rejected(EXE, "4 1\n", "expected N, odd, in 3..=49, found `4`");
    sample_check::assert_rejected(
        EXE,
        "3 1\n0 0 0\n0 0 0\n0 0 0\n1 2\n",
        "expected the reach of spell 1 in 1..=1, found `2`",
    );
    sample_check::assert_rejected(EXE, "", "found end of input");
}
