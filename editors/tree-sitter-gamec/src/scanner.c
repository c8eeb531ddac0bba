// The external scanner of the gamec grammar: where a line of `beats` ends.
//
// A line of a `beats { ... }` block (an edge: `spock vaporizes rock`) ends at the end of its
// line, at a `;` or at the block's closing `}`, as in grammar/game.pest, where an edge's words
// are separated by spaces and tabs only. Everywhere else newlines are whitespace, so the end of
// an edge is told here: `_edge_end` takes the newline, or is empty before `;`, `}` or the end
// of the file. A `//` comment before the newline is left to the grammar's extras, and the
// newline after it is found on the next call.

#include "tree_sitter/parser.h"

enum TokenType {
  EDGE_END,
  ERROR_SENTINEL,
};

void *tree_sitter_gamec_external_scanner_create(void) { return NULL; }

void tree_sitter_gamec_external_scanner_destroy(void *payload) { (void)payload; }

unsigned tree_sitter_gamec_external_scanner_serialize(void *payload, char *buffer) {
  (void)payload;
  (void)buffer;
  return 0;
}

void tree_sitter_gamec_external_scanner_deserialize(void *payload, const char *buffer,
                                                     unsigned length) {
  (void)payload;
  (void)buffer;
  (void)length;
}

bool tree_sitter_gamec_external_scanner_scan(void *payload, TSLexer *lexer,
                                             const bool *valid_symbols) {
  (void)payload;
  // During error recovery every symbol is valid: leave it to the grammar.
  if (valid_symbols[ERROR_SENTINEL] || !valid_symbols[EDGE_END]) {
    return false;
  }
  while (lexer->lookahead == ' ' || lexer->lookahead == '\t' || lexer->lookahead == '\r') {
    lexer->advance(lexer, true);
  }
  lexer->result_symbol = EDGE_END;
  if (lexer->lookahead == '\n') {
    lexer->advance(lexer, false);
    lexer->mark_end(lexer);
    return true;
  }
  if (lexer->lookahead == ';' || lexer->lookahead == '}' || lexer->eof(lexer)) {
    lexer->mark_end(lexer);
    return true;
  }
  return false;
}
