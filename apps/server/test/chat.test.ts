// Chat and reactions over WebSockets: delivered to the table, spectators' lines to spectators only, history on join, stored and in the finished
// game's log; the limits (length, rate per sender, lines per room, known reactions) refuse with coded errors and store nothing; "why not".
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanLine, ChatWindow, DEFAULT_CHAT_LIMITS } from '../src/chat/limits.ts';
import { ChatRooms } from '../src/chat/room-chat.ts';
import type { Room } from '../src/rooms/room.ts';
import type { Subscriber } from '../src/rooms/subscriber.ts';
import { MemoryStorage } from '../src/storage/memory.ts';
import { Client, createRoom, testApp } from './helpers.ts';

vi.setConfig({ testTimeout: 30_000 });

const apps: FastifyInstance[] = [];
const clients: Client[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  for (const a of apps.splice(0)) await a.close();
});

async function table(storage = new MemoryStorage()) {
  const app = await testApp({ storage });
  apps.push(app);
  const { id, tokens } = await createRoom(app, { game: 'shed', seats: [{ kind: 'human' }, { kind: 'human' }], seed: 'chat-seed' });
  const join = async (token?: string) => {
    const c = await Client.inject(app);
    clients.push(c);
    expect((await c.join(id, token)).t).toBe('welcome');
    return c;
  };
  return { app, storage, id, tokens, join };
}
const chat = (c: Client, text: string, kind?: 'text' | 'reaction') => c.send({ t: 'chat', text, ...(kind ? { kind } : {}) });
const line = (c: Client, text: string) => c.next((m) => m.t === 'chat' && (m['lines'] as readonly { text: string }[]).some((l) => l.text === text), 5000, 0);

describe('chat limits (unit)', () => {
  it('cleans a line to one line of text and refuses empty, too long and unknown reactions', () => {
    expect(cleanLine({ t: 'chat', text: ' good\ngame \u0007' }, DEFAULT_CHAT_LIMITS)).toEqual({ text: 'good game', kind: 'text' });
    expect(cleanLine({ t: 'chat', text: ' \n ' }, DEFAULT_CHAT_LIMITS)).toMatchObject({ code: 'chat/empty' });
    expect(cleanLine({ t: 'chat', text: 'x'.repeat(200) }, DEFAULT_CHAT_LIMITS)).toEqual({ text: 'x'.repeat(200), kind: 'text' });
    expect(cleanLine({ t: 'chat', text: 'x'.repeat(201) }, DEFAULT_CHAT_LIMITS)).toMatchObject({ code: 'chat/too_long' });
    expect(cleanLine({ t: 'chat', text: '👍', kind: 'reaction' }, DEFAULT_CHAT_LIMITS)).toEqual({ text: '👍', kind: 'reaction' });
    expect(cleanLine({ t: 'chat', text: 'hi', kind: 'reaction' }, DEFAULT_CHAT_LIMITS)).toMatchObject({ code: 'chat/reaction_unknown' });
  });

  it('lets a sender post `lines` per window, and again once the window has passed', () => {
    const w = new ChatWindow({ ...DEFAULT_CHAT_LIMITS, lines: 3, windowMs: 1000 });
    expect([w.admit(0), w.admit(10), w.admit(20)]).toEqual([null, null, null]);
    expect(w.admit(500)).toMatchObject({ code: 'chat/rate' });
    expect(w.admit(999)).toMatchObject({ code: 'chat/rate' });
    expect(w.admit(1000)).toBeNull();
  });
});

describe('a room’s chat (unit)', () => {
  it('stores at most roomLines lines, then refuses with chat/full and sends nothing more', async () => {
    const storage = new MemoryStorage();
    const { roomRecord } = await import('./storage-conformance.ts');
    await storage.createRoom(roomRecord('r1'));
    const sent: unknown[] = [];
    const sub = (viewer: number | 'spectator'): Subscriber => ({ viewer, send: (m) => sent.push(m), close: () => {} });
    const subs = new Set([sub(0), sub(1)]);
    const room = { id: 'r1', record: { seats: [{ kind: 'human', name: 'Ada' }, { kind: 'human' }] }, now: () => 42, subscribers: subs } as unknown as Room;
    let t = 0;
    const chat = new ChatRooms(storage, { maxChars: 50, lines: 100, windowMs: 1000, roomLines: 3 }, () => (t += 1));
    const [a, b] = [...subs];
    for (const text of ['one', 'two', 'three']) expect(await chat.post(room, a!, { t: 'chat', text })).toBeNull();
    expect(await chat.post(room, b!, { t: 'chat', text: 'four' })).toMatchObject({ code: 'chat/full' });
    expect((await storage.getChat('r1')).map((l) => l.text)).toEqual(['one', 'two', 'three']);
    expect((await storage.getChat('r1'))[0]).toEqual({ at: 42, seat: 0, name: 'Ada', channel: 'players', kind: 'text', text: 'one' });
    expect(sent).toHaveLength(6);
    // A room loaded again (a new Room object) reads its lines back and is still full.
    const again = new ChatRooms(storage, { maxChars: 50, lines: 100, windowMs: 1000, roomLines: 3 });
    expect(await again.post({ ...room } as Room, a!, { t: 'chat', text: 'five' })).toMatchObject({ code: 'chat/full' });
  });
});

