// ismcts beats random significantly (one-sided exact binomial test) on two fixtures, seats alternating.
import { describe, expect, it } from 'vitest';
import type { GameDef } from '../index.ts';
import { shed } from '../../test/fixtures/shed.ts';
import { react } from '../../test/fixtures/react.ts';
import { race } from '../../test/fixtures/race.ts';
import { playMatch } from './match.ts';

/** P(X ≥ k) for X ~ Binomial(n, 1/2). */
function tail(k: number, n: number): number {
  let c = 1;
  let sum = 0;
  for (let i = 0; i <= n; i++) {
    if (i >= k) sum += c;
    c = (c * (n - i)) / (i + 1);
  }
  return sum / 2 ** n;
}

function winsOf(def: GameDef, level: string, games: number): number {
  let wins = 0;
  for (let g = 0; g < games; g++) {
    const me = g % 2;
    const bots = me === 0 ? [level, 'random'] : ['random', level];
    const r = playMatch(def, { players: 2, seed: `strength-${def.id}-${g}`, bots, budget: { iterations: 40 }, trackStandings: false, maxActions: 2000 });
    const w = r.result?.winners ?? [];
    if (w.includes(me)) wins += 1 / w.length;
  }
  return wins;
}

describe('bot strength', () => {
  it('the binomial tail is exact', () => {
    expect(tail(17, 20)).toBeCloseTo(1351 / 1048576, 12);
    expect(tail(0, 10)).toBe(1);
  });

  for (const def of [shed, react, race]) {
    it(`ismcts beats random in ${def.id} (p < 0.01 over 20 games)`, () => {
      const wins = winsOf(def, 'ismcts', 20);
      expect(tail(Math.floor(wins), 20)).toBeLessThan(0.01);
    }, 60_000);
  }
});
