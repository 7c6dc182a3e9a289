//! Judge binary: reads the board and pieces from stdin, prints the ending turn or -1.

fn main() {
    grid_core::run_judge(boj_17780_new_game::run)
}
