//! Every `samples/boj-13460-marble-escape-2/*.in` through the real binary: exact `.out`, then a
//! snapshot.

const EXE: &str = env!("CARGO_BIN_EXE_boj-13460-marble-escape-2");

sample_check::samples_test!();

#[test]
fn malformed_input_exits_2_with_one_line() {
    sample_check::assert_rejected(EXE, "11 5\n", "expected N in 3..=10, found `11`");
    sample_check::assert_rejected(
        EXE,
        "3 5\n#####\n#RB.O\n#####\n",
        "line 3, column 5: expected `#` on the board's outer ring, found `O`",
    );
    sample_check::assert_rejected(
        EXE,
        "3 5\n#####\n#RR.#\n#####\n",
        "expected exactly one `R` on the board, found a second `R`",
    );
    sample_check::assert_rejected(EXE, "", "found end of input");
}
