//! Building the beats-graph: the generated rule, then each listed line read as WINNER VERB LOSER
//! with its score. Every mistake is one diagnostic: a line with a word too many or too few is one
//! problem on that line, and a name that is not a throw is one problem however often it is used.

use super::exact::{fraction, Q};
use super::{Beat, Throw};
use crate::diag::{did_you_mean, throw as msg, Diagnostics};
use crate::syntax::ast::{BeatsDecl, Edge, GameFile, Ident, Score, Span};
use num_traits::{One, Signed, Zero};

/// Where an edge of the beats-graph came from.
#[derive(Clone, Copy, Debug)]
pub enum Origin {
    Rule,
    Line(Span),
}

pub struct Graph {
    pub beats: Vec<Vec<Option<(Beat, Origin)>>>,
    /// The generated rule, when it applied: it then decides every pair.
    pub rule: Option<Span>,
    /// Throws named on a line with an error: a pair with one of them may be undecided only
    /// because that line is broken, so it gets no warning of its own.
    pub unsure: Vec<bool>,
    /// Every pair is in doubt: `beats` is missing, or its generated rule could not apply.
    pub all_unsure: bool,
}

/// Names used in lines that are not throws, each with every place it is used, in file order.
#[derive(Default)]
struct Unknown(Vec<(String, Vec<Span>)>);

impl Unknown {
    fn add(&mut self, name: &Ident) {
        match self.0.iter_mut().find(|(n, _)| *n == name.name) {
            Some((_, spans)) => spans.push(name.span),
            None => self.0.push((name.name.clone(), vec![name.span])),
        }
    }
}

/// Builds the graph from `beats`. `throws_span` is the `throws` line (`None` when there is none:
/// then every name would be unknown, and the missing line is the one problem reported).
pub fn build(
    file: &GameFile,
    throws: &[Throw],
    throws_span: Option<Span>,
    diags: &mut Diagnostics,
) -> Graph {
    let n = throws.len();
    let mut g = Graph {
        beats: vec![vec![None; n]; n],
        rule: None,
        unsure: vec![false; n],
        all_unsure: false,
    };
    if file.beats.is_empty() {
        g.all_unsure = true;
        if let Some(span) = throws_span {
            diags.push(msg::no_beats(span));
        }
        return g;
    }
    for b in &file.beats {
        if let BeatsDecl::OddStepsAhead(span) = b {
            odd_steps(&mut g, *span, throws_span.unwrap_or(*span), n, diags);
        }
    }
    let mut unknown = Unknown::default();
    for b in &file.beats {
        if let BeatsDecl::Edges { edges, .. } = b {
            for e in edges {
                line(&mut g, e, throws, &mut unknown, diags);
            }
        }
    }
    if throws_span.is_some() {
        for (name, spans) in unknown.0 {
            diags.push(unknown_throw(&name, spans, throws));
        }
    }
    g
}

/// Throw i beats throw j when (i − j) mod n is odd.
fn odd_steps(g: &mut Graph, span: Span, throws_span: Span, n: usize, diags: &mut Diagnostics) {
    if n.is_multiple_of(2) {
        diags.push(msg::even_odd_steps(span, throws_span, n));
        g.all_unsure = true;
        return;
    }
    g.rule = Some(span);
    let beat = Beat {
        verb: "beats".to_string(),
        score: Q::one(),
    };
    for i in 0..n {
        for j in 0..n {
            if ((i + n - j) % n) % 2 == 1 {
                g.beats[i][j] = Some((beat.clone(), Origin::Rule));
            }
        }
    }
}

fn unknown_throw(name: &str, spans: Vec<Span>, throws: &[Throw]) -> crate::diag::Diag {
    let display = throws
        .iter()
        .find(|t| t.display.eq_ignore_ascii_case(name) && t.name != t.display);
    if let Some(t) = display {
        return msg::display_name_in_beats(spans, name, &t.name);
    }
    let suggestion = did_you_mean(name, throws.iter().map(|t| t.name.as_str()));
    msg::unknown_throw(spans, name, suggestion)
}

