// A bot worker thread's task: load the game once, decide one bot action on a cloned state, return it with the advanced rng.
import type { GameEngine, GameLoader, WireAction } from '../games/types.ts';
import { loadEngine } from './load-game.ts';

/** One decision, as it crosses into the worker (structured clone). */
export interface BotTask {
  loader: GameLoader;
  state: unknown;
  seat: number;
  level: string;
  /** The seat's bot rng before this decision (plain data). */
  rng: unknown;
  now: number;
  thinkMs: number;
}

/** The decision, the rng after it, and the milliseconds the worker spent deciding (game loading excluded). */
export interface BotAnswer {
  action: WireAction | null;
  rng: unknown;
  ms: number;
}

/** Engines by loader (a server hosts a bounded set of games, so this stays small). */
const engines = new Map<string, Promise<GameEngine>>();

function engineFor(loader: GameLoader): Promise<GameEngine> {
  const key = JSON.stringify(loader);
  let engine = engines.get(key);
  if (!engine) {
    engine = loadEngine(loader);
    engines.set(key, engine);
    // A failed load is not cached: the next task tries again.
    engine.catch(() => engines.delete(key));
  }
  return engine;
}

/** Decides one bot action (the piscina task handler). */
export async function decide(task: BotTask): Promise<BotAnswer> {
  const engine = await engineFor(task.loader);
  const t0 = performance.now();
  const action = engine.bot(task.state, task.seat, task.level, task.rng, task.now, task.thinkMs);
  return { action, rng: task.rng, ms: performance.now() - t0 };
}
