; Highlights for gamec's .game language.
;
; Every pattern captures nodes that no other pattern captures, so the result is the same in
; editors that let the first matching pattern win (tree-sitter highlight, Helix) and in those
; that let the last one win (Neovim). Identifiers are captured by where they stand: declared
; names by their declaration, references by the expression around them.

; ------------------------------------------------------------------ comments, literals

(comment) @comment

(string) @string

(template) @string

(escape_sequence) @string.escape

(integer) @number

(number) @number

(boolean) @boolean

; ------------------------------------------------------------------ keywords

[
  "game"
  "about"
  "option"
  "def"
  "players"
  "first"
  "state"
  "per"
  "player"
  "grid"
  "x"
  "of"
  "setup"
  "by"
  "chance"
  "move"
  "together"
  "as"
  "if"
  "then"
  "else"
  "in"
  "where"
  "let"
  "for"
  "roll"
  "weights"
  "end"
  "no"
  "moves"
  "winner"
  "is"
  "each"
  "score"
  "wins"
  "loses"
  "symmetry"
  "rotations"
  "reflections"
  "mirror"
  "flip"
  "any"
  "order"
  "permutation"
  "swap"
  "throws"
  "beats"
  "scores"
  "odd-steps"
  "ahead"
  "ties"
  "allowed"
  "round"
  "exactly"
  "otherwise"
  "eliminate"
  "losers"
  "beaten"
  "unless"
  "all"
] @keyword

(again_statement) @keyword

(tie) @keyword

(rethrow) @keyword

; `mover` and `last` are keywords in outcomes and `first mover`, players in expressions.
(first_mover
  "mover" @keyword)

(next_mover_statement
  [
    "next"
    "mover"
  ] @keyword)

(last_mover_outcome
  [
    "last"
    "mover"
  ] @keyword)

(mover_outcome
  "mover" @keyword)

[
  "and"
  "or"
  "not"
] @keyword.operator

(bool_type) @type.builtin

; ------------------------------------------------------------------ players as values

(mover) @variable.builtin

(opponent) @variable.builtin

(player_count) @variable.builtin

(last_mover) @variable.builtin

; ------------------------------------------------------------------ functions

(move
  name: (identifier) @function)

(def
  name: (identifier) @function)

((call
  function: (identifier) @function.builtin)
  (#any-of? @function.builtin
    "sum" "min" "max" "len" "abs" "count" "any" "all" "first" "last" "indices" "rows" "cols"
    "lines" "cells" "neighbours" "orthogonal" "square"))

((call
  function: (identifier) @function)
  (#not-any-of? @function
    "sum" "min" "max" "len" "abs" "count" "any" "all" "first" "last" "indices" "rows" "cols"
    "lines" "cells" "neighbours" "orthogonal" "square"))

(last_call
  "last" @function.builtin)

; ------------------------------------------------------------------ declared names

(option
  name: (identifier) @constant)

(var_decl
  name: (identifier) @variable)

(enum_value
  name: (identifier) @constant)

(def_parameters
  (identifier) @variable.parameter)

(parameter
  name: (identifier) @variable.parameter)

(let_statement
  name: (identifier) @variable)

(for_statement
  variable: (identifier) @variable)

(comprehension
  variable: (identifier) @variable)

(winner_each
  variable: (identifier) @variable)

(score_each
  variable: (identifier) @variable)

(score_each
  score: (identifier) @variable)

(symmetry
  variable: (identifier) @variable)

(lvalue
  name: (identifier) @variable)

(throw
  name: (identifier) @constant)

; A line of `beats`: WINNER VERB LOSER (the verb as a word operator), or WINNER > LOSER.
(edge
  .
  (identifier) @constant
  .
  (identifier) @keyword.operator
  .
  (identifier) @constant
  .)

(edge
  .
  (identifier) @constant
  .
  (identifier) @keyword.operator
  .
  (identifier) @constant
  .
  (score))

(edge
  .
  (identifier) @constant
  .
  ">"
  .
  (identifier) @constant)

; ------------------------------------------------------------------ references in expressions

(binary_expression
  [
    left: (identifier)
    right: (identifier)
  ] @variable)

(unary_expression
  operand: (identifier) @variable)

(index_expression
  [
    object: (identifier)
    index: (identifier)
  ] @variable)

(if_expression
  [
    condition: (identifier)
    consequence: (identifier)
    alternative: (identifier)
  ] @variable)

(parenthesized_expression
  (identifier) @variable)

(list
  (identifier) @variable)

(call
  argument: (identifier) @variable)

(interpolation
  (identifier) @variable)

(range
  [
    start: (identifier)
    end: (identifier)
  ] @variable)

(option
  value: (identifier) @variable)

(var_decl
  value: (identifier) @variable)

(def
  body: (identifier) @variable)

(first_mover
  player: (identifier) @variable)

(array_type
  length: (identifier) @variable)

(grid_type
  [
    width: (identifier)
    height: (identifier)
  ] @variable)

(setup
  player: (identifier) @variable)

(guard
  condition: (identifier) @variable)

(let_statement
  value: (identifier) @variable)

(for_statement
  [
    domain: (identifier)
    condition: (identifier)
  ] @variable)

(roll_statement
  domain: (identifier) @variable)

(if_statement
  condition: (identifier) @variable)

(assignment
  value: (identifier) @variable)

(lvalue
  index: (identifier) @variable)

(parameter
  domain: (identifier) @variable)

(comprehension
  [
    domain: (identifier)
    condition: (identifier)
  ] @variable)

(end_rule
  condition: (identifier) @variable)

(conditional_outcome
  condition: (identifier) @variable)

(player_outcome
  player: (identifier) @variable)

(winner_each
  condition: (identifier) @variable)

; ------------------------------------------------------------------ operators, punctuation

[
  "+"
  "-"
  "*"
  "/"
  "%"
  "=="
  "!="
  "<"
  "<="
  ">"
  ">="
  "="
  "+="
  "-="
  "*="
  ".."
  "..="
] @operator

[
  "("
  ")"
  "["
  "]"
  "{"
  "}"
] @punctuation.bracket

[
  ","
  ":"
  ";"
] @punctuation.delimiter
