// WCAG 2 contrast for card text: relative luminance, contrast ratio, the ink that reads on a fill,
// and a colour darkened until it reads on white. Pure.

/** The AA threshold for normal text. */
export const AA = 4.5;

function rgb(hex: string): [number, number, number] | null {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return null;
  const h = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join('') : m[1]!;
  const n = parseInt(h, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function hex(c: [number, number, number]): string {
  return `#${c.map((x) => Math.round(Math.max(0, Math.min(255, x))).toString(16).padStart(2, '0')).join('')}`;
}

/** WCAG relative luminance of a `#rrggbb` (or `#rgb`) colour; unknown colours count as mid-grey. */
export function luminance(colour: string): number {
  const c = rgb(colour);
  if (!c) return 0.2;
  const [r, g, b] = c.map((v) => {
    const s = v / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

export const DARK_INK = '#000000';
export const LIGHT_INK = '#ffffff';

/** Dark or white text, whichever contrasts more with the fill. */
export function inkFor(fill: string | undefined): string {
  if (!fill) return DARK_INK;
  return contrast(fill, DARK_INK) >= contrast(fill, LIGHT_INK) ? DARK_INK : LIGHT_INK;
}

/**
 * The colour itself when it reads on `background` at `ratio`, else the same hue darkened step by
 * step until it does (a yellow label on a white oval becomes a dark amber).
 */
export function readableOn(colour: string, background = '#ffffff', ratio = AA): string {
  const c = rgb(colour);
  if (!c) return DARK_INK;
  for (let k = 1; k >= 0; k -= 0.02) {
    const shade = hex([c[0] * k, c[1] * k, c[2] * k]);
    if (contrast(shade, background) >= ratio) return shade;
  }
  return DARK_INK;
}
