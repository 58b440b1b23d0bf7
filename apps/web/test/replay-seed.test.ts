// The replay viewer's fairness check: the revealed seed against the commitment shown at the start, and the line it shows (verified, a warning, practice rooms marked).
import { createHash } from 'node:crypto';
import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import SeedCheck from '../src/replay/SeedCheck.svelte';
import { sha256Hex, verifySeed } from '@decksmith/protocol/seed';

const hash = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

describe('verifySeed', () => {
  it('hashes like the server (hex SHA-256 of the UTF-8 seed)', async () => {
    expect(await sha256Hex('3f1c0a9e52d4b7c6 ✓')).toBe(hash('3f1c0a9e52d4b7c6 ✓'));
  });

  it('verifies a seed that matches its commitment, and flags one that does not', async () => {
    expect(await verifySeed({ seed: 'abc', seedHash: hash('abc') })).toEqual({ status: 'verified', practice: false, seedHash: hash('abc') });
    expect(await verifySeed({ seed: 'abc', seedHash: hash('abd'), practice: true })).toEqual({ status: 'mismatch', practice: true, seedHash: hash('abd'), actual: hash('abc') });
    expect(await verifySeed({ seed: 'abc' })).toEqual({ status: 'unverifiable', practice: false });
  });
});

describe('SeedCheck', () => {
  it('says the deal is verified', async () => {
    const { body } = render(SeedCheck, { props: { verdict: await verifySeed({ seed: 's', seedHash: hash('s') }) } });
    expect(body).toContain('Deal verified: the seed matches the commitment shown at the start.');
    expect(body).not.toContain('Practice room');
  });

  it('warns when the seed does not match, and marks a practice room', async () => {
    const { body } = render(SeedCheck, { props: { verdict: await verifySeed({ seed: 's', seedHash: hash('t'), practice: true }) } });
    expect(body).toContain('role="alert"');
    expect(body).toContain('does not match the commitment shown at the start');
    expect(body).not.toContain('Deal verified');
    expect(body).toContain('Practice room');
  });

  it('says when a log has no commitment to check', async () => {
    const { body } = render(SeedCheck, { props: { verdict: await verifySeed({ seed: 's' }) } });
    expect(body).toContain('the deal cannot be verified');
  });
});
