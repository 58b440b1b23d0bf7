// The language server through a real client-server connection: diagnostics as you type, hover,
// definition, references, rename, completion, formatting, symbols, scenario files, the size bound.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  CompletionRequest, DefinitionRequest, DidSaveTextDocumentNotification, DocumentFormattingRequest, DocumentSymbolRequest, HoverRequest,
  ReferencesRequest, RenameRequest, type CompletionItem, type DocumentSymbol, type Location, type MarkupContent,
  type Position, type TextEdit, type WorkspaceEdit,
} from 'vscode-languageserver/node';
import { startTestClient, type TestClient } from './harness.ts';

const path = fileURLToPath(new URL('fixtures/mini.rules', import.meta.url));
const scenarioPath = fileURLToPath(new URL('fixtures/mini.scenario', import.meta.url));
const text = readFileSync(path, 'utf8');
const uri = pathToFileURL(path).href;

/** The position of the `nth` occurrence of `needle` in `source`, `delta` characters in. */
function at(source: string, needle: string, nth = 0, delta = 0): Position {
  let i = -1;
  for (let n = 0; n <= nth; n++) i = source.indexOf(needle, i + 1);
  if (i < 0) throw new Error(`"${needle}" #${nth} not in the text`);
  const before = source.slice(0, i + delta);
  return { line: before.split('\n').length - 1, character: before.length - before.lastIndexOf('\n') - 1 };
}

const labels = (items: CompletionItem[] | { items: CompletionItem[] } | null) => (Array.isArray(items) ? items : items?.items ?? []).map((i) => i.label);

let t: TestClient;
beforeEach(async () => { t = await startTestClient({ debounceMs: 5 }); });
afterEach(() => t.close());

describe('diagnostics', () => {
  it('publishes the checker diagnostics with their codes and ranges as the text changes', async () => {
    expect((await t.open(path, text)).diagnostics).toEqual([]);
    const broken = text.replace('move c to discard', 'move c to discrad');
    const d = (await t.change(uri, 2, broken)).diagnostics;
    expect(d.map((x) => x.code)).toEqual(['name_undefined']);
    expect(d[0]!.range.start).toEqual(at(broken, 'discrad'));
    expect(d[0]!.range.end).toEqual(at(broken, 'discrad', 0, 7));
    expect(d[0]!.source).toBe('decksmith');
    expect((await t.change(uri, 3, text)).diagnostics).toEqual([]);
  });

  it('reports a syntax error at its place', async () => {
    await t.open(path, text);
    const d = (await t.change(uri, 2, text.replace('zone hand: per player, fan, owner', 'zone hand: per player, fan, ownr'))).diagnostics;
    expect(d[0]!.code).toBe('syntax_error');
    expect(d[0]!.range.start.line).toBe(at(text, 'zone hand').line);
  });

  it('does not analyse a document over the size bound, and says so', async () => {
    t.close();
    t = await startTestClient({ debounceMs: 5, maxDocumentChars: 2_000 });
    const big = `${text}${'#'.repeat(100)}\n`.repeat(3);
    const d = (await t.open(path, big)).diagnostics;
    expect(d.map((x) => x.code)).toEqual(['document_too_large']);
    expect(await t.client.sendRequest(HoverRequest.type, { textDocument: { uri }, position: at(big, 'hand_size', 1) })).toBeNull();
  });
});

describe('failures inside the server', () => {
  it('turn into an internal_error diagnostic, and the server goes on serving', async () => {
    t.close();
    t = await startTestClient({ debounceMs: 5, loadBase: () => { throw new Error('EACCES: permission denied'); } });
    const variant = 'game mini-two "Mini Two" extends mini\noption hand_size = 3\n';
    const d = (await t.open(path.replace('mini.rules', 'mini-two.rules'), variant)).diagnostics;
    expect(d.map((x) => x.code)).toEqual(['internal_error']);
    expect(d[0]!.message).toContain('EACCES');
    expect((await t.open(path, text)).diagnostics).toEqual([]);
    const h = await t.client.sendRequest(HoverRequest.type, { textDocument: { uri }, position: at(text, 'hand(me)', 0, 1) });
    expect((h!.contents as MarkupContent).value).toContain('(zone) **hand**');
  });
});

