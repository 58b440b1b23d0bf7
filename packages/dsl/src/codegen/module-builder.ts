// What a generated module accumulates while the game is compiled: functions, constants, imports.
import type * as A from '../ast/index.ts';
import type { CheckedGame, FaceInfo, Type } from '../check/model.ts';
import { jsName } from './names.ts';
import type { TriggerReads } from './trigger-reads.ts';

/** A module-level function of the generated file (a define, a procedure, a guard, a hoisted loop…). */
export interface FunctionSpec {
  name: string;
  params: { name: string; type: string }[];
  returnType: string;
  body: string[];
  /** One-line comment above the function (what it compiles). */
  doc?: string;
}

/** A JS variable visible to compiled code: its expression and its TypeScript type. */
export interface Binding {
  js: string;
  ts: TsType;
  /** A card bound by a pure loop over one zone: the loop's index, which is its `position of`. */
  position?: string;
}

export type TsType = 'number' | 'boolean' | 'readonly number[]';

/** The TypeScript type that carries a rule-file value type at run time. */
export function tsTypeOf(type: Type | undefined): TsType {
  if (type === undefined) return 'number';
  if (type.t === 'bool') return 'boolean';
  if (type.t === 'list') return 'readonly number[]';
  if (type.t === 'optional') return tsTypeOf(type.of) === 'readonly number[]' ? 'readonly number[]' : 'number';
  return 'number';
}

/** Collects the module's functions and constants in a deterministic order. */
export class ModuleBuilder {
  readonly functions: FunctionSpec[] = [];
  readonly constants: { name: string; type?: string; init: string; doc?: string }[] = [];
  /** Per Ctx.memo slot (one per memoised define or mask, in slot order), its read set (GameDef.memoReads). */
  readonly memoReads: (TriggerReads | undefined)[] = [];
  /** Value imports from `@decksmith/runtime` (sorted when printed). */
  readonly runtimeImports = new Set<string>();
  /** Type imports from `@decksmith/runtime` beyond the ones every module takes. */
  readonly runtimeTypeImports = new Set<string>();
  private readonly taken = new Set<string>();
  private readonly constByInit = new Map<string, string>();
  /** Rule-file define/procedure name → its function's name in the module. */
  readonly defines = new Map<string, string>();
  /** Define name → its legal-enumeration form (define-variants.ts), null for none, 'building' while it is built. */
  readonly legalVariants = new Map<string, Variant | null | 'building'>();
  readonly procedures = new Map<string, string>();
  /** Memoised list define → the function of its membership mask (list-mask.ts), added on first use. */
  readonly listMasks = new Map<string, string>();

  constructor(readonly game: CheckedGame) {}

  defineFn(name: string): string {
    const fn = this.defines.get(name);
    if (fn === undefined) throw new Error(`codegen: define ${name} has no function`);
    return fn;
  }

  procedureFn(name: string): string {
    const fn = this.procedures.get(name);
    if (fn === undefined) throw new Error(`codegen: procedure ${name} has no function`);
    return fn;
  }

  /** A module-level name not used yet, `base` itself when free, else `base_2`, `base_3` … */
  unique(base: string): string {
    let name = base;
    for (let i = 2; this.taken.has(name); i++) name = `${base}_${i}`;
    this.taken.add(name);
    return name;
  }

  /** Reserves a name (a define's or procedure's function) so hoisted helpers avoid it. */
  reserve(name: string): void {
    this.taken.add(name);
  }

  addFunction(spec: FunctionSpec): string {
    this.functions.push(spec);
    return spec.name;
  }

  /** Adds a hoisted helper, or returns the name of an identical one already added. */
  addHoisted(spec: FunctionSpec): string {
    const key = JSON.stringify([spec.params, spec.returnType, spec.body]);
    const known = this.hoisted.get(key);
    if (known !== undefined) return known;
    this.hoisted.set(key, spec.name);
    this.functions.push(spec);
    return spec.name;
  }

  private readonly hoisted = new Map<string, string>();

  /** A module-level constant, shared by every use of the same initializer (`[3, 4]`). */
  constant(base: string, init: string, type?: string): string {
    const known = this.constByInit.get(init);
    if (known !== undefined) return known;
    const name = this.unique(base);
    this.constants.push({ name, type, init });
    this.constByInit.set(init, name);
    return name;
  }

  useRuntime(name: string): string {
    this.runtimeImports.add(name);
    return name;
  }

  useRuntimeType(name: string): string {
    this.runtimeTypeImports.add(name);
    return name;
  }
}

/** A define compiled for legal enumerations: its function, and the table reads its callers pass after the arguments. */
export interface Variant {
  fn: string;
  reads: string[];
}

/** Context that changes what some names mean. */
export interface Special {
  /** Inside `sides { when … }`: the player count (`players` compiles to it). */
  playersCount?: string;
  /** Inside a deck line's `where`: the face whose attributes bare names read. */
  face?: FaceInfo;
  /** The implicit player of a bare per-seat variable. */
  seat?: string;
}

