// Tables derived once per GameDef (name lookups, availability masks, visibility codes).
import type { ActionDef, GameDef, Visibility } from './game-def.ts';
import { readChannels } from './trigger-reads.ts';
import { uniformDef } from './uniform-def.ts';

export const VIS_VISIBLE = 0;
export const VIS_TOP = 1;
export const VIS_OWNER = 2;
export const VIS_HIDDEN = 3;
export const VIS_COUNT = 4;
const VIS_CODES: Record<Visibility, number> = { visible: 0, top: 1, owner: 2, hidden: 3, count: 4 };

export const STAGE_NO = 0;
export const STAGE_ALL = 1;
export const STAGE_STEPS = 2;

export interface CompiledAction {
  /** Per stage definition: STAGE_NO, STAGE_ALL or STAGE_STEPS (then see stepMask). */
  stage: Uint8Array;
  stepMask: Int32Array;
  /** Per window: 1 when the action exists in it. */
  window: Uint8Array;
  /** Whether `during` lists any stage or step (else it lives in windows only). */
  hasStage: boolean;
  /** Whether `during` lists any window. */
  hasWindow: boolean;
}

export interface Compiled {
  actionIndex: Map<string, number>;
  actions: CompiledAction[];
  /** Per zone declaration: visibility code. */
  vis: Uint8Array;
  /**
   * Per zone declaration: 1 when who sees a card there cannot change while it stays (no `unless`,
   * not `visible top`), so a viewer it is hidden from has not seen it since it arrived (zones/ops.ts).
   */
  staticVis: Uint8Array;
  /** Per stage definition: index of its turn-timer action, -1. */
  timerAction: Int32Array;
  /** Per stage definition × action: 1 when accepting the action restarts the idle timer. */
  idleOn: Uint8Array[];
  /** Per trigger × stage definition: 1 when live. */
  triggerLive: Uint8Array[];
  /** Per trigger, the write channels its test reads (core/trigger-reads.ts); null: test after every action. */
  triggerReads: (Float64Array | null)[];
  /** Per memo slot, the write channels its value reads (GameDef.memoReads); null: memoised per state version. */
  memoReads: (Float64Array | null)[];
  /** Variable index → ordinal among pile variables, -1. */
  pileVarOrdinal: Int32Array;
  pileVarCount: number;
  /** Zone declaration → 1 for a `piles` family. */
  isFamily: Uint8Array;
  /** Zone declaration → 1 for a row. */
  isRow: Uint8Array;
  /**
   * The actions a seat's enumeration could offer, in action order, by where the table is
   * (`offeredAt`): the stage's position in the round, the open window, and whether the seat is
   * the current player (others get no `by current` action). An action is listed when its
   * `during` names that stage (or one of its steps) or that window; none is an action only a
   * turn timer performs. Availability then decides as before (steps, a blocking window, roles).
   */
  offered: readonly Int32Array[];
  /**
   * Beside each `offered` list: 1 where the list's position alone settles availability, so the
   * enumeration skips its checks: a `by current` action (listed for the current seat only) or a
   * `by any player` without `except`, offered through the open window or, with no window open,
   * through the whole stage (no steps), with no `rate` and no `once`.
   */
  offeredPlain: readonly Uint8Array[];
  /** How many stages the round lists (`offeredAt`'s first argument). */
  positions: number;
  /** Per position in the round's stage list: 1 when that stage is a pause (nobody acts). */
  pauseAt: Uint8Array;
  /**
   * Per position and open window (`kernelAt`): 1 when every action offered there, to the
   * current seat and to the others, has generated candidates (`ActionDef.legal`) and no `rate`:
   * the fast path's kernel (bots/kernel.ts) then lists them without the generic walk. (Where a
   * rate limits actions, most steps find nobody able to act yet and the kernel cannot gain:
   * those positions stay with the reference; docs/performance.md, sixth round.)
   */
  kernel: Uint8Array;
}

/** The index in `Compiled.kernel` of a round's stage position with an open window (-1: none). */
export function kernelAt(positions: number, window: number, position: number): number {
  return (window + 1) * positions + position;
}

/** The index in `Compiled.offered` of a seat's list: the round's stage position, the open window (-1: none), current or not. */
export function offeredAt(positions: number, window: number, position: number, current: boolean): number {
  return ((window + 1) * positions + position) * 2 + (current ? 0 : 1);
}

const cache = new WeakMap<GameDef, Compiled>();

/**
 * The derived tables of a definition (computed once, cached), from its one-layout copy
 * (core/uniform-def.ts): the game as given and the copy the engine reads share one set.
 */
export function compiled(def: GameDef): Compiled {
  const u = uniformDef(def);
  let c = cache.get(u);
  if (c === undefined) {
    c = compile(u);
    cache.set(u, c);
  }
  return c;
}

