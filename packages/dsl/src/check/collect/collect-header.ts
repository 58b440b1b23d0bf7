// Collect pass: the header (id, title, summary, players) and the singular items (sides, rounds, winner, hooks, layout, triggers, constraints).
import type { CheckContext } from '../context.ts';

/** Fills the model's header fields and its lists of singular items, first one wins. */
export function collectHeader(ctx: CheckContext): void {
  const g = ctx.game;
  for (const item of ctx.file.items) {
    switch (item.kind) {
      case 'game': if (!g.id) { g.id = item.id.text; g.title = item.title.value; } break;
      case 'summary': if (!g.summary) g.summary = item.text.value; break;
      case 'players': if (!g.minPlayers) { g.minPlayers = item.min.value; g.maxPlayers = item.max.value; } break;
      case 'sides': g.sides ??= item; break;
      case 'rounds': g.rounds ??= item; break;
      case 'winner': g.winner ??= item; break;
      case 'hook': g.beforeTurnAction ??= item; break;
      case 'layout': g.layout ??= item; break;
      case 'trigger': {
        const c = item.cond;
        const bound = c.kind === 'quantifier' && c.quantifier === 'exists' ? c : null;
        g.triggers.push({ index: g.triggers.length, decl: item, bound });
        break;
      }
      case 'constraint': g.constraints.push({ cond: item.cond, message: item.message, decl: item }); break;
      default: break;
    }
  }
}
