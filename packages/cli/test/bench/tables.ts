// One small interface over the hand-written baseline and the boardgame.io peer, so that the same
// rule tests run against both: arrange a table, draw, play, read it back.
import type { State } from 'boardgame.io';
import { DRAW, TivMivTable } from '../../bench/baseline/tiv-miv.ts';
import { initialState, movesOf, reducer } from '../../bench/peer/drive.ts';
import type { TivMivG } from '../../bench/peer/tiv-miv-game.ts';

/** A card as [main, index]. */
export type Face = readonly [number, number];

export interface Layout {
  /** Bottom → top. */
  centre: Face[];
  /** Per seat, bottom → top. */
  stacks: Face[][];
  hands: Face[][];
}

export interface Seen extends Layout {
  scores: number[];
  phasesDone: number;
  over: boolean;
  winners: number[];
}

export interface TestTable {
  name: string;
  /** The seat's moves: 'draw' and the hand positions it may play. */
  moves(p: number): ('draw' | number)[];
  /** Performs a move; false when the implementation refuses it. */
  draw(p: number): boolean;
  play(p: number, handIndex: number): boolean;
  seen(): Seen;
}

const idOf = ([main, index]: Face): number => (index - 1) * 10 + main - 1;

/** The baseline with `layout` in place of its deal (one phase, so its end is the game's end). */
export function baselineTable(players: number, layout: Layout): TestTable {
  const t = new TivMivTable(players, 1, { phases: 1, maxIndex: 5 });
  const n = t.cards;
  layout.centre.forEach((f, i) => { t.centre[i] = idOf(f); });
  t.centreLen = layout.centre.length;
  t.stackTotal = 0;
  for (let p = 0; p < players; p++) {
    const s = layout.stacks[p] ?? [];
    const h = layout.hands[p] ?? [];
    s.forEach((f, i) => { t.stack[p * n + i] = idOf(f); });
    h.forEach((f, i) => { t.hand[p * n + i] = idOf(f); });
    t.stackLen[p] = s.length;
    t.handLen[p] = h.length;
    t.stackTotal += s.length;
  }
  const face = (c: number): Face => [(c % 10) + 1, Math.floor(c / 10) + 1];
  const list = (arr: Int8Array, from: number, len: number): Face[] => Array.from(arr.subarray(from, from + len), face);
  const moves = (p: number): ('draw' | number)[] => Array.from(t.moves.subarray(0, t.movesOf(p)), (m) => (m === DRAW ? 'draw' : m));
  return {
    name: 'hand-written',
    moves,
    draw: (p) => moves(p).includes('draw') && (t.move(p, DRAW), true),
    play: (p, i) => moves(p).includes(i) && (t.move(p, i), true),
    seen: () => ({
      centre: list(t.centre, 0, t.centreLen),
      stacks: Array.from({ length: players }, (_, p) => list(t.stack, p * n, t.stackLen[p]!)),
      hands: Array.from({ length: players }, (_, p) => list(t.hand, p * n, t.handLen[p]!)),
      scores: Array.from(t.scores),
      phasesDone: t.round,
      over: t.over,
      winners: t.over ? t.winners() : [],
    }),
  };
}

/** The boardgame.io peer with `layout` in place of its deal (one phase). */
export function peerTable(players: number, layout: Layout): TestTable {
  let state: State<TivMivG> = initialState(1, players, { phases: 1 });
  const cards = (fs: Face[]) => fs.map(([main, index]) => ({ main, index }));
  state = {
    ...state,
    G: {
      ...state.G,
      centre: cards(layout.centre),
      players: Array.from({ length: players }, (_, p) => ({ stack: cards(layout.stacks[p] ?? []), hand: cards(layout.hands[p] ?? []) })),
    },
  };
  const send = (p: number, type: string, args: number[]): boolean => {
    const next = reducer(state, { type: 'MAKE_MOVE', payload: { type, args, playerID: String(p) } }) as State<TivMivG> & { transients?: unknown };
    if (next.transients !== undefined) return false;
    state = next;
    return true;
  };
  const faces = (cs: { main: number; index: number }[]): Face[] => cs.map((c) => [c.main, c.index]);
  return {
    name: 'boardgame.io',
    moves: (p) => movesOf(state, String(p)).map((a) => (a.payload.type === 'draw' ? 'draw' : (a.payload.args as number[])[0]!)),
    draw: (p) => send(p, 'draw', []),
    play: (p, i) => send(p, 'play', [i, state.G.centre.length]),
    seen: () => {
      const G = state.G;
      const over = state.ctx.gameover as { winners: number[] } | undefined;
      return {
        centre: faces(G.centre),
        stacks: G.players.map((s) => faces(s.stack)),
        hands: G.players.map((s) => faces(s.hand)),
        scores: G.scores.slice(),
        phasesDone: G.round,
        over: over !== undefined,
        winners: over?.winners ?? [],
      };
    },
  };
}

export const implementations = [
  { name: 'hand-written', make: baselineTable },
  { name: 'boardgame.io', make: peerTable },
];
