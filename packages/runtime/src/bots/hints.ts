// Optional bot hints a rule file may give (proposed `GameDef.hints`); bots work without them.
import type { Ctx } from '../core/ctx.ts';
import type { GameDef } from '../core/game-def.ts';

/**
 * What a rule file could tell the bots beyond its rules (a proposed optional `hints` field of
 * `GameDef`, generated from a `bots { … }` block). Every part is optional; each is added to
 * the game-agnostic evaluation, never replaces the rules.
 */
export interface BotHints {
  /**
   * Worth to `holder` of holding `card` where only they see it (higher: better to keep),
   * e.g. `value of c to holder = if c is Joker then 10 else 0`.
   */
  cardValue?: (x: Ctx, card: number, holder: number) => number;
  /** Extra standing of `player` (higher: better placed), e.g. cards in their bank × 3. */
  standing?: (x: Ctx, player: number) => number;
  /**
   * Weight per card of each zone declaration, by name, for the zone-size term of the
   * evaluation (overrides the weights the bots infer by probing the rules).
   */
  zoneWeights?: Readonly<Record<string, number>>;
  /** Multiplies bots' reaction delays in this game's real-time stages (e.g. 0.7 for a frantic game). */
  reactionScale?: number;
}

/** The hints of a definition, if it carries any. */
export function hintsOf(def: GameDef): BotHints | undefined {
  return (def as GameDef & { hints?: BotHints }).hints;
}
