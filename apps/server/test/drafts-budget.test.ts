// A studio draft's table has a per-move CPU bound (#21): the draft's module carries the draft fuel
// budget (runtime core/fuel.ts), so a move that would run for hours is refused with
// `rules/budget_exceeded`, nothing changes, the table is closed with that reason, and the server
// goes on answering its other rooms. Without the bound this test never finishes (the event loop
// is held by 10^12 rounds of `repeat`).
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DRAFT_FUEL } from '@decksmith/runtime';
import { Client, createRoom, testApp } from './helpers.ts';

vi.setConfig({ testTimeout: 60_000 });

const TOKEN = 'budget-author-token-0123456789';
const auth = { authorization: `Bearer ${TOKEN}` };

const HEAVY = `game heavy "Heavy"
players 2
option times: 1..1000000000000 = 1000000000000 "Rounds of the heavy move"
card Plain { n: 1..20 }
deck d { 1 × Plain }
zone stock: pile, hidden
zone hand: per player, fan, owner
var n: number = 0
rounds {
  count 1
  setup {
    shuffle d into stock
    deal 3 from stock to hand(each player)
  }
  stages play
}
stage play turns from player 1
action spin by current during play { repeat times { set n = n + 1 } }
action draw by current during play { move top of stock to hand(me) }
winner highest count(hand(p))
`;

const apps: FastifyInstance[] = [];
afterEach(async () => {
  for (const a of apps.splice(0)) await a.close();
});

describe('a draft table: the per-move fuel budget', () => {
  it('a move that would run for hours is refused with rules/budget_exceeded, the table closes with that reason, other rooms keep answering', async () => {
    const app = await testApp();
    apps.push(app);
    // Another room, of a shipped (fixture) game, beside the draft's.
    const other = await createRoom(app, { game: 'shed', seats: [{ kind: 'human' }, { kind: 'human' }], seed: 'other' });

    expect((await app.inject({ method: 'PUT', url: '/api/drafts/heavy', headers: auth, payload: { files: [{ name: 'heavy.rules', text: HEAVY }] } })).statusCode).toBe(200);
    const played = await app.inject({ method: 'POST', url: '/api/drafts/heavy/play', headers: auth, payload: { bots: ['random'], seed: 's' } });
    expect(played.statusCode).toBe(201);
    const { room, game } = played.json() as { room: string; game: string };
    expect(app.decksmith.registry.get(game)).toBeDefined();

    const join = (await app.inject({ method: 'POST', url: `/api/rooms/${room}/join`, payload: { seat: 0 } })).json() as { token: string };
    const client = await Client.inject(app);
    const welcome = await client.join(room, join.token);
    expect(welcome.t).toBe('welcome');
    const before = client.latest();
    // The effect is what is heavy, so the move is listed; playing it is refused.
    expect((before.legal as { type: string }[]).map((a) => a.type).sort()).toEqual(['draw', 'spin']);

    const t0 = performance.now();
    const r = await client.act(1, { type: 'spin' });
    const ms = performance.now() - t0;
    expect(r.t).toBe('reject');
    expect(r['code']).toBe('rules/budget_exceeded');
    expect(String(r['message'])).toContain(DRAFT_FUEL.toLocaleString('en'));
    // The table is closed with the reason, unloaded and stored as expired; nothing was logged.
    const bye = await client.next((m) => m.t === 'bye', 20_000, 0);
    expect(bye['code']).toBe('rules/budget_exceeded');
    expect(String(bye['message'])).toMatch(/^This table was closed: /);
    expect(app.decksmith.manager.rooms.has(room)).toBe(false);
    await vi.waitFor(async () => expect((await app.decksmith.storage.getRoom(room))?.status).toBe('expired'));
    expect(await app.decksmith.storage.getActions(room)).toEqual([]);

    // The server answers the other room at once.
    const state = await app.inject({ url: `/api/rooms/${other.id}` });
    expect(state.statusCode).toBe(200);
    console.log(`draft move refused after ${ms.toFixed(0)} ms (budget ${DRAFT_FUEL} steps)`);
    client.close();
  });
});
