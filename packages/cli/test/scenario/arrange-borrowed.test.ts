// `arrange` that lists a face for a side more often than the side's own deck holds it takes
// another side's card: the scenario still runs, with the warning scenario_arrange_borrowed.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCliCaptured } from '../run-cli.ts';

const rules = fileURLToPath(new URL('./fixtures/mini-sides.rules', import.meta.url));

function scenario(hand: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'decksmith-borrow-'));
  const path = join(dir, 'borrow.scenario');
  writeFileSync(path, `scenario "borrowed faces" for "${rules}"
players 2
seed 5

arrange {
  hand(s1) = ${hand}
  stock(s1) = rest
  stock(s2) = rest
}

expect count(hand(s1)) == 2
`);
  return path;
}

describe('scenario_arrange_borrowed', () => {
  it('warns when a side takes a face from another side, and the scenario still passes', async () => {
    const r = await runCliCaptured('scenario', scenario("['R1', 'R1']"), '--format', 'json');
    const out = JSON.parse(r.out) as { passed: number; scenarios: { status: string; diagnostics: { code: string; severity: string; message: string }[] }[] };
    expect(out.passed).toBe(1);
    expect(out.scenarios[0]!.diagnostics).toEqual([expect.objectContaining({
      code: 'scenario_arrange_borrowed', severity: 'warning', message: `"R1" in hand(side 1) is side 2's card: side 1 has no other "R1"`,
    })]);
    expect(r.code).toBe(0);
  }, 60_000);

  it('says nothing when every face is the side’s own', async () => {
    const r = await runCliCaptured('scenario', scenario("['R1', 'B2']"), '--format', 'json');
    const out = JSON.parse(r.out) as { passed: number; scenarios: { diagnostics: unknown[] }[] };
    expect(out.passed).toBe(1);
    expect(out.scenarios[0]!.diagnostics).toEqual([]);
  }, 60_000);
});
