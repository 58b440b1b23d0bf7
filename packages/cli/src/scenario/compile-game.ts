// Compiles a game in memory together with probes: synthetic `define`s appended to the game's
// AST, so that every scenario expression is type-checked in the game's scope (diagnostics
// located in the scenario file) and compiled into a function the runner can call.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { ts } from 'ts-morph';
import type * as A from '@decksmith/dsl/ast/index.ts';
import { checkGame, type LoadBase } from '@decksmith/dsl/check/index.ts';
import type { CheckedGame, Type } from '@decksmith/dsl/check/model.ts';
import { RUNTIME_MODULE, generateModule } from '@decksmith/dsl/codegen/index.ts';
import { CodegenError } from '@decksmith/dsl/codegen/compile-expr.ts';
import { importCompiled } from '@decksmith/dsl/node/compile-in-memory.ts';
import { toPosix } from '@decksmith/dsl/node/pipeline.ts';
import type { Diagnostic } from '@decksmith/dsl/diagnostics/diagnostic.ts';
import { internalError } from '@decksmith/dsl/diagnostics/catalogue.ts';
import { parse } from '@decksmith/dsl/parse/index.ts';
import type { GameDef } from '../play/runtime-api.ts';

/** A scenario expression to compile as `define <name>: <type> = <expr>`. */
export interface Probe {
  name: string;
  type: A.TypeNode;
  expr: A.Expr;
}

/** A rule file read and parsed, with the texts of every file read (for caret excerpts). */
export interface GameSource {
  /** Root-relative posix path (how diagnostics name it). */
  file: string;
  absPath: string;
  text: string;
  texts: Map<string, string>;
  loadBase: LoadBase;
}

export function readGameSource(root: string, absPath: string): GameSource {
  const file = toPosix(relative(root, absPath)) || absPath;
  const text = readFileSync(absPath, 'utf8');
  const texts = new Map([[file, text]]);
  const loadBase: LoadBase = (id, fromFile) => {
    for (const c of [join(root, dirname(fromFile), `${id}.rules`), join(root, 'games', id, `${id}.rules`)]) {
      if (!existsSync(c)) continue;
      const base = { file: toPosix(relative(root, c)), text: readFileSync(c, 'utf8') };
      texts.set(base.file, base.text);
      return base;
    }
    return null;
  };
  return { file, absPath, text, texts, loadBase };
}

/**
 * Parses and checks the game with `probes` appended. `model` is null when anything is an
 * error; warnings are dropped (an unused probe define, the game's own warnings).
 */
export function checkWithProbes(src: GameSource, probes: readonly Probe[]): { model: CheckedGame | null; errors: Diagnostic[] } {
  const parsed = parse(src.text, src.file);
  const errors = parsed.diagnostics.filter((d) => d.severity === 'error');
  if (parsed.file === null || errors.length > 0) return { model: null, errors };
  const file: A.FileAst = { ...parsed.file, items: [...parsed.file.items, ...probes.map(defineOf)] };
  const checked = checkGame(file, { sources: [{ file: src.file, text: src.text }], loadBase: src.loadBase });
  return { model: checked.game, errors: checked.diagnostics.filter((d) => d.severity === 'error').map(readable) };
}

function defineOf(p: Probe): A.DefineDecl {
  return { kind: 'define', name: { kind: 'ident', text: p.name, loc: p.expr.loc }, params: null, type: p.type, body: p.expr, loc: p.expr.loc };
}

/** The checker names a probe in some messages ("as the value of "__expect_3""): say what it is. */
function readable(d: Diagnostic): Diagnostic {
  const message = d.message
    .replace(/ as the value of "__expect_\d+"/, ' as an expectation')
    .replace(/ as the value of "__\w+?_\d+"/, '');
  return message === d.message ? d : { ...d, message };
}

/** A written type for a checker type (probes are typed like the place their value goes). */
export function typeNode(t: Type, at: A.Loc): A.TypeNode | null {
  const named = (text: string): A.TypeNode => ({ kind: 'type_name', name: { kind: 'ident', text, loc: at }, loc: at });
  switch (t.t) {
    case 'number': return named('number');
    case 'bool': return named('bool');
    case 'duration': return named('duration');
    case 'player': return named('Player');
    case 'side': return named('Side');
    case 'card': return named('Card');
    case 'pile': return named('Pile');
    case 'enum': return named(t.name);
    case 'optional': {
      const inner = typeNode(t.of, at);
      return inner === null ? null : { kind: 'type_optional', inner, loc: at };
    }
    case 'list': {
      const element = typeNode(t.of, at);
      return element === null ? null : { kind: 'type_list', element, loc: at };
    }
    default: return null;
  }
}

export interface LoadedGame {
  def: GameDef;
  /** Probe name → its compiled function (takes the runtime's Ctx). */
  probes: Map<string, (x: unknown) => unknown>;
}

/** Generates the module, exports the probes' functions, transpiles and imports it. */
export async function loadModule(model: CheckedGame, probeNames: readonly string[]): Promise<LoadedGame | Diagnostic> {
  let text: string;
  try {
    text = generateModule(model);
  } catch (error) {
    if (!(error instanceof CodegenError)) throw error;
    return internalError({ file: model.sources[0]?.file ?? model.id, start: { offset: 0, line: 1, col: 1 }, end: { offset: 0, line: 1, col: 1 } }, error.message);
  }
  for (const n of probeNames) {
    if (!new RegExp(`\\bfunction ${n}\\(`).test(text)) throw new Error(`internal: probe ${n} was not generated`);
  }
  text += `\nexport const __probes = { ${probeNames.join(', ')} };\n`;
  const out = ts.transpileModule(text, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: false },
    fileName: `${model.id}.generated.ts`,
  });
  const js = out.outputText.replace(`from '${RUNTIME_MODULE}'`, `from '${import.meta.resolve(RUNTIME_MODULE)}'`);
  const mod = await importCompiled<{ game: GameDef; __probes: Record<string, (x: unknown) => unknown> }>(js);
  return { def: mod.game, probes: new Map(Object.entries(mod.__probes)) };
}
