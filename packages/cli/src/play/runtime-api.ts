// The slice of @decksmith/runtime that `scenario` and `play` use, typed here and loaded at run time.
//
// The runtime is compiled under its own TypeScript settings, which the dsl's stricter ones
// reject; importing it statically would make `tsc -p packages/cli` check its sources. So it is
// imported through a variable and described by these structural types (kept to what we read).

export type ArgValue = number | string | boolean | number[];

export interface Action {
  type: string;
  args?: Record<string, ArgValue>;
  expect?: { height: number; top: number | null };
  round?: number;
}

export interface Rejection {
  code: string;
  message: string;
}

export interface ParamDef {
  name: string;
  kind: 'card' | 'cards' | 'pile' | 'enum' | 'bool' | 'int' | 'player';
  zone?: (x: unknown) => number;
  family?: number;
  orNew?: boolean;
  enumIndex?: number;
  min?: number;
  max?: number;
}

/** A generated game module's `game` (only the fields read here). */
export interface GameDef {
  id: string;
  title: string;
  minPlayers: number;
  maxPlayers: number;
  options: readonly { name: string; kind: 'int' | 'duration' | 'bool' | 'enum'; values?: readonly string[]; default: number }[];
  enums: readonly { name: string; values: readonly string[]; symbols: readonly string[] }[];
  faces: { notation: readonly string[] };
  zones: readonly { name: string; scope: 'shared' | 'player' | 'side'; shape: 'pile' | 'fan' | 'row' | 'piles'; slots?: number }[];
  vars: readonly { name: string; scope: 'global' | 'player' | 'side' | 'pile' }[];
  stages: readonly ({ name: string; kind: 'turns'; steps: readonly string[] } | { name: string; kind: 'realtime' | 'pause' })[];
  windows: readonly { name: string }[];
  actions: readonly { name: string; params: readonly ParamDef[]; races?: number }[];
  rounds: { stages: readonly number[] };
}

export interface GameResult {
  winners: number[];
  scores: number[];
  endedBy: 'end' | 'stuck';
  reason?: 'triggers' | 'limit';
}

/** A game state (only the fields read here; treat it as an opaque immutable value). */
export interface GameState {
  players: number;
  sides: number;
  round: number;
  dealer: number;
  stage: number;
  step: number;
  current: number;
  window: number;
  lastAt: number;
  accepted: number;
  moves: number;
  face: number[];
  /** Card id → side whose deck it belongs to (-1: a shared deck). */
  owner: number[];
  sideOf: number[];
  zones: number[][];
  zoneDecl: number[];
  zoneOwner: number[];
  declBase: number[];
  families: number[][];
  result: GameResult | null;
}

export type GameEvent =
  | { type: 'announce'; text: string }
  | { type: 'round'; round: number; phase: 'start' | 'end'; scores?: number[] }
  | { type: string };

export interface ViewCard { id: number; face: number; shown: string; owner: number }
export type ViewSlot = ViewCard | { back: number } | null;
export interface GameView {
  zones: { id: number; name: string; owner: number; cards?: ViewSlot[] }[];
}

export type OptionValue = number | string | boolean;
export interface RngState { a: number; b: number; c: number; d: number }

export type TableChange =
  | { kind: 'var'; var: number; owner: number; value: number }
  | { kind: 'stage'; stage: string }
  | { kind: 'turn'; player: number }
  | { kind: 'round'; round: number }
  | { kind: 'dealer'; player: number }
  | { kind: 'window'; window: string }
  | { kind: 'slots'; zone: number; faces: readonly (string | null)[] };

export interface Bot {
  level: string;
  choose(def: GameDef, state: GameState, seat: number, rng: RngState, budget?: { now?: number }): Action | null;
  reactionDelay(rng: RngState, def?: GameDef): number;
}

export type ApplyResult = { state: GameState; events: GameEvent[] } | { rejected: Rejection };

export interface Runtime {
  setup(def: GameDef, input: { players: number; seed: string | number; options?: Record<string, OptionValue>; now?: number; maxMoves?: number }): GameState;
  checkSetup(def: GameDef, input: { players: number; seed: string | number; options?: Record<string, OptionValue> }): Rejection | null;
  legalActions(def: GameDef, state: GameState, seat: number, now?: number): Action[];
  /** legalActions with counted card choices filled in (a bounded sample): every entry can be sent. */
  sampledActions(def: GameDef, state: GameState, seat: number, now?: number): Action[];
  canAct(def: GameDef, state: GameState, seat: number, now?: number): boolean;
  apply(def: GameDef, state: GameState, seat: number, action: Action, now: number): ApplyResult;
  tick(def: GameDef, state: GameState, now: number): { state: GameState; events: GameEvent[] };
  nextDeadline(state: GameState): number | null;
  view(def: GameDef, state: GameState, seat: number | 'spectator'): GameView;
  checkInvariants(def: GameDef, state: GameState): string[];
  arrange(def: GameDef, state: GameState, spec: readonly { zone: number; cards: string[]; onTop?: boolean }[], borrowed?: { spec: number; message: string }[]): GameState | Rejection;
  arrangeTable(def: GameDef, state: GameState, changes: readonly TableChange[]): GameState | Rejection;
  evaluate<T>(def: GameDef, state: GameState, fn: (x: unknown) => T, seat?: number, now?: number): T;
  raceExpectation(def: GameDef, state: GameState, seat: number, action: Action): { height: number; top: number | null } | null;
  applyRigged(def: GameDef, state: GameState, seat: number, action: Action, now: number, outcomes: readonly number[]): { result: ApplyResult; unused: number; misfit: string | null };
  deriveRng(seed: string | number, stream: string): RngState;
  nextInt(rng: RngState, n: number): number;
  shuffleInPlace<T>(rng: RngState, items: T[]): void;
  botFor(level: string): Bot;
  parseBotLevel(name: string): string | null;
  /** Latency compensation (docs/fairness.md): the window for plays arriving now, and their ranking by send time. */
  compensationWindow(def: GameDef, state: GameState): number;
  rankPlays<T extends { seat: number; arrivedAt: number; delay: number }>(plays: readonly T[], windowMs: number): (T & { sentAt: number; credited: number; rank: number })[];
}

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
