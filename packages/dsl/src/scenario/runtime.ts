// The slice of @decksmith/runtime the scenario runner calls. The runner takes the module as an
// argument (the same instance the compiled game imports), so this file imports types only.
import type * as RuntimeModule from '@decksmith/runtime';
import type { Rejection } from '@decksmith/runtime';

export type { Action, ArgValue, GameDef, GameEvent, GameState, OptionValue, TableChange } from '@decksmith/runtime';

/** What the scenario runner calls of the runtime. */
export type Runtime = Pick<
  typeof RuntimeModule,
  | 'setup' | 'checkSetup' | 'apply' | 'tick' | 'nextDeadline' | 'view' | 'checkInvariants' | 'arrange' | 'arrangeTable'
  | 'evaluate' | 'raceExpectation' | 'applyRigged' | 'deriveRng' | 'shuffleInPlace' | 'compensationWindow' | 'rankPlays'
  | 'setFuel'
>;

/** What `apply` returns. */
export type ApplyResult = ReturnType<Runtime['apply']>;

/** True when a result of apply is a rejection. */
export function isRejected(r: ApplyResult): r is { rejected: Rejection } {
  return 'rejected' in r;
}
