// The home page asks for the player's name once: the "You" card's field (profile), not a second one in the lobby.
import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import App from '../src/App.svelte';
import Lobby from '../src/lobby/Lobby.svelte';

/** The text inputs a rendered body holds whose label or test id is about a name. */
const nameFields = (body: string): string[] => [...body.matchAll(/<input[^>]*data-testid="([a-z-]*name[a-z-]*)"[^>]*>/g)].map((m) => m[1]!);

describe('the home page’s name field', () => {
  it('is one field, the profile card’s', () => {
    const { body } = render(App);
    expect(nameFields(body)).toEqual(['profile-name']);
    expect(body.match(/Your name/g)).toHaveLength(1);
  });

  it('is not asked again by the lobby', () => {
    expect(nameFields(render(Lobby).body)).toEqual([]);
  });
});
