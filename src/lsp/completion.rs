//! Completion: a pure function of a file's text and a byte offset. It offers the names in
//! scope there (state variables, options, definitions, enumeration values, throws, and the
//! parameters and local names of the rule the cursor is in), then the built-ins and keywords.
//! A file that does not parse (as while typing) gets the names its declarations show by their
//! shape instead (`scan::declared_names`). Among the kinds of a `symmetry` line, only the kinds.

use super::hover::parsed;
use super::index::Kind;
use super::words::{BUILTINS, KEYWORDS, NEXT_MOVER, SCORE_EACH, SYMMETRY_KINDS};

/// What an item is, for the editor's icon.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ItemKind {
    Name(Kind),
    Builtin,
    Keyword,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Item {
    pub label: String,
    pub kind: ItemKind,
    pub detail: String,
}

/// The completions at byte `offset` of `text`: names first, then built-ins, then keywords.
pub fn complete(text: &str, offset: usize) -> Vec<Item> {
    if super::kinds::among_kinds(text, offset) {
        return fixed(SYMMETRY_KINDS, ItemKind::Keyword);
    }
    let mut items: Vec<Item> = match parsed(text) {
        Some((ix, shift)) => ix
            .in_scope(offset.saturating_sub(shift))
            .into_iter()
            .map(|d| Item {
                label: d.name.clone(),
                kind: ItemKind::Name(d.kind),
                detail: d.kind.describe().to_string(),
            })
            .collect(),
        None => super::scan::declared_names(text)
            .into_iter()
            .filter(|(_, k)| *k != Kind::Move)
            .map(|(name, k)| Item {
                label: name,
                kind: ItemKind::Name(k),
                detail: k.describe().to_string(),
            })
            .collect(),
    };
    items.extend(fixed(BUILTINS, ItemKind::Builtin));
    items.extend(fixed(KEYWORDS, ItemKind::Keyword));
    items.extend(fixed(&[SCORE_EACH, NEXT_MOVER], ItemKind::Keyword));
    items
}

/// An item for each of `words`, with its description.
fn fixed(words: &[(&str, &str)], kind: ItemKind) -> Vec<Item> {
    words
        .iter()
        .map(|(w, d)| Item {
            label: w.to_string(),
            kind,
            detail: d.to_string(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn labels(items: &[Item], kind: fn(&ItemKind) -> bool) -> Vec<String> {
        items
            .iter()
            .filter(|i| kind(&i.kind))
            .map(|i| i.label.clone())
            .collect()
    }

    #[test]
    fn names_in_scope_depend_on_where_the_cursor_is() {
        let t = "game \"T\" {\n  option goal = 5\n  state { pile: 0..=9 = 0 }\n  \
                 def twice(k) = k * 2\n  \
                 move add(n in 1..=2) if pile + n <= goal { let m = n\n pile += m }\n  \
                 end if pile == goal: last mover wins\n}\n";
        let names = |off| labels(&complete(t, off), |k| matches!(k, ItemKind::Name(_)));
        let in_body = t.find("pile += m").unwrap();
        assert_eq!(names(in_body), vec!["goal", "pile", "twice", "n", "m"]);
        let in_end = t.find("pile == goal").unwrap();
        assert_eq!(names(in_end), vec!["goal", "pile", "twice"]);
        let in_def = t.find("k * 2").unwrap();
        assert_eq!(names(in_def), vec!["goal", "pile", "twice", "k"]);
        let all = complete(t, in_body);
        assert!(labels(&all, |k| *k == ItemKind::Keyword).contains(&"again".to_string()));
        assert!(labels(&all, |k| *k == ItemKind::Builtin).contains(&"count".to_string()));
    }

    #[test]
    fn after_a_symmetry_colon_the_kinds_are_offered() {
        let t = "game \"T\" {\n  state { heap: [0..=3; 3] = 0 }\n  symmetry heap: ";
        let kinds = |text: &str| -> Vec<String> {
            complete(text, text.len())
                .iter()
                .map(|i| i.label.clone())
                .collect()
        };
        let all = [
            "rotations",
            "reflections",
            "mirror",
            "flip",
            "any order",
            "permutation",
            "swap",
        ];
        assert_eq!(kinds(t), all);
        assert_eq!(kinds(&format!("{t}mirror, ro")), all);
        let item = &complete(t, t.len())[5];
        assert_eq!(item.kind, ItemKind::Keyword);
        assert_eq!(
            item.detail,
            "`permutation [p0, p1, ...]`: element (or cell, numbered row by row) k goes to \
             place pk"
        );
        // Past the line, statements again.
        assert!(kinds(&format!("{t}mirror\n  ")).contains(&"move".to_string()));
    }

    #[test]
    fn a_file_that_does_not_parse_gets_its_declared_names() {
        let t = "game \"T\" {\n  option goal = 5\n  state { pile: 0..=9 = 0 }\n  \
                 move add(n in 1..=2) if pile + ";
        let items = complete(t, t.len());
        let names = labels(&items, |k| matches!(k, ItemKind::Name(_)));
        assert_eq!(names, vec!["goal", "pile", "n"]);
        assert!(labels(&items, |k| *k == ItemKind::Keyword).contains(&"move".to_string()));
    }
}
