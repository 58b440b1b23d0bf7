// What the scenario runner needs beyond `arrange`: reading a state through compiled code,
// the race expectation a seat would send, arranging variables, flow and row slots, and actions
// whose chance draws are fixed.
import { decodeArgs, type Action } from '../core/codec.ts';
import type { Ctx } from '../core/ctx.ts';
import { engineFor } from '../core/engine.ts';
import { NONE, type GameDef, type Rejection } from '../core/game-def.ts';
import type { GameState } from '../core/state.ts';
import { expectOf, racedZone } from '../arbitration/checks.ts';
import { openWindow, startTurn } from '../flow/control.ts';
import { enterStage } from '../flow/rounds.ts';
import { performAt, type ApplyResult } from '../core/api.ts';

/**
 * Evaluates `fn` (compiled code of the game, such as a define) on `state`, read-only, with
 * `me` = `seat` (default: nobody) and time `now` (default: the state's last time).
 *
 * @example
 * const holds = evaluate(def, state, (x) => x.count(x.zone(2, 0)) === 3);
 */
export function evaluate<T>(def: GameDef, state: GameState, fn: (x: Ctx) => T, seat: number = NONE, now?: number): T {
  const e = engineFor(def);
  e.busy = true;
  try {
    e.begin(state, now ?? state.lastAt, false);
    e.me = seat;
    return fn(e);
  } finally {
    e.busy = false;
  }
}

/**
 * `apply` with the action's chance fixed, for scenarios (`p4 does roll_die rolling red`): the
 * action's `roll die` and `random a..b` draws take `outcomes` in order instead of the seeded RNG
 * (which they leave untouched). Timers due first fire as usual, with the RNG. Reports how many
 * outcomes were left unused and the first that did not fit its draw (not a face of the die, or
 * outside a..b), or null.
 *
 * @example
 * const { result, unused, misfit } = applyRigged(def, state, 3, { type: 'roll_die' }, 500, [0]);
 */
export function applyRigged(
  def: GameDef, state: GameState, seat: number, action: Action, now: number, outcomes: readonly number[],
): { result: ApplyResult; unused: number; misfit: string | null } {
  const e = engineFor(def);
  e.busy = true;
  try {
    const rigged = outcomes.slice();
    const result = performAt(e, state, seat, action, now, () => {
      e.rigged = rigged;
      e.misfit = null;
    });
    return { result, unused: rigged.length, misfit: e.misfit };
  } finally {
    e.rigged = null;
    e.misfit = null;
    e.busy = false;
  }
}

/**
 * The `expect` a client of `seat` would send with `action` (a `races` action) on `state`: the
 * raced zone's height and top card as the seat sees it. Null when the action does not race,
 * races on a new pile, or its arguments do not decode (apply will reject it anyway).
 *
 * @example
 * const expect = raceExpectation(def, before, 1, { type: 'play', args: { c: id } });
 */
export function raceExpectation(def: GameDef, state: GameState, seat: number, action: Action): { height: number; top: number | null } | null {
  const e = engineFor(def);
  const ai = e.c.actionIndex.get(action.type);
  if (ai === undefined || def.actions[ai].races === undefined || seat < 0 || seat >= state.players) return null;
  e.busy = true;
  try {
    e.begin(state, state.lastAt, false);
    e.me = seat;
    if (decodeArgs(e, ai, seat, action.args) !== null) return null;
    const z = racedZone(e, ai);
    return z < 0 ? null : expectOf(e, z, seat);
  } finally {
    e.busy = false;
  }
}

/** One change of a scenario's `arrange` beyond zone contents (applied in order). */
export type TableChange =
  /** A variable: `owner` is the player, side or pile for scoped variables, else NONE. Values are stored numbers (bools 0/1, enums ordinals, none -1). */
  | { kind: 'var'; var: number; owner: number; value: number }
  /** Enters a stage of the round (by its name), as the flow would: its timers start now. */
  | { kind: 'stage'; stage: string }
  /** Starts `player`'s turn (step 0, turn timer armed). */
  | { kind: 'turn'; player: number }
  /** Sets the round number and recomputes the round values. */
  | { kind: 'round'; round: number }
  | { kind: 'dealer'; player: number }
  /** Opens a window (by its name), as `open window` would. */
  | { kind: 'window'; window: string }
  /**
   * Puts the cards of a row in the given slots: `faces[i]` is a face notation or null for an
   * empty slot; the row must already hold exactly those cards (after `arrange`).
   */
  | { kind: 'slots'; zone: number; faces: readonly (string | null)[] };

