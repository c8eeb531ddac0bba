//! The tree-sitter grammar of gamec's `.game` language, and its highlight query.
//!
//! ```ignore
//! let mut parser = tree_sitter::Parser::new();
//! parser.set_language(&tree_sitter_gamec::LANGUAGE.into())?;
//! let tree = parser.parse("game \"Nim\" { players 2 }", None);
//! ```
//!
//! The parser is generated from `grammar.js` by the tree-sitter CLI (see the README); the
//! generated C files are committed, so building this crate needs only a C compiler.

use tree_sitter_language::LanguageFn;

extern "C" {
    fn tree_sitter_gamec() -> *const ();
}

/// The language, for `tree_sitter::Parser::set_language(&LANGUAGE.into())`.
// SAFETY: `tree_sitter_gamec` is the language function of the generated parser, linked in by
// build.rs; it takes no arguments and returns a pointer to a static `TSLanguage`.
pub const LANGUAGE: LanguageFn = unsafe { LanguageFn::from_raw(tree_sitter_gamec) };

/// The language as a `tree_sitter::Language`.
pub fn language() -> tree_sitter::Language {
    LANGUAGE.into()
}

/// The highlight query (`queries/highlights.scm`).
pub const HIGHLIGHTS_QUERY: &str = include_str!("../../queries/highlights.scm");

/// The node types of the grammar, as the CLI generated them (`src/node-types.json`).
pub const NODE_TYPES: &str = include_str!("../../src/node-types.json");
