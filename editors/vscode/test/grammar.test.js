// Tokenizes .game text with the extension's TextMate grammar, as VS Code does (vscode-textmate
// with the Oniguruma regular expressions of vscode-oniguruma), and checks the scopes of tokens.
// Run with `npm test` in editors/vscode.
'use strict';

const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { test } = require('node:test');
const oniguruma = require('vscode-oniguruma');
const textmate = require('vscode-textmate');

const root = path.join(__dirname, '..');

async function loadGrammar() {
  const wasm = fs.readFileSync(require.resolve('vscode-oniguruma/release/onig.wasm'));
  await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
  const registry = new textmate.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (sources) => new oniguruma.OnigScanner(sources),
      createOnigString: (text) => new oniguruma.OnigString(text),
    }),
    loadGrammar: async (scopeName) => {
      if (scopeName !== 'source.gamec') {
        return null;
      }
      const file = path.join(root, 'syntaxes', 'gamec.tmLanguage.json');
      return textmate.parseRawGrammar(fs.readFileSync(file, 'utf8'), file);
    },
  });
  return registry.loadGrammar('source.gamec');
}

const grammarLoaded = loadGrammar();

/** Every token of `text` as [text, its innermost scope], line by line, blanks left out. */
async function tokens(text) {
  const grammar = await grammarLoaded;
  let state = textmate.INITIAL;
  const found = [];
  for (const line of text.split('\n')) {
    const result = grammar.tokenizeLine(line, state);
    for (const token of result.tokens) {
      const piece = line.slice(token.startIndex, token.endIndex);
      if (piece.trim() !== '') {
        found.push([piece, token.scopes[token.scopes.length - 1]]);
      }
    }
    state = result.ruleStack;
  }
  return found;
}

/** The scope of the `n`-th token (from 0) whose text is `text`. */
function scopeOf(found, text, n = 0) {
  const matching = found.filter(([piece]) => piece === text);
  assert.ok(matching.length > n, `no token ${JSON.stringify(text)} #${n} in ${JSON.stringify(found)}`);
  return matching[n][1];
}

test('a move line: every token and its scope', async () => {
  const found = await tokens('  move take(n in 1..=3) if n <= pile { pile -= n } // x');
  assert.deepEqual(found, [
    ['move', 'keyword.other.gamec'],
    ['take', 'entity.name.function.gamec'],
    ['(', 'punctuation.section.parens.gamec'],
    ['n', 'variable.parameter.gamec'],
    ['in', 'keyword.other.gamec'],
    ['1', 'constant.numeric.gamec'],
    ['..=', 'keyword.operator.range.gamec'],
    ['3', 'constant.numeric.gamec'],
    [')', 'punctuation.section.parens.gamec'],
    ['if', 'keyword.other.gamec'],
    ['n', 'variable.other.gamec'],
    ['<=', 'keyword.operator.comparison.gamec'],
    ['pile', 'variable.other.gamec'],
    ['{', 'punctuation.section.braces.gamec'],
    ['pile', 'variable.other.gamec'],
    ['-=', 'keyword.operator.assignment.gamec'],
    ['n', 'variable.other.gamec'],
    ['}', 'punctuation.section.braces.gamec'],
    ['// x', 'comment.line.double-slash.gamec'],
  ]);
});

test('a whole game: declarations, builtins, labels, outcomes', async () => {
  const found = await tokens(
    [
      'game "Tic-tac-toe" {',
      '  option misere: bool = false',
      '  state { board: grid 3 x 3 of {empty ".", x "X", o "O"} = empty }',
      '  def mark(p) = if p == 1 then x else o',
      '  def last_row() = if (1) then (2) else (3)',
      '  move place(r in rows(board), c in cols(board)) as "{square(r, c)}" {',
      '    board[r, c] = mark(mover)',
      '  }',
      '  end if no moves: if misere then last mover loses else tie',
      '  symmetry board: rotations, reflections',
      '}',
    ].join('\n'),
  );
  assert.equal(scopeOf(found, 'game'), 'keyword.other.gamec');
  assert.equal(scopeOf(found, '"'), 'string.quoted.double.gamec');
  assert.equal(scopeOf(found, 'misere'), 'variable.other.constant.gamec');
  assert.equal(scopeOf(found, 'bool'), 'storage.type.builtin.gamec');
  assert.equal(scopeOf(found, 'false'), 'constant.language.boolean.gamec');
  assert.equal(scopeOf(found, 'board'), 'variable.other.declaration.gamec');
  assert.equal(scopeOf(found, 'grid'), 'keyword.other.gamec');
  assert.equal(scopeOf(found, 'x'), 'keyword.other.gamec');
  assert.equal(scopeOf(found, 'of'), 'keyword.other.gamec');
  assert.equal(scopeOf(found, 'empty'), 'variable.other.enummember.gamec');
  assert.equal(scopeOf(found, 'x', 1), 'variable.other.enummember.gamec');
  assert.equal(scopeOf(found, 'mark'), 'entity.name.function.gamec');
  assert.equal(scopeOf(found, 'p'), 'variable.parameter.gamec');
  assert.equal(scopeOf(found, 'p', 1), 'variable.other.gamec');
  assert.equal(scopeOf(found, 'x', 2), 'variable.other.gamec');
  assert.equal(scopeOf(found, 'rows'), 'support.function.builtin.gamec');
  assert.equal(scopeOf(found, 'last_row'), 'entity.name.function.gamec');
  assert.equal(scopeOf(found, 'then', 1), 'keyword.other.gamec');
  assert.equal(scopeOf(found, 'else', 1), 'keyword.other.gamec');
  assert.equal(scopeOf(found, 'square'), 'support.function.builtin.gamec');
  assert.equal(scopeOf(found, '{', 3), 'punctuation.section.embedded.begin.gamec');
  assert.equal(scopeOf(found, 'mover'), 'variable.language.gamec');
  assert.equal(scopeOf(found, 'last'), 'keyword.other.gamec');
  assert.equal(scopeOf(found, 'loses'), 'keyword.other.gamec');
  assert.equal(scopeOf(found, 'tie'), 'keyword.other.gamec');
  assert.equal(scopeOf(found, 'rotations'), 'keyword.other.gamec');
});

