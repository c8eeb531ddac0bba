/**
 * @file The .game language of gamec, for tree-sitter (highlighting and editor structure).
 *
 * It follows grammar/game.pest rule for rule; node names are the pest rule's where that reads
 * well. Where the pest grammar backtracks or reads a line as one token (a `beats` line), this
 * grammar is written so that an LR(1) parser reads the same files: a line of `beats` ends at a
 * newline, a `;` or the closing brace, which the external scanner (src/scanner.c) tells.
 * Words that pest does not reserve (`grid`, `x`, `of`, `first`, `symmetry`, `rotations`, the
 * words of `round` ...) are keywords only where the grammar expects them, by tree-sitter's
 * keyword extraction (`word`).
 */

/// <reference types="tree-sitter-cli/dsl" />
// @ts-check

const PREC = {
  range: -1,
  if: 0,
  or: 1,
  and: 2,
  not: 3,
  compare: 4,
  add: 5,
  mul: 6,
  neg: 7,
  index: 8,
};

/**
 * One or more `rule`, separated by commas.
 * @param {RuleOrLiteral} rule
 */
function commaSep1(rule) {
  return seq(rule, repeat(seq(',', rule)));
}

module.exports = grammar({
  name: 'gamec',

  word: $ => $.identifier,

  extras: $ => [/\s/, $.comment],

  externals: $ => [$._edge_end, $._error_sentinel],

  supertypes: $ => [$._expression],

  rules: {
    source_file: $ => $.game,

    game: $ => seq('game', field('name', $.string), '{', repeat($._item), '}'),

    _item: $ => choice(
      $.about,
      $.option,
      $.def,
      $.players,
      $.first_mover,
      $.state,
      $.setup,
      $.chance,
      $.move,
      $.end_rule,
      $.symmetry,
      $.throws,
      $.beats,
      $.ties_allowed,
      $.round,
    ),

    // ------------------------------------------------------------ common

    about: $ => seq('about', $.string),

    option: $ => seq(
      'option',
      field('name', $.identifier),
      optional(seq(':', field('type', choice($.bool_type, $.range)))),
      '=',
      field('value', $._expression),
    ),

    def: $ => seq(
      'def',
      field('name', $.identifier),
      field('parameters', $.def_parameters),
      '=',
      field('body', $._expression),
    ),

    def_parameters: $ => seq('(', optional(commaSep1($.identifier)), ')'),

    players: $ => seq('players', choice($.integer, $.players_range)),

    players_range: $ => choice(
      seq($.integer, '..', optional(seq('=', $.integer))),
      seq($.integer, '..=', $.integer),
    ),

    first_mover: $ => seq('first', 'mover', field('player', $._expression)),

    // ------------------------------------------------------------ sequential games

    state: $ => seq('state', '{', repeat($.var_decl), '}'),

    var_decl: $ => seq(
      field('name', $.identifier),
      ':',
      field('type', $._var_type),
      optional(seq('=', field('value', $._expression))),
      optional(';'),
    ),

    _var_type: $ => choice(
      $.bool_type,
      $.enum_type,
      $.per_player_type,
      $.array_type,
      $.grid_type,
      $.range,
    ),

    _element_type: $ => choice($.bool_type, $.enum_type, $.range),

    bool_type: _ => 'bool',

    enum_type: $ => seq('{', commaSep1($.enum_value), optional(','), '}'),

    enum_value: $ => seq(field('name', $.identifier), optional(field('display', $.string))),

    per_player_type: $ => seq('per', 'player', field('element', $._element_type)),

    array_type: $ => seq(
      '[',
      field('element', $._element_type),
      ';',
      field('length', $._expression),
      ']',
    ),

    grid_type: $ => seq(
      'grid',
      field('width', $._expression),
      'x',
      field('height', $._expression),
      'of',
      field('element', $._element_type),
    ),

    range: $ => prec.left(PREC.range, seq(
      field('start', $._expression),
      field('operator', choice('..=', '..')),
      field('end', $._expression),
    )),

    _domain: $ => choice($.range, $._expression),

    setup: $ => seq(
      'setup',
      optional(seq('by', 'player', field('player', $._expression))),
      field('body', $.block),
    ),

    // `chance if COND { BODY }`: a turn of nobody's. `chance` stays a name elsewhere.
    chance: $ => seq(
      'chance',
      field('guard', $.guard),
      field('body', $.block),
    ),

    // `together NAME(a in A, b in B)`: a simultaneous move.
    move: $ => seq(
      choice('move', 'together'),
      field('name', $.identifier),
      optional(field('parameters', $.parameters)),
      optional(choice(
        seq(field('label', $.label), optional(field('guard', $.guard))),
        seq(field('guard', $.guard), optional(field('label', $.label))),
      )),
      field('body', $.block),
    ),

    parameters: $ => seq('(', optional(commaSep1($.parameter)), ')'),

    // A parameter ranges over a domain or over an enumeration written in place (`how in {slide,
    // jump}`).
    parameter: $ => seq(
      field('name', $.identifier),
      'in',
      field('domain', choice($.enum_type, $._domain)),
    ),

    label: $ => seq('as', $.template),

    // A label's text, with an expression in each pair of braces (`"column {c + 1}"`).
    template: $ => seq(
      '"',
      repeat(choice($._template_text, $.escape_sequence, $.interpolation)),
      token.immediate('"'),
    ),

    _template_text: _ => token.immediate(prec(1, /[^"{\\]+/)),

    escape_sequence: _ => token.immediate(/\\(.|\n)/),

    interpolation: $ => seq(token.immediate('{'), $._expression, '}'),

    guard: $ => seq('if', field('condition', $._expression)),

    block: $ => seq('{', repeat($._statement), '}'),

    _statement: $ => seq(
      choice(
        $.roll_statement,
        $.if_statement,
        $.for_statement,
        $.let_statement,
        $.again_statement,
        $.next_mover_statement,
        $.assignment,
      ),
      optional(';'),
    ),

    let_statement: $ => seq(
      'let',
      field('name', $.identifier),
      '=',
      field('value', $._expression),
    ),

    for_statement: $ => seq(
      'for',
      field('variable', $.identifier),
      'in',
      field('domain', $._domain),
      optional(seq('where', field('condition', $._expression))),
      field('body', $.block),
    ),

    roll_statement: $ => seq(
      'roll',
      field('target', $.lvalue),
      'in',
      field('domain', $._domain),
      // A list of weights, or an expression of the rolled value (`weights 7 - d`).
      optional(seq('weights', field('weights', $._expression))),
    ),

    if_statement: $ => seq(
      'if',
      field('condition', $._expression),
      field('consequence', $.block),
      optional(seq('else', field('alternative', choice($.if_statement, $.block)))),
    ),

    again_statement: _ => 'again',

    // `next mover = EXPR`: who moves next. `next` stays a name elsewhere (`next += n`), so it is
    // read as a name here too (a keyword token would take it everywhere a statement may begin);
    // `mover` after a name, which no assignment has, tells the statement apart.
    next_mover_statement: $ => seq(
      alias($.identifier, 'next'),
      'mover',
      '=',
      field('player', $._expression),
    ),

    assignment: $ => seq(
      field('target', $.lvalue),
      field('operator', choice('=', '+=', '-=', '*=')),
      field('value', $._expression),
    ),

    lvalue: $ => seq(
      field('name', $.identifier),
      optional(seq(
        '[',
        field('index', $._expression),
        optional(seq(',', field('index', $._expression))),
        ']',
      )),
    ),

    end_rule: $ => seq(
      'end',
      'if',
      field('condition', choice($.no_moves, $._expression)),
      ':',
      field('outcome', $._outcome),
      optional(';'),
    ),

    no_moves: _ => seq('no', 'moves'),

    _outcome: $ => choice(
      $.conditional_outcome,
      $.last_mover_outcome,
      $.mover_outcome,
      $.player_outcome,
      $.winner_each,
      $.score_each,
      $.tie,
    ),

    conditional_outcome: $ => seq(
      'if',
      field('condition', $._expression),
      'then',
      field('consequence', $._outcome),
      'else',
      field('alternative', $._outcome),
    ),

    last_mover_outcome: $ => seq('last', 'mover', field('result', $._result)),

    mover_outcome: $ => seq('mover', field('result', $._result)),

    player_outcome: $ => seq('player', field('player', $._expression), field('result', $._result)),

    winner_each: $ => seq(
      'winner',
      'is',
      'each',
      field('variable', $.identifier),
      'where',
      field('condition', $._expression),
    ),

    // `score each p = EXPR`: `score` is a keyword only here, so it still names variables.
    score_each: $ => seq(
      'score',
      'each',
      field('variable', $.identifier),
      '=',
      field('score', $._expression),
    ),

    tie: _ => 'tie',

    _result: _ => choice('wins', 'loses'),

    symmetry: $ => seq(
      'symmetry',
      field('variable', $.identifier),
      ':',
      commaSep1($.symmetry_kind),
    ),

    symmetry_kind: $ => choice(
      'rotations',
      'reflections',
      'mirror',
      'flip',
      seq('any', 'order'),
      seq('permutation', '[', optional(seq(commaSep1($.integer), optional(','))), ']'),
      // `swap x o`: two values exchanged, together with the players.
      seq('swap', $._swap_value, $._swap_value),
    ),

    _swap_value: $ => choice($.identifier, $.integer, $.boolean),

    // ------------------------------------------------------------ expressions

    _expression: $ => choice(
      $.binary_expression,
      $.unary_expression,
      $.index_expression,
      $.if_expression,
      $.integer,
      $.boolean,
      $.last_call,
      $.last_mover,
      $.mover,
      $.opponent,
      $.player_count,
      $.call,
      $.list,
      $.identifier,
      $.parenthesized_expression,
    ),

    binary_expression: $ => choice(
      ...[
        ['or', PREC.or],
        ['and', PREC.and],
        ['==', PREC.compare],
        ['!=', PREC.compare],
        ['<', PREC.compare],
        ['<=', PREC.compare],
        ['>', PREC.compare],
        ['>=', PREC.compare],
        ['+', PREC.add],
        ['-', PREC.add],
        ['*', PREC.mul],
        ['/', PREC.mul],
        ['%', PREC.mul],
      ].map(([operator, precedence]) => prec.left(/** @type {number} */ (precedence), seq(
        field('left', $._expression),
        field('operator', /** @type {string} */ (operator)),
        field('right', $._expression),
      ))),
    ),

    unary_expression: $ => choice(
      prec(PREC.not, seq(field('operator', 'not'), field('operand', $._expression))),
      prec(PREC.neg, seq(field('operator', '-'), field('operand', $._expression))),
    ),

    index_expression: $ => prec(PREC.index, seq(
      field('object', $._expression),
      '[',
      field('index', $._expression),
      optional(seq(',', field('index', $._expression))),
      ']',
    )),

    // `if C then A else B`: the else branch reaches as far as an expression can.
    if_expression: $ => prec.right(PREC.if, seq(
      'if',
      field('condition', $._expression),
      'then',
      field('consequence', $._expression),
      'else',
      field('alternative', $._expression),
    )),

    parenthesized_expression: $ => seq('(', $._expression, ')'),

    last_call: $ => seq('last', '(', $.comprehension, ')'),

    call: $ => seq(
      field('function', $.identifier),
      '(',
      optional(choice($.comprehension, commaSep1(field('argument', $._expression)))),
      ')',
    ),

    comprehension: $ => seq(
      field('variable', $.identifier),
      'in',
      field('domain', $._domain),
      'where',
      field('condition', $._expression),
    ),

    list: $ => seq('[', optional(commaSep1($._expression)), optional(','), ']'),

    boolean: _ => choice('true', 'false'),

    last_mover: _ => seq('last', 'mover'),

    mover: _ => 'mover',

    opponent: _ => 'opponent',

    player_count: _ => 'players',

    // ------------------------------------------------------------ throw games

    throws: $ => seq('throws', commaSep1($.throw)),

    throw: $ => seq(field('name', $._name), optional(field('display', $.string))),

    beats: $ => seq('beats', choice($.beats_block, $.beats_rule)),

    beats_block: $ => seq('{', repeat(seq($.edge, optional(';'))), '}'),

    beats_rule: _ => seq('odd-steps', 'ahead'),

    // One line of `beats`: WINNER VERB LOSER in the checker's reading, any number of words here
    // (a wrong count is the checker's problem, on that line), then an optional score.
    edge: $ => seq(
      repeat1($._edge_word),
      optional(seq('scores', field('score', $.score))),
      $._edge_end,
    ),

    _edge_word: $ => choice($._name, '>', alias('scores', $.identifier)),

    score: $ => seq($.number, optional(seq('/', $.number))),

    ties_allowed: _ => seq('ties', 'allowed'),

    round: $ => seq('round', '{', repeat1(seq($._round_clause, optional(';'))), '}'),

    _round_clause: $ => choice($.round_if, $.round_otherwise, $._round_action),

    round_if: $ => seq(
      'if',
      'exactly',
      field('count', $.integer),
      'throws',
      ':',
      field('action', $._round_action),
    ),

    round_otherwise: $ => seq('otherwise', ':', field('action', $._round_action)),

    _round_action: $ => choice($.eliminate_beaten, $.eliminate_losers, $.rethrow),

    eliminate_losers: _ => seq('eliminate', 'losers'),

    eliminate_beaten: _ => seq('eliminate', 'beaten', 'unless', 'all', 'beaten'),

    rethrow: _ => 'rethrow',

    // ------------------------------------------------------------ tokens

    // A throw's name or a word of `beats` may be any word, keywords and hyphens included.
    _name: $ => choice($.identifier, alias($._hyphenated, $.identifier)),

    _hyphenated: _ => /[A-Za-z_][A-Za-z0-9_]*-[A-Za-z0-9_-]*/,

    identifier: _ => /[A-Za-z_][A-Za-z0-9_]*/,

    integer: _ => /[0-9]+/,

    number: _ => /[0-9]+(\.[0-9]+)?/,

    string: _ => token(seq('"', repeat(choice(/[^"\\]/, /\\(.|\n)/)), '"')),

    comment: _ => token(choice(
      seq('//', /[^\n]*/),
      seq('/*', /[^*]*\*+([^/*][^*]*\*+)*/, '/'),
    )),
  },
});