const bad = (message: string): Rejection => ({ code: 'setup/invalid', message });

/**
 * Applies `changes` to a state (after `setup` and `arrange`), returning the new state or a
 * `setup/invalid` rejection. No triggers run and no events are produced: this sets a table up,
 * it is not play.
 *
 * @example
 * state = arrangeTable(def, state, [{ kind: 'var', var: 2, owner: NONE, value: 1 }, { kind: 'turn', player: 2 }]);
 */
export function arrangeTable(def: GameDef, state: GameState, changes: readonly TableChange[]): GameState | Rejection {
  const e = engineFor(def);
  e.busy = true;
  try {
    e.begin(state, state.lastAt, true);
    for (const ch of changes) {
      const s = e.s;
      switch (ch.kind) {
        case 'var': {
          const v = def.vars[ch.var];
          if (v === undefined) return bad(`No variable ${ch.var}.`);
          if (v.scope === 'global') e.setG(ch.var, ch.value);
          else if (v.scope === 'player' && ch.owner >= 0 && ch.owner < s.players) e.setPv(ch.var, ch.owner, ch.value);
          else if (v.scope === 'side' && ch.owner >= 0 && ch.owner < s.sides) e.setSv(ch.var, ch.owner, ch.value);
          else if (v.scope === 'pile' && ch.owner >= 0 && ch.owner < s.zones.length) e.setZv(ch.var, ch.owner, ch.value);
          else return bad(`${v.name} has no owner ${ch.owner}.`);
          break;
        }
        case 'stage': {
          const pos = def.rounds.stages.findIndex((si) => def.stages[si].name === ch.stage);
          if (pos < 0) return bad(`The rounds have no stage ${ch.stage}.`);
          enterStage(e, pos);
          break;
        }
        case 'turn':
          if (ch.player < 0 || ch.player >= s.players) return bad(`There is no player ${ch.player + 1}.`);
          if (s.stage < 0 || def.stages[def.rounds.stages[s.stage]].kind !== 'turns') return bad('The current stage has no turns.');
          if (s.skips !== 0) e.set('skips', 0);
          startTurn(e, ch.player);
          break;
        case 'round':
          if (!Number.isInteger(ch.round) || ch.round < 1) return bad(`There is no round ${ch.round}.`);
          e.set('round', ch.round);
          for (const rv of def.rounds.values) e.setG(rv.varIndex, rv.compute(e));
          break;
        case 'dealer':
          if (ch.player < 0 || ch.player >= s.players) return bad(`There is no player ${ch.player + 1}.`);
          e.set('dealer', ch.player);
          break;
        case 'window': {
          const w = def.windows.findIndex((wd) => wd.name === ch.window);
          if (w < 0) return bad(`There is no window ${ch.window}.`);
          openWindow(e, w);
          break;
        }
        case 'slots': {
          if (ch.zone < 0 || ch.zone >= s.zones.length || def.zones[s.zoneDecl[ch.zone]].shape !== 'row') return bad(`Zone ${ch.zone} is not a row.`);
          const fixed = def.zones[s.zoneDecl[ch.zone]].slots !== undefined;
          const r = placeSlots(e.wZone(ch.zone), fixed, s.face, def.faces.notation, ch.faces);
          if (r !== null) return bad(r);
          break;
        }
      }
    }
    e.events = [];
    return e.s;
  } finally {
    e.busy = false;
  }
}

/** Rearranges a row's cards (in place) into the listed slots; an error sentence or null. */
function placeSlots(row: number[], fixed: boolean, face: readonly number[], notation: readonly string[], faces: readonly (string | null)[]): string | null {
  const cards = row.filter((c) => c >= 0);
  const out: number[] = [];
  for (const f of faces) {
    if (f === null) {
      out.push(NONE);
      continue;
    }
    const k = cards.findIndex((c) => notation[face[c]] === f);
    if (k < 0) return `The row holds no "${f}" to put in a slot.`;
    out.push(cards[k]);
    cards.splice(k, 1);
  }
  if (cards.length > 0) return 'The row holds more cards than the slots listed.';
  if (fixed) {
    while (out.length < row.length) out.push(NONE);
    if (out.length > row.length) return `More slots are listed than the row's ${row.length}.`;
  }
  row.length = out.length;
  for (let i = 0; i < out.length; i++) row[i] = out[i];
  return null;
}
