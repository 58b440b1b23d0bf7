// `expect <check> and <check> …`: several flow checks in one step (`expect round over and
// announced "…"`), each must hold, the first that does not is the failure; an expression check
// may close the chain.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../src/scenario/index.ts';
import { runCliCaptured } from '../run-cli.ts';

const rules = fileURLToPath(new URL('./fixtures/mini-snap.rules', import.meta.url));

function scenario(lastStep: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'decksmith-and-'));
  const path = join(dir, 'and.scenario');
  writeFileSync(path, `scenario "checks joined by and" for "${rules}"
players 2

arrange {
  hand(p1) = ['R1']
  hand(p2) = ['G1', 'G2']
  discard = ['R3']
  draw = rest
  set colour = red
  set said(p1) = true
  turn to p1
}

p1 does play(c: 'R1')
${lastStep}
`);
  return path;
}

type Out = { passed: number; failed: number; broken: number; scenarios: { diagnostics: { code: string; message: string }[] }[] };
const run = async (step: string): Promise<Out> => JSON.parse((await runCliCaptured('scenario', scenario(step), '--format', 'json')).out) as Out;

describe('expect … and …', () => {
  it('parses into one step of several checks', () => {
    const { scenario: ast, diagnostics } = parseScenario('scenario "x" for demo\nexpect game over and announced "Player 1 wins!" and winners [p1] and count(hand(p1)) == 0\n', 'x.scenario');
    expect(diagnostics).toEqual([]);
    const step = ast!.items[0]!;
    expect(step.kind).toBe('st_expect_all');
    expect(step.kind === 'st_expect_all' && step.checks.map((c) => c.kind)).toEqual(['st_expect_over', 'st_expect_announced', 'st_expect_winners', 'st_expect']);
  });

  it('passes when every check holds', async () => {
    expect(await run('expect game over and announced "Player 1 wins!" and winners [p1] and no window and count(hand(p1)) == 0')).toMatchObject({ passed: 1, failed: 0, broken: 0 });
  }, 60_000);

  it('fails on the first check that does not hold, with that check’s code', async () => {
    const out = await run('expect game over and announced "Player 2 wins!" and winners [p2]');
    expect(out.failed).toBe(1);
    expect(out.scenarios[0]!.diagnostics.map((d) => [d.code, d.message])).toEqual([['scenario_announcement_missing', '"Player 2 wins!" was not announced']]);
  }, 60_000);

  it('an expression check that fails inside the chain is reported like a lone expect', async () => {
    const out = await run('expect announced "Player 1 wins!" and count(hand(p2)) == 5');
    expect(out.scenarios[0]!.diagnostics.map((d) => d.code)).toEqual(['scenario_expect_failed']);
  }, 60_000);
});