function compile(def: GameDef): Compiled {
  const actionIndex = new Map<string, number>();
  def.actions.forEach((a, i) => actionIndex.set(a.name, i));
  const windowIndex = new Map<string, number>();
  def.windows.forEach((w, i) => windowIndex.set(w.name, i));
  const ns = def.stages.length;
  const actions = def.actions.map((a): CompiledAction => {
    const stage = new Uint8Array(ns);
    const stepMask = new Int32Array(ns);
    const window = new Uint8Array(def.windows.length);
    let hasStage = a.during.length === 0;
    let hasWindow = false;
    if (a.during.length === 0) stage.fill(STAGE_ALL);
    for (const name of a.during) {
      let found = false;
      const w = windowIndex.get(name);
      if (w !== undefined) {
        window[w] = 1;
        hasWindow = true;
        found = true;
      }
      def.stages.forEach((sd, si) => {
        if (sd.name === name) {
          stage[si] = STAGE_ALL;
          hasStage = true;
          found = true;
        } else if (sd.kind === 'turns') {
          const k = sd.steps.indexOf(name);
          if (k >= 0) {
            if (stage[si] !== STAGE_ALL) stage[si] = STAGE_STEPS;
            stepMask[si] |= 1 << k;
            hasStage = true;
            found = true;
          }
        }
      });
      if (!found) throw new Error(`action ${a.name}: during names unknown stage, step or window "${name}"`);
    }
    return { stage, stepMask, window, hasStage, hasWindow };
  });
  const timerAction = new Int32Array(ns).fill(-1);
  const idleOn: Uint8Array[] = [];
  def.stages.forEach((sd, si) => {
    const on = new Uint8Array(def.actions.length);
    if (sd.kind === 'turns' && sd.turnTimer) {
      const ai = actionIndex.get(sd.turnTimer.action);
      if (ai === undefined) throw new Error(`stage ${sd.name}: turn timer names unknown action ${sd.turnTimer.action}`);
      timerAction[si] = ai;
    }
    if (sd.kind === 'realtime' && sd.idle) {
      if (sd.idle.on.length === 0) on.fill(1);
      for (const name of sd.idle.on) {
        const ai = actionIndex.get(name);
        if (ai === undefined) throw new Error(`stage ${sd.name}: idle names unknown action ${name}`);
        on[ai] = 1;
      }
    }
    idleOn.push(on);
  });
  const triggerLive = def.triggers.map((t) => {
    const live = new Uint8Array(ns);
    if (t.during.length === 0) live.fill(1);
    def.stages.forEach((sd, si) => {
      if (t.during.includes(sd.name)) live[si] = 1;
    });
    return live;
  });
  const pileVarOrdinal = new Int32Array(def.vars.length).fill(-1);
  let pileVarCount = 0;
  def.vars.forEach((v, i) => {
    if (v.scope === 'pile') pileVarOrdinal[i] = pileVarCount++;
  });
  const vis = new Uint8Array(def.zones.length);
  const isFamily = new Uint8Array(def.zones.length);
  const isRow = new Uint8Array(def.zones.length);
  const staticVis = new Uint8Array(def.zones.length);
  def.zones.forEach((z, i) => {
    vis[i] = VIS_CODES[z.visibility];
    staticVis[i] = z.hiddenWhen === undefined && vis[i] !== VIS_TOP ? 1 : 0;
    isFamily[i] = z.shape === 'piles' ? 1 : 0;
    isRow[i] = z.shape === 'row' ? 1 : 0;
  });
  const triggerReads = def.triggers.map((t) => readChannels(def, t.reads));
  const memoReads = (def.memoReads ?? []).map((r) => readChannels(def, r));
  const offered: Int32Array[] = [];
  const offeredPlain: Uint8Array[] = [];
  const positions = def.rounds.stages.length;
  const kernel = new Uint8Array((def.windows.length + 1) * positions);
  for (let w = -1; w < def.windows.length; w++) {
    for (let pos = 0; pos < positions; pos++) {
      const si = def.rounds.stages[pos];
      for (const current of [true, false]) {
        const listed = def.actions.flatMap((a, i) => {
          const ca = actions[i];
          const here = ca.stage[si] !== STAGE_NO || (w >= 0 && ca.window[w] === 1);
          return a.byTimer !== true && here && (current || a.who.kind !== 'current') ? [i] : [];
        });
        const at = offeredAt(positions, w, pos, current);
        offered[at] = Int32Array.from(listed);
        offeredPlain[at] = Uint8Array.from(listed, (i) => (plainAt(def.actions[i], actions[i], si, w) ? 1 : 0));
      }
      const both = [true, false].map((current) => offeredAt(positions, w, pos, current));
      const kernelled = both.every((at) => Array.from(offered[at]).every((ai) => def.actions[ai].legal !== undefined && def.actions[ai].rate === undefined));
      kernel[kernelAt(positions, w, pos)] = kernelled ? 1 : 0;
    }
  }
  const pauseAt = Uint8Array.from(def.rounds.stages, (si) => (def.stages[si].kind === 'pause' ? 1 : 0));
  return { actionIndex, actions, vis, staticVis, timerAction, idleOn, triggerLive, triggerReads, memoReads, pileVarOrdinal, pileVarCount, isFamily, isRow, offered, offeredPlain, positions, pauseAt, kernel };
}

/** Whether an action listed in stage definition `si` with window `w` open (-1: none) needs no availability or limit check there. */
function plainAt(a: ActionDef, ca: CompiledAction, si: number, w: number): boolean {
  const who = a.who.kind === 'current' || (a.who.kind === 'any' && a.who.except === undefined);
  const where = (w >= 0 && ca.window[w] === 1) || (w < 0 && ca.stage[si] === STAGE_ALL);
  return who && where && a.rate === undefined && a.once !== true;
}
