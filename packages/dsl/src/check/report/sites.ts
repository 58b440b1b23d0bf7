// Where statement blocks live (actions, procedures, triggers, flow blocks), for the passes that walk them.
import type * as A from '../../ast/index.ts';
import type { CheckContext } from '../context.ts';

export type SiteKind = 'action' | 'procedure' | 'trigger' | 'hook' | 'setup' | 'scoring' | 'idle' | 'timeout';

export interface Site {
  kind: SiteKind;
  block: A.Block;
  /** The declaration the block belongs to. */
  decl: A.Node;
}

/** Every statement block of the checked file, with what it belongs to. */
export function blockSites(ctx: CheckContext): Site[] {
  const g = ctx.game;
  const sites: Site[] = [];
  if (g.rounds?.setup) sites.push({ kind: 'setup', block: g.rounds.setup, decl: g.rounds });
  if (g.rounds?.scoring) sites.push({ kind: 'scoring', block: g.rounds.scoring, decl: g.rounds });
  for (const s of g.stages) {
    if (s.decl.mode.kind === 'realtime') for (const idle of s.decl.mode.idles) sites.push({ kind: 'idle', block: idle.body, decl: s.decl });
  }
  for (const w of g.windows) if (w.decl.onTimeout) sites.push({ kind: 'timeout', block: w.decl.onTimeout, decl: w.decl });
  for (const a of g.actions) sites.push({ kind: 'action', block: a.decl.body, decl: a.decl });
  for (const p of g.procedures.values()) sites.push({ kind: 'procedure', block: p.decl.body, decl: p.decl });
  if (g.beforeTurnAction) sites.push({ kind: 'hook', block: g.beforeTurnAction.body, decl: g.beforeTurnAction });
  for (const t of g.triggers) sites.push({ kind: 'trigger', block: t.decl.body, decl: t.decl });
  return sites;
}

/** The blocks directly inside a statement, and whether each is a loop body. */
export function innerBlocks(s: A.Stmt): { block: A.Block; loop: boolean }[] {
  switch (s.kind) {
    case 'if': return [...s.branches.map((b) => ({ block: b.body, loop: false })), ...(s.else ? [{ block: s.else, loop: false }] : [])];
    case 'for_each': case 'repeat': return [{ block: s.body, loop: true }];
    default: return [];
  }
}

/** Visits every statement of `block` and of the blocks nested in it, with the loop depth. */
export function walkStatements(block: A.Block, visit: (s: A.Stmt, inLoop: boolean, nested: boolean) => void, inLoop = false, nested = false): void {
  for (const s of block.statements) {
    visit(s, inLoop, nested);
    for (const inner of innerBlocks(s)) walkStatements(inner.block, visit, inLoop || inner.loop, true);
  }
}
