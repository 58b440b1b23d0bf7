// Super Taki as a boardgame.io 0.50 Game: the same rules as games/super-taki/super-taki.rules at
// its default options, written the way boardgame.io's docs show (setup, moves returning
// INVALID_MOVE, turn.order, events.endTurn({ next }), every seat active through ActivePlayers.ALL
// so that anyone may say "last card!" or break a +3 out of turn, the random plugin for shuffles,
// ai.enumerate for bots). The +3 window's 4 s take no moves: it closes as soon as no seat other
// than the +3's owner can answer it (what happens under random bots, which never wait).
import { ActivePlayers, INVALID_MOVE } from 'boardgame.io/core';
import type { Ctx, Game, MoveFn } from 'boardgame.io';
import { type Card, type Colour, COLOURS, type SuperTakiG, type SuperTakiSetup, newDeck } from './super-taki-cards.ts';

export type { Card, Colour, SuperTakiG, SuperTakiSetup } from './super-taki-cards.ts';

/** Reorders a pile in place (boardgame.io's `random.Shuffle` unless a harness supplies one). */
export type Shuffler = (cards: Card[]) => Card[];

const HAND_SIZE = 8;
const PENALTY = 4;

/** The leading card: the top of the discard pile, looking through +3s and Breakers. */
function leadIndex(G: SuperTakiG): number {
  for (let i = G.discard.length - 1; i >= 0; i--) {
    const f = G.discard[i]!.figure;
    if (f !== 'plus3' && f !== 'breaker') return i;
  }
  return -1;
}

function matches(G: SuperTakiG, c: Card): boolean {
  if (G.freePlay || G.colour === null || c.kind === 'special' || c.colour === G.colour) return true;
  const lead = G.discard[leadIndex(G)];
  if (lead === undefined) return false;
  if (c.kind === 'number') return lead.kind === 'number' && c.number === lead.number;
  return lead.kind === 'action' && c.figure === lead.figure;
}

/** Whether the current player `me` may play `c` now. */
export function playable(G: SuperTakiG, me: number, c: Card): boolean {
  if (G.chain > 0) return c.figure === 'plus2' || c.figure === 'king';
  if (G.runBy === me) {
    if (c.figure === 'plus3' || c.figure === 'king' || c.figure === 'breaker') return false;
    return c.colour === G.run || c.figure === 'change_colour' || c.figure === 'super_taki';
  }
  return matches(G, c);
}

const drawable = (G: SuperTakiG): boolean => G.draw.length > 0 || G.discard.length > 1;
const canPlayAny = (G: SuperTakiG, me: number): boolean => G.hands[me]!.some((c) => playable(G, me, c));

/** Whether `c` asks for a colour (Change Colour, or a SuperTaki with no colour to take). */
export const needsColour = (G: SuperTakiG, c: Card): boolean => c.figure === 'change_colour' || (c.figure === 'super_taki' && G.colour === null);

/** `n` cards from the draw pile's top to `seat`: an empty or short pile is first refilled from the discards but their top, shuffled. */
function drawCards(G: SuperTakiG, seat: number, n: number, shuffle: Shuffler): void {
  if (G.draw.length < n && G.discard.length > 1) {
    G.draw.push(...G.discard.splice(0, G.discard.length - 1));
    G.draw = shuffle(G.draw);
  }
  const k = Math.min(n, G.draw.length);
  G.hands[seat]!.push(...G.draw.splice(G.draw.length - k, k));
}

/** The +3 and the Breaker are transparent: once resolved the leading card goes back on top. */
function restoreLead(G: SuperTakiG): void {
  const i = leadIndex(G);
  if (i >= 0 && i !== G.discard.length - 1) G.discard.push(...G.discard.splice(i, 1));
}

const step = (G: SuperTakiG, from: number): number => (from + G.dir + G.players) % G.players;

/** Who plays after `current` when the turn passes, honouring skips. */
function passTurn(G: SuperTakiG, current: number): number {
  let n = step(G, current);
  for (; G.skips > 0; G.skips--) n = step(G, n);
  return n;
}

