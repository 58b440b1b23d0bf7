// The slice of @decksmith/runtime that `play` uses: the runtime's own types, and the
// module loaded once at run time (the same instance the generated games import).
import type * as RuntimeModule from '@decksmith/runtime';

export type {
  Action, ArgValue, Bot, GameDef, GameEvent, GameResult, GameState, GameView, OptionValue, ParamDef, Rejection, RngState, TableChange,
  ViewCard, ViewSlot,
} from '@decksmith/runtime';
import type { Rejection } from '@decksmith/runtime';

/** What scenario and play call of the runtime. */
export type Runtime = Pick<
  typeof RuntimeModule,
  | 'setup' | 'checkSetup' | 'legalActions' | 'sampledActions' | 'canAct' | 'apply' | 'tick' | 'nextDeadline' | 'view'
  | 'checkInvariants' | 'arrange' | 'arrangeTable' | 'evaluate' | 'raceExpectation' | 'applyRigged' | 'deriveRng' | 'nextInt'
  | 'shuffleInPlace' | 'botFor' | 'parseBotLevel' | 'compensationWindow' | 'rankPlays'
>;

/** What `apply` returns. */
export type ApplyResult = ReturnType<Runtime['apply']>;

/** The runtime's module specifier (what generated modules import). */
const RUNTIME: string = '@decksmith/runtime';

let loaded: Runtime | null = null;

/** Loads the runtime once (the same module instance generated games import). */
export async function loadRuntime(): Promise<Runtime> {
  loaded ??= (await import(RUNTIME)) as Runtime;
  return loaded;
}

/** True when a result of apply is a rejection. */
export function isRejected(r: ApplyResult): r is { rejected: Rejection } {
  return 'rejected' in r;
}
