// One WebSocket connection: admission caps, a join deadline, size and rate limits, buffer caps, message validation, join by token or as spectator, actions, heartbeats.
import type { Logger } from 'pino';
import type { WebSocket } from 'ws';
import type { BufferBudget } from '../../admission/buffer-budget.ts';
import type { ConnectionAdmission } from '../../admission/connections.ts';
import type { ServerConfig } from '../../config.ts';
import type { ServerMetrics } from '../../metrics.ts';
import type { RoomManager } from '../../rooms/manager.ts';
import type { Room } from '../../rooms/room.ts';
import type { Subscriber, Viewer } from '../../rooms/subscriber.ts';
import { hashToken } from '../../tokens.ts';
import { PROTOCOL_VERSION, PROTOCOL_VERSIONS, parseClientMessage, type ClientMessage, type ServerMessage } from '@decksmith/protocol';
import { socialMessage, type SocialDeps } from '../../chat/handle.ts';
import { FloodGuard } from './rate-limit.ts';
import { RTT_PROBE_MS, RttEstimator } from './rtt.ts';

/**
 * The WebSocket plugin's handler of socket-level errors (a frame above the hard cap, a bad
 * frame header): the client's doing, so a warning rather than an error in the log (a flood of
 * them must not fill the error log); `ws` has already sent the close code (1009 for a frame
 * too large), and the socket is dropped.
 */
export function socketErrorHandler(error: Error, socket: WebSocket, request: { log: Pick<Logger, 'warn'> }): void {
  request.log.warn({ err: { message: error.message, code: (error as { code?: string }).code } }, 'websocket closed on a protocol error');
  socket.terminate();
}

/** Sees every frame sent to a viewer, with its room (tests record frames to check secrecy). */
export type FrameTap = (room: Room, viewer: Viewer, text: string) => void;

export interface ConnectionDeps {
  manager: RoomManager;
  config: ServerConfig;
  metrics: ServerMetrics;
  log: Logger;
  onFrame?: FrameTap;
  /** Open connections in total and per IP (the caps are checked before the upgrade too). */
  connections?: ConnectionAdmission;
  /** Unsent bytes per socket and over all sockets. */
  buffers?: BufferBudget;
  /** The `room` of the URL the socket connected to (`/ws?room=<id>`, which routed it to the room's worker); a join of another room is refused. */
  urlRoom?: string;
  /** Chat and "why not" (chat/handle.ts); without it those frames are refused with `chat/off`. */
  social?: SocialDeps;
}

/**
 * Serves one upgraded WebSocket from `ip` (`upgrade`: its upgrade request, which may hold a
 * place reserved before the upgrade): counted against the connection caps (closed at once
 * with `server/busy` or `quota/connections` when parallel upgrades went past one), closed
 * with `protocol/join_deadline` when it has not joined within `joinDeadlineMs`, and closed
 * (1013) when it reads too slowly for its unsent frames to stay within the buffer caps.
 */
