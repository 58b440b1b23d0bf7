// Parsing the reference: every Part II example, the everything fixture, AST shapes and locations.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { KEYWORDS, parse, type Expr, type FileAst, type Item } from '../src/index.ts';

const read = (path: string): string => readFileSync(fileURLToPath(new URL(path, import.meta.url)), 'utf8');
const doc = read('../../../docs/language.md');
const partII = doc.slice(doc.indexOf('## Part II'));
const examples = [...partII.matchAll(/```rules\n([\s\S]*?)```/g)].map((m) => m[1]!);

function parseClean(text: string, file = 'test.rules'): FileAst {
  const { file: ast, diagnostics } = parse(text, file);
  expect(diagnostics).toEqual([]);
  return ast!;
}
function item<K extends Item['kind']>(ast: FileAst, kind: K, name?: string): Extract<Item, { kind: K }> {
  const found = ast.items.find((i) => i.kind === kind && (name === undefined || ('name' in i && i.name.text === name)));
  expect(found, `${kind} ${name ?? ''}`).toBeDefined();
  return found as Extract<Item, { kind: K }>;
}
function expr(text: string): Expr {
  return item(parseClean(`define x: number = ${text}`), 'define').body;
}
/** An expression as a compact S-expression, to pin precedence down. */
function sexp(e: Expr): string {
  switch (e.kind) {
    case 'binary': return `(${e.op} ${sexp(e.left)} ${sexp(e.right)})`;
    case 'unary': return `(${e.op} ${sexp(e.operand)})`;
    case 'name': return e.name.text;
    case 'number': return e.raw;
    case 'member': return `${sexp(e.object)}.${e.attr.text}`;
    case 'call': return `${e.callee.text}(${e.args.map(sexp).join(' ')})`;
    case 'if': return `(if ${sexp(e.cond)} ${sexp(e.then)} ${sexp(e.else)})`;
    case 'is_kind': return `(is${e.negated ? ' not' : ''} ${sexp(e.subject)} ${e.cardKind.text})`;
    case 'is_empty': return `(empty${e.negated ? ' not' : ''} ${sexp(e.subject)})`;
    case 'top_of': return `(top ${sexp(e.zone)})`;
    case 'quantifier': return `(${e.quantifier} ${e.variable.text} ${sexp(e.source)}${e.where ? ` ${sexp(e.where)}` : ''})`;
    case 'aggregate': return `(${e.op} ${sexp(e.body)} ${e.variable.text} ${sexp(e.source)}${e.where ? ` ${sexp(e.where)}` : ''})`;
    case 'builtin': return e.name;
    case 'list': return `[${e.elements.map(sexp).join(' ')}]`;
    default: return e.kind;
  }
}

describe('Part II examples', () => {
  it('there are examples to parse', () => expect(examples.length).toBeGreaterThanOrEqual(15));
  examples.forEach((example, i) => {
    it(`example ${i + 1}: ${example.split('\n')[0]}`, () => {
      parseClean(example);
    });
  });
});

describe('the everything fixture', () => {
  const text = read('./fixtures/everything.rules');
  it('parses with no diagnostics', () => {
    const ast = parseClean(text, 'everything.rules');
    const kinds = new Set(ast.items.map((i) => i.kind));
    // Every item kind of the AST appears at least once.
    for (const k of ['game', 'summary', 'players', 'option', 'option_override', 'remove', 'constraint', 'enum', 'card',
      'deck', 'zone', 'var', 'die', 'sides', 'roles', 'meld_rules', 'define', 'procedure', 'rounds', 'stage',
      'window', 'action', 'hook', 'trigger', 'winner', 'layout'] as const) {
      expect(kinds.has(k), k).toBe(true);
    }
  });
  it('uses every statement kind', () => {
    const kinds = new Set<string>();
    const visit = (n: unknown): void => {
      if (Array.isArray(n)) n.forEach(visit);
      else if (n && typeof n === 'object') {
        const o = n as { kind?: string; statements?: { kind: string }[] };
        if (o.kind === 'block') o.statements!.forEach((s) => kinds.add(s.kind));
        Object.values(o).forEach(visit);
      }
    };
    visit(parseClean(text));
    for (const k of ['move', 'deal', 'flip', 'shuffle', 'turn_over', 'refill', 'lay_melds', 'set', 'add', 'subtract',
      'let', 'if', 'for_each', 'repeat', 'end', 'keep_turn', 'skip_next', 'reverse', 'next_step', 'close_window',
      'turn_to', 'open_window', 'pause', 'announce', 'require', 'call']) {
      expect(kinds.has(k), k).toBe(true);
    }
  });
});

