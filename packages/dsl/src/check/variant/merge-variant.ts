// Variant pass: loads a variant's base (recursively), then merges declarations by kind and name.
import type * as A from '../../ast/index.ts';
import {
  variantBaseNotFound, variantCycle, variantItemOutsideVariant, variantUnknownBaseItem,
} from '../../diagnostics/check-declarations.ts';
import { parse } from '../../parse/index.ts';
import type { CheckContext } from '../context.ts';

/** Items that a variant replaces wholesale when it has its own (there is one per file). */
const SINGULAR = new Set(['summary', 'players', 'sides', 'roles', 'rounds', 'winner', 'layout', 'hook']);

const REMOVE_KIND: Record<string, string> = { meld: 'meld_rules' };

/** The merge key of a declaration: its kind and name (`action:play`), or its kind for singular items. */
function keyOf(item: A.Item): string | null {
  if (SINGULAR.has(item.kind)) return item.kind;
  const named = item as { name?: A.Ident };
  if (item.kind === 'option_override' || item.kind === 'remove' || item.kind === 'game' || !named.name) return null;
  return `${item.kind}:${named.name.text}`;
}

function merge(ctx: CheckContext, base: A.FileAst, variant: A.FileAst, baseId: string): A.Item[] {
  const items: (A.Item | null)[] = [...base.items.filter((i) => i.kind !== 'game')];
  const index = new Map<string, number>();
  items.forEach((item, i) => {
    const key = item && keyOf(item);
    if (key && !index.has(key)) index.set(key, i);
  });
  const header = variant.items.find((i) => i.kind === 'game');
  for (const item of variant.items) {
    if (item.kind === 'game') continue;
    if (item.kind === 'option_override' || item.kind === 'remove') {
      const kind = item.kind === 'remove' ? REMOVE_KIND[item.target] ?? item.target : 'option';
      const at = index.get(`${kind}:${item.name.text}`);
      if (at === undefined || !items[at]) {
        const what = item.kind === 'remove' ? (item.target === 'meld' ? 'meld rules' : item.target) : 'option';
        ctx.diagnostics.push(variantUnknownBaseItem(item.name.loc, what, item.name.text, baseId));
        continue;
      }
      const target = items[at]!;
      items[at] = item.kind === 'remove' ? null : { ...(target as A.OptionDecl), default: item.value };
      continue;
    }
    const key = keyOf(item);
    const at = key ? index.get(key) : undefined;
    if (at !== undefined && items[at]) items[at] = item;
    else items.push(item);
  }
  const merged = items.filter((i): i is A.Item => i !== null);
  return header ? [header, ...merged] : merged;
}

/** Loads and merges the base chain of `file`; returns the merged file, or null after reporting. */
function resolveVariant(ctx: CheckContext, file: A.FileAst, seen: string[]): A.FileAst | null {
  const header = file.items.find((i): i is A.GameDecl => i.kind === 'game');
  if (!header?.extends) {
    for (const item of file.items) {
      if (item.kind === 'option_override') ctx.diagnostics.push(variantItemOutsideVariant(item.loc, `"option ${item.name.text} = …"`));
      if (item.kind === 'remove') ctx.diagnostics.push(variantItemOutsideVariant(item.loc, `"remove"`));
    }
    return file;
  }
  const baseId = header.extends.text;
  if (seen.includes(baseId)) {
    ctx.diagnostics.push(variantCycle(header.extends.loc, [...seen, baseId]));
    return null;
  }
  const loaded = ctx.opts.loadBase(baseId, file.file);
  if (!loaded) {
    ctx.diagnostics.push(variantBaseNotFound(header.extends.loc, baseId));
    return null;
  }
  const parsed = parse(loaded.text, loaded.file);
  ctx.diagnostics.push(...parsed.diagnostics);
  if (!parsed.file || parsed.diagnostics.some((d) => d.severity === 'error')) return null;
  if (!ctx.game.sources.some((s) => s.file === loaded.file)) ctx.game.sources.push(loaded);
  const base = resolveVariant(ctx, parsed.file, [...seen, baseId]);
  if (!base) return null;
  return { ...file, items: merge(ctx, base, file, baseId) };
}

/** Replaces `ctx.file` by the variant merged onto its base(s); a plain game is left as it is. */
export function mergeVariant(ctx: CheckContext): void {
  const header = ctx.file.items.find((i): i is A.GameDecl => i.kind === 'game');
  const merged = resolveVariant(ctx, ctx.file, header ? [header.id.text] : []);
  if (!merged) return;
  ctx.file = merged;
  ctx.game.ast = merged;
}
