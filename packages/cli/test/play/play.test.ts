// Headless play on the mini-snap fixture: whole games between bots, deterministic per seed,
// with the invariants checked after every action and timer, and no stuck game.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { run as runCli } from '../../src/cli/run.ts';
import { findRoot } from '@decksmith/dsl/node/pipeline.ts';
import { loadGame } from '../../src/play/load-game.ts';
import { playGames } from '../../src/play/play-games.ts';
import { loadRuntime, type GameDef, type Runtime } from '../../src/play/runtime-api.ts';

const fixture = fileURLToPath(new URL('../scenario/fixtures/mini-snap.rules', import.meta.url));
const bin = fileURLToPath(new URL('../../bin/decksmith.js', import.meta.url));
let def: GameDef;
let rt: Runtime;

beforeAll(async () => {
  const g = await loadGame(fixture);
  if ('error' in g) throw new Error(g.error.join('\n'));
  def = g.def;
  rt = await loadRuntime();
}, 60_000);

describe('playGames', () => {
  it('plays 300 seeded games of every table size: no invariant violation, none stuck', () => {
    for (const players of [2, 3, 4]) {
      const r = playGames(rt, def, { players, seed: 1, games: 100, bots: new Array<string>(players).fill('random'), options: {}, maxActions: 5_000 });
      expect(r.invariantViolations).toBe(0);
      expect(r.stuckGames).toBe(0);
      expect(r.games.map((g) => g.seed)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
      for (const g of r.games) {
        expect(g.endedBy).toBe('end');
        expect(g.winners.length).toBeGreaterThan(0);
        expect(g.actions).toBeGreaterThan(0);
      }
      // Slaps race in the snap window: some plays arrive beaten.
      expect(r.games.reduce((n, g) => n + g.rejected, 0)).toBeGreaterThan(0);
    }
  }, 120_000);

  it('is deterministic: the same seed gives the same games', () => {
    const opts = { players: 3, seed: 42, games: 5, bots: ['random', 'random', 'random'], options: {}, maxActions: 5_000 };
    const a = playGames(rt, def, opts).games;
    const b = playGames(rt, def, opts).games;
    expect(a).toEqual(b);
    expect(playGames(rt, def, { ...opts, seed: 43 }).games[0]).toEqual(a[1]);
  });

  it('mixes levels per seat and honours options', () => {
    const r = playGames(rt, def, { players: 2, seed: 1, games: 10, bots: ['greedy', 'random'], options: { hand_size: 1 }, maxActions: 5_000 });
    expect(r.stuckGames).toBe(0);
    expect(r.invariantViolations).toBe(0);
  }, 60_000);

  it('wakes a seat idle only because of a rate limit before the next timer', async () => {
    const tap = await loadGame(fileURLToPath(new URL('../scenario/fixtures/mini-tap.rules', import.meta.url)));
    if ('error' in tap) throw new Error(tap.error.join('\n'));
    const r = playGames(rt, tap.def, { players: 2, seed: 1, games: 20, bots: ['random', 'random'], options: {}, maxActions: 5_000 });
    expect(r.stuckGames).toBe(0);
    // A 10 s window, one tap per 300 ms, bots reacting in about 1.6 s: the tapper (nobody else
    // acts) taps several times, not once.
    const taps = r.games.map((g) => Math.max(...g.scores));
    expect(Math.min(...taps)).toBeGreaterThan(1);
    expect(taps.reduce((a, b) => a + b, 0) / taps.length).toBeGreaterThan(3);
  }, 60_000);

  it('the max-actions guard counts a game as stuck', () => {
    const r = playGames(rt, def, { players: 2, seed: 1, games: 3, bots: ['random', 'random'], options: {}, maxActions: 2 });
    expect(r.stuckGames).toBe(3);
    expect(r.games.map((g) => g.endedBy)).toEqual(['max-actions', 'max-actions', 'max-actions']);
    expect(r.games.every((g) => g.actions === 2)).toBe(true);
  });
});

describe('decksmith play', () => {
  const run = (...args: string[]) => spawnSync(process.execPath, [bin, 'play', ...args], { encoding: 'utf8', cwd: findRoot() });
  it('--json prints every game, violations, stuck games and moves per second', () => {
    const r = run(fixture, '--games', '4', '--seed', '10', '--players', '3', '--option', 'snap_time=3s', '--json');
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout) as {
      games: { seed: number; winners: number[]; scores: number[]; actions: number; rounds: number; time: number; endedBy: string }[];
      invariantViolations: number; stuckGames: number; movesPerSecond: number; meanRounds: number; meanTime: number;
    };
    expect(out.games.map((g) => g.seed)).toEqual([10, 11, 12, 13]);
    expect(Object.keys(out.games[0]!)).toEqual(['seed', 'winners', 'scores', 'actions', 'rounds', 'time', 'endedBy']);
    // The same games as playGames plays them: rounds and logical time per game, and their means.
    const direct = playGames(rt, def, { players: 3, seed: 10, games: 4, bots: ['random', 'random', 'random'], options: { snap_time: 3000 }, maxActions: 20_000 });
    expect(out.games.map((g) => [g.rounds, g.time])).toEqual(direct.games.map((g) => [g.rounds, g.time]));
    expect(out.games.every((g) => g.rounds >= 1 && g.time > 0)).toBe(true);
    expect(out.meanRounds).toBe(Math.round((direct.games.reduce((n, g) => n + g.rounds, 0) / 4) * 10) / 10);
    expect(out.meanTime).toBe(Math.round(direct.games.reduce((n, g) => n + g.time, 0) / 4));
    expect(out.invariantViolations).toBe(0);
    expect(out.stuckGames).toBe(0);
    expect(out.movesPerSecond).toBeGreaterThan(0);
  }, 60_000);
  it('prints one line per game; exits 1 on stuck games and 2 on bad flags', async () => {
    const out: string[] = [];
    const write = (chunk: string | Uint8Array): boolean => {
      out.push(String(chunk));
      return true;
    };
    const stdout = vi.spyOn(process.stdout, 'write').mockImplementation(write);
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(write);
    const exit = process.exitCode;
    try {
      const play = (...args: string[]) => runCli(['node', 'decksmith', 'play', ...args]);
      expect(await play(fixture, '--games', '2', '--max-actions', '1')).toBe(1);
      // First (on stderr) what the path named, then one line per game on stdout.
      expect(out.join('')).toMatch(/^decksmith play: found 1 rule file in \S*mini-snap\.rules: \S*mini-snap\.rules\ngame 1 \(seed 1\): winners none · scores {2}· 1 actions · 1 round\(s\) · \d+\.\d s logical · max-actions\n/);
      expect(out.join('')).toMatch(/\d+\.\d round\(s\) and \d+\.\d s of logical time per game/);
      expect(await play(fixture, '--bots', 'genius')).toBe(2);
      expect(await play(fixture, '--bots', 'random,random,random')).toBe(2);
      expect(await play(fixture, '--players', '9')).toBe(2);
      expect(await play(fixture, '--option', 'snap_time=fast')).toBe(2);
      expect(await play(fixture, '--option', 'colour=red')).toBe(2);
      expect(await play(fixture, '--seed', 'abc')).toBe(2);
      expect(await play('no-such-game')).toBe(1);
      expect(out.join('')).toContain('decksmith play: unknown bot level "genius"');
    } finally {
      stdout.mockRestore();
      stderr.mockRestore();
      process.exitCode = exit;
    }
  }, 60_000);
});
