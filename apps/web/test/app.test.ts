// Renders the root component and the lobby on the server (svelte/server) and checks what a visitor sees.
import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import App from '../src/App.svelte';
import Lobby from '../src/lobby/Lobby.svelte';
import type { RoomSummary } from '../src/net/api.ts';

const room = (id: string, status: RoomSummary['status']): RoomSummary => ({
  id,
  game: 'super-taki',
  status,
  players: 2,
  options: {},
  seats: [
    { kind: 'human', claimed: false, connected: false },
    { kind: 'bot', level: 'random', claimed: true, connected: true },
  ],
  n: 0,
  createdAt: 1,
});

describe('App', () => {
  it('shows the title and the lobby', () => {
    const { body } = render(App);
    expect(body).toMatch(/<h1[^>]*>Decksmith<\/h1>/);
    expect(body).toContain('No tables yet.');
  });
});

describe('Lobby', () => {
  it('counts open tables and offers to join a free seat, watch, or replay', () => {
    const { body } = render(Lobby, { props: { rooms: [room('a1', 'waiting'), room('b2', 'playing'), room('c3', 'finished')] } });
    expect(body).toContain('3 tables open.');
    expect(body).toContain('href="/room/a1?seat=0"');
    expect(body).toContain('href="/room/b2"');
    expect(body).toContain('href="/replay/c3"');
  });

  it('lists the games with their summary and player range', () => {
    const games = [{ id: 'g', title: 'Gee', summary: 'A test game.', minPlayers: 2, maxPlayers: 4, options: [], botLevels: ['random'], source: 'x' }];
    const { body } = render(Lobby, { props: { games } });
    expect(body).toContain('Gee');
    expect(body).toContain('A test game.');
    expect(body).toContain('2–4 players');
  });
});