describe('chat at a table', () => {
  it('reaches both seats and spectators; spectators’ lines stay among spectators; a late joiner gets the history', async () => {
    const t = await table();
    const [a, b, watcher] = [await t.join(t.tokens[0]), await t.join(t.tokens[1]), await t.join()];
    chat(a, 'hello table');
    for (const c of [a, b, watcher]) {
      const m = await line(c, 'hello table');
      expect((m['lines'] as unknown[])[0]).toMatchObject({ seat: 0, channel: 'players', kind: 'text', text: 'hello table' });
    }
    chat(watcher, 'nice hand');
    await line(watcher, 'nice hand');
    chat(b, '👏', 'reaction');
    await line(a, '👏');
    expect(a.messages.some((m) => m.t === 'chat' && JSON.stringify(m).includes('nice hand'))).toBe(false);
    expect(b.messages.some((m) => m.t === 'chat' && JSON.stringify(m).includes('nice hand'))).toBe(false);
    // A second connection of seat 1 gets the players' lines only; a second spectator gets both.
    const b2 = await t.join(t.tokens[1]);
    const history = await b2.next((m) => m.t === 'chat' && m['history'] === true, 5000, 0);
    expect((history['lines'] as { text: string }[]).map((l) => l.text)).toEqual(['hello table', '👏']);
    const w2 = await t.join();
    const wh = await w2.next((m) => m.t === 'chat' && m['history'] === true, 5000, 0);
    expect((wh['lines'] as { text: string }[]).map((l) => l.text)).toEqual(['hello table', 'nice hand', '👏']);
    expect((await t.storage.getChat(t.id)).map((l) => l.text)).toEqual(['hello table', 'nice hand', '👏']);
  });

  it('refuses too long, empty and too fast lines with coded errors, storing none of them', async () => {
    const t = await table();
    const a = await t.join(t.tokens[0]);
    expect(await a.expectError({ t: 'chat', text: 'y'.repeat(201) })).toMatchObject({ t: 'error', code: 'chat/too_long' });
    expect(await a.expectError({ t: 'chat', text: '   ' })).toMatchObject({ t: 'error', code: 'chat/empty' });
    expect(await a.expectError({ t: 'chat', text: 'hi', kind: 'reaction' })).toMatchObject({ t: 'error', code: 'chat/reaction_unknown' });
    expect(await a.expectError({ t: 'chat', text: 'z'.repeat(501) })).toMatchObject({ t: 'error', code: 'input/invalid' });
    for (let i = 0; i < DEFAULT_CHAT_LIMITS.lines; i++) chat(a, `line ${i}`);
    await line(a, `line ${DEFAULT_CHAT_LIMITS.lines - 1}`);
    // Another connection of the same seat shares its window.
    const a2 = await t.join(t.tokens[0]);
    expect(await a2.expectError({ t: 'chat', text: 'one more' })).toMatchObject({ t: 'error', code: 'chat/rate' });
    expect((await t.storage.getChat(t.id)).map((l) => l.text)).toEqual(Array.from({ length: DEFAULT_CHAT_LIMITS.lines }, (_, i) => `line ${i}`));
  });

  it('is in the finished game’s log (and not in a running game’s)', async () => {
    const t = await table();
    const a = await t.join(t.tokens[0]);
    const watcher = await t.join();
    chat(a, 'good luck');
    chat(watcher, 'go seat 2');
    await line(watcher, 'go seat 2');
    expect((await t.app.inject(`/api/rooms/${t.id}/log`)).json()).not.toHaveProperty('chat');
    for (const token of t.tokens) await t.app.inject({ method: 'POST', url: `/api/rooms/${t.id}/leave`, headers: { authorization: `Bearer ${token!}` } });
    const log = (await t.app.inject(`/api/rooms/${t.id}/log`)).json() as { complete: boolean; chat: { text: string; channel: string }[] };
    expect(log.complete).toBe(true);
    expect(log.chat.map((l) => [l.text, l.channel])).toEqual([
      ['good luck', 'players'],
      ['go seat 2', 'spectators'],
    ]);
  });
});

describe('why an action is not legal now', () => {
  it('answers the seat with the runtime’s rejection, says when it is legal, and tells a spectator it cannot act', async () => {
    const t = await table();
    const [a, b, watcher] = [await t.join(t.tokens[0]), await t.join(t.tokens[1]), await t.join()];
    const current = (a.latest().legal.length > 0 ? 0 : 1) as 0 | 1;
    const [mover, waiter] = current === 0 ? [a, b] : [b, a];
    const moverAction = (mover.latest().legal[0] as { type: string }).type;
    waiter.send({ t: 'why', action: moverAction });
    const no = await waiter.next((m) => m.t === 'why', 5000, 0);
    expect(no).toMatchObject({ action: moverAction, legal: false, code: 'turn/not_yours' });
    expect(String(no['message']).length).toBeGreaterThan(5);
    mover.send({ t: 'why', action: moverAction });
    expect(await mover.next((m) => m.t === 'why', 5000, 0)).toMatchObject({ legal: true });
    waiter.send({ t: 'why', action: 'no_such_action' });
    expect(await waiter.next((m) => m.t === 'why' && m['action'] === 'no_such_action', 5000, 0)).toMatchObject({ legal: false, code: 'action/unknown' });
    watcher.send({ t: 'why', action: moverAction });
    expect(await watcher.next((m) => m.t === 'why', 5000, 0)).toMatchObject({ legal: false, code: 'seat/spectator' });
  });

  it('is rate limited per connection', async () => {
    const t = await table();
    const a = await t.join(t.tokens[0]);
    for (let i = 0; i < 8; i++) a.send({ t: 'why', action: `a${i}` });
    expect(await a.expectError({ t: 'why', action: 'again' })).toMatchObject({ code: 'rate/limited' });
  });
});
