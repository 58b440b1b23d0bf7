// How much fuel the last call on a game spent (core/fuel.ts): what the budget's figures in
// docs/security.md are measured with (apps/server/scripts/fuel-figures.ts). Not for play.
import { engineFor } from './engine.ts';
import { fuelOf } from './fuel.ts';
import type { GameDef } from './game-def.ts';

/**
 * Steps spent by the last `apply`, `tick`, `legalActions` … on `def` (its pooled engine's).
 *
 * @example
 * apply(def, state, 0, action, now);
 * lastFuelSpent(def); // e.g. 412
 */
export function lastFuelSpent(def: GameDef): number {
  return fuelOf(def) - engineFor(def).fuel;
}