describe('navigation', () => {
  beforeEach(async () => { await t.open(path, text); });

  it('hover shows a declared name with its type and declaration, and a keyword with its line of docs/language.md', async () => {
    const name = await t.client.sendRequest(HoverRequest.type, { textDocument: { uri }, position: at(text, 'hand(me)', 0, 1) });
    expect((name!.contents as MarkupContent).value).toContain('(zone) **hand**');
    expect((name!.contents as MarkupContent).value).toContain('zone hand: per player, fan, owner');
    const param = await t.client.sendRequest(HoverRequest.type, { textDocument: { uri }, position: at(text, 'move c', 0, 5) });
    expect((param!.contents as MarkupContent).value).toContain('(parameter) **c**: `Card`'); // the checker's type
    expect((param!.contents as MarkupContent).value).toContain('action play(c: card in hand(me) where playable(c)) by current {');
    const keyword = await t.client.sendRequest(HoverRequest.type, { textDocument: { uri }, position: at(text, 'shuffle', 0, 2) });
    const doc = (keyword!.contents as MarkupContent).value;
    expect(doc).toContain('**shuffle**');
    expect(doc).toContain('seeded shuffle');
    expect(doc).toContain('docs/language.md');
  });

  it('goes to the definition of a use, and finds every reference', async () => {
    const defs = await t.client.sendRequest(DefinitionRequest.type, { textDocument: { uri }, position: at(text, 'playable(c))', 0, 3) }) as Location[];
    expect(defs).toHaveLength(1);
    expect(defs[0]!.range.start).toEqual(at(text, 'playable(c: Card)'));
    const refs = await t.client.sendRequest(ReferencesRequest.type, { textDocument: { uri }, position: at(text, 'hand:'), context: { includeDeclaration: true } });
    expect(refs!.map((r) => r.range.start)).toEqual([at(text, 'hand:'), at(text, 'hand(each'), at(text, 'hand(me)'), at(text, 'hand(me)', 1), at(text, 'hand(me)', 2), at(text, 'hand(p)')]);
    const local = await t.client.sendRequest(ReferencesRequest.type, { textDocument: { uri }, position: at(text, 'c: card'), context: { includeDeclaration: false } });
    expect(local!.map((r) => r.range.start)).toEqual([at(text, 'playable(c))', 0, 9), at(text, 'move c', 0, 5)]); // not the define's own c
  });

  it('keeps the namespaces apart: the stage play and the action play are two symbols', async () => {
    const stage = await t.client.sendRequest(ReferencesRequest.type, { textDocument: { uri }, position: at(text, 'stage play', 0, 7), context: { includeDeclaration: true } });
    expect(stage!.map((r) => r.range.start)).toEqual([at(text, 'stages play', 0, 7), at(text, 'stage play', 0, 6)]);
    const edit = await t.client.sendRequest(RenameRequest.type, { textDocument: { uri }, position: at(text, 'action play', 0, 8), newName: 'play_card' }) as WorkspaceEdit;
    expect(edit.changes![uri]!.map((e) => e.range.start)).toEqual([at(text, 'action play', 0, 7)]);
  });

  it('renames every site of a name, and refuses a reserved word or a name already declared', async () => {
    const edit = await t.client.sendRequest(RenameRequest.type, { textDocument: { uri }, position: at(text, 'played:', 0, 1), newName: 'plays' }) as WorkspaceEdit;
    const edits = edit.changes![uri]!;
    expect(edits.map((e) => e.range.start)).toEqual([at(text, 'played:'), at(text, 'played\n')]);
    expect(edits.every((e) => e.newText === 'plays')).toBe(true);
    await expect(t.client.sendRequest(RenameRequest.type, { textDocument: { uri }, position: at(text, 'played:'), newName: 'move' })).rejects.toThrow(/reserved word/);
    await expect(t.client.sendRequest(RenameRequest.type, { textDocument: { uri }, position: at(text, 'played:'), newName: 'draw' })).rejects.toThrow(/already declared/);
    await expect(t.client.sendRequest(RenameRequest.type, { textDocument: { uri }, position: at(text, 'played:'), newName: '9x' })).rejects.toThrow(/not a name/);
  });
});

