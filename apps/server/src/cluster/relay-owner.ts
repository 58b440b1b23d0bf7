// The owner's side of a relayed connection: a socket-like object fed from Redis, handed to the ordinary connection handler, so the room sees a Subscriber like any other.
import { EventEmitter } from 'node:events';
import type { WebSocket } from 'ws';
import type { RedisBus } from './redis-bus.ts';

/** Frame kinds on the bus: open, message, close. */
export const OPEN = 'o';
export const MESSAGE = 'm';
export const CLOSE = 'c';
/** A binary frame from the client (refused by the handler as it would be locally). */
export const BINARY = 'b';

/**
 * A WebSocket stand-in whose frames travel over Redis to the node holding the real socket.
 * Implements what the connection handler uses: send, close, terminate, ping (answered at once
 * while the relaying node is present: that node pings the real client itself), readyState,
 * bufferedAmount and the message/close/pong/error events.
 */
export class RelayedSocket extends EventEmitter {
  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readonly CLOSING = 2;
  readonly CLOSED = 3;
  readyState = 1;
  readonly bufferedAmount = 0;
  /** Frames that arrived before the connection handler took the socket (the room was still loading), or null once it has. */
  private early: [Buffer, boolean][] | null = [];

  constructor(
    readonly conn: string,
    readonly edge: string,
    private readonly bus: RedisBus,
    private readonly alive: () => boolean,
    private readonly onGone: (conn: string) => void,
  ) {
    super();
  }

  /** A frame from the client: to the handler, or kept (a few) until it takes the socket. */
  deliver(data: Buffer, isBinary = false): void {
    if (this.early === null) return void this.emit('message', data, isBinary);
    if (this.early.length < 16) this.early.push([data, isBinary]);
    else this.close(1008, 'too early');
  }

  /** The handler took the socket: the frames kept meanwhile are delivered, in order. */
  ready(): void {
    const early = this.early ?? [];
    this.early = null;
    for (const [data, isBinary] of early) this.emit('message', data, isBinary);
  }

  send(text: string | Buffer): void {
    if (this.readyState !== this.OPEN) return;
    this.bus.send(this.edge, MESSAGE, this.conn, typeof text === 'string' ? text : text.toString('utf8'));
  }

  ping(): void {
    if (this.readyState === this.OPEN && this.alive()) queueMicrotask(() => this.emit('pong'));
  }

  close(code = 1000, reason = ''): void {
    if (this.readyState !== this.OPEN) return;
    this.bus.send(this.edge, CLOSE, this.conn, JSON.stringify({ code, reason }));
    this.ended();
  }

  terminate(): void {
    this.close(1006, '');
  }

  /** The client's side went away (its node said so, or is gone). */
  ended(): void {
    if (this.readyState === this.CLOSED) return;
    this.readyState = this.CLOSED;
    this.onGone(this.conn);
    this.emit('close', 1006, Buffer.alloc(0));
  }
}

/** The relayed connections this node serves as a room's owner, by connection id. */
export class RelayOwner {
  private readonly sockets = new Map<string, RelayedSocket>();

  constructor(
    private readonly bus: RedisBus,
    private readonly maxConnections: number,
    private readonly connect: (socket: WebSocket, ip: string, room: string) => Promise<void> | void,
    private readonly present: (node: string) => boolean,
  ) {}

  get size(): number {
    return this.sockets.size;
  }

  /** Handles one bus message addressed to the owner side. */
  handle(kind: string, conn: string, from: string, payload: string): void {
    if (kind === OPEN) {
      if (this.sockets.has(conn)) return;
      if (this.sockets.size >= this.maxConnections) {
        this.bus.send(from, MESSAGE, conn, JSON.stringify({ t: 'bye', code: 'server/busy', message: 'The server is busy; try again.' }));
        return this.bus.send(from, CLOSE, conn, JSON.stringify({ code: 1013, reason: 'server/busy' }));
      }
      const { ip, room } = JSON.parse(payload) as { ip: string; room: string };
      const socket = new RelayedSocket(conn, from, this.bus, () => this.present(from), (c) => this.sockets.delete(c));
      this.sockets.set(conn, socket);
      // The owner may still be loading the room: frames arriving meanwhile wait for the handler.
      void Promise.resolve(this.connect(socket as unknown as WebSocket, ip, room)).then(
        () => socket.ready(),
        () => socket.close(1011, 'server/internal'),
      );
    } else if (kind === MESSAGE || kind === BINARY) {
      const socket = this.sockets.get(conn);
      // A frame for a connection this node does not know (it restarted): tell the other side to drop it.
      if (!socket) return this.bus.send(from, CLOSE, conn, JSON.stringify({ code: 1012, reason: 'server/moved' }));
      socket.deliver(Buffer.from(payload, kind === BINARY ? 'base64' : 'utf8'), kind === BINARY);
    } else if (kind === CLOSE) {
      this.sockets.get(conn)?.ended();
    }
  }

  /** The relaying node of every connection served here. */
  edges(): string[] {
    return [...this.sockets.values()].map((s) => s.edge);
  }

  /** Drops the connections of relaying nodes that are gone. */
  sweep(): void {
    for (const s of [...this.sockets.values()]) if (!this.present(s.edge)) s.ended();
  }

  /** Closes every relayed connection (shutdown). */
  closeAll(): void {
    for (const s of [...this.sockets.values()]) s.close(1001, 'server/shutdown');
  }
}
