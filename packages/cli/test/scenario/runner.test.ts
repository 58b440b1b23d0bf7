// The scenario runner on its own samples: passing ones, deliberately failing ones (the failing
// step and message), and broken ones (located diagnostics), plus the CLI's exit codes.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { findRoot } from '@decksmith/dsl/node/pipeline.ts';
import { collectScenarioFiles, runScenarioFiles, type ScenarioResult } from '../../src/scenario/index.ts';
import { runCliCaptured } from '../run-cli.ts';

const samples = fileURLToPath(new URL('./samples', import.meta.url));
const bin = fileURLToPath(new URL('../../bin/decksmith.js', import.meta.url));
let results: Map<string, ScenarioResult>;

beforeAll(async () => {
  const files = collectScenarioFiles([samples]);
  if (!Array.isArray(files)) throw new Error('samples missing');
  const run = await runScenarioFiles(files, findRoot());
  results = new Map(run.results.map((r) => [r.file.slice(samples.length + 1), r]));
}, 120_000);

function result(name: string): ScenarioResult {
  const r = results.get(name);
  if (r === undefined) throw new Error(`no result for ${name}`);
  return r;
}

describe('passing scenarios', () => {
  for (const name of ['basic', 'snap-race', 'timers-and-end', 'going-out', 'game-over', 'per-side-rest', 'rolling']) {
    it(`${name} passes`, () => {
      const r = result(`pass/${name}.scenario`);
      expect(r.diagnostics).toEqual([]);
      expect(r.status).toBe('passed');
      expect(r.steps).toBeGreaterThan(3);
    });
  }
});

describe('failing scenarios name the failing step', () => {
  const cases: [string, string, number, string, string?][] = [
    ['wrong-expectation', 'scenario_expect_failed', 15, 'expected count(hand(p1)) == 2', 'count(hand(p1)) is 1'],
    ['unexpected-rejection', 'scenario_action_rejected', 13, "p1's play was rejected: card/not_playable: G2 matches neither"],
    ['wrong-code', 'scenario_rejection_mismatch', 13, "p2's play was rejected with turn/not_yours, not card/not_playable"],
    ['accepted', 'scenario_action_accepted', 13, "p1's play was accepted; expected a rejection"],
    ['not-announced', 'scenario_announcement_missing', 14, '"Player 1: last card!" was not announced', 'announced: "Player 2 forgot to say last card."'],
    ['missing-card', 'scenario_action_rejected', 14, 'card/not_in_zone', "p1 has no 'R2' in hand"],
    ['time-backwards', 'scenario_time_backwards', 4, 'time only moves forward: 1000 ms is before the current 2000 ms'],
    ['rolling-unused', 'scenario_rolling_unused', 11, "p2's roll_die used 3 of the 4 outcomes it was given"],
    ['rolling-misfit', 'scenario_rolling_unused', 9, "p1's roll_die drew a value that does not fit (rolling 3 outcomes): 7 is not a face of die d6"],
  ];
  for (const [name, code, line, message, note] of cases) {
    it(name, () => {
      const r = result(`fail/${name}.scenario`);
      expect(r.status).toBe('failed');
      expect(r.diagnostics).toHaveLength(1);
      const d = r.diagnostics[0]!;
      expect(d.code).toBe(code);
      expect(d.line).toBe(line);
      expect(d.file).toBe(r.file);
      expect(d.message).toContain(message);
      if (note !== undefined) expect(d.notes.map((n) => n.message).join('\n')).toContain(note);
    });
  }
});

