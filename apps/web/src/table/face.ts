// How a card face is drawn: its fill colours, corner and centre labels and accessible name, from the
// face table and the game's layout hints (language.md §14). Pure: the same for every game.
import { humanize, type ClientDef } from '../state/def.ts';
import { inkFor, readableOn } from './contrast.ts';

export interface FaceModel {
  kind: string;
  /** One colour, two for a split card, none for a colourless (special/wild) card. */
  fills: string[];
  /** The colour-blind symbol of each fill (layout `symbol`), '' where the colour has none. */
  marks: string[];
  corner: string;
  /** The corner is digits with a 6 or a 9: underlined, so it never reads upside down. */
  underline: boolean;
  centre: string;
  /** Text colour that reads on the fill (corners). */
  ink: string;
  /** Centre label colour on the white oval (the fill darkened to 4.5:1 when needed). */
  centreInk: string;
  /** Colourless kinds in a game that has colours: drawn dark with the palette as a ring. */
  special: boolean;
  /** The layout's palette (for special cards' ring). */
  palette: string[];
  /** "Red 5", "Wild", "Hearts Q", "Purple Go Wacky!". */
  label: string;
}

/** Centre labels: 56 units wide, at most 46 high, all lines within 80; a readable name smaller than 10 keeps the symbol. */
const CENTRE_WIDTH = 56;
const CENTRE_MAX = 46;
const CENTRE_HEIGHT = 80;
const CENTRE_MIN_NAMED = 10;

/** A neutral palette for enum values the layout gives no colour. */
const FALLBACK = ['#c62828', '#1565c0', '#2e7d32', '#f9a825', '#6a1b9a', '#ef6c00', '#00838f', '#4e342e'];

export { inkFor } from './contrast.ts';

interface AttrValue {
  /** What the face shows: the enum symbol or the number's symbol. */
  symbol: string;
  /** The value's name (enum value name or number). */
  name: string;
  enumIndex: number;
  ordinal: number;
}

/** A face's attribute values by attribute name (attributes its kind lacks are left out). */
export function faceValues(def: ClientDef, face: number): Map<string, AttrValue> {
  const out = new Map<string, AttrValue>();
  def.faces.attrs.forEach((a, i) => {
    const v = def.faces.values[i]?.[face];
    if (v === undefined || v === -1) return;
    if (a.enumIndex >= 0) {
      const e = def.enums[a.enumIndex];
      const name = e?.values[v] ?? String(v);
      out.set(a.name, { symbol: e?.symbols[v] ?? name, name, enumIndex: a.enumIndex, ordinal: v });
    } else {
      out.set(a.name, { symbol: a.numberSymbols?.[v] ?? String(v), name: String(v), enumIndex: -1, ordinal: v });
    }
  });
  return out;
}

/** Fills `{attr}` placeholders with the attribute's symbol (or, given `names`, its readable name where it has one). */
export function fillTemplate(template: string, values: Map<string, AttrValue>, names?: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const v = values.get(name);
    return v ? (names?.[v.name] ?? v.symbol) : '';
  });
}

/** The colour of an enum value: the layout's, else a stable fallback by ordinal. */
export function colourOf(def: ClientDef, valueName: string, ordinal: number): string {
  return def.layout.colours[valueName] ?? FALLBACK[ordinal % FALLBACK.length]!;
}

/** A corner has room for about four characters: longer labels shrink to their capitals (`ChangeColour` → `CC`) or first letters. */
export function abbreviate(text: string): string {
  if ([...text].length <= 4) return text;
  const caps = text.match(/[A-Z]/g);
  if (caps && caps.length >= 2) return caps.join('').slice(0, 3);
  return text.slice(0, 3);
}

/** Splits a long centre label into lines: at spaces (at most three lines, the split that allows the largest type), else at a camelCase hump. */
export function lines(text: string): string[] {
  if ([...text].length <= 6) return [text];
  const words = text.split(/\s+/);
  if (words.length > 1) {
    let best: { lines: string[]; size: number } = { lines: [text], size: 0 };
    const tryLines = (ls: string[]) => {
      const size = Math.min(...ls.map((l) => fitSize(l, CENTRE_MAX, CENTRE_WIDTH)), CENTRE_HEIGHT / (ls.length * 1.1));
      if (size > best.size) best = { lines: ls, size };
    };
    tryLines([text]);
    for (let i = 1; i < words.length; i++) {
      tryLines([words.slice(0, i).join(' '), words.slice(i).join(' ')]);
      for (let j = i + 1; j < words.length; j++) tryLines([words.slice(0, i).join(' '), words.slice(i, j).join(' '), words.slice(j).join(' ')]);
    }
    return best.lines;
  }
  const hump = text.slice(1).search(/[A-Z]/);
  return hump > 0 ? [text.slice(0, hump + 1), text.slice(hump + 1)] : [text];
}

