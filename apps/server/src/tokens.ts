// Seat tokens (256 random bits from node:crypto), their stored hashes, and room ids.
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

/** A room seed for the runtime's RNG. */
export function newSeed(): string {
  return randomBytes(16).toString('hex');
}