interface Effect {
  /** The turn stays with the player. */
  keep: boolean;
}

/** One card's action (a single card, or the last card of a Taki run). */
function cardEffect(G: SuperTakiG, me: number, c: Card, chosen: Colour | null, shuffle: Shuffler): Effect {
  if (c.colour !== null) G.colour = c.colour;
  switch (c.figure) {
    case 'plus2': G.chain++; break;
    case 'stop': G.skips++; break;
    case 'direction': G.dir = -G.dir as 1 | -1; break;
    case 'plus': G.mustPlay = true; return { keep: true };
    case 'king': G.chain = 0; G.colour = null; G.freePlay = true; return { keep: true };
    case 'change_colour': G.colour = chosen; break;
    case 'taki': G.run = c.colour; G.runBy = me; return { keep: true };
    case 'super_taki':
      if (G.colour === null) G.colour = chosen;
      G.run = G.colour;
      G.runBy = me;
      return { keep: true };
    // The turn stays until the window closes (its timeout or a Breaker passes it on).
    case 'plus3': G.chain = 0; G.plus3By = me; G.window = true; return { keep: true };
    case 'breaker': restoreLead(G); drawCards(G, me, 3, shuffle); break;
  }
  return { keep: false };
}

/** "Closed TAKI" or left open; the last card's action is carried out unless it is a Taki. */
function finishRun(G: SuperTakiG, me: number, closed: boolean, shuffle: Shuffler): Effect {
  const final = G.discard[G.discard.length - 1]!;
  const open = endsOnTaki(G);
  G.runBy = null;
  if (open) return { keep: false };
  if (closed) G.run = null;
  return cardEffect(G, me, final, null, shuffle);
}

/** Whether the top of the discard pile (the run's last card) is a Taki or a SuperTaki. */
function endsOnTaki(G: SuperTakiG): boolean {
  const f = G.discard[G.discard.length - 1]!.figure;
  return f === 'taki' || f === 'super_taki';
}

/** Whether `seat` may answer the open +3 window (break it, or say "last card!"). */
const canActInWindow = (G: SuperTakiG, seat: number): boolean =>
  (seat !== G.plus3By && G.hands[seat]!.some((c) => c.figure === 'breaker')) || (G.hands[seat]!.length === 1 && !G.declared[seat]);

/** The rule file's `when` triggers after a move, then the +3 window's timeout once nobody can answer it. */
function settle(G: SuperTakiG, ctx: Ctx, endTurn: (next: number) => void, shuffle: Shuffler): void {
  for (;;) {
    G.hands.forEach((h, p) => { if (G.declared[p] && h.length !== 1) G.declared[p] = false; });
    const current = G.window ? -1 : Number(ctx.currentPlayer);
    const out = G.hands.findIndex((h, p) => h.length === 0 && G.plus3By !== p && G.runBy !== p && !(G.mustPlay && current === p));
    if (out >= 0) {
      G.winners = [out];
      return;
    }
    if (G.passes >= G.players) {
      const fewest = Math.min(...G.hands.map((h) => h.length));
      G.winners = G.hands.flatMap((h, p) => (h.length === fewest ? [p] : []));
      return;
    }
    if (!G.window || G.hands.some((_, p) => canActInWindow(G, p))) return;
    // Nobody breaks the +3: everyone but its owner draws 3.
    restoreLead(G);
    const by = G.plus3By!;
    for (let p = 0; p < G.players; p++) if (p !== by) drawCards(G, p, 3, shuffle);
    G.window = false;
    G.plus3By = null;
    endTurn(step(G, by));
  }
}

type Mover = Parameters<MoveFn<SuperTakiG>>[0];

/**
 * The game, with its shuffles through `shuffler` when given (a harness replaying another
 * engine's shuffles), else boardgame.io's random plugin.
 */
