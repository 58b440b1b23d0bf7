// Completion: reserved words, built-ins and the file's names; after `.` a card's attributes; after
// `to`, `from`, `into`, `of` or `in` the zones (and the locals in scope).
import { BUILTIN_FUNCTIONS } from '@decksmith/dsl/check/types/builtin-functions.ts';
import { KEYWORDS } from '@decksmith/dsl/parse/keywords.ts';
import { CompletionItemKind, type CompletionItem } from 'vscode-languageserver';
import type { Analysis } from '../analysis/analyse.ts';
import { isGlobalKey, type NameSite } from '../analysis/names.ts';
import { LANGUAGE_DOCS } from '../hover/language-docs.generated.ts';

const ITEM_KINDS: Readonly<Record<string, CompletionItemKind>> = {
  option: CompletionItemKind.Constant, enum: CompletionItemKind.Enum, enum_value: CompletionItemKind.EnumMember,
  card: CompletionItemKind.Struct, attribute: CompletionItemKind.Field, deck: CompletionItemKind.Variable,
  zone: CompletionItemKind.Variable, var: CompletionItemKind.Variable, die: CompletionItemKind.Variable,
  define: CompletionItemKind.Function, procedure: CompletionItemKind.Function, action: CompletionItemKind.Method,
  stage: CompletionItemKind.Module, window: CompletionItemKind.Event, role: CompletionItemKind.Constant,
};
const ZONE_WORDS = new Set(['to', 'from', 'into', 'of', 'in']);
/** Scenario words (docs/scenarios.md): not reserved, offered in scenario files. */
const SCENARIO_WORDS = ['scenario', 'for', 'players', 'option', 'seed', 'arrange', 'rest', 'does', 'rejected', 'together', 'expect', 'announced', 'winners', 'no', 'at', 'after', 'turn', 'set', 'rolling', 'latency', 'with'];

function declItem(s: NameSite): CompletionItem {
  return { label: s.text, kind: ITEM_KINDS[s.decl!] ?? CompletionItemKind.Variable, detail: s.decl!.replace('_', ' ') };
}

function unique(items: CompletionItem[]): CompletionItem[] {
  const seen = new Set<string>();
  return items.filter((i) => !seen.has(i.label) && seen.add(i.label));
}

/** The item (top-level index) the offset is in: the last name site before it tells. */
function itemAt(names: readonly NameSite[], offset: number): number {
  return names.filter((s) => s.loc.start.offset <= offset).at(-1)?.item ?? -1;
}

/** Completion at `offset`; in a scenario, `game` (its rule file's analysis) gives the names. */
export function complete(a: Analysis, offset: number, game?: Analysis): CompletionItem[] {
  let start = offset;
  while (start > 0 && /[A-Za-z0-9_]/.test(a.text[start - 1]!)) start--;
  const before = a.text.slice(Math.max(0, start - 200), start);
  const decls = [...a.names, ...(game?.names.filter((s) => isGlobalKey(s.key)) ?? [])].filter((s) => s.decl !== null);
  const globals = decls.filter((s) => isGlobalKey(s.key));
  const item = itemAt(a.names, offset);
  const locals = decls.filter((s) => !isGlobalKey(s.key) && s.item === item);
  if (/\.\s*$/.test(before)) return unique(globals.filter((s) => s.decl === 'attribute').map(declItem));
  const prev = /([A-Za-z_][A-Za-z0-9_]*)\s+$/.exec(before)?.[1];
  if (prev && ZONE_WORDS.has(prev) && globals.some((s) => s.decl === 'zone')) {
    return unique([...globals.filter((s) => s.decl === 'zone'), ...locals].map(declItem));
  }
  const words = a.kind === 'scenario' ? [...SCENARIO_WORDS, ...KEYWORDS] : [...KEYWORDS];
  return unique([
    ...locals.map(declItem),
    ...globals.map(declItem),
    ...Object.keys(BUILTIN_FUNCTIONS).map((f) => ({ label: f, kind: CompletionItemKind.Function, detail: 'built-in', documentation: LANGUAGE_DOCS[f]?.doc })),
    ...words.map((k) => ({ label: k, kind: CompletionItemKind.Keyword, documentation: LANGUAGE_DOCS[k]?.doc })),
  ]);
}
