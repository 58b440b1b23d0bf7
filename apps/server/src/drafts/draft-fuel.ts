// A draft's fuel budget (runtime core/fuel.ts): the line the server appends to a compiled draft module.
import { DRAFT_FUEL } from '@decksmith/runtime';

/**
 * The module text with the draft budget set (never the author's text: the server's own line), so
 * that every engine call on the draft, here and in the bot threads that import the same file, has
 * DRAFT_FUEL instead of a shipped game's budget.
 *
 * @example
 * writeFileSync(file, withDraftFuel(js));
 */
export function withDraftFuel(js: string): string {
  return `${js}\n// Added by the server: a draft's fuel per engine call (runtime core/fuel.ts).\ngame.fuel = ${DRAFT_FUEL};\n`;
}
