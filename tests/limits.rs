//! Limits a file can reach while it is read and checked end in a coded diagnostic: the size of the
//! file, the number of a move's parameters, and ranges whose ends sit at the edge of 64 bits.

use crate::common;
use common::*;

/// Checks `source` given on standard input; returns stderr and the exit code.
fn check_stdin(source: &str) -> (String, i32) {
    let r = gamec_in(&["check", "-"], source);
    (r.stderr, r.code)
}

#[test]
fn an_exclusive_range_ending_at_the_lowest_number_is_empty_not_dropped() {
    // `0..-2^63` has no last element. The variable vanished without a word, and so did every
    // move that assigned it; the game then had no moves at all.
    let (err, code) = check_stdin(
        "game \"drop\" {\n  state { pile: 0..=3 = 3\n          x: 0..(-9223372036854775807 - 1) = 0 }\n  move take if pile > 0 { pile -= 1; x = 0 }\n  end if pile == 0: last mover wins\n}\n",
    );
    assert_eq!(code, 1);
    assert_eq!(
        err,
        "gamec::bad_range

  × the range 0..-9223372036854775808 is empty
   ╭─[<stdin>:3:14]
 2 │   state { pile: 0..=3 = 3
 3 │           x: 0..(-9223372036854775807 - 1) = 0 }
   ·              ──────────────┬──────────────
   ·                            ╰── holds no value
 4 │   move take if pile > 0 { pile -= 1; x = 0 }
   ╰────
  help: Write the low end first, as in `0..=10`.
<stdin>: 1 error
"
    );
}

#[test]
fn an_empty_exclusive_range_is_shown_as_written() {
    let (err, code) = check_stdin(
        "game \"g\" {\n  state { pile: 3..3 = 3 }\n  move take if pile > 0 { pile -= 1 }\n  end if pile == 0: last mover wins\n}\n",
    );
    assert_eq!(code, 1);
    assert!(err.contains("× the range 3..3 is empty"), "{err}");
}

#[test]
fn standard_input_past_the_size_limit_is_refused_without_reading_it_all() {
    let big = format!("{}game \"big\" {{}}\n", "// filler\n".repeat(110_000));
    let (err, code) = check_stdin(&big);
    assert_eq!(code, 1);
    assert_eq!(
        err,
        "gamec::file_too_large

  × the file is larger than gamec accepts (1048576 bytes)
  help: A game's rules fit in a few kilobytes: compute with options, arrays and moves with
        parameters rather than listing every case.
<stdin>: 1 error
"
    );
}

#[test]
fn a_file_just_under_the_size_limit_is_read() {
    let game = "game \"g\" {\n  state { pile: 0..=3 = 3 }\n  move take if pile > 0 { pile -= 1 }\n  end if pile == 0: last mover wins\n}\n";
    let filler = "// filler\n".repeat((gamec::syntax::MAX_SOURCE_BYTES - game.len()) / 10);
    let (err, code) = check_stdin(&format!("{filler}{game}"));
    assert_eq!((err.as_str(), code), ("<stdin>: ok\n", 0));
}

/// A move with `n` parameters, each ranging over one value (written tightly, so that 66,000 of
/// them fit under the size limit).
fn with_params(n: usize) -> String {
    let params: Vec<String> = (0..n).map(|i| format!("a{i} in 0..1")).collect();
    format!(
        "game \"g\" {{\n  state {{ pile: 0..=3 = 3 }}\n  move take({}) if pile > 0 {{ pile -= 1 }}\n  end if pile == 0: last mover wins\n}}\n",
        params.join(",")
    )
}

#[test]
fn a_move_with_too_many_parameters_is_refused() {
    // 66,000 parameters overflowed the 16-bit local counter (a panic in `check`).
    for n in [101, 66_000] {
        let (err, code) = check_stdin(&with_params(n));
        assert_eq!(code, 1, "{n} parameters");
        assert!(
            err.starts_with("gamec::too_deep\n\n  × this nests deeper than gamec accepts (100 levels of parameters)\n"),
            "{n} parameters: {err}"
        );
        assert!(
            err.contains("help: Give the move fewer parameters"),
            "{err}"
        );
    }
    let (err, code) = check_stdin(&with_params(100));
    assert_eq!((err.as_str(), code), ("<stdin>: ok\n", 0));
}

#[test]
fn many_moves_and_variables_still_report_duplicates() {
    // Names are resolved through an index now; a repeated name is still found, with both places.
    let mut src = String::from("game \"g\" {\n  state { pile: 0..=3 = 3 }\n");
    for i in 0..2000 {
        src.push_str(&format!("  move m{i} if pile > 0 {{ pile -= 1 }}\n"));
    }
    src.push_str("  move m7 if pile > 1 { pile -= 2 }\n  end if pile == 0: last mover wins\n}\n");
    let (err, code) = check_stdin(&src);
    assert_eq!(code, 1);
    assert!(err.starts_with("gamec::duplicate_name\n"), "{err}");
    assert!(err.contains("[<stdin>:2003:8]"), "{err}");
    assert!(err.contains("first declared here"), "{err}");
}

#[test]
fn a_long_chain_of_conditionals_is_refused_as_too_deep() {
    // `if b then 1 else 0 + if b then 1 else 0 + ...`: each `else` holds the rest, so the tree
    // is as deep as the chain is long. Reading 40,000 of them took minutes (every node's span
    // walked down to its last token); now the depth limit answers at once.
    let chain = "if b then 1 else 0 + ".repeat(40_000);
    let src = format!(
        "game \"chain\" {{\n  state {{ pile: 0..=3 = 3; b: bool }}\n  move take(k in 1..=2) if k <= pile {{ pile -= k; b = not b }}\n  end if pile == 0 and ({chain}0) >= 0: last mover wins\n}}\n"
    );
    let (err, code) = check_stdin(&src);
    assert_eq!(code, 1);
    assert!(err.starts_with("gamec::too_deep\n"), "{err}");
    assert!(err.contains("(2000 levels of operators)"), "{err}");
}

