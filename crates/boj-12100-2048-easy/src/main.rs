//! Judge binary: reads N and the board from stdin, prints the largest reachable tile.

fn main() {
    grid_core::run_judge(boj_12100_2048_easy::run)
}
