// What the server needs from a hosted game: its public description and a bound engine over an opaque state.
import type { Static } from 'typebox';
import type { WireActionSchema } from '@decksmith/protocol';

/** An action as it travels on the wire: `{ type, args?, expect? }` (the seat is the connection's). */
export type WireAction = Static<typeof WireActionSchema>;

/** A rejection from the runtime or the server: a namespaced code and a sentence. */
export interface Rejection {
  code: string;
  message: string;
}

/** One option of a game as the lobby shows it (values are the runtime's numbers). */
export interface OptionInfo {
  name: string;
  description: string;
  kind: 'int' | 'duration' | 'bool' | 'enum';
  min?: number;
  max?: number;
  values?: readonly string[];
  default: number;
  /** The new-table form's group (`option … basic` in the rule file); absent: advanced. */
  group?: 'basic' | 'advanced';
}

export type OptionValue = number | string | boolean;

export interface SetupInput {
  players: number;
  /** Option values by name (enum values by name, durations in ms); defaults fill the rest. */
  options: Record<string, OptionValue>;
  seed: string;
}

export interface Step<S> {
  state: S;
  events: readonly unknown[];
}

/**
 * A game's rules bound to an engine. `S` is opaque to the server: it is only passed back in,
 * viewed, and replayed. Every method is pure and synchronous; time is passed in.
 */
export interface GameEngine<S = unknown> {
  setup(input: SetupInput): S | { rejected: Rejection };
  apply(state: S, seat: number, action: WireAction, now: number): Step<S> | { rejected: Rejection };
  tick(state: S, now: number): Step<S>;
  nextDeadline(state: S): number | null;
  /** `now` (default: the state's last time) matters to `rate` limits and time-reading guards. */
  legalActions(state: S, seat: number, now?: number): readonly WireAction[];
  /** Whether `seat` has any legal action at `now` (cheaper than `legalActions` when the engine has it). */
  canAct?(state: S, seat: number, now: number): boolean;
  /**
   * The earliest time after `now` at which `seat` could act on `state` as it is (a `rate` limit
   * lapsing), or null; engines without it are never woken for time-based availability.
   */
  nextActionAt?(state: S, seat: number, now: number): number | null;
  /**
   * The state as a seat (or a spectator) may see it: hidden cards carry no face or identity.
   * `previous` (optional to honour): an earlier view of the same viewer in this room and the state
   * it was computed from, whose unchanged parts the new view may reuse (same value, shared
   * objects; views are read-only).
   */
  view(state: S, viewer: number | 'spectator', previous?: { view: unknown; state: S }): unknown;
  /**
   * The patch (docs/protocol.md, "View patches") that turns the viewer's view of `from` into its
   * view of `to`, computed from the two states without building either whole view; engines
   * without it are patched by diffing the two views.
   */
  viewPatch?(from: S, to: S, viewer: number | 'spectator'): unknown;
  /** Events redacted for one viewer. */
  eventsFor(state: S, events: readonly unknown[], viewer: number | 'spectator'): readonly unknown[];
  /** Null while the game runs. */
  result(state: S): GameOutcome | null;
  /** A bot's own random stream for one seat of one room (opaque to the server). */
  botRng(seed: string, seat: number): unknown;
  /**
   * A bot's choice for `seat` at logical time `now`, or null when it has nothing to do; draws from
   * `rng` (from `botRng`, advanced in place); `thinkMs` bounds the search levels' thinking.
   */
  bot(state: S, seat: number, level: string, rng: unknown, now: number, thinkMs?: number): WireAction | null;
  /**
   * The latency-compensation window (ms) for a play arriving now: 0 outside contested moments
   * (docs/fairness.md). Absent for a game whose plays never race (no realtime stage, no window):
   * the server then does not probe its seats' round trips.
   */
  compensation?(state: S): number;
  /** The reaction delay distribution of a bot level (log-normal), when the engine has one. */
  botDelay?(level: string): { medianMs: number; sigma: number; minMs: number; maxMs: number };
}

export interface GameOutcome {
  winners: number[];
  scores: number[];
  endedBy?: string;
}

/**
 * How a bot worker thread loads the same game for itself (functions cannot cross threads): a
 * module's named export (a `GameDef`, or a `HostedGame` whose bot rng is plain data), or a rule
 * file compiled in memory.
 */
export type GameLoader = { kind: 'module'; url: string; name: string } | { kind: 'rules'; file: string };

/** A game the server can host. */
export interface HostedGame<S = unknown> {
  id: string;
  title: string;
  summary: string;
  minPlayers: number;
  maxPlayers: number;
  options: readonly OptionInfo[];
  botLevels: readonly string[];
  /** Where it came from: a workspace package, a rule file, or a test fixture. */
  source: string;
  engine: GameEngine<S>;
  /** How bot worker threads load it; without one, its bots decide on the main thread. */
  loader?: GameLoader;
  /** False: hosted (rooms, its def) but not listed by /api/games (a studio draft). */
  listed?: boolean;
}