/// Two ranges of 2^31 values: 2^62 combinations, with the turn and the "kept the turn" flag as
/// positions record them. `turn` makes a rule read the turn, `again` a move keep it.
fn wide(turn: bool, again: bool) -> String {
    let end = if turn {
        "a == 3 and mover == 2"
    } else {
        "a == 3"
    };
    let kept = if again { " if a == 1 { again }" } else { "" };
    format!(
        "game \"Wide\" {{\n  state {{ a: 0..=2147483647 = 0; b: 0..=2147483647 = 0 }}\n  move add if a < 3 and b < 3 {{ a += 1; b = a{kept} }}\n  end if {end}: last mover wins\n  end if a == 3: last mover loses\n}}\n"
    )
}

#[test]
fn positions_count_only_the_flags_they_record() {
    // 2^62 combinations without a flag are numbered in 63 bits; the turn and the flag were
    // counted always, so this was refused as more than 2^64. With one flag recorded it is 2^63,
    // one too many, and says so.
    let (err, code) = check_stdin(&wide(false, false));
    assert_eq!((code, err.as_str()), (0, "<stdin>: ok\n"));
    let (err, code) = check_stdin(&wide(true, false));
    assert_eq!(code, 1);
    assert_eq!(
        message(&err),
        "the state's ranges give 4611686018427387904 (2^62) combinations, 9223372036854775808 (2^63) with whose turn it is: too many to number positions in 63 bits (at most 2^63 - 1)"
    );
    let r = gamec_in(&["solve", "-"], &wide(false, false));
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        r.stdout.lines().nth(1),
        Some("positions   4 (whose turn it is does not change any rule, so positions do not record it)")
    );
}

#[test]
fn too_many_combinations_are_counted_exactly() {
    let (err, code) = check_stdin(&wide(true, true));
    assert_eq!(code, 1);
    assert_eq!(
        message(&err),
        "the state's ranges give 4611686018427387904 (2^62) combinations, 18446744073709551616 (2^64) with whose turn it is and whether the last move kept it: too many to number positions in 63 bits (at most 2^63 - 1)"
    );
    let (err, code) = check_stdin(
        "game \"Wider\" {\n  state { a: 0..=9999999999 = 0; b: 0..=2147483647 = 0 }\n  move add if a < 3 and b < 3 { a += 1; b = a }\n  end if a == 3: last mover wins\n}\n",
    );
    assert_eq!(code, 1);
    assert_eq!(
        message(&err),
        "the state's ranges give 21474836480000000000 (about 2^64.2) combinations: too many to number positions in 63 bits (at most 2^63 - 1 combinations)"
    );
}

/// A slot's digit, a move's change to the number and the child's number are worked out in i64,
/// so every number, flags included, must fit in 63 bits. Counting only recorded flags let a range
/// of 2^63 + 10 values through to the engine, which overflowed (fuzz seed 1, input 3577), and then
/// 2^63 - 1 combinations with a flag (fuzz seed 21, inputs 68863 and 86465: `code as i64 + delta`).
#[test]
fn the_combinations_alone_fit_in_63_bits() {
    let src = "game \"A typo in a range\" {\n  state { pile: -9223372036854775807..=10 = 0 }\n  move add(n in 1..=9223372036854775807) if pile + n <= 10 { pile += n }\n  end if pile == 10: last mover wins\n}\n";
    let r = gamec_in(&["solve", "-"], src);
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert_eq!(
        message(&r.stderr),
        "the state's ranges give 9223372036854775818 (about 2^63.0) combinations: too many to number positions in 63 bits (at most 2^63 - 1 combinations)"
    );
    // 2^63 - 1 combinations and the `again` flag: refused (the fuzz's input 68863).
    let src = "game \"Stay\" {\n  state { x: 0..=9223372036854775806 = 0 }\n  move stay { x = 0; again }\n  move go if x == 0 { x = 1 }\n  end if x == 1: last mover loses\n}\n";
    let r = gamec_in(&["solve", "-"], src);
    assert_eq!(r.code, 1, "{}", r.stderr);
    assert_eq!(
        message(&r.stderr),
        "the state's ranges give 9223372036854775807 (about 2^63.0) combinations, 18446744073709551614 (about 2^64.0) with whether the last move kept the turn: too many to number positions in 63 bits (at most 2^63 - 1)"
    );
    // 2^62 combinations and the turn, less one value: 2^63 - 2 positions, numbered.
    let src = "game \"Edge\" {\n  state { x: 0..=4611686018427387902 = 0 }\n  move add if x < 3 { x += 1 }\n  end if x == 3 and mover == 1: last mover wins\n  end if x == 3: last mover loses\n}\n";
    let r = gamec_in(&["solve", "-"], src);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(r.stdout.lines().nth(1), Some("positions   4"));
}

/// The first diagnostic's code and message, its wrapped lines joined.
fn message(err: &str) -> String {
    let mut lines = err.lines();
    assert_eq!(lines.next(), Some("gamec::state_too_large"), "{err}");
    let words: Vec<&str> = lines
        .skip(1)
        .take_while(|l| !l.trim_start().starts_with('╭'))
        .map(|l| l.trim().trim_start_matches(['×', '│']).trim())
        .collect();
    words.join(" ")
}