/** Rough advance of a bold character in em: wide capitals (W, M), other capitals and digits, narrow ones. */
function em(ch: string): number {
  if (/[WMmw@%]/.test(ch)) return 0.95;
  if (/[A-Z0-9±♠♥♦♣★+×]/.test(ch)) return 0.74;
  if (/[iIl1.,:;!|' ]/.test(ch)) return 0.34;
  return 0.6;
}

/** Font size (SVG units) for a label that must fit `width`, at most `max`. */
export function fitSize(text: string, max: number, width: number): number {
  const w = [...text].reduce((n, ch) => n + em(ch), 0) || 1;
  return Math.min(max, width / w);
}


/** The centre label's lines and font size. */
export function centreFit(text: string): { lines: string[]; size: number } {
  const parts = lines(text);
  return { lines: parts, size: Math.min(...parts.map((l) => fitSize(l, CENTRE_MAX, CENTRE_WIDTH)), CENTRE_HEIGHT / (parts.length * 1.1)) };
}

/** Digits that turn into other digits upside down (6 and 9): such a corner is underlined. */
export function needsUnderline(corner: string): boolean {
  return /^\d+$/.test(corner) && /[69]/.test(corner);
}

/** A value for people: the readable name when the layout gives one, a symbol for a name with digits (`plus2` → "+2"), else the name humanised. */
function partLabel(def: ClientDef, v: AttrValue): string {
  if (v.enumIndex < 0) return v.symbol;
  const named = def.layout.names?.[v.name];
  if (named) return named;
  return /\d/.test(v.name) ? v.symbol : humanize(v.name);
}

const cache = new WeakMap<ClientDef, Map<number, FaceModel>>();

/**
 * The drawing model of one face.
 *
 * @example
 * faceModel(def, 12) // { kind: 'Number', fills: ['#d32f2f'], corner: '5', centre: '5', … }
 */
export function faceModel(def: ClientDef, face: number): FaceModel {
  let byFace = cache.get(def);
  if (!byFace) cache.set(def, (byFace = new Map()));
  const hit = byFace.get(face);
  if (hit) return hit;
  const kind = def.faces.kinds[def.faces.kind[face] ?? 0] ?? '';
  const values = faceValues(def, face);
  const hints = def.layout.cards[kind];
  const notation = def.faces.notation[face] ?? '?';
  const filled = (hints?.fill ?? []).flatMap((attr) => {
    const v = values.get(attr);
    return v ? [{ colour: v.enumIndex >= 0 ? colourOf(def, v.name, v.ordinal) : FALLBACK[v.ordinal % FALLBACK.length]!, mark: v.enumIndex >= 0 ? (def.layout.symbols?.[v.name] ?? '') : '' }] : [];
  });
  const fills = filled.map((f) => f.colour);
  const palette = Object.values(def.layout.colours);
  const corner = hints ? fillTemplate(hints.corner ?? '', values) : notation;
  const symbolCentre = hints ? fillTemplate(hints.centre ?? '', values) : notation;
  // A readable name in the centre when it fits; the short symbol otherwise.
  const namedCentre = hints && def.layout.names ? fillTemplate(hints.centre ?? '', values, def.layout.names) : symbolCentre;
  const centre = namedCentre !== symbolCentre && centreFit(namedCentre).size >= CENTRE_MIN_NAMED ? namedCentre : symbolCentre;
  const special = fills.length === 0 && palette.length > 0;
  const parts = [...values.values()].map((v) => partLabel(def, v));
  const kindName = def.layout.names?.[kind] ?? kind;
  const label = parts.length > 0 ? parts.join(' ') : kindName || notation;
  const shortCorner = abbreviate(corner);
  const model: FaceModel = {
    kind,
    fills,
    marks: filled.map((f) => f.mark),
    corner: shortCorner,
    underline: needsUnderline(shortCorner),
    centre: centre || (fills.length === 0 && !corner ? notation : centre),
    ink: special ? '#ffffff' : inkFor(fills[0] ?? '#ffffff'),
    centreInk: fills.length === 0 ? (special ? '#1d1d1f' : '#263238') : readableOn(fills[0]!),
    special,
    palette,
    label: label.charAt(0).toUpperCase() + label.slice(1),
  };
  byFace.set(face, model);
  return model;
}

/** A stable colour for a card back by its owner (-1: the shared deck). */
export function backColour(owner: number): string {
  const backs = ['#37474f', '#8e2430', '#1f4e8c', '#2e6b30', '#7a4f01', '#5b2a86', '#00626f', '#6d4c41'];
  return owner < 0 ? '#2b3a55' : backs[owner % backs.length]!;
}