export function handleConnection(socket: WebSocket, deps: ConnectionDeps, ip = 'unknown', upgrade?: object): void {
  const { config, metrics } = deps;
  let log = deps.log;
  const refused = deps.connections?.open(ip, upgrade);
  if (refused) {
    socket.send(JSON.stringify({ t: 'error', code: refused.code, message: refused.message }));
    socket.close(1013, refused.code);
    return;
  }
  let room: Room | undefined;
  let sub: (Subscriber & { tokenHash?: string }) | undefined;
  let joining = false;
  let alive = true;
  const flood = new FloodGuard(config.ratePerSecond, config.rateBurst, config.rateStrikes, performance.now());
  metrics.connections.inc();

  // A frame already encoded (fan-outs encode each distinct frame once for all its sockets); false when not written.
  const sendText = (text: string, _msg: ServerMessage): boolean => {
    if (socket.readyState !== socket.OPEN) return false;
    if (deps.buffers ? deps.buffers.tooSlow(socket) : socket.bufferedAmount > config.maxBufferedPerSocket) {
      log.warn({ buffered: socket.bufferedAmount, total: deps.buffers?.total }, 'closing a connection too slow to read its frames');
      socket.close(1013, 'too slow');
      return false;
    }
    if (room && sub) deps.onFrame?.(room, sub.viewer, text);
    coalesce();
    socket.send(text);
    return true;
  };
  const send = (msg: ServerMessage): void => {
    if (socket.readyState === socket.OPEN) sendText(JSON.stringify(msg), msg);
  };
  // The frames one turn of the event loop sends to this socket leave in one write: the TCP socket
  // stays corked until the turn's ticks and microtasks are done. So an action's ack and the
  // actor's update (sent a microtask later, once every room of the group commit has acked) are
  // one syscall, not two, and several actions of a busy room are one; the ack waits for the
  // fan-outs of its commit group (tens of µs per room), never for I/O. Frames keep their order.
  // ws keeps its own API for this private, hence the guarded access.
  const tcp = (socket as unknown as { _socket?: { cork(): void; uncork(): void } })._socket;
  let corked = false;
  const coalesce = (): void => {
    if (corked || !tcp) return;
    corked = true;
    tcp.cork();
    process.nextTick(() => {
      corked = false;
      tcp.uncork();
    });
  };
  const error = (code: string, message: string, seq?: number): void => send({ t: 'error', code, message, ...(seq !== undefined ? { seq } : {}) });

  const heartbeat = setInterval(() => {
    if (!alive) {
      log.info('closing a connection that missed a heartbeat');
      return void socket.terminate();
    }
    alive = false;
    socket.ping();
  }, config.heartbeatMs);
  heartbeat.unref?.();
  // The seat's round trip, from pings of our own (a client never states its latency); measured
  // only in a room whose plays may race (the credit is 0 elsewhere, and at 10,000 seats the
  // probes were two pings and two pongs per action of a turn-based game).
  const rtt = new RttEstimator();
  let probing: ReturnType<typeof setInterval> | undefined;
  socket.on('pong', (data: Buffer) => {
    alive = true;
    rtt.pong(data);
  });
  // A socket that never joins holds a connection slot for nothing.
  const deadline = setTimeout(() => {
    if (sub || joining) return;
    log.info('closing a connection that did not join in time');
    error('protocol/join_deadline', `Join a room within ${config.joinDeadlineMs} ms of connecting.`);
    socket.close(1008, 'join deadline');
  }, config.joinDeadlineMs);
  deadline.unref?.();

  async function join(msg: Extract<ClientMessage, { t: 'join' }>): Promise<void> {
    if (sub || joining) return error('protocol/already_joined', 'This connection has already joined a room.');
    if (!PROTOCOL_VERSIONS.includes(msg.v)) return error('protocol/version', `This server speaks protocol versions ${PROTOCOL_VERSIONS.join(' and ')} (newest ${PROTOCOL_VERSION}), not ${msg.v}.`);
    if (deps.urlRoom !== undefined && msg.room !== deps.urlRoom) {
      return error('protocol/room_mismatch', `This connection was opened for room "${deps.urlRoom.slice(0, 64)}"; connect to /ws?room=${msg.room.slice(0, 64)} to join another.`);
    }
    // A game that is over and no longer loaded is rebuilt from storage: the join shows its final table.
    joining = true;
    const r = deps.manager.get(msg.room) ?? (await deps.manager.open(msg.room));
    joining = false;
    if (!r) return error('room/unknown', `No open room "${msg.room.slice(0, 64)}".`);
    let viewer: Viewer = 'spectator';
    let tokenHash: string | undefined;
    if (msg.token !== undefined) {
      tokenHash = hashToken(msg.token);
      const seat = r.seatOfToken(tokenHash);
      if (seat < 0) return error('auth/invalid_token', 'This token does not open a seat in this room.');
      viewer = seat;
    }
    room = r;
    clearTimeout(deadline);
    log = deps.log.child({ room: r.id, seat: viewer });
    sub = {
      viewer,
      ...(tokenHash ? { tokenHash } : {}),
      protocol: msg.v,
      send,
      sendText,
      delay: () => rtt.oneWay(),
      close(code, message) {
        send({ t: 'bye', code, message });
        socket.close(code === 'server/shutdown' ? 1001 : 1000, code);
      },
    };
    joining = true;
    await r.connect(sub);
    joining = false;
    if (socket.readyState === socket.OPEN && r.racing && sub.viewer !== 'spectator') {
      rtt.probe(socket);
      probing = setInterval(() => socket.readyState === socket.OPEN && rtt.probe(socket), RTT_PROBE_MS);
      probing.unref?.();
    }
    // Closed while waiting for the room's queue: the close handler ran before we subscribed.
    if (socket.readyState !== socket.OPEN) r.disconnect(sub);
    else if (deps.social) await deps.social.chat.history(r, sub);
    log.debug('joined');
  }

  function act(msg: Extract<ClientMessage, { t: 'action' }>, received: number): void {
    if (!room || !sub) return error('protocol/not_joined', 'Join a room first.', msg.seq);
    if (sub.viewer === 'spectator') {
      return send({ t: 'reject', seq: msg.seq, code: 'seat/spectator', message: 'Spectators cannot act.' });
    }
    const seat = sub.viewer;
    const timing = { delay: rtt.oneWay(), ...(msg.seen !== undefined ? { seen: msg.seen } : {}) };
    void room.submit({ seat, ...(sub.tokenHash ? { tokenHash: sub.tokenHash } : {}), ...timing }, msg.seq, msg.action, (o) => {
      send(o.ok ? { t: 'ack', seq: msg.seq, n: o.n } : { t: 'reject', seq: msg.seq, code: o.code, message: o.message, ...(o.beaten ? { beaten: o.beaten } : {}) });
      metrics.ackLatency.observe((performance.now() - received) / 1000);
      if (!o.ok) log.debug({ seq: msg.seq, code: o.code }, 'action rejected');
    });
  }

  socket.on('message', (data, isBinary) => {
    const received = performance.now();
    alive = true;
    try {
      const size = Array.isArray(data) ? data.reduce((n, b) => n + b.length, 0) : (data as Buffer | ArrayBuffer).byteLength;
      const verdict = flood.admit(received);
      if (verdict === 'close') {
        log.warn('closing a connection that keeps exceeding the rate limit');
        error('rate/flood', `Closed: messages kept coming faster than ${config.ratePerSecond} per second.`);
        return void socket.close(1008, 'rate limit');
      }
      if (verdict === 'limited') return error('rate/limited', `Too many messages: at most ${config.ratePerSecond} per second.`);
      if (isBinary) return error('input/binary', 'Messages are JSON text frames.');
      if (size > config.maxMessageBytes) return error('input/too_large', `Messages are limited to ${config.maxMessageBytes} bytes.`);
      const text = Array.isArray(data) ? Buffer.concat(data).toString('utf8') : Buffer.from(data as Buffer).toString('utf8');
      const parsed = parseClientMessage(text);
      if (!parsed.ok) return error(parsed.code, parsed.message);
      const msg = parsed.msg;
      switch (msg.t) {
        case 'join':
          return void join(msg).catch((err: unknown) => {
            joining = false;
            log.error({ err }, 'join failed');
            error('server/internal', 'Joining failed.');
          });
        case 'action':
          return act(msg, received);
        case 'ping':
          return send({ t: 'pong', ...(msg.id !== undefined ? { id: msg.id } : {}), now: room?.now() ?? 0 });
        case 'resync':
          if (!room || !sub) return error('protocol/not_joined', 'Join a room first.');
          return void room.resync(sub);
        case 'chat':
        case 'why':
          if (!room || !sub) return error('protocol/not_joined', 'Join a room first.');
          if (!deps.social) return error('chat/off', 'This server has no chat.');
          return void socialMessage(msg, room, sub, deps.social, (code, message) => error(code, message)).catch((err: unknown) => {
            log.error({ err }, 'chat failed');
            error('server/internal', 'The chat message could not be handled.');
          });
      }
    } catch (err) {
      // Never let one message take the process down.
      log.error({ err }, 'message handling failed');
      error('server/internal', 'The server could not handle this message.');
    }
  });

  socket.on('close', () => {
    clearInterval(heartbeat);
    clearInterval(probing);
    clearTimeout(deadline);
    deps.connections?.close(ip);
    deps.buffers?.release(socket);
    metrics.connections.dec();
    if (room && sub) room.disconnect(sub);
  });
  socket.on('error', (err) => log.warn({ err }, 'socket error'));
}
