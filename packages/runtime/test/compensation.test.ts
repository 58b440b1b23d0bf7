// Latency-compensated arbitration: send-time estimates, their bounds, the ranking, and races on the
// race fixture between a seat 10 ms away and one 90 ms away with equal reaction times, played over
// seeded games with and without compensation (counts of races won, not timings).
import { describe, expect, it } from 'vitest';
import {
  apply,
  beatenBy,
  compensationOf,
  compensationWindow,
  createRng,
  DEFAULT_COMPENSATION_MS,
  estimateSent,
  legalActions,
  nextInt,
  rankPlays,
  setup,
  tick,
  type Action,
  type GameState,
} from '../src/index.ts';
import { race } from './fixtures/race.ts';

describe('estimateSent', () => {
  it('credits the measured delay, capped at the window; no window means arrival order', () => {
    expect(estimateSent({ seat: 0, arrivedAt: 1000, delay: 60 }, 150)).toEqual({ sentAt: 940, credited: 60, basis: 'delay' });
    expect(estimateSent({ seat: 0, arrivedAt: 1000, delay: 400 }, 150)).toEqual({ sentAt: 850, credited: 150, basis: 'window' });
    expect(estimateSent({ seat: 0, arrivedAt: 1000, delay: 60 }, 0)).toEqual({ sentAt: 1000, credited: 0, basis: 'arrival' });
  });

  it('never credits a negative or non-finite delay', () => {
    expect(estimateSent({ seat: 0, arrivedAt: 1000, delay: -500 }, 150).sentAt).toBe(1000);
    expect(estimateSent({ seat: 0, arrivedAt: 1000, delay: Number.NaN }, 150).sentAt).toBe(1000);
    expect(estimateSent({ seat: 0, arrivedAt: 1000, delay: Infinity }, 150).sentAt).toBe(1000);
  });

  it('caps the credit at half the age of the view acted on, and gives none for a view it cannot date', () => {
    // The view went out at 960: view and play both travelled within 40 ms, so at most 20 each way.
    expect(estimateSent({ seat: 0, arrivedAt: 1000, delay: 100, seen: 7, seenAt: 960 }, 150)).toEqual({ sentAt: 980, credited: 20, basis: 'view' });
    expect(estimateSent({ seat: 0, arrivedAt: 1000, delay: 100, seen: 7 }, 150)).toEqual({ sentAt: 1000, credited: 0, basis: 'arrival' });
  });
});

describe('rankPlays', () => {
  it('orders by send time, then the older view, then arrival', () => {
    const ranked = rankPlays(
      [
        { seat: 0, arrivedAt: 1010, delay: 10 }, // sent 1000
        { seat: 1, arrivedAt: 1080, delay: 90 }, // sent 990
        { seat: 2, arrivedAt: 1050, delay: 50, seen: 4, seenAt: 0 }, // sent 1000, older view than seat 3's
        { seat: 3, arrivedAt: 1040, delay: 40, seen: 5, seenAt: 0 }, // sent 1000
      ],
      150,
    );
    expect(ranked.map((p) => p.seat)).toEqual([1, 2, 3, 0]);
    expect(ranked.map((p) => p.rank)).toEqual([0, 1, 2, 3]);
  });
});

describe('beatenBy', () => {
  it('names the other seat accepted before a lost race and the margin in send time', () => {
    const accepted = [{ seat: 2, sentAt: 900 }, { seat: 0, sentAt: 988 }];
    expect(beatenBy('race/beaten', { seat: 1, sentAt: 1000 }, accepted, 150)).toEqual({ by: 0, ms: 12 });
    expect(beatenBy('race/beaten', { seat: 0, sentAt: 1000 }, accepted, 150)).toEqual({ by: 2, ms: 100 });
    expect(beatenBy('card/not_playable', { seat: 1, sentAt: 1000 }, accepted, 150)).toBeNull();
  });
});

