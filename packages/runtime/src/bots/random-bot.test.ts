// randomBot: picks only legal actions, deterministically for a given stream, and null when there are none.
import { describe, expect, it } from 'vitest';
import { apply, legalActions, setup } from '../index.ts';
import { deriveRng } from '../rng/index.ts';
import { shed } from '../../test/fixtures/shed.ts';
import { randomBot } from './random-bot.ts';

describe('randomBot', () => {
  it('plays a whole game with legal actions only, the same way for the same stream', () => {
    const play = (): string[] => {
      let s = setup(shed, { players: 3, seed: 'bot-test' });
      const rngs = [0, 1, 2].map((i) => deriveRng('bot-test', `bot:${i}`));
      const trace: string[] = [];
      for (let n = 0; n < 2000 && !s.result; n++) {
        const seat = [0, 1, 2].find((i) => legalActions(shed, s, i).length > 0);
        if (seat === undefined) break;
        const a = randomBot(shed, s, seat, rngs[seat]!);
        expect(a).not.toBeNull();
        const r = apply(shed, s, seat, a!, n * 10);
        expect('rejected' in r).toBe(false);
        if (!('rejected' in r)) s = r.state;
        trace.push(JSON.stringify(a));
      }
      return trace;
    };
    const a = play();
    expect(a.length).toBeGreaterThan(3);
    expect(play()).toEqual(a);
  });

  it('returns null for a seat with nothing to do', () => {
    const s = setup(shed, { players: 2, seed: 1 });
    const idle = [0, 1].find((i) => legalActions(shed, s, i).length === 0)!;
    expect(randomBot(shed, s, idle, deriveRng(1, 'bot'))).toBeNull();
  });
});
