// Who listens to a room: a seat's connection or a spectator's, whatever the transport.
import { PROTOCOL_VERSION, type SeatPresence, type ServerMessage } from '../transport/ws/protocol.ts';
import type { RoomRecord } from '../storage/storage.ts';
import type { GameEngine } from '../games/types.ts';

export type Viewer = number | 'spectator';

export interface Subscriber {
  readonly viewer: Viewer;
  /** Hash of the token the connection joined with (seats only), re-checked on every action. */
  readonly tokenHash?: string;
  send(msg: ServerMessage): void;
  /** Ends the subscription from the room's side (room expired, server shutting down). */
  close(code: string, message: string): void;
}

/**
 * Sends one update per subscriber: the viewer's own view, its redacted events and legal
 * actions at the frame's time, computed once per viewer however many connections share it.
 */
export function fanOut<S>(
  engine: GameEngine<S>,
  state: S,
  subscribers: Iterable<Subscriber>,
  events: readonly unknown[],
  frame: { n: number; now: number; result: unknown },
): void {
  const cache = new Map<Viewer, ServerMessage>();
  for (const sub of subscribers) {
    let msg = cache.get(sub.viewer);
    if (!msg) {
      const v = sub.viewer;
      msg = {
        t: 'update',
        n: frame.n,
        now: frame.now,
        events: engine.eventsFor(state, events, v),
        view: engine.view(state, v),
        ...(v !== 'spectator' ? { legal: engine.legalActions(state, v, frame.now) } : {}),
        ...(frame.result ? { result: frame.result } : {}),
      };
      cache.set(v, msg);
    }
    sub.send(msg);
  }
}

export function presenceOf(seats: readonly { kind: 'human' | 'bot'; tokenHash?: string }[], subscribers: Iterable<Subscriber>): SeatPresence[] {
  const connected = new Set<Viewer>();
  for (const s of subscribers) connected.add(s.viewer);
  return seats.map((s, i) => ({ kind: s.kind, claimed: s.kind === 'bot' || !!s.tokenHash, connected: s.kind === 'bot' || connected.has(i) }));
}

/** The full-view message a viewer gets on joining or asking to resync. */
export function welcomeFor<S>(
  engine: GameEngine<S>,
  state: S,
  room: { id: string; record: RoomRecord; n: number; now: number; lastSeq: number },
  v: Viewer,
  seats: SeatPresence[],
): ServerMessage {
  const result = engine.result(state);
  return {
    t: 'welcome',
    v: PROTOCOL_VERSION,
    room: room.id,
    game: room.record.game,
    seat: v === 'spectator' ? null : v,
    players: room.record.players,
    status: room.record.status,
    n: room.n,
    lastSeq: room.lastSeq,
    now: room.now,
    view: engine.view(state, v),
    ...(v !== 'spectator' ? { legal: engine.legalActions(state, v, room.now) } : {}),
    ...(result ? { result } : {}),
    seats,
  };
}
