//! pest pairs → AST, one function per grammar rule: the file, declarations and statements.
//! Expressions are in `expr`, throw-game items in `throws`, syntax errors in `errors`.

use super::ast::*;
use super::{GameParser, Rule};
use crate::diag::{catalog, Diag};
use pest::iterators::Pair;
use pest::Parser;

pub(super) type Result<T> = std::result::Result<T, Diag>;

pub(super) use super::spans::{clear_token_ends, set_token_ends, span};

use super::ends::parse_end;
use super::expr::parse_expr;
use super::stmts::parse_block;
use super::throws::{parse_beats, parse_round, parse_throws};

/// Parses a whole file into its AST, or the one syntax error that stopped parsing.
pub fn parse(source: &str) -> Result<GameFile> {
    super::limits::check_size(source)?;
    super::limits::check_brackets(source)?;
    let mut pairs = GameParser::parse(Rule::file, source)
        .map_err(|e| super::errors::syntax_error(source, e))?;
    set_token_ends(&pairs);
    let file = pairs.next().ok_or_else(catalog::syntax_empty)?;
    let game = children(file)
        .find(|p| p.as_rule() == Rule::game)
        .ok_or_else(catalog::syntax_empty)?;
    let r = parse_game(game);
    clear_token_ends();
    r
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
            | slash
            | EOI
    ) || format!("{rule:?}").starts_with("kw_")
}

pub(super) fn children(pair: Pair<Rule>) -> impl Iterator<Item = Pair<Rule>> {
    pair.into_inner().filter(|p| !is_token(p.as_rule()))
}

pub(super) fn ident(pair: Pair<Rule>) -> Ident {
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
            Rule::def_decl => g.defs.push(parse_def(item)?),
            Rule::players => g.players.push(parse_players(item)?),
            Rule::first_mover => {
                let span = span(&item);
                let who = children(item).find(|p| p.as_rule() == Rule::expr);
                let who = who.ok_or_else(|| catalog::syntax_internal(span))?;
                let player = parse_expr(who)?;
                g.first_movers.push(FirstMover { player, span });
            }
            Rule::state => g.state.push(parse_state(item)?),
            Rule::setup => g.setups.push(parse_setup(item)?),
            Rule::move_decl => g.moves.push(parse_move(item)?),
            Rule::chance_decl => g.moves.push(parse_chance(item)?),
            Rule::end_rule => g.ends.push(parse_end(item)?),
            Rule::symmetry => g.symmetries.push(parse_symmetry(item)?),
            Rule::throws => g.throws.push(parse_throws(item)),
            Rule::beats => g.beats.push(parse_beats(item)?),
            Rule::ties_allowed => g.ties_allowed.push(span(&item)),
            Rule::round => g.rounds.push(parse_round(item)?),
            _ => {}
        }
    }
    Ok(g)
}

fn parse_symmetry(pair: Pair<Rule>) -> Result<SymmetryDecl> {
    let s = span(&pair);
    let mut it = children(pair).filter(|p| p.as_rule() != Rule::kw_symmetry);
    let var = ident(next(&mut it, s)?);
    let (mut kinds, mut perms, mut swaps) = (Vec::new(), Vec::new(), Vec::new());
    for p in it.filter(|p| p.as_rule() == Rule::symmetry_kind) {
        let k = first(p)?;
        let kind = match k.as_rule() {
            Rule::sym_rotations => SymmetryKind::Rotations,
            Rule::sym_reflections => SymmetryKind::Reflections,
            Rule::sym_mirror => SymmetryKind::Mirror,
            Rule::sym_flip => SymmetryKind::Flip,
            Rule::sym_permutation => {
                // A number too large for 64 bits is no place of any variable: u64::MAX stands
                // for it, and the checker refuses it as out of place.
                let places = k
                    .clone()
                    .into_inner()
                    .filter(|p| p.as_rule() == Rule::int)
                    .map(|p| p.as_str().parse::<u64>().unwrap_or(u64::MAX))
                    .collect();
                perms.push(places);
                SymmetryKind::Permutation(perms.len() as u32 - 1)
            }
            Rule::sym_swap => {
                let mut values = k
                    .clone()
                    .into_inner()
                    .filter(|p| p.as_rule() == Rule::sym_value)
                    .map(|p| (p.as_str().to_string(), span(&p)));
                let (Some(a), Some(b)) = (values.next(), values.next()) else {
                    continue;
                };
                swaps.push([a, b]);
                SymmetryKind::Swap(swaps.len() as u32 - 1)
            }
            _ => SymmetryKind::AnyOrder,
        };
        kinds.push((kind, span(&k)));
    }
    Ok(SymmetryDecl {
        var,
        kinds,
        perms,
        swaps,
        span: s,
    })
}

