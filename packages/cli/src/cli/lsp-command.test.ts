// `decksmith lsp` is the language server on stdio: the real executable answers `initialize`.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const bin = fileURLToPath(new URL('../../bin/decksmith.js', import.meta.url));

function frame(message: object): string {
  const body = JSON.stringify(message);
  return `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
}

describe('decksmith lsp', () => {
  it('answers initialize over stdio with the server capabilities, and exits on exit', async () => {
    const child = spawn(process.execPath, [bin, 'lsp', '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
    let out = '';
    const answered = new Promise<void>((resolve) => {
      child.stdout.on('data', (b: Buffer) => { out += b.toString(); if (out.includes('"id":1')) resolve(); });
    });
    child.stdin.write(frame({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } }));
    await answered;
    const body = JSON.parse(out.slice(out.indexOf('{'))) as { result: { capabilities: Record<string, unknown>; serverInfo: { name: string } } };
    expect(body.result.serverInfo.name).toBe('decksmith');
    expect(body.result.capabilities).toMatchObject({ hoverProvider: true, definitionProvider: true, documentFormattingProvider: true });
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    child.stdin.write(frame({ jsonrpc: '2.0', id: 2, method: 'shutdown' }));
    child.stdin.write(frame({ jsonrpc: '2.0', method: 'exit' }));
    expect(await exited).toBe(0);
  }, 60_000);
});
