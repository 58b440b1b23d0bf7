// The WebSocket protocol, version 2 (view patches; version 1 still spoken): TypeBox schemas of every client message and the shapes the server sends.
import type { Action, GameResult, GameView, ViewEvent, ViewPatch } from '@decksmith/runtime';
import Type, { type Static } from 'typebox';
import { Compile } from 'typebox/compile';
import { ChatMessage, WhyMessage, type SocialServerMessage } from './social.ts';

export { PROTOCOL_VERSION, PROTOCOL_VERSIONS } from './version.ts';

const Name = Type.String({ minLength: 1, maxLength: 64 });
const Int = Type.Integer({ minimum: -1, maximum: 0xffffffff });

/** One argument value: a number (card view id, enum ordinal, player …), a name, a flag, a list. */
const ArgValue = Type.Union([
  Type.Number(),
  Type.String({ maxLength: 64 }),
  Type.Boolean(),
  Type.Array(Type.Number(), { maxItems: 256 }),
]);

/** What a racing action saw of the raced pile: its height and top card id (null when empty). */
export const ExpectSchema = Type.Object(
  { height: Type.Integer({ minimum: 0, maximum: 1_000_000 }), top: Type.Union([Int, Type.Null()]) },
  { additionalProperties: false },
);

export const WireActionSchema = Type.Object(
  {
    type: Name,
    args: Type.Optional(Type.Record(Type.String({ maxLength: 64 }), ArgValue)),
    expect: Type.Optional(ExpectSchema),
    /** The round the client saw; a different one is rejected `round/over`. */
    round: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  },
  { additionalProperties: false },
);

export const JoinMessage = Type.Object(
  {
    t: Type.Literal('join'),
    v: Type.Integer(),
    room: Type.String({ minLength: 1, maxLength: 64 }),
    /** A seat token from `POST /api/rooms/:id/join`; without one the connection spectates. */
    token: Type.Optional(Type.String({ minLength: 1, maxLength: 256 })),
  },
  { additionalProperties: false },
);

export const ActionMessage = Type.Object(
  {
    t: Type.Literal('action'),
    /** The client's own sequence number: strictly increasing per seat. */
    seq: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
    action: WireActionSchema,
    /** The update number (`n`) of the view the play was made on: bounds the latency credit a race play gets (docs/fairness.md). */
    seen: Type.Optional(Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })),
  },
  { additionalProperties: false },
);

export const PingMessage = Type.Object(
  { t: Type.Literal('ping'), id: Type.Optional(Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })) },
  { additionalProperties: false },
);

export const ResyncMessage = Type.Object({ t: Type.Literal('resync') }, { additionalProperties: false });

export const ClientMessageSchema = Type.Union([JoinMessage, ActionMessage, PingMessage, ResyncMessage, ChatMessage, WhyMessage]);
export type ClientMessage = Static<typeof ClientMessageSchema>;
export type JoinMsg = Static<typeof JoinMessage>;
export type ActionMsg = Static<typeof ActionMessage>;

const validators = {
  join: Compile(JoinMessage),
  action: Compile(ActionMessage),
  ping: Compile(PingMessage),
  resync: Compile(ResyncMessage),
  chat: Compile(ChatMessage),
  why: Compile(WhyMessage),
} as const;

/**
 * Parses and validates one client frame; a problem comes back as a value, never thrown.
 *
 * @example
 * parseClientMessage('{"t":"ping"}') // { ok: true, msg: { t: 'ping' } }
 */