describe('expressions', () => {
  it('follow the precedence table', () => {
    expect(sexp(expr('1 + 2 * 3 > 4 and not a or b'))).toBe('(or (and (> (+ 1 (* 2 3)) 4) (not a)) b)');
    expect(sexp(expr('not c.figure in [plus3, breaker]'))).toBe('(not (in c.figure [plus3 breaker]))');
    expect(sexp(expr('if a then 1 else if b then 2 else 3'))).toBe('(if a 1 (if b 2 3))');
    expect(sexp(expr('a - b - c mod 2'))).toBe('(- (- a b) (mod c 2))');
    expect(sexp(expr('-x * 2'))).toBe('(* (- x) 2)');
    expect(sexp(expr('top of discard is Special'))).toBe('(is (top discard) Special)');
    expect(sexp(expr('(top of discard).colour'))).toBe('(top discard).colour');
    expect(sexp(expr('stock(my side) is not empty'))).toBe('(empty not stock(my_side))');
  });
  it('quantifiers bind a name and take a full condition', () => {
    expect(sexp(expr('max score(s) for s in sides >= target'))).toBe('(>= (max score(s) s sides) target)');
    expect(sexp(expr('count c in hand(p) + stack(p) where c.value in targets and true')))
      .toBe('(count c (+ hand(p) stack(p)) (and (in c.value targets) bool))');
    expect(sexp(expr('min(a, b) + max(1, 2)'))).toBe('(+ min(a b) max(1 2))');
  });
  it('parses interpolated strings into expressions with their own locations', () => {
    const text = 'announce_test: action a { announce "{c} beats {top of discard}!" }';
    const ast = parseClean(text.slice('announce_test: '.length));
    const stmt = item(ast, 'action').body.statements[0]!;
    if (stmt.kind !== 'announce') throw new Error('not an announce');
    const parts = stmt.text.parts;
    expect(parts.map((p) => p.kind)).toEqual(['interpolation', 'text', 'interpolation', 'text']);
    const second = parts[2]!;
    if (second.kind !== 'interpolation') throw new Error('not an interpolation');
    expect(second.expr.kind).toBe('top_of');
    expect(second.expr.loc.start.col).toBe('action a { announce "{c} beats {'.length + 1);
    expect(second.expr.loc.end.col - second.expr.loc.start.col).toBe('top of discard'.length);
  });
  it('reads durations in milliseconds and folds negative literals', () => {
    expect(expr('0.75s')).toMatchObject({ kind: 'duration', ms: 750 });
    expect(expr('300ms')).toMatchObject({ kind: 'duration', ms: 300 });
    expect(expr('-1')).toMatchObject({ kind: 'number', value: -1 });
  });
});

describe('declarations', () => {
  it('keeps names with their own locations', () => {
    const zone = item(parseClean('game g "G"\nzone   hand: per player, fan, owner'), 'zone');
    expect(zone.name).toMatchObject({ text: 'hand', loc: { start: { line: 2, col: 8, offset: 18 }, end: { col: 12 } } });
    expect(zone.loc.start).toEqual({ offset: 11, line: 2, col: 1 });
  });
  it('gives meld rules an implicit card c', () => {
    const meld = item(parseClean('meld rules m { wild when c is Joker  points 10 }'), 'meld_rules');
    expect(meld.rules.map((r) => 'variable' in r && r.variable.text)).toEqual(['c', 'c']);
  });
  it('accepts a single player count', () => {
    expect(item(parseClean('players 4'), 'players')).toMatchObject({ min: { value: 4 }, max: { value: 4 } });
  });
});

describe('keywords', () => {
  it('the parser list matches the grammar', () => {
    const grammar = read('../src/grammar/rules.peggy');
    const list = /const KEYWORDS = new Set\(\s*"([^"]+)"/.exec(grammar)![1]!.split(' ');
    expect([...KEYWORDS].sort()).toEqual([...list].sort());
  });
  it('the grammar list matches the reference', () => {
    const section = partII.slice(partII.indexOf('**Keywords**'), partII.indexOf('(`x`, `×`'));
    const words = /`([^`]+)`/.exec(section)![1]!.split(/\s+/).filter(Boolean);
    expect([...new Set(words)].sort()).toEqual([...KEYWORDS].sort());
  });
});

describe('error recovery', () => {
  it('reports every broken item and keeps the good ones', () => {
    const { file, diagnostics } = parse(read('./samples/many-errors-recovered/input.rules'), 'm.rules');
    expect(diagnostics.map((d) => d.line)).toEqual([3, 6, 8]);
    expect(file!.items.map((i) => i.kind)).toEqual(['game', 'zone', 'option', 'layout', 'winner']);
  });
  it('never throws, even on absurd input', () => {
    for (const text of ['', '{', '"', '(((((', 'game', '\u0000', '#', 'x'.repeat(5000), '('.repeat(20000), '"{'.repeat(3000)]) {
      const { diagnostics } = parse(text, 'a.rules');
      for (const d of diagnostics) expect(d.line).toBeGreaterThanOrEqual(1);
    }
  });
});

describe('conditional meld and dealer clauses', () => {
  it('`all wild allowed when c` and `dealer random if c, then left` keep their conditions', () => {
    const ast = parseClean(`game g "G"
meld rules m { size 3 or more  books  all wild allowed when wilds_ok }
meld rules n { size 3 or more  books  all wild allowed }
rounds { count 2  dealer random if random_first, then left }`);
    const lines = item(ast, 'meld_rules', 'm').rules;
    const allWild = lines.find((r) => r.kind === 'meld_all_wild');
    expect(allWild?.kind === 'meld_all_wild' && allWild.cond !== null ? sexp(allWild.cond) : null).toBe('wilds_ok');
    expect(item(ast, 'meld_rules', 'n').rules.find((r) => r.kind === 'meld_all_wild')).toMatchObject({ cond: null });
    const dealer = item(ast, 'rounds').dealer!;
    expect([dealer.first, dealer.when === null ? null : sexp(dealer.when), dealer.then]).toEqual(['random', 'random_first', 'left']);
  });
});
