// Counted choices of several cards (issue #20): `cs: 3 cards in hand(me)` over a 13-card hand.
// The legal actions list the choice once (candidates + count), the runtime checks a concrete
// choice (membership, distinctness, count, then the guard) with coded rejections, bots and the
// fast playout sample it, and a whole game plays to the end. The old `cards in` form over the
// same hand is reported by the checker, and really is unplayable.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkGame } from '../../src/check/index.ts';
import { compileRulesInMemory, importCompiled } from '../../src/node/compile-in-memory.ts';
import { parse } from '../../src/parse/index.ts';

const rulesPath = fileURLToPath(new URL('./pass-three.rules', import.meta.url));
const rulesText = readFileSync(rulesPath, 'utf8');

// The runtime through a variable (see smoke.test.ts): the slice of its API the test uses.
interface State { result: { endedBy: string } | null; lastAt: number }
interface Choose { param: string; from: number[]; min: number; max: number }
interface Action { type: string; args?: Record<string, unknown>; choose?: Choose }
type Applied = { state: State } | { rejected: { code: string; message: string } };
interface Runtime {
  setup(def: unknown, input: { players: number; seed: number }): State;
  legalActions(def: unknown, state: State, seat: number, now?: number): Action[];
  sampledActions(def: unknown, state: State, seat: number, now?: number): Action[];
  canAct(def: unknown, state: State, seat: number, now?: number): boolean;
  apply(def: unknown, state: State, seat: number, action: unknown, now: number): Applied;
  view(def: unknown, state: State, seat: number): unknown;
  randomPlayout(def: unknown, input: { players: number; seed: number }): { result: { endedBy: string } | null; actions: number; capped: boolean };
  playMatch(def: unknown, input: { players: number; seed: number; bots: string[]; budget?: Record<string, number> }): { result: { endedBy: string } | null; actions: number };
  CHOICE_SAMPLES: number;
}
type Playout = Runtime['randomPlayout'];
const runtimeModule: string = '@decksmith/runtime';
const referenceModule: string = '@decksmith/runtime/test-fixtures/reference-playout';

function check(text: string, file = 'pass.rules') {
  const { file: ast, diagnostics } = parse(text, file);
  expect(diagnostics).toEqual([]);
  return checkGame(ast!, { sources: [{ file, text }], loadBase: () => null }).diagnostics;
}

let rt: Runtime;
let game: unknown;

beforeAll(async () => {
  const compiled = await compileRulesInMemory(rulesPath);
  expect(compiled.report).toEqual([]);
  game = (await importCompiled<{ game: unknown }>(compiled.js!)).game;
  rt = (await import(runtimeModule)) as Runtime;
}, 60_000);

/** `seat`'s hand as its own view shows it (ids and faces). */
function hand(state: State, seat: number): { id: number; face: string }[] {
  const v = rt.view(game, state, seat) as unknown as { zones: { name: string; owner: number; cards: { id: number; shown: string }[] }[] };
  const z = v.zones.find((x) => x.name === 'hand' && x.owner === seat)!;
  return z.cards.map((c) => ({ id: c.id, face: c.shown }));
}

function rejection(r: Applied): string {
  return 'rejected' in r ? r.rejected.code : 'accepted';
}

describe('the checker', () => {
  it('accepts the counted form over a 13-card hand', () => {
    expect(check(rulesText, rulesPath)).toEqual([]);
  });

  it('reports the old form that the same hand makes unplayable (parameter_subsets_unbounded)', () => {
    const old = rulesText.replace('cs: 3 cards in hand(me)', 'cs: cards in hand(me)').replace(
      'require not has_passed(me)',
      'require count(cs) == 3 else pass/three "Pass three cards."\n  require not has_passed(me)',
    );
    const d = check(old);
    expect(d.map((x) => [x.code, x.severity])).toEqual([['parameter_subsets_unbounded', 'warning']]);
    expect(d[0]!.message).toContain('hand(me)');
  });
});