export function parseClientMessage(text: string): { ok: true; msg: ClientMessage } | { ok: false; code: string; message: string } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, code: 'input/malformed', message: 'The message is not valid JSON.' };
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return { ok: false, code: 'input/invalid', message: 'A message must be a JSON object with a "t" field.' };
  }
  const t = (data as { t?: unknown }).t;
  if (typeof t !== 'string' || !Object.hasOwn(validators, t)) {
    return { ok: false, code: 'input/unknown_type', message: `Unknown message type ${JSON.stringify(t)?.slice(0, 40) ?? 'undefined'}.` };
  }
  const validator = validators[t as keyof typeof validators];
  // A legal entry of a counted choice sent back as it is: say what to send instead.
  const sent = (data as { action?: unknown }).action;
  if (t === 'action' && typeof sent === 'object' && sent !== null && Object.hasOwn(sent, 'choose')) {
    return { ok: false, code: 'input/invalid', message: '"choose" only describes a choice in the legal actions: send the chosen card ids in "args" instead.' };
  }
  if (!validator.Check(data)) {
    const first = validator.Errors(data)[0];
    const where = first ? `${first.instancePath || '/'}: ${first.message}` : 'does not match the schema';
    return { ok: false, code: 'input/invalid', message: `Invalid "${t}" message (${where.slice(0, 160)}).` };
  }
  return { ok: true, msg: data as ClientMessage };
}

/**
 * What the envelopes carry. The server is engine-agnostic and treats them as opaque values
 * (`Payloads`, the default); a client of games compiled by Decksmith reads them as the
 * runtime's types (`GamePayloads`).
 */
export interface Payloads {
  view: unknown;
  action: unknown;
  result: unknown;
  event: unknown;
}

/** The runtime's view, wire-form action (cards are the seat's view ids), result and events. */
export interface GamePayloads extends Payloads {
  view: GameView;
  action: Action;
  result: GameResult;
  event: ViewEvent;
}

/**
 * An action as sent and as the server lists legal ones (cards are this seat's view ids). A legal
 * entry may carry `choose` (a counted choice of cards, `ChoiceSpec`): the client sends it
 * without `choose`, with `args[choose.param]` = the chosen ids.
 */
export type WireAction = Action;
export type { ChoiceSpec } from '@decksmith/runtime';

export interface SeatPresence {
  kind: 'human' | 'bot';
  claimed: boolean;
  connected: boolean;
}

/** The first frame on a connection (and the answer to `resync`): the viewer's whole view. */
export interface WelcomeMessage<P extends Payloads = Payloads> {
  t: 'welcome';
  v: number;
  room: string;
  game: string;
  seat: number | null;
  players: number;
  status: string;
  /** Accepted actions so far (the room log's height). */
  n: number;
  /** Highest client sequence number accepted for this seat (0: none). */
  lastSeq: number;
  now: number;
  view: P['view'];
  /** Version 2: the version of `view`, the base of the next update's patch. */
  ver?: number;
  legal?: readonly P['action'][];
  result?: P['result'];
  seats: readonly SeatPresence[];
  /** Commitment to the room's seed (hex SHA-256); the finished game's log reveals the seed. */
  seedHash: string;
  /** The room's creator chose the seed (practice). */
  practice: boolean;
}

/**
 * An update. Version 1: always the whole `view`. Version 2: `ver` numbers the viewer's view on
 * this connection; `patch` turns the view at version `base` into it, or `view` is the whole view
 * (the server does not know what the connection holds: it missed a frame).
 */
export type UpdateMessage<P extends Payloads = Payloads> = UpdateCommon<P> &
  ({ view: P['view']; ver?: number } | { base: number; ver: number; patch: ViewPatch });

/** The part of an update that does not depend on how the view travels. */
export interface UpdateCommon<P extends Payloads = Payloads> {
  t: 'update';
  n: number;
  now: number;
  events: readonly P['event'][];
  legal?: readonly P['action'][];
  result?: P['result'];
}

/** A lost race: the seat whose play was sent first, and by how many ms (estimated send times, docs/fairness.md). */
export interface RaceLoss {
  by: number;
  ms: number;
}

/** Every message the server sends. */
export type ServerMessage<P extends Payloads = Payloads> =
  | WelcomeMessage<P>
  | { t: 'ack'; seq: number; n: number }
  | { t: 'reject'; seq: number; code: string; message: string; beaten?: RaceLoss }
  | UpdateMessage<P>
  | { t: 'presence'; seats: readonly SeatPresence[] }
  | { t: 'error'; code: string; message: string; seq?: number }
  | { t: 'pong'; id?: number; now: number }
  | { t: 'bye'; code: string; message: string }
  | SocialServerMessage;
