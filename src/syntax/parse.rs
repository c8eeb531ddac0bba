//! pest pairs → AST, one function per grammar rule; syntax errors become `gamec::syntax` diagnostics.

use super::ast::*;
use super::tokens;
use super::{GameParser, Rule};
use crate::diag::{catalog, Diag};
use pest::iterators::Pair;
use pest::pratt_parser::{Assoc, Op, PrattParser};
use pest::Parser;
use std::sync::LazyLock;

type Result<T> = std::result::Result<T, Diag>;

/// Parses a whole file into its AST, or the one syntax error that stopped parsing.
pub fn parse(source: &str) -> Result<GameFile> {
    super::limits::check_brackets(source)?;
    let mut pairs = GameParser::parse(Rule::file, source).map_err(|e| syntax_error(source, e))?;
    let file = pairs.next().ok_or_else(catalog::syntax_empty)?;
    let game = children(file)
        .find(|p| p.as_rule() == Rule::game)
        .ok_or_else(catalog::syntax_empty)?;
    parse_game(game)
}

/// A pair's span, ending at its last token: pest counts whitespace and comments skipped before an
/// optional trailing element as part of the rule, which would make labels overshoot.
fn span(pair: &Pair<Rule>) -> Span {
    Span::new(pair.as_span().start(), tight_end(pair))
}

fn tight_end(pair: &Pair<Rule>) -> usize {
    match pair.clone().into_inner().last() {
        Some(last) => tight_end(&last),
        None => pair.as_span().end(),
    }
}

/// Punctuation and keywords are named rules (for error messages) but carry no meaning in the tree.
fn is_token(rule: Rule) -> bool {
    use Rule::*;
    matches!(
        rule,
        lbrace
            | rbrace
            | lparen
            | rparen
            | lbracket
            | rbracket
            | comma
            | colon
            | semi
            | assign_eq
            | eq_sign
            | dotdot
            | EOI
    ) || format!("{rule:?}").starts_with("kw_")
}

fn children(pair: Pair<Rule>) -> impl Iterator<Item = Pair<Rule>> {
    pair.into_inner().filter(|p| !is_token(p.as_rule()))
}

fn ident(pair: Pair<Rule>) -> Ident {
    Ident {
        name: pair.as_str().to_string(),
        span: span(&pair),
    }
}

fn parse_game(pair: Pair<Rule>) -> Result<GameFile> {
    let mut g = GameFile {
        span: span(&pair),
        ..GameFile::default()
    };
    for item in children(pair) {
        match item.as_rule() {
            Rule::string => g.name = parse_string(item),
            Rule::about => g.about.push(parse_string(first(item)?)),
            Rule::option => g.options.push(parse_option(item)?),
            Rule::players => g.players.push(parse_players(item)?),
            Rule::state => g.state.push(parse_state(item)?),
            Rule::setup => g.setups.push(parse_setup(item)?),
            Rule::move_decl => g.moves.push(parse_move(item)?),
            Rule::end_rule => g.ends.push(parse_end(item)?),
            Rule::throws => g.throws.push(parse_throws(item)),
            Rule::beats => g.beats.push(parse_beats(item)?),
            Rule::ties_allowed => g.ties_allowed.push(span(&item)),
            Rule::round => g.rounds.push(parse_round(item)?),
            _ => {}
        }
    }
    Ok(g)
}

fn first(pair: Pair<Rule>) -> Result<Pair<Rule>> {
    let s = span(&pair);
    children(pair)
        .next()
        .ok_or_else(|| catalog::syntax_internal(s))
}

fn parse_string(pair: Pair<Rule>) -> StrLit {
    let s = span(&pair);
    let raw = pair.as_str();
    let inner = &raw[1..raw.len().saturating_sub(1).max(1)];
    let mut value = String::new();
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some('n') => value.push('\n'),
                Some('t') => value.push('\t'),
                Some(other) => value.push(other),
                None => {}
            },
            // A line break inside a string, with the indentation after it, reads as one space.
            '\n' => {
                while value.ends_with(' ') {
                    value.pop();
                }
                value.push(' ');
                let rest = chars.as_str().trim_start_matches([' ', '\t', '\r']);
                chars = rest.chars();
            }
            c => value.push(c),
        }
    }
    StrLit { value, span: s }
}

