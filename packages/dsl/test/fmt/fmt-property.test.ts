// Property: however a file's whitespace is shaken (indentation, spaces beside marks, blank
// lines), formatting it is idempotent and the file parses to the same tree.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatRules, formatScenario } from '../../src/fmt/index.ts';
import { lineTokens } from '../../src/fmt/tokens.ts';
import { parse as peggyParse } from '../../src/grammar/generated/rules.js';
import { parse } from '../../src/parse/index.ts';

const read = (p: string) => readFileSync(fileURLToPath(new URL(`../../../../${p}`, import.meta.url)), 'utf8');

function shape(tree: unknown): string {
  return JSON.stringify(tree, (_key, value: unknown) =>
    value !== null && typeof value === 'object' && 'start' in value && 'end' in value && 'file' in value ? 'loc' : value);
}

/** Marks beside which the space is free (a name then `(` is a call only when joined, `/` joins a rejection code, `.` a member). */
const FREE = new Set([',', '=', '==', '!=', '<=', '>=', '<', '>', '+', '*', '{', '}', ')', ']', ':', '|', '×', ';']);

/**
 * The text shaken by `choices` (one number per decision): each line's indentation, the space
 * beside the marks where it is free (never between two marks, which could join them), and a
 * blank line after some lines.
 */
function shake(text: string, choices: readonly number[]): string {
  let k = 0;
  const next = () => choices[k++ % choices.length]!;
  return text.split('\n').map((line) => {
    const tokens = lineTokens(line);
    const body = tokens.map((t, i) => {
      if (i === 0) return t.text;
      const p = tokens[i - 1]!;
      const free = (FREE.has(t.text) && t.kind === 'punct' && p.kind !== 'punct') || (FREE.has(p.text) && p.kind === 'punct' && t.kind !== 'punct' && t.kind !== 'comment');
      return ' '.repeat(free && t.gap < 2 ? next() % 2 : t.gap) + t.text;
    }).join('');
    return ' '.repeat(next() % 9) + body + (next() % 7 === 0 ? '\n' : '');
  }).join('\n');
}

const cases = [
  { path: 'docs/tutorial/crazy-eights.rules', fmt: formatRules, tree: (t: string) => shape(parse(t, 'x.rules').file) },
  { path: 'games/tiv-miv/tiv-miv.rules', fmt: formatRules, tree: (t: string) => shape(parse(t, 'x.rules').file) },
  {
    path: 'games/go-wacky/scenarios/option-count-chain.scenario',
    fmt: formatScenario,
    tree: (t: string) => shape(peggyParse(t, { startRule: 'Scenario', file: 'x.scenario' })),
  },
];

describe('formatting shaken files', () => {
  for (const { path, fmt, tree } of cases) {
    it(`${path}: idempotent, same tree`, () => {
      const text = read(path);
      const want = tree(text);
      fc.assert(fc.property(fc.array(fc.nat(100), { minLength: 1, maxLength: 64 }), (choices) => {
        const shaken = shake(text, choices);
        expect(tree(shaken)).toBe(want); // the shake itself keeps the meaning
        const once = fmt(shaken);
        expect(fmt(once)).toBe(once);
        expect(tree(once)).toBe(want);
      }), { numRuns: 12, seed: 21 });
    }, 60_000);
  }
});
