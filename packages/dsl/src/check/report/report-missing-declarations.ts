// Report pass: a game without `players`, `rounds` or `winner` (players_missing, rounds_missing, winner_missing).
import { playersMissing, roundsMissing, winnerMissing } from '../../diagnostics/check-declarations.ts';
import type { CheckContext } from '../context.ts';

/** Reports each required item the (merged) file lacks, at the game line (or the file's start). */
export function reportMissingDeclarations(ctx: CheckContext): void {
  const items = ctx.file.items;
  const header = items.find((i) => i.kind === 'game');
  const at = header?.loc ?? { ...ctx.file.loc, end: ctx.file.loc.start };
  if (!items.some((i) => i.kind === 'players')) ctx.diagnostics.push(playersMissing(at));
  if (!items.some((i) => i.kind === 'rounds')) ctx.diagnostics.push(roundsMissing(at));
  if (!items.some((i) => i.kind === 'winner')) ctx.diagnostics.push(winnerMissing(at));
}
