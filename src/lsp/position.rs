//! Byte offsets (what the syntax tree's spans hold) and LSP positions (a 0-based line and a
//! column counted in UTF-16 code units, the protocol's default) converted both ways. Lines end at
//! `\n`; a `\r` before it belongs to the line break. Out-of-range input is clamped, never a panic.

use crate::syntax::ast::Span;
use lsp_types::{Position, Range};

/// Where each line of a text starts, so a conversion is one binary search and one line's walk.
pub struct LineIndex<'a> {
    text: &'a str,
    starts: Vec<usize>,
}

impl<'a> LineIndex<'a> {
    pub fn new(text: &'a str) -> LineIndex<'a> {
        let mut starts = vec![0];
        starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        LineIndex { text, starts }
    }

    /// The position of byte `offset` (clamped to the text; inside a character counts as its
    /// start).
    pub fn position(&self, offset: usize) -> Position {
        let mut at = offset.min(self.text.len());
        while !self.text.is_char_boundary(at) {
            at -= 1;
        }
        let line = self.starts.partition_point(|&s| s <= at).saturating_sub(1);
        let start = self.starts.get(line).copied().unwrap_or(0);
        let column: usize = self.text[start..at].chars().map(char::len_utf16).sum();
        Position::new(to_u32(line), to_u32(column))
    }

    /// The byte offset of `pos`: past the end of a line is the line's end (before its break),
    /// past the last line the end of the text, inside a surrogate pair the character's start.
    pub fn offset(&self, pos: Position) -> usize {
        let Some(&start) = self.starts.get(pos.line as usize) else {
            return self.text.len();
        };
        let end = self
            .starts
            .get(pos.line as usize + 1)
            .map_or(self.text.len(), |&next| next - 1);
        let line = self.text[start..end]
            .strip_suffix('\r')
            .unwrap_or(&self.text[start..end]);
        let mut units = 0usize;
        for (i, c) in line.char_indices() {
            units += c.len_utf16();
            if units > pos.character as usize {
                return start + i;
            }
        }
        start + line.len()
    }

    pub fn range(&self, span: Span) -> Range {
        Range::new(self.position(span.start), self.position(span.end))
    }
}

fn to_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_count_utf16_units() {
        // `é` is 2 bytes and 1 unit; `𝄞` is 4 bytes and 2 units.
        let s = "ab\n// é𝄞\nx = 1\r\ny";
        let ix = LineIndex::new(s);
        assert_eq!(ix.position(0), Position::new(0, 0));
        assert_eq!(ix.position(3), Position::new(1, 0));
        assert_eq!(ix.position(6), Position::new(1, 3)); // `é`
        assert_eq!(ix.position(8), Position::new(1, 4)); // `𝄞`
        assert_eq!(ix.position(12), Position::new(1, 6)); // the line break
        assert_eq!(ix.position(9), Position::new(1, 4)); // inside `𝄞`: its start
        assert_eq!(ix.position(13), Position::new(2, 0));
        assert_eq!(ix.position(999), Position::new(3, 1));
    }

    #[test]
    fn offsets_are_the_inverse_and_clamp() {
        let s = "ab\n// é𝄞\nx = 1\r\ny";
        let ix = LineIndex::new(s);
        for off in [0, 1, 2, 3, 6, 8, 12, 13, 17, 20, 21] {
            assert_eq!(ix.offset(ix.position(off)), off, "offset {off}");
        }
        assert_eq!(ix.offset(Position::new(1, 5)), 8); // inside `𝄞`: its start
        assert_eq!(ix.offset(Position::new(2, 99)), 18); // past the line: before `\r\n`
        assert_eq!(ix.offset(Position::new(9, 0)), s.len());
        assert_eq!(LineIndex::new("").offset(Position::new(0, 4)), 0);
    }
}
