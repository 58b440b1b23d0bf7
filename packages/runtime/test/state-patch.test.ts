// viewPatch: a viewer's patch computed from two states (only the zones that changed for it built),
// checked against the views themselves — over random games of fixtures with melds (wild marks), a
// `visible top` discard, a hand hidden while a variable says so, and side zones — and on states
// made to differ in only what a zone's view reads besides its array.
import { describe, expect, it } from 'vitest';
import { applyViewPatch, diffView, jsonEqual, setup, view, viewPatch, type GameDef, type GameState, type ViewPatch } from '../src/index.ts';
import { EPOCH_CHUNK, epochIndex } from '../src/views/view-ids.ts';
import { race, V_FROZEN, Z_HAND as RACE_HAND } from './fixtures/race.ts';
import { rummy, V_DEALT, Z_HAND as RUMMY_HAND } from './fixtures/rummy.ts';
import { shed } from './fixtures/shed.ts';
import { teams } from './fixtures/teams.ts';
import { playRandom } from './helpers/play.ts';

const wire = (x: unknown): unknown => JSON.parse(JSON.stringify(x));
const viewersOf = (s: GameState): (number | 'spectator')[] => [...Array.from({ length: s.players }, (_, i) => i), 'spectator' as const];

/** Applies the patch (after a JSON round trip, as on the wire) to the viewer's view of `from`. */
function patched(def: GameDef, from: GameState, to: GameState, v: number | 'spectator'): unknown {
  const got = applyViewPatch(wire(view(def, from, v)), wire(viewPatch(def, from, to, v)) as ViewPatch);
  if ('error' in got) throw new Error(got.error);
  return got.value;
}

/** The states of a seeded random game, setup first. */
function statesOf(def: GameDef, players: number, seed: number, maxSteps: number): GameState[] {
  const s0 = setup(def, { players, seed: `state-patch-${seed}` });
  const out = [s0];
  playRandom(def, s0, seed, { maxSteps, onStep: (st) => out.push(st.after), onTick: (_b, after) => out.push(after) });
  return out;
}

/** A copy of `s` with global variable v set (the rest shared: only what reads v can differ). */
function withVar(s: GameState, v: number, value: number): GameState {
  const vars = s.vars.slice();
  vars[s.varBase[v]] = value;
  return { ...s, vars };
}

describe('viewPatch', () => {
  it.each([
    ['rummy', rummy, 3],
    ['shed', shed, 4],
    ['race', race, 3],
    ['teams', teams, 4],
  ] as const)('rebuilds every later view of random %s games exactly, for every viewer, from the last state or one a few steps back', (_name, def, players) => {
    let checked = 0;
    let bytes = 0;
    let viewBytes = 0;
    for (const seed of [1, 2, 3]) {
      const states = statesOf(def, players, seed, 300);
      for (let i = 1; i < states.length; i++) {
        for (const [k, v] of viewersOf(states[i]!).entries()) {
          // Each viewer holds a state 1–3 frames old, as a connection whose frames were merged might.
          const from = states[Math.max(0, i - 1 - ((i + k) % 3))]!;
          const to = states[i]!;
          expect(patched(def, from, to, v), `seed ${seed}, state ${i}, viewer ${v}`).toEqual(wire(view(def, to, v)));
          bytes += JSON.stringify(viewPatch(def, from, to, v)).length;
          viewBytes += JSON.stringify(diffView(view(def, from, v), view(def, to, v))).length;
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
    // No bigger on the wire than the diff of the views, allowing for where a whole zone would have been shorter.
    expect(bytes).toBeLessThanOrEqual(viewBytes * 1.02);
  });

  it('the same two states give the empty patch', () => {
    const s = setup(shed, { players: 2, seed: 'same' });
    expect(viewPatch(shed, s, s, 0)).toEqual({});
    expect(viewPatch(shed, s, { ...s }, 'spectator')).toEqual({});
  });

  it('a card whose id epoch changed, its zone untouched, is patched to its new id', () => {
    const s = setup(rummy, { players: 2, seed: 'epoch' });
    const z = s.declBase[RUMMY_HAND];
    const card = s.zones[z][0]!;
    const epochs = s.epochs.slice();
    const at = epochIndex(s, 0, card);
    epochs[at] = epochs[at]!.slice();
    epochs[at]![card & (EPOCH_CHUNK - 1)]! += 1;
    const bumped: GameState = { ...s, epochs };
    expect(view(rummy, bumped, 0)).not.toEqual(view(rummy, s, 0));
    expect(patched(rummy, s, bumped, 0)).toEqual(wire(view(rummy, bumped, 0)));
  });

  it('cards that became wild, their zone untouched, are patched with their mark', () => {
    const s = setup(rummy, { players: 2, seed: 'wild' });
    const hand = view(rummy, s, 0).zones[s.declBase[RUMMY_HAND]]!;
    // A dealt count under which some card of the hand changes its wild mark (the rank wild is the count dealt).
    const rewild = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => withVar(s, V_DEALT, n)).find((t) => !jsonEqual(view(rummy, t, 0).zones[s.declBase[RUMMY_HAND]], hand))!;
    expect(rewild.zones).toBe(s.zones);
    expect(patched(rummy, s, rewild, 0)).toEqual(wire(view(rummy, rewild, 0)));
    expect(patched(rummy, rewild, s, 0)).toEqual(wire(view(rummy, s, 0)));
  });

  it('a hand hidden from its owner while a variable says so, its cards untouched, turns to backs and back', () => {
    const z = setup(race, { players: 2, seed: 'frozen' }).declBase[RACE_HAND];
    // A state of a random game where seat 0 holds cards and sees them.
    const s = statesOf(race, 2, 5, 200).find((t) => t.zones[z]!.length > 2 && t.vars[t.varBase[V_FROZEN]] === 0)!;
    const frozen = withVar(s, V_FROZEN, 1);
    expect(view(race, s, 0).zones[z]!.cards!.some((c) => c !== null && 'id' in c)).toBe(true);
    expect(view(race, frozen, 0).zones[z]!.cards!.every((c) => c !== null && 'back' in c)).toBe(true);
    expect(patched(race, s, frozen, 0)).toEqual(wire(view(race, frozen, 0)));
    expect(patched(race, frozen, s, 0)).toEqual(wire(view(race, s, 0)));
    // Hidden and a card fewer at once: the zone is blind to seat 1 in both states (a patch every
    // such viewer shares) but not to seat 0, whichever asks first.
    const zones = s.zones.slice();
    zones[z] = zones[z]!.slice(1);
    const fewer: GameState = { ...frozen, zones };
    for (const v of [1, 0, 'spectator', 1] as const) expect(patched(race, s, fewer, v), `viewer ${v}`).toEqual(wire(view(race, fewer, v)));
  });

  it('each viewer gets its own patch of the same two states (what they share is not what they see)', () => {
    const states = statesOf(shed, 3, 7, 40);
    const [from, to] = [states[10]!, states[11]!];
    const patches = [0, 1, 2, 'spectator' as const].map((v) => JSON.stringify(viewPatch(shed, from, to, v)));
    // In any order, every viewer's patch still rebuilds its own view.
    for (const v of [2, 'spectator', 0, 1] as const) expect(patched(shed, from, to, v)).toEqual(wire(view(shed, to, v)));
    expect(new Set(patches).size).toBeGreaterThan(1);
  });
});
