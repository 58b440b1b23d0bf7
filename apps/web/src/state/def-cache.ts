// A game's tables, fetched once per page (play again, reconnects and replays reuse them).
import { api } from '../net/api.ts';
import type { ClientDef } from './def.ts';

const defs = new Map<string, Promise<ClientDef>>();

export function defOf(game: string): Promise<ClientDef> {
  let p = defs.get(game);
  if (!p) {
    p = api.def(game);
    p.catch(() => defs.delete(game));
    defs.set(game, p);
  }
  return p;
}
