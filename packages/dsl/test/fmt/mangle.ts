// Shakes a file's whitespace for the formatter's round-trip test: indentation lost or wrong,
// spaces added or taken away around marks (never inside strings or comments, never a line break).
import { lineTokens } from '../../src/fmt/tokens.ts';

/** The same file with its whitespace shaken. */
export function mangle(text: string): string {
  return text.split('\n').map((line, n) => {
    const tokens = lineTokens(line);
    return ' '.repeat((n * 7) % 5) + tokens.map((t, i) => {
      if (i === 0) return t.text;
      const p = tokens[i - 1]!.text;
      const gap = t.gap >= 2 ? ' '.repeat(t.gap)
        : t.text === ',' || p === '(' || p === '[' ? ' '
          : p === ',' || t.text === '=' ? '' : ' '.repeat(t.gap);
      return gap + t.text;
    }).join('');
  }).join('\n');
}