fn parse_int(pair: &Pair<Rule>) -> Result<i64> {
    pair.as_str()
        .parse::<i64>()
        .map_err(|_| catalog::number_too_large(span(pair)))
}

fn parse_option(pair: Pair<Rule>) -> Result<OptionDecl> {
    let s = span(&pair);
    let mut it = children(pair);
    let name = ident(next(&mut it, s)?);
    let mut ty = None;
    let mut default = None;
    for p in it {
        match p.as_rule() {
            Rule::option_type => {
                let t = first(p)?;
                ty = Some(match t.as_rule() {
                    Rule::bool_type => OptionType::Bool(span(&t)),
                    _ => OptionType::Range(parse_range(t)?),
                });
            }
            _ => default = Some(parse_expr(p)?),
        }
    }
    let default = default.ok_or_else(|| catalog::syntax_internal(s))?;
    Ok(OptionDecl {
        name,
        ty,
        default,
        span: s,
    })
}

fn next<'a>(it: &mut impl Iterator<Item = Pair<'a, Rule>>, s: Span) -> Result<Pair<'a, Rule>> {
    it.next().ok_or_else(|| catalog::syntax_internal(s))
}

fn parse_players(pair: Pair<Rule>) -> Result<PlayersDecl> {
    let s = span(&pair);
    let p = first(pair)?;
    match p.as_rule() {
        Rule::players_range => {
            let text = p.as_str().to_string();
            let ints: Vec<i64> = children(p).map(|i| parse_int(&i)).collect::<Result<_>>()?;
            let min = ints.first().copied().unwrap_or(2);
            let max = if text.contains("..=") {
                ints.get(1).copied()
            } else {
                None
            };
            Ok(PlayersDecl { min, max, span: s })
        }
        _ => {
            let n = parse_int(&p)?;
            Ok(PlayersDecl {
                min: n,
                max: Some(n),
                span: s,
            })
        }
    }
}

fn parse_state(pair: Pair<Rule>) -> Result<StateBlock> {
    let s = span(&pair);
    let vars = children(pair).map(parse_var).collect::<Result<_>>()?;
    Ok(StateBlock { vars, span: s })
}

fn parse_elem_type(pair: Pair<Rule>) -> Result<ElemType> {
    Ok(match pair.as_rule() {
        Rule::bool_type => ElemType::Bool(span(&pair)),
        _ => ElemType::Int(parse_range(pair)?),
    })
}

fn parse_var(pair: Pair<Rule>) -> Result<VarDecl> {
    let s = span(&pair);
    let mut it = children(pair);
    let name = ident(next(&mut it, s)?);
    let t = next(&mut it, s)?;
    let ty = match t.as_rule() {
        Rule::per_player => {
            let ts = span(&t);
            VarType::PerPlayer(parse_elem_type(first(t)?)?, ts)
        }
        Rule::array_type => {
            let ts = span(&t);
            let mut ai = children(t);
            let elem = parse_elem_type(next(&mut ai, ts)?)?;
            let len = parse_expr(next(&mut ai, ts)?)?;
            VarType::Array(elem, len, ts)
        }
        _ => VarType::Scalar(parse_elem_type(t)?),
    };
    let init = it.next().map(parse_expr).transpose()?;
    Ok(VarDecl {
        name,
        ty,
        init,
        span: s,
    })
}

fn parse_range(pair: Pair<Rule>) -> Result<Range> {
    let s = span(&pair);
    let mut it = children(pair);
    let lo = parse_expr(next(&mut it, s)?)?;
    let op = next(&mut it, s)?;
    let hi = parse_expr(next(&mut it, s)?)?;
    let kind = if op.as_str() == "..=" {
        RangeKind::Inclusive
    } else {
        RangeKind::Exclusive
    };
    Ok(Range {
        lo,
        hi,
        kind,
        span: s,
    })
}

fn parse_domain(pair: Pair<Rule>) -> Result<Domain> {
    let p = first(pair)?;
    Ok(match p.as_rule() {
        Rule::range => Domain::Range(parse_range(p)?),
        _ => Domain::Expr(parse_expr(p)?),
    })
}