export function makeSuperTakiGame(shuffler?: () => Shuffler | null): Game<SuperTakiG, Record<string, unknown>, SuperTakiSetup> {
  const shuffleOf = (random: Mover['random']): Shuffler => shuffler?.() ?? ((cards) => random.Shuffle(cards));
  const ender = (events: Mover['events']) => (next: number): void => events.endTurn({ next: String(next) });

  /**
   * An in-turn action: `check` is its requires; then the last-card penalty ("before the next
   * player makes his move"), then `body`; the turn passes unless the body keeps it.
   */
  const inTurn = <A extends unknown[]>(check: (G: SuperTakiG, me: number, ...args: A) => boolean, body: (G: SuperTakiG, me: number, shuffle: Shuffler, ...args: A) => Effect) =>
    ({ G, ctx, playerID, events, random }: Mover, ...args: A): void | typeof INVALID_MOVE => {
      const me = Number(playerID);
      if (G.window || G.winners !== null || playerID !== ctx.currentPlayer || !check(G, me, ...args)) return INVALID_MOVE;
      const shuffle = shuffleOf(random);
      for (let p = 0; p < G.players; p++) if (p !== me && G.hands[p]!.length === 1 && !G.declared[p]) drawCards(G, p, PENALTY, shuffle);
      if (!body(G, me, shuffle, ...args).keep) events.endTurn({ next: String(passTurn(G, me)) });
      settle(G, ctx, ender(events), shuffle);
    };

  return {
    name: 'super-taki',
    minPlayers: 2,
    maxPlayers: 10,
    disableUndo: true,

    setup: ({ ctx, random }, setupData) => {
      if (setupData?.table !== undefined) return structuredClone(setupData.table);
      const draw = random.Shuffle(newDeck());
      const hands = Array.from({ length: ctx.numPlayers }, () => draw.splice(draw.length - HAND_SIZE, HAND_SIZE));
      const discard: Card[] = [];
      do discard.push(draw.pop()!); while (discard[discard.length - 1]!.kind === 'special' && draw.length > 0);
      return {
        players: ctx.numPlayers,
        draw,
        discard,
        hands,
        opener: random.Die(ctx.numPlayers) - 1,
        colour: discard[discard.length - 1]!.colour,
        chain: 0,
        run: null,
        runBy: null,
        freePlay: false,
        mustPlay: false,
        plus3By: null,
        window: false,
        passes: 0,
        dir: 1,
        skips: 0,
        declared: new Array<boolean>(ctx.numPlayers).fill(false),
        winners: null,
      };
    },

    turn: {
      activePlayers: ActivePlayers.ALL,
      order: {
        first: ({ G }) => G.opener,
        next: ({ G, ctx }) => passTurn(G, ctx.playOrderPos),
      },
    },

    moves: {
      /** Plays hand card `i`; `chosen` names the colour of a Change Colour (or of a SuperTaki on no colour). */
      play: inTurn(
        (G, me, i: number, chosen?: Colour) => {
          const c = G.hands[me]![i];
          return c !== undefined && playable(G, me, c) && (needsColour(G, c) ? COLOURS.includes(chosen!) : chosen === undefined);
        },
        (G, me, shuffle, i: number, chosen?: Colour) => {
          const [c] = G.hands[me]!.splice(i, 1) as [Card];
          G.discard.push(c);
          G.freePlay = false;
          G.mustPlay = false;
          G.passes = 0;
          if (G.run !== null && G.runBy === null) {
            // A Taki left open by an earlier player: unload onto it, or a card of another colour ends it.
            if (c.colour === G.run && G.chain === 0) G.runBy = me;
            else if (c.colour !== G.run) G.run = null;
          }
          const endsRun = c.figure === 'change_colour' || c.figure === 'king' || c.figure === 'breaker';
          // Inside a run a card's action is cancelled.
          if (G.runBy === me && !endsRun) return { keep: true };
          if (G.runBy === me) {
            G.run = null;
            G.runBy = null;
          }
          return cardEffect(G, me, c, chosen ?? null, shuffle);
        },
      ),
      drawCard: inTurn(
        (G, me) => {
          const can = canPlayAny(G, me);
          return G.runBy !== me && !(G.mustPlay && can) && (drawable(G) || !can);
        },
        (G, me, shuffle) => {
          // Drawing ends the turn: the whole +2 chain if one is active, else one card.
          if (drawable(G) || G.chain > 0) G.passes = 0;
          else G.passes++;
          drawCards(G, me, G.chain > 0 ? 2 * G.chain : 1, shuffle);
          G.chain = 0;
          G.mustPlay = false;
          G.freePlay = false;
          return { keep: false };
        },
      ),
      /** Ends the player's Taki run: `'close_run'` or `'leave_open'` (no argument when it ends on a Taki). */
      endRun: inTurn(
        (G, me, ending?: string) => G.runBy === me && (endsOnTaki(G) ? ending === undefined : ending === 'close_run' || ending === 'leave_open'),
        (G, me, shuffle, ending?: string) => finishRun(G, me, ending === 'close_run', shuffle),
      ),
      /** After a King the free play is optional. */
      endTurn: inTurn(
        (G) => G.freePlay,
        (G) => {
          G.freePlay = false;
          return { keep: false };
        },
      ),
      lastCard: ({ G, ctx, playerID, events, random }) => {
        const me = Number(playerID);
        if (G.hands[me]!.length !== 1 || G.declared[me]) return INVALID_MOVE;
        G.declared[me] = true;
        settle(G, ctx, ender(events), shuffleOf(random));
      },
      /** Breaks the open +3 with hand card `i` (a Breaker), out of turn. */
      breakPlus3: ({ G, ctx, playerID, events, random }, i: number) => {
        const me = Number(playerID);
        const c = G.hands[me]![i];
        if (!G.window || me === G.plus3By || c?.figure !== 'breaker') return INVALID_MOVE;
        const shuffle = shuffleOf(random);
        G.discard.push(...G.hands[me]!.splice(i, 1));
        restoreLead(G);
        const by = G.plus3By!;
        drawCards(G, by, 3, shuffle);
        G.window = false;
        G.plus3By = null;
        events.endTurn({ next: String(step(G, by)) });
        settle(G, ctx, ender(events), shuffle);
      },
    },

    endIf: ({ G }) => (G.winners === null ? undefined : { winners: G.winners }),

    ai: {
      enumerate: (G: SuperTakiG, ctx: Ctx, playerID: string) => enumerateMoves(G, ctx, playerID),
    },
  };
}

