// The boardgame.io Super Taki and the rule file play the very same games, step by step: the peer
// starts from Decksmith's deal, every refill shuffle is replayed with Decksmith's RNG state, and
// at every decision both must list the same actions for every seat and hold the same table.
import { cloneRng, shuffleInPlace, view, type Action, type GameDef, type GameState } from '@decksmith/runtime';
import type { State } from 'boardgame.io';
import type { BenchRuntime } from '../../src/bench/runtime-api.ts';
import { cardOf, COLOURS, notation, type Card, type SuperTakiG } from './super-taki-cards.ts';
import { engineOf, type Engine, type StAction } from './super-taki-drive.ts';
import { makeSuperTakiGame, type Shuffler } from './super-taki-game.ts';

export interface LockstepResult {
  seed: number;
  /** Decisions compared (accepted actions). */
  steps: number;
  /** Where the two first disagreed, or null. */
  mismatch: string | null;
  winners: number[];
  /** What the games went through: chosen actions by name and card (`play RTaki`, `last_card`), `shuffles` (refills), `timeouts` (timers fired). */
  census: Record<string, number>;
}

/** The shuffle the next peer move uses (set before each move). */
let replayShuffle: Shuffler | null = null;

/** The peer whose shuffles the lockstep replays; `wrap` makes a variant of it (tests). */
export function lockstepEngine(wrap: (g: ReturnType<typeof makeSuperTakiGame>) => ReturnType<typeof makeSuperTakiGame> = (g) => g): Engine {
  return engineOf(wrap(makeSuperTakiGame(() => replayShuffle)));
}

const zoneOf = (def: GameDef, s: GameState, name: string, seat = 0): number[] => s.zones[s.declBase[def.zones.findIndex((z) => z.name === name)]! + seat]!;
const cardsOf = (def: GameDef, s: GameState, ids: readonly number[]): Card[] => ids.map((id) => cardOf(def.faces.notation[s.face[id]!]!));
const colourOf = (k: number): SuperTakiG['colour'] => (k < 0 ? null : COLOURS[k]!);
const seatOf = (k: number): number | null => (k < 0 ? null : k);

/** Decksmith's table as the peer's G. */
export function tableOf(def: GameDef, s: GameState): SuperTakiG {
  const v = view(def, s, 'spectator').vars as Record<string, number & number[]>;
  return {
    players: s.players,
    draw: cardsOf(def, s, zoneOf(def, s, 'draw')),
    discard: cardsOf(def, s, zoneOf(def, s, 'discard')),
    hands: Array.from({ length: s.players }, (_, p) => cardsOf(def, s, zoneOf(def, s, 'hand', p))),
    opener: s.current,
    colour: colourOf(v.colour),
    chain: v.chain,
    run: colourOf(v.run),
    runBy: seatOf(v.run_by),
    freePlay: v.free_play === 1,
    mustPlay: v.must_play === 1,
    plus3By: seatOf(v.plus3_by),
    window: s.window >= 0,
    passes: v.passes,
    dir: s.dir as 1 | -1,
    skips: s.skips,
    declared: v.declared.map((x) => x === 1),
    winners: s.result === null ? null : s.result.winners,
  };
}

/** What must agree between the two tables (hands as multisets; whose turn outside the +3 window). */
function snapshot(G: SuperTakiG, current: number): string {
  const cards = (cs: readonly Card[]): string => cs.map(notation).join(' ');
  return [
    `draw: ${cards(G.draw)}`, `discard: ${cards(G.discard)}`,
    ...G.hands.map((h, p) => `hand ${p}: ${h.map(notation).sort().join(' ')}`),
    `colour ${G.colour} chain ${G.chain} run ${G.run} by ${G.runBy} free ${G.freePlay} must ${G.mustPlay} +3 by ${G.plus3By}`,
    `window ${G.window} passes ${G.passes} dir ${G.dir} declared ${G.declared.join(',')} current ${G.window ? '-' : current}`,
  ].join('\n');
}

/** Decksmith's actions of `seat` in one notation with the peer's. */
function decksmithMoves(def: GameDef, s: GameState, seat: number, list: readonly Action[]): string[] {
  const shown = new Map<number, string>();
  for (const z of view(def, s, seat).zones) for (const c of z.cards ?? []) if (c !== null && 'shown' in c) shown.set(c.id, c.shown);
  return list.map((a) => {
    const args = (a.args ?? {}) as Record<string, string | number>;
    const card = args.c === undefined ? '' : ` ${shown.get(args.c as number)}`;
    const extra = [args.chosen, args.ending].filter((x) => x !== undefined).map((x) => ` ${x}`).join('');
    return `${a.type}${card}${extra}`;
  });
}

const PEER_NAMES: Record<string, string> = { play: 'play', drawCard: 'draw_card', endRun: 'end_run', endTurn: 'end_turn', lastCard: 'last_card', breakPlus3: 'break_plus3' };

