// The generic table rendered on the server (svelte/server): zones where the hints put them, faces,
// playable cards as buttons, backs with counts, timers, buttons, the throw window, final scores.
import { render } from 'svelte/server';
import { describe, expect, it } from 'vitest';
import type { GameView } from '../src/net/protocol.ts';
import { TableStore } from '../src/state/table.svelte.ts';
import CardFace from '../src/table/CardFace.svelte';
import Table from '../src/table/Table.svelte';
import { faceModel } from '../src/table/face.ts';
import { def, legal, view } from './fixtures.ts';

function store(v: GameView = view()): TableStore {
  const t = new TableStore('room1', false);
  t.def = def;
  t.serverView = v;
  t.legal = legal;
  t.seat = typeof v.seat === 'number' ? v.seat : null;
  t.status = v.result ? 'finished' : 'playing';
  t.summary = { id: 'room1', game: 'mini', status: 'playing', players: 3, options: {}, seats: [{ kind: 'human', name: 'Ann', claimed: true, connected: true }, { kind: 'bot', level: 'random', claimed: true, connected: true }, { kind: 'human', name: 'Cy', claimed: true, connected: false }], n: 3, createdAt: 0 };
  return t;
}

describe('CardFace', () => {
  it('draws a split card as two triangles and a special card with a palette ring', () => {
    const split = render(CardFace, { props: { face: faceModel(def, 7) } }).body;
    expect(split).toContain('fill="#d32f2f"');
    expect(split).toContain('fill="#1565c0"');
    const wild = render(CardFace, { props: { face: faceModel(def, 6) } }).body;
    expect(wild).toContain('stroke="#d32f2f"');
    expect(wild).toContain('Wild');
    expect(render(CardFace, { props: { face: null, back: '#123456' } }).body).toContain('fill="#123456"');
  });
});

