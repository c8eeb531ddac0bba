//! The language's own words: keywords, built-in functions and the kinds of a `symmetry` line,
//! each with the one line that hover shows and completion offers.

/// `score` before `each`: a keyword only there (elsewhere it may name a variable, so it is not in
/// `KEYWORDS`, which the scanner skips).
pub const SCORE_EACH: (&str, &str) = (
    "score",
    "`score each p = EXPR`: the game ends and each player p scores EXPR; the value of a position \
     is then the margin, the mover's score less the other's",
);

/// `next` before `mover`: a keyword only there (elsewhere it may name a variable).
pub const NEXT_MOVER: (&str, &str) = (
    "next",
    "`next mover = EXPR`: that player moves next (1 to the number of players); with two \
     players, naming the mover keeps the turn as `again` does",
);

/// Keywords (and the words of fixed phrases) with what they mean.
pub const KEYWORDS: &[(&str, &str)] = &[
    ("game", "`game \"NAME\" { ... }`: the whole file, one game"),
    ("about", "`about \"...\"`: help text shown by `play`"),
    (
        "option",
        "`option NAME: TYPE = DEFAULT`: a variant knob, set with `--set NAME=VALUE`",
    ),
    (
        "players",
        "`players N`: how many players; in an expression, the number of players",
    ),
    (
        "player",
        "`player EXPR wins` / `loses`, `per player`, `setup by player K`",
    ),
    (
        "first",
        "`first mover EXPR`: who moves first; `first(v in D where C)`: the lowest such value",
    ),
    (
        "state",
        "`state { NAME: TYPE = START ... }`: the variables of a position",
    ),
    ("bool", "the type of conditions: `true` or `false`"),
    (
        "per",
        "`per player TYPE`: one value per player, indexed by player number",
    ),
    (
        "grid",
        "`grid W x H of TYPE`: W columns and H rows, read `board[row, col]`",
    ),
    (
        "setup",
        "`setup { ... }`: chance before the first move (`roll`)",
    ),
    ("by", "`setup by player K`: the setup is player K's move"),
    (
        "chance",
        "`chance if COND { BODY }`: a turn of nobody's; where no end rule holds and COND does, the body runs (its rolls give the outcomes) and the same player is still to move",
    ),
    (
        "roll",
        "`roll VAR in DOMAIN`: chance; in `setup`, one starting position per value; in a move's body, one outcome per value (a roll during play)",
    ),
    (
        "weights",
        "`roll ... weights [...]` or `weights 7 - d`: the outcomes' weights, listed or worked out from the rolled value",
    ),
    (
        "move",
        "`move NAME(PARAM in DOMAIN, ...) if GUARD { BODY }`: a family of moves",
    ),
    (
        "together",
        "`together NAME(a in A, b in B) if GUARD { BODY }`: a simultaneous move; the player to move chooses `a` and the other player `b`, each without seeing the other's, then the body runs with both",
    ),
    (
        "as",
        "`as \"...\"`: a move's label template, `{EXPR}` replaced by its value",
    ),
    (
        "if",
        "`if COND`: a guard, a statement, an end rule or `if C then A else B`",
    ),
    ("then", "`if C then A else B`"),
    ("else", "the other branch of an `if`"),
    (
        "in",
        "`NAME in DOMAIN`: a parameter, loop or bound variable and what it ranges over",
    ),
    ("where", "`v in D where COND`: only the values meeting COND"),
    (
        "let",
        "`let v = e`: names a value for the rest of the block",
    ),
    (
        "for",
        "`for v in DOMAIN { ... }`: the block once for each value, lowest first",
    ),
    ("again", "`again`: the mover keeps the turn"),
    ("def", "`def NAME(PARAMS) = EXPR`: a named expression"),
    ("end", "`end if COND: OUTCOME`: a rule that ends the game"),
    (
        "no",
        "`end if no moves: OUTCOME`: when the player to move has no legal move",
    ),
    ("moves", "`end if no moves: OUTCOME`"),
    (
        "last",
        "`last mover`: who moved last; `last(v in D where C)`: the highest such value",
    ),
    ("mover", "the player to move now"),
    ("opponent", "the player not to move"),
    ("wins", "an outcome: the player named wins"),
    ("loses", "an outcome: the player named loses"),
    ("tie", "an outcome: the game ends level"),
    (
        "winner",
        "`winner is each p where COND`: the one player meeting COND wins",
    ),
    ("is", "`winner is each p where COND`"),
    ("each", "`winner is each p where COND`, `score each p = EXPR`"),
    ("and", "logical and (short-circuit)"),
    ("or", "logical or (short-circuit)"),
    ("not", "logical not"),
    ("true", "the condition that holds"),
    ("false", "the condition that does not hold"),
    (
        "symmetry",
        "`symmetry VAR: KIND, ...`: positions the rules treat alike",
    ),
    (
        "throws",
        "`throws a, b \"Display\", c`: a throw game's throws",
    ),
    (
        "beats",
        "`beats { WINNER VERB LOSER ... }` or `beats odd-steps ahead`",
    ),
    (
        "round",
        "`round { ... }`: the round rule of a game for more than 2 players",
    ),
];

