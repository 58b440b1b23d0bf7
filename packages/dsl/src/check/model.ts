// The checked model: what the checker learns about a rule file, and all the code generator reads.
//
// The checker (passes under src/check/) resolves every name, types every expression and
// expands the declarations into indexed tables in the order the runtime will use them. The
// code generator (src/codegen/) never re-resolves anything: it walks the AST and asks this
// model what each name refers to (`refs`) and what type each expression has (`types`).
//
// Indices here are the runtime indices: `OptionInfo.index` is the option's index in
// `GameDef.options`, `VarInfo.index` the variable's index in `GameDef.vars`, and so on.

import type * as A from '../ast/index.ts';

/** The value types of the expression language. `error` marks an expression already reported. */
export type Type =
  | { t: 'number' }
  | { t: 'bool' }
  | { t: 'duration' }
  | { t: 'string' }
  | { t: 'player' }
  | { t: 'side' }
  | { t: 'card' }
  | { t: 'pile' }
  /** A zone instance; `decl` is the declared zone's name when statically known. */
  | { t: 'zone'; decl: string | null }
  /** The `piles` family itself (`centre` in `pile in centre or new`). */
  | { t: 'family'; decl: string }
  | { t: 'enum'; name: string }
  | { t: 'list'; of: Type }
  | { t: 'optional'; of: Type }
  | { t: 'none' }
  | { t: 'deck'; name: string }
  | { t: 'die'; name: string }
  | { t: 'meld_rules'; name: string }
  | { t: 'error' };

export interface EnumInfo {
  name: string;
  index: number;
  values: string[];
  symbols: string[];
  /** null for an enum made from an inline union (`figure: plus2 | stop`); it is named after the attribute, capitalised (`Figure`). */
  decl: A.EnumDecl | null;
}

export interface AttrInfo {
  name: string;
  index: number;
  /** Enum name, or null when numeric. */
  enumName: string | null;
  /** The values a numeric attribute may take (union of all kinds' domains), sorted. */
  numbers: number[];
  numberSymbols: Record<number, string>;
}

export interface KindInfo {
  name: string;
  index: number;
  /** Attribute indices this kind has, in declaration order. */
  attrs: number[];
  decl: A.CardDecl;
}

/** One distinct card face: a kind and a value per attribute (NONE = -1 where the kind lacks it). */
export interface FaceInfo {
  index: number;
  kind: number;
  values: number[];
  notation: string;
}

export interface OptionInfo {
  name: string;
  index: number;
  type: Type;
  kind: 'int' | 'duration' | 'bool' | 'enum';
  min?: number;
  max?: number;
  /** For enum options: the enum's name (inline unions get an enum named after the option). */
  enumName?: string;
  default: number;
  description: string;
  decl: A.OptionDecl;
}

export interface VarInfo {
  name: string;
  index: number;
  scope: 'global' | 'player' | 'side' | 'pile';
  type: Type;
  /** The declaration; a round value (`value dealt = …`) is a global var with `roundValue` set. */
  decl: A.VarDecl | null;
  roundValue: A.RoundValue | null;
  /** True for the implicit `score` variable. */
  implicit: boolean;
}

export interface ZoneInfo {
  name: string;
  index: number;
  scope: 'shared' | 'player' | 'side';
  shape: 'pile' | 'fan' | 'row' | 'piles';
  decl: A.ZoneDecl;
}

export interface DeckInfo { name: string; index: number; perSide: boolean; decl: A.DeckDecl }
export interface DieInfo { name: string; index: number; type: Type; faces: number[]; decl: A.DieDecl }
export interface MeldInfo { name: string; index: number; decl: A.MeldRulesDecl }
export interface DefineInfo { name: string; type: Type; params: { name: string; type: Type }[]; decl: A.DefineDecl }
export interface ProcedureInfo { name: string; params: { name: string; type: Type }[]; decl: A.ProcedureDecl }
export interface StageInfo { name: string; index: number; decl: A.StageDecl }
export interface WindowInfo { name: string; index: number; decl: A.WindowDecl }
export interface ActionInfo {
  name: string;
  index: number;
  params: { name: string; type: Type; decl: A.ActionParam }[];
  decl: A.ActionDecl;
}

/** What a name (a `name`/`call` expression, a `set` target, a procedure call) refers to. */
export type Symbol =
  | { kind: 'option'; info: OptionInfo }
  | { kind: 'var'; info: VarInfo }
  | { kind: 'define'; info: DefineInfo }
  | { kind: 'zone'; info: ZoneInfo }
  | { kind: 'deck'; info: DeckInfo }
  | { kind: 'die'; info: DieInfo }
  | { kind: 'meld'; info: MeldInfo }
  | { kind: 'enum_value'; enumName: string; ordinal: number }
  /** An action parameter (index into the action's args), a define/procedure parameter, a `let`, a quantifier/loop variable, a trigger's bound variable. */
  | { kind: 'param'; index: number; type: Type }
  | { kind: 'local'; name: string; type: Type; decl: A.Node }
  | { kind: 'procedure'; info: ProcedureInfo }
  /** A built-in function (`wrap`, `sqrt`, `plus_minus`, `can_meld_all`, `owner`, `min` …). */
  | { kind: 'builtin_fn'; name: string };

export interface CheckedGame {
  /** The file as checked: for a variant, the base's items merged with the variant's. */
  ast: A.FileAst;
  /** Every file that contributed (the variant first, then its bases), for the header hash. */
  sources: { file: string; text: string }[];
  id: string;
  title: string;
  summary: string;
  minPlayers: number;
  maxPlayers: number;
  enums: EnumInfo[];
  attrs: AttrInfo[];
  kinds: KindInfo[];
  faces: FaceInfo[];
  options: OptionInfo[];
  vars: VarInfo[];
  zones: ZoneInfo[];
  decks: DeckInfo[];
  dice: DieInfo[];
  melds: MeldInfo[];
  defines: Map<string, DefineInfo>;
  procedures: Map<string, ProcedureInfo>;
  stages: StageInfo[];
  /** Step names of turns stages, in order (they are flow names like stages and windows). */
  steps: string[];
  windows: WindowInfo[];
  actions: ActionInfo[];
  roles: string[];
  /** The type of every expression node the checker visited. */
  types: Map<A.Expr, Type>;
  /** What every name refers to (`name`, `call`, set/add targets, call statements). */
  refs: Map<A.Node, Symbol>;
}
