//! Formatting a document for the editor: `gamec fmt`'s layout (`syntax::format`) as one edit
//! replacing the whole text (after a byte-order mark, which stays), or no edit when the text does
//! not parse or is formatted already.

use super::diagnostics::without_bom;
use crate::syntax::ast::Span;

/// The edit that formats `text`: the span it replaces and the new text.
pub fn edit(text: &str) -> Option<(Span, String)> {
    let (source, shift) = without_bom(text);
    crate::syntax::parse(source).ok()?;
    let formatted = crate::syntax::format::format(source)?;
    let whole = Span {
        start: shift,
        end: text.len(),
    };
    (formatted != source).then_some((whole, formatted))
}

#[cfg(test)]
mod tests {
    use super::edit;

    #[test]
    fn a_messy_document_is_replaced_whole_and_a_tidy_one_not_at_all() {
        let messy = "\u{feff}game \"A\"{ state{x:0..=1=0}\nmove m if x==0{x=1}\nend if x==1: last mover wins }\n";
        let (span, text) = edit(messy).unwrap_or_default();
        assert_eq!((span.start, span.end), (3, messy.len()));
        assert_eq!(
            text,
            "game \"A\" { state { x: 0..=1 = 0 }\n  move m if x == 0 { x = 1 }\n  end if x == 1: last mover wins }\n"
        );
        assert_eq!(edit(&text), None);
        // A formatted document with CRLF line breaks is formatted already.
        assert_eq!(edit(&text.replace('\n', "\r\n")), None);
        assert_eq!(edit("game \"A\" { state {"), None);
    }
}
