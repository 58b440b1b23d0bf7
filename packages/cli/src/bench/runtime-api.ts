// The slice of @decksmith/runtime that the bench drives, typed structurally and loaded at run time
// (as play/runtime-api.ts does, so `tsc -p packages/cli` does not check the runtime's sources).
import type { Action, GameDef, GameResult, GameState, OptionValue, RngState } from '../play/runtime-api.ts';

export type { Action, GameDef, GameResult, GameState, OptionValue, RngState };

export interface PlayoutInput {
  players: number;
  seed: string | number;
  options?: Record<string, OptionValue>;
  maxActions?: number;
}

export interface PlayoutResult {
  actions: number;
  result: GameResult | null;
  capped: boolean;
  time: number;
  rounds: number;
}

export interface IsmctsOptions {
  now?: number;
  iterations?: number;
  onDone?: (stats: { iterations: number }) => void;
}

export interface BenchRuntime {
  setup(def: GameDef, input: { players: number; seed: string | number; options?: Record<string, OptionValue> }): GameState;
  checkSetup(def: GameDef, input: { players: number; seed: string | number; options?: Record<string, OptionValue> }): { code: string; message: string } | null;
  legalActions(def: GameDef, state: GameState, seat: number, now?: number): Action[];
  /** legalActions with counted card choices filled in (a bounded sample): every entry can be sent. */
  sampledActions(def: GameDef, state: GameState, seat: number, now?: number): Action[];
  canAct(def: GameDef, state: GameState, seat: number, now?: number): boolean;
  apply(def: GameDef, state: GameState, seat: number, action: Action, now: number): { state: GameState } | { rejected: { code: string; message: string } };
  tick(def: GameDef, state: GameState, now: number): { state: GameState };
  nextDeadline(state: GameState): number | null;
  nextActionAt(def: GameDef, state: GameState, seat: number, now?: number): number | null;
  deriveRng(seed: string | number, stream: string): RngState;
  nextInt(rng: RngState, n: number): number;
  ismctsBot(def: GameDef, state: GameState, seat: number, rng: RngState, opts?: IsmctsOptions): Action | null;
  /** The engine's fast path. */
  randomPlayout(def: GameDef, input: PlayoutInput): PlayoutResult;
}

const RUNTIME: string = '@decksmith/runtime';
let loaded: BenchRuntime | null = null;

/** Loads the runtime once (the same module instance the generated games import). */
export async function loadBenchRuntime(): Promise<BenchRuntime> {
  loaded ??= (await import(RUNTIME)) as BenchRuntime;
  return loaded;
}
