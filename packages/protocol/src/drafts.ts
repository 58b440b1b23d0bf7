// HTTP bodies of the studio's drafts (issue #21): an author's rule files stored per author token, and a table of a draft against bots.
import Type, { type Static } from 'typebox';

/** Bounds every draft endpoint enforces (the server's defaults; docs/security.md). */
export const DRAFT_LIMITS = {
  /** UTF-8 bytes of all of a draft's files together. */
  maxBytes: 64 * 1024,
  maxFiles: 16,
  /** Drafts one author token may keep. */
  maxDrafts: 20,
} as const;

/** An author token: the client draws it once (random, kept in the browser); the server keeps only its SHA-256. */
export const AUTHOR_TOKEN = /^[A-Za-z0-9_-]{22,128}$/;

export const DraftParams = Type.Object({ id: Type.String({ pattern: '^[a-z0-9][a-z0-9-]{0,39}$', description: 'The draft id the author chose (lower-case, digits, -).' }) }, { additionalProperties: false });

export const DraftFile = Type.Object(
  {
    name: Type.String({ pattern: '^(scenarios/)?[a-z0-9][a-z0-9._-]{0,60}\\.(rules|scenario)$', description: 'A rule file (`x.rules`) or a scenario (`scenarios/x.scenario`).' }),
    text: Type.String({ maxLength: DRAFT_LIMITS.maxBytes }),
  },
  { additionalProperties: false },
);

export const DraftBody = Type.Object(
  { files: Type.Array(DraftFile, { minItems: 1, maxItems: DRAFT_LIMITS.maxFiles, description: 'Every file of the draft; at least one rule file.' }) },
  { additionalProperties: false },
);

export const Draft = Type.Object({ id: Type.String(), files: Type.Array(DraftFile), updatedAt: Type.Number({ description: 'Wall-clock ms of the last save.' }) });

export const DraftList = Type.Object({ drafts: Type.Array(Type.Object({ id: Type.String(), updatedAt: Type.Number(), bytes: Type.Number() })) });

export const DraftPlayBody = Type.Object(
  {
    bots: Type.Array(Type.String({ maxLength: 32 }), { minItems: 1, maxItems: 15, description: 'Bot levels of the seats after the author (seat 0 is the author).' }),
    seed: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'The deal: the same seed and the same draft deal the same cards (a seeded restart).' })),
    file: Type.Optional(Type.String({ maxLength: 64, description: 'Which rule file to play (default: the first).' })),
  },
  { additionalProperties: false },
);

export const DraftPlayReply = Type.Object({
  room: Type.String(),
  game: Type.String({ description: 'The id the draft is hosted under (draft-<hash of its text>).' }),
  seed: Type.String(),
});

export const DraftSimulateBody = Type.Object(
  {
    players: Type.Integer({ minimum: 1, maximum: 16 }),
    games: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, description: 'Random-bot games to play (default 200).' })),
    seed: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'Game i is dealt from `<seed>-<i>`.' })),
    file: Type.Optional(Type.String({ maxLength: 64 })),
  },
  { additionalProperties: false },
);

export const DraftSimulation = Type.Object({
  games: Type.Integer(),
  players: Type.Integer(),
  finished: Type.Integer({ description: 'Games that reached `end game`.' }),
  stuck: Type.Integer({ description: 'Games capped at 5,000 actions, or where nobody could act and no timer was pending.' }),
  wins: Type.Array(Type.Integer(), { description: 'Wins per seat.' }),
  meanActions: Type.Number(),
  meanRounds: Type.Number(),
  stuckSeeds: Type.Array(Type.String()),
  ms: Type.Number(),
});

/** A draft the server would not host: `draft/does_not_compile` with the checker's report, or its compile overran (`draft/too_slow`, `draft/too_big`). */
export const DraftCompileError = Type.Object({ code: Type.String(), message: Type.String(), report: Type.Optional(Type.Array(Type.String())) });

export type DraftFile = Static<typeof DraftFile>;
export type DraftBody = Static<typeof DraftBody>;
export type Draft = Static<typeof Draft>;
export type DraftList = Static<typeof DraftList>;
export type DraftPlayBody = Static<typeof DraftPlayBody>;
export type DraftPlayReply = Static<typeof DraftPlayReply>;
export type DraftSimulateBody = Static<typeof DraftSimulateBody>;
export type DraftSimulation = Static<typeof DraftSimulation>;
