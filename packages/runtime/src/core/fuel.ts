// A deterministic bound on the work of one engine call (#21): generated loops, `subsets of`,
// legal enumeration's candidates and trigger tests each spend fuel; a call that runs out throws
// BudgetExceeded, handled like `var/out_of_range` (the action is rejected and nothing changes,
// the action is left out of the legal ones, a timer ends the game as stuck, set-up is refused).
import type { GameDef, Rejection } from './game-def.ts';
import { VarOutOfRange } from './var-range.ts';
import { uniformCopyOf } from './uniform-def.ts';

/**
 * Fuel per call of a game the server ships (`games/`): far above what any of them spends
 * (docs/security.md lists the largest measured), so that it never triggers there; it still
 * bounds a shipped game's bug to seconds instead of forever.
 */
export const SHIPPED_FUEL = 50_000_000;

/** Fuel per call of a studio draft (an author's text hosted by the server): about 0.1–0.3 s of the loop. */
export const DRAFT_FUEL = 2_000_000;

/** What a call that runs out of fuel answers. */
export const BUDGET_EXCEEDED_CODE = 'rules/budget_exceeded';

/** Thrown when a call spends more than its game's fuel; caught where VarOutOfRange is. */
export class BudgetExceeded extends VarOutOfRange {
  constructor(budget: number) {
    const r: Rejection = {
      code: BUDGET_EXCEEDED_CODE,
      message: `The rules needed more than ${budget.toLocaleString('en')} steps for one move (loops, subsets, candidate actions): the move is refused.`,
    };
    super(r);
  }
}

/**
 * Sets the fuel of every later call on `def` (the server gives drafts DRAFT_FUEL; without it a
 * game has SHIPPED_FUEL). Deterministic: the same fuel gives the same outcome on replay.
 *
 * @example
 * setFuel(draftDef, DRAFT_FUEL);
 */
export function setFuel(def: GameDef, fuel: number): void {
  if (!Number.isInteger(fuel) || fuel < 1) throw new Error(`fuel must be a positive integer, not ${fuel}`);
  def.fuel = fuel;
  // The engine reads its one-layout copy of the definition (core/uniform-def.ts).
  const copy = uniformCopyOf(def);
  if (copy !== undefined) copy.fuel = fuel;
}

/** The fuel of one call on `def`. */
export function fuelOf(def: GameDef): number {
  return def.fuel ?? SHIPPED_FUEL;
}
