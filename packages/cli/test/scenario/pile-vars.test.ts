// A pile's own variables in scenario expressions: `pile N` (or `pile N of <zone>`) is the Nth pile
// made in a piles zone, so `expect plays(pile 1) == 2` reads a pile variable.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCliCaptured } from '../run-cli.ts';

const base = readFileSync(fileURLToPath(new URL('./fixtures/mini-sides.rules', import.meta.url)), 'utf8');

function files(checks: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'decksmith-pilevars-'));
  const rules = base
    .replace('zone table: piles, visible\n', 'zone table: piles, visible\npile var plays: 0..12 = 0\n')
    .replace('  move c to q\n', '  move c to q\n  add 1 to plays(q)\n');
  writeFileSync(join(dir, 'piles.rules'), rules);
  writeFileSync(join(dir, 'piles.scenario'), `scenario "pile variables" for "piles.rules"
players 3
seed 5

arrange {
  hand(s1) = ['R1', 'B2']
  hand(s2) = ['R1', 'R2']
  hand(s3) = ['B3']
  stock(s1) = rest
  stock(s2) = rest
  stock(s3) = rest
}

p2 does play(c: 'R2', p: new)
p1 does play(c: 'R1', p: pile 1)
p3 does play(c: 'B3', p: new)
${checks}
`);
  return join(dir, 'piles.scenario');
}

type Out = { passed: number; failed: number; broken: number; scenarios: { diagnostics: { code: string; message: string }[] }[] };
const run = async (checks: string): Promise<Out> => JSON.parse((await runCliCaptured('scenario', files(checks), '--format', 'json')).out) as Out;

describe('pile N in scenario expressions', () => {
  it('reads the variables of the Nth pile made', async () => {
    const out = await run('expect plays(pile 1) == 2 and plays(pile 2 of table) == 1 and count(pile 1) == 2\nexpect pile 3 == none and pile 2 != none');
    expect(out.scenarios[0]!.diagnostics).toEqual([]);
    expect(out).toMatchObject({ passed: 1 });
  }, 60_000);

  it('a wrong value fails like any expectation', async () => {
    const out = await run('expect plays(pile 1) == 3');
    expect(out.failed).toBe(1);
    expect(out.scenarios[0]!.diagnostics.map((d) => d.code)).toEqual(['scenario_expect_failed']);
  }, 60_000);

  it('"of" must name a piles zone', async () => {
    const out = await run('expect plays(pile 1 of hand(s1)) == 2');
    expect(out.broken).toBe(1);
    expect(out.scenarios[0]!.diagnostics.map((d) => [d.code, d.message])).toEqual([['type_mismatch', 'expected a piles zone after "pile 1 of", found zone hand']]);
  }, 60_000);
});
