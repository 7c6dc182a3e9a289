//! Judge binary: reads stdin once, prints the answer; malformed input exits 2 with one line.

fn main() {
    grid_core::run_judge(boj_23289_warm_air::run)
}
