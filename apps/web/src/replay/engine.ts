// In-browser replay of a finished game's action log with the pure runtime: the same setup, timers
// and apply as the server, so every step's state is the one the players saw. Loaded lazily (its
// own chunk) together with the game's generated module, found by id among the workspace's games.
import { apply, eventsFor, nextDeadline, setup, tick, view, type Action, type GameDef, type GameState } from '@decksmith/runtime';
import type { CompleteLog } from '../net/api.ts';
import type { GameView, ViewEvent } from '../net/protocol.ts';

// Every generated game module of the workspace, by file name (`<id>.generated.ts`), each its own chunk.
const modules = import.meta.glob<{ game?: GameDef }>('../../../../games/*/generated/*.generated.ts');

export async function loadGameDef(id: string): Promise<GameDef | null> {
  for (const [path, load] of Object.entries(modules)) {
    if (!path.endsWith(`/${id}.generated.ts`)) continue;
    const mod = await load();
    if (mod.game?.id === id) return mod.game;
  }
  return null;
}

export interface ReplayStep {
  /** The acting seat and action of this step (none for the start and for trailing timers). */
  seat: number | null;
  action: string | null;
  state: GameState;
  events: readonly unknown[];
}

/** Bound on timers fired after the last action (a game ended by a timeout). */
const MAX_TRAILING_TIMERS = 500;

/**
 * Replays a log step by step: step 0 is the deal, step i the state after action i (with the
 * timers due before it), and a last step for timers that fired after the last action (up to the
 * log's `clockAt`; an older log without it runs the timers until the game ends).
 */
export class Replayer {
  readonly steps: ReplayStep[] = [];

  constructor(
    readonly def: GameDef,
    readonly log: CompleteLog,
  ) {
    let state = setup(def, { players: log.players, options: log.options, seed: log.seed });
    this.steps.push({ seat: null, action: null, state, events: [] });
    for (const entry of log.actions) {
      const t = tick(def, state, entry.at);
      const r = apply(def, t.state, entry.seat, entry.action as Action, entry.at);
      if ('rejected' in r) continue;
      state = r.state;
      this.steps.push({ seat: entry.seat, action: (entry.action as Action).type, state, events: [...t.events, ...r.events] });
    }
    const trailing: unknown[] = [];
    if (log.clockAt !== undefined) {
      // The server stored how far its clock went after the last action: exactly the timers that fired.
      const t = tick(def, state, log.clockAt);
      state = t.state;
      trailing.push(...t.events);
    }
    for (let i = 0; log.clockAt === undefined && i < MAX_TRAILING_TIMERS && state.result === null; i++) {
      const at = nextDeadline(state);
      if (at === null) break;
      const t = tick(def, state, at);
      state = t.state;
      trailing.push(...t.events);
    }
    if (trailing.length > 0) this.steps.push({ seat: null, action: null, state, events: trailing });
  }

  view(step: number, viewer: number | 'spectator'): GameView {
    return view(this.def, this.steps[step]!.state, viewer) as unknown as GameView;
  }

  events(step: number, viewer: number | 'spectator'): ViewEvent[] {
    const s = this.steps[step]!;
    return eventsFor(this.def, s.state, s.events as Parameters<typeof eventsFor>[2], viewer) as unknown as ViewEvent[];
  }
}
