// Server bots never stall a real-time game: a table of bots only plays Go Wacky (every card, races included) to the end on a logical clock.
import type { GameDef } from '@decksmith/runtime';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { discoverWorkspaceGames } from '../src/games/discover.ts';
import { ManualClock } from '../src/rooms/clock.ts';
import { createRoom, testApp } from './helpers.ts';

const games = await discoverWorkspaceGames(pino({ level: 'silent' }));
const goWacky = games.find((g) => g.id === 'go-wacky');

let app: FastifyInstance;
afterEach(async () => app?.close());

describe.skipIf(!goWacky)('server bots', () => {
  // "Everybody Go Wacky" is a race of rate-limited rolls: a bot that is rate-limited when the
  // bots are scheduled must be woken when its limit lapses, or every bot ends up waiting.
  it.each(['go-1', 'go-2', 'go-3'])('play Go Wacky with its default options to the end (seed %s)', { timeout: 120_000 }, async (seed) => {
    const clock = new ManualClock();
    // Decided on arrival: room.idle() waits for bots, and a held play (latency compensation) waits for this manual clock.
    app = await testApp({ games, clock, config: { latencyCompensation: false } });
    const { id } = await createRoom(app, { game: 'go-wacky', seats: Array.from({ length: 4 }, () => ({ kind: 'bot' as const })), seed });
    const room = app.decksmith.manager.get(id)!;
    const def = (goWacky as unknown as { def: GameDef }).def;
    const races = new Set<string>();
    for (let steps = 0; room.status === 'playing' && steps < 200_000; steps++) {
      await room.idle();
      const at = clock.nextAt();
      if (at === null) break; // nothing armed: no bot timer, no game timer — a stall
      clock.advance(Math.max(0, at - clock.now()));
      const window = (room.state as { window: number }).window;
      if (window >= 0) races.add(def.windows[window]!.name);
    }
    await room.idle();
    expect({ status: room.status, armed: clock.pending(), n: room.height }).toMatchObject({ status: 'finished' });
    expect(room.result()!.scores).toHaveLength(4);
    // The game went through its real-time windows (where the stall happened), not around them.
    expect([...races]).toContain('everybody');
  });
});