pub(super) fn first(pair: Pair<Rule>) -> Result<Pair<Rule>> {
    let s = span(&pair);
    children(pair)
        .next()
        .ok_or_else(|| catalog::syntax_internal(s))
}

pub(super) fn parse_string(pair: Pair<Rule>) -> StrLit {
    // A string is atomic: its span runs to the closing quote (`span` would stop before it).
    let s = Span::new(pair.as_span().start(), pair.as_span().end());
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

pub(super) fn parse_int(pair: &Pair<Rule>) -> Result<i64> {
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

pub(super) fn next<'a>(
    it: &mut impl Iterator<Item = Pair<'a, Rule>>,
    s: Span,
) -> Result<Pair<'a, Rule>> {
    it.next().ok_or_else(|| catalog::syntax_internal(s))
}

fn parse_def(pair: Pair<Rule>) -> Result<DefDecl> {
    let s = span(&pair);
    let mut it = children(pair);
    let name = ident(next(&mut it, s)?);
    let params = children(next(&mut it, s)?).map(ident).collect();
    let body = parse_expr(next(&mut it, s)?)?;
    Ok(DefDecl {
        name,
        params,
        body,
        span: s,
    })
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
        Rule::enum_type => {
            let s = span(&pair);
            let values = children(pair)
                .map(|v| {
                    let mut it = children(v);
                    let name = it.next().map(ident);
                    let display = it.next().map(parse_string);
                    name.map(|name| EnumValue { name, display })
                })
                .collect::<Option<Vec<_>>>()
                .ok_or_else(|| catalog::syntax_internal(s))?;
            ElemType::Enum(values, s)
        }
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
        Rule::grid_type => {
            let ts = span(&t);
            let mut gi = children(t)
                .filter(|p| !matches!(p.as_rule(), Rule::grid_word | Rule::grid_x | Rule::grid_of));
            let width = parse_expr(next(&mut gi, ts)?)?;
            let height = parse_expr(next(&mut gi, ts)?)?;
            let elem = parse_elem_type(next(&mut gi, ts)?)?;
            VarType::Grid(elem, width, height, ts)
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

pub(super) fn parse_range(pair: Pair<Rule>) -> Result<Range> {
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

pub(super) fn parse_domain(pair: Pair<Rule>) -> Result<Domain> {
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
    let together = pair
        .clone()
        .into_inner()
        .next()
        .filter(|p| p.as_rule() == Rule::kw_together)
        .map(|p| span(&p));
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
        together,
        chance: None,
        name,
        params,
        label,
        guard,
        body,
        span: s,
    })
}

/// `chance if COND { BODY }`: a move of nobody's named `chance`.
fn parse_chance(pair: Pair<Rule>) -> Result<MoveDecl> {
    let s = span(&pair);
    let (mut word, mut guard, mut body) = (None, None, None);
    for p in children(pair) {
        match p.as_rule() {
            Rule::chance_word => word = Some(ident(p)),
            Rule::guard => guard = Some(parse_expr(first(p)?)?),
            Rule::block => body = Some(parse_block(p)?),
            _ => {}
        }
    }
    let name = word.ok_or_else(|| catalog::syntax_internal(s))?;
    let body = body.ok_or_else(|| catalog::syntax_internal(s))?;
    Ok(MoveDecl {
        together: None,
        chance: Some(name.span),
        name,
        params: Vec::new(),
        label: None,
        guard,
        body,
        span: s,
    })
}

fn parse_param(pair: Pair<Rule>) -> Result<Param> {
    let s = span(&pair);
    let mut it = children(pair);
    let name = ident(next(&mut it, s)?);
    let d = next(&mut it, s)?;
    let domain = match d.as_rule() {
        Rule::enum_type => match parse_elem_type(d)? {
            ElemType::Enum(values, span) => Domain::Enum(values, span),
            _ => return Err(catalog::syntax_internal(s)),
        },
        _ => parse_domain(d)?,
    };
    Ok(Param {
        name,
        domain,
        span: s,
    })
}
