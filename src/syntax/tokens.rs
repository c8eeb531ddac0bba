//! Names a person recognises for the grammar's tokens, so syntax errors say "expected `{`".

use super::Rule;

/// How a grammar rule is spoken of in an error message, or `None` for rules never worth naming.
pub fn describe(rule: Rule) -> Option<&'static str> {
    use Rule::*;
    Some(match rule {
        EOI => "end of file",
        game | kw_game => "`game`",
        string | string_inner => "a quoted string",
        lbrace => "`{`",
        rbrace => "`}`",
        lparen => "`(`",
        rparen => "`)`",
        lbracket => "`[`",
        rbracket => "`]`",
        comma => "`,`",
        colon => "`:`",
        semi => "`;`",
        assign_eq | eq_sign => "`=`",
        dotdot => "`..`",
        range_op => "`..=`",
        range => "a range like `0..=10`",
        assign_op => "`=`, `+=`, `-=` or `*=`",
        expr | primary | paren | call | list_lit | bool_lit | mover | opponent | last_mover
        | players_kw => "an expression",
        int => "a number",
        number | score => "a number (like `2`, `0.25` or `1/4`)",
        slash => "`/`",
        ident | lvalue => "a name",
        name => "a throw name",
        edge_word => "a throw name or a verb",
        index => "`[`",
        op_or | op_and | op_eq | op_ne | op_le | op_ge | op_lt | op_gt | op_add | op_sub
        | op_mul | op_div | op_rem => "an operator",
        op_neg | op_not => "an expression",
        bool_type | kw_bool => "`bool`",
        enum_type => "an enumeration like `{empty, x, o}`",
        enum_value => "a value name",
        per_player | kw_per => "`per player`",
        array_type => "an array type like `[0..=7; 3]`",
        grid_type | grid_word => "a grid type like `grid 3 x 3 of {empty, x, o}`",
        grid_x => "`x` (as in `grid 3 x 3`)",
        grid_of => "`of`",
        kw_about | about => "`about`",
        kw_option | option => "`option`",
        kw_players | players => "`players`",
        first_mover | first_word => "`first mover`",
        kw_player => "`player`",
        kw_state | state => "`state`",
        kw_setup | setup => "`setup`",
        chance_decl | chance_word => "`chance`",
        kw_by => "`by`",
        kw_move | move_decl => "`move`",
        kw_together => "`together`",
        kw_as | move_label => "`as`",
        kw_if | guard | if_stmt => "`if`",
        kw_else => "`else`",
        kw_then => "`then`",
        kw_def | def_decl => "`def`",
        def_params => "`(`",
        if_expr | last_call => "an expression",
        o_if => "an outcome (`last mover wins`, `mover loses`, `player 1 wins`, `tie`, ...)",
        kw_in => "`in`",
        kw_roll | roll_stmt => "`roll`",
        kw_weights => "`weights`",
        kw_again | again_stmt => "`again`",
        kw_let | let_stmt => "`let`",
        kw_for | for_stmt => "`for`",
        assign_stmt => "a statement",
        block => "`{`",
        params => "`(`",
        kw_end | end_rule => "`end`",
        kw_no | no_moves => "`no moves`",
        kw_moves => "`moves`",
        kw_last | o_last_mover => "`last mover wins` or `last mover loses`",
        kw_mover | o_mover => "`mover wins` or `mover loses`",
        kw_opponent => "`opponent`",
        kw_winner | o_each => "`winner is each ...`",
        o_player => "`player N wins`",
        outcome => "an outcome (`last mover wins`, `mover loses`, `player 1 wins`, `tie`, ...)",
        kw_is => "`is`",
        kw_each => "`each`",
        kw_where => "`where`",
        kw_wins | kw_loses | win_lose => "`wins` or `loses`",
        kw_tie | o_tie => "`tie`",
        kw_score | o_score => "`score each p = ...`",
        kw_true | kw_false => "`true` or `false`",
        kw_throws | throws => "`throws`",
        throw_decl => "a throw name",
        kw_beats | beats => "`beats`",
        beats_block => "`{`",
        beats_rule | kw_odd_steps => "`odd-steps ahead`",
        kw_ahead => "`ahead`",
        edge => "a line like `rock crushes scissors`",
        kw_scores => "`scores`",
        kw_ties | ties_allowed => "`ties allowed`",
        kw_allowed => "`allowed`",
        kw_round | round => "`round`",
        round_clause | round_if | round_otherwise => "a round rule (`if exactly 2 throws: ...`)",
        kw_exactly => "`exactly`",
        kw_otherwise => "`otherwise`",
        round_action | act_eliminate_losers | act_eliminate_beaten | act_rethrow | kw_eliminate => {
            "`eliminate losers`, `eliminate beaten unless all beaten` or `rethrow`"
        }
        kw_losers => "`losers`",
        kw_beaten => "`beaten`",
        kw_unless => "`unless`",
        kw_all => "`all`",
        kw_rethrow => "`rethrow`",
        option_type => "`:`",
        players_range => "a number",
        var_decl => "a variable declaration like `pile: 0..=10 = 0`",
        param => "a parameter like `n in 1..=3`",
        domain => "a range like `1..=3`",
        comprehension => "an expression",
        kw_symmetry | symmetry => "`symmetry`",
        symmetry_kind | sym_rotations | sym_reflections | sym_mirror | sym_flip | sym_any_order => {
            "a symmetry (`rotations`, `reflections`, `mirror`, `flip` or `any order`)"
        }
        _ => return None,
    })
}

/// Rules that start a top-level declaration; a long list of them is summarised.
pub fn is_item_start(rule: Rule) -> bool {
    use Rule::*;
    matches!(
        rule,
        kw_about
            | kw_option
            | kw_def
            | kw_players
            | first_word
            | kw_state
            | kw_setup
            | chance_word
            | kw_move
            | kw_together
            | kw_end
            | kw_symmetry
            | kw_throws
            | kw_beats
            | kw_ties
            | kw_round
    )
}
