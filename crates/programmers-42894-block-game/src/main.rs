//! Judge binary: reads the board literal from stdin, prints how many blocks can be removed.

fn main() {
    grid_core::run_judge(programmers_42894_block_game::run)
}
