//! Throw-game items: `throws`, `beats` (listed or generated) and `round`.

use super::ast::*;
use super::parse::{children, first, ident, next, parse_int, parse_string, span, Result};
use super::Rule;
use pest::iterators::Pair;

pub(super) fn parse_throws(pair: Pair<Rule>) -> ThrowsDecl {
    let s = span(&pair);
    let throws = children(pair)
        .map(|t| {
            let mut it = children(t);
            let name = it.next().map(ident).unwrap_or(Ident {
                name: String::new(),
                span: s,
            });
            let display = it.next().map(parse_string);
            ThrowDecl { name, display }
        })
        .collect();
    ThrowsDecl { throws, span: s }
}

pub(super) fn parse_beats(pair: Pair<Rule>) -> Result<BeatsDecl> {
    let s = span(&pair);
    let b = first(pair)?;
    if b.as_rule() == Rule::beats_rule {
        return Ok(BeatsDecl::OddStepsAhead(span(&b)));
    }
    let edges = children(b).map(parse_edge).collect::<Result<_>>()?;
    Ok(BeatsDecl::Edges { edges, span: s })
}

fn parse_edge(pair: Pair<Rule>) -> Result<Edge> {
    let s = span(&pair);
    let mut it = children(pair);
    let winner = ident(next(&mut it, s)?);
    let verb = ident(next(&mut it, s)?);
    let loser = ident(next(&mut it, s)?);
    let score = match it.next() {
        Some(p) => Some((parse_int(&p)?, span(&p))),
        None => None,
    };
    Ok(Edge {
        winner,
        verb,
        loser,
        score,
        span: s,
    })
}

pub(super) fn parse_round(pair: Pair<Rule>) -> Result<RoundDecl> {
    let s = span(&pair);
    let clauses = children(pair)
        .map(|c| {
            let cs = span(&c);
            let inner = first(c)?;
            let (condition, action_pair) = match inner.as_rule() {
                Rule::round_if => {
                    let mut it = children(inner);
                    let n = parse_int(&next(&mut it, cs)?)?;
                    (RoundCondition::ExactlyThrows(n), next(&mut it, cs)?)
                }
                Rule::round_otherwise => (RoundCondition::Otherwise, first(inner)?),
                _ => (RoundCondition::Always, inner),
            };
            let action = match first(action_pair)?.as_rule() {
                Rule::act_eliminate_losers => RoundAction::EliminateLosers,
                Rule::act_eliminate_beaten => RoundAction::EliminateBeatenUnlessAllBeaten,
                _ => RoundAction::Rethrow,
            };
            Ok(RoundClause {
                condition,
                action,
                span: cs,
            })
        })
        .collect::<Result<_>>()?;
    Ok(RoundDecl { clauses, span: s })
}
