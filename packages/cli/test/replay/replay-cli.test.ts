// `decksmith replay`: a finished game's log whose seed matches its commitment replays to its result; a mismatched or incomplete log exits 1 with a clear message.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { loadGame } from '../../src/simulate/load-game.ts';
import type { GameDef } from '../../src/simulate/runtime.ts';
import { runCliCaptured } from '../run-cli.ts';

const RULES = fileURLToPath(new URL('./beat.rules', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'decksmith-replay-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type State = { result: unknown };
interface Rt {
  setup(def: GameDef, input: { players: number; seed: string; options: Record<string, number> }): State;
  tick(def: GameDef, s: State, now: number): { state: State };
  apply(def: GameDef, s: State, seat: number, action: unknown, now: number): { state: State } | { rejected: unknown };
  legalActions(def: GameDef, s: State, seat: number, now: number): { type: string }[];
  nextDeadline(s: State): number | null;
  result(def: GameDef, s: State): { winners: number[]; scores: number[]; endedBy: string } | null;
}
const runtimeModule: string = '@decksmith/runtime';
const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

/** Plays Beat as the server would: a few taps, then the turn timer alone until the game ends; returns the server's log of it. */
async function finishedLog(seed: string) {
  const rt = (await import(runtimeModule)) as Rt;
  const def = await loadGame(RULES);
  const options = { turn_time: 100, beats_to_end: 6 };
  let state = rt.setup(def, { players: 2, seed, options });
  const actions: { at: number; seat: number; action: { type: string } }[] = [];
  for (const at of [30, 130, 260]) {
    state = rt.tick(def, state, at).state;
    const seat = [0, 1].find((s) => rt.legalActions(def, state, s, at).some((a) => a.type === 'tap'))!;
    const r = rt.apply(def, state, seat, { type: 'tap' }, at);
    if ('rejected' in r) throw new Error('tap refused');
    state = r.state;
    actions.push({ at, seat, action: { type: 'tap' } });
  }
  let clockAt = 260;
  while (rt.result(def, state) === null) {
    clockAt = rt.nextDeadline(state)!;
    state = rt.tick(def, state, clockAt).state;
  }
  const log = { v: 1, game: 'beat', status: 'finished', complete: true, players: 2, options, n: actions.length, seedHash: sha256(seed), seed, actions, clockAt };
  return { log, result: rt.result(def, state)! };
}

function write(name: string, content: unknown): string {
  const file = join(dir, name);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

describe('decksmith replay', () => {
  it('verifies the seed against the commitment and prints the replayed result (timers after the last action included)', { timeout: 60_000 }, async () => {
    const { log, result } = await finishedLog('3f1c0a9e52d4b7c6a1e8f0d2c4b6a8e1');
    const file = write('good.json', log);
    const r = await runCliCaptured('replay', file, '--game', RULES);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain(`Deal verified: the seed matches the commitment shown at the start (sha256 ${log.seedHash})`);
    expect(r.out).toContain('3 actions replayed');
    expect(r.out).toContain(`scores ${result.scores.join(', ')}`);
    const json = await runCliCaptured('replay', file, '--game', RULES, '--json');
    expect(JSON.parse(json.out)).toEqual({ game: 'beat', verified: true, seedHash: log.seedHash, practice: false, actions: 3, result });
    // A practice room says so.
    const practice = await runCliCaptured('replay', write('practice.json', { ...log, practice: true }), '--game', RULES);
    expect(practice.code).toBe(0);
    expect(practice.out).toContain('Practice room: the creator chose this seed');
  });

  it('exits 1 with a clear message when the revealed seed does not match the commitment', { timeout: 60_000 }, async () => {
    const { log } = await finishedLog('3f1c0a9e52d4b7c6a1e8f0d2c4b6a8e1');
    // The seed swapped after the start (a rigged deal): the hash shown at the start no longer matches.
    const r = await runCliCaptured('replay', write('rigged.json', { ...log, seed: 'another-seed' }), '--game', RULES);
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(r.err).toContain('Deal NOT verified');
    expect(r.err).toContain(sha256('another-seed'));
    expect(r.err).toContain(log.seedHash);
  });

  it('exits 1 on a log of a running game, a log without a commitment, or a file that is not a log', async () => {
    const running = { v: 1, game: 'beat', status: 'playing', complete: false, players: 2, options: {}, n: 4, seedHash: sha256('x') };
    const a = await runCliCaptured('replay', write('running.json', running), '--game', RULES);
    expect([a.code, a.err]).toEqual([1, expect.stringContaining('still running')]);
    const { seedHash: _committed, ...uncommitted } = running;
    const b = await runCliCaptured('replay', write('no-hash.json', { ...uncommitted, complete: true, seed: 'x', actions: [] }), '--game', RULES);
    expect([b.code, b.err]).toEqual([1, expect.stringContaining('no seed commitment')]);
    const c = await runCliCaptured('replay', write('junk.json', 'not json'), '--game', RULES);
    expect([c.code, c.err]).toEqual([1, expect.stringContaining('not JSON')]);
    const d = await runCliCaptured('replay', join(dir, 'missing.json'));
    expect([d.code, d.err]).toEqual([1, expect.stringContaining('Cannot read')]);
  });
});