describe('broken scenarios are located diagnostics', () => {
  const codes = (name: string): [string, number][] => result(`broken/${name}.scenario`).diagnostics.map((d) => [d.code, d.line]);
  it('a type error in an expectation points into the scenario file', () => {
    const r = result('broken/typo-in-expect.scenario');
    expect(r.status).toBe('broken');
    expect(codes('typo-in-expect')).toEqual([['type_mismatch', 4], ['name_undefined', 5]]);
    expect(r.diagnostics.every((d) => d.file === r.file)).toBe(true);
  });
  it('unknown names come with a "did you mean"', () => {
    const r = result('broken/unknown-names.scenario');
    expect(codes('unknown-names')).toEqual([
      ['scenario_table_invalid', 2], ['scenario_name_unknown', 4], ['face_notation_unknown', 5],
      ['scenario_name_unknown', 7], ['scenario_name_unknown', 8],
    ]);
    expect(r.diagnostics.map((d) => d.notes[0]?.message)).toEqual([undefined, 'did you mean "hand"?', "did you mean 'R1'?", undefined, 'did you mean "c"?']);
  });
  it('"me" where no seat acts (arrange, expect, a timed expect) is scenario_me_without_actor', () => {
    const r = result('broken/me-without-actor.scenario');
    expect(r.status).toBe('broken');
    expect(codes('me-without-actor')).toEqual([['scenario_me_without_actor', 4], ['scenario_me_without_actor', 8], ['scenario_me_without_actor', 9]]);
    expect(r.diagnostics.map((d) => [d.col, d.message])).toEqual([
      [12, '"me" has no meaning in arrange: no player is acting there'],
      [19, '"me" has no meaning in an expectation: no player is acting there'],
      [28, '"me" has no meaning in an expectation: no player is acting there'],
    ]);
  });
  it('"me" reached through a define is located at the call in the scenario, with a note at the use', () => {
    const r = result('broken/me-through-define.scenario');
    expect(codes('me-through-define')).toEqual([['scenario_me_without_actor', 4]]);
    const d = r.diagnostics[0]!;
    expect([d.file, d.col]).toEqual([r.file, 32]);
    expect(d.notes[0]).toMatchObject({ message: '"me" is used here, in what this calls', file: 'games/super-taki/super-taki.rules' });
  });
  it('a game that does not exist', () => {
    expect(codes('no-game')).toEqual([['scenario_game_not_found', 1]]);
  });
  it('rolling takes whole numbers and enum values', () => {
    expect(codes('rolling-values')).toEqual([['scenario_argument_invalid', 4], ['scenario_argument_invalid', 5]]);
  });
  it('a syntax error', () => {
    const r = result('broken/syntax.scenario');
    expect(codes('syntax')).toEqual([['syntax_error', 2]]);
    expect(r.diagnostics[0]!.message).toBe('expected "does", found "plays"');
  });
});

describe('decksmith scenario', () => {
  const capture = (...args: string[]) => runCliCaptured('scenario', ...args);
  it('exits 0 when every scenario passes, and prints each (as a process)', () => {
    const r = spawnSync(process.execPath, [bin, 'scenario', `${samples}/pass`], { encoding: 'utf8', cwd: findRoot() });
    const passing = (collectScenarioFiles([`${samples}/pass`]) as string[]).length;
    expect(r.stderr).toContain(`scenarios: ${passing} passed, 0 failed, 0 broken`);
    expect(r.stdout).toContain('ok   a Snap opens a window');
    expect(r.status).toBe(0);
  }, 60_000);
  it('exits 1 on a failing scenario, with the failing step in a caret excerpt; --format json', async () => {
    const r = await capture(`${samples}/fail/wrong-expectation.scenario`, '--format', 'json');
    expect(r.code).toBe(1);
    const out = JSON.parse(r.out) as { passed: number; failed: number; scenarios: ScenarioResult[] };
    expect(out.failed).toBe(1);
    expect(out.scenarios[0]!.diagnostics[0]!.code).toBe('scenario_expect_failed');
    const text = await capture(`${samples}/fail/wrong-expectation.scenario`);
    expect(text.out).toContain("15 | expect top of discard == 'R1' and count(hand(p1)) == 2");
    expect(text.out).toMatch(/\| +\^{20}\n/);
  }, 60_000);
  it('exits 2 on a broken scenario, a missing path or a folder without scenarios', async () => {
    expect((await capture(`${samples}/broken/syntax.scenario`)).code).toBe(2);
    expect((await capture(`${samples}/nowhere`)).code).toBe(2);
    expect((await capture(fileURLToPath(new URL('./fixtures', import.meta.url)))).code).toBe(2);
  }, 60_000);
});
