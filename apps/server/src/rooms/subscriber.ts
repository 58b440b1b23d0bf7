// Who listens to a room (a seat's connection or a spectator's, whatever the transport), and the frames it is sent: each distinct frame encoded once, v2 connections sent patches of their view.
import { diffView } from '@decksmith/runtime';
import { PROTOCOL_VERSION, type SeatPresence, type ServerMessage, type UpdateMessage } from '@decksmith/protocol';
import type { RoomRecord } from '../storage/storage.ts';
import type { GameEngine } from '../games/types.ts';

export type Viewer = number | 'spectator';

export interface Subscriber {
  readonly viewer: Viewer;
  /** Hash of the token the connection joined with (seats only), re-checked on every action. */
  readonly tokenHash?: string;
  /** The protocol version the connection joined with: 1 (whole views, the default) or 2 (patches). */
  readonly protocol?: number;
  send(msg: ServerMessage): void;
  /**
   * Writes a frame already encoded as JSON `text` (of `msg`), so one encoding serves every
   * connection it goes to; false when it was not written (the connection is closing or too far
   * behind). Without it, frames go through `send`.
   */
  sendText?(text: string, msg: ServerMessage): boolean;
  /** Ends the subscription from the room's side (room expired, server shutting down). */
  close(code: string, message: string): void;
  /** The connection's measured one-way delay (ms; transport/ws/rtt.ts): how long a play of its seat may still be on its way (race-buffer.ts). */
  delay?(): number;
}

/**
 * What a v2 connection holds: the version of its view and the game state that view was computed
 * from (a view is a pure function of state and viewer), or none when a frame did not reach it.
 * Holding the state, not the view, keeps nothing alive between updates but what the room's
 * copy-on-write states share anyway: retained view objects (~9 KiB each for Five Crowns) were
 * promoted to the old generation at every update and cost major GCs. (Keeping each state's
 * views and building the next from them with the runtime's `view(…, previous)` sharing was
 * measured slower end to end on the 500-room load test — 1,067 against 950 µs of server CPU per
 * action, p99 709 against 84 ms.) The patch is computed from the held state and the new one
 * (`patchOf`): by the engine's `viewPatch`, which builds only the zones that changed for the
 * viewer (Five Crowns: 22.8 → 10.6 µs per viewer, docs/performance.md, seventh round), else by
 * diffing the held view, recomputed, against the new one built from it.
 */
interface Held {
  ver: number;
  state: unknown;
}
const held = new WeakMap<Subscriber, Held>();

const NONE: unknown = Symbol('nothing held');

/** A frame and its JSON text, encoded at most once, when a subscriber first takes text. */
interface Encoded {
  msg: ServerMessage;
  text?: string;
}

/** Writes one frame, pre-encoded when the subscriber takes text; whether it was written. */
function write(sub: Subscriber, e: Encoded): boolean {
  if (sub.sendText) return sub.sendText((e.text ??= JSON.stringify(e.msg)), e.msg);
  sub.send(e.msg);
  return true;
}

/** One viewer's frame of one fan-out: computed once, encoded once per distinct base. */
interface ViewerFrame {
  common: Omit<UpdateMessage, 'view' | 'base' | 'ver' | 'patch'>;
  /** The viewer's view of the frame's state, computed by the first connection that needs it. */
  view: unknown;
  /** Encoded frames by what the connection holds: v1 (whole view), a held state, or nothing (`ver:` key). */
  texts: Map<unknown, Encoded>;
}

/**
 * The patch from the viewer's view of the held state to its view of `state`: from the two states
 * when the engine can (only the parts that changed are built), else by diffing the held view,
 * recomputed, against the frame's view built from it (sharing its unchanged zones and parts, so
 * the diff stops at them). Nothing of it outlives the fan-out.
 */
function patchOf<S>(engine: GameEngine<S>, from: S, state: S, v: Viewer, f: ViewerFrame): unknown {
  if (engine.viewPatch) return engine.viewPatch(from, state, v);
  const base = engine.view(from, v);
  if (f.view === NONE) f.view = engine.view(state, v, { view: base, state: from });
  return diffView(base, f.view);
}

/**
 * Sends one update per subscriber: the viewer's own view, its redacted events and legal actions
 * at the frame's time, computed once per viewer however many connections share it (spectators
 * share one) and encoded once per distinct frame: v1 connections of a viewer all get the same
 * text with the whole view; v2 connections holding the same view get the same patch from it, and
 * a v2 connection whose last frame did not reach it gets the whole view.
 */
export function fanOut<S>(
  engine: GameEngine<S>,
  state: S,
  subscribers: Iterable<Subscriber>,
  events: readonly unknown[],
  frame: { n: number; now: number; result: unknown },
): void {
  const frames = new Map<Viewer, ViewerFrame>();
  for (const sub of subscribers) {
    const v = sub.viewer;
    let f = frames.get(v);
    if (!f) {
      f = {
        common: {
          t: 'update',
          n: frame.n,
          now: frame.now,
          events: engine.eventsFor(state, events, v),
          ...(v !== 'spectator' ? { legal: engine.legalActions(state, v, frame.now) } : {}),
          ...(frame.result ? { result: frame.result } : {}),
        },
        view: NONE,
        texts: new Map(),
      };
      frames.set(v, f);
    }
    if ((sub.protocol ?? 1) < 2) {
      let e = f.texts.get(1);
      if (!e) {
        if (f.view === NONE) f.view = engine.view(state, v);
        f.texts.set(1, (e = { msg: { ...f.common, view: f.view } as UpdateMessage }));
      }
      write(sub, e);
      continue;
    }
    const h = held.get(sub) ?? { ver: 0, state: NONE };
    const key = h.state === NONE ? `ver:${h.ver}` : h.state;
    let e = f.texts.get(key);
    if (!e) {
      const ver = h.ver + 1;
      let msg: UpdateMessage;
      if (h.state === NONE) {
        if (f.view === NONE) f.view = engine.view(state, v);
        msg = { ...f.common, ver, view: f.view } as UpdateMessage;
      } else {
        msg = { ...f.common, base: h.ver, ver, patch: patchOf(engine, h.state as S, state, v, f) } as UpdateMessage;
      }
      f.texts.set(key, (e = { msg }));
    }
    const written = write(sub, e);
    held.set(sub, written ? { ver: h.ver + 1, state } : { ver: h.ver, state: NONE });
  }
}

/**
 * Sends a welcome (from `welcomeFor`, computed from `state`) in the subscriber's protocol version;
 * a v2 connection's welcome carries `ver`, and its view becomes the base of the next patch.
 */
export function deliverWelcome(sub: Subscriber, welcome: Extract<ServerMessage, { t: 'welcome' }>, state: unknown): void {
  if ((sub.protocol ?? 1) < 2) return void write(sub, { msg: { ...welcome, v: 1 } });
  const ver = (held.get(sub)?.ver ?? 0) + 1;
  held.set(sub, write(sub, { msg: { ...welcome, v: PROTOCOL_VERSION, ver } }) ? { ver, state } : { ver, state: NONE });
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
): Extract<ServerMessage, { t: 'welcome' }> {
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
    seedHash: room.record.seedHash,
    practice: room.record.practice === true,
  };
}
