// Tiv-Miv as a boardgame.io 0.50 Game: the same rules as games/tiv-miv/tiv-miv.rules, written
// the way boardgame.io's docs show (setup, moves returning INVALID_MOVE, a phase per deal with
// onBegin/endIf/onEnd, every seat active at once through ActivePlayers.ALL, the random plugin
// for shuffles, ai.enumerate for bots). Pauses take no moves, so here they are instantaneous.
import { ActivePlayers, INVALID_MOVE } from 'boardgame.io/core';
import type { Ctx, Game } from 'boardgame.io';
import { TIV_MIV_DEFAULTS, type TivMivOptions } from '../types.ts';

export interface Card {
  main: number;
  index: number;
}

export interface Seat {
  /** Face down; its top is the end. */
  stack: Card[];
  hand: Card[];
}

export interface TivMivG {
  phases: number;
  maxIndex: number;
  centre: Card[];
  players: Seat[];
  scores: number[];
  dealer: number;
  /** Phases finished. */
  round: number;
  /** Rotations of the centre since the last play. */
  rotations: number;
  blocked: boolean;
  blockedRounds: number;
}

/** Wraps x into 1..10. */
const wrap = (x: number): number => ((((x - 1) % 10) + 10) % 10) + 1;

/** Whether a card of value `main` may go on `top`: its main ± its index, wrapping 1..10. */
export function playableOn(top: Card, main: number): boolean {
  return main === wrap(top.main + top.index) || main === wrap(top.main - top.index);
}

const topOf = (G: TivMivG): Card => G.centre[G.centre.length - 1]!;

const canPlay = (G: TivMivG, seat: Seat): boolean => seat.hand.some((c) => playableOn(topOf(G), c.main));

/** The seat down to one card (hand and stack together), or −1. */
const lastCardSeat = (G: TivMivG): number => G.players.findIndex((s) => s.hand.length + s.stack.length === 1);

const stalled = (G: TivMivG): boolean => G.players.every((s) => s.stack.length === 0 && !canPlay(G, s));

export const tivMivGame: Game<TivMivG, Record<string, unknown>, Partial<TivMivOptions>> = {
  name: 'tiv-miv',
  minPlayers: 2,
  maxPlayers: 6,
  // A race has no undo (and the undo stack would grow over the whole phase's single turn).
  disableUndo: true,

  setup: ({ ctx, random }, setupData) => ({
    phases: setupData?.phases ?? TIV_MIV_DEFAULTS.phases,
    maxIndex: setupData?.maxIndex ?? TIV_MIV_DEFAULTS.maxIndex,
    centre: [],
    players: Array.from({ length: ctx.numPlayers }, () => ({ stack: [], hand: [] })),
    scores: new Array<number>(ctx.numPlayers).fill(0),
    dealer: random.Die(ctx.numPlayers) - 1,
    round: 0,
    rotations: 0,
    blocked: false,
    blockedRounds: 0,
  }),

  moves: {
    draw: ({ G, playerID }) => {
      const me = G.players[Number(playerID)]!;
      if (me.stack.length === 0) return INVALID_MOVE;
      me.hand.push(me.stack.pop()!);
    },
    /** Plays hand card `i` on a centre of the height the player saw (a stale race is invalid). */
    play: ({ G, playerID }, i: number, height: number) => {
      const me = G.players[Number(playerID)]!;
      const card = me.hand[i];
      if (card === undefined || height !== G.centre.length || !playableOn(topOf(G), card.main)) return INVALID_MOVE;
      me.hand.splice(i, 1);
      G.centre.push(card);
      G.rotations = 0;
    },
  },

  phases: {
    // One deal: the GO countdown takes no moves, then everyone races.
    deal: {
      start: true,
      next: 'deal',
      onBegin: ({ G, ctx, random }) => {
        const deck: Card[] = [];
        for (let index = 1; index <= G.maxIndex; index++) for (let main = 1; main <= 10; main++) deck.push({ main, index });
        const pack = random.Shuffle(deck);
        G.centre = [pack.pop()!];
        for (const s of G.players) {
          s.stack = [];
          s.hand = [];
        }
        for (let i = 0; pack.length > 0; i++) G.players[(G.dealer + 1 + i) % ctx.numPlayers]!.stack.push(pack.pop()!);
        G.rotations = 0;
        G.blocked = false;
      },
      turn: {
        activePlayers: ActivePlayers.ALL,
        // Stuck: hands go down for the freeze (no moves), the bottom card comes to the top;
        // a full rotation with no play in between blocks the phase.
        onMove: ({ G }) => {
          if (lastCardSeat(G) >= 0) return;
          while (!G.blocked && stalled(G)) {
            if (G.rotations >= G.centre.length) G.blocked = true;
            else {
              G.centre.push(G.centre.shift()!);
              G.rotations++;
            }
          }
        },
      },
      endIf: ({ G }) => G.blocked || lastCardSeat(G) >= 0,
      onEnd: ({ G, ctx }) => {
        const last = lastCardSeat(G);
        if (last >= 0) {
          const s = G.players[last]!;
          G.centre.push(...s.hand, ...s.stack);
          s.hand = [];
          s.stack = [];
        } else G.blockedRounds++;
        G.players.forEach((s, p) => {
          let sum = 0;
          for (const c of s.hand) sum += c.main;
          for (const c of s.stack) sum += c.main;
          G.scores[p] = G.scores[p]! + sum;
        });
        G.round++;
        G.dealer = (G.dealer + 1) % ctx.numPlayers;
      },
    },
  },

  endIf: ({ G }) => {
    if (G.round < G.phases) return undefined;
    const best = Math.min(...G.scores);
    return { winners: G.scores.flatMap((s, p) => (s === best ? [p] : [])) };
  },

  ai: {
    enumerate: (G: TivMivG, _ctx: Ctx, playerID: string) => {
      const me = G.players[Number(playerID)]!;
      const moves: { move: string; args?: number[] }[] = [];
      if (me.stack.length > 0) moves.push({ move: 'draw' });
      const top = topOf(G);
      me.hand.forEach((c, i) => {
        if (playableOn(top, c.main)) moves.push({ move: 'play', args: [i, G.centre.length] });
      });
      return moves;
    },
  },
};
