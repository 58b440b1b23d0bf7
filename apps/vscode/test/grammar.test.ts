// The TextMate grammars colour rule and scenario files: token scopes asserted with vscode-textmate
// and vscode-oniguruma (the engine VS Code uses) on sample files.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { createOnigScanner, createOnigString, loadWASM } from 'vscode-oniguruma';
import { INITIAL, Registry, parseRawGrammar, type IGrammar } from 'vscode-textmate';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const grammars: Record<string, string> = {
  'source.decksmith': here('../syntaxes/decksmith.tmLanguage.json'),
  'source.decksmith-scenario': here('../syntaxes/decksmith-scenario.tmLanguage.json'),
};

let rules: IGrammar;
let scenario: IGrammar;

beforeAll(async () => {
  const wasm = readFileSync(createRequire(import.meta.url).resolve('vscode-oniguruma/release/onig.wasm'));
  await loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
  const registry = new Registry({
    onigLib: Promise.resolve({ createOnigScanner, createOnigString }),
    loadGrammar: async (scope) => (grammars[scope] ? parseRawGrammar(readFileSync(grammars[scope]!, 'utf8'), grammars[scope]) : null),
  });
  rules = (await registry.loadGrammar('source.decksmith'))!;
  scenario = (await registry.loadGrammar('source.decksmith-scenario'))!;
});

/** Each token of each line with its innermost scope: [text, scope]. */
function tokens(grammar: IGrammar, text: string): [string, string][] {
  let stack = INITIAL;
  const out: [string, string][] = [];
  for (const line of text.split('\n')) {
    const r = grammar.tokenizeLine(line, stack);
    for (const t of r.tokens) {
      const s = line.slice(t.startIndex, t.endIndex);
      if (s.trim() !== '') out.push([s, t.scopes.at(-1)!]);
    }
    stack = r.ruleStack;
  }
  return out;
}

/** The scope of the first token whose text is `text` (after the first token `after`, when given). */
function scopeOf(all: [string, string][], text: string, after?: string): string | undefined {
  const from = after === undefined ? 0 : all.findIndex(([t]) => t === after) + 1;
  return all.slice(from).find(([t]) => t === text)?.[1];
}

describe('the rules grammar on a sample rule file', () => {
  const all = () => tokens(rules, readFileSync(here('samples/sample.rules'), 'utf8'));

  it('colours comments, strings, interpolations and card faces', () => {
    const t = all();
    expect(t[0]).toEqual(["# A small game for the language server's tests.", 'comment.line.number-sign.decksmith']);
    expect(scopeOf(t, 'Mini')).toBe('string.quoted.double.decksmith');
    expect(scopeOf(t, '"')).toBe('punctuation.definition.string.begin.decksmith');
    expect(scopeOf(t, 'colour', 'shown')).toBe('variable.other.decksmith'); // inside "{colour}{rank}"
    const inside = tokens(rules, 'announce "a \\" {c} {{x}}"\nexpect top of d == \'R+2\'');
    expect(inside.find(([s]) => s === '\\"')?.[1]).toBe('constant.character.escape.decksmith');
    expect(inside.find(([s]) => s === '{')?.[1]).toBe('punctuation.section.interpolation.begin.decksmith');
    expect(inside.find(([s]) => s === '{{')?.[1]).toBe('constant.character.escape.decksmith');
    expect(inside.find(([s]) => s === 'R+2')?.[1]).toBe('string.quoted.single.card-face.decksmith');
  });

  it('colours keywords by their role, numbers and durations', () => {
    const t = all();
    expect(scopeOf(t, 'game')).toBe('keyword.other.declaration.decksmith');
    expect(scopeOf(t, 'if')).toBe('keyword.control.decksmith');
    expect(scopeOf(t, 'move')).toBe('keyword.other.effect.decksmith');
    expect(scopeOf(t, 'or')).toBe('keyword.operator.word.decksmith');
    expect(scopeOf(t, 'me')).toBe('constant.language.decksmith');
    expect(scopeOf(t, '999')).toBe('constant.numeric.decksmith');
    expect(tokens(rules, 'option t: 0s..10s = 300ms').filter(([, s]) => s === 'constant.numeric.duration.decksmith').map(([x]) => x))
      .toEqual(['0s', '10s', '300ms']);
  });

  it('colours declared names, types, built-ins, rejection codes and other names', () => {
    const t = all();
    expect(scopeOf(t, 'mini')).toBe('entity.name.namespace.game-id.decksmith');
    expect(scopeOf(t, 'playable')).toBe('entity.name.function.decksmith');
    expect(scopeOf(t, 'Colour')).toBe('entity.name.type.decksmith');
    expect(scopeOf(t, 'hand')).toBe('variable.other.declaration.decksmith');
    expect(scopeOf(t, 'discard', 'move')).toBe('variable.other.decksmith');
    expect(scopeOf(t, 'Card')).toBe('entity.name.type.decksmith');
    const req = tokens(rules, 'require floor(x) > 1 else card/not_playable "no"');
    expect(req.find(([s]) => s === 'floor')?.[1]).toBe('support.function.builtin.decksmith');
    expect(req.find(([s]) => s === 'card/not_playable')?.[1]).toBe('constant.other.rejection-code.decksmith');
  });
});

describe('the scenario grammar on a sample scenario', () => {
  it('colours the scenario words and seats, and the rules language inside', () => {
    const t = tokens(scenario, readFileSync(here('samples/sample.scenario'), 'utf8'));
    expect(scopeOf(t, 'scenario')).toBe('keyword.other.scenario.decksmith');
    expect(scopeOf(t, 'arrange')).toBe('keyword.other.scenario.decksmith');
    expect(scopeOf(t, 'does')).toBe('keyword.other.scenario.decksmith');
    expect(scopeOf(t, 'p1')).toBe('variable.language.seat.decksmith');
    expect(scopeOf(t, 'R1')).toBe('string.quoted.single.card-face.decksmith');
    expect(scopeOf(t, '2s')).toBe('constant.numeric.duration.decksmith');
    expect(scopeOf(t, 'card/not_playable')).toBe('constant.other.rejection-code.decksmith');
    expect(scopeOf(t, 'count')).toBe('keyword.other.decksmith');
    expect(scopeOf(t, '==')).toBe('keyword.operator.decksmith');
  });
});