describe('completion, formatting and symbols', () => {

  it('offers zones after "to", attributes after ".", and otherwise keywords, built-ins and names', async () => {
    const typed = text.replace('move c to discard', 'move c to d');
    await t.open(path, typed);
    const zones = labels(await t.client.sendRequest(CompletionRequest.type, { textDocument: { uri }, position: at(typed, 'move c to d', 0, 11) }));
    expect(zones).toEqual(expect.arrayContaining(['draw', 'hand', 'discard', 'c']));
    expect(zones).not.toContain('shuffle');
    expect(zones).not.toContain('hand_size');
    const attrs = labels(await t.client.sendRequest(CompletionRequest.type, { textDocument: { uri }, position: at(typed, 'c.colour', 0, 2) }));
    expect(attrs.sort()).toEqual(['colour', 'rank']);
    const all = labels(await t.client.sendRequest(CompletionRequest.type, { textDocument: { uri }, position: at(typed, 'stages play', 0, 0) }));
    expect(all).toEqual(expect.arrayContaining(['shuffle', 'playable', 'hand_size', 'Colour', 'red', 'floor', 'draw_card']));
  });

  it('formats the document through the formatter', async () => {
    const messy = text.replace('  move c to discard', 'move  c to discard').replace('var played: 0..999 = 0', 'var played:0..999=0');
    await t.open(path, messy);
    const edits = await t.client.sendRequest(DocumentFormattingRequest.type, { textDocument: { uri }, options: { tabSize: 2, insertSpaces: true } }) as TextEdit[];
    expect(edits).toHaveLength(1);
    expect(edits[0]!.newText).toBe(text.replace('  move c to discard', '  move  c to discard'));
    await t.change(uri, 2, text);
    expect(await t.client.sendRequest(DocumentFormattingRequest.type, { textDocument: { uri }, options: { tabSize: 2, insertSpaces: true } })).toEqual([]);
  });

  it('lists the top-level items as symbols, with enum values and card attributes inside', async () => {
    await t.open(path, text);
    const symbols = await t.client.sendRequest(DocumentSymbolRequest.type, { textDocument: { uri } }) as DocumentSymbol[];
    const names = symbols.map((s) => s.name);
    expect(names).toEqual(expect.arrayContaining(['hand_size', 'Colour', 'Plain', 'main', 'draw', 'hand', 'played', 'playable', 'play', 'draw_card']));
    expect(symbols.find((s) => s.name === 'Colour')!.children!.map((c) => c.name)).toEqual(['red', 'blue']);
    expect(symbols.find((s) => s.name === 'Plain')!.children!.map((c) => c.name)).toEqual(['colour', 'rank']);
  });
});

