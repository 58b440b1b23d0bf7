// The formatter: hand-written before/after fixtures, comments kept, and a round trip over every
// rule and scenario file in the repository (idempotent; the same tree and the same generated module).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkGame } from '../../src/check/index.ts';
import { generateModule } from '../../src/codegen/index.ts';
import { formatRules, formatScenario } from '../../src/fmt/index.ts';
import { lineTokens } from '../../src/fmt/tokens.ts';
import { parse as peggyParse } from '../../src/grammar/generated/rules.js';
import { parse } from '../../src/parse/index.ts';
import { mangle } from './mangle.ts';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '../../../..');
const fixtures = join(here, 'fixtures');

function walk(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name.startsWith('.') || e.name === 'dist') continue;
    const p = join(dir, e.name);
    if (e.isDirectory()) walk(p, out);
    else if (/\.(rules|scenario)$/.test(e.name)) out.push(p);
  }
  return out;
}

/** Every rule and scenario file of the repository (the compiler's broken samples included). */
const files = [...walk(join(root, 'games')), ...walk(join(root, 'docs')), ...walk(join(root, 'packages'))]
  .map((p) => ({ path: relative(root, p), text: readFileSync(p, 'utf8') }));
/** Those that parse: a broken file's error recovery reads column 1, so only these keep their tree. */
const parsing = files.filter(({ path, text }) => path.endsWith('.rules')
  ? parse(text, path).diagnostics.every((d) => d.severity !== 'error')
  : parseScenario(text) !== null);

/**
 * A tree or model without its source positions (any { file, start, end } object) or source text
 * (the model's `sources`): what the compiler makes of the file.
 */
function shape(tree: unknown): string {
  return JSON.stringify(tree, (key, value: unknown) => key === 'sources' ? undefined
    : value !== null && typeof value === 'object' && 'start' in value && 'end' in value && 'file' in value ? 'loc' : value);
}

function parseScenario(text: string): unknown {
  try {
    return peggyParse(text, { startRule: 'Scenario', file: 'x.scenario' });
  } catch {
    return null;
  }
}

function comments(text: string): string[] {
  return text.split('\n').flatMap((l) => lineTokens(l).filter((t) => t.kind === 'comment').map((t) => t.text));
}

/** The checked model of a rule file without positions, or null when it does not check. */
function checked(path: string, text: string) {
  const parsed = parse(text, path);
  if (parsed.file === null || parsed.diagnostics.some((d) => d.severity === 'error')) return null;
  const loadBase = (id: string) => {
    for (const c of [join(root, dirname(path), `${id}.rules`), join(root, 'games', id, `${id}.rules`)]) {
      if (existsSync(c)) return { file: relative(root, c), text: readFileSync(c, 'utf8') };
    }
    return null;
  };
  return checkGame(parsed.file, { sources: [{ file: path, text }], loadBase }).game;
}

/** The generated module without its header (which names the source's hash). */
function moduleText(game: NonNullable<ReturnType<typeof checked>>): string {
  return generateModule(game).split('\n').filter((l) => !l.startsWith('// Source sha256')).join('\n');
}

describe('formatRules and formatScenario on hand-written fixtures', () => {
  for (const [name, fmt] of [['messy.before.rules', formatRules], ['steps.before.scenario', formatScenario]] as const) {
    it(`lays ${name} out as its .after file, which it leaves alone`, () => {
      const after = readFileSync(join(fixtures, name.replace('.before.', '.after.')), 'utf8');
      expect(fmt(readFileSync(join(fixtures, name), 'utf8'))).toBe(after);
      expect(fmt(after)).toBe(after);
    });
  }

  it('keeps strings, card faces and comments byte for byte, and never joins or splits lines', () => {
    const text = 'define  x :number=1+2   #  odd   spacing ,kept\nannounce "a  ,b (  c )"\nexpect  top of d==\'R +2\'\n';
    expect(formatRules(text)).toBe('define  x: number = 1 + 2   #  odd   spacing ,kept\nannounce "a  ,b (  c )"\nexpect  top of d == \'R +2\'\n');
  });

  it('indents blocks by two, closes at the statement that opened them, and keeps a continuation one step in', () => {
    expect(formatRules('action a\n        by current {\n      move c to d\n        }\n')).toBe('action a\n        by current {\n  move c to d\n}\n');
    expect(formatRules('rounds {\nsetup {\nif x {\nset y = 1\n} else {\nset y = 2\n}\n}\n}\n'))
      .toBe('rounds {\n  setup {\n    if x {\n      set y = 1\n    } else {\n      set y = 2\n    }\n  }\n}\n');
  });

  it('normalises line ends, a byte-order mark, tabs and blank lines', () => {
    expect(formatRules('\uFEFF\r\n\r\ngame a "A"\r\n\r\n\r\n\r\nplayers\t2\r\n\r\n')).toBe('game a "A"\n\nplayers 2\n');
    expect(formatRules('')).toBe('');
  });

  it('leaves an unterminated string as written (the parser reports it)', () => {
    expect(formatRules('announce "open  ,\nset x=1\n')).toBe('announce "open  ,\nset x = 1\n');
  });
});

describe('formatting every rule and scenario file of the repository', () => {
  it('finds them', () => {
    expect(files.filter((f) => f.path.startsWith('games/') && f.path.endsWith('.rules')).length).toBeGreaterThanOrEqual(8);
    expect(files.filter((f) => f.path.endsWith('.scenario')).length).toBeGreaterThan(50);
  });

  it('is idempotent and keeps every comment, in order', () => {
    for (const { path, text } of files) {
      const fmt = path.endsWith('.rules') ? formatRules : formatScenario;
      for (const input of [text, mangle(text)]) {
        const once = fmt(input);
        expect(fmt(once), path).toBe(once);
        expect(comments(once), path).toEqual(comments(text));
      }
    }
  });

  it('parses each file, shaken and formatted, to the same tree', () => {
    expect(parsing.filter((f) => f.path.startsWith('games/')).length).toBeGreaterThan(files.filter((f) => f.path.startsWith('games/')).length - 5);
    for (const { path, text } of parsing) {
      if (path.endsWith('.rules')) {
        const before = parse(text, path);
        const after = parse(formatRules(mangle(text)), path);
        expect(shape(after.file), path).toBe(shape(before.file));
        expect(after.diagnostics.map((d) => d.code), path).toEqual(before.diagnostics.map((d) => d.code));
      } else {
        expect(shape(parseScenario(formatScenario(mangle(text)))), path).toBe(shape(parseScenario(text)));
      }
    }
  });

  it('checks each game, shaken and formatted, to the same model, and the tutorial to the same module', () => {
    let compared = 0;
    for (const { path, text } of files.filter((f) => /^(games|docs)\/.*\.rules$/.test(f.path))) {
      const before = checked(path, text);
      if (before === null) continue;
      const after = checked(path, formatRules(mangle(text)));
      expect(shape(after), path).toBe(shape(before));
      if (path.startsWith('docs/')) expect(moduleText(after!)).toBe(moduleText(before));
      compared++;
    }
    expect(compared).toBeGreaterThanOrEqual(9);
  }, 60_000);
});
