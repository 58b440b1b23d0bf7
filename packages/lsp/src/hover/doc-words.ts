// The words whose hover shows a line of docs/language.md: the reserved words and the built-in functions.
import { fileURLToPath } from 'node:url';
import { KEYWORDS } from '@decksmith/dsl/parse/keywords.ts';
import { BUILTIN_FUNCTIONS } from '@decksmith/dsl/check/types/builtin-functions.ts';

/** Reserved words and built-in function names, sorted, without repeats. */
export function docWords(): string[] {
  return [...new Set([...KEYWORDS, ...Object.keys(BUILTIN_FUNCTIONS)])].sort();
}

/** docs/language.md of this repository. */
export function languageDocPath(): string {
  return fileURLToPath(new URL('../../../../docs/language.md', import.meta.url));
}
