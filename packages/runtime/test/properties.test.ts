// Property tests over random legal play on every fixture: determinism, conservation and
// visibility invariants after every action and timer, apply never mutates its input,
// rejected actions change nothing, and a JSON round trip mid-game continues identically.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PROPERTY_TIMEOUT_MS } from './property-timeout.ts';
import { apply, checkInvariants, cloneRng, createRng, legalActions, nextDeadline, nextInt, setup, tick, type Action, type GameDef, type GameState, type RngState } from '../src/index.ts';
import { race } from './fixtures/race.ts';
import { react } from './fixtures/react.ts';
import { rummy } from './fixtures/rummy.ts';
import { shed } from './fixtures/shed.ts';
import { teams } from './fixtures/teams.ts';

/** Freezes a state deeply: any write by apply/tick to its input would throw. */
function deepFreeze<T>(x: T): T {
  if (typeof x === 'object' && x !== null && !Object.isFrozen(x)) {
    Object.freeze(x);
    for (const v of Object.values(x)) deepFreeze(v);
  }
  return x;
}

interface Run {
  state: GameState;
  now: number;
  rng: RngState;
}

/** One random step (tick if due, then a random legal action of a random seat); checks as it goes. */
function step(def: GameDef, run: Run, check: boolean): boolean {
  const { rng } = run;
  run.now += 30 + nextInt(rng, 500);
  const due = nextDeadline(run.state);
  if (due !== null && due <= run.now) {
    if (check) deepFreeze(run.state);
    const before = JSON.stringify(run.state);
    const t = tick(def, run.state, run.now);
    if (check) {
      expect(JSON.stringify(run.state)).toBe(before);
      expect(checkInvariants(def, t.state)).toEqual([]);
    }
    run.state = t.state;
    if (run.state.result !== null) return false;
  }
  const options: { seat: number; action: Action }[] = [];
  for (let seat = 0; seat < run.state.players; seat++) for (const action of legalActions(def, run.state, seat, run.now)) options.push({ seat, action });
  if (options.length === 0) {
    const next = nextDeadline(run.state);
    if (next === null) return false;
    run.now = Math.max(run.now, next);
    return true;
  }
  const pick = options[nextInt(rng, options.length)];
  if (check) deepFreeze(run.state);
  const before = check ? JSON.stringify(run.state) : '';
  if (check) {
    // A junk action (another seat's legal action, or a mangled one) changes nothing if rejected.
    const other = options[nextInt(rng, options.length)];
    const junk: Action = nextInt(rng, 2) === 0 ? other.action : { ...pick.action, args: { ...pick.action.args, c: 12345 } };
    const j = apply(def, run.state, (other.seat + 1) % run.state.players, junk, run.now);
    if ('rejected' in j) expect(JSON.stringify(run.state)).toBe(before);
  }
  const r = apply(def, run.state, pick.seat, pick.action, run.now);
  if ('rejected' in r) throw new Error(`legal action rejected: ${r.rejected.code} ${r.rejected.message}`);
  if (check) {
    expect(JSON.stringify(run.state)).toBe(before);
    expect(checkInvariants(def, r.state)).toEqual([]);
  }
  run.state = r.state;
  return run.state.result === null;
}

function play(def: GameDef, run: Run, steps: number, check: boolean): Run {
  for (let i = 0; i < steps && step(def, run, check); i++);
  return run;
}

const fixtures: [string, GameDef, number, number][] = [
  ['shed', shed, 2, 6],
  ['race', race, 2, 4],
  ['react', react, 2, 5],
  ['teams', teams, 2, 6],
  ['rummy', rummy, 2, 4],
];

describe.each(fixtures)('%s under random play', (_, def, minP, maxP) => {
  const arb = fc.record({ players: fc.integer({ min: minP, max: maxP }), seed: fc.integer(), bot: fc.integer() });

  it('keeps every invariant, never mutates its input, and rejections change nothing', () => {
    fc.assert(
      fc.property(arb, ({ players, seed, bot }) => {
        const state = setup(def, { players, seed, options: def === shed ? { turn_time: 800 } : {} });
        expect(checkInvariants(def, state)).toEqual([]);
        play(def, { state, now: 0, rng: createRng(bot) }, 120, true);
      }),
      { numRuns: 12 },
    );
  }, PROPERTY_TIMEOUT_MS);

  it('is deterministic, and continues identically after a JSON round trip', () => {
    fc.assert(
      fc.property(arb, fc.integer({ min: 0, max: 60 }), ({ players, seed, bot }, cut) => {
        const a = play(def, { state: setup(def, { players, seed }), now: 0, rng: createRng(bot) }, 200, false);
        const b = play(def, { state: setup(def, { players, seed }), now: 0, rng: createRng(bot) }, 200, false);
        expect(JSON.stringify(b.state)).toBe(JSON.stringify(a.state));
        // Stop at `cut`, serialise, and go on from the parsed copy.
        const first = play(def, { state: setup(def, { players, seed }), now: 0, rng: createRng(bot) }, cut, false);
        const copy: Run = { state: JSON.parse(JSON.stringify(first.state)) as GameState, now: first.now, rng: cloneRng(first.rng) };
        const x = play(def, first, 200 - cut, false);
        const y = play(def, copy, 200 - cut, false);
        expect(JSON.stringify(y.state)).toBe(JSON.stringify(x.state));
      }),
      { numRuns: 10 },
    );
  }, PROPERTY_TIMEOUT_MS);
});
