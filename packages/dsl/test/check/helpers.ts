// Test helpers: check rule text in memory, and find expression nodes of the checked AST by their source text.
import type * as A from '../../src/ast/index.ts';
import { checkGame, type CheckResult } from '../../src/check/index.ts';
import { parse } from '../../src/parse/index.ts';

/** Parses and checks `text` as `file`; `bases` maps a base id to its text (for variants). Throws on syntax errors. */
export function checkText(text: string, bases: Record<string, string> = {}, file = 'test.rules'): CheckResult {
  const { file: ast, diagnostics } = parse(text, file);
  if (!ast || diagnostics.length > 0) throw new Error(`syntax errors: ${JSON.stringify(diagnostics)}`);
  const loadBase = (id: string) => (id in bases ? { file: `${id}.rules`, text: bases[id]! } : null);
  return checkGame(ast, { sources: [{ file, text }], loadBase });
}

/** Every node of `root` whose source text (in `text`) is exactly `source`, of the given kind. */
export function nodesAt(root: unknown, text: string, source: string, kind?: string): A.Node[] {
  const out: A.Node[] = [];
  const seen = new Set<unknown>();
  const walk = (n: unknown): void => {
    if (!n || typeof n !== 'object' || seen.has(n)) return;
    seen.add(n);
    if (Array.isArray(n)) return n.forEach(walk);
    const node = n as Partial<A.Node>;
    if (node.loc && node.kind && (!kind || node.kind === kind) && text.slice(node.loc.start.offset, node.loc.end.offset) === source) out.push(node as A.Node);
    for (const [k, v] of Object.entries(n)) if (k !== 'loc') walk(v);
  };
  walk(root);
  return out;
}
