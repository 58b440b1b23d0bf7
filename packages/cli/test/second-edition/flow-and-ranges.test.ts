// The language's second edition at run time: `stages a if …` and `steps a, b if …` skip what
// does not apply, `move <list> to z` moves every card of a list, and a ranged variable rejects
// the first write outside its range (`var/out_of_range`: the action is rejected, nothing changes).
// It lives with the tools because it runs compiled games on the runtime, which the compiler's own tests never import.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { apply, checkSetup, legalActions, randomPlayout, setup, tick, type Action, type GameDef, type GameState } from '@decksmith/runtime';
import { compileRulesInMemory, importCompiled } from '@decksmith/dsl/node/compile-in-memory.ts';

const rulesPath = fileURLToPath(new URL('./flow-and-ranges.rules', import.meta.url));

async function load(text?: string): Promise<GameDef> {
  let path = rulesPath;
  if (text !== undefined) {
    path = join(mkdtempSync(join(tmpdir(), 'second-edition-')), 'second.rules');
    writeFileSync(path, text);
  }
  const compiled = await compileRulesInMemory(path);
  expect(compiled.report.filter((d) => d.startsWith('error'))).toEqual([]);
  return (await importCompiled<{ game: GameDef }>(compiled.js!)).game;
}

/** A table of two driven by hand: the stage, the step and the current player's legal action names. */
function table(game: GameDef, options: Record<string, number> = {}) {
  let state: GameState = setup(game, { players: 2, seed: 7, options });
  let now = 0;
  const where = () => ({
    round: state.round,
    stage: game.stages[game.rounds.stages[state.stage]!]!.name,
    actions: [...new Set(legalActions(game, state, state.current).map((a) => a.type))],
  });
  const act = (action: Action): void => {
    const r = apply(game, state, state.current, action, (now += 10));
    if ('rejected' in r) throw new Error(`${r.rejected.code}: ${r.rejected.message}`);
    state = r.state;
  };
  const first = (type: string): Action => legalActions(game, state, state.current).find((a) => a.type === type)!;
  return { where, act, first, get state() { return state; }, now: () => (now += 10) };
}

describe('conditional stages and steps', () => {
  it('a stage whose condition is false is skipped; a step whose condition is false is passed over', async () => {
    const game = await load();
    const t = table(game);
    expect(t.where()).toEqual({ round: 1, stage: 'pass', actions: ['give'] });
    const giver = t.state.current;
    t.act(t.first('give'));
    // Round 1: the bonus step applies (steps give, bonus if round == 1).
    expect(t.state.current).toBe(giver);
    expect(t.where().actions).toEqual(['bonus']);
    t.act(t.first('bonus'));
    expect(t.state.current).not.toBe(giver);
    t.act(t.first('give'));
    t.act(t.first('bonus'));
    expect(t.where()).toEqual({ round: 1, stage: 'play', actions: ['trick', 'done'] });
    t.act(t.first('done'));
    // Round 2: `stages pass if round mod 2 == 1, play` goes straight to play.
    expect(t.where()).toEqual({ round: 2, stage: 'play', actions: ['trick', 'done'] });
    t.act(t.first('done'));
    // Round 3: pass again, but without the bonus step: the turn passes after give.
    expect(t.where()).toEqual({ round: 3, stage: 'pass', actions: ['give'] });
    const next = t.state.current;
    t.act(t.first('give'));
    expect(t.state.current).not.toBe(next);
    expect(t.where().actions).toEqual(['give']);
  });
});

describe('move <list of cards> to z', () => {
  it('moves every card of the list, and only those', async () => {
    const game = await load();
    const t = table(game);
    const me = t.state.current;
    const hand = game.zones.findIndex((z) => z.name === 'hand');
    const pool = game.zones.findIndex((z) => z.name === 'pool');
    const handZone = t.state.declBase[hand]! + me;
    const poolZone = t.state.declBase[pool]!;
    const before = [...t.state.zones[handZone]!];
    t.act(t.first('give'));
    expect(t.state.zones[handZone]!.length).toBe(1);
    expect(new Set([...t.state.zones[poolZone]!, ...t.state.zones[handZone]!])).toEqual(new Set(before));
  });
});

describe('ranged variables', () => {
  it('the first write out of range rejects the action with var/out_of_range and changes nothing', async () => {
    const game = await load();
    const t = table(game);
    for (let i = 0; i < 2; i++) {
      t.act(t.first('give'));
      t.act(t.first('bonus'));
    }
    for (let i = 0; i < 3; i++) t.act({ type: 'trick' });
    const before = t.state;
    const snapshot = JSON.stringify(before);
    const r = apply(game, before, before.current, { type: 'trick' }, t.now());
    expect('rejected' in r && r.rejected).toEqual({ code: 'var/out_of_range', message: 'tricks would become 4, outside its range 0..3.' });
    expect(JSON.stringify(before)).toBe(snapshot);
  });

  it('a bound may be an option: gave(p) is 0..hand_size', async () => {
    const game = await load();
    expect(game.vars.find((v) => v.name === 'gave')!.range).toEqual([0, { option: 0 }]);
    const t = table(game, { hand_size: 4 });
    t.act(t.first('give'));
    const text = readFileSync(rulesPath, 'utf8').replace('add count(hand(me)) - 1 to gave(me)', 'add count(hand(me)) + 1 to gave(me)');
    const wide = await load(text);
    const w = table(wide, { hand_size: 4 });
    const r = apply(wide, w.state, w.state.current, w.first('give'), w.now());
    expect('rejected' in r && r.rejected.code).toBe('var/out_of_range');
    expect('rejected' in r && r.rejected.message).toMatch(/^gave of player \d would become 5, outside its range 0\.\.4\.$/);
  });

  it('a timer whose effect writes out of range ends the game as stuck (reason range)', async () => {
    const game = await load();
    const t = table(game);
    for (let i = 0; i < 2; i++) {
      t.act(t.first('give'));
      t.act(t.first('bonus'));
    }
    for (let i = 0; i < 3; i++) t.act({ type: 'trick' });
    const r = tick(game, t.state, t.now() + 5_000);
    expect(r.state.result).toMatchObject({ endedBy: 'stuck', reason: 'range', winners: [] });
  });

  it('a random playout that writes out of range ends as stuck instead of throwing', async () => {
    const game = await load();
    const results = [1, 2, 3, 4, 5].map((seed) => randomPlayout(game, { players: 2, seed, maxActions: 2_000 }).result);
    expect(results.some((r) => r?.endedBy === 'stuck' && r.reason === 'range')).toBe(true);
  });

  it('a setup that writes out of range cannot set up a table (setup/invalid)', async () => {
    const game = await load(readFileSync(rulesPath, 'utf8').replace('set tricks = 0', 'set tricks = 3 + 1'));
    expect(checkSetup(game, { players: 2, seed: 1 })).toEqual({ code: 'setup/invalid', message: 'tricks would become 4, outside its range 0..3.' });
  });
});
