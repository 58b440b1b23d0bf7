// Build pass: each deck's home zone — the first zone it is shuffled into, else the first shared pile.
import type * as A from '../../ast/index.ts';
import type { CheckContext } from '../context.ts';

/** Calls `visit` on every `shuffle` statement of the file, in file order (blocks in document order). */
function eachShuffle(node: unknown, visit: (s: A.ShuffleStmt) => void, seen = new Set<unknown>()): void {
  if (!node || typeof node !== 'object' || seen.has(node)) return;
  seen.add(node);
  if (Array.isArray(node)) {
    for (const n of node) eachShuffle(n, visit, seen);
    return;
  }
  const n = node as { kind?: string };
  if (n.kind === 'shuffle') visit(node as A.ShuffleStmt);
  for (const [key, value] of Object.entries(node)) if (key !== 'loc') eachShuffle(value, visit, seen);
}

/** The zone an expression names (`stock`, `stock(s)`), from the resolved refs. */
function zoneIndex(ctx: CheckContext, e: A.Expr): number | null {
  const sym = ctx.game.refs.get(e);
  return sym?.kind === 'zone' ? sym.info.index : null;
}

/** Fills `DeckInfo.home` (see GameDef's DeckDef.home). */
export function buildDeckHomes(ctx: CheckContext): void {
  const firstPile = ctx.game.zones.find((z) => z.scope === 'shared' && z.shape === 'pile');
  eachShuffle(ctx.file.items, (s) => {
    if (!s.into) return;
    const sym = ctx.game.refs.get(s.target);
    if (sym?.kind !== 'deck' || sym.info.home !== null) return;
    sym.info.home = zoneIndex(ctx, s.into);
  });
  for (const deck of ctx.game.decks) {
    if (deck.home !== null) continue;
    const perSidePile = ctx.game.zones.find((z) => z.scope === 'side' && z.shape === 'pile');
    deck.home = (deck.perSide ? perSidePile : firstPile)?.index ?? null;
  }
}
