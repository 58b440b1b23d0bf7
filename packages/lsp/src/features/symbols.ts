// Document symbols: a rule file's top-level items (with enum values and card attributes inside),
// a scenario's header, table, arrangement and steps.
import type { Loc } from '@decksmith/dsl/ast/loc.ts';
import { SymbolKind, type DocumentSymbol } from 'vscode-languageserver';
import type { Analysis } from '../analysis/analyse.ts';
import { toRange } from '../convert.ts';

const KINDS: Readonly<Record<string, SymbolKind>> = {
  option: SymbolKind.Constant, enum: SymbolKind.Enum, card: SymbolKind.Struct, deck: SymbolKind.Array,
  zone: SymbolKind.Variable, var: SymbolKind.Variable, die: SymbolKind.Object, meld_rules: SymbolKind.Object,
  define: SymbolKind.Function, procedure: SymbolKind.Function, stage: SymbolKind.Module, window: SymbolKind.Event,
  action: SymbolKind.Method, rounds: SymbolKind.Namespace, layout: SymbolKind.Namespace, trigger: SymbolKind.Event,
  hook: SymbolKind.Event,
};

interface Named { kind: string; loc: Loc; name?: { text: string; loc: Loc }; values?: Named[]; attributes?: Named[] }

/** The first line of a node's text, shortened: the name of an item that has none. */
function firstLine(text: string, loc: Loc): string {
  const line = text.slice(loc.start.offset, loc.end.offset).split('\n')[0]!.replace(/\s*\{\s*$/, '').trim();
  return line.length > 60 ? `${line.slice(0, 59)}…` : line;
}

function symbol(text: string, node: Named, children: DocumentSymbol[] = []): DocumentSymbol {
  return {
    name: node.name?.text ?? firstLine(text, node.loc),
    detail: node.kind.replace('_', ' '),
    kind: KINDS[node.kind] ?? SymbolKind.Key,
    range: toRange(node.loc),
    selectionRange: toRange(node.name?.loc ?? node.loc),
    children,
  };
}

export function documentSymbols(a: Analysis): DocumentSymbol[] {
  if (a.rules) {
    return (a.rules.items as unknown as Named[]).map((item) =>
      symbol(a.text, item, [...(item.values ?? []), ...(item.attributes ?? [])].map((c) => symbol(a.text, c))));
  }
  if (a.scenario) {
    const s = a.scenario;
    const header = { kind: 'scenario', loc: s.name.loc, name: { text: s.name.value, loc: s.name.loc } };
    return [symbol(a.text, header), ...(s.items as unknown as Named[]).map((item) => symbol(a.text, item))];
  }
  return [];
}
