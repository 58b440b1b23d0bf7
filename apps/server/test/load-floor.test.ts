// The load test's "Load Floor" instrument keeps a real game's contract at no cost: its patches turn each view into the next, it refuses what a game refuses, and its frames are Five Crowns-sized.
import { applyViewPatch, diffView, type ViewPatch } from '@decksmith/runtime';
import { describe, expect, it } from 'vitest';
import { loadFloor, type FloorState } from './fixtures/load-floor.ts';

const e = loadFloor.engine;
const start = (players: number): FloorState => e.setup({ players, options: {}, seed: 'floor' }) as FloorState;

describe('Load Floor (load-test instrument)', () => {
  it('turns pass round the table, and each viewer’s patch turns its view into the next', () => {
    let s = start(4);
    for (let i = 0; i < 30; i++) {
      const seat = s.current;
      for (const other of [0, 1, 2, 3].filter((x) => x !== seat)) expect(e.legalActions(s, other)).toEqual([]);
      const legal = e.legalActions(s, seat);
      const step = e.apply(s, seat, legal[i % legal.length]!, i * 1000);
      if ('rejected' in step) throw new Error(step.rejected.message);
      expect(step.state.current).toBe((seat + 1) % 4);
      for (const v of [0, 1, 2, 3, 'spectator'] as const) {
        const applied = applyViewPatch(e.view(s, v), e.viewPatch!(s, step.state, v) as ViewPatch);
        expect(applied).toEqual({ value: e.view(step.state, v) });
      }
      s = step.state;
    }
  });

  it('refuses a play out of turn or of a card not offered, and changes nothing', () => {
    const s = start(3);
    const before = JSON.stringify(s);
    expect(e.apply(s, 1, e.legalActions(s, 0)[0]!, 0)).toEqual({ rejected: expect.objectContaining({ code: 'turn/not_yours' }) });
    expect(e.apply(s, 0, { type: 'discard', args: { card: 'czzzzzzzzzzz' } }, 0)).toEqual({ rejected: expect.objectContaining({ code: 'action/illegal' }) });
    expect(e.apply(s, 0, { type: 'draw' }, 0)).toEqual({ rejected: expect.objectContaining({ code: 'action/illegal' }) });
    expect(JSON.stringify(s)).toBe(before);
  });

  it('sends frames the size of Five Crowns’ (591 bytes per update at the goal load, docs/performance.md)', () => {
    let s = start(4);
    let bytes = 0;
    let frames = 0;
    for (let i = 0; i < 40; i++) {
      const step = e.apply(s, s.current, e.legalActions(s, s.current)[0]!, i) as { state: FloorState; events: unknown[] };
      for (let v = 0; v < 4; v++) {
        const patch = e.viewPatch!(s, step.state, v);
        // The patch is as small as the views' diff.
        expect(JSON.stringify(patch).length).toBeLessThanOrEqual(JSON.stringify(diffView(e.view(s, v), e.view(step.state, v))).length + 40);
        bytes += JSON.stringify({ t: 'update', n: step.state.n, now: 1_000_000, events: e.eventsFor(step.state, step.events, v), legal: e.legalActions(step.state, v), base: i, ver: i + 1, patch }).length;
        frames++;
      }
      s = step.state;
    }
    expect(bytes / frames).toBeGreaterThan(540);
    expect(bytes / frames).toBeLessThan(640);
  });
});
