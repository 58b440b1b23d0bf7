// Report pass: `require` after another statement, nested in a block, or outside an action (require_misplaced).
import { requireMisplaced } from '../../diagnostics/check-types.ts';
import type * as A from '../../ast/index.ts';
import type { CheckContext } from '../context.ts';
import { blockSites, walkStatements } from './sites.ts';

const OUTSIDE: Record<string, string> = {
  procedure: 'is not allowed in a procedure', trigger: 'is not allowed in a when block', hook: 'is not allowed in before turn action',
  setup: 'is not allowed in setup', scoring: 'is not allowed in scoring', idle: 'is not allowed in an idle handler', timeout: 'is not allowed in on timeout',
};

export function reportRequireMisplaced(ctx: CheckContext): void {
  for (const site of blockSites(ctx)) {
    if (site.kind !== 'action') {
      walkStatements(site.block, (s) => {
        if (s.kind === 'require') ctx.diagnostics.push(requireMisplaced(s.loc, OUTSIDE[site.kind] ?? 'is misplaced'));
      });
      continue;
    }
    let previous: A.Stmt | null = null;
    for (const s of site.block.statements) {
      if (s.kind === 'require' && previous) ctx.diagnostics.push(requireMisplaced(s.loc, 'must come before the other statements of the action', previous.loc));
      else if (s.kind !== 'require') previous ??= s;
    }
    walkStatements(site.block, (s, _loop, nested) => {
      if (s.kind === 'require' && nested) ctx.diagnostics.push(requireMisplaced(s.loc, 'cannot be inside an if or a loop'));
    });
  }
}
