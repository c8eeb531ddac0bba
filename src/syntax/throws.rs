//! Throw-game items: `throws`, `beats` (listed or generated) and `round`.

use super::ast::*;
use super::parse::{children, first, ident, next, parse_int, parse_string, span, Result};
use super::Rule;
use crate::diag::catalog;
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::One;
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
    let mut words = Vec::new();
    let mut score = None;
    for p in children(pair) {
        match p.as_rule() {
            Rule::score => score = Some(parse_score(p)?),
            _ => words.push(ident(p)),
        }
    }
    Ok(Edge {
        words,
        score,
        span: s,
    })
}

/// `2`, `0.25`, `1/4`: each number exact; its digits (without the point) must fit in 64 bits.
fn parse_score(pair: Pair<Rule>) -> Result<Score> {
    let s = span(&pair);
    let mut numbers = children(pair).map(|p| parse_number(&p));
    let numer = next_number(&mut numbers, s)?;
    let denom = match numbers.next() {
        Some(d) => d?,
        None => BigRational::one(),
    };
    Ok(Score {
        numer,
        denom,
        span: s,
    })
}

fn next_number(it: &mut impl Iterator<Item = Result<BigRational>>, s: Span) -> Result<BigRational> {
    it.next()
        .unwrap_or_else(|| Err(catalog::syntax_internal(s)))
}

/// A decimal number exactly: `0.25` is 25/100.
fn parse_number(pair: &Pair<Rule>) -> Result<BigRational> {
    let text = pair.as_str();
    let (whole, frac) = text.split_once('.').unwrap_or((text, ""));
    let digits = format!("{whole}{frac}")
        .parse::<i64>()
        .map_err(|_| catalog::number_too_large(span(pair)))?;
    let scale = BigInt::from(10u32).pow(frac.len() as u32);
    Ok(BigRational::new(BigInt::from(digits), scale))
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
