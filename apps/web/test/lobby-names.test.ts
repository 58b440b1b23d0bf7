// Names outside the table (bot levels in words, seats, results, ages, hosts), the new-table form's
// option groups, and this browser's history of games (localStorage, bounded, resign kept).
import { render } from 'svelte/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearHistory, finishedGame, history, HISTORY_MAX, remember, type PlayedGame } from '../src/lib/history.ts';
import { ago, botLevelHint, botLevelName, hostOf, resultText, seatLabel } from '../src/lib/names.ts';
import Lobby from '../src/lobby/Lobby.svelte';
import { optionGroups } from '../src/lobby/options.ts';
import type { OptionInfo, RoomSummary, SeatSummary } from '../src/net/api.ts';

const human = (name?: string): SeatSummary => ({ kind: 'human', claimed: true, connected: true, ...(name ? { name } : {}) });
const bot = (level: string): SeatSummary => ({ kind: 'bot', level, claimed: true, connected: false });

describe('names', () => {
  it('offers bot levels as words and explains the algorithm in a hint', () => {
    expect(['random', 'greedy', 'ismcts'].map(botLevelName)).toEqual(['Beginner', 'Casual', 'Strong']);
    expect(botLevelHint('ismcts')).toMatch(/Monte Carlo/);
    expect(botLevelName('deep_search')).toBe('Deep search');
  });

  it('names seats, hosts and results as players read them', () => {
    const seats = [human('Ada'), bot('greedy'), { ...bot('random'), name: 'Bo', resigned: true }];
    expect(seats.map(seatLabel)).toEqual(['Ada', 'Bot 2 (Casual)', 'Bo']);
    expect(hostOf(seats)).toBe('Ada');
    expect(hostOf([bot('random'), { kind: 'human', claimed: false, connected: false }])).toBeNull();
    const result = { winners: [1], scores: [0, 5, 0], endedBy: 'winner' } as never;
    expect(resultText(result, seats, 0)).toBe('Bot 2 (Casual) wins!');
    expect(resultText({ winners: [0], scores: [], endedBy: 'winner' } as never, seats, 0)).toBe('You win!');
    expect(resultText({ winners: [0, 2], scores: [], endedBy: 'winner' } as never, seats, 2)).toBe('Ada and you win!');
    expect(resultText({ winners: [], scores: [], endedBy: 'stuck' } as never, seats, null)).toBe('Nobody wins.');
  });

  it('says how old a table is', () => {
    expect(ago(0, 30_000)).toBe('just now');
    expect(ago(0, 5 * 60_000)).toBe('5 min ago');
    expect(ago(0, 3 * 3_600_000)).toBe('3 h ago');
    expect(ago(0, 72 * 3_600_000)).toBe('3 days ago');
  });
});

describe('option groups', () => {
  const opt = (name: string, group?: 'basic' | 'advanced'): OptionInfo => ({ name, description: name, kind: 'int', min: 1, max: 9, default: 1, ...(group ? { group } : {}) });
  it('shows the options the rule file marks basic at once and folds the rest', () => {
    const g = optionGroups([opt('a'), opt('b', 'basic'), opt('c', 'advanced'), opt('d', 'basic')]);
    expect(g.basic.map((o) => o.name)).toEqual(['b', 'd']);
    expect(g.advanced.map((o) => o.name)).toEqual(['a', 'c']);
  });
  it('shows the first option at once when the file marks none', () => {
    const g = optionGroups([opt('a'), opt('b'), opt('c', 'advanced')]);
    expect(g.basic.map((o) => o.name)).toEqual(['a']);
    expect(g.advanced.map((o) => o.name)).toEqual(['b', 'c']);
  });
});

describe('history', () => {
  const mem = new Map<string, string>();
  beforeEach(() => {
    (globalThis as { localStorage?: unknown }).localStorage = {
      getItem: (k: string) => mem.get(k) ?? null,
      setItem: (k: string, v: string) => void mem.set(k, v),
      removeItem: (k: string) => void mem.delete(k),
    };
  });
  afterEach(() => {
    mem.clear();
    delete (globalThis as { localStorage?: unknown }).localStorage;
  });
  const game = (room: string, at: number, outcome: PlayedGame['outcome'] = 'won'): PlayedGame => ({ room, game: 'g', title: 'G', at, seat: 0, outcome, text: 'You win!' });

  it('keeps games newest first, one per room, at most HISTORY_MAX', () => {
    for (let i = 0; i < HISTORY_MAX + 5; i++) remember(game(`r${i}`, i));
    remember(game('r60', 1000, 'lost'));
    const h = history();
    expect(h).toHaveLength(HISTORY_MAX);
    expect(h[0]).toMatchObject({ room: 'r60', outcome: 'lost' });
    expect(h.filter((g) => g.room === 'r54')).toHaveLength(1);
    clearHistory();
    expect(history()).toEqual([]);
  });

  it('keeps "resigned" when the game is later seen finished, and skips entries it cannot read', () => {
    remember(game('x', 1, 'resigned'));
    remember(game('x', 2, 'lost'));
    expect(history()).toEqual([game('x', 1, 'resigned')]);
    mem.set('decksmith:history', JSON.stringify([{ room: 'bad' }, game('y', 3)]));
    expect(history().map((g) => g.room)).toEqual(['y']);
    mem.set('decksmith:history', '{not json');
    expect(history()).toEqual([]);
  });

  it('records a finished game from the seat this browser held', () => {
    const seats = [human('Ada'), bot('greedy')];
    expect(finishedGame('r', 'g', 'G', { winners: [0], scores: [], endedBy: 'winner' } as never, seats, 0, 5)).toEqual({ room: 'r', game: 'g', title: 'G', at: 5, seat: 0, outcome: 'won', text: 'You win!' });
    expect(finishedGame('r', 'g', 'G', { winners: [1], scores: [], endedBy: 'winner' } as never, seats, null, 5)).toMatchObject({ outcome: 'watched', text: 'Bot 2 (Casual) wins!' });
  });
});

describe('lobby rows', () => {
  it('show status, host, players and age, and abandoned tables as such', () => {
    const now = Date.now();
    const rooms: RoomSummary[] = [
      { id: 'w1', game: 'g', status: 'waiting', players: 2, options: {}, seats: [human('Ada'), { kind: 'human', claimed: false, connected: false }], n: 0, createdAt: now - 6 * 60_000 },
      { id: 'p1', game: 'g', status: 'playing', players: 2, options: {}, seats: [human('Bo'), bot('ismcts')], n: 4, createdAt: now, abandoned: true },
    ];
    const body = render(Lobby, { props: { rooms } }).body;
    expect(body).toContain('Host: Ada');
    expect(body).toContain('Ada, open seat · 1 free');
    expect(body).toContain('6 min ago');
    expect(body).toContain('Waiting for players');
    expect(body).toContain('Abandoned');
    expect(body).toContain('Bo, Bot 2 (Strong)');
  });
});