fn parse_setup(pair: Pair<Rule>) -> Result<Setup> {
    let s = span(&pair);
    let mut by_player = None;
    let mut body = None;
    for p in children(pair) {
        match p.as_rule() {
            Rule::block => body = Some(parse_block(p)?),
            _ => by_player = Some(parse_expr(p)?),
        }
    }
    let body = body.ok_or_else(|| catalog::syntax_internal(s))?;
    Ok(Setup {
        by_player,
        body,
        span: s,
    })
}

fn parse_move(pair: Pair<Rule>) -> Result<MoveDecl> {
    let s = span(&pair);
    let mut it = children(pair);
    let name = ident(next(&mut it, s)?);
    let (mut params, mut label, mut guard, mut body) = (Vec::new(), None, None, None);
    for p in it {
        match p.as_rule() {
            Rule::params => params = children(p).map(parse_param).collect::<Result<_>>()?,
            Rule::move_label => label = Some(parse_string(first(p)?)),
            Rule::guard => guard = Some(parse_expr(first(p)?)?),
            Rule::block => body = Some(parse_block(p)?),
            _ => {}
        }
    }
    let body = body.ok_or_else(|| catalog::syntax_internal(s))?;
    Ok(MoveDecl {
        name,
        params,
        label,
        guard,
        body,
        span: s,
    })
}

fn parse_param(pair: Pair<Rule>) -> Result<Param> {
    let s = span(&pair);
    let mut it = children(pair);
    let name = ident(next(&mut it, s)?);
    let domain = parse_domain(next(&mut it, s)?)?;
    Ok(Param {
        name,
        domain,
        span: s,
    })
}

fn parse_block(pair: Pair<Rule>) -> Result<Block> {
    let s = span(&pair);
    let stmts = children(pair).map(parse_stmt).collect::<Result<_>>()?;
    Ok(Block { stmts, span: s })
}

fn parse_lvalue(pair: Pair<Rule>) -> Result<LValue> {
    let s = span(&pair);
    let mut it = children(pair);
    let name = ident(next(&mut it, s)?);
    let index = it.next().map(parse_expr).transpose()?;
    Ok(LValue {
        name,
        index,
        span: s,
    })
}

fn parse_stmt(pair: Pair<Rule>) -> Result<Stmt> {
    let s = span(&pair);
    match pair.as_rule() {
        Rule::again_stmt => Ok(Stmt::Again(s)),
        Rule::assign_stmt => {
            let mut it = children(pair);
            let target = parse_lvalue(next(&mut it, s)?)?;
            let op = match next(&mut it, s)?.as_str() {
                "+=" => AssignOp::Add,
                "-=" => AssignOp::Sub,
                "*=" => AssignOp::Mul,
                _ => AssignOp::Set,
            };
            let value = parse_expr(next(&mut it, s)?)?;
            Ok(Stmt::Assign {
                target,
                op,
                value,
                span: s,
            })
        }
        Rule::if_stmt => {
            let mut it = children(pair);
            let cond = parse_expr(next(&mut it, s)?)?;
            let then = parse_block(next(&mut it, s)?)?;
            let otherwise = match it.next() {
                None => None,
                Some(p) if p.as_rule() == Rule::block => Some(parse_block(p)?),
                Some(p) => {
                    let es = span(&p);
                    Some(Block {
                        stmts: vec![parse_stmt(p)?],
                        span: es,
                    })
                }
            };
            Ok(Stmt::If {
                cond,
                then,
                otherwise,
                span: s,
            })
        }
        Rule::roll_stmt => {
            let mut it = children(pair);
            let target = parse_lvalue(next(&mut it, s)?)?;
            let domain = parse_domain(next(&mut it, s)?)?;
            let weights = match it.next() {
                Some(list) => Some(children(list).map(parse_expr).collect::<Result<_>>()?),
                None => None,
            };
            Ok(Stmt::Roll {
                target,
                domain,
                weights,
                span: s,
            })
        }
        _ => Err(catalog::syntax_internal(s)),
    }
}

