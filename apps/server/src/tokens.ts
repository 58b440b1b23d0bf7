// Seat tokens (256 random bits from node:crypto), their stored hashes, room ids, seeds and seed commitments.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A fresh seat token: 32 random bytes, base64url (43 characters). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What storage keeps instead of the token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Constant-time comparison of two token hashes. */
export function sameHash(a: string | undefined, b: string | undefined): boolean {
  if (!a || !b || a.length !== b.length) return false;
  return timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/** A room id: 72 random bits, 12 base64url characters. */
export function newRoomId(): string {
  return randomBytes(9).toString('base64url');
}

/** A room seed for the runtime's RNG: 128 bits from the CSPRNG, so no one can predict or choose a deal. */
export function newSeed(): string {
  return randomBytes(16).toString('hex');
}

/**
 * The commitment to a seed: hex SHA-256 of its UTF-8 bytes. Shown from the start (summary,
 * welcome, log); once the game is over the log reveals the seed and anyone can check it.
 */
export function hashSeed(seed: string): string {
  return createHash('sha256').update(seed, 'utf8').digest('hex');
}
