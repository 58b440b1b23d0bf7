// Report pass: an action whose `during` names only stages not in the rounds, windows never opened, or their steps,
// or a `by turn timer` action no turn timer names (action_unreachable, a warning).
import { actionUnreachable, timerActionUnreachable } from '../../diagnostics/check-usage.ts';
import type { CheckContext } from '../context.ts';

export function reportActionUnreachable(ctx: CheckContext): void {
  const inRounds = new Set((ctx.game.rounds?.stages ?? []).map((s) => s.text));
  const reachable = (name: string): boolean => {
    const sym = ctx.flow.get(name);
    if (!sym) return true; // already reported as undefined
    if (sym.kind === 'stage') return inRounds.has(sym.info.name);
    if (sym.kind === 'step') return inRounds.has(sym.stage.name);
    return ctx.used.has(sym.info.decl);
  };
  const timed = new Set<string>();
  for (const s of ctx.file.items) if (s.kind === 'stage' && s.mode.kind === 'turns' && s.mode.turnTimer) timed.add(s.mode.turnTimer.action.text);
  for (const a of ctx.game.actions) {
    const during = a.decl.during.map((d) => d.text);
    if (during.length > 0 && !during.some(reachable)) ctx.diagnostics.push(actionUnreachable(a.decl.name.loc, a.name, during));
    else if (a.decl.who?.kind === 'by_turn_timer' && !timed.has(a.name)) ctx.diagnostics.push(timerActionUnreachable(a.decl.name.loc, a.name));
  }
}
