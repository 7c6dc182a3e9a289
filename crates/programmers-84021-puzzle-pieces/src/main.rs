//! Judge binary: reads the `game_board` and `table` literals from stdin, prints the cells filled.

fn main() {
    grid_core::run_judge(programmers_84021_puzzle_pieces::run)
}
