//! Every `samples/programmers-84021-puzzle-pieces/*.in` through the real binary: exact `.out`, then a snapshot.

const EXE: &str = env!("CARGO_BIN_EXE_programmers-84021-puzzle-pieces");

sample_check::samples_test!();

#[test]
fn malformed_input_exits_2_with_one_line() {
    sample_check::assert_rejected(
        EXE,
        "[[0,0,0],[0,0,0],[0,0,0]]",
        "expected `[` opening table",
    );
    sample_check::assert_rejected(
        EXE,
        "[[0,0,0],[0,0,0],[0,0,0]] [[0,0,0],[0,x,0],[0,0,0]]",
        "found `x`",
    );
}
