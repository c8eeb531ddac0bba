//! The throw-game checker: resolves throw names, builds the beats-graph from listed lines and the
//! generated rule, checks players and round rules, and collects every problem it finds.

use super::{Action, Beat, Players, RoundRule, Throw, ThrowGame, When};
use crate::check::SetArg;
use crate::diag::{catalog, did_you_mean, throw as msg, Diagnostics};
use crate::syntax::ast::{
    BeatsDecl, Edge, GameFile, RoundAction, RoundCondition, Span, ThrowsDecl,
};

/// Where an edge of the beats-graph came from.
#[derive(Clone, Copy, Debug)]
enum Origin {
    Rule,
    Line(Span),
}

struct Graph {
    beats: Vec<Vec<Option<(Beat, Origin)>>>,
    /// The generated rule, when it applied: it then decides every pair.
    rule: Option<Span>,
    /// Throws named on a line with an error: a pair with one of them may be undecided only
    /// because that line is broken, so it gets no warning of its own.
    unsure: Vec<bool>,
    /// Every pair is in doubt: `beats` is missing, or its generated rule could not apply.
    all_unsure: bool,
}

/// Checks a throw game, collecting every problem; `None` when there is an error.
pub fn check(file: &GameFile, sets: &[SetArg], diags: &mut Diagnostics) -> Option<ThrowGame> {
    let errors_before = diags.error_count();
    crate::check::evaluate_options(file, sets, diags);
    duplicates(file, diags);
    let (throws, spans) = throws(file, diags);
    let players = players(file, diags);
    let graph = beats(file, &throws, diags);
    let ties_allowed = !file.ties_allowed.is_empty();
    if !ties_allowed {
        undecided(&graph, &throws, &spans, diags);
    }
    let round = round(file, throws.len(), diags);
    if diags.error_count() > errors_before || throws.len() < 2 {
        return None;
    }
    let beats = graph
        .beats
        .into_iter()
        .map(|row| row.into_iter().map(|c| c.map(|(b, _)| b)).collect())
        .collect();
    Some(ThrowGame {
        name: file.name.value.clone(),
        about: file.about.first().map(|a| a.value.clone()),
        throws,
        beats,
        ties_allowed,
        players,
        round,
    })
}

fn duplicates(file: &GameFile, diags: &mut Diagnostics) {
    let mut once = |spans: Vec<Span>, what: &str| {
        if let [first, again, ..] = spans[..] {
            diags.push(catalog::duplicate_declaration(again, first, what));
        }
    };
    once(file.throws.iter().map(|t| t.span).collect(), "throws");
    once(file.players.iter().map(|p| p.span).collect(), "players");
    once(file.rounds.iter().map(|r| r.span).collect(), "round");
    let rules = file.beats.iter().filter_map(|b| match b {
        BeatsDecl::OddStepsAhead(s) => Some(*s),
        BeatsDecl::Edges { .. } => None,
    });
    once(rules.collect(), "beats odd-steps ahead");
}

fn throws(file: &GameFile, diags: &mut Diagnostics) -> (Vec<Throw>, Vec<Span>) {
    let Some(decl) = file.throws.first() else {
        diags.push(msg::too_few_throws(file.name.span, 0));
        return (Vec::new(), Vec::new());
    };
    let mut throws: Vec<Throw> = Vec::new();
    let mut spans: Vec<Span> = Vec::new();
    for t in &decl.throws {
        if let Some(i) = throws.iter().position(|x| x.name == t.name.name) {
            diags.push(msg::duplicate_throw(spans[i], t.name.span, &t.name.name));
            continue;
        }
        let display = t.display.as_ref().map_or(&t.name.name, |d| &d.value);
        throws.push(Throw {
            name: t.name.name.clone(),
            display: display.clone(),
        });
        spans.push(t.name.span);
    }
    if throws.len() < 2 {
        diags.push(msg::too_few_throws(throws_span(decl), throws.len()));
    }
    (throws, spans)
}

/// The `throws` line from its keyword to its last name (the grammar's span may run on past it).
fn throws_span(decl: &ThrowsDecl) -> Span {
    let end = decl
        .throws
        .last()
        .map(|t| t.display.as_ref().map_or(t.name.span, |d| d.span));
    let start = Span::new(decl.span.start, decl.span.start);
    end.map_or(decl.span, |e| start.join(e))
}

fn players(file: &GameFile, diags: &mut Diagnostics) -> Players {
    let Some(p) = file.players.first() else {
        return Players {
            min: 2,
            max: Some(2),
        };
    };
    let clamp = |n: i64| u32::try_from(n.max(0)).unwrap_or(u32::MAX);
    if p.min < 2 {
        diags.push(msg::bad_players(
            p.span,
            &format!("but this says {}", p.min),
        ));
    } else if p.max.is_some_and(|m| m < p.min) {
        diags.push(msg::bad_players(p.span, "but this range is empty"));
    }
    Players {
        min: clamp(p.min),
        max: p.max.map(clamp),
    }
}

