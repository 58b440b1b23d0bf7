// Checks a finished game's revealed seed against the commitment (SHA-256) the room showed from the start, with Web Crypto (browsers and Node 20 alike).

/** What the check found: the seed matches, it does not (a warning), or the log has no commitment. */
export type SeedVerdict =
  | { status: 'verified'; practice: boolean; seedHash: string }
  | { status: 'mismatch'; practice: boolean; seedHash: string; actual: string }
  | { status: 'unverifiable'; practice: boolean };

/** The part of a game log (`GET /api/rooms/:id/log`) the check reads. */
export interface SeedCommitment {
  seed?: string | undefined;
  seedHash?: string | undefined;
  practice?: boolean | undefined;
}

/** Hex SHA-256 of the UTF-8 text: what the server commits to for a seed. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Whether the seed the log reveals is the one the room committed to at the start.
 *
 * @example
 * const verdict = await verifySeed(log); // { status: 'verified', … }
 */
export async function verifySeed(log: SeedCommitment): Promise<SeedVerdict> {
  const practice = log.practice === true;
  if (typeof log.seedHash !== 'string' || log.seedHash === '') return { status: 'unverifiable', practice };
  const actual = await sha256Hex(String(log.seed));
  const seedHash = log.seedHash.toLowerCase();
  return actual === seedHash ? { status: 'verified', practice, seedHash } : { status: 'mismatch', practice, seedHash, actual };
}
