// Report pass: `me` / `my side` where no player acts — setup, scoring, triggers, timeouts, idle handlers, and the
// game's frame: rounds count and values, the dealer rule, who starts a stage, the winner rule, constraints, sides (me_without_actor).
import type * as A from '../../ast/index.ts';
import { meWithoutActor } from '../../diagnostics/check-types.ts';
import type { CheckContext } from '../context.ts';
import type { Symbol } from '../model.ts';
import { blockSites } from './sites.ts';

const CONTEXT: Record<string, string> = {
  setup: 'setup', scoring: 'scoring', idle: 'an idle handler', timeout: 'on timeout', trigger: 'a when block',
};

/** A `me` / `my side` found under a root; `via` is the call that reached it when it is in a define or procedure body. */
export interface MeUse {
  node: A.BuiltinExpr;
  word: 'me' | 'my side';
  via?: A.Loc;
}

/**
 * Every `me` / `my side` under `root` (statements or expressions), following procedure and
 * define calls through `refs` (their bodies run in the caller's context). Nodes in `reported`
 * are skipped, and each use found is added to it.
 *
 * @example
 * for (const use of findMeUses(model.refs, expectExpr)) report(use.node.loc, use.word);
 */
export function findMeUses(refs: ReadonlyMap<A.Node, Symbol>, root: unknown, reported = new Set<A.Node>()): MeUse[] {
  const found: MeUse[] = [];
  const scan = (from: unknown, visiting: Set<A.Node>, via?: A.Loc): void => {
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
          found.push({ node: b, word: b.name === 'me' ? 'me' : 'my side', ...(via ? { via } : {}) });
        }
        return;
      }
      const ref = refs.get(node);
      const decl = ref?.kind === 'procedure' || ref?.kind === 'define' ? ref.info.decl : null;
      if (decl && !visiting.has(decl)) {
        visiting.add(decl);
        scan(decl.body, visiting, via ?? node.loc);
        visiting.delete(decl);
      }
      for (const [key, value] of Object.entries(n)) if (key !== 'loc') walk(value);
    };
    walk(from);
  };
  scan(root, new Set());
  return found;
}

/** Expressions of the game's frame, evaluated with no player acting, with what to call them. */
function frameExpressions(ctx: CheckContext): [unknown, string][] {
  const g = ctx.game;
  const out: [unknown, string][] = [];
  if (g.rounds) {
    out.push([[g.rounds.count, g.rounds.until], 'the rounds count'], [g.rounds.values, 'a round value'], [g.rounds.dealer?.when, 'the dealer rule']);
    out.push([g.rounds.stageIfs, 'the condition of a stage']);
  }
  for (const s of g.stages) if (s.decl.mode.kind === 'turns') out.push([s.decl.mode.from, 'the start of a turns stage'], [s.decl.mode.stepIfs, 'the condition of a step']);
  if (g.winner) out.push([[g.winner.measure, g.winner.over?.source, g.winner.ties], 'the winner rule']);
  for (const c of g.constraints) out.push([c.cond, 'a constraint']);
  if (g.sides) out.push([g.sides.cases.map((c) => c.when), 'a sides condition']);
  return out;
}

export function reportMeWithoutActor(ctx: CheckContext): void {
  const reported = new Set<A.Node>();
  const report = (root: unknown, context: string): void => {
    for (const use of findMeUses(ctx.game.refs, root, reported)) ctx.diagnostics.push(meWithoutActor(use.node.loc, use.word, context, use.via));
  };
  for (const site of blockSites(ctx)) {
    const context = CONTEXT[site.kind];
    if (!context) continue;
    report(site.block, context);
    if (site.kind === 'trigger') report((site.decl as A.TriggerDecl).cond, 'a when condition');
  }
  for (const [root, context] of frameExpressions(ctx)) report(root, context);
}
