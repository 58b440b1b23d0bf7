// What a trigger's test or a memoised define reads (issue 24, incremental triggers and defines kept
// by what they read): the zone declarations, variables and seat/flow facts an expression reads,
// itself or through the defines it calls. The runtime re-tests a trigger only after a write to one
// of them (runtime core/trigger-reads.ts), and keeps a shared define's value until one (Ctx.memo);
// an expression that reads the actor, the time, chance or anything not classified here gets
// `undefined`: the trigger is re-tested after every action, the define memoised per state version.
import type * as A from '../ast/index.ts';
import type { CheckedGame, DefineInfo, TriggerInfo } from '../check/model.ts';

/** `TriggerDef.reads` as generated: every property always present (one object shape). */
export interface TriggerReads {
  /** Zone declarations whose cards it reads (any instance, any seat). */
  zones: number[];
  /** Variables (global, per player, per side, per pile) it reads. */
  vars: number[];
  /** `players`/`sides` as a loop source: who sits out this round. */
  seats: boolean;
  /** `current`. */
  current: boolean;
  /** `position of`: where a card is, in any zone. */
  anyZone: boolean;
  /** `dealer`, `next after`/`left of`/`right of` (direction, seats out). */
  flow: boolean;
}

/** Thrown by the walk at the first read it cannot place: the trigger is tested after every action. */
class Volatile extends Error {}

/** The read set of a trigger's test, or undefined when it must be re-tested after every action. */
export function triggerReads(game: CheckedGame, t: TriggerInfo): TriggerReads | undefined {
  return readsOfNodes(game, t.bound !== null ? [t.bound.source, t.bound.where] : [t.decl.cond]);
}

/** The read set of a define's body, or undefined when it reads what no write channel stands for. */
export function defineReads(game: CheckedGame, info: DefineInfo): TriggerReads | undefined {
  return readsOfNodes(game, [info.decl.body]);
}

function readsOfNodes(game: CheckedGame, roots: unknown[]): TriggerReads | undefined {
  const r: TriggerReads = { zones: [], vars: [], seats: false, current: false, anyZone: false, flow: false };
  const zones = new Set<number>();
  const vars = new Set<number>();
  const seen = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const n of node) walk(n);
      return;
    }
    if (typeof node !== 'object' || node === null) return;
    const e = node as A.Expr | A.StringPart | A.Ident | { kind?: undefined };
    if (e.kind === 'ident') return;
    // Nodes are walked whole; what has no kind (a location, `opLoc`) holds no reads.
    if (e.kind !== undefined) readsOf(e);
    for (const [key, v] of Object.entries(node)) if (key !== 'loc' && key !== 'opLoc') walk(v);
  };
  const readsOf = (e: A.Expr | A.StringPart): void => {
    switch (e.kind) {
      case 'number': case 'duration': case 'text': case 'interpolation': case 'string': case 'bool': case 'none': case 'list':
      case 'member': case 'unary': case 'binary': case 'is_kind': case 'is_empty': case 'if': case 'top_of': case 'bottom_of':
      case 'count_of': case 'quantifier': case 'aggregate': case 'side_of': case 'subsets': case 'deck_of': case 'seat': case 'face':
        return;
      case 'position_of': r.anyZone = true; return;
      case 'seat_rel': r.flow = r.seats = true; return;
      case 'builtin':
        if (e.name === 'players' || e.name === 'sides') r.seats = true;
        else if (e.name === 'current') r.current = true;
        else if (e.name === 'dealer' || e.name === 'round') r.flow = true;
        else throw new Volatile();
        return;
      case 'name': case 'call': symbol(e);
        return;
      default: throw new Volatile();
    }
  };
  const symbol = (e: A.NameExpr | A.CallExpr): void => {
    const sym = game.refs.get(e);
    if (sym === undefined) throw new Volatile();
    switch (sym.kind) {
      case 'option': case 'deck': case 'die': case 'meld': case 'enum_value': case 'param': case 'local': case 'attr': return;
      case 'var': vars.add(sym.info.index); return;
      case 'zone': zones.add(sym.info.index); return;
      case 'define':
        if (!seen.has(sym.info.name)) {
          seen.add(sym.info.name);
          walk(sym.info.decl.body);
        }
        return;
      case 'builtin_fn':
        if (PURE_FNS.has(sym.name)) return;
        throw new Volatile();
      default: throw new Volatile();
    }
  };
  try {
    walk(roots);
  } catch (err) {
    if (err instanceof Volatile) return undefined;
    throw err;
  }
  r.zones = [...zones].sort((a, b) => a - b);
  r.vars = [...vars].sort((a, b) => a - b);
  return r;
}

/** Built-in functions whose value depends on their arguments alone (cards' faces are fixed). */
const PURE_FNS = new Set([
  'abs', 'floor', 'ceil', 'sqrt', 'sin', 'cos', 'min', 'max', 'round',
  'wrap', 'plus_minus', 'owner', 'can_meld_all', 'can_go_out', 'unmelded_points',
]);
