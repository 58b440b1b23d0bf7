// Report pass: `me` / `my side` where no player acts — setup, scoring, triggers, timeouts, idle handlers (me_without_actor).
import type * as A from '../../ast/index.ts';
import { meWithoutActor } from '../../diagnostics/check-types.ts';
import type { CheckContext } from '../context.ts';
import { blockSites } from './sites.ts';

const CONTEXT: Record<string, string> = {
  setup: 'setup', scoring: 'scoring', idle: 'an idle handler', timeout: 'on timeout', trigger: 'a when block',
};

/**
 * Walks `root` (statements or expressions), reporting each `me`/`my side` once, and follows
 * procedure and define calls (their bodies run in the caller's context).
 */
function scan(ctx: CheckContext, root: unknown, context: string, reported: Set<A.Node>, visiting: Set<A.Node>, via?: A.Loc): void {
  const seen = new Set<unknown>();
  const walk = (n: unknown): void => {
    if (!n || typeof n !== 'object' || seen.has(n)) return;
    seen.add(n);
    if (Array.isArray(n)) return n.forEach(walk);
    const node = n as A.Node;
    if (node.kind === 'builtin') {
      const b = node as A.BuiltinExpr;
      if ((b.name === 'me' || b.name === 'my_side') && !reported.has(b)) {
        reported.add(b);
        ctx.diagnostics.push(meWithoutActor(b.loc, b.name === 'me' ? 'me' : 'my side', context, via));
      }
      return;
    }
    const ref = ctx.game.refs.get(node);
    const body = ref?.kind === 'procedure' ? ref.info.decl.body : ref?.kind === 'define' ? ref.info.decl.body : null;
    const decl = ref?.kind === 'procedure' || ref?.kind === 'define' ? ref.info.decl : null;
    if (body && decl && !visiting.has(decl)) {
      visiting.add(decl);
      scan(ctx, body, context, reported, visiting, via ?? node.loc);
      visiting.delete(decl);
    }
    for (const [key, value] of Object.entries(n)) if (key !== 'loc') walk(value);
  };
  walk(root);
}

export function reportMeWithoutActor(ctx: CheckContext): void {
  const reported = new Set<A.Node>();
  for (const site of blockSites(ctx)) {
    const context = CONTEXT[site.kind];
    if (!context) continue;
    scan(ctx, site.block, context, reported, new Set());
    if (site.kind === 'trigger') scan(ctx, (site.decl as A.TriggerDecl).cond, 'a when condition', reported, new Set());
  }
}