test('every kind of a symmetry line is a keyword, a permutation with its places', async () => {
  const found = await tokens(
    [
      'game "S" {',
      '  symmetry board: rotations, reflections, mirror, flip',
      '  symmetry heap: any order',
      '  symmetry ring: permutation [1, 2, 0], mirror',
      '  symmetry cells: mirror, swap red blue',
      '}',
    ].join('\n'),
  );
  for (const word of ['rotations', 'reflections', 'mirror', 'flip', 'any', 'order', 'permutation', 'swap']) {
    assert.equal(scopeOf(found, word), 'keyword.other.gamec', word);
  }
  assert.equal(scopeOf(found, 'mirror', 1), 'keyword.other.gamec');
  assert.equal(scopeOf(found, 'ring'), 'variable.other.gamec');
  assert.equal(scopeOf(found, '['), 'punctuation.section.brackets.gamec');
  assert.equal(scopeOf(found, '1'), 'constant.numeric.gamec');
  assert.equal(scopeOf(found, '0'), 'constant.numeric.gamec');
  assert.equal(scopeOf(found, ']'), 'punctuation.section.brackets.gamec');
  assert.equal(scopeOf(found, ',', 4), 'punctuation.separator.comma.gamec');
});

test('a scored end rule: `score` is a keyword before `each`, a variable elsewhere', async () => {
  const found = await tokens(
    [
      'game "Scored" {',
      '  state { score: per player 0..=3 = 0 }',
      '  end if no moves: score each p = score[p]',
      '}',
    ].join('\n'),
  );
  assert.equal(scopeOf(found, 'score'), 'variable.other.declaration.gamec');
  assert.equal(scopeOf(found, 'score', 1), 'keyword.other.gamec');
  assert.equal(scopeOf(found, 'each'), 'keyword.other.gamec');
  assert.equal(scopeOf(found, 'score', 2), 'variable.other.gamec');
});

test('a throw game: throws, beats lines, round rules', async () => {
  const found = await tokens(
    [
      'game "RPS" {',
      '  throws r "rock", p "paper", s "scissors"',
      '  beats { p covers r; s cuts p scores 1/2 }',
      '  players 2..',
      '  round {',
      '    if exactly 2 throws: eliminate losers',
      '    otherwise: rethrow',
      '  }',
      '}',
    ].join('\n'),
  );
  assert.equal(scopeOf(found, 'throws'), 'keyword.other.gamec');
  assert.equal(scopeOf(found, 'r'), 'variable.other.enummember.gamec');
  assert.equal(scopeOf(found, 'rock'), 'string.quoted.double.gamec');
  assert.equal(scopeOf(found, 'covers'), 'keyword.operator.word.gamec');
  assert.equal(scopeOf(found, 'r', 1), 'variable.other.enummember.gamec');
  assert.equal(scopeOf(found, 'scores'), 'keyword.other.gamec');
  assert.equal(scopeOf(found, '/'), 'keyword.operator.arithmetic.gamec');
  assert.equal(scopeOf(found, 'players'), 'keyword.other.gamec');
  assert.equal(scopeOf(found, 'exactly'), 'keyword.other.gamec');
  assert.equal(scopeOf(found, 'eliminate'), 'keyword.other.gamec');
  assert.equal(scopeOf(found, 'rethrow'), 'keyword.other.gamec');
});

test('every shipped game tokenizes, with no identifier left unscoped', async () => {
  const dir = path.join(root, '..', '..', 'games');
  const files = fs.readdirSync(dir).filter((name) => name.endsWith('.game'));
  assert.ok(files.length >= 20, `${files.length} games`);
  for (const name of files) {
    const found = await tokens(fs.readFileSync(path.join(dir, name), 'utf8'));
    const bare = found.filter(([, scope]) => scope === 'source.gamec');
    assert.deepEqual(bare, [], name);
  }
});
