// Build pass: each deck's home zone — the first zone it is shuffled into, else the first (per-side) pile.
import type { CheckContext } from '../context.ts';
import { blockSites, walkStatements } from '../report/sites.ts';

/** Fills `DeckInfo.home` (see GameDef's DeckDef.home); blocks are visited setup first. */
export function buildDeckHomes(ctx: CheckContext): void {
  for (const site of blockSites(ctx)) {
    walkStatements(site.block, (s) => {
      if (s.kind !== 'shuffle' || !s.into) return;
      const deck = ctx.game.refs.get(s.target);
      const zone = ctx.game.refs.get(s.into);
      if (deck?.kind === 'deck' && deck.info.home === null && zone?.kind === 'zone') deck.info.home = zone.info.index;
    });
  }
  const firstPile = ctx.game.zones.find((z) => z.scope === 'shared' && z.shape === 'pile');
  const perSidePile = ctx.game.zones.find((z) => z.scope === 'side' && z.shape === 'pile');
  for (const deck of ctx.game.decks) {
    if (deck.home === null) deck.home = (deck.perSide ? perSidePile : firstPile)?.index ?? null;
  }
}
