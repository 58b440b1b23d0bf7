// Small test utilities: accepted/rejected assertions, finding legal actions, card ids.
import { expect } from 'vitest';
import { apply, arrange, legalActions, type Action, type Arrangement, type GameDef, type GameEvent, type GameState } from '../../src/index.ts';
import { engineFor, type Engine } from '../../src/core/engine.ts';
import { viewIdOf } from '../../src/views/view-ids.ts';

export function ok(def: GameDef, state: GameState, seat: number, action: Action, now = state.lastAt): { state: GameState; events: GameEvent[] } {
  const r = apply(def, state, seat, action, now);
  if ('rejected' in r) throw new Error(`rejected ${r.rejected.code}: ${r.rejected.message}`);
  return r;
}

export function rejected(def: GameDef, state: GameState, seat: number, action: Action, now = state.lastAt): string {
  const before = JSON.stringify(state);
  const r = apply(def, state, seat, action, now);
  expect(JSON.stringify(state)).toBe(before);
  if (!('rejected' in r)) throw new Error(`accepted: ${JSON.stringify(action)}`);
  return r.rejected.code;
}

export function setUp(def: GameDef, state: GameState, spec: Arrangement[]): GameState {
  const r = arrange(def, state, spec);
  if ('code' in r) throw new Error(r.message);
  return r;
}

/** The internal id of the first card showing `notation` in zone z (top first). */
export function cardIn(def: GameDef, state: GameState, z: number, notation: string): number {
  const a = state.zones[z];
  for (let i = a.length - 1; i >= 0; i--) if (a[i] >= 0 && def.faces.notation[state.face[a[i]]] === notation) return a[i];
  throw new Error(`${notation} not in zone ${z}`);
}

/** The id `seat` would send for the card showing `notation` in zone z. */
export function idIn(def: GameDef, state: GameState, seat: number, z: number, notation: string): number {
  return viewIdOf(state, seat, cardIn(def, state, z, notation));
}

export function shown(def: GameDef, state: GameState, z: number): string[] {
  return state.zones[z].map((c) => (c < 0 ? '_' : def.faces.notation[state.face[c]]));
}

export function legalTypes(def: GameDef, state: GameState, seat: number, now?: number): string[] {
  return [...new Set(legalActions(def, state, seat, now).map((a) => a.type))].sort();
}

/**
 * Runs `write` on a writable working copy of `s` (as an effect would), quiet (no events, the
 * fast path's mode) or not; the new state and the events it recorded.
 */
export function effect(def: GameDef, s: GameState, write: (e: Engine) => void, quiet = false): { state: GameState; events: GameEvent[] } {
  const e = engineFor(def);
  e.busy = true;
  try {
    e.begin(s, s.lastAt, true);
    e.quiet = quiet;
    write(e);
    return { state: e.s, events: [...e.events] };
  } finally {
    e.quiet = false;
    e.busy = false;
  }
}
