// The slice of @decksmith/runtime that simulate uses: its own types (match.ts, game-def.ts), the
// module loaded once at run time (the same instance the generated games import).

import type * as Runtime from '@decksmith/runtime';

export type { BotBudget, Checkpoint, GameDef, MatchInput, MatchRecord, OptionValue } from '@decksmith/runtime';

/** What simulate calls of the runtime. */
export type RuntimeApi = Pick<typeof Runtime, 'playMatch' | 'setup' | 'checkSetup' | 'parseBotLevel' | 'BOT_LEVELS'>;

const runtimeModule: string = '@decksmith/runtime';
let loaded: RuntimeApi | null = null;

/** The runtime module (imported once). */
export async function loadRuntime(): Promise<RuntimeApi> {
  loaded ??= (await import(runtimeModule)) as RuntimeApi;
  return loaded;
}