export type PeerMove = { move: string; args?: (number | string)[] };

/** `playerID`'s moves, as boardgame.io's bots list them. */
export function enumerateMoves(G: SuperTakiG, ctx: Ctx, playerID: string): PeerMove[] {
  const me = Number(playerID);
  const hand = G.hands[me]!;
  const out: PeerMove[] = [];
  if (G.winners !== null) return out;
  if (hand.length === 1 && !G.declared[me]) out.push({ move: 'lastCard' });
  if (G.window) {
    if (me !== G.plus3By) hand.forEach((c, i) => { if (c.figure === 'breaker') out.push({ move: 'breakPlus3', args: [i] }); });
    return out;
  }
  if (playerID !== ctx.currentPlayer) return out;
  hand.forEach((c, i) => {
    if (!playable(G, me, c)) return;
    if (needsColour(G, c)) for (const k of COLOURS) out.push({ move: 'play', args: [i, k] });
    else out.push({ move: 'play', args: [i] });
  });
  const can = canPlayAny(G, me);
  if (G.runBy !== me && !(G.mustPlay && can) && (drawable(G) || !can)) out.push({ move: 'drawCard' });
  if (G.runBy === me) {
    if (endsOnTaki(G)) out.push({ move: 'endRun' });
    else out.push({ move: 'endRun', args: ['close_run'] }, { move: 'endRun', args: ['leave_open'] });
  }
  if (G.freePlay) out.push({ move: 'endTurn' });
  return out;
}

export const superTakiGame = makeSuperTakiGame();