fn parse_end(pair: Pair<Rule>) -> Result<EndRule> {
    let s = span(&pair);
    let mut it = children(pair);
    let c = next(&mut it, s)?;
    let cond = match c.as_rule() {
        Rule::no_moves => EndCond::NoMoves(span(&c)),
        _ => EndCond::Expr(parse_expr(c)?),
    };
    let outcome = parse_outcome(next(&mut it, s)?)?;
    Ok(EndRule {
        cond,
        outcome,
        span: s,
    })
}

fn wins(pair: &Pair<Rule>) -> bool {
    pair.as_str().starts_with("wins")
}

fn parse_outcome(pair: Pair<Rule>) -> Result<Outcome> {
    let s = span(&pair);
    let o = first(pair)?;
    let os = span(&o);
    let mut it = children(o.clone());
    let kind = match o.as_rule() {
        Rule::o_last_mover => OutcomeKind::LastMover {
            wins: wins(&next(&mut it, os)?),
        },
        Rule::o_mover => OutcomeKind::Mover {
            wins: wins(&next(&mut it, os)?),
        },
        Rule::o_player => {
            let player = parse_expr(next(&mut it, os)?)?;
            OutcomeKind::Player {
                player,
                wins: wins(&next(&mut it, os)?),
            }
        }
        Rule::o_each => {
            let var = ident(next(&mut it, os)?);
            let cond = parse_expr(next(&mut it, os)?)?;
            OutcomeKind::Each { var, cond }
        }
        _ => OutcomeKind::Tie,
    };
    Ok(Outcome { kind, span: s })
}

// ---------------------------------------------------------------- expressions

static PRATT: LazyLock<PrattParser<Rule>> = LazyLock::new(|| {
    PrattParser::new()
        .op(Op::infix(Rule::op_or, Assoc::Left))
        .op(Op::infix(Rule::op_and, Assoc::Left))
        .op(Op::prefix(Rule::op_not))
        .op(Op::infix(Rule::op_eq, Assoc::Left)
            | Op::infix(Rule::op_ne, Assoc::Left)
            | Op::infix(Rule::op_lt, Assoc::Left)
            | Op::infix(Rule::op_le, Assoc::Left)
            | Op::infix(Rule::op_gt, Assoc::Left)
            | Op::infix(Rule::op_ge, Assoc::Left))
        .op(Op::infix(Rule::op_add, Assoc::Left) | Op::infix(Rule::op_sub, Assoc::Left))
        .op(Op::infix(Rule::op_mul, Assoc::Left)
            | Op::infix(Rule::op_div, Assoc::Left)
            | Op::infix(Rule::op_rem, Assoc::Left))
        .op(Op::prefix(Rule::op_neg))
        .op(Op::postfix(Rule::index))
});

pub(super) fn parse_expr(pair: Pair<Rule>) -> Result<Expr> {
    let e = parse_expr_tree(pair)?;
    super::limits::check_expr(&e)?;
    Ok(e)
}

fn parse_expr_tree(pair: Pair<Rule>) -> Result<Expr> {
    PRATT
        .map_primary(parse_primary)
        .map_prefix(|op, rhs| {
            let rhs = rhs?;
            let op_span = span(&op);
            let un = if op.as_rule() == Rule::op_not {
                UnOp::Not
            } else {
                UnOp::Neg
            };
            Ok(Expr {
                span: op_span.join(rhs.span),
                kind: ExprKind::Unary(un, Box::new(rhs)),
            })
        })
        .map_postfix(|lhs, op| {
            let lhs = lhs?;
            let op_span = span(&op);
            let idx = parse_expr(first(op)?)?;
            Ok(Expr {
                span: lhs.span.join(op_span),
                kind: ExprKind::Index(Box::new(lhs), Box::new(idx)),
            })
        })
        .map_infix(|lhs, op, rhs| {
            let (lhs, rhs) = (lhs?, rhs?);
            let bin = match op.as_rule() {
                Rule::op_or => BinOp::Or,
                Rule::op_and => BinOp::And,
                Rule::op_eq => BinOp::Eq,
                Rule::op_ne => BinOp::Ne,
                Rule::op_lt => BinOp::Lt,
                Rule::op_le => BinOp::Le,
                Rule::op_gt => BinOp::Gt,
                Rule::op_ge => BinOp::Ge,
                Rule::op_add => BinOp::Add,
                Rule::op_sub => BinOp::Sub,
                Rule::op_mul => BinOp::Mul,
                Rule::op_div => BinOp::Div,
                _ => BinOp::Rem,
            };
            Ok(Expr {
                span: lhs.span.join(rhs.span),
                kind: ExprKind::Binary(bin, Box::new(lhs), Box::new(rhs)),
            })
        })
        .parse(pair.into_inner())
}

