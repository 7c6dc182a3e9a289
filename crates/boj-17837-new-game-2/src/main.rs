//! Judge binary: reads the board and pieces from stdin, prints the ending turn or -1.

fn main() {
    grid_core::run_judge(boj_17837_new_game_2::run)
}
