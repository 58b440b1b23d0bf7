// Report pass: `keep turn`, `skip next`, `next step`, `turn to` where no turns stage can be current (turn_control_outside_turns, a warning).
import type * as A from '../../ast/index.ts';
import { turnControlOutsideTurns } from '../../diagnostics/check-types.ts';
import type { CheckContext } from '../context.ts';
import { blockSites, walkStatements, type Site } from './sites.ts';

const TURN_CONTROL: Record<string, string> = { keep_turn: 'keep turn', skip_next: 'skip next', next_step: 'next step', turn_to: 'turn to' };

const CONTEXT: Record<string, string> = {
  setup: 'setup', scoring: 'scoring', idle: 'an idle handler', action: 'this action', trigger: 'a when block', timeout: 'on timeout', hook: 'before turn action',
};

/** Can a turns stage be current while this block runs? (Procedures are judged at each call.) */
function turnsPossible(ctx: CheckContext, site: Site): boolean {
  const turnsInRounds = (ctx.game.rounds?.stages ?? []).some((id) => ctx.stagesByName.get(id.text)?.mode === 'turns');
  switch (site.kind) {
    case 'setup': case 'scoring': case 'idle': return false;
    case 'hook': return true;
    case 'action': {
      const during = (site.decl as A.ActionDecl).during;
      if (during.length === 0) return turnsInRounds;
      return during.some((id) => {
        const sym = ctx.flow.get(id.text);
        return sym?.kind === 'step' || sym?.kind === 'window' ? turnsInRounds || sym.kind === 'step' : sym?.info.mode === 'turns';
      });
    }
    default: return turnsInRounds;
  }
}

export function reportTurnControlOutsideTurns(ctx: CheckContext): void {
  const reported = new Set<A.Stmt>();
  const visiting = new Set<A.Node>();
  const visit = (block: A.Block, context: string): void => {
    walkStatements(block, (s) => {
      const name = TURN_CONTROL[s.kind];
      if (name && !reported.has(s)) {
        reported.add(s);
        ctx.diagnostics.push(turnControlOutsideTurns(s.loc, name, context));
      }
      if (s.kind !== 'call') return;
      const proc = ctx.procedures.get(s.callee.text);
      if (!proc || visiting.has(proc.decl)) return;
      visiting.add(proc.decl);
      visit(proc.decl.body, context);
      visiting.delete(proc.decl);
    });
  };
  for (const site of blockSites(ctx)) {
    if (site.kind === 'procedure' || turnsPossible(ctx, site)) continue;
    visit(site.block, CONTEXT[site.kind] ?? site.kind);
  }
}
