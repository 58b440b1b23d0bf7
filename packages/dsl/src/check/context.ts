// The state a check run threads through its passes: the file, the model being built, diagnostics.
import type * as A from '../ast/index.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import type {
  ActionInfo, AttrInfo, CheckedGame, EnumInfo, KindInfo, ProcedureInfo, StageInfo, Symbol, WindowInfo,
} from './model.ts';

/** How the checker reaches a variant's base (the CLI reads files; tests pass a map). */
export type LoadBase = (id: string, fromFile: string) => { file: string; text: string } | null;

export interface CheckOptions {
  sources: { file: string; text: string }[];
  loadBase: LoadBase;
}

/** A name in the flow namespace: a stage, a step of a turns stage, or a window. */
export type FlowSymbol = Extract<Symbol, { kind: 'stage' | 'step' | 'window' }>;

export interface CheckContext {
  /** The file being checked (after merge-variant: the merged file). */
  file: A.FileAst;
  opts: CheckOptions;
  diagnostics: Diagnostic[];
  game: CheckedGame;
  /** Value namespace: options, vars, defines, zones, decks, dice, meld rules (not enum values). */
  values: Map<string, Symbol>;
  /** Enum value name → every enum that has it. */
  enumValues: Map<string, { enumName: string; ordinal: number }[]>;
  enums: Map<string, EnumInfo>;
  attrs: Map<string, AttrInfo>;
  kinds: Map<string, KindInfo>;
  flow: Map<string, FlowSymbol>;
  actions: Map<string, ActionInfo>;
  procedures: Map<string, ProcedureInfo>;
  stagesByName: Map<string, StageInfo>;
  windowsByName: Map<string, WindowInfo>;
  /** Declaration nodes referenced at least once (for the unused-declaration warnings). */
  used: Set<A.Node>;
  /** Call edges between defines/procedures (caller name → callee names with the call site). */
  calls: Map<A.Node, { callee: A.Node; at: A.Loc }[]>;
  /** Effects-only expressions met in a pure context, with the context's description. */
  effectsInPure: { node: A.Expr; context: string }[];
  /** Per kind, per attribute (in the kind's order): the values of its own domain. */
  kindDomains: Map<string, number[][]>;
  /** The local each quantifier binds (a trigger's `exists x in S` binds it in the body too). */
  binders: Map<A.Node, Symbol>;
  /** Per attribute name: its first declaration (for notes). */
  attrDecls: Map<string, A.AttributeDecl>;
}

/** A fresh, empty model for `file`. */
export function emptyGame(file: A.FileAst, sources: { file: string; text: string }[]): CheckedGame {
  return {
    ast: file, sources: [...sources], id: '', title: '', summary: '', minPlayers: 0, maxPlayers: 0,
    enums: [], attrs: [], kinds: [], faces: [], options: [], vars: [], zones: [], decks: [],
    dice: [], melds: [], defines: new Map(), procedures: new Map(), stages: [], steps: [],
    windows: [], actions: [], roles: [], types: new Map(), refs: new Map(),
    scoreVar: -1, sides: null, rounds: null, winner: null, triggers: [], beforeTurnAction: null,
    layout: null, constraints: [], binders: new Map(),
  };
}

export function createContext(file: A.FileAst, opts: CheckOptions): CheckContext {
  const game = emptyGame(file, opts.sources);
  return {
    file, opts, diagnostics: [], game,
    values: new Map(), enumValues: new Map(), enums: new Map(), attrs: new Map(), kinds: new Map(),
    flow: new Map(), actions: new Map(), procedures: new Map(), stagesByName: new Map(),
    windowsByName: new Map(), used: new Set(), calls: new Map(), effectsInPure: [],
    kindDomains: new Map(), attrDecls: new Map(), binders: game.binders,
  };
}

/** True once an error (not a warning) has been reported. */
export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}
