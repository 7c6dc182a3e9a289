//! Every `samples/programmers-42894-block-game/*.in` through the real binary: exact `.out`, then a snapshot.

const EXE: &str = env!("CARGO_BIN_EXE_programmers-42894-block-game");

sample_check::samples_test!();

#[test]
fn malformed_input_exits_2_with_one_line() {
    sample_check::assert_rejected(
        EXE,
        "[[0,0],[0,0]]",
        "expected board to be square with a side in 4..=50",
    );
    sample_check::assert_rejected(
        EXE,
        "[[0,0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,0",
        "found end of input",
    );
}
