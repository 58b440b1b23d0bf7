// Super Taki's cards and table for the boardgame.io peer: plain JSON objects, as boardgame.io's G must be.

export type Colour = 'red' | 'green' | 'blue' | 'yellow';
export type Figure = 'plus2' | 'stop' | 'direction' | 'plus' | 'taki' | 'super_taki' | 'king' | 'plus3' | 'breaker' | 'change_colour';

export const COLOURS: readonly Colour[] = ['red', 'green', 'blue', 'yellow'];
const ACTIONS: readonly Figure[] = ['plus2', 'stop', 'direction', 'plus', 'taki'];
const SPECIALS: readonly Figure[] = ['super_taki', 'king', 'plus3', 'breaker'];
const NUMBERS = [1, 3, 4, 5, 6, 7, 8, 9];

export interface Card {
  kind: 'number' | 'action' | 'special';
  /** null for the colourless specials. */
  colour: Colour | null;
  /** Number cards only (else null). */
  number: number | null;
  /** Action and special cards only (else null). */
  figure: Figure | null;
}

export interface SuperTakiG {
  players: number;
  /** Piles bottom → top. */
  draw: Card[];
  discard: Card[];
  hands: Card[][];
  opener: number;
  /** The colour to match (null: any card, after a King). */
  colour: Colour | null;
  /** Length of the active +2 chain. */
  chain: number;
  /** Colour of a Taki run under way or left open. */
  run: Colour | null;
  /** Who is running it now (null: left open for the next player). */
  runBy: number | null;
  freePlay: boolean;
  mustPlay: boolean;
  plus3By: number | null;
  /** The +3 window is open. */
  window: boolean;
  /** Turns in a row with nothing to draw and nothing played. */
  passes: number;
  dir: 1 | -1;
  /** Pending skips (Stop). */
  skips: number;
  declared: boolean[];
  winners: number[] | null;
}

/** `setupData`: a table to start from (a harness replaying another engine's deal), else a random deal. */
export interface SuperTakiSetup {
  table?: SuperTakiG;
}

/** The 116 cards, in a fixed order. */
export function newDeck(): Card[] {
  const deck: Card[] = [];
  for (let copy = 0; copy < 2; copy++) {
    for (const colour of COLOURS) {
      for (const number of NUMBERS) deck.push({ kind: 'number', colour, number, figure: null });
      for (const figure of ACTIONS) deck.push({ kind: 'action', colour, number: null, figure });
    }
    for (const figure of SPECIALS) deck.push({ kind: 'special', colour: null, number: null, figure });
  }
  for (let i = 0; i < 4; i++) deck.push({ kind: 'special', colour: null, number: null, figure: 'change_colour' });
  return deck;
}

const LETTER: Record<Colour, string> = { red: 'R', green: 'G', blue: 'B', yellow: 'Y' };
const SHOWN: Record<Figure, string> = {
  plus2: '+2', stop: 'Stop', direction: 'Dir', plus: 'Plus', taki: 'Taki',
  super_taki: 'SuperTaki', king: 'King', plus3: '+3', breaker: 'Breaker', change_colour: 'ChangeColour',
};

/**
 * The card's notation, as the rule file writes it.
 *
 * @example
 * notation({ kind: 'number', colour: 'red', number: 5, figure: null }); // 'R5'
 */
export function notation(c: Card): string {
  const colour = c.colour === null ? '' : LETTER[c.colour];
  return colour + (c.figure === null ? String(c.number) : SHOWN[c.figure]);
}

/** The card a notation names (the inverse of `notation`). */
export function cardOf(shown: string): Card {
  const deck = newDeck();
  const c = deck.find((x) => notation(x) === shown);
  if (c === undefined) throw new Error(`no Super Taki card ${shown}`);
  return c;
}
