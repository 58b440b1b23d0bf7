// "Run scenarios" of a studio draft (#21): POST /api/drafts/:id/scenarios compiles the saved draft
// in the compiler thread and runs its scenarios/*.scenario there (the runner of @decksmith/dsl):
// passed, failed with the failing step located, broken with the author's mistake located; a draft
// that does not compile, no scenarios, and a scenario that runs too long are coded answers.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { DraftScenarioReport } from '@decksmith/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppOptions } from '../src/app.ts';
import { testApp } from './helpers.ts';

vi.setConfig({ testTimeout: 120_000 });

const RULES = readFileSync(fileURLToPath(new URL('../../../docs/tutorial/crazy-eights.rules', import.meta.url)), 'utf8');
const TOKEN = 'author-token-scenarios-0123456789';
const auth = { authorization: `Bearer ${TOKEN}` };

const apps: FastifyInstance[] = [];
afterEach(async () => {
  for (const a of apps.splice(0)) await a.close();
});
async function open(options: AppOptions = {}): Promise<FastifyInstance> {
  const app = await testApp(options);
  apps.push(app);
  return app;
}
const save = (app: FastifyInstance, id: string, files: { name: string; text: string }[]) =>
  app.inject({ method: 'PUT', url: `/api/drafts/${id}`, headers: auth, payload: { files } });
const run = (app: FastifyInstance, id: string, body: Record<string, unknown> = {}) =>
  app.inject({ method: 'POST', url: `/api/drafts/${id}/scenarios`, headers: auth, payload: body });

/** The tutorial's scenario, for the draft's game by id; `last` replaces its closing expectation. */
const scenario = (name: string, last = 'expect suit == hearts and current == p2', action = 'play') => `scenario "${name}" for crazy-eights
players 2
arrange {
  hand(p1) = ['8♠', '3♦']
  hand(p2) = ['5♥', 'K♣']
  discard = ['Q♦']
  stock = rest
  set suit = diamonds
  turn to p1
}
p1 does ${action}(c: '8♠', named: hearts)
${last}
p2 does play(c: 'K♣') rejected card/not_playable
`;

