// Binds a generated GameDef to the runtime's pure functions as a GameEngine the rooms can host.
import {
  apply,
  BOT_LEVELS,
  canAct,
  checkSetup,
  chooseAction,
  compensationWindow,
  deriveRng,
  eventsFor,
  legalActions,
  nextActionAt,
  nextDeadline,
  reactionModel,
  result,
  setup,
  tick,
  view,
  viewPatch,
  type Action,
  type GameDef,
  type GameState,
  type PreviousView,
  type RngState,
} from '@decksmith/runtime';
import type { GameEngine, GameLoader, HostedGame } from './types.ts';

/**
 * What a server bot may think per decision unless told (`thinkMs`, the server's `botThinkMs`):
 * bots share the bot worker threads, so the search levels get a few milliseconds, not the
 * seconds a lone `decksmith play` would give them.
 */
const BUDGET = { iterations: 150, ms: 15, determinizations: 2, clock: () => performance.now() };

/** Whether plays of this game can ever race: it has a realtime stage or a window (the runtime's `contested` is false otherwise). */
export function mayRace(def: GameDef): boolean {
  return def.windows.length > 0 || def.stages.some((s) => s.kind === 'realtime');
}

export function isGameDef(x: unknown): x is GameDef {
  const d = x as Partial<GameDef> | null;
  return (
    !!d && typeof d.id === 'string' && typeof d.minPlayers === 'number' && typeof d.maxPlayers === 'number' && Array.isArray(d.options) && Array.isArray(d.actions)
  );
}

/**
 * Wraps a generated game for hosting; `loader` tells bot worker threads how to load it too.
 *
 * @example
 * import { game } from '@decksmith/game-super-taki';
 * registry.add(hostGameDef(game, '@decksmith/game-super-taki', { kind: 'module', url: '@decksmith/game-super-taki', name: 'game' }));
 */
export function hostGameDef(def: GameDef, source: string, loader?: GameLoader): HostedGame<GameState> & { def: GameDef } {
  const engine: GameEngine<GameState> = {
    setup(input) {
      const bad = checkSetup(def, input);
      return bad ? { rejected: bad } : setup(def, input);
    },
    apply: (state, seat, action, now) => apply(def, state, seat, action as Action, now),
    tick: (state, now) => tick(def, state, now),
    nextDeadline: (state) => nextDeadline(state),
    legalActions: (state, seat, now) => legalActions(def, state, seat, now),
    canAct: (state, seat, now) => canAct(def, state, seat, now),
    nextActionAt: (state, seat, now) => nextActionAt(def, state, seat, now),
    view: (state, viewer, previous) => view(def, state, viewer, previous as PreviousView | undefined),
    viewPatch: (from, to, viewer) => viewPatch(def, from, to, viewer),
    eventsFor: (state, events, viewer) => eventsFor(def, state, events as Parameters<typeof eventsFor>[2], viewer),
    result: (state) => result(def, state),
    botRng: (seed, seat) => deriveRng(seed, `bot:${seat}`),
    bot: (state, seat, level, rng, now, thinkMs = BUDGET.ms) => chooseAction(level, def, state, seat, rng as RngState, { ...BUDGET, ms: thinkMs, now }),
    botDelay: (level) => reactionModel(level),
    // Only a game with a realtime stage or a window ever has a contested moment; without one the
    // engine has no compensation, and the server measures no round trips for its seats.
    ...(mayRace(def) ? { compensation: (state: GameState) => compensationWindow(def, state) } : {}),
  };
  return {
    id: def.id,
    title: def.title,
    summary: def.summary,
    minPlayers: def.minPlayers,
    maxPlayers: def.maxPlayers,
    options: def.options.map(({ name, description, kind, min, max, values, default: d, group }) => ({
      name,
      description,
      kind,
      ...(min !== undefined ? { min } : {}),
      ...(max !== undefined ? { max } : {}),
      ...(values !== undefined ? { values } : {}),
      default: d,
      ...(group !== undefined ? { group } : {}),
    })),
    botLevels: [...BOT_LEVELS],
    source,
    engine,
    def,
    ...(loader ? { loader } : {}),
  };
}