function peerMoves(G: SuperTakiG, seat: number, list: readonly StAction[]): string[] {
  return list.map((a) => {
    const [first, ...rest] = (a.payload.args ?? []) as (number | string)[];
    const card = a.payload.type === 'play' || a.payload.type === 'breakPlus3' ? ` ${notation(G.hands[seat]![first as number]!)}` : first === undefined ? '' : ` ${first}`;
    return `${PEER_NAMES[a.payload.type]}${card}${rest.map((x) => ` ${x}`).join('')}`;
  });
}

const sorted = (xs: readonly string[]): string => [...xs].sort().join(' | ');

/**
 * Plays seed `seed` in both engines with the bench's random loop (Decksmith's choices, the wire
 * loop's RNG), comparing every seat's actions and the table at every decision.
 *
 * @example
 * lockstep(rt, def, 7, 4).mismatch; // null
 */
export function lockstep(rt: BenchRuntime, def: GameDef, seed: number, players: number, engine: Engine = lockstepEngine(), maxSteps = 20_000): LockstepResult {
  let s = rt.setup(def, { players, seed });
  let peer: State<SuperTakiG> = engine.initial(seed, players, { table: tableOf(def, s) });
  const rng = rt.deriveRng(seed, 'playout');
  const ids = Array.from({ length: players }, (_, p) => String(p));
  let now = s.lastAt;
  let steps = 0;
  const census: Record<string, number> = {};
  const count = (k: string): void => { census[k] = (census[k] ?? 0) + 1; };
  const fail = (what: string): LockstepResult => ({ seed, steps, mismatch: `seed ${seed}, step ${steps}: ${what}`, winners: s.result?.winners ?? [], census });
  while (s.result === null && steps < maxSteps) {
    const due = rt.nextDeadline(s);
    if (due !== null && due <= now) {
      s = rt.tick(def, s, now).state;
      count('timeouts');
      continue;
    }
    const seats: number[] = [];
    for (let p = 0; p < players; p++) if (rt.canAct(def, s, p, now)) seats.push(p);
    if (seats.length === 0) {
      let at = due;
      for (let p = 0; p < players; p++) {
        const t = rt.nextActionAt(def, s, p, now);
        if (t !== null && (at === null || t < at)) at = t;
      }
      if (at === null) return fail('Decksmith is stuck');
      now = at;
      continue;
    }
    const mine = snapshot(tableOf(def, s), s.current);
    const theirs = snapshot(peer.G, Number(peer.ctx.currentPlayer));
    if (mine !== theirs) return fail(`tables differ\n--- decksmith\n${mine}\n--- boardgame.io\n${theirs}`);
    const peerLists = ids.map((id) => engine.movesOf(peer, id));
    let chosen: Action | null = null;
    let seat = -1;
    const pick = rt.nextInt(rng, seats.length);
    for (let p = 0; p < players; p++) {
      const list = seats.includes(p) ? rt.sampledActions(def, s, p, now) : [];
      const a = decksmithMoves(def, s, p, list);
      const b = peerMoves(peer.G, p, peerLists[p]!);
      if (sorted(a) !== sorted(b)) return fail(`seat ${p}'s actions differ\n  decksmith:    ${sorted(a)}\n  boardgame.io: ${sorted(b)}`);
      if (p === seats[pick]) {
        seat = p;
        chosen = list[rt.nextInt(rng, list.length)]!;
      }
    }
    const name = decksmithMoves(def, s, seat, [chosen!])[0]!;
    const theirMove = peerLists[seat]![peerMoves(peer.G, seat, peerLists[seat]!).indexOf(name)]!;
    const rngBefore = cloneRng(s.rng);
    const r = rt.apply(def, s, seat, chosen!, now);
    if ('rejected' in r) return fail(`Decksmith rejected its own listed action ${name}`);
    s = r.state;
    count(name.replace(/ (red|green|blue|yellow|close_run|leave_open)$/, '').replace(/ [RGBY]([1-9])$/, ' number').replace(/ [RGBY](\+2|Stop|Dir|Plus|Taki)$/, ' $1'));
    replayShuffle = (cards) => {
      count('shuffles');
      return shuffleInPlace(rngBefore, cards);
    };
    try {
      const next = engine.reducer(peer, theirMove) as State<SuperTakiG> & { transients?: unknown };
      if (next.transients !== undefined) return fail(`boardgame.io refused its own listed move ${name}`);
      peer = next;
    } finally {
      replayShuffle = null;
    }
    steps++;
  }
  if (s.result === null) return { seed, steps, mismatch: null, winners: [], census };
  const over = peer.ctx.gameover as { winners: number[] } | undefined;
  const a = s.result.winners.join(',');
  const b = over?.winners.join(',') ?? 'not over';
  if (a !== b) return fail(`the game ended with winners ${a}; boardgame.io: ${b}`);
  return { seed, steps, mismatch: null, winners: s.result.winners, census };
}
