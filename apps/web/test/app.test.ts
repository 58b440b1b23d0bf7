// Renders the root component on the server (svelte/server) and checks what a visitor sees.
import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import App from '../src/App.svelte';
import Lobby from '../src/lobby/Lobby.svelte';

describe('App', () => {
  it('shows the title and the lobby line', () => {
    const { body } = render(App);
    expect(body).toMatch(/<h1[^>]*>Decksmith<\/h1>/);
    expect(body).toContain('No tables yet.');
  });
});

describe('Lobby', () => {
  it('counts open tables', () => {
    expect(render(Lobby, { props: { tables: 3 } }).body).toContain('3 tables open.');
  });
});
