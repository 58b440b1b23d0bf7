// Bots on the launch games (their generated modules): every level plays only legal actions, and
// ismcts beats random significantly (one-sided exact binomial test) in Super Taki and Five Crowns.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadGame } from '../../src/simulate/load-game.ts';
import { binomialUpperTail } from '../../src/simulate/stats.ts';
import type { GameDef, MatchRecord } from '../../src/simulate/runtime.ts';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const has = (id: string) => existsSync(join(ROOT, 'games', id, 'generated', `${id}.generated.ts`));

// The runtime through a variable (see src/simulate/runtime.ts); the slice this test uses.
interface State { result: unknown; lastAt: number; players: number }
type Action = { type: string };
interface Runtime {
  setup(def: GameDef, input: { players: number; seed: string; options?: Record<string, unknown> }): State;
  legalActions(def: GameDef, state: State, seat: number, now?: number): Action[];
  apply(def: GameDef, state: State, seat: number, action: Action, now: number): { state: State } | { rejected: { code: string } };
  tick(def: GameDef, state: State, now: number): { state: State };
  nextDeadline(state: State): number | null;
  chooseAction(level: string, def: GameDef, state: State, seat: number, rng: unknown, budget?: object): Action | null;
  mayWait(def: GameDef, state: State, seat: number, now?: number): boolean;
  deriveRng(seed: string, stream: string): unknown;
  nextInt(rng: unknown, n: number): number;
  playMatch(def: GameDef, input: object): MatchRecord;
}
const runtimeModule: string = '@decksmith/runtime';
const rt = async () => (await import(runtimeModule)) as Runtime;

/** States met in a random walk (any seat that can act, timers when due). */
async function walk(def: GameDef, players: number, seed: string, steps: number): Promise<{ state: State; at: number }[]> {
  const r = await rt();
  const rng = r.deriveRng(seed, 'walk');
  let s = r.setup(def, { players, seed });
  let now = 0;
  const out: { state: State; at: number }[] = [];
  for (let i = 0; i < steps && s.result === null; i++) {
    now += 200 + r.nextInt(rng, 800);
    const due = r.nextDeadline(s);
    if (due !== null && due <= now) s = r.tick(def, s, now).state;
    const moves: [number, Action][] = [];
    for (let p = 0; p < players; p++) for (const a of r.legalActions(def, s, p, now)) moves.push([p, a]);
    if (moves.length === 0) continue;
    if (i % 7 === 0) out.push({ state: s, at: now });
    const [p, a] = moves[r.nextInt(rng, moves.length)]!;
    const res = r.apply(def, s, p, a, now);
    if ('state' in res) s = res.state;
  }
  return out;
}

const GAMES = ['super-taki', 'five-crowns', 'tiv-miv', 'wackee-six', 'go-wacky'].filter(has);

describe('bots on the launch games', () => {
  for (const id of GAMES) {
    it(`every level returns only legal actions in ${id}`, async () => {
      const r = await rt();
      const def = await loadGame(id, ROOT);
      const players = Math.max(2, def.minPlayers);
      const states = (await walk(def, players, `legal-${id}`, 240)).slice(0, 10);
      let checked = 0;
      for (const [i, { state, at }] of states.entries()) {
        for (let seat = 0; seat < players; seat++) {
          const legal = r.legalActions(def, state, seat, at).map((a) => JSON.stringify(a));
          for (const level of ['random', 'greedy', 'ismcts']) {
            const a = r.chooseAction(level, def, state, seat, r.deriveRng(`${id}-${i}`, `${level}-${seat}`), { now: at, iterations: 8, determinizations: 2 });
            if (a === null) {
              expect(legal.length === 0 || r.mayWait(def, state, seat, at)).toBe(true);
              continue;
            }
            expect(legal).toContain(JSON.stringify(a));
            checked++;
          }
        }
      }
      expect(checked).toBeGreaterThan(10);
    }, 120_000);
  }

  const strength: [string, number, Record<string, unknown>][] = [
    ['super-taki', 16, {}],
    ['five-crowns', 12, { rounds_played: 2 }],
  ];
  for (const [id, games, options] of strength) {
    it.skipIf(!has(id))(`ismcts beats random in ${id} (p < 0.01 over ${games} games, seats alternating)`, async () => {
      const r = await rt();
      const def = await loadGame(id, ROOT);
      let wins = 0;
      for (let g = 0; g < games; g++) {
        const me = g % 2;
        const rec = r.playMatch(def, { players: 2, seed: `strength-${id}-${g}`, options, bots: me === 0 ? ['ismcts', 'random'] : ['random', 'ismcts'], budget: { iterations: 40 }, trackStandings: false, maxActions: 3000 });
        const w = rec.result?.winners ?? [];
        if (w.includes(me)) wins += 1 / w.length;
      }
      expect(binomialUpperTail(Math.floor(wins), games, 0.5)).toBeLessThan(0.01);
    }, 180_000);
  }
});
