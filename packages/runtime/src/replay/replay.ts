// Action logs and replay: a room's state is replay(seed, options, actions).
import { apply, tick } from '../core/api.ts';
import type { Action } from '../core/codec.ts';
import type { GameDef, Rejection } from '../core/game-def.ts';
import { setup, type OptionValue } from '../core/setup.ts';
import type { GameState } from '../core/state.ts';

export interface LogEntry {
  /** Logical time (ms) the server received the action. */
  at: number;
  seat: number;
  action: Action;
}

export interface ActionLog {
  v: 1;
  game: string;
  seed: string | number;
  players: number;
  options: Record<string, OptionValue>;
  /** Optional termination guard used at set-up (see SetupInput.maxMoves). */
  maxMoves?: number;
  actions: LogEntry[];
  /**
   * How far the room's clock went after the last action (a server's complete log, when timers
   * fired after it: the move that ended the game on a timer, say); replay ticks to it.
   */
  clockAt?: number;
}

export interface ReplayResult {
  state: GameState;
  /** Entries that were rejected (a log normally holds accepted actions only). */
  rejected: { index: number; rejection: Rejection }[];
}

/**
 * Rebuilds a game from its log: setup, then for each entry the timers due by its time and
 * the action, then the timers due by the log's `clockAt`. The same log always gives a
 * byte-identical `JSON.stringify(state)`.
 *
 * @example
 * const { state } = replay(def, log);
 */
export function replay(def: GameDef, log: ActionLog): ReplayResult {
  if (log.v !== 1) throw new Error(`replay: unknown log version ${String(log.v)}`);
  if (log.game !== def.id) throw new Error(`replay: the log is of ${log.game}, not ${def.id}`);
  let state = setup(def, { players: log.players, options: log.options, seed: log.seed, maxMoves: log.maxMoves });
  const rejected: ReplayResult['rejected'] = [];
  log.actions.forEach((entry, index) => {
    state = tick(def, state, entry.at).state;
    const r = apply(def, state, entry.seat, entry.action, entry.at);
    if ('rejected' in r) rejected.push({ index, rejection: r.rejected });
    else state = r.state;
  });
  if (log.clockAt !== undefined) state = tick(def, state, log.clockAt).state;
  return { state, rejected };
}
