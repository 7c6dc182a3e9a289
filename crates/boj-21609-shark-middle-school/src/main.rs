//! Judge binary: reads the board from stdin, prints the total score of the auto-play.

fn main() {
    grid_core::run_judge(boj_21609_shark_middle_school::run)
}
