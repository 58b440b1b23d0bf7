// simulate --latency: races between seats at different latencies, with and without compensation.
import { describe, expect, it } from 'vitest';
import * as rt from '@decksmith/runtime';
import { race } from '@decksmith/runtime/test-fixtures/race';
import { fairnessSection, formatFairness, measureFairness, parseLatencies } from '../../src/simulate/fairness.ts';

describe('parseLatencies', () => {
  it('reads p1=10,p2=90 or a plain list, and refuses seats the table lacks', () => {
    expect(parseLatencies('p1=10,p2=90', 2)).toEqual([10, 90]);
    expect(parseLatencies('p2=90ms', 3)).toEqual([0, 90, 0]);
    expect(parseLatencies('10, 90', 2)).toEqual([10, 90]);
    expect(parseLatencies('p3=10', 2)).toBeNull();
    expect(parseLatencies('fast', 2)).toBeNull();
  });
});

describe('measureFairness', () => {
  it('gives a far seat its share of the races with compensation, and less on arrival order', () => {
    const f = measureFairness(rt, { def: race, players: 2, games: 30, seed: 'fair', options: { go: 0 }, latencies: [10, 150], level: 'ismcts' });
    const c = f.compensated;
    const u = f.uncompensated;
    expect(c[0]!.races).toBeGreaterThan(50);
    // Both seats react alike: compensated, the far seat wins about half of its races.
    expect(c[1]!.winRate!).toBeGreaterThan(0.35);
    expect(c[1]!.winRate!).toBeLessThan(0.65);
    // On arrival order the 140 ms it loses on the way costs it races.
    expect(u[1]!.winRate!).toBeLessThan(c[1]!.winRate! - 0.05);
    expect(formatFairness(f)).toContain('p2     150 ms');
    expect(fairnessSection(f)).toContain('<svg');
  });
});
