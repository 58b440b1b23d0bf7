// TypeBox schemas of the HTTP API's bodies and replies (server validation, the OpenAPI document at /docs, client types).
import Type, { type Static } from 'typebox';
import { ChatLineSchema } from './social.ts';

export const ErrorReply = Type.Object(
  { code: Type.String({ description: 'Namespaced code, e.g. `seat/taken`.' }), message: Type.String({ description: 'A sentence for people.' }) },
  { $id: 'ErrorReply' },
);

export const OptionSchema = Type.Object({
  name: Type.String(),
  description: Type.String(),
  kind: Type.Union([Type.Literal('int'), Type.Literal('duration'), Type.Literal('bool'), Type.Literal('enum')]),
  min: Type.Optional(Type.Number()),
  max: Type.Optional(Type.Number()),
  values: Type.Optional(Type.Array(Type.String())),
  default: Type.Number({ description: 'Encoded as the runtime does: enum ordinal, 0/1, milliseconds.' }),
  group: Type.Optional(Type.Union([Type.Literal('basic'), Type.Literal('advanced')], { description: 'The new-table form shows `basic` options at once and folds the others away.' })),
});

export const GameSchema = Type.Object({
  id: Type.String(),
  title: Type.String(),
  summary: Type.String(),
  minPlayers: Type.Integer(),
  maxPlayers: Type.Integer(),
  options: Type.Array(OptionSchema),
  botLevels: Type.Array(Type.String()),
  source: Type.String(),
});

const SeatKind = Type.Union([Type.Literal('human'), Type.Literal('bot')]);

export const CreateRoomBody = Type.Object(
  {
    game: Type.String({ minLength: 1, maxLength: 64 }),
    options: Type.Optional(
      Type.Record(Type.String({ maxLength: 64 }), Type.Union([Type.Number(), Type.String({ maxLength: 64 }), Type.Boolean()]), {
        description: 'Options by name; enum values by name, durations in ms. Unnamed options take their defaults.',
      }),
    ),
    seats: Type.Array(Type.Object({ kind: SeatKind, level: Type.Optional(Type.String({ maxLength: 32 })) }, { additionalProperties: false }), {
      minItems: 1,
      maxItems: 16,
      description: 'One entry per seat, in seat order.',
    }),
    seed: Type.Optional(Type.String({ minLength: 1, maxLength: 128, description: 'Fixes the shuffle (tests, tournaments).' })),
  },
  { additionalProperties: false },
);

export const SeatSummary = Type.Object({
  kind: SeatKind,
  level: Type.Optional(Type.String()),
  name: Type.Optional(Type.String()),
  claimed: Type.Boolean(),
  connected: Type.Boolean(),
  resigned: Type.Optional(Type.Boolean({ description: 'Its player resigned during the game: a bot (`level`) plays it on under their name.' })),
});

export const GameResultSchema = Type.Object({
  winners: Type.Array(Type.Integer()),
  scores: Type.Array(Type.Number()),
  endedBy: Type.Optional(Type.String()),
});

export const RoomSummary = Type.Object({
  id: Type.String(),
  game: Type.String(),
  status: Type.Union([Type.Literal('waiting'), Type.Literal('playing'), Type.Literal('finished'), Type.Literal('expired')]),
  players: Type.Integer(),
  options: Type.Record(Type.String(), Type.Union([Type.Number(), Type.String(), Type.Boolean()])),
  seats: Type.Array(SeatSummary),
  n: Type.Integer({ description: 'Accepted actions so far (loaded rooms only; else from the log).' }),
  createdAt: Type.Number(),
  startedAt: Type.Optional(Type.Number()),
  endedAt: Type.Optional(Type.Number()),
  result: Type.Optional(GameResultSchema),
  seedHash: Type.String({ description: 'Commitment to the seed (hex SHA-256), shown from the start; the log reveals the seed once the game is over.' }),
  practice: Type.Boolean({ description: 'The creator chose the seed (a server started with --allow-client-seeds): the deal proves nothing.' }),
  abandoned: Type.Optional(Type.Boolean({ description: 'A game under way with no player connected: ended once that lasts abandonedRoomMs (5 minutes by default).' })),
});

