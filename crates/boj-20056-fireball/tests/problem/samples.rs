//! Every `samples/boj-20056-fireball/*.in` through the judge binary must print exactly its `.out`.

const EXE: &str = env!("CARGO_BIN_EXE_boj-20056-fireball");

sample_check::samples_test!();

#[test]
fn malformed_input_exits_2_with_one_line() {
    sample_check::assert_rejected(EXE, "51 0 1\n", "expected N in 4..=50, found `51`");
    sample_check::assert_rejected(
        EXE,
        "4 1 1\n1 1 1 1 8\n",
        "expected the direction of fireball 1 in 0..=7, found `8`",
    );
    sample_check::assert_rejected(
        EXE,
        "4 2 1\n2 2 1 1 0\n2 2 1 1 0\n",
        "expected fireball 2 on a cell of its own",
    );
    sample_check::assert_rejected(EXE, "", "found end of input");
}
