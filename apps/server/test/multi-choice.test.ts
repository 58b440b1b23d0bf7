// A counted choice of cards over the WebSocket protocol (issue #20): the Pass-three fixture rule
// file (13 cards each, pass exactly 3) hosted like `decksmith serve --games`. Each seat's `legal`
// carries the choice once, with its candidate ids and count; a concrete choice is acked, a wrong
// count, a card named twice and the entry sent back as it is are rejected with their codes.
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadRuleFolders } from '../src/games/discover.ts';
import { Client, createRoom, testApp } from './helpers.ts';

const fixtures = fileURLToPath(new URL('../../../packages/dsl/test/choices', import.meta.url));

interface Choose { param: string; from: number[]; min: number; max: number }
interface Legal { type: string; args?: Record<string, unknown>; choose?: Choose }

let app: FastifyInstance;
beforeAll(async () => {
  const games = await loadRuleFolders([fixtures]);
  app = await testApp({ games });
}, 60_000);
afterAll(async () => app?.close());

describe('a counted choice on the wire', () => {
  it('is one legal entry with the candidates and the count; the server checks what comes back', async () => {
    const { id, tokens } = await createRoom(app, { game: 'pass-three', seats: [{ kind: 'human' }, { kind: 'human' }, { kind: 'human' }], seed: 'choices' });
    const clients = await Promise.all(tokens.map(() => Client.inject(app)));
    const welcomes = [];
    for (const [i, c] of clients.entries()) welcomes.push(await c.join(id, tokens[i]));
    for (const w of welcomes) {
      const legal = w['legal'] as Legal[];
      expect(legal).toHaveLength(1);
      expect(legal[0]!.type).toBe('pass_cards');
      expect(legal[0]!.args).toBeUndefined();
      expect(legal[0]!.choose).toMatchObject({ param: 'cs', min: 3, max: 3 });
      expect(legal[0]!.choose!.from).toHaveLength(13);
    }
    const entry = (welcomes[0]!['legal'] as Legal[])[0]!;
    const from = entry.choose!.from;
    const a = clients[0]!;
    expect(await a.act(1, { type: 'pass_cards', args: { cs: from.slice(0, 2) } })).toMatchObject({ t: 'reject', code: 'choice/count' });
    expect(await a.act(2, { type: 'pass_cards', args: { cs: [from[0], from[1], from[0]] } })).toMatchObject({ t: 'reject', code: 'choice/duplicate' });
    // The entry sent back as it is (with `choose`, without the cards) is not an action.
    expect(await a.expectError({ t: 'action', seq: 3, action: entry })).toMatchObject({ t: 'error', code: 'input/invalid' });
    expect(await a.act(4, { type: 'pass_cards', args: { cs: from.slice(0, 3) } })).toMatchObject({ t: 'ack' });
    const stored = await app.decksmith.storage.getActions(id);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ seat: 0, action: { type: 'pass_cards', args: { cs: from.slice(0, 3) } } });
  }, 60_000);
});