/// Built-in functions with what they do.
pub const BUILTINS: &[(&str, &str)] = &[
    ("sum", "`sum(a)`: the sum of an array or list"),
    (
        "min",
        "`min(a)` over an array or list, `min(x, y, ...)` over numbers",
    ),
    (
        "max",
        "`max(a)` over an array or list, `max(x, y, ...)` over numbers",
    ),
    ("len", "`len(a)`: the length of an array, list or run"),
    ("abs", "`abs(x)`: the absolute value"),
    (
        "count",
        "`count(v in D where C)`: how many values of D meet C",
    ),
    (
        "any",
        "`any(v in D where C)`: whether some value of D meets C",
    ),
    (
        "all",
        "`all(v in D where C)`: whether every value of D meets C",
    ),
    ("indices", "`indices(a)`: 0 to the array's length - 1"),
    ("rows", "`rows(board)`: the row numbers of a grid"),
    ("cols", "`cols(board)`: the column numbers of a grid"),
    (
        "lines",
        "`lines(board, k)`: the runs of k cells in a straight line",
    ),
    ("cells", "`cells(board)`: every cell of a grid, row by row"),
    (
        "neighbours",
        "`neighbours(board, r, c)`: the up to 8 cells around (r, c)",
    ),
    (
        "orthogonal",
        "`orthogonal(board, r, c)`: the up to 4 cells sharing a side with (r, c)",
    ),
    (
        "square",
        "`{square(r, c)}` in a label: the square's name, like `b2`",
    ),
];

/// The kinds a `symmetry VAR:` line lists (docs/language.md, `symmetry`), with what each
/// rearranges.
pub const SYMMETRY_KINDS: &[(&str, &str)] = &[
    (
        "rotations",
        "`rotations`: a square grid's quarter turns; an array read as a ring, every element moved on by the same number of places",
    ),
    (
        "reflections",
        "`reflections`: every reflection a grid has: left-right, top-bottom and, on a square, the two diagonals",
    ),
    (
        "mirror",
        "`mirror`: left to right: a grid's columns, or an array's elements, in reverse order",
    ),
    ("flip", "`flip`: top to bottom: a grid's rows in reverse order"),
    ("any order", "`any order`: an array's elements in any order"),
    (
        "permutation",
        "`permutation [p0, p1, ...]`: element (or cell, numbered row by row) k goes to place pk",
    ),
    (
        "swap",
        "`swap A B`: the values A and B exchanged wherever the variable holds them, together with the players (whose turn it is, who moved last, each `per player` variable's two values): a colour swap",
    ),
];

/// The description of the symmetry kind `word` is written with (`any` and `order` both name
/// `any order`).
pub fn describe_kind(word: &str) -> Option<&'static str> {
    SYMMETRY_KINDS
        .iter()
        .find(|(k, _)| k.split(' ').any(|w| w == word))
        .map(|(_, d)| *d)
}

/// The description of a keyword or built-in.
pub fn describe(word: &str) -> Option<&'static str> {
    KEYWORDS
        .iter()
        .chain(BUILTINS)
        .find(|(w, _)| *w == word)
        .map(|(_, d)| *d)
}
