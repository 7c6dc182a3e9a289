//! Judge binary: reads the field from stdin, prints the number of chain steps.

fn main() {
    grid_core::run_judge(boj_11559_puyo_puyo::run)
}