/**
 * Where a define call with arguments can be cached (emit-legal.ts): given the call, its compiled
 * text and type, the cached read (`$m ??= code`) or null to compute it where it stands.
 */
export interface CallMemo {
  read(call: A.CallExpr, code: string, ts: TsType): string | null;
}

/**
 * The variables of one function being compiled and its temporaries (`$n1`, `$i2` … cannot
 * clash with rule-file names, which never contain `$`).
 */
export class FnScope {
  private counter: { n: number };

  constructor(
    readonly mod: ModuleBuilder,
    /** Prefix for the names of functions hoisted out of this one. */
    readonly owner: string,
    readonly vars: Map<string, Binding> = new Map(),
    counter?: { n: number },
    /** Extra context: the `players` count inside `sides` (`n`), a winner's implicit player. */
    readonly special: Special = {},
  ) {
    this.counter = counter ?? { n: 0 };
  }

  /** Inside a hoisted loop: loop-invariant values computed once before it. */
  invariants?: Invariants;
  /** In a pure function body: parameterless defines read twice or more, computed once on first use. */
  memo?: Memo;
  /** In a legal enumeration's loops: define calls whose arguments an outer loop fixes, computed once per its value. */
  calls?: CallMemo;
  /** In a legal enumeration: the options and global variables it reads, read once at its top (nothing writes while it runs). */
  reads?: Invariants;
  /** In a legal enumeration: the form of a define with parameters that takes those reads as arguments (define-variants.ts). */
  variant?: (define: string) => Variant | null;

  temp(prefix: string): string {
    this.counter.n += 1;
    return `$${prefix}${this.counter.n}`;
  }

  /** A scope for another function (a hoisted loop): no variables, its own temporaries. */
  fresh(owner: string): FnScope {
    return new FnScope(this.mod, owner, new Map(), undefined, this.special);
  }

  /** A nested block scope: its own variables, the same temporaries counter. */
  child(): FnScope {
    const c = new FnScope(this.mod, this.owner, new Map(this.vars), this.counter, this.special);
    c.invariants = this.invariants;
    c.memo = this.memo;
    c.calls = this.calls;
    c.reads = this.reads;
    c.variant = this.variant;
    return c;
  }

  bind(name: string, binding: Binding): void {
    this.vars.set(name, binding);
  }
}

/**
 * Binds a define's or procedure's parameters in `f` (each under its JS name) and returns the
 * function's parameter list, the `x: Ctx` first.
 */
export function bindParams(f: FnScope, params: readonly { name: string; type: Type }[]): { name: string; type: string }[] {
  const out = [{ name: 'x', type: 'Ctx' }];
  for (const p of params) {
    const ts = tsTypeOf(p.type);
    f.bind(p.name, { js: jsName(p.name), ts });
    out.push({ name: jsName(p.name), type: ts });
  }
  return out;
}

/** Loop-invariant values of a hoisted loop (`const $d1 = targets(x);` before the loop). */
export class Invariants {
  readonly lines: string[] = [];
  private readonly names = new Map<string, string>();

  constructor(private readonly scope: FnScope) {}

  /** Each value hoisted, as [code, name], in the order first asked. */
  hoisted(): [string, string][] {
    return [...this.names];
  }

  hoist(code: string): string {
    let name = this.names.get(code);
    if (name === undefined) {
      name = this.scope.temp('d');
      this.names.set(code, name);
      this.lines.push(`const ${name} = ${code};`);
    }
    return name;
  }
}

/**
 * Lazily cached values of a pure function body: `$m1 ??= lead(x)` computes `lead` on its
 * first use only, so short-circuits still skip it.
 */
export class Memo {
  readonly lines: string[] = [];
  readonly names = new Map<string, string>();

  constructor(private readonly scope: FnScope, private readonly repeated: Set<string>) {}

  /** The cached read of `code`, or null when `name` is not read more than once. */
  read(name: string, code: string, ts: TsType): string | null {
    return this.repeated.has(name) ? lazyRead(this, this.scope, 'm', code, ts) : null;
  }
}

/** Cached values of one block: `let $m…` lines to declare at its top, by the code they cache. */
export interface LazyCache {
  readonly lines: string[];
  readonly names: Map<string, string>;
}

/** `$v ??= code`, declaring `$v` (one per distinct code) in `cache`'s lines on first use. */
export function lazyRead(cache: LazyCache, scope: FnScope, prefix: string, code: string, ts: TsType): string {
  let v = cache.names.get(code);
  if (v === undefined) {
    v = scope.temp(prefix);
    cache.names.set(code, v);
    cache.lines.push(`let ${v}: ${ts} | undefined;`);
  }
  return `${v} ??= ${code}`;
}