describe('scenario files', () => {
  const suri = pathToFileURL(scenarioPath).href;
  const scenario = readFileSync(scenarioPath, 'utf8');

  it('reports a syntax error, lists the scenario as symbols, and formats it', async () => {
    expect((await t.open(scenarioPath, scenario)).diagnostics).toEqual([]);
    const broken = scenario.replace('p1 does play', 'p1 dose play');
    const d = (await t.change(suri, 2, broken)).diagnostics;
    expect(d.map((x) => x.code)).toEqual(['syntax_error']);
    expect(d[0]!.range.start.line).toBe(at(broken, 'dose').line);
    await t.change(suri, 3, scenario);
    const symbols = await t.client.sendRequest(DocumentSymbolRequest.type, { textDocument: { uri: suri } }) as DocumentSymbol[];
    expect(symbols.map((s) => s.name)).toEqual(['a play goes on the discard pile', 'players 2', 'seed 1', 'arrange', "p1 does play(c: 'R1')", 'expect played == 1']);
    await t.change(suri, 4, scenario.replace("  discard = ['R5']", "discard=['R5']"));
    const edits = await t.client.sendRequest(DocumentFormattingRequest.type, { textDocument: { uri: suri }, options: { tabSize: 2, insertSpaces: true } }) as TextEdit[];
    expect(edits[0]!.newText).toBe(scenario);
  });

  it("reaches into the game's rule file: hover, definition, references and completion of its names", async () => {
    await t.open(scenarioPath, scenario);
    const h = await t.client.sendRequest(HoverRequest.type, { textDocument: { uri: suri }, position: at(scenario, 'played ==', 0, 2) });
    expect((h!.contents as MarkupContent).value).toContain('(variable) **played**: `number`');
    const defs = await t.client.sendRequest(DefinitionRequest.type, { textDocument: { uri: suri }, position: at(scenario, 'play(c', 0, 1) }) as Location[];
    expect(defs).toEqual([{ uri, range: { start: at(text, 'play(c: card'), end: at(text, 'play(c: card', 0, 4) } }]);
    const refs = await t.client.sendRequest(ReferencesRequest.type, { textDocument: { uri: suri }, position: at(scenario, 'played'), context: { includeDeclaration: true } });
    expect(refs!.map((r) => [r.uri === suri ? 'scenario' : 'rules', r.range.start.line])).toEqual([
      ['rules', at(text, 'played:').line], ['rules', at(text, 'to played').line], ['scenario', at(scenario, 'played').line],
    ]);
    const items = await t.client.sendRequest(CompletionRequest.type, { textDocument: { uri: suri }, position: at(scenario, 'expect', 0, 0) });
    expect(labels(items)).toEqual(expect.arrayContaining(['expect', 'arrange', 'played', 'draw_card', 'hand_size']));
    expect(labels(items)).not.toContain('c'); // the game's parameters are not the scenario's
  });
});

describe('scenario runs', () => {
  it('runs one scenario at a time however many are saved, each file once per wait, and shows each run', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'decksmith-lsp-runs-'));
    let active = 0;
    let most = 0;
    const ran: string[] = [];
    t.close();
    t = await startTestClient({
      debounceMs: 5,
      // A runner that takes a while and reports on line 1 which file it ran.
      runScenario: async (file) => {
        active++;
        most = Math.max(most, active);
        await new Promise((r) => setTimeout(r, 30));
        active--;
        ran.push(basename(file));
        return [{ code: 'scenario_expect_failed', severity: 'error', message: `ran ${basename(file)}`, file, line: 1, col: 1, endLine: 1, endCol: 2, notes: [] }];
      },
    });
    try {
      const scenario = readFileSync(scenarioPath, 'utf8');
      const uris = ['a', 'b', 'c'].map((n) => {
        writeFileSync(join(dir, `${n}.scenario`), scenario);
        return pathToFileURL(join(dir, `${n}.scenario`)).href;
      });
      await Promise.all(['a', 'b', 'c'].map((n) => t.open(join(dir, `${n}.scenario`), scenario)));
      for (const uri of uris) await t.client.sendNotification(DidSaveTextDocumentNotification.type, { textDocument: { uri } });
      await t.client.sendNotification(DidSaveTextDocumentNotification.type, { textDocument: { uri: uris[0]! } });
      const shown = await Promise.all(uris.map(async (uri) => {
        for (;;) {
          const p = await t.diagnostics(uri);
          if (p.diagnostics.length > 0) return p.diagnostics[0]!.message;
        }
      }));
      expect(shown).toEqual(['ran a.scenario', 'ran b.scenario', 'ran c.scenario']);
      await new Promise((r) => setTimeout(r, 300));
      expect(most).toBe(1);
      expect(ran.length).toBeGreaterThanOrEqual(3);
      expect(ran.length).toBeLessThanOrEqual(6); // each file at most once waiting, never once per save
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
