//! Label templates (`as "take {n} from heap {i}"`): braces hold one parameter's name. An
//! expression, a name that is not a parameter, empty or unbalanced braces are each one
//! `gamec::bad_label` that says what templates accept, pointing at the braces.

/// (message, the text its label points at, help) for a move `take(n in 1..=2, heap in 0..=1)`.
fn problems(template: &str) -> Vec<(String, String, String)> {
    let src = format!(
        "game \"L\" {{\n  state {{ pile: 0..=10 = 10 }}\n  \
         move take(n in 1..=2, heap in 0..=1) as \"{template}\" if n + heap <= pile {{ pile -= n + heap }}\n  \
         end if pile == 0: last mover wins\n}}"
    );
    let (_, d) = gamec::compile(&src, &[]);
    d.0.iter()
        .map(|d| {
            assert_eq!(d.code, "gamec::bad_label", "{}", d.message);
            let at = d.labels[0].span;
            (
                d.message.clone(),
                src[at.start..at.end].to_string(),
                d.help.clone().unwrap_or_default(),
            )
        })
        .collect()
}

fn one(message: &str, at: &str, help: &str) -> Vec<(String, String, String)> {
    vec![(message.to_string(), at.to_string(), help.to_string())]
}

const HOLD: &str =
    "Braces in a label hold one parameter's name, like `{n}` (here `{n}`, `{heap}`); \
                    a label cannot show a brace itself.";

#[test]
fn an_expression_in_braces_is_refused_with_what_templates_accept() {
    assert_eq!(
        problems("take {n + 1}"),
        one(
            "a label template shows parameters, not expressions like `n + 1`",
            "{n + 1}",
            "Braces in a label hold one parameter's name (here `{n}`, `{heap}`), which is replaced \
             by its value. To show a computed value, make it a parameter of the move.",
        )
    );
}

#[test]
fn names_that_are_not_parameters_are_refused() {
    assert_eq!(
        problems("take {pile}"),
        one(
            "`pile` is not a parameter of `take`",
            "{pile}",
            "Braces in a label hold one of the move's parameters (here `{n}`, `{heap}`); state \
             variables and options cannot be shown.",
        )
    );
    assert_eq!(
        problems("take {n} from {haep}"),
        one(
            "`haep` is not a parameter of `take`",
            "{haep}",
            "Did you mean `{heap}`? Braces in a label hold one of the move's parameters (here \
             `{n}`, `{heap}`); state variables and options cannot be shown.",
        )
    );
}

#[test]
fn braces_must_balance_and_hold_a_name() {
    assert_eq!(
        problems("take {n from {heap}"),
        one("this `{` in the label is never closed", "{", HOLD)
    );
    assert_eq!(
        problems("take {n} from heap {heap"),
        one("this `{` in the label is never closed", "{", HOLD)
    );
    assert_eq!(
        problems("take n} {heap}"),
        one("this `}` in the label closes no `{`", "}", HOLD)
    );
    assert_eq!(
        problems("take {} {heap}"),
        one(
            "`{}` in the label names no parameter",
            "{}",
            "Put a parameter's name between the braces (here `{n}`, `{heap}`).",
        )
    );
    assert_eq!(
        problems("take { n } {heap}"),
        one(
            "write `{n}` without spaces inside the braces",
            "{ n }",
            "A parameter in a label is written `{n}`.",
        )
    );
    assert_eq!(problems("take {n} from heap {heap}"), vec![]);
}

#[test]
fn a_label_with_escapes_is_pointed_at_as_a_whole() {
    // `\"` makes the text differ from the file byte for byte: the whole string is labelled.
    assert_eq!(
        problems(r#"take \"{n + 1}\""#),
        one(
            "a label template shows parameters, not expressions like `n + 1`",
            r#""take \"{n + 1}\"""#,
            "Braces in a label hold one parameter's name (here `{n}`, `{heap}`), which is replaced \
             by its value. To show a computed value, make it a parameter of the move.",
        )
    );
}
