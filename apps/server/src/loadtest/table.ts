// One load-test table: creates a room of P human seats, connects P WebSocket bot clients, plays random legal actions at a pace, again and again.
import { applyViewPatch, type ViewPatch } from '@decksmith/runtime/view-patch';
import WebSocket from 'ws';
import type { Stats } from './stats.ts';

export interface TableOptions {
  url: string;
  game: string;
  players: number;
  /** Milliseconds a client waits, ±50 %, before acting on a new state. */
  pace: number;
  stats: Stats;
  stopped: () => boolean;
  /** Called once, when this table's first game has its first welcome. */
  onReady?: () => void;
  /**
   * Waits for one of a few set-up slots (creating a room, claiming seats, connecting) and returns
   * its release: thousands of tables connecting at once would overflow the server's accept queue.
   */
  setupSlot?: () => Promise<() => void>;
  /** Protocol version the clients join with: 2 (view patches, applied as the web client does) or 1 (whole views); default `LOADTEST_PROTOCOL` or 2. */
  protocol?: number;
}

async function post<T>(url: string, body: unknown): Promise<T> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Plays one game with P clients; resolves when it ends or the test stops. */
async function playOnce(o: TableOptions): Promise<void> {
  let release = (await o.setupSlot?.()) ?? (() => undefined);
  const seated = (): void => {
    release();
    release = () => undefined;
  };
  let room: { id: string };
  const tokens: string[] = [];
  try {
    room = await post<{ id: string }>(`${o.url}/api/rooms`, { game: o.game, seats: Array.from({ length: o.players }, () => ({ kind: 'human' })) });
    for (let seat = 0; seat < o.players; seat++) tokens.push((await post<{ token: string }>(`${o.url}/api/rooms/${room.id}/join`, { seat })).token);
  } catch (error) {
    seated();
    throw error;
  }
  let welcomes = 0;
  // The room in the URL routes the socket to the room's owner (`--workers`, clusters).
  const wsUrl = `${o.url.replace(/^http/, 'ws')}/ws?room=${encodeURIComponent(room.id)}`;
  const sockets: WebSocket[] = [];
  await new Promise<void>((resolveGame) => {
    let over = false;
    const finish = (): void => {
      if (over) return;
      over = true;
      seated();
      clearInterval(watch);
      for (const s of sockets) s.close();
      resolveGame();
    };
    let lastNews = performance.now();
    const watch = setInterval(() => {
      if (o.stopped()) return finish();
      // Nobody could act for 20 s and no timer moved the game: abandon it and open another room.
      if (performance.now() - lastNews > 20_000) {
        o.stats.stalls++;
        finish();
      }
    }, 200);
    tokens.forEach((token) => {
      const ws = new WebSocket(wsUrl);
      sockets.push(ws);
      let legal: unknown[] = [];
      let seq = 0;
      let sentAt = 0;
      let pending = false;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const schedule = (): void => {
        if (over || pending || timer || legal.length === 0) return;
        timer = setTimeout(() => {
          timer = undefined;
          if (over || pending || legal.length === 0) return;
          const action = legal[Math.floor(Math.random() * legal.length)];
          pending = true;
          sentAt = performance.now();
          ws.send(JSON.stringify({ t: 'action', seq: ++seq, action }));
        }, o.pace * (0.5 + Math.random()));
      };
      const protocol = o.protocol ?? Number(process.env['LOADTEST_PROTOCOL'] ?? 2);
      // The view as a v2 client keeps it: each update's patch applied to the version held (a mismatch asks a resync).
      let view: unknown = null;
      let ver = -1;
      ws.on('open', () => ws.send(JSON.stringify({ t: 'join', v: protocol, room: room.id, token })));
      ws.on('message', (data) => {
        const m = JSON.parse(data.toString()) as { t: string; legal?: unknown[]; result?: unknown; seq?: number; code?: string; view?: unknown; ver?: number; base?: number; patch?: ViewPatch };
        lastNews = performance.now();
        if (m.patch) {
          if (view === null) return; // waiting for the welcome a resync asked for
          const r = m.base === ver ? applyViewPatch(view, m.patch) : null;
          if (!r || 'error' in r) {
            o.stats.codes['client/patch_mismatch'] = (o.stats.codes['client/patch_mismatch'] ?? 0) + 1;
            view = null;
            ws.send(JSON.stringify({ t: 'resync' }));
            return;
          }
          view = r.value;
          ver = m.ver!;
        } else if (m.view !== undefined) {
          view = m.view;
          ver = m.ver ?? -1;
        }
        if (m.t === 'welcome' && ++welcomes === o.players) seated();
        if (m.t === 'welcome' && o.onReady) {
          o.onReady();
          o.onReady = undefined;
        }
        if (m.t === 'welcome' || m.t === 'update') {
          legal = m.legal ?? [];
          if (m.result) {
            o.stats.games++;
            return finish();
          }
          if (timer && legal.length === 0) {
            clearTimeout(timer);
            timer = undefined;
          }
          schedule();
        } else if ((m.t === 'ack' || m.t === 'reject') && m.seq === seq) {
          o.stats.ack(performance.now() - sentAt, m.t === 'ack');
          if (m.code) o.stats.codes[m.code] = (o.stats.codes[m.code] ?? 0) + 1;
          pending = false;
          schedule();
        } else if (m.t === 'error') {
          o.stats.errors++;
          if (m.code) o.stats.codes[m.code] = (o.stats.codes[m.code] ?? 0) + 1;
          pending = false;
        }
      });
      ws.on('close', (code) => {
        if (!over) {
          o.stats.disconnects++;
          o.stats.closeCodes[code] = (o.stats.closeCodes[code] ?? 0) + 1;
          finish();
        }
      });
      ws.on('error', () => undefined);
    });
  });
}

/** Keeps a table busy until the test stops: a finished game is followed by a new room. */
export async function runTable(o: TableOptions): Promise<void> {
  while (!o.stopped()) {
    try {
      await playOnce(o);
    } catch (error) {
      o.stats.errors++;
      // Set-up failures (an HTTP refusal, a connection error) are counted by their reason.
      const why = `setup: ${error instanceof Error ? error.message : String(error)}`.slice(0, 120);
      o.stats.codes[why] = (o.stats.codes[why] ?? 0) + 1;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}
