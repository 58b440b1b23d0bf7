// Reads a server's downloaded game log and checks it: complete, and its revealed seed matching the commitment (sha256) shown from the start.
import { sha256Hex, verifySeed } from '@decksmith/protocol/seed';

/** A problem with the log the user should know about: printed, exit 1. */
export class ReplayError extends Error {}

/** One accepted action of the log (the runtime's LogEntry). */
export interface LogAction {
  at: number;
  seat: number;
  action: { type: string; args?: Record<string, unknown> };
}

/** The complete log of a game that is over, as `GET /api/rooms/:id/log` serves it. */
export interface CompleteLog {
  v: 1;
  game: string;
  players: number;
  options: Record<string, number | string | boolean>;
  n: number;
  seed: string;
  seedHash: string;
  practice?: boolean;
  actions: LogAction[];
  /** The room's clock when it passed the last action (timers fired after it). */
  clockAt?: number;
}

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/**
 * Parses and checks a log's text: the shape the runtime replays, complete (the game is over),
 * and a seed whose SHA-256 is the commitment. Throws a ReplayError saying what is wrong.
 *
 * @example
 * const log = await verifyLog(readFileSync('tiv-miv-abc.json', 'utf8'));
 */
export async function verifyLog(text: string): Promise<CompleteLog> {
  let x: unknown;
  try {
    x = JSON.parse(text);
  } catch (e) {
    throw new ReplayError(`The file is not JSON (${(e as Error).message}).`);
  }
  if (!isRecord(x) || x['v'] !== 1 || typeof x['game'] !== 'string' || typeof x['players'] !== 'number' || !isRecord(x['options'])) {
    throw new ReplayError('This is not a Decksmith game log (expected v: 1, game, players, options).');
  }
  if (x['complete'] === false || x['seed'] === undefined || x['actions'] === undefined) {
    throw new ReplayError('This log is of a game that was still running: the server withholds the seed and the actions until the game is over. Download it again then.');
  }
  if (typeof x['seed'] !== 'string' || !Array.isArray(x['actions'])) throw new ReplayError('The log\'s seed or actions are malformed.');
  for (const [i, a] of (x['actions'] as unknown[]).entries()) {
    if (!isRecord(a) || typeof a['at'] !== 'number' || typeof a['seat'] !== 'number' || !isRecord(a['action']) || typeof a['action']['type'] !== 'string') {
      throw new ReplayError(`Action ${i + 1} of the log is malformed.`);
    }
  }
  if (x['clockAt'] !== undefined && typeof x['clockAt'] !== 'number') throw new ReplayError('The log\'s clockAt is malformed.');
  if (typeof x['seedHash'] !== 'string') {
    throw new ReplayError('The log carries no seed commitment (seedHash), so the deal cannot be verified.');
  }
  const verdict = await verifySeed({ seed: x['seed'], seedHash: x['seedHash'] });
  if (verdict.status !== 'verified') {
    const actual = verdict.status === 'mismatch' ? verdict.actual : await sha256Hex(x['seed']);
    throw new ReplayError(
      `Deal NOT verified: the revealed seed hashes to ${actual}, but the room committed to ${x['seedHash']} at the start. The seed was changed after the game began, or the log was altered.`,
    );
  }
  return x as unknown as CompleteLog;
}
