// The paged lobby on the client: the query string of a lobby request, and the "load more" of a page that has a next one.
import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import Lobby from '../src/lobby/Lobby.svelte';
import { lobbyQueryString, type RoomSummary } from '../src/net/api.ts';

const room = (id: string): RoomSummary => ({ id, game: 'g', status: 'waiting', players: 2, options: {}, seats: [{ kind: 'human', claimed: false, connected: false }], n: 0, createdAt: 1 });

describe('lobby paging', () => {
  it('builds the lobby query from the filters and the cursor, leaving out empty ones', () => {
    expect(lobbyQueryString()).toBe('');
    expect(lobbyQueryString({ game: 'super-taki', status: 'waiting', limit: 50 })).toBe('?game=super-taki&status=waiting&limit=50');
    expect(lobbyQueryString({ game: '', cursor: 'a+b/=' })).toBe('?cursor=a%2Bb%2F%3D');
  });

  it('offers more tables when the page has a next one, and filters by game and state', () => {
    const more = render(Lobby, { props: { rooms: [room('a1'), room('b2')], next: 'cursor' } }).body;
    expect(more).toContain('2+ tables open.');
    expect(more).toContain('data-testid="load-more"');
    expect(more).toContain('data-testid="filter-game"');
    expect(more).toContain('data-testid="filter-status"');
    const last = render(Lobby, { props: { rooms: [room('a1')] } }).body;
    expect(last).toContain('1 table open.');
    expect(last).not.toContain('data-testid="load-more"');
  });
});
