// Every name in a parsed rule file: where it is declared, where it is used, and which
// declaration each use means. Read off the AST generically (any `ident` node), so new
// constructs need no change here unless they declare names under a new field.
import type { Loc } from '@decksmith/dsl/ast/loc.ts';

/** What a declaration declares (the AST kind of the node whose `name` it is). */
export type DeclKind = string;

/** One occurrence of a name. `key` is the declaration it means ('' when none is known). */
export interface NameSite {
  readonly text: string;
  readonly loc: Loc;
  readonly decl: DeclKind | null;
  /** The top-level item it sits in (locals are scoped to their item). */
  readonly item: number;
  /** Where it sits: its node's kind and field (`st_does.action`, `call.callee`). */
  readonly role: string;
  key: string;
}

/** Node kinds whose `name` is a declaration visible in the whole file. */
const GLOBAL_DECLS = new Set([
  'option', 'enum', 'enum_value', 'card', 'attribute', 'deck', 'zone', 'var', 'die', 'meld_rules',
  'define', 'procedure', 'stage', 'window', 'action', 'round_value', 'member_value',
]);
/** Node kinds whose `name` is a declaration local to its item. */
const LOCAL_DECLS = new Set(['typed_param', 'action_param', 'let']);

/**
 * The language's namespaces: flow names (stages, windows), actions, and values (the rest). A use
 * is in the flow or action namespace by where it stands (`during go`, `open window w`,
 * `idle … on play`, `p1 does play`); elsewhere a value.
 */
const FLOW_DECLS = new Set(['stage', 'window']);
const FLOW_ROLES = new Set(['rounds.stages', 'action.during', 'open_window.window']);
const ACTION_ROLES = new Set(['turn_timer.action', 'idle.on', 'st_does.action']);

/** The namespace of a declaration kind (when `decl`) or of a use's role. */
export function namespaceOf(decl: DeclKind | null, role: string): 'f' | 'a' | 'g' {
  if (decl !== null) return FLOW_DECLS.has(decl) ? 'f' : decl === 'action' ? 'a' : 'g';
  return FLOW_ROLES.has(role) ? 'f' : ACTION_ROLES.has(role) ? 'a' : 'g';
}

/** Whether a key names a declaration of the whole file (not a local). */
export function isGlobalKey(key: string): boolean {
  return /^[fag]:/.test(key);
}

interface Raw { text: string; loc: Loc; decl: DeclKind | null; local: boolean; item: number; role: string }

function isNode(v: unknown): v is { kind?: unknown; loc?: unknown } & Record<string, unknown> {
  return v !== null && typeof v === 'object';
}

function collect(node: unknown, parentKind: string, key: string, item: number, out: Raw[]): void {
  if (Array.isArray(node)) { for (const n of node) collect(n, parentKind, key, item, out); return; }
  if (!isNode(node)) return;
  if (node.kind === 'ident' && typeof node.text === 'string' && isNode(node.loc)) {
    const loc = node.loc as unknown as Loc;
    const role = `${parentKind}.${key}`;
    if (key === 'name' && GLOBAL_DECLS.has(parentKind)) out.push({ text: node.text, loc, decl: parentKind, local: false, item, role });
    else if (key === 'name' && LOCAL_DECLS.has(parentKind)) out.push({ text: node.text, loc, decl: parentKind === 'let' ? 'local' : 'parameter', local: true, item, role });
    else if (key === 'variable') out.push({ text: node.text, loc, decl: 'binder', local: true, item, role });
    else if (key === 'names' && parentKind === 'roles') out.push({ text: node.text, loc, decl: 'role', local: false, item, role });
    else out.push({ text: node.text, loc, decl: null, local: false, item, role });
    return;
  }
  const kind = typeof node.kind === 'string' ? node.kind : parentKind;
  for (const [k, v] of Object.entries(node)) if (k !== 'loc' && isNode(v)) collect(v, kind, k, item, out);
}

/**
 * The names of a file (its top-level `items`), each use resolved: to a local of its item (the
 * nearest one before it, else any of that item: `max score(s) for s in sides`), else to the
 * file's declaration of that name in the use's namespace. Sorted by offset.
 */
export function collectNames(items: readonly unknown[]): NameSite[] {
  const raw: Raw[] = [];
  items.forEach((it, i) => collect(it, '', 'items', i, raw));
  raw.sort((a, b) => a.loc.start.offset - b.loc.start.offset);
  const globals = new Set(raw.filter((r) => r.decl !== null && !r.local).map((r) => `${namespaceOf(r.decl, r.role)}:${r.text}`));
  const localKey = (r: Raw) => `l:${r.item}:${r.loc.start.offset}`;
  return raw.map((r) => {
    let key = '';
    if (r.decl !== null) key = r.local ? localKey(r) : `${namespaceOf(r.decl, r.role)}:${r.text}`;
    else {
      const ns = namespaceOf(null, r.role);
      const locals = ns === 'g' ? raw.filter((d) => d.local && d.item === r.item && d.text === r.text) : [];
      const before = locals.filter((d) => d.loc.start.offset <= r.loc.start.offset).at(-1);
      const local = before ?? locals[0];
      // A use whose place this reading does not know falls back to any declaration of its name.
      const global = [`${ns}:${r.text}`, `g:${r.text}`, `a:${r.text}`, `f:${r.text}`].find((k) => globals.has(k));
      if (local) key = localKey(local);
      else if (global) key = global;
    }
    return { text: r.text, loc: r.loc, decl: r.decl, item: r.item, role: r.role, key };
  });
}

/** The site whose name covers the 0-based offset (its end included, as editors place the cursor). */
export function siteAt(sites: readonly NameSite[], offset: number): NameSite | undefined {
  return sites.find((s) => s.loc.start.offset <= offset && offset <= s.loc.end.offset);
}