export const LeaveReply = Type.Object({
  room: Type.String(),
  seat: Type.Integer(),
  outcome: Type.Union([Type.Literal('freed'), Type.Literal('resigned'), Type.Literal('abandoned')], {
    description: '`freed`: before the game, the seat is open again; `resigned`: a bot plays the seat on; `abandoned`: no other player was left, the game ended.',
  }),
  level: Type.Optional(Type.String({ description: 'The bot level that took the seat over (resigned).' })),
});

export const RoomParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

export const JoinBody = Type.Object(
  {
    seat: Type.Optional(Type.Integer({ minimum: 0, maximum: 15, description: 'Seat to claim; the first free human seat if absent.' })),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
  },
  { additionalProperties: false },
);

export const JoinReply = Type.Object({
  room: Type.String(),
  seat: Type.Integer(),
  token: Type.String({ description: 'The seat token (256 random bits). Shown once; send it in the WebSocket `join`.' }),
  ws: Type.String({ description: 'Path of the WebSocket endpoint.' }),
});

export const SpectateReply = Type.Object({
  room: Type.String(),
  ws: Type.String(),
  n: Type.Integer(),
  status: Type.String(),
  view: Type.Unknown({ description: 'The public view (no hidden card).' }),
});

export const ReplayLogSchema = Type.Object(
  {
    v: Type.Literal(1),
    game: Type.String(),
    status: Type.Union([Type.Literal('waiting'), Type.Literal('playing'), Type.Literal('finished'), Type.Literal('expired')]),
    /** Whether this is the whole log (finished or expired games); false while the game can still go on. */
    complete: Type.Boolean(),
    players: Type.Integer(),
    options: Type.Record(Type.String(), Type.Union([Type.Number(), Type.String(), Type.Boolean()])),
    /** Accepted actions so far. */
    n: Type.Integer(),
    /** Commitment to the seed (hex SHA-256), present from the start: sha256(seed) must equal it once the seed is revealed. */
    seedHash: Type.String(),
    /** The creator chose the seed (practice room). */
    practice: Type.Optional(Type.Boolean()),
    /** Only in a complete log: with the actions it replays the whole game, hidden cards included. */
    seed: Type.Optional(Type.String()),
    actions: Type.Optional(Type.Array(Type.Object({ at: Type.Number(), seat: Type.Integer(), action: Type.Unknown() }))),
    /** Complete logs only: the room's clock when it passed the last action (timers fired after it); a replay ticks to it. */
    clockAt: Type.Optional(Type.Number()),
    /** Complete logs only: the table's chat lines and reactions (players' and spectators'), for the replay. */
    chat: Type.Optional(Type.Array(ChatLineSchema)),
  },
  {
    description:
      'A finished (or expired) game\'s log is complete: seed + actions, the runtime\'s replay(def, log) input. While the game can still go on, the seed and the actions are withheld (they would reveal every hidden card): only the metadata and the count `n` are served.',
  },
);

// The TypeScript types of the bodies and replies (each named as its schema).
export type ErrorReply = Static<typeof ErrorReply>;
export type OptionInfo = Static<typeof OptionSchema>;
export type GameSummary = Static<typeof GameSchema>;
export type CreateRoomBody = Static<typeof CreateRoomBody>;
export type SeatSummary = Static<typeof SeatSummary>;
export type RoomSummary = Static<typeof RoomSummary>;
export type LeaveReply = Static<typeof LeaveReply>;
export type JoinBody = Static<typeof JoinBody>;
export type JoinReply = Static<typeof JoinReply>;
export type SpectateReply = Static<typeof SpectateReply>;
export type ReplayLog = Static<typeof ReplayLogSchema>;
