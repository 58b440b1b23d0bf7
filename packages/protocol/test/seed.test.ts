// The seed check with Web Crypto hashes exactly like the server's node:crypto commitment.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256Hex, verifySeed } from '../src/seed.ts';

const hash = (s: string): string => createHash('sha256').update(s, 'utf8').digest('hex');

describe('the seed check', () => {
  it('hashes the UTF-8 seed to hex SHA-256, as the server commits to it', async () => {
    for (const seed of ['', 'abc', '3f1c0a9e52d4b7c6 ✓', 'ü'.repeat(300)]) expect(await sha256Hex(seed)).toBe(hash(seed));
  });

  it('verifies a matching seed (commitment case-insensitive), flags a mismatch, and cannot verify without a commitment', async () => {
    expect(await verifySeed({ seed: 's', seedHash: hash('s').toUpperCase() })).toEqual({ status: 'verified', practice: false, seedHash: hash('s') });
    expect(await verifySeed({ seed: 's', seedHash: hash('t'), practice: true })).toEqual({ status: 'mismatch', practice: true, seedHash: hash('t'), actual: hash('s') });
    expect(await verifySeed({ seed: 's', seedHash: '' })).toEqual({ status: 'unverifiable', practice: false });
    expect(await verifySeed({ seed: 's' })).toEqual({ status: 'unverifiable', practice: false });
  });
});
