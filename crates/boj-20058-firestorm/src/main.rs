//! Judge binary: reads the board and the levels from stdin, prints the ice left and the largest chunk.

fn main() {
    grid_core::run_judge(boj_20058_firestorm::run)
}
