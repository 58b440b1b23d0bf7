// Report pass: `players a..b` with a < 1 or b < a (players_range_invalid).
import { playersRangeInvalid } from '../../diagnostics/check-declarations.ts';
import type { CheckContext } from '../context.ts';

export function reportPlayersRangeInvalid(ctx: CheckContext): void {
  const decl = ctx.file.items.find((i) => i.kind === 'players');
  if (!decl) return;
  const min = decl.min.value;
  const max = decl.max.value;
  if (min < 1 || max < min || !Number.isInteger(min) || !Number.isInteger(max)) {
    ctx.diagnostics.push(playersRangeInvalid(decl.loc, min, max));
  }
}
