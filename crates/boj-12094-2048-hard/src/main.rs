//! Judge binary: reads N and the board from stdin, prints the largest tile reachable in ten moves.

fn main() {
    grid_core::run_judge(boj_12094_2048_hard::run)
}
