// Public API of the Decksmith runtime engine.
export const RUNTIME_VERSION = '0.1.0';

export * from './core/game-def.ts';
export type { Ctx } from './core/ctx.ts';
export type { GameState, GameResult, EndedBy } from './core/state.ts';
export type { GameEvent, TimerKind } from './core/events.ts';
export type { Action, ArgValue, ActionTiming } from './core/codec.ts';
export { CHOICE_SAMPLES, type ChoiceSpec } from './core/choice.ts';
export { setup, checkSetup, decodeOptions, DEFAULT_MAX_MOVES, type SetupInput, type OptionValue } from './core/setup.ts';
export { legalActions, sampledActions, canAct, nextActionAt, isStalled, apply, tick, result, type ApplyResult } from './core/api.ts';
export { nextDeadline } from './timers/timers.ts';
export { view, type GameView, type PreviousView, type ZoneView, type ViewCard, type ViewBack, type ViewSlot } from './views/view.ts';
export { eventsFor, type ViewEvent } from './views/events.ts';
export { viewPatch } from './views/state-patch.ts';
export { diffView, applyViewPatch, jsonEqual, type ViewPatch, type ReplacePatch, type ObjectPatch, type ArrayPatch, type Splice, type PatchMismatch } from './views/view-patch.ts';
export { checkInvariants, checkViews } from './invariants/check.ts';
export { setFuel, fuelOf, SHIPPED_FUEL, DRAFT_FUEL, BUDGET_EXCEEDED_CODE, BudgetExceeded } from './core/fuel.ts';
export { lastFuelSpent } from './core/fuel-spent.ts';
export { replay, type ActionLog, type LogEntry, type ReplayResult } from './replay/replay.ts';
export { MAX_TRIGGER_PASSES } from './flow/settle.ts';
export { VarOutOfRange } from './core/var-range.ts';
export { compensationOf, compensationWindow, contested, estimateSent, rankPlays, beatenBy, DEFAULT_COMPENSATION_MS, COMPENSATION_OPTION, type TimedPlay, type SentEstimate, type SentBasis, type DecidedPlay } from './arbitration/compensation.ts';
export * from './rng/index.ts';
export * from './stdlib/index.ts';
export { arrange, type Arrangement } from './replay/arrange.ts';
export { evaluate, raceExpectation, arrangeTable, applyRigged, type TableChange } from './replay/scenario-support.ts';
export { assignSides, intersects, sameList, without, REJECTED, zoneSeen, cardSeen, type SidesArrangement } from './core/generated-support.ts';
export * from './bots/index.ts';
