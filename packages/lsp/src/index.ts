// The Decksmith language server (`decksmith lsp`): start it on stdio, or on any connection.
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { startServer, type ServerOptions } from './server.ts';

export { startServer, DEFAULT_DEBOUNCE_MS, DEFAULT_MAX_DOCUMENT_CHARS, type ServerOptions } from './server.ts';
export { extractDocs } from './hover/extract-docs.ts';

/** Serves the language on this process's stdin and stdout until the client exits. */
export function runStdio(options: ServerOptions = {}): void {
  startServer(createConnection(ProposedFeatures.all, process.stdin, process.stdout), options);
}
