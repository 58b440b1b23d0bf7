// Reads the one-line docs of keywords and built-ins out of docs/language.md (Part II, the
// reference): a table row that shows the word, or the section whose title names it.

/** One word's doc line and the section of docs/language.md it comes from. */
export interface WordDoc {
  readonly doc: string;
  readonly section: string;
}

interface Row { readonly section: string; readonly cells: readonly string[] }

const CODE = /`([^`]+)`/g;

function codeSpans(cell: string): string[] {
  return [...cell.matchAll(CODE)].map((m) => m[1]!);
}

const startsWithWord = (span: string, word: string) => new RegExp(`^${word}(?![A-Za-z0-9_])`).test(span);
const hasWord = (span: string, word: string) => new RegExp(`(?<![A-Za-z0-9_])${word}(?![A-Za-z0-9_])`).test(span);

/** Words whose section title says them otherwise. */
const TITLE_WORD: Readonly<Record<string, string>> = { var: 'variables', die: 'dice', define: 'definitions', when: 'triggers' };

/** The text without its parenthesised asides (`me` (the actor: … `setup` …) → `me`). */
function outsideParentheses(text: string): string {
  let t = text;
  for (let prev = ''; prev !== t;) { prev = t; t = t.replace(/\([^()]*\)/g, ''); }
  return t;
}

/** Plain text of a Markdown cell, trimmed to one short line. */
function plain(text: string): string {
  const t = text.replace(/\*\*/g, '').replace(/\s+/g, ' ').trim();
  return t.length <= 240 ? t : `${t.slice(0, 237).trimEnd()}…`;
}

/**
 * The doc line of each of `words`: the first reference table row whose first cell shows a code
 * span starting with the word, else the first sentence of the section whose title names it
 * (`zone` → "5. Zones"), else a row whose first cell is prose and whose second lists the word
 * (`seats`; a word inside the one code span of the `math` row). The limits and diagnostic-code tables are not read. Words found nowhere
 * are left out.
 * @example extractDocs(markdown, ['move']).move.doc // "`move c to z` / … — move one card"
 */
export function extractDocs(markdown: string, words: readonly string[]): Record<string, WordDoc> {
  const part = markdown.slice(Math.max(0, markdown.indexOf('## Part II')));
  const lines = part.split('\n');
  const rows: Row[] = [];
  const sections: { title: string; first: string }[] = [];
  let section = '';
  let fence = false;
  for (const [i, line] of lines.entries()) {
    if (line.startsWith('```')) { fence = !fence; continue; }
    if (fence) continue;
    const heading = /^###\s+(.*)$/.exec(line);
    if (heading) {
      section = heading[1]!.trim();
      const para: string[] = [];
      let inFence = false;
      for (const next of lines.slice(i + 1)) {
        if (next.startsWith('```')) { inFence = !inFence; continue; }
        if (inFence || next.startsWith('|') || next.startsWith('#')) { if (para.length > 0 || next.startsWith('#')) break; continue; }
        if (next.trim() === '') { if (para.length > 0) break; continue; }
        para.push(next.trim());
      }
      sections.push({ title: section, first: plain(para.join(' ').split(/(?<=\.)\s/)[0] ?? '') });
      continue;
    }
    if (line.startsWith('|') && !/^\|\s*-/.test(line) && !/^(14a|15)\./.test(section)) {
      const cells = line.split(/(?<!\\)\|/).slice(1, -1).map((c) => c.trim());
      if (cells.length >= 2) rows.push({ section, cells });
    }
  }
  const rowDoc = (r: Row) => ({ doc: plain(r.cells[1] ? `${r.cells[0]} — ${r.cells[1]}` : r.cells[0]!), section: r.section });
  const prose = (r: Row) => codeSpans(r.cells[0]!).length === 0;
  const titleWords = (title: string) => title.toLowerCase().split(/[^a-z]+/).filter((w) => w.length >= 3 && !['the', 'and'].includes(w));
  const out: Record<string, WordDoc> = {};
  for (const word of words) {
    const row = rows.find((r) => codeSpans(r.cells[0]!).some((s) => startsWithWord(s, word)));
    const titled = sections.find((s) => s.first && titleWords(s.title).some((w) => w === word || w === `${word}s` || w === TITLE_WORD[word]));
    const listed = rows.find((r) => prose(r) && codeSpans(outsideParentheses(r.cells[1]!)).some((s) => startsWithWord(s, word)))
      ?? rows.find((r) => prose(r) && /^`[^`]*`$/.test(r.cells[1]!) && hasWord(codeSpans(r.cells[1]!)[0]!, word));
    if (row) out[word] = rowDoc(row);
    else if (titled) out[word] = { doc: plain(`${titled.title.replace(/^[0-9a-z]+\.\s*/, '')}: ${titled.first}`), section: titled.title };
    else if (listed) out[word] = rowDoc(listed);
  }
  return out;
}

/** The generated module's text: the table as a typed constant (the test compares it with the doc). */
export function renderDocsModule(table: Record<string, WordDoc>): string {
  return [
    '// Generated from docs/language.md by packages/lsp/scripts/gen-language-docs.ts — do not edit.',
    '// Regenerate: npx tsx packages/lsp/scripts/gen-language-docs.ts',
    "import type { WordDoc } from './extract-docs.ts';",
    '',
    `export const LANGUAGE_DOCS: Readonly<Record<string, WordDoc>> = ${JSON.stringify(table, null, 2)};`,
    '',
  ].join('\n');
}