fn beats(file: &GameFile, throws: &[Throw], diags: &mut Diagnostics) -> Graph {
    let n = throws.len();
    let mut g = Graph {
        beats: vec![vec![None; n]; n],
        rule: None,
        unsure: vec![false; n],
        all_unsure: false,
    };
    if file.beats.is_empty() {
        g.all_unsure = true;
        if let Some(t) = file.throws.first() {
            diags.push(msg::no_beats(throws_span(t)));
        }
        return g;
    }
    for b in &file.beats {
        if let BeatsDecl::OddStepsAhead(span) = b {
            odd_steps(&mut g, *span, file, n, diags);
        }
    }
    for b in &file.beats {
        if let BeatsDecl::Edges { edges, .. } = b {
            for e in edges {
                listed(&mut g, e, throws, diags);
            }
        }
    }
    g
}

/// Throw i beats throw j when (i − j) mod n is odd.
fn odd_steps(g: &mut Graph, span: Span, file: &GameFile, n: usize, diags: &mut Diagnostics) {
    if n.is_multiple_of(2) {
        let throws_span = file.throws.first().map_or(span, throws_span);
        diags.push(msg::even_odd_steps(span, throws_span, n));
        g.all_unsure = true;
        return;
    }
    g.rule = Some(span);
    let beat = Beat {
        verb: "beats".to_string(),
        score: 1,
    };
    for i in 0..n {
        for j in 0..n {
            if ((i + n - j) % n) % 2 == 1 {
                g.beats[i][j] = Some((beat.clone(), Origin::Rule));
            }
        }
    }
}

fn resolve(
    name: &crate::syntax::ast::Ident,
    throws: &[Throw],
    diags: &mut Diagnostics,
) -> Option<usize> {
    let found = throws.iter().position(|t| t.name == name.name);
    if found.is_none() {
        let suggestion = did_you_mean(&name.name, throws.iter().map(|t| t.name.as_str()));
        diags.push(msg::unknown_throw(name.span, &name.name, suggestion));
    }
    found
}

fn listed(g: &mut Graph, e: &Edge, throws: &[Throw], diags: &mut Diagnostics) {
    let w = resolve(&e.winner, throws, diags);
    let l = resolve(&e.loser, throws, diags);
    let score = match e.score {
        Some((s, span)) if s < 1 => {
            diags.push(msg::bad_score(span, s));
            1
        }
        Some((s, _)) => s,
        None => 1,
    };
    let (Some(w), Some(l)) = (w, l) else {
        // The line meant some pair with the throw it does name.
        for k in [w, l].into_iter().flatten() {
            g.unsure[k] = true;
        }
        return;
    };
    let (wn, ln) = (&e.winner.name, &e.loser.name);
    // The line itself, without the whitespace the grammar's optional `scores` lets the span swallow.
    let span = e.winner.span.join(e.score.map_or(e.loser.span, |(_, s)| s));
    if w == l {
        diags.push(msg::self_beat(span, wn));
        g.unsure[w] = true;
        return;
    }
    match (&g.beats[w][l], &g.beats[l][w]) {
        (_, Some(_)) if g.rule.is_some() => {
            let rule = g.rule.unwrap_or(span);
            diags.push(msg::contradicts_rule(span, rule, wn, ln))
        }
        (Some((_, Origin::Line(first))), _) => {
            diags.push(msg::duplicate_edge(*first, span, wn, ln))
        }
        (_, Some((_, Origin::Line(first)))) => {
            diags.push(msg::contradictory_beats(*first, span, ln, wn))
        }
        _ => {
            let verb = e.verb.name.clone();
            g.beats[w][l] = Some((Beat { verb, score }, Origin::Line(span)));
        }
    }
}

/// Warns about each pair nothing decides, except pairs a broken line may have been meant for.
fn undecided(g: &Graph, throws: &[Throw], spans: &[Span], diags: &mut Diagnostics) {
    if g.all_unsure {
        return;
    }
    for i in 0..throws.len() {
        for j in i + 1..throws.len() {
            let doubt = g.unsure[i] || g.unsure[j];
            if !doubt && g.beats[i][j].is_none() && g.beats[j][i].is_none() {
                let (a, b) = (&throws[i].name, &throws[j].name);
                diags.push(msg::undecided_pair(spans[i], spans[j], a, b));
            }
        }
    }
}

fn round(file: &GameFile, throws: usize, diags: &mut Diagnostics) -> RoundRule {
    let Some(decl) = file.rounds.first() else {
        return RoundRule::default_rule();
    };
    let mut clauses: Vec<(When, Action)> = Vec::new();
    let mut seen: Vec<(When, Span)> = Vec::new();
    for c in &decl.clauses {
        let when = match c.condition {
            RoundCondition::ExactlyThrows(k) if k < 1 || k as usize > throws => {
                diags.push(msg::round_count(c.span, k, throws));
                continue;
            }
            RoundCondition::ExactlyThrows(k) => When::Exactly(k as usize),
            RoundCondition::Otherwise | RoundCondition::Always => When::Always,
        };
        if let Some((_, earlier)) = seen.iter().find(|(w, _)| *w == When::Always || *w == when) {
            diags.push(msg::round_unreachable(c.span, *earlier));
            continue;
        }
        seen.push((when, c.span));
        let action = match c.action {
            RoundAction::EliminateLosers => Action::EliminateLosers,
            RoundAction::EliminateBeatenUnlessAllBeaten => Action::EliminateBeaten,
            RoundAction::Rethrow => Action::Rethrow,
        };
        clauses.push((when, action));
    }
    RoundRule { clauses }
}
