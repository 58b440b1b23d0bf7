// The studio's pure parts: its route, the checker thread's answer on a real rule file, and the
// checker's 1-based line/column ranges as editor offsets that select the very token at fault.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Text } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { parseRoute } from '../src/lib/router.svelte.ts';
import { checkText } from '../src/studio/check-worker.ts';
import { offsetOf, toCm } from '../src/studio/editor.ts';

const RULES = readFileSync(fileURLToPath(new URL('../../../docs/tutorial/crazy-eights.rules', import.meta.url)), 'utf8');

describe('studio', () => {
  it('has its route', () => {
    expect(parseRoute('/studio')).toEqual({ name: 'studio' });
    expect(parseRoute('/studio/')).toEqual({ name: 'studio' });
    expect(parseRoute('/studios')).toMatchObject({ name: 'missing' });
  });

  it('checks a clean file: no diagnostics, the seat range for Play', () => {
    expect(checkText('g.rules', RULES)).toEqual({ diagnostics: [], game: { title: 'Crazy Eights', minPlayers: 2, maxPlayers: 7 } });
  });

  it('marks exactly the faulty token, for a checker error and for a syntax error', () => {
    for (const [bad, token] of [
      ['move c to nowhere', 'nowhere'],
      ['move c to discard ]', ']'],
    ] as const) {
      const text = RULES.replace('move c to discard', bad);
      const r = checkText('g.rules', text);
      expect(r.game).toBeNull();
      const doc = Text.of(text.split('\n'));
      const [first] = toCm(doc, r.diagnostics.filter((d) => d.severity === 'error'));
      expect(first, bad).toBeDefined();
      expect(doc.sliceString(first!.from, Math.max(first!.to, first!.from + token.length)).startsWith(token), `${bad}: ${first!.message}`).toBe(true);
      expect(first!.message).toMatch(/^[a-z_]+: /);
    }
  });

  it("checks a variant against its base among the draft's other files", () => {
    const variant = 'game eights-five "Eights of five" extends crazy-eights\nsummary "Five cards each."\noption hand_size = 5\n';
    expect(checkText('variant-1.rules', variant, [{ name: 'eights.rules', text: RULES }])).toMatchObject({ diagnostics: [], game: { title: 'Eights of five' } });
    const alone = checkText('variant-1.rules', variant, []);
    expect(alone.game).toBeNull();
    expect(alone.diagnostics.some((d) => d.severity === 'error')).toBe(true);
  });

  it("checks a scenario file's syntax as it is typed, marking the faulty token (running it is the server's)", () => {
    const scenario = "scenario \"an eight\" for crazy-eights\nplayers 2\np1 does play(c: '8♠', named: hearts)\nexpect current == p2\n";
    expect(checkText('scenarios/a.scenario', scenario)).toEqual({ diagnostics: [], game: null });
    const broken = scenario.replace('expect current', 'expect current ==');
    const r = checkText('scenarios/a.scenario', broken);
    const doc = Text.of(broken.split('\n'));
    const [first] = toCm(doc, r.diagnostics.filter((d) => d.severity === 'error'));
    expect(first).toBeDefined();
    expect(doc.lineAt(first!.from).number).toBe(4);
  });

  it('clamps positions outside the document into it', () => {
    const doc = Text.of(['ab', 'cd']);
    expect(offsetOf(doc, 9, 9)).toBe(doc.length);
    expect(offsetOf(doc, 0, 0)).toBe(0);
    expect(offsetOf(doc, 2, 2)).toBe(4);
  });
});
