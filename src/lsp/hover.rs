//! Hover and go to definition: pure functions of a file's text and a byte offset. A name shows
//! its declaration (a variable's type and range or values, an option's default, a move's
//! parameters, a definition's body) and leads to it; a keyword, built-in or symmetry kind shows
//! one line.

use super::diagnostics::without_bom;
use super::index::Index;
use crate::syntax::ast::Span;

/// The index of `text` if it parses, and the bytes before the checker's text (a byte-order
/// mark), which its spans do not count.
pub fn parsed(text: &str) -> Option<(Index, usize)> {
    let (source, shift) = without_bom(text);
    let file = crate::syntax::parse(source).ok()?;
    Some((Index::of(&file, source), shift))
}

fn shifted(s: Span, by: usize) -> Span {
    Span::new(s.start + by, s.end + by)
}

/// What hover shows at byte `offset` of `text` (Markdown), and the span of the word it is for.
pub fn hover(text: &str, offset: usize) -> Option<(Span, String)> {
    if let Some((ix, shift)) = parsed(text) {
        if let Some((span, d)) = ix.at(offset.saturating_sub(shift)) {
            return Some((shifted(span, shift), ix.decls[d].hover.clone()));
        }
    }
    let span = super::scan::word_at(text, offset)?;
    let mut word = text.get(span.start..span.end)?;
    if super::kinds::among_kinds(text, span.end) {
        let kind = super::words::describe_kind(word)?;
        return Some((span, kind.to_string()));
    }
    // `last mover` and `first mover` are phrases: their `mover` is not the player to move.
    let before = text.get(..span.start).unwrap_or("").trim_end();
    if word == "mover" {
        if let Some(w) = ["last", "first"].into_iter().find(|w| before.ends_with(w)) {
            word = w;
        }
    }
    let after = text.get(span.end..).unwrap_or("").trim_start();
    if word == "score" && after.starts_with("each") {
        return Some((span, super::words::SCORE_EACH.1.to_string()));
    }
    if word == "next" && after.starts_with("mover") {
        return Some((span, super::words::NEXT_MOVER.1.to_string()));
    }
    if word == "mover" && before.ends_with("next") {
        return Some((span, super::words::NEXT_MOVER.1.to_string()));
    }
    super::words::describe(word).map(|d| (span, d.to_string()))
}

/// Where the name at byte `offset` of `text` is declared (the declaration's own name).
pub fn definition(text: &str, offset: usize) -> Option<Span> {
    let (ix, shift) = parsed(text)?;
    let (_, d) = ix.at(offset.saturating_sub(shift))?;
    Some(shifted(ix.decls[d].span, shift))
}

#[cfg(test)]
mod tests {
    use super::*;

    const NIM: &str =
        "game \"Nim\" {\n  option piles = [3, 4, 5]\n  option misere: bool = false\n  \
        state { heap: [0..=max(piles); len(piles)] = piles }\n  \
        def empty() = sum(heap) == 0\n  \
        move take(i in indices(heap), n in 1..=heap[i]) as \"take {n} from heap {i}\" {\n    \
        heap[i] -= n\n  }\n  end if empty() and not misere: last mover wins\n  \
        end if empty() and misere: last mover loses\n}\n";

    fn at(text: &str, needle: &str, nth: usize) -> usize {
        text.match_indices(needle).nth(nth).map(|(i, _)| i).unwrap()
    }

