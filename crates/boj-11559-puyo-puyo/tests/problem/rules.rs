//! The rule corners of 11559, each as a small field.

use boj_11559_puyo_puyo::{chain_steps, parse, run};

/// A full field from its bottom rows (the rows above are empty).
fn field(bottom: &str) -> String {
    let rows: Vec<&str> = bottom
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let mut text = "......\n".repeat(12 - rows.len());
    for row in rows {
        text.push_str(row);
        text.push('\n');
    }
    text
}

fn steps(bottom: &str) -> usize {
    chain_steps(&parse(&field(bottom)).unwrap())
}

#[test]
fn empty_field_pops_nothing() {
    assert_eq!(steps(""), 0);
}

#[test]
fn three_in_a_group_do_not_pop_four_do() {
    assert_eq!(steps("RRR..."), 0);
    assert_eq!(steps("RRRR.."), 1);
    assert_eq!(steps("R.....\nRRR..."), 1);
}

#[test]
fn diagonal_neighbours_do_not_connect() {
    assert_eq!(steps("R.R...\nGRGR.."), 0);
}

#[test]
fn simultaneous_groups_count_as_one_step() {
    // Two separate red groups pop together: one step, not two.
    assert_eq!(steps("R....R\nR....R\nRR..RR"), 1);
    // Three groups of three colours at once.
    assert_eq!(steps("RRRRGG\nYYYYGG"), 1);
}

#[test]
fn falling_puyos_make_the_next_group() {
    // G falls onto the G row once the reds pop.
    assert_eq!(steps("G.....\nRRRR..\nGGGB.."), 2);
}

#[test]
fn official_sample_chain() {
    assert_eq!(steps(".Y....\n.YG...\nRRYG..\nRRYGG."), 3);
}

#[test]
fn a_tall_chain_of_alternating_columns() {
    // Each column pop drops the next colour into a group of four.
    let bottom = "
        B.....
        B.....
        B.....
        G.....
        G.....
        G.....
        R.....
        RRRG..
        GBBB..
    ";
    assert_eq!(steps(bottom), 3);
}

#[test]
fn run_prints_the_number_and_a_newline() {
    assert_eq!(run(&field("RRRR..")).unwrap(), "1\n");
}

#[test]
fn malformed_fields_are_rejected_with_their_place() {
    assert_eq!(
        run(&field("RRRR.")).unwrap_err().to_string(),
        "line 12, column 1: expected row 12 of the field (6 characters), found 5 characters"
    );
    assert_eq!(
        run(&field("RRXR..")).unwrap_err().to_string(),
        "line 12, column 3: expected one of `.RGBPY` in the field, found `X`"
    );
    assert_eq!(
        run("......\n").unwrap_err().to_string(),
        "line 2, column 1: expected row 2 of the field (6 characters), found end of input"
    );
    assert_eq!(
        run(&format!("{}R.....\n", field("")))
            .unwrap_err()
            .to_string(),
        "line 13, column 1: expected end of input, found `R.....`"
    );
    assert_eq!(
        run(&field("R.....\n......")).unwrap_err().to_string(),
        "line 11, column 1: expected a settled field, found `R` above an empty cell"
    );
}