/// The index of a throw by its short name; an unknown name is noted (and reported once, later).
fn resolve(name: &Ident, throws: &[Throw], unknown: &mut Unknown) -> Option<usize> {
    let found = throws.iter().position(|t| t.name == name.name);
    if found.is_none() {
        unknown.add(name);
    }
    found
}

/// One line of `beats`: WINNER VERB LOSER [scores N].
fn line(g: &mut Graph, e: &Edge, throws: &[Throw], unknown: &mut Unknown, diags: &mut Diagnostics) {
    let [winner, verb, loser] = &e.words[..] else {
        // The line meant some pair with each throw it names.
        for w in &e.words {
            if let Some(k) = throws.iter().position(|t| t.name == w.name) {
                g.unsure[k] = true;
            }
        }
        return malformed(e, throws, unknown, diags);
    };
    let w = resolve(winner, throws, unknown);
    let l = resolve(loser, throws, unknown);
    let score = e.score.as_ref().map_or(Q::one(), |s| score(s, diags));
    let (Some(w), Some(l)) = (w, l) else {
        // The line meant some pair with the throw it does name.
        for k in [w, l].into_iter().flatten() {
            g.unsure[k] = true;
        }
        return;
    };
    let (wn, ln) = (&winner.name, &loser.name);
    if w == l {
        diags.push(msg::self_beat(e.span, wn));
        g.unsure[w] = true;
        return;
    }
    match (&g.beats[w][l], &g.beats[l][w]) {
        (_, Some(_)) if g.rule.is_some() => {
            let rule = g.rule.unwrap_or(e.span);
            diags.push(msg::contradicts_rule(e.span, rule, wn, ln))
        }
        (Some((_, Origin::Line(first))), _) => {
            diags.push(msg::duplicate_edge(*first, e.span, wn, ln))
        }
        (_, Some((_, Origin::Line(first)))) => {
            diags.push(msg::contradictory_beats(*first, e.span, ln, wn))
        }
        _ => {
            let verb = verb.name.clone();
            g.beats[w][l] = Some((Beat { verb, score }, Origin::Line(e.span)));
        }
    }
}

/// A line that is not three words: a verb of several words, a missing verb or loser, or two lines
/// run together. The winner and loser are still checked when they are where a line puts them.
fn malformed(e: &Edge, throws: &[Throw], unknown: &mut Unknown, diags: &mut Diagnostics) {
    let is_throw = |w: &Ident| throws.iter().any(|t| t.name == w.name);
    let words = &e.words;
    if let Some(s) = &e.score {
        score(s, diags);
    }
    match &words[..] {
        [] => {}
        [one] => diags.push(msg::lone_word(e.span, &one.name)),
        [a, b] if is_throw(a) && is_throw(b) => {
            diags.push(msg::missing_verb(e.span, &a.name, &b.name))
        }
        [a, b] => diags.push(msg::missing_loser(e.span, &a.name, &b.name)),
        [_, .., s] if s.name == "scores" && !is_throw(s) => {
            diags.push(msg::score_without_number(s.span));
        }
        [_, middle @ .., _] if middle.iter().any(is_throw) => {
            diags.push(msg::run_together(e.span, words.len()))
        }
        [first, middle @ .., last] => {
            resolve(first, throws, unknown);
            resolve(last, throws, unknown);
            let verb: Vec<&str> = middle.iter().map(|w| w.name.as_str()).collect();
            let span = middle[0].span.join(middle[middle.len() - 1].span);
            diags.push(msg::verb_of_several_words(span, &verb));
        }
    }
}

/// A score's exact value; a zero denominator or a value not above 0 is reported (and 1 used instead).
fn score(s: &Score, diags: &mut Diagnostics) -> Q {
    if s.denom.is_zero() {
        diags.push(msg::score_divides_by_zero(s.span));
        return Q::one();
    }
    let value = &s.numer / &s.denom;
    if !value.is_positive() {
        diags.push(msg::bad_score(s.span, &fraction(&value)));
        return Q::one();
    }
    value
}