fn parse_primary(pair: Pair<Rule>) -> Result<Expr> {
    let s = span(&pair);
    let kind = match pair.as_rule() {
        Rule::int => ExprKind::Int(parse_int(&pair)?),
        Rule::bool_lit => ExprKind::Bool(pair.as_str().starts_with("true")),
        Rule::last_mover => ExprKind::LastMover,
        Rule::mover => ExprKind::Mover,
        Rule::opponent => ExprKind::Opponent,
        Rule::players_kw => ExprKind::Players,
        Rule::ident => ExprKind::Name(pair.as_str().to_string()),
        Rule::paren => return parse_expr(first(pair)?),
        Rule::list_lit => ExprKind::List(children(pair).map(parse_expr).collect::<Result<_>>()?),
        Rule::call => {
            let mut it = children(pair);
            let func = ident(next(&mut it, s)?);
            match it.next() {
                Some(p) if p.as_rule() == Rule::comprehension => {
                    let cs = span(&p);
                    let mut ci = children(p);
                    let var = ident(next(&mut ci, cs)?);
                    let domain = parse_domain(next(&mut ci, cs)?)?;
                    let cond = parse_expr(next(&mut ci, cs)?)?;
                    ExprKind::Comprehension {
                        func,
                        comp: Comprehension {
                            var,
                            domain: Box::new(domain),
                            cond: Box::new(cond),
                        },
                    }
                }
                Some(p) => {
                    let mut args = vec![parse_expr(p)?];
                    for a in it {
                        args.push(parse_expr(a)?);
                    }
                    ExprKind::Call { func, args }
                }
                None => ExprKind::Call {
                    func,
                    args: Vec::new(),
                },
            }
        }
        _ => return Err(catalog::syntax_internal(s)),
    };
    Ok(Expr { kind, span: s })
}

// ---------------------------------------------------------------- throw games

fn parse_throws(pair: Pair<Rule>) -> ThrowsDecl {
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

fn parse_beats(pair: Pair<Rule>) -> Result<BeatsDecl> {
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

fn parse_round(pair: Pair<Rule>) -> Result<RoundDecl> {
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

// ---------------------------------------------------------------- syntax errors

fn syntax_error(source: &str, err: pest::error::Error<Rule>) -> Diag {
    use pest::error::{ErrorVariant, InputLocation};
    let pos = match err.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((a, _)) => a,
    };
    let positives = match &err.variant {
        ErrorVariant::ParsingError { positives, .. } => positives.clone(),
        ErrorVariant::CustomError { .. } => Vec::new(),
    };
    let mut expected: Vec<&'static str> = Vec::new();
    let mut item_starts = false;
    for r in positives {
        if tokens::is_item_start(r) {
            item_starts = true;
        } else if let Some(d) = tokens::describe(r) {
            if !expected.contains(&d) {
                expected.push(d);
            }
        }
    }
    if item_starts {
        expected.insert(
            0,
            "a declaration (`state`, `move`, `end if`, `option`, `throws`, ...)",
        );
    }
    let found = found_token(source, pos);
    let end = (pos + found.len().max(1)).min(source.len()).max(pos);
    catalog::syntax(Span::new(pos, end), &expected, &found)
}

/// The word or character at `pos`, as the user would see it.
fn found_token(source: &str, pos: usize) -> String {
    let rest = &source[pos.min(source.len())..];
    let word: String = rest
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect();
    if !word.is_empty() {
        return word;
    }
    rest.chars()
        .next()
        .map(|c| c.to_string())
        .unwrap_or_default()
}