describe('the window of a table', () => {
  it('is the default in the realtime stage, and 0 outside contested moments', () => {
    const s = setup(race, { players: 2, seed: 'w' });
    expect(compensationOf(race, s)).toBe(DEFAULT_COMPENSATION_MS);
    expect(compensationWindow(race, s)).toBe(0); // the `go` countdown
    expect(compensationWindow(race, tick(race, s, 1000).state)).toBe(DEFAULT_COMPENSATION_MS);
  });

  it('is the game\'s `compensation` option when it declares one', () => {
    const withOption = { ...race, options: [...race.options, { name: 'compensation', description: 'Window', kind: 'duration' as const, min: 0, max: 300, default: 80 }] };
    const s = tick(withOption, setup(withOption, { players: 2, seed: 'w' }), 1000).state;
    expect(compensationWindow(withOption, s)).toBe(80);
    const off = tick(withOption, setup(withOption, { players: 2, seed: 'w', options: { compensation: 0 } }), 1000).state;
    expect(compensationWindow(withOption, off)).toBe(0);
  });
});

describe('a logged timing', () => {
  it('is accepted in an action and changes nothing about applying it', () => {
    const s = tick(race, setup(race, { players: 2, seed: 't' }), 1000).state;
    const timing = { sent: 1100, arrived: 1190, credited: 90, basis: 'delay' as const, rank: 0 };
    const plain = apply(race, s, 0, { type: 'draw' }, 1250);
    const timed = apply(race, s, 0, { type: 'draw', timing }, 1250);
    expect('state' in plain && 'state' in timed).toBe(true);
    expect(JSON.stringify('state' in timed && timed.state)).toBe(JSON.stringify('state' in plain && plain.state));
  });
});

const DELAYS = [10, 90];

/**
 * Plays seeded race-fixture games between two seats DELAYS away. Whenever both can play onto the
 * centre they race: each reacts after 250–300 ms (the same distribution for both), its play reaches
 * the server its delay later, and the plays are decided in `rankPlays` order with `windowMs`
 * (0: first received). Otherwise a seat that can draws. Returns races won per seat.
 */
function raceWins(windowMs: number, games: number): number[] {
  const wins = [0, 0];
  for (let g = 0; g < games; g++) {
    const rng = createRng(`fair-${g}`);
    let s: GameState = tick(race, setup(race, { players: 2, seed: `fair-${g}` }), 1000).state;
    let now = 1000;
    for (let step = 0; step < 400 && s.result === null; step++) {
      now += 400;
      s = tick(race, s, now).state;
      const plays = [0, 1].map((seat) => legalActions(race, s, seat, now).find((a) => a.type === 'play'));
      if (plays[0] && plays[1]) {
        const sent = [0, 1].map(() => now + 250 + nextInt(rng, 51));
        const timed = [0, 1].map((seat) => ({ seat, arrivedAt: sent[seat]! + DELAYS[seat]!, delay: DELAYS[seat]!, action: plays[seat]! }));
        timed.sort((a, b) => a.arrivedAt - b.arrivedAt);
        let winner = -1;
        for (const p of rankPlays(timed, windowMs)) {
          now = Math.max(now, p.sentAt);
          const r = apply(race, s, p.seat, p.action, now);
          if ('rejected' in r) expect(['race/beaten', 'stage/not_now', 'game/over']).toContain(r.rejected.code);
          else if (winner < 0) {
            winner = p.seat;
            s = r.state;
          }
        }
        wins[winner]!++;
        continue;
      }
      let drew = false;
      for (const seat of [0, 1]) {
        if (!legalActions(race, s, seat, now).some((a: Action) => a.type === 'draw')) continue;
        const r = apply(race, s, seat, { type: 'draw' }, now);
        if ('rejected' in r) continue;
        s = r.state;
        drew = true;
      }
      if (!drew) break;
    }
  }
  return wins;
}

describe('races between a near and a far seat with equal reaction times', () => {
  it('are won about half each with compensation, and almost all by the near seat without', () => {
    const fair = raceWins(DEFAULT_COMPENSATION_MS, 40);
    const unfair = raceWins(0, 40);
    const total = fair[0]! + fair[1]!;
    expect(total).toBeGreaterThan(200);
    expect(unfair[0]! + unfair[1]!).toBeGreaterThan(200);
    expect(fair[1]! / total).toBeGreaterThan(0.35);
    expect(fair[1]! / total).toBeLessThan(0.65);
    // 80 ms apart and reactions within 50 ms of each other: the far seat never wins on arrival.
    expect(unfair[1]! / (unfair[0]! + unfair[1]!)).toBeLessThan(0.05);
  });
});