describe('POST /api/drafts/:id/scenarios', () => {
  it('runs every scenario of the draft: passed, failed at its step (line, column, what was found), broken on a bad action name', async () => {
    const app = await open();
    const saved = await save(app, 'eights', [
      { name: 'eights.rules', text: RULES },
      { name: 'scenarios/b-fails.scenario', text: scenario('names spades', 'expect suit == spades') },
      { name: 'scenarios/a-passes.scenario', text: scenario('an eight names the suit') },
      { name: 'scenarios/c-bad-action.scenario', text: scenario('a typo', undefined, 'plya') },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    const r = await run(app, 'eights');
    expect(r.statusCode, r.body).toBe(200);
    const report = r.json() as DraftScenarioReport;
    expect(report).toMatchObject({ passed: 1, failed: 1, broken: 1 });
    expect(report.scenarios.map((s) => [s.file, s.name, s.status])).toEqual([
      ['scenarios/a-passes.scenario', 'an eight names the suit', 'passed'],
      ['scenarios/b-fails.scenario', 'names spades', 'failed'],
      ['scenarios/c-bad-action.scenario', 'a typo', 'broken'],
    ]);
    const [pass, fail, bad] = report.scenarios;
    expect(pass!.problems).toEqual([]);
    expect(pass!.steps).toBe(3);
    expect(fail!.steps).toBe(2);
    expect(fail!.problems).toEqual([
      expect.objectContaining({ code: 'scenario_expect_failed', severity: 'error', file: 'scenarios/b-fails.scenario', line: 12, col: 8, message: 'expected suit == spades' }),
    ]);
    // The printed form is decksmith scenario's: location, the scenario's line and what was found.
    expect(fail!.problems[0]!.text).toContain('--> scenarios/b-fails.scenario:12:8');
    expect(fail!.problems[0]!.text).toContain('expect suit == spades');
    expect(fail!.problems[0]!.text).toContain('suit is hearts');
    expect(bad!.problems).toEqual([expect.objectContaining({ code: 'scenario_name_unknown', file: 'scenarios/c-bad-action.scenario', line: 11, col: 9, message: 'the game has no action "plya"' })]);
    expect(bad!.problems[0]!.text).toContain("11 | p1 does plya(c: '8♠', named: hearts)");
  });

  it('finds the game a scenario names among the draft files (by its game line or a path); a game not in the draft is a located problem', async () => {
    const app = await open();
    const byPath = scenario('by path').replace('for crazy-eights', 'for "../eights.rules"');
    const missing = scenario('missing').replace('for crazy-eights', 'for go-fishing');
    await save(app, 'eights', [
      { name: 'eights.rules', text: RULES },
      { name: 'scenarios/by-path.scenario', text: byPath },
      { name: 'scenarios/missing.scenario', text: missing },
    ]);
    const report = (await run(app, 'eights')).json() as DraftScenarioReport;
    expect(report.scenarios.map((s) => s.status)).toEqual(['passed', 'broken']);
    expect(report.scenarios[1]!.problems).toEqual([expect.objectContaining({ code: 'scenario_game_not_found', line: 1, col: 24 })]);
  });

  it('a draft that does not compile is 422 draft/does_not_compile with the report; no scenarios is a 200 that says how to add one; unknown draft 404; no token 401', async () => {
    const app = await open();
    await save(app, 'broken', [{ name: 'broken.rules', text: RULES.replace('zone discard', 'zone discrad') }, { name: 'scenarios/a.scenario', text: scenario('a') }]);
    const r = await run(app, 'broken');
    expect(r.statusCode).toBe(422);
    const body = r.json() as { code: string; report: string[] };
    expect(body.code).toBe('draft/does_not_compile');
    expect(body.report.join('\n')).toContain('discard');
    await save(app, 'empty', [{ name: 'empty.rules', text: RULES }]);
    const none = await run(app, 'empty');
    expect(none.statusCode).toBe(200);
    expect(none.json()).toMatchObject({ scenarios: [], passed: 0, failed: 0, broken: 0, message: expect.stringContaining('no scenarios') });
    expect((await run(app, 'nothing')).json()).toMatchObject({ code: 'draft/unknown' });
    const anon = await app.inject({ method: 'POST', url: '/api/drafts/empty/scenarios', payload: {} });
    expect(anon.statusCode).toBe(401);
    expect((await run(app, 'empty', { file: 'x', extra: 1 })).statusCode).toBe(400);
  });

  it('runs spend the per-author allowance of plays (429 quota/rate), counted before anything is read or compiled', async () => {
    const app = await open({ draftLimits: { playsPerMinute: 1 } });
    expect((await run(app, 'nothing')).statusCode).toBe(404);
    const again = await run(app, 'nothing');
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({ code: 'quota/rate' });
  });

  it('a scenario that runs too long is stopped with the thread (422 draft/too_slow); the server answers, and the next run works', async () => {
    const app = await open({ draftCompiler: { scenariosMs: 10_000 } });
    // Each play loops up to a billion times: without a step budget it never ends; with the draft's,
    // each play spends the whole budget before it is refused, and 2,000 of them take far more than 10 s.
    const slow = `scenario "slow" for heavy\nplayers 2\noption times = 1000000000\narrange {\n  turn to p1\n}\n${'p1 does play rejected\n'.repeat(2000)}`;
    await save(app, 'heavy', [{ name: 'heavy.rules', text: HEAVY }, { name: 'scenarios/slow.scenario', text: slow }]);
    const r = await run(app, 'heavy');
    expect(r.statusCode, r.body).toBe(422);
    expect(r.json()).toMatchObject({ code: 'draft/too_slow', message: expect.stringContaining('running its scenarios took longer than 10000 ms') });
    expect((await app.inject('/health')).statusCode).toBe(200);
    await save(app, 'heavy', [{ name: 'heavy.rules', text: HEAVY }, { name: 'scenarios/quick.scenario', text: 'scenario "quick" for heavy\nplayers 2\narrange {\n  turn to p1\n}\np1 does play\nexpect n == 1000\n' }]);
    const next = await run(app, 'heavy');
    expect(next.statusCode, next.body).toBe(200);
    expect(next.json()).toMatchObject({ passed: 1 });
  });

  it("a draft's scenarios run with the draft's fuel per move, as its tables do: a move of 10 million steps is refused with rules/budget_exceeded", async () => {
    const app = await open();
    // 10^7 steps: under a shipped game's budget (SHIPPED_FUEL, 5·10^7), over a draft's (DRAFT_FUEL, 2·10^6).
    const text = `scenario "over the draft budget" for heavy\nplayers 2\noption times = 10000000\narrange {\n  turn to p1\n}\np1 does play rejected rules/budget_exceeded\nexpect n == 0\n`;
    await save(app, 'heavy', [{ name: 'heavy.rules', text: HEAVY }, { name: 'scenarios/budget.scenario', text }]);
    const r = await run(app, 'heavy');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ passed: 1, failed: 0, broken: 0 });
  });
});

/** A game whose one action loops `times` times (an option, up to a billion). */
const HEAVY = `game heavy "Heavy"
summary "A draft whose move can loop a long time."
players 2..2

option times: 1..1000000000 = 1000 "Loops a move makes"

enum Suit { clubs "♣", diamonds "♦", hearts "♥", spades "♠" }
card Standard { suit: Suit, rank: 1 "A" | 2..10 | 11 "J" | 12 "Q" | 13 "K" } shown "{rank}{suit}"

deck standard { 1 × Standard }

zone stock: pile, hidden
zone discard: pile, visible
zone hand: per player, fan, owner

rounds {
  count 1
  setup {
    shuffle standard into stock
    deal 8 from stock to hand(each player)
  }
  stages play
}

stage play turns from left of dealer
var n: number = 0
action play by current during play {
  repeat times { set n = n + 1 }
  move top of hand(me) to discard
}
winner highest count(discard)
`;
