// Report pass: `pause d` outside a trigger body, or inside a loop (pause_misplaced).
import { pauseMisplaced } from '../../diagnostics/check-types.ts';
import type { CheckContext } from '../context.ts';
import { blockSites, walkStatements } from './sites.ts';

export function reportPauseMisplaced(ctx: CheckContext): void {
  for (const site of blockSites(ctx)) {
    walkStatements(site.block, (s, inLoop) => {
      if (s.kind !== 'pause') return;
      if (site.kind !== 'trigger') ctx.diagnostics.push(pauseMisplaced(s.loc, 'is only allowed in a when block'));
      else if (inLoop) ctx.diagnostics.push(pauseMisplaced(s.loc, 'cannot be inside a loop'));
    });
  }
}