    #[test]
    fn hover_shows_declarations() {
        let heap_use = at(NIM, "heap", 3); // in `1..=heap[i]`
        let (span, h) = hover(NIM, heap_use + 1).unwrap();
        assert_eq!(span, Span::new(heap_use, heap_use + 4));
        assert_eq!(
            h,
            "```game\nheap: [0..=max(piles); len(piles)] = piles\n```\nstate variable"
        );
        let (_, h) = hover(NIM, at(NIM, "misere", 1)).unwrap();
        assert_eq!(
            h,
            "```game\noption misere: bool = false\n```\n\
             option: its default, which `--set misere=VALUE` changes"
        );
        let (_, h) = hover(NIM, at(NIM, "take", 0)).unwrap();
        assert_eq!(
            h,
            "```game\nmove take(i in indices(heap), n in 1..=heap[i])\n```\n\
             move; parameters:\n- `i` in `indices(heap)`\n- `n` in `1..=heap[i]`"
        );
        let (_, h) = hover(NIM, at(NIM, "empty()", 1)).unwrap();
        assert_eq!(h, "```game\ndef empty() = sum(heap) == 0\n```\ndefinition");
        let (_, h) = hover(NIM, at(NIM, "n\n", 0)).unwrap();
        assert_eq!(
            h,
            "```game\nn in 1..=heap[i]\n```\nparameter of move `take`"
        );
        let (_, h) = hover(NIM, at(NIM, "sum", 0)).unwrap();
        assert_eq!(h, "`sum(a)`: the sum of an array or list");
        assert_eq!(hover(NIM, at(NIM, "[3", 0)), None);
        let (_, h) = hover(NIM, at(NIM, "mover wins", 0)).unwrap();
        assert_eq!(
            h,
            "`last mover`: who moved last; `last(v in D where C)`: the highest such value"
        );
        let (span, h) = hover(NIM, at(NIM, "not", 0) + 3).unwrap();
        assert_eq!(
            (span, h.as_str()),
            (
                Span::new(at(NIM, "not", 0), at(NIM, "not", 0) + 3),
                "logical not"
            )
        );
    }

    #[test]
    fn words_of_a_parameter_and_an_option_holding_one_show_what_they_are() {
        let t = "game \"T\" {\n  option first = up\n  state { s: {up, down} = first }\n  \
                 move m(how in {slide \"S\", jump}) if how == jump { s = down }\n  \
                 end if s == down: last mover wins\n}\n";
        let (_, h) = hover(t, at(t, "jump", 1)).unwrap();
        assert_eq!(
            h,
            "```game\njump\n```\nvalue of parameter `how`'s enumeration: `slide`, `jump`"
        );
        let (_, h) = hover(t, at(t, "first", 1)).unwrap();
        assert_eq!(
            h,
            "```game\noption first = up\n```\n\
             option: its default, which `--set first=VALUE` changes"
        );
    }

    /// A chance turn: `chance` is described as the keyword; the names in its condition and body
    /// are the state's; completion offers the word.
    #[test]
    fn a_chance_turn_is_hovered_and_offered() {
        let t = "game \"T\" {\n  state { top: 0..=6 = 0 }\n  \
                 chance if top == 0 { roll top in 1..=6 }\n  \
                 move go if top > 0 { top = 0 }\n  end if no moves: last mover wins\n}\n";
        let (_, h) = hover(t, at(t, "chance", 0)).unwrap();
        assert!(
            h.contains("`chance if COND { BODY }`: a turn of nobody's"),
            "{h}"
        );
        let (_, h) = hover(t, at(t, "top", 1)).unwrap();
        assert!(h.starts_with("```game\ntop: 0..=6 = 0\n```"), "{h}");
        let words = super::super::completion::complete(t, t.find("move").unwrap());
        assert!(words.iter().any(|i| i.label == "chance"));
    }

    #[test]
    fn an_option_worked_out_from_others_shows_its_value() {
        let t = "game \"T\" {\n  option goal: 1..=100 = 10\n  option half = goal / 2\n  \
                 state { pile: 0..=goal = 0 }\n  move add if pile < half { pile += 1 }\n  \
                 end if pile == half: last mover wins\n}\n";
        let (_, h) = hover(t, at(t, "half", 1)).unwrap();
        assert_eq!(
            h,
            "```game\noption half = goal / 2\n```\n\
             option: its default, which `--set half=VALUE` changes; here it is `5`"
        );
        let (_, h) = hover(t, at(t, "goal", 0)).unwrap();
        assert!(h.ends_with("`--set goal=VALUE` changes"), "{h}");
    }

    #[test]
    fn score_is_a_keyword_before_each_and_a_name_elsewhere() {
        let text = "game \"S\" {\n  state { score: per player 0..=3 = 0 }\n  \
            move m if score[1] == 0 { score[mover] = 1 }\n  \
            end if no moves: score each p = score[p]\n}\n";
        let (span, h) = hover(text, at(text, "score each", 0) + 1).unwrap();
        assert_eq!(span.end - span.start, 5);
        assert_eq!(h, super::super::words::SCORE_EACH.1);
        let (_, h) = hover(text, at(text, "score[p]", 0) + 1).unwrap();
        assert_eq!(
            h,
            "```game\nscore: per player 0..=3 = 0\n```\nstate variable"
        );
    }

