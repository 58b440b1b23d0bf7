// `decksmith lsp` is the language server on stdio: the real executable answers `initialize`, runs
// an opened scenario (the runner is the CLI's) and shows the run's diagnostics while the text is the one run.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const bin = fileURLToPath(new URL('../../bin/decksmith.js', import.meta.url));
const game = fileURLToPath(new URL('../../../../games/tiv-miv/tiv-miv.rules', import.meta.url));
const scenario = fileURLToPath(new URL('../../../../games/tiv-miv/scenarios/edge-04-empty-stack-and-big-hand.scenario', import.meta.url));

function frame(message: object): string {
  const body = JSON.stringify(message);
  return `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
}

interface Published { uri: string; diagnostics: { code: string }[] }

describe('decksmith lsp', () => {
  it('answers initialize, runs an opened scenario and shows its failure until the text changes, exits on exit', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'decksmith-lsp-'));
    const child = spawn(process.execPath, [bin, 'lsp', '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
    try {
      // Messages as they arrive: each a Content-Length header (in bytes) and a JSON body.
      type Message = { id?: number; method?: string; result?: unknown; params?: Published };
      const messages: Message[] = [];
      let pending = Buffer.alloc(0);
      child.stdout.on('data', (b: Buffer) => {
        pending = Buffer.concat([pending, b]);
        for (;;) {
          const end = pending.indexOf('\r\n\r\n');
          const length = Number(/Content-Length: (\d+)/.exec(pending.subarray(0, Math.max(end, 0)).toString())?.[1]);
          if (end < 0 || pending.length < end + 4 + length) break;
          messages.push(JSON.parse(pending.subarray(end + 4, end + 4 + length).toString()) as Message);
          pending = pending.subarray(end + 4 + length);
        }
      });
      const frames = () => messages;
      const until = <T>(find: () => T | undefined) => new Promise<T>((resolve) => {
        const poll = setInterval(() => { const v = find(); if (v !== undefined) { clearInterval(poll); resolve(v); } }, 20);
      });

      child.stdin.write(frame({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } }));
      const init = await until(() => frames().find((f) => f.id === 1)) as { result: { capabilities: Record<string, unknown>; serverInfo: { name: string } } };
      expect(init.result.serverInfo.name).toBe('decksmith');
      expect(init.result.capabilities).toMatchObject({ hoverProvider: true, definitionProvider: true, documentFormattingProvider: true });
      child.stdin.write(frame({ jsonrpc: '2.0', method: 'initialized', params: {} }));

      // A copy of a passing scenario with one wrong expectation, saved on disk and opened.
      const file = join(dir, 'wrong.scenario');
      const text = readFileSync(scenario, 'utf8').replace('for tiv-miv', `for "${game}"`).replace(/\n*$/, '\nexpect count(hand(p2)) == 99\n');
      writeFileSync(file, text);
      const uri = pathToFileURL(file).href;
      const published = () => frames().filter((f) => f.method === 'textDocument/publishDiagnostics' && f.params!.uri === uri).map((f) => f.params!);
      child.stdin.write(frame({ jsonrpc: '2.0', method: 'textDocument/didOpen', params: { textDocument: { uri, languageId: 'decksmith-scenario', version: 1, text } } }));
      const failed = await until(() => published().find((p) => p.diagnostics.length > 0));
      expect(failed.diagnostics.map((d) => d.code)).toEqual(['scenario_expect_failed']);

      // Edited in the editor, the text is no longer the one run: its diagnostics are the syntax's only.
      const seen = published().length;
      child.stdin.write(frame({ jsonrpc: '2.0', method: 'textDocument/didChange', params: { textDocument: { uri, version: 2 }, contentChanges: [{ text: `${text}# edited\n` }] } }));
      expect((await until(() => published()[seen])).diagnostics).toEqual([]);

      const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
      child.stdin.write(frame({ jsonrpc: '2.0', id: 2, method: 'shutdown' }));
      child.stdin.write(frame({ jsonrpc: '2.0', method: 'exit' }));
      expect(await exited).toBe(0);
    } finally {
      child.kill();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
