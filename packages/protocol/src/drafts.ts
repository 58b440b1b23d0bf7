// HTTP bodies of the studio's drafts (issue #21): an author's rule files stored per author token, a table of a draft against bots, its simulation and its scenarios' report.
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

export const DraftScenariosBody = Type.Object(
  { file: Type.Optional(Type.String({ maxLength: 64, description: 'The rule file that must compile first (default: the first); every scenario runs against the game its `for` line names.' })) },
  { additionalProperties: false },
);

/** One problem of a scenario run: where (1-based line and column in `file`), what, and the caret excerpt `decksmith scenario` prints. */
export const DraftScenarioProblem = Type.Object({
  code: Type.String(),
  severity: Type.Union([Type.Literal('error'), Type.Literal('warning')]),
  message: Type.String(),
  file: Type.String({ description: 'A file of the draft (`scenarios/x.scenario`, `x.rules`), or a repository game a variant extends.' }),
  line: Type.Integer(),
  col: Type.Integer(),
  text: Type.String({ description: 'The diagnostic as printed: message, location, caret excerpt, notes.' }),
});

export const DraftScenarioResult = Type.Object({
  file: Type.String(),
  name: Type.String({ description: "The scenario's name (its file name when it does not parse)." }),
  game: Type.String({ description: 'The game id or rule-file path its `for` line names.' }),
  status: Type.Union([Type.Literal('passed'), Type.Literal('failed'), Type.Literal('broken')], { description: 'failed: a step did not hold; broken: the scenario has errors of its own (or names no game of the draft).' }),
  steps: Type.Integer({ description: 'Steps run, the failing one included.' }),
  problems: Type.Array(DraftScenarioProblem, { description: 'Why it failed (one) or is broken (every problem); warnings too.' }),
});

export const DraftScenarioReport = Type.Object({
  scenarios: Type.Array(DraftScenarioResult, { description: 'In file-name order; empty when the draft has no scenarios (then `message` says how to add one).' }),
  passed: Type.Integer(),
  failed: Type.Integer(),
  broken: Type.Integer(),
  message: Type.Optional(Type.String()),
  ms: Type.Number({ description: 'Milliseconds in the compiler thread.' }),
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
export type DraftScenariosBody = Static<typeof DraftScenariosBody>;
export type DraftScenarioProblem = Static<typeof DraftScenarioProblem>;
export type DraftScenarioResult = Static<typeof DraftScenarioResult>;
export type DraftScenarioReport = Static<typeof DraftScenarioReport>;