describe('Table', () => {
  it('lays out any game from its view and hints, with the playable cards as buttons', () => {
    const html = render(Table, { props: { table: store() } }).body;
    expect(html).toContain('data-game="mini"');
    expect(html).toMatch(/data-zone-name="discard"[\s\S]*data-zone-name="draw"/);
    // My hand: three faces, each playable (a button named for the card).
    expect(html).toContain('data-testid="card-name">Play Red 1');
    expect(html).toContain('data-testid="card-name">Play Wild');
    expect(html.match(/data-legal="true"/g)).toHaveLength(3);
    // Opponents: backs with counts, names in seating order; my count-only bank beside my hand.
    expect(html).toMatch(/Bot 2 \(Beginner\)[\s\S]*Cy/);
    expect(html).toContain('aria-label="Cy’s hand: 4 cards"');
    expect(html).toContain('aria-label="Your bank: 2 cards"');
    // Buttons for the actions that start from no card, but not the turn timer's own action.
    expect(html).toContain('data-action="draw_card"');
    expect(html).toContain('data-action="end_run"');
    expect(html).not.toContain('data-action="time_out"');
    // The colour to match, shown by name; the turn timer; the live region; a "new pile" spot.
    expect(html).toMatch(/Colour: [\s\S]*Blue/);
    expect(html).toContain('role="timer"');
    expect(html).toContain('aria-live="polite"');
    expect(html).toContain('data-testid="new-pile"');
    expect(html).toContain('Your turn');
  });

  it('marks the cards the view calls wild with a ribbon and says so in their label', () => {
    const v = view();
    const hand = v.zones.find((z) => z.name === 'hand' && z.owner === 0)!;
    hand.cards = hand.cards!.map((c) => (c && 'id' in c && c.id === 22 ? { ...c, wild: true as const } : c));
    const html = render(Table, { props: { table: store(v) } }).body;
    expect(html).toContain('data-testid="card-name">Play Red 2, wild');
    expect(html.match(/data-testid="wild"/g)).toHaveLength(1);
    expect(html).toContain('data-testid="card-name">Play Red 1');
  });

  it('offers the throw of a timed window as a target with a button', () => {
    const t = store(view({ window: { name: 'shot', started: 0, deadline: 5000 } }));
    t.legal = [{ type: 'throw' }];
    const html = render(Table, { props: { table: t } }).body;
    expect(html).toContain('data-testid="reticle"');
    expect(html).toMatch(/data-testid="fire"[^>]*>Throw/);
  });

  it('shows the winner and the final scores when the game is over', () => {
    const t = store(view({ current: null, result: { winners: [2], scores: [3, 1, 5], endedBy: 'end' } }));
    t.result = { winners: [2], scores: [3, 1, 5], endedBy: 'end' };
    t.rounds = [{ round: 1, totals: [1, 1, 2] }, { round: 2, totals: [3, 1, 5] }];
    const html = render(Table, { props: { table: t, onplayagain: () => {} } }).body;
    expect(html).toContain('Cy wins!');
    expect(html).toContain('data-testid="final-scores"');
    expect(html).toContain('data-testid="play-again"');
    expect(html).toMatch(/<th scope="col"[^>]*>R2<\/th>/);
  });

  it('never mixes cards left with points: a scored game shows its totals only, a scoreless one the cards left and no Total', () => {
    const scored = store(view({ current: null, result: { winners: [2], scores: [3, 1, 5], endedBy: 'end' } }));
    scored.result = { winners: [2], scores: [3, 1, 5], endedBy: 'end' };
    const a = render(Table, { props: { table: scored } }).body;
    expect(a).toMatch(/<th scope="col"[^>]*>Total<\/th>/);
    expect(a).not.toContain('Cards in hand');
    const none = store(view({ current: null, scores: [0, 0, 0], result: { winners: [0], scores: [0, 0, 0], endedBy: 'end' } }));
    none.result = { winners: [0], scores: [0, 0, 0], endedBy: 'end' };
    const b = render(Table, { props: { table: none } }).body;
    expect(b).not.toMatch(/<th scope="col"[^>]*>Total<\/th>/);
    expect(b).toMatch(/<th scope="col"[^>]*>Cards in hand<\/th>/);
    expect(b).toContain('You win!');
  });

  it('shows no countdown while waiting for players, and says it is waiting', () => {
    const t = store(view({ stage: { name: 'go', kind: 'pause', started: 0, deadline: 3000, step: null }, turnDeadline: null }));
    t.status = 'waiting';
    const html = render(Table, { props: { table: t } }).body;
    expect(html).not.toContain('role="timer"');
    expect(html).toContain('data-testid="waiting-chip"');
    t.status = 'playing';
    expect(render(Table, { props: { table: t } }).body).toContain('role="timer"');
  });

  it('is a main landmark whose zones are headed below the game title, the reversed direction named', () => {
    const html = render(Table, { props: { table: store(view({ direction: -1 })) } }).body;
    expect(html).toMatch(/^(<!--[^>]*-->)*<main /);
    expect(html).toMatch(/<h1[^>]*>Mini<\/h1>/);
    expect(html).toMatch(/<h2 class="title[^>]*>Discard<\/h2>/);
    expect(html).not.toContain('<h3');
    expect(html).toContain('aria-label="Direction reversed: play goes to the right"');
    expect(html).toMatch(/class="timers[^"]*" role="group" aria-label="Timers"/);
  });

  it('shows a spectator every hand face down and no action', () => {
    const t = store(view({ seat: 'spectator' }));
    t.legal = [];
    const html = render(Table, { props: { table: t } }).body;
    expect(html).toContain('Spectating');
    expect(html).not.toContain('data-legal="true"');
    expect(html).not.toContain('data-testid="actions"');
  });
});

describe('TableStore names', () => {
  it('puts the seat panels’ names into announcements, with "You" agreeing with its verb', () => {
    const t = store();
    expect(t.withNames('Player 1 wins!')).toBe('You win!');
    expect(t.withNames('Player 1 goes out!')).toBe('You go out!');
    expect(t.withNames('Player 2 goes out!')).toBe('Bot 2 (Beginner) goes out!');
    expect(t.withNames('Player 3 has no cards.')).toBe('Cy has no cards.');
    expect(t.withNames('Player 9 wins!')).toBe('Player 9 wins!');
  });

  it('names the piles a card can be dropped on', () => {
    const t = store();
    expect(t.dropTargets(22)).toBe('8 new');
    expect(t.dropTargets(21)).toBe('');
  });
});
