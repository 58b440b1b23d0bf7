// Hosted draft games across restarts: a draft game's text is kept by its id before its first table
// opens, and recovery recompiles it in the compiler thread (async, under its bounds) so that the
// table resumes instead of "room not restored: game draft-… is not hosted".
import type { Logger } from 'pino';
import type { GameRegistry } from '../games/registry.ts';
import type { DraftBase, DraftCompiler } from './compiler.ts';
import type { DraftStore } from './store.ts';

/** Game ids of drafts (compiler.ts draftGameId). */
const DRAFT_ID = /^draft-[0-9a-f]{16}$/;

export interface DraftGamesDeps {
  store: DraftStore;
  compiler: DraftCompiler;
  registry: GameRegistry;
  log: Logger;
}

/**
 * @example
 * await remember(store, hosted.id, text, bases, Date.now()); // before the table is created
 * await restoreDraftGame(deps, 'draft-0123456789abcdef');    // on recovery: true once hosted again
 */
export async function remember(store: DraftStore, id: string, text: string, bases: readonly DraftBase[], at: number): Promise<void> {
  await store.saveGame({ id, text, bases: bases.map((b) => ({ id: b.id, text: b.text })), createdAt: at });
}

/**
 * Hosts draft game `id` again from its stored text (a restart, a cluster takeover, a finished
 * table opened late). False when `id` is not a draft's, its text was never stored, or it no longer
 * compiles here (then the room stays unrestored, as before, with the reason logged).
 */
export async function restoreDraftGame(deps: DraftGamesDeps, id: string): Promise<boolean> {
  if (!DRAFT_ID.test(id)) return false;
  if (deps.registry.get(id)) return true;
  const stored = await deps.store.getGame(id);
  if (!stored) {
    deps.log.warn({ game: id }, 'draft game not restored: its text is not stored');
    return false;
  }
  const hosted = await deps.compiler.host(stored.text, stored.bases);
  if ('status' in hosted) {
    deps.log.warn({ game: id, code: hosted.code, reason: hosted.message }, 'draft game not restored: it did not compile');
    return false;
  }
  if (hosted.id !== id) {
    deps.log.error({ game: id, compiled: hosted.id }, 'draft game not restored: its stored text hashes to another id');
    return false;
  }
  if (!deps.registry.get(id)) deps.registry.add(hosted);
  deps.log.info({ game: id }, 'draft game recompiled');
  return true;
}
