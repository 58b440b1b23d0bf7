// `action … by turn timer`: compiled with `byTimer: true`; the runtime never offers it to a seat,
// rejects it from one, and performs it for the current player when the turn timer runs out.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compileRulesInMemory, importCompiled } from '../../src/node/compile-in-memory.ts';

const RULES = `game timed "Timed"
players 2..3
card Plain { n: 1..9 }
deck d { 4 × Plain }
zone draw: pile, hidden
zone hand: per player, fan, owner
var timeouts: 0..99 = 0
rounds {
  count 1
  setup { shuffle d into draw  deal 2 from draw to hand(each player) }
  stages play
}
stage play turns from player 1 { turn timer 5s { time_out } }
action take by current during play { move top of draw to hand(me) }
action time_out by turn timer during play {
  move top of draw to hand(me)
  add 1 to timeouts
}
winner lowest count(hand(p))
`;

// The runtime through a variable, so that \`tsc -p packages/dsl\` does not compile its sources.
interface State { current: number; vars: number[]; zones: number[][]; declBase: number[] }
interface Runtime {
  setup(def: unknown, input: { players: number; seed: number }): State;
  legalActions(def: unknown, state: State, seat: number, now?: number): { type: string }[];
  apply(def: unknown, state: State, seat: number, action: unknown, now: number): { state: State } | { rejected: { code: string; message: string } };
  tick(def: unknown, state: State, now: number): { state: State };
}
const runtimeModule: string = '@decksmith/runtime';

const dir = mkdtempSync(join(tmpdir(), 'by-turn-timer-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('by turn timer', () => {
  it('compiles to byTimer and only the turn timer performs it', async () => {
    const path = join(dir, 'timed.rules');
    writeFileSync(path, RULES);
    const compiled = await compileRulesInMemory(path);
    expect(compiled.report).toEqual([]);
    const { game } = await importCompiled<{ game: { actions: { name: string; who: { kind: string }; byTimer?: boolean }[] } }>(compiled.js!);
    const timeOut = game.actions.find((a) => a.name === 'time_out')!;
    expect(timeOut.byTimer).toBe(true);
    expect(timeOut.who.kind).toBe('current');
    expect(game.actions.find((a) => a.name === 'take')!.byTimer).toBeUndefined();

    const { setup, legalActions, apply, tick } = (await import(runtimeModule)) as Runtime;
    const s = setup(game, { players: 2, seed: 3 });
    expect(s.current).toBe(0);
    expect(legalActions(game, s, 0, 0).map((a) => a.type)).toEqual(['take']);
    const sent = apply(game, s, 0, { type: 'time_out' }, 10);
    expect('rejected' in sent && sent.rejected.code).toBe('turn/not_yours');
    const hand0 = s.declBase[1]!;
    const r = tick(game, s, 5000);
    expect(r.state.zones[hand0]).toHaveLength(3);
    expect(r.state.current).toBe(1);
  });
});
