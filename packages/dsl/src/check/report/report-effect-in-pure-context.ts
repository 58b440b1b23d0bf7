// Report pass: `roll`, `random`, `new pile` where only pure expressions are allowed (effect_in_pure_context).
import { effectInPureContext } from '../../diagnostics/check-types.ts';
import type { CheckContext } from '../context.ts';

const WHAT: Record<string, string> = { roll: 'roll', random: 'random', new_pile: 'new pile' };

/** Reports what the types stage noted: effects-only expressions inside defines, guards, wheres, conditions. */
export function reportEffectInPureContext(ctx: CheckContext): void {
  for (const { node, context } of ctx.effectsInPure) {
    ctx.diagnostics.push(effectInPureContext(node.loc, `"${WHAT[node.kind] ?? node.kind}"`, context));
  }
}
