// How a card face is drawn: its fill colours, corner and centre labels and accessible name, from the
// face table and the game's layout hints (language.md §14). Pure: the same for every game.
import type { ClientDef } from '../state/def.ts';

export interface FaceModel {
  kind: string;
  /** One colour, two for a split card, none for a colourless (special/wild) card. */
  fills: string[];
  corner: string;
  centre: string;
  /** Text colour that reads on the fill. */
  ink: string;
  /** Colourless kinds in a game that has colours: drawn dark with the palette as a ring. */
  special: boolean;
  /** The layout's palette (for special cards' ring). */
  palette: string[];
  /** "Red 5", "Wild", "Hearts Q". */
  label: string;
}

/** A neutral palette for enum values the layout gives no colour. */
const FALLBACK = ['#c62828', '#1565c0', '#2e7d32', '#f9a825', '#6a1b9a', '#ef6c00', '#00838f', '#4e342e'];

function luminance(hex: string): number {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return 0.3;
  const n = parseInt(m[1]!, 16);
  const ch = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * ch[0]! + 0.7152 * ch[1]! + 0.0722 * ch[2]!;
}

/** Dark ink on light fills (yellow), white elsewhere. */
export function inkFor(fill: string | undefined): string {
  return fill && luminance(fill) > 0.45 ? '#1b1b1b' : '#ffffff';
}

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

/** Fills `{attr}` placeholders with the attribute's symbol. */
export function fillTemplate(template: string, values: Map<string, AttrValue>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => values.get(name)?.symbol ?? '');
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

/** Splits a long centre label in two lines at a camelCase hump or a space. */
export function lines(text: string): string[] {
  if ([...text].length <= 6) return [text];
  const space = text.indexOf(' ');
  if (space > 0) return [text.slice(0, space), text.slice(space + 1)];
  const hump = text.slice(1).search(/[A-Z]/);
  return hump > 0 ? [text.slice(0, hump + 1), text.slice(hump + 1)] : [text];
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
  const fills = (hints?.fill ?? []).flatMap((attr) => {
    const v = values.get(attr);
    return v ? [v.enumIndex >= 0 ? colourOf(def, v.name, v.ordinal) : FALLBACK[v.ordinal % FALLBACK.length]!] : [];
  });
  const palette = Object.values(def.layout.colours);
  const corner = hints ? fillTemplate(hints.corner ?? '', values) : notation;
  const centre = hints ? fillTemplate(hints.centre ?? '', values) : notation;
  const special = fills.length === 0 && palette.length > 0;
  const parts = [...values.values()].map((v) => (v.enumIndex >= 0 ? v.name.replace(/_/g, ' ') : v.symbol));
  const label = parts.length > 0 ? `${parts.join(' ')}${def.faces.kinds.length > 1 ? ` (${kind.toLowerCase()})` : ''}` : kind || notation;
  const model: FaceModel = {
    kind,
    fills,
    corner: abbreviate(corner),
    centre: centre || (fills.length === 0 && !corner ? notation : centre),
    ink: special ? '#ffffff' : inkFor(fills[0] ?? '#ffffff'),
    special,
    palette,
    label,
  };
  byFace.set(face, model);
  return model;
}

/** A stable colour for a card back by its owner (-1: the shared deck). */
export function backColour(owner: number): string {
  const backs = ['#37474f', '#8e2430', '#1f4e8c', '#2e6b30', '#7a4f01', '#5b2a86', '#00626f', '#6d4c41'];
  return owner < 0 ? '#2b3a55' : backs[owner % backs.length]!;
}
