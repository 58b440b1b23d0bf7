// The round-end event says what the round's scoring added to each player (`scored`), beside the
// totals (`scores`), so a client can say how a round's points were made.
import { describe, expect, it } from 'vitest';
import { apply, createRng, legalActions, nextInt, setup, type GameEvent } from '../src/index.ts';
import { rummy } from './fixtures/rummy.ts';

describe('round end: scored', () => {
  it('carries each player\'s points from the scoring block; in this game they are the whole round\'s change', () => {
    let s = setup(rummy, { players: 3, seed: 'scored' });
    const rng = createRng(7);
    const ends: Extract<GameEvent, { type: 'round' }>[] = [];
    let now = s.lastAt;
    for (let i = 0; i < 5000 && s.result === null; i++) {
      const legal = legalActions(rummy, s, s.current);
      const r = apply(rummy, s, s.current, legal[nextInt(rng, legal.length)]!, (now += 100));
      if (!('state' in r)) throw new Error('rejected');
      for (const e of r.events) if (e.type === 'round' && e.phase === 'end') ends.push(e);
      s = r.state;
    }
    expect(ends.length).toBe(3);
    let before = [0, 0, 0];
    for (const e of ends) {
      expect(e.scored).toHaveLength(3);
      // The fixture scores only in its scoring block (cards left in hand), so scored = the change.
      expect(e.scored).toEqual(e.scores!.map((t, p) => t - before[p]!));
      expect(e.scored!.some((x) => x > 0)).toBe(true);
      before = e.scores!;
    }
  });
});
