// Check pass: two declarations of one name in one namespace (declaration_duplicate).
import type { FileAst, Item } from '../../ast/file.ts';
import type { Ident, Loc } from '../../ast/loc.ts';
import { declarationDuplicate } from '../../diagnostics/catalogue.ts';
import type { Diagnostic } from '../../diagnostics/diagnostic.ts';

/**
 * Namespaces of named declarations (docs/language.md §11, "Namespaces"): values, actions,
 * procedures, flow names, card kinds and enums are separate, so `discard` may be a zone, a
 * step and an action at once, but not two zones or a zone and an option.
 */
const NAMESPACE: Partial<Record<Item['kind'], string>> = {
  option: 'value', var: 'value', define: 'value', zone: 'value', deck: 'value', die: 'value',
  meld_rules: 'value', action: 'action', procedure: 'procedure', stage: 'flow', window: 'flow',
  card: 'kind', enum: 'enum',
};

/** Items that may appear once per file. */
const SINGLETONS = new Set<Item['kind']>(['game', 'summary', 'players', 'sides', 'roles', 'rounds', 'hook', 'layout', 'winner']);

const WHAT: Partial<Record<string, string>> = {
  meld_rules: 'meld rules', var: 'variable', card: 'card kind', hook: 'before turn action',
  typed_param: 'parameter', action_param: 'parameter', enum_value: 'enum value', attribute: 'attribute',
};
const what = (kind: string): string => WHAT[kind] ?? kind;

interface Seen { kind: string; name: Ident | null; loc: Loc }

/** Reports every name after the first in `entries` that repeats one seen earlier in the same scope. */
function reportRepeats(entries: Seen[], out: Diagnostic[]): void {
  const first = new Map<string, Seen>();
  for (const entry of entries) {
    const key = entry.name?.text ?? entry.kind;
    const earlier = first.get(key);
    if (earlier === undefined) {
      first.set(key, entry);
      continue;
    }
    const at = entry.name?.loc ?? entry.loc;
    out.push(declarationDuplicate(at, what(entry.kind), entry.name?.text ?? null, earlier.name?.loc ?? earlier.loc, what(earlier.kind)));
  }
}

/** Names declared inside one item that must be distinct: parameters, enum values, attributes. */
function innerScopes(item: Item): Seen[][] {
  const named = (list: { kind: string; name: Ident; loc: Loc }[]): Seen[] => list.map((n) => ({ kind: n.kind, name: n.name, loc: n.loc }));
  switch (item.kind) {
    case 'action': return [named(item.params)];
    case 'define': return item.params ? [named(item.params)] : [];
    case 'procedure': return [named(item.params)];
    case 'enum': return [named(item.values)];
    case 'card': return [named(item.attributes)];
    default: return [];
  }
}

/**
 * Reports a second declaration of a name in its namespace, a second singleton item (`players`,
 * `rounds` …), and repeated names inside one parameter list, enum or card kind. The note points
 * at the first declaration.
 */
export function reportDuplicateDeclaration(file: FileAst, out: Diagnostic[]): void {
  const byNamespace = new Map<string, Seen[]>();
  for (const item of file.items) {
    const ns = NAMESPACE[item.kind];
    if (ns !== undefined && 'name' in item && item.name.kind === 'ident') {
      const list = byNamespace.get(ns) ?? [];
      list.push({ kind: item.kind, name: item.name, loc: item.loc });
      byNamespace.set(ns, list);
    } else if (SINGLETONS.has(item.kind)) {
      const list = byNamespace.get(`singleton:${item.kind}`) ?? [];
      list.push({ kind: item.kind, name: null, loc: item.loc });
      byNamespace.set(`singleton:${item.kind}`, list);
    }
    for (const scope of innerScopes(item)) reportRepeats(scope, out);
  }
  for (const entries of byNamespace.values()) reportRepeats(entries, out);
}