describe('a counted choice in the runtime', () => {
  it('is one legal entry carrying the candidates and the count, not every subset', () => {
    const state = rt.setup(game, { players: 4, seed: 3 });
    const legal = rt.legalActions(game, state, 0);
    expect(legal).toHaveLength(1);
    const ids = hand(state, 0).map((c) => c.id);
    expect(legal[0]).toEqual({ type: 'pass_cards', choose: { param: 'cs', from: ids, min: 3, max: 3 } });
    // Bots and tools get concrete choices: a bounded sample, each three distinct cards of the hand.
    const sampled = rt.sampledActions(game, state, 0);
    expect(sampled).toHaveLength(rt.CHOICE_SAMPLES);
    for (const a of sampled) {
      const cs = a.args!['cs'] as number[];
      expect(new Set(cs).size).toBe(3);
      for (const id of cs) expect(ids).toContain(id);
    }
    expect(new Set(sampled.map((a) => JSON.stringify(a))).size).toBe(sampled.length);
    // Deterministic: the same state gives the same sample.
    expect(rt.sampledActions(game, state, 0)).toEqual(sampled);
    for (const a of sampled) expect(rejection(rt.apply(game, state, 0, a, 0))).toBe('accepted');
  });

  it('rejects a wrong count, a card named twice, a card not in the hand and a failing guard, each with its code', () => {
    let state = rt.setup(game, { players: 4, seed: 3 });
    const mine = hand(state, 0).map((c) => c.id);
    const send = (cs: unknown): string => rejection(rt.apply(game, state, 0, { type: 'pass_cards', args: { cs } }, 0));
    expect(send(mine.slice(0, 2))).toBe('choice/count');
    expect(send(mine.slice(0, 4))).toBe('choice/count');
    expect(send([])).toBe('choice/count');
    expect(send([mine[0], mine[1], mine[0]])).toBe('choice/duplicate');
    const theirs = rt.legalActions(game, state, 1)[0]!.choose!.from;
    const stranger = theirs.find((id) => !mine.includes(id))!;
    expect(send([mine[0], mine[1], stranger])).toBe('card/not_in_zone');
    // Sending the legal entry back as it is: the choice was not made.
    expect(rejection(rt.apply(game, state, 0, rt.legalActions(game, state, 0)[0], 0))).toBe('input/invalid');
    // The guard runs after the checks: once passed, a second pass is refused by the rule file.
    const r = rt.apply(game, state, 0, { type: 'pass_cards', args: { cs: mine.slice(0, 3) } }, 0);
    if ('rejected' in r) throw new Error(r.rejected.message);
    state = r.state;
    expect(hand(state, 0)).toHaveLength(10);
    expect(rt.legalActions(game, state, 0)).toEqual([]);
    const left = hand(state, 0).map((c) => c.id);
    expect(rejection(rt.apply(game, state, 0, { type: 'pass_cards', args: { cs: left.slice(0, 3) } }, 0))).toBe('pass/done');
  });

  it('refuses a choice its guard refuses (the queen of spades stays) and still offers the others', () => {
    for (let seed = 1; seed < 200; seed++) {
      const state = rt.setup(game, { players: 4, seed });
      const cards = hand(state, 0);
      const queen = cards.find((c) => c.face === 'Q♠');
      if (queen === undefined) continue;
      const others = cards.filter((c) => c !== queen).map((c) => c.id);
      const r = rt.apply(game, state, 0, { type: 'pass_cards', args: { cs: [queen.id, others[0], others[1]] } }, 0);
      expect(rejection(r)).toBe('pass/keep_queen');
      expect(rt.legalActions(game, state, 0)).toHaveLength(1);
      for (const a of rt.sampledActions(game, state, 0)) expect(a.args!['cs']).not.toContain(queen.id);
      return;
    }
    throw new Error('no seed deals the queen of spades to seat 0');
  });
});

describe('13 cards, passing 3, played to the end', () => {
  it('by the fast random playout, move for move as the public API plays it', async () => {
    const { referencePlayout } = (await import(referenceModule)) as { referencePlayout: Playout };
    for (const players of [3, 4]) {
      for (let seed = 1; seed <= 3; seed++) {
        const fast = rt.randomPlayout(game, { players, seed });
        expect(fast.result?.endedBy, `${players} players, seed ${seed}`).toBe('end');
        expect(fast.actions).toBe(players + players * 13);
        expect(fast).toEqual(referencePlayout(game, { players, seed }));
      }
    }
  }, 60_000);

  it('by random, greedy and ismcts bots', () => {
    for (const bot of ['random', 'greedy', 'ismcts']) {
      const m = rt.playMatch(game, { players: 4, seed: 5, bots: [bot, bot, bot, bot], budget: { iterations: 40 } });
      expect(m.result?.endedBy, bot).toBe('end');
      expect(m.actions).toBe(4 + 52);
    }
  }, 60_000);
});

describe('where on a cards parameter', () => {
  it('offers and accepts only the cards the condition allows', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'decksmith-choices-'));
    try {
      const file = join(dir, 'no-hearts.rules');
      writeFileSync(file, rulesText.replace('cs: 3 cards in hand(me)', 'cs: 3 cards in hand(me) where cs.suit != hearts'));
      const compiled = await compileRulesInMemory(file);
      expect(compiled.report).toEqual([]);
      const def = (await importCompiled<{ game: unknown }>(compiled.js!)).game;
      const state = rt.setup(def, { players: 4, seed: 3 });
      const view = rt.view(def, state, 0) as { zones: { name: string; owner: number; cards: { id: number; shown: string }[] }[] };
      const cards = view.zones.find((z) => z.name === 'hand' && z.owner === 0)!.cards;
      const hearts = cards.filter((c) => c.shown.endsWith('♥')).map((c) => c.id);
      const others = cards.filter((c) => !c.shown.endsWith('♥')).map((c) => c.id);
      expect(hearts.length).toBeGreaterThan(0);
      expect(rt.legalActions(def, state, 0)[0]!.choose!.from).toEqual(others);
      for (const a of rt.sampledActions(def, state, 0)) for (const id of a.args!['cs'] as number[]) expect(hearts).not.toContain(id);
      const r = rt.apply(def, state, 0, { type: 'pass_cards', args: { cs: [hearts[0], others[0], others[1]] } }, 0);
      expect(rejection(r)).toBe('card/not_in_zone');
      expect(rejection(rt.apply(def, state, 0, { type: 'pass_cards', args: { cs: others.slice(0, 3) } }, 0))).toBe('accepted');

      // The plain form honours where the same way (it used to be ignored).
      const plainFile = join(dir, 'plain.rules');
      writeFileSync(plainFile, rulesText.replace('cs: 3 cards in hand(me)', 'cs: cards in hand(me) where cs.suit != hearts'));
      const plain = await compileRulesInMemory(plainFile);
      const pdef = (await importCompiled<{ game: unknown }>(plain.js!)).game;
      const ps = rt.setup(pdef, { players: 4, seed: 3 });
      const listed = rt.legalActions(pdef, ps, 0).flatMap((a) => a.args!['cs'] as number[]);
      expect(listed.length).toBeGreaterThan(0);
      for (const id of listed) expect(hearts).not.toContain(id);
      expect(rejection(rt.apply(pdef, ps, 0, { type: 'pass_cards', args: { cs: [hearts[0]] } }, 0))).toBe('card/not_in_zone');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
