// One seat's (or a spectator's) WebSocket to a room: join (protocol v2), the view kept by applying
// each update's patch (a resync when one does not fit), actions with sequence numbers, ping for
// latency and clock, and reconnection with backoff that rejoins with the same token.
import { ViewFeed } from '../state/view-feed.ts';
import { PROTOCOL_VERSION, type ClientMessage, type ServerMessage, type WireAction, type WireMessage } from './protocol.ts';

export type LinkState = 'connecting' | 'open' | 'reconnecting' | 'closed';

export interface SocketHandlers {
  message(msg: ServerMessage, receivedAt: number): void;
  state(state: LinkState): void;
  rtt(ms: number, serverNow: number, sentAt: number, receivedAt: number): void;
}

/** Codes after which reconnecting cannot help. */
const FINAL = new Set(['room/unknown', 'room/archived', 'room/expired', 'room/closed', 'room/abandoned', 'seat/left', 'auth/invalid_token', 'protocol/version']);
const PING_MS = 3000;

export class RoomSocket {
  private ws: WebSocket | null = null;
  private seq = 0;
  private attempts = 0;
  private stopped = false;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private pings = new Map<number, number>();
  private pingId = 0;
  /** The update number of the latest view received: sent with each action (`seen`). */
  private seen: number | undefined;
  /** The view the patches apply to. */
  private readonly feed = new ViewFeed();

  constructor(
    private readonly room: string,
    private readonly token: string | undefined,
    private readonly on: SocketHandlers,
    private readonly url: string = RoomSocket.defaultUrl(room),
  ) {}

  /** `/ws?room=<id>` on this page's host: the room in the URL lets the server route the socket to the room's owner. */
  static defaultUrl(room: string): string {
    const { protocol, host } = window.location;
    return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/ws?room=${encodeURIComponent(room)}`;
  }

  open(): void {
    this.stopped = false;
    this.connect();
  }

  private connect(): void {
    this.on.state(this.attempts === 0 ? 'connecting' : 'reconnecting');
    const ws = new WebSocket(this.url);
    this.ws = ws;
    this.feed.reset();
    ws.onopen = () => {
      this.attempts = 0;
      this.raw({ t: 'join', v: PROTOCOL_VERSION, room: this.room, ...(this.token ? { token: this.token } : {}) });
      this.ping();
      clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => this.ping(), PING_MS);
    };
    ws.onmessage = (e: MessageEvent<string>) => {
      const at = performance.now();
      let wire: WireMessage;
      try {
        wire = JSON.parse(e.data) as WireMessage;
      } catch {
        return;
      }
      const { msg, resync } = this.feed.take(wire);
      if (resync) this.resync();
      if (!msg) return;
      if ((msg.t === 'welcome' || msg.t === 'update') && typeof msg.n === 'number') this.seen = msg.n;
      if (msg.t === 'welcome') {
        this.seq = Math.max(this.seq, msg.lastSeq);
        this.on.state('open');
      } else if (msg.t === 'pong' && msg.id !== undefined) {
        const sent = this.pings.get(msg.id);
        this.pings.delete(msg.id);
        if (sent !== undefined) this.on.rtt(at - sent, msg.now, sent, at);
      } else if ((msg.t === 'bye' || msg.t === 'error') && FINAL.has(msg.code)) {
        this.stopped = true;
      }
      this.on.message(msg, at);
    };
    ws.onclose = () => {
      clearInterval(this.pingTimer);
      if (this.ws !== ws) return;
      this.ws = null;
      if (this.stopped) return this.on.state('closed');
      this.on.state('reconnecting');
      const delay = Math.min(8000, 250 * 2 ** this.attempts++) * (0.75 + Math.random() * 0.5);
      this.retryTimer = setTimeout(() => this.connect(), delay);
    };
  }

  private raw(msg: ClientMessage): boolean {
    if (this.ws?.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(msg));
    return true;
  }

  private ping(): void {
    const id = ++this.pingId;
    this.pings.set(id, performance.now());
    if (this.pings.size > 8) this.pings.delete(this.pings.keys().next().value!);
    this.raw({ t: 'ping', id });
  }

  /** Sends an action; returns its sequence number, or null when not connected. */
  act(action: WireAction): number | null {
    const seq = ++this.seq;
    return this.raw({ t: 'action', seq, action, ...(this.seen !== undefined ? { seen: this.seen } : {}) }) ? seq : null;
  }

  /** Sends a chat line, a reaction or a "why" question; false when not connected. */
  say(msg: ClientMessage): boolean {
    return this.raw(msg);
  }

  resync(): void {
    this.raw({ t: 'resync' });
  }

  /** Drops the connection as a network failure would (tests, "reconnect" button). */
  drop(): void {
    this.ws?.close();
  }

  close(): void {
    this.stopped = true;
    clearInterval(this.pingTimer);
    clearTimeout(this.retryTimer);
    const ws = this.ws;
    this.ws = null;
    ws?.close();
    this.on.state('closed');
  }
}
