// Property test (issue #21, the studio's security model): an author's strings and names never
// escape into generated code. Random text with quotes, backslashes, `${`, backquotes, comment
// openers and closers (`*/`, `//`, `<!--`), NUL, tabs and Unicode line separators is put in every
// string an author writes (title, summary, option description, enum symbol, rejection message,
// announcement) and random names (JS reserved words, `__proto__`, `constructor`…) in a variable's
// name. The generated module must parse, its code (everything but string literals, template text
// and comments) must be the same as the module of the plain game, and it must load to the same
// model with the author's text as its values.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { ts } from 'ts-morph';
import { afterAll, describe, expect, it } from 'vitest';
import { checkGame } from '../../src/check/index.ts';
import { generateModule } from '../../src/codegen/index.ts';
import { parse } from '../../src/parse/index.ts';

const BASE = readFileSync(fileURLToPath(new URL('../../../../docs/tutorial/crazy-eights.rules', import.meta.url)), 'utf8');
// The runtime as an absolute URL, so a module written to a temporary folder can import it.
const RUNTIME = pathToFileURL(fileURLToPath(new URL('../../../runtime/src/index.ts', import.meta.url))).href;
const dir = mkdtempSync(join(tmpdir(), 'decksmith-escape-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The author's texts, by where they go. */
interface Texts {
  title: string;
  summary: string;
  description: string;
  symbol: string;
  rejection: string;
  announce: string;
  varName: string;
}

const PLAIN: Texts = { title: 'T', summary: 'S', description: 'D', symbol: 'C', rejection: 'R', announce: 'A', varName: 'won' };

/** A string as the rule language writes it: `"` and `\` escaped, braces doubled (no interpolation). */
function ruleString(s: string): string {
  return `"${s.replace(/[\\"]/g, (c) => `\\${c}`).replace(/\{/g, '{{').replace(/\}/g, '}}')}"`;
}

function rulesWith(t: Texts): string {
  const replace = (text: string, from: string, to: string): string => {
    if (!text.includes(from)) throw new Error(`the tutorial game no longer has ${from}`);
    return text.split(from).join(to);
  };
  let r = BASE;
  r = replace(r, 'game crazy-eights "Crazy Eights"', `game crazy-eights ${ruleString(t.title)}`);
  r = replace(r, 'summary "Match the top card by suit or rank; eights are wild. First to empty their hand wins."', `summary ${ruleString(t.summary)}`);
  r = replace(r, '"Cards dealt to each player"', ruleString(t.description));
  r = replace(r, 'clubs "♣"', `clubs ${ruleString(t.symbol)}`);
  r = replace(r, 'clubs "#212121"', 'clubs "#212121"');
  r = replace(r, 'zone/empty "There is nothing left to draw."', `zone/empty ${ruleString(t.rejection)}`);
  r = replace(r, 'announce "{p} wins!"', `announce "{p}${ruleString(t.announce).slice(1)}`);
  r = r.replace(/\bwon\b/g, t.varName);
  return r;
}

function generate(t: Texts): string {
  const text = rulesWith(t);
  const parsed = parse(text, 'fuzz.rules');
  expect(parsed.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  const checked = checkGame(parsed.file!, { sources: [{ file: 'fuzz.rules', text }], loadBase: () => null });
  expect(checked.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return generateModule(checked.game!);
}

/**
 * The module's code without its author text: string literals and template text emptied,
 * comments dropped; throws when it does not parse.
 */
function skeleton(source: string): string {
  const file = ts.createSourceFile('m.ts', source, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const errors = (file as unknown as { parseDiagnostics: ts.Diagnostic[] }).parseDiagnostics;
  if (errors.length > 0) throw new Error(`generated module does not parse: ${ts.flattenDiagnosticMessageText(errors[0]!.messageText, '\n')}`);
  // The tree's shape: node kinds, names and numbers, operators; string literals and template text
  // as one mark each; comments and layout are not in the tree.
  const shape = (node: ts.Node): string => {
    if (ts.isStringLiteral(node)) return 'S';
    if (ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) return 'T';
    if (ts.isIdentifier(node)) return `I:${node.text}`;
    if (ts.isNumericLiteral(node)) return `N:${node.text}`;
    // Codegen names a parameter the body does not read `_a` or leaves it out, and reads the body's
    // text for that (a string holding the letter keeps it): plain parameters are not compared.
    if (ts.isParameter(node) && node.initializer === undefined) return '';
    const parts: string[] = [];
    ts.forEachChild(node, (c) => {
      const part = shape(c);
      if (part !== '') parts.push(part);
    });
    const op = ts.isPrefixUnaryExpression(node) || ts.isPostfixUnaryExpression(node) ? `:${node.operator}` : '';
    return `${ts.SyntaxKind[node.kind]}${op}(${parts.join(',')})`;
  };
  return shape(file);
}

async function load(source: string, n: number): Promise<Record<string, unknown>> {
  const js = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText;
  const file = join(dir, `m${n}.mjs`);
  writeFileSync(file, js.replace(/from '@decksmith\/runtime'/g, `from '${RUNTIME}'`));
  return (await import(pathToFileURL(file).href)) as Record<string, unknown>;
}

const NASTY = ['"', "'", '`', '\\', '${', '}', '{', '*/', '/*', '//', '<!--', '-->', '</script>', '\u2028', '\u2029', '\u0000', '\t', '\u00a0', 'é', '👾', '\ufeff', 'x', ' ', ';', ')', '+'];
const text = fc.array(fc.oneof(fc.constantFrom(...NASTY), fc.string({ maxLength: 3 })), { minLength: 1, maxLength: 12 })
  .map((parts) => parts.join('').replace(/[\n\r]/g, ' '))
  .filter((s) => s.trim().length > 0);
const NAMES = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'eval', 'arguments', 'x', 'a', 'n', 'game', 'faces', 'undefined', 'NaN', 'Object', 'this_', 'won'];
const name = fc.oneof(fc.constantFrom(...NAMES), fc.stringMatching(/^[a-z_][a-z0-9_]{0,8}$/)).filter((s) => !/^(if|in|of|or|and|not|is|set|top|end|by|to|from|me|p)$/.test(s));

describe('codegen escapes every author string and name', () => {
  const plainSkeleton = skeleton(generate(PLAIN));
  // The plain strings with the fuzzed name: what the code must be, whatever the strings.
  const skeletons = new Map<string, string>();
  const skeletonOf = (varName: string): string => {
    if (!skeletons.has(varName)) skeletons.set(varName, skeleton(generate({ ...PLAIN, varName })));
    return skeletons.get(varName)!;
  };

  it('random author text lands only in string literals and comments, and loads as the same values', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(fc.record({ title: text, summary: text, description: text, symbol: text, rejection: text, announce: text, varName: name }), async (t) => {
        const text = rulesWith(t);
        const parsed = parse(text, 'fuzz.rules');
        // A random name may be a keyword of the language or clash with a declared name: then the author gets a diagnostic, not code.
        if (parsed.file === null || parsed.diagnostics.some((d) => d.severity === 'error')) return;
        const checked = checkGame(parsed.file, { sources: [{ file: 'fuzz.rules', text }], loadBase: () => null });
        if (checked.game === null || checked.diagnostics.some((d) => d.severity === 'error')) {
          // Strings never cause errors; only the name may.
          expect(t.varName).not.toBe(PLAIN.varName);
          return;
        }
        const source = generateModule(checked.game);
        // Compared as booleans: the two trees are printed only when they differ, by the message.
        const same = skeleton(source) === skeletonOf(t.varName);
        expect(same, `the module's code changed with the strings of ${JSON.stringify(t)}`).toBe(true);
        const { game } = (await load(source, n++)) as { game: { title: string; summary: string; options: { description: string }[]; enums?: unknown } };
        expect(game.title).toBe(t.title);
        expect(game.summary).toBe(t.summary);
        expect(game.options[0]!.description).toBe(t.description);
        expect(JSON.stringify(game)).toContain(JSON.stringify(t.symbol));
      }),
      { numRuns: 25, seed: 21 },
    );
  }, 120_000);

  it('the comment breakers each alone: a title of `*/` and friends stays inside its comment', async () => {
    for (const [i, bad] of ['*/ globalThis.pwned = 1; /*', "'; globalThis.pwned = 1; '", '`; globalThis.pwned = 1; `', '${globalThis.pwned = 1}', '\\', '\u2028globalThis.pwned = 1'].entries()) {
      const t = { ...PLAIN, title: bad, description: bad, summary: bad, announce: bad, rejection: bad };
      const source = generate(t);
      expect(skeleton(source) === plainSkeleton, bad).toBe(true);
      const { game } = (await load(source, 1000 + i)) as { game: { title: string; options: { description: string }[] } };
      expect(game.title).toBe(bad);
      expect(game.options[0]!.description).toBe(bad);
      expect((globalThis as { pwned?: number }).pwned).toBeUndefined();
    }
  });

  it('a newline cannot be in an author string at all: the parser refuses it (string_unterminated)', () => {
    const parsed = parse(BASE.replace('"Crazy Eights"', '"Crazy\nEights"'), 'fuzz.rules');
    expect(parsed.diagnostics.map((d) => d.code)).toContain('string_unterminated');
  });
});
