// The table's social side on the wire: chat and reactions, "why can I not do this?", quick play and rematch (issue #25).
import Type, { type Static } from 'typebox';

/** The reactions a seat or a spectator may send (anything else is `chat/reaction_unknown`). */
export const REACTIONS = ['👍', '👏', '😄', '😮', '😢', '🎉'] as const;

/**
 * A chat line or a reaction sent by a connection. The schema's bound (500 characters) only
 * keeps frames small; the server's own limit (200 characters, `chat/too_long`) is tighter.
 */
export const ChatMessage = Type.Object(
  {
    t: Type.Literal('chat'),
    text: Type.String({ maxLength: 500 }),
    kind: Type.Optional(Type.Union([Type.Literal('text'), Type.Literal('reaction')])),
  },
  { additionalProperties: false },
);

/** Asks why one of the seat's actions is not legal now; answered with a `why` frame to this connection only. */
export const WhyMessage = Type.Object({ t: Type.Literal('why'), action: Type.String({ minLength: 1, maxLength: 64 }) }, { additionalProperties: false });

export type ChatMsg = Static<typeof ChatMessage>;
export type WhyMsg = Static<typeof WhyMessage>;

export const ChatLineSchema = Type.Object({
  /** The room's logical time (ms), on the same clock as the log's actions: a replay shows the line at its step. */
  at: Type.Number(),
  /** The seat that wrote it; null for a spectator. */
  seat: Type.Union([Type.Integer(), Type.Null()]),
  /** The seat's name when it has one. */
  name: Type.Optional(Type.String()),
  /** `players`: every viewer sees it; `spectators`: only spectators (and the replay) do. */
  channel: Type.Union([Type.Literal('players'), Type.Literal('spectators')]),
  kind: Type.Union([Type.Literal('text'), Type.Literal('reaction')]),
  text: Type.String(),
});
/** One stored chat line or reaction: plain text and who wrote it, nothing else. */
export type ChatLine = Static<typeof ChatLineSchema>;

/** Frames the server sends for chat, reasons and rematches. */
export type SocialServerMessage =
  | { t: 'chat'; lines: readonly ChatLine[]; history?: boolean }
  | { t: 'why'; action: string; legal: boolean; code?: string; message: string }
  | { t: 'rematch'; room: string };

export const QuickPlayBody = Type.Object(
  {
    game: Type.String({ minLength: 1, maxLength: 64 }),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
    /** When a new table is opened: its empty seats are given to bots of this level after `fillAfterMs` (absent: they wait for people). */
    fill: Type.Optional(
      Type.Object(
        { level: Type.String({ minLength: 1, maxLength: 32 }), afterMs: Type.Integer({ minimum: 0, maximum: 600_000 }) },
        { additionalProperties: false },
      ),
    ),
    /** Seats of a table opened by this request (the game's fewest by default). */
    players: Type.Optional(Type.Integer({ minimum: 1, maximum: 16 })),
  },
  { additionalProperties: false },
);
export type QuickPlayBody = Static<typeof QuickPlayBody>;

export const QuickPlayReply = Type.Object({
  room: Type.String(),
  seat: Type.Integer(),
  token: Type.String({ description: 'The seat token, shown once.' }),
  ws: Type.String(),
  /** `joined`: a seat at an open table of the game; `opened`: a new table. */
  outcome: Type.Union([Type.Literal('joined'), Type.Literal('opened')]),
});
export type QuickPlayReply = Static<typeof QuickPlayReply>;

export const ReadmeReply = Type.Object({
  game: Type.String(),
  /** The author's README.md as written (Markdown source: render it as text, never as HTML); empty when there is none. */
  markdown: Type.String(),
});
export type ReadmeReply = Static<typeof ReadmeReply>;

export const RulesReply = Type.Object({
  game: Type.String(),
  /** The game's rule file as the repository holds it (the studio checks a variant against it); a draft's never. */
  text: Type.String(),
});
export type RulesReply = Static<typeof RulesReply>;
