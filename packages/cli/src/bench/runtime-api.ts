// The slice of @decksmith/runtime that the bench drives: its own types (playout.ts, ismcts.ts,
// game-def.ts), the module loaded once at run time (the same instance the generated games import).
import type * as Runtime from '@decksmith/runtime';

export type { Action, GameDef, GameResult, GameState, IsmctsOptions, OptionValue, PlayoutInput, PlayoutResult, RngState } from '@decksmith/runtime';

/** What the bench calls of the runtime; `randomPlayout` is the engine's fast path. */
export type BenchRuntime = Pick<
  typeof Runtime,
  | 'setup' | 'checkSetup' | 'legalActions' | 'sampledActions' | 'canAct' | 'apply' | 'tick' | 'nextDeadline'
  | 'nextActionAt' | 'deriveRng' | 'nextInt' | 'ismctsBot' | 'randomPlayout'
>;

const RUNTIME: string = '@decksmith/runtime';
let loaded: BenchRuntime | null = null;

/** Loads the runtime once (the same module instance the generated games import). */
export async function loadBenchRuntime(): Promise<BenchRuntime> {
  loaded ??= (await import(RUNTIME)) as BenchRuntime;
  return loaded;
}
