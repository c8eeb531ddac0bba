// The extension's two halves without VS Code (which cannot be installed here): activate() is run
// against a stand-in `vscode` module and must start `gamec lsp` over stdio (or `gamec.path`), and
// gamec's server is driven by the same JSON-RPC library VS Code's client uses
// (vscode-languageserver-protocol): a misspelt name in Connect Four is reported with gamec's
// code and message, and formatting gives gamec fmt's layout. GAMEC names the executable to test
// (default: ../../target/release/gamec, built by `cargo build --release`).
'use strict';

const test = require('node:test');
const assert = require('node:assert');
const path = require('node:path');
const fs = require('node:fs');
const Module = require('node:module');
const { spawn } = require('node:child_process');

const root = path.join(__dirname, '..', '..', '..');
const gamec = process.env.GAMEC || path.join(root, 'target', 'release', 'gamec');

test('activate starts `gamec lsp` over stdio, from gamec.path when it is set', async () => {
  const started = [];
  const stub = (configured) => ({
    vscode: {
      workspace: {
        getConfiguration: () => ({ get: () => configured }),
        onDidChangeConfiguration: () => ({ dispose() {} }),
      },
      window: { showErrorMessage: (m) => started.push({ error: m }) },
    },
    client: {
      TransportKind: { stdio: 0 },
      LanguageClient: class {
        constructor(id, name, server, options) {
          started.push({ id, server: server.run, selector: options.documentSelector });
        }
        start() { return Promise.resolve(); }
        isRunning() { return true; }
        stop() { return Promise.resolve(); }
      },
    },
  });
  const original = Module._load;
  for (const [configured, command] of [[undefined, 'gamec'], ['  /opt/gamec  ', '/opt/gamec']]) {
    const s = stub(configured);
    Module._load = function (request, ...rest) {
      if (request === 'vscode') return s.vscode;
      if (request === 'vscode-languageclient/node') return s.client;
      return original.call(this, request, ...rest);
    };
    delete require.cache[require.resolve('../extension.js')];
    const extension = require('../extension.js');
    await extension.activate({ subscriptions: [] });
    await extension.deactivate();
    Module._load = original;
    assert.deepStrictEqual(started.pop(), {
      id: 'gamec',
      server: { command, args: ['lsp'], transport: 0 },
      selector: [{ language: 'gamec' }],
    });
  }
});

test('gamec lsp reports a misspelt name in Connect Four and formats the file', { skip: !fs.existsSync(gamec) && `no ${gamec}` }, async () => {
  const rpc = require('vscode-languageserver-protocol/node');
  const child = spawn(gamec, ['lsp'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const conn = rpc.createProtocolConnection(
    new rpc.StreamMessageReader(child.stdout),
    new rpc.StreamMessageWriter(child.stdin),
  );
  const diagnostics = new Promise((resolve) => {
    conn.onNotification(rpc.PublishDiagnosticsNotification.type, resolve);
  });
  conn.listen();
  const init = await conn.sendRequest(rpc.InitializeRequest.type, {
    processId: process.pid, rootUri: null, capabilities: {},
  });
  assert.strictEqual(init.capabilities.documentFormattingProvider, true);
  await conn.sendNotification(rpc.InitializedNotification.type, {});
  const source = fs.readFileSync(path.join(root, 'games', 'connect_four.game'), 'utf8');
  const typo = source.replace('if board[0, c] == empty', 'if bord[0, c] == empty');
  assert.notStrictEqual(typo, source);
  const uri = 'file:///connect_four.game';
  await conn.sendNotification(rpc.DidOpenTextDocumentNotification.type, {
    textDocument: { uri, languageId: 'gamec', version: 1, text: typo },
  });
  const published = await diagnostics;
  assert.strictEqual(published.uri, uri);
  assert.deepStrictEqual(published.diagnostics.map((x) => x.code), ['gamec::unknown_name']);
  const d = published.diagnostics[0];
  assert.strictEqual(d.code, 'gamec::unknown_name');
  assert.strictEqual(d.message.split('\n')[0], 'unknown name `bord`');
  const line = typo.split('\n').findIndex((l) => l.includes('bord['));
  const column = typo.split('\n')[line].indexOf('bord[');
  assert.deepStrictEqual(d.range, {
    start: { line, character: column },
    end: { line, character: column + 'bord'.length },
  });
  const messy = source.replace('  move drop(c in cols(board))', 'move drop( c in cols(board) )');
  await conn.sendNotification(rpc.DidChangeTextDocumentNotification.type, {
    textDocument: { uri, version: 2 },
    contentChanges: [{ text: messy }],
  });
  const edits = await conn.sendRequest(rpc.DocumentFormattingRequest.type, {
    textDocument: { uri }, options: { tabSize: 2, insertSpaces: true },
  });
  assert.strictEqual(edits.length, 1);
  assert.strictEqual(edits[0].newText, source);
  await conn.sendRequest(rpc.ShutdownRequest.type);
  await conn.sendNotification(rpc.ExitNotification.type);
  const code = await new Promise((resolve) => child.on('exit', resolve));
  assert.strictEqual(code, 0);
  conn.dispose();
});
