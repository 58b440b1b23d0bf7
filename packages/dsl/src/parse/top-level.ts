// Where top-level items can start: the resume points of error recovery.

/** Words that begin a top-level item (docs/language.md §2–§14). */
export const TOP_LEVEL_WORDS = [
  'game', 'summary', 'players', 'option', 'remove', 'enum', 'card', 'deck', 'zone', 'var',
  'player', 'side', 'pile', 'die', 'sides', 'roles', 'meld', 'define', 'procedure', 'constraint', 'rounds',
  'stage', 'window', 'action', 'before', 'when', 'winner', 'layout',
] as const;

const STARTS = new RegExp(`^(?:${TOP_LEVEL_WORDS.join('|')})(?![A-Za-z0-9_])`, 'gm');

/**
 * Offsets of the lines that start, in column 1, with a top-level keyword. Strings cannot span
 * lines and comments start with `#`, so such a line is never inside a string or comment; it can
 * be inside a block (`card Kind {…}` in `layout`), which recovery handles by merging chunks.
 */
export function topLevelStarts(source: string): number[] {
  const starts: number[] = [];
  for (const match of source.matchAll(STARTS)) starts.push(match.index);
  return starts;
}

/** 0-based offsets of the first character of every line. */
export function lineStartsOf(source: string): number[] {
  const starts = [0];
  for (let i = 0; i < source.length; i++) if (source.charCodeAt(i) === 10) starts.push(i + 1);
  return starts;
}
