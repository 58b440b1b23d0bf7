// A small game's tables (as GET /api/games/:id/def sends them) and views of it, for the unit and component tests.
import type { GameView, ViewSlot, WireAction, ZoneView } from '../src/net/protocol.ts';
import type { ClientDef } from '../src/state/def.ts';

/** Faces: R1 R2 R3 B1 B2 B3 (Number), W (Wild), R/B (Split). */
export const def: ClientDef = {
  id: 'mini',
  title: 'Mini',
  summary: 'A tiny shedding game.',
  minPlayers: 2,
  maxPlayers: 4,
  enums: [{ name: 'Colour', values: ['red', 'blue'], symbols: ['R', 'B'] }],
  faces: {
    kinds: ['Number', 'Wild', 'Split'],
    attrs: [
      { name: 'colour', enumIndex: 0 },
      { name: 'number', enumIndex: -1, numberSymbols: { 3: 'K' } },
      { name: 'second', enumIndex: 0 },
    ],
    kind: [0, 0, 0, 0, 0, 0, 1, 2],
    values: [
      [0, 0, 0, 1, 1, 1, -1, 0],
      [1, 2, 3, 1, 2, 3, -1, -1],
      [-1, -1, -1, -1, -1, -1, -1, 1],
    ],
    notation: ['R1', 'R2', 'RK', 'B1', 'B2', 'BK', 'W', 'R/B'],
  },
  zones: [
    { name: 'draw', scope: 'shared', shape: 'pile', visibility: 'hidden' },
    { name: 'discard', scope: 'shared', shape: 'pile', visibility: 'visible' },
    { name: 'hand', scope: 'player', shape: 'fan', visibility: 'owner' },
    { name: 'centre', scope: 'shared', shape: 'piles', visibility: 'visible' },
    { name: 'bank', scope: 'player', shape: 'pile', visibility: 'count' },
  ],
  vars: [
    { name: 'colour', scope: 'global', type: 'enum:Colour?' },
    { name: 'score', scope: 'player', type: 'number' },
    { name: 'blue', scope: 'global', type: 'number' },
  ],
  scoreVar: 1,
  dice: [
    { name: 'colour_die', faces: [0, 1], enum: 'Colour' },
    { name: 'coin', faces: [0, 1] },
  ],
  roles: [],
  stages: [{ name: 'play', kind: 'turns', steps: [], turnTimer: 'time_out' }],
  windows: [{ name: 'shot', blocking: true, timed: true }],
  actions: [
    { name: 'play', who: 'current', during: ['play'], params: [{ name: 'c', kind: 'card', optional: false }, { name: 'chosen', kind: 'enum', enumIndex: 0, optional: true }], races: false },
    { name: 'discard', who: 'current', during: ['play'], params: [{ name: 'c', kind: 'card', optional: false }], races: false },
    { name: 'build', who: 'any', during: ['play'], params: [{ name: 'c', kind: 'card', optional: false }, { name: 'p', kind: 'pile', family: 3, orNew: true, optional: false }], races: true },
    { name: 'draw_card', who: 'current', during: ['play'], params: [], races: false },
    { name: 'end_run', who: 'current', during: ['play'], params: [{ name: 'closed', kind: 'bool', optional: false }], races: false },
    { name: 'time_out', who: 'current', during: ['play'], params: [], races: false },
    { name: 'throw', who: 'any', during: ['shot'], params: [], races: false, once: true },
  ],
  winner: { by: 'highest' },
  layout: {
    colours: { red: '#d32f2f', blue: '#1565c0' },
    cards: {
      Number: { fill: ['colour'], corner: '{number}', centre: '{colour}{number}' },
      Wild: { corner: 'W', centre: 'Wild' },
      Split: { fill: ['colour', 'second'] },
    },
    places: [
      { zone: 'discard', of: 'shared', at: 'centre' },
      { zone: 'draw', of: 'shared', at: 'centre' },
      { zone: 'hand', of: 'me', at: 'bottom' },
      { zone: 'bank', of: 'me', at: 'side' },
      { zone: 'hand', of: 'others', at: 'around' },
    ],
  },
};

export const card = (id: number, face: number): ViewSlot => ({ id, face, shown: def.faces.notation[face]!, owner: -1 });
export const back = (owner = -1): ViewSlot => ({ back: owner });

function zone(id: number, name: string, owner: number, cards: ViewSlot[] | undefined, count = cards?.length ?? 0): ZoneView {
  const decl = def.zones.find((z) => z.name === name)!;
  return { id, name, owner, shape: decl.shape, visibility: decl.visibility as ZoneView['visibility'], count, ...(cards ? { cards } : {}) };
}

/** Seat 0's view of a 3-player game: my hand R1 R2 W, discard R3, one centre pile, opponents' backs. */
export function view(over: Partial<GameView> = {}): GameView {
  return {
    game: 'mini',
    seat: 0,
    players: 3,
    sideOf: [0, 1, 2],
    roles: [[], [], []],
    out: [0, 0, 0],
    round: 1,
    dealer: 0,
    direction: 1,
    current: 0,
    stage: { name: 'play', kind: 'turns', started: 0, deadline: null, step: null },
    window: null,
    pause: null,
    turnDeadline: 30_000,
    idleDeadline: null,
    now: 100,
    zones: [
      zone(0, 'draw', -1, [back(), back(), back()]),
      zone(1, 'discard', -1, [card(11, 2)]),
      zone(2, 'hand', 0, [card(21, 0), card(22, 1), card(23, 6)]),
      zone(3, 'hand', 1, [back(), back()]),
      zone(4, 'hand', 2, [back(), back(), back(), back()]),
      zone(5, 'bank', 0, undefined, 2),
      zone(6, 'bank', 1, undefined, 0),
      zone(7, 'bank', 2, undefined, 1),
      zone(8, 'centre', -1, [card(31, 3)]),
    ],
    vars: { colour: 1, score: [0, 0, 0] },
    scores: [3, 1, 2],
    actions: ['play', 'draw_card'],
    result: null,
    ...over,
  };
}

export const legal: WireAction[] = [
  { type: 'play', args: { c: 21 } },
  { type: 'play', args: { c: 23, chosen: 'red' } },
  { type: 'play', args: { c: 23, chosen: 'blue' } },
  { type: 'discard', args: { c: 21 } },
  { type: 'build', args: { c: 22, p: 8 }, expect: { height: 1, top: 31 } },
  { type: 'build', args: { c: 22, p: 'new' } },
  { type: 'draw_card' },
  { type: 'end_run', args: { closed: true } },
  { type: 'end_run', args: { closed: false } },
  { type: 'time_out' },
];
