// Hover: a declared name shows what it declares, its type where the checker typed it, and its
// declaration's line; a reserved word or a built-in function shows its line of docs/language.md.
import { show } from '@decksmith/dsl/check/types/type-util.ts';
import type { Hover } from 'vscode-languageserver';
import type { Analysis } from '../analysis/analyse.ts';
import { siteAt } from '../analysis/names.ts';
import { toRange } from '../convert.ts';
import { LANGUAGE_DOCS } from '../hover/language-docs.generated.ts';

/** What each declaration kind is called in a hover. */
const KIND_NAMES: Readonly<Record<string, string>> = {
  option: 'option', enum: 'enum', enum_value: 'enum value', card: 'card kind', attribute: 'card attribute',
  deck: 'deck', zone: 'zone', var: 'variable', die: 'die', meld_rules: 'meld rules', define: 'define',
  procedure: 'procedure', stage: 'stage', window: 'window', action: 'action', round_value: 'round value',
  member_value: 'value', role: 'role', parameter: 'parameter', local: 'local', binder: 'bound variable',
};

/** The type the checker gave the expression a name stands for (a name, a call's callee, an attribute). */
function typeAt(a: Analysis, offset: number): string | null {
  if (!a.model) return null;
  for (const [e, t] of a.model.types) {
    const ident = e.kind === 'name' ? e.name : e.kind === 'call' ? e.callee : e.kind === 'member' ? e.attr : null;
    if (ident && ident.loc.start.offset === offset) return show(t);
  }
  return null;
}

/** The word (letters, digits, _) around a 0-based offset. */
export function wordAt(text: string, offset: number): { word: string; start: number; end: number } | null {
  let start = offset;
  let end = offset;
  while (start > 0 && /[A-Za-z0-9_]/.test(text[start - 1]!)) start--;
  while (end < text.length && /[A-Za-z0-9_]/.test(text[end]!)) end++;
  return start === end ? null : { word: text.slice(start, end), start, end };
}

function lineOf(text: string, offset: number): string {
  const from = text.lastIndexOf('\n', offset - 1) + 1;
  const to = text.indexOf('\n', offset);
  return text.slice(from, to === -1 ? text.length : to).replace(/\s+#.*$/, '').trim();
}

export function hover(a: Analysis, offset: number): Hover | null {
  const site = siteAt(a.names, offset);
  if (site && site.key !== '') {
    const decls = a.names.filter((s) => s.key === site.key && s.decl !== null);
    if (decls.length > 0) {
      const kinds = [...new Set(decls.map((d) => KIND_NAMES[d.decl!] ?? d.decl!))].join(', ');
      const lines = decls.slice(0, 3).map((d) => lineOf(a.text, d.loc.start.offset));
      // The type at this use, else at any use of the same declaration (a declaration is no expression).
      const sameKey = a.names.filter((s) => s.key === site.key && s.decl === null);
      const type = typeAt(a, site.loc.start.offset) ?? sameKey.map((s) => typeAt(a, s.loc.start.offset)).find((x) => x !== null) ?? null;
      const head = `(${kinds}) **${site.text}**${type ? `: \`${type}\`` : ''}`;
      return {
        contents: { kind: 'markdown', value: [head, '```decksmith', ...lines, '```'].join('\n') },
        range: toRange(site.loc),
      };
    }
  }
  const w = wordAt(a.text, offset);
  const doc = w ? LANGUAGE_DOCS[w.word] : undefined;
  if (!w || !doc) return null;
  return { contents: { kind: 'markdown', value: `**${w.word}** — ${doc.doc}\n\n*docs/language.md, ${doc.section}*` } };
}
