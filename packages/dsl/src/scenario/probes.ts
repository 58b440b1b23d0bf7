// Checks a game together with probes: synthetic `define`s appended to the game's AST, so that
// every scenario expression is type-checked in the game's scope (diagnostics located in the
// scenario file) and compiled into a function the runner can call. No file system: the game's
// text and its base loader come in a GameSource.
import type * as A from '../ast/index.ts';
import { checkGame, type LoadBase } from '../check/index.ts';
import type { CheckedGame, Type } from '../check/model.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import { parse } from '../parse/index.ts';
import type { GameDef } from './runtime.ts';

/** A scenario expression to compile as `define <name>: <type> = <expr>`. */
export interface Probe {
  name: string;
  type: A.TypeNode;
  expr: A.Expr;
}

/** A rule file's text, with the texts of every file read (for caret excerpts) and how a variant finds its base. */
export interface GameSource {
  /** How diagnostics name it (a root-relative posix path, or a draft's file name). */
  file: string;
  text: string;
  texts: Map<string, string>;
  loadBase: LoadBase;
}

/** A compiled game with its probes' functions. */
export interface LoadedGame {
  def: GameDef;
  /** Probe name → its compiled function (takes the runtime's Ctx). */
  probes: Map<string, (x: unknown) => unknown>;
}

/** Generates, compiles and loads a checked model exporting its probes (the Node edge does it: `@decksmith/dsl/node`). */
export type LoadGame = (model: CheckedGame, probeNames: readonly string[]) => Promise<LoadedGame | Diagnostic>;

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
