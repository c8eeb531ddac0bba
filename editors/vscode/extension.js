// The gamec extension: the .game language (its grammar and configuration are declared in
// package.json) and a client of gamec's language server, started as `gamec lsp` and spoken to
// over standard input and output.
'use strict';

const vscode = require('vscode');
const { LanguageClient, TransportKind } = require('vscode-languageclient/node');

/** @type {LanguageClient | undefined} */
let client;

/** The command that starts the server: `gamec.path` (default `gamec`) with the argument `lsp`. */
function serverCommand() {
  const configured = vscode.workspace.getConfiguration('gamec').get('path');
  const command =
    typeof configured === 'string' && configured.trim() !== '' ? configured.trim() : 'gamec';
  return { command, args: ['lsp'], transport: TransportKind.stdio };
}

/** Starts a client of `gamec lsp` for .game files; a failure is shown, and highlighting stays. */
async function startClient() {
  const server = serverCommand();
  client = new LanguageClient(
    'gamec',
    'gamec',
    { run: server, debug: server },
    { documentSelector: [{ language: 'gamec' }] },
  );
  try {
    await client.start();
  } catch (error) {
    vscode.window.showErrorMessage(
      `gamec: could not start \`${server.command} lsp\` (see the setting gamec.path): ${error}`,
    );
  }
}

/** @param {vscode.ExtensionContext} context */
async function activate(context) {
  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration(async (event) => {
      if (event.affectsConfiguration('gamec.path')) {
        await deactivate();
        await startClient();
      }
    }),
  );
  await startClient();
}

async function deactivate() {
  if (client) {
    const stopping = client;
    client = undefined;
    if (stopping.isRunning()) {
      await stopping.stop();
    }
  }
}

module.exports = { activate, deactivate };
