// Test helpers: an app with the fixture games and quick bots, and a WebSocket client that waits for frames.
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { buildApp, type AppOptions } from '../src/app.ts';
import { hostGameDef } from '../src/games/runtime-engine.ts';
import type { HostedGame } from '../src/games/types.ts';
import type { ServerMessage } from '@decksmith/protocol';
import { shed } from '@decksmith/runtime/test-fixtures/shed';
import { snapRace } from './fixtures/snap-race.ts';

/** Every game the tests play: a hand-written engine and a runtime-backed GameDef (plus generated games once they exist). */
export const fixtureGames: HostedGame[] = [snapRace as HostedGame, hostGameDef(shed, 'test fixture (runtime)', { kind: 'module', url: '@decksmith/runtime/test-fixtures/shed', name: 'shed' })];

export const FAST_BOTS = { medianMs: 3, sigma: 0.3, minMs: 1, maxMs: 10 };

export async function testApp(options: AppOptions = {}): Promise<FastifyInstance> {
  // Tests fix deals with chosen seeds: a practice server (the refusal itself is tested with allowClientSeeds: false).
  return buildApp({ games: fixtureGames, ...options, config: { botDelay: FAST_BOTS, allowClientSeeds: true, ...options.config } });
}

/** Creates a room through the API and claims every human seat; returns the tokens by seat. */
export async function createRoom(
  app: FastifyInstance,
  body: { game: string; seats: { kind: 'human' | 'bot' }[]; options?: Record<string, number | string | boolean>; seed?: string },
): Promise<{ id: string; tokens: (string | undefined)[] }> {
  const res = await app.inject({ method: 'POST', url: '/api/rooms', payload: body });
  if (res.statusCode !== 201) throw new Error(`create room: ${res.statusCode} ${res.body}`);
  const id = (res.json() as { id: string }).id;
  const tokens: (string | undefined)[] = [];
  for (let seat = 0; seat < body.seats.length; seat++) {
    if (body.seats[seat]!.kind !== 'human') continue;
    const j = await app.inject({ method: 'POST', url: `/api/rooms/${id}/join`, payload: { seat } });
    if (j.statusCode !== 200) throw new Error(`join: ${j.statusCode} ${j.body}`);
    tokens[seat] = (j.json() as { token: string }).token;
  }
  return { id, tokens };
}

type Msg = ServerMessage & Record<string, unknown>;

/** A client over a real or injected socket, keeping every frame and letting tests wait for one. */
export class Client {
  readonly frames: string[] = [];
  readonly messages: Msg[] = [];
  private waiters: { pred: (m: Msg) => boolean; resolve: (m: Msg) => void; from: number }[] = [];
  closed = false;
  closeCode: number | undefined;

  constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const text = data.toString();
      this.frames.push(text);
      const m = JSON.parse(text) as Msg;
      this.messages.push(m);
      this.waiters = this.waiters.filter((w) => {
        if (!w.pred(m)) return true;
        w.resolve(m);
        return false;
      });
    });
    ws.on('close', (code) => {
      this.closed = true;
      this.closeCode = code;
    });
  }

  static async connect(url: string): Promise<Client> {
    const ws = new WebSocket(url);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return new Client(ws);
  }

  static async inject(app: FastifyInstance): Promise<Client> {
    return new Client((await app.injectWS('/ws')) as unknown as WebSocket);
  }

  send(msg: unknown): void {
    this.ws.send(typeof msg === 'string' ? msg : JSON.stringify(msg));
  }

  /** The next message (from now, or from index `from`) that satisfies `pred`. */
  next(pred: (m: Msg) => boolean, timeoutMs = 20_000, from = this.messages.length): Promise<Msg> {
    const seen = this.messages.slice(from).find(pred);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out waiting; last: ${this.frames.slice(-3).join(' | ')}`)), timeoutMs);
      this.waiters.push({ pred, from, resolve: (m) => (clearTimeout(timer), resolve(m)) });
    });
  }

  async join(room: string, token?: string): Promise<Msg> {
    const from = this.messages.length;
    this.send({ t: 'join', v: 1, room, ...(token ? { token } : {}) });
    return this.next((m) => m.t === 'welcome' || m.t === 'error', 20_000, from);
  }

  /**
   * Sends an action and waits for its ack or reject — or for `rate/limited`, which carries no seq:
   * the server dropped the frame unread (over the per-connection rate), so no ack will come.
   */
  async act(seq: number, action: unknown): Promise<Msg> {
    const from = this.messages.length;
    this.send({ t: 'action', seq, action });
    return this.next((m) => ((m.t === 'ack' || m.t === 'reject' || m.t === 'error') && m['seq'] === seq) || (m.t === 'error' && m['seq'] === undefined && m['code'] === 'rate/limited'), 20_000, from);
  }

  /** Sends a raw frame and waits for the next error/reject reply. */
  async expectError(frame: unknown): Promise<Msg> {
    const from = this.messages.length;
    this.send(frame);
    return this.next((m) => m.t === 'error' || m.t === 'reject', 20_000, from);
  }

  /** The latest view and legal actions this client was sent. */
  latest(): { view: unknown; legal: unknown[]; n: number; result?: unknown } {
    for (let i = this.messages.length - 1; i >= 0; i--) {
      const m = this.messages[i]!;
      if (m.t === 'welcome' || m.t === 'update') return { view: m['view'], legal: (m['legal'] as unknown[]) ?? [], n: m['n'] as number, result: m['result'] };
    }
    throw new Error('no view yet');
  }

  close(): void {
    this.ws.close();
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