    #[test]
    fn next_is_a_keyword_before_mover_and_a_name_elsewhere() {
        let text = "game \"N\" {\n  players 3\n  state { next: 0..=3 = 0 }\n  \
            move m if next < 3 { next += 1  next mover = 1 }\n  \
            end if next == 3: last mover wins\n}\n";
        let (span, h) = hover(text, at(text, "next mover", 0) + 1).unwrap();
        assert_eq!(span.end - span.start, 4);
        assert_eq!(h, super::super::words::NEXT_MOVER.1);
        let (_, h) = hover(text, at(text, "next < 3", 0) + 1).unwrap();
        assert_eq!(h, "```game\nnext: 0..=3 = 0\n```\nstate variable");
    }

    #[test]
    fn definition_leads_to_the_declaration() {
        let decl = at(NIM, "piles", 0);
        assert_eq!(
            definition(NIM, at(NIM, "piles", 2)),
            Some(Span::new(decl, decl + 5))
        );
        let i = at(NIM, "i in", 0);
        assert_eq!(
            definition(NIM, at(NIM, "[i]", 1) + 1),
            Some(Span::new(i, i + 1))
        );
        let e = at(NIM, "empty", 0);
        assert_eq!(
            definition(NIM, at(NIM, "empty", 2) + 2),
            Some(Span::new(e, e + 5))
        );
        assert_eq!(definition(NIM, at(NIM, "sum", 0)), None);
        // In a label's braces too.
        let n = at(NIM, ", n in", 0) + 2;
        assert_eq!(
            definition(NIM, at(NIM, "{n}", 0) + 1),
            Some(Span::new(n, n + 1))
        );
    }

    #[test]
    fn enumeration_values_and_throws_lead_to_their_declarations() {
        let t = "game \"T\" {\n  state { b: [{e \".\", x \"X\"}; 3] = e }\n  \
                 move put(k in indices(b)) if b[k] == e { b[k] = x }\n  end if no moves: tie\n}\n";
        let x = at(t, "x \"X\"", 0);
        assert_eq!(
            definition(t, at(t, "= x", 0) + 2),
            Some(Span::new(x, x + 1))
        );
        let (_, h) = hover(t, at(t, "= x", 0) + 2).unwrap();
        assert_eq!(
            h,
            "```game\nx \"X\"\n```\nvalue of `b`'s enumeration: `e`, `x`"
        );
        let r =
            "game \"R\" {\n  throws rock, paper, scissors\n  beats {\n    paper covers rock\n    \
                 rock crushes scissors\n    scissors cuts paper\n  }\n}\n";
        let rock = at(r, "rock", 0);
        assert_eq!(
            definition(r, at(r, "rock", 2)),
            Some(Span::new(rock, rock + 4))
        );
        assert_eq!(definition(r, at(r, "covers", 0)), None);
    }

    #[test]
    fn the_kinds_of_a_symmetry_line_show_what_they_rearrange() {
        let t = "game \"T\" {\n  state { heap: [0..=3; 3] = [1, 2, 3] }\n  \
                 move take(i in indices(heap)) if heap[i] > 0 { heap[i] -= 1 }\n  \
                 end if no moves: mover loses\n  symmetry heap: any order, mirror\n}\n";
        let any = at(t, "any", 0);
        assert_eq!(
            hover(t, any + 1),
            Some((
                Span::new(any, any + 3),
                "`any order`: an array's elements in any order".to_string()
            ))
        );
        let (_, h) = hover(t, at(t, "order", 0) + 2).unwrap();
        assert_eq!(h, "`any order`: an array's elements in any order");
        let (_, h) = hover(t, at(t, "mirror", 0)).unwrap();
        assert_eq!(
            h,
            "`mirror`: left to right: a grid's columns, or an array's elements, in reverse order"
        );
        // Outside a symmetry line `any` is the built-in, and a kind's word is nothing.
        let (_, h) = hover("  end if any(", 9).unwrap();
        assert_eq!(h, "`any(v in D where C)`: whether some value of D meets C");
        assert_eq!(hover("  option mirror = 1", 10), None);
    }
}
