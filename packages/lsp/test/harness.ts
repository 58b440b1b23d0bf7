// A real client-server LSP connection in one process: the server on one pair of streams, a
// protocol connection as the client on the other. Diagnostics are collected as they arrive.
import { PassThrough } from 'node:stream';
import { pathToFileURL } from 'node:url';
import {
  createConnection, createProtocolConnection, DidChangeTextDocumentNotification, DidOpenTextDocumentNotification,
  InitializeRequest, InitializedNotification, ProposedFeatures, PublishDiagnosticsNotification,
  type PublishDiagnosticsParams, type ProtocolConnection,
} from 'vscode-languageserver/node';
import { startServer, type ServerOptions } from '../src/server.ts';

export interface TestClient {
  readonly client: ProtocolConnection;
  open(path: string, text: string): Promise<PublishDiagnosticsParams>;
  change(uri: string, version: number, text: string): Promise<PublishDiagnosticsParams>;
  /** The next diagnostics published for `uri` (or those already waiting). */
  diagnostics(uri: string): Promise<PublishDiagnosticsParams>;
  close(): void;
}

export async function startTestClient(options: ServerOptions = {}): Promise<TestClient> {
  const toServer = new PassThrough();
  const toClient = new PassThrough();
  startServer(createConnection(ProposedFeatures.all, toServer, toClient), options);
  const client = createProtocolConnection(toClient, toServer);
  const waiting = new Map<string, ((p: PublishDiagnosticsParams) => void)[]>();
  const arrived = new Map<string, PublishDiagnosticsParams[]>();
  client.onNotification(PublishDiagnosticsNotification.type, (p) => {
    const w = waiting.get(p.uri)?.shift();
    if (w) w(p);
    else arrived.set(p.uri, [...(arrived.get(p.uri) ?? []), p]);
  });
  client.listen();
  await client.sendRequest(InitializeRequest.type, { processId: null, rootUri: null, capabilities: {} });
  await client.sendNotification(InitializedNotification.type, {});
  const diagnostics = (uri: string) => new Promise<PublishDiagnosticsParams>((resolve) => {
    const ready = arrived.get(uri)?.shift();
    if (ready) resolve(ready);
    else waiting.set(uri, [...(waiting.get(uri) ?? []), resolve]);
  });
  return {
    client,
    diagnostics,
    async open(path, text) {
      const uri = pathToFileURL(path).href;
      const next = diagnostics(uri);
      await client.sendNotification(DidOpenTextDocumentNotification.type, {
        textDocument: { uri, languageId: path.endsWith('.scenario') ? 'decksmith-scenario' : 'decksmith', version: 1, text },
      });
      return next;
    },
    async change(uri, version, text) {
      const next = diagnostics(uri);
      await client.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri, version }, contentChanges: [{ text }] });
      return next;
    },
    close() {
      // The streams stay open: the server exits the process when its input ends.
      client.dispose();
    },
  };
}
