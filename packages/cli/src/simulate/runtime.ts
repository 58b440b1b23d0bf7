// The slice of @decksmith/runtime that simulate uses, loaded at run time.
//
// Imported through a variable (as test/codegen/smoke.test.ts does) so that `tsc -p
// packages/cli` does not compile the runtime's sources under the tools' stricter settings; the
// types below mirror the runtime's (packages/runtime/src/bots/match.ts, core/game-def.ts).

export type OptionValue = number | string | boolean;

/** What simulate reads of a GameDef. */
export interface GameDef {
  id: string;
  title: string;
  minPlayers: number;
  maxPlayers: number;
  options: readonly { name: string; kind: 'int' | 'duration' | 'bool' | 'enum'; values?: readonly string[]; min?: number; max?: number }[];
  actions: readonly unknown[];
  zones: readonly unknown[];
}

export interface BotBudget {
  iterations?: number;
  ms?: number;
  clock?: () => number;
  determinizations?: number;
  rolloutDepth?: number;
}

export interface Checkpoint {
  at: number;
  standings: number[];
}

export interface MatchRecord {
  seed: string | number;
  players: number;
  bots: string[];
  result: { winners: number[]; scores: number[]; endedBy: 'end' | 'stuck' } | null;
  capped: boolean;
  actions: number;
  rounds: number;
  time: number;
  decisions: number;
  forced: number;
  realtime: { submitted: number; rejected: number; beaten: number };
  rejections: Record<string, number>;
  firstMover: number;
  roundScores: number[][];
  checkpoints: Checkpoint[];
}

export interface MatchInput {
  players: number;
  seed: string | number;
  options?: Record<string, OptionValue>;
  bots: readonly string[];
  budget?: BotBudget;
  maxActions?: number;
  trackStandings?: boolean;
}

export interface RuntimeApi {
  playMatch(def: GameDef, input: MatchInput): MatchRecord;
  setup(def: GameDef, input: { players: number; seed: string | number; options?: Record<string, OptionValue> }): { sideOf: number[] };
  checkSetup(def: GameDef, input: { players: number; seed: string | number; options?: Record<string, OptionValue> }): { code: string; message: string } | null;
  parseBotLevel(name: string): string | null;
  BOT_LEVELS: readonly string[];
}

const runtimeModule: string = '@decksmith/runtime';
let loaded: RuntimeApi | null = null;

/** The runtime module (imported once). */
export async function loadRuntime(): Promise<RuntimeApi> {
  loaded ??= (await import(runtimeModule)) as RuntimeApi;
  return loaded;
}
