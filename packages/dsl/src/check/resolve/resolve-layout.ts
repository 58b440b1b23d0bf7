// Resolve pass: names in the `layout` block — card kinds, their attributes, and zones with or without an owner.
import type * as A from '../../ast/index.ts';
import { attributeUndefined, kindUndefined, nameUndefined, zoneOwnerMissing, zoneOwnerUnexpected } from '../../diagnostics/check-names.ts';
import type { CheckContext } from '../context.ts';
import type { KindInfo } from '../model.ts';
import { closest } from '../names.ts';

function resolveAttr(ctx: CheckContext, kind: KindInfo, id: A.Ident | A.NameExpr): void {
  const name = id.kind === 'ident' ? id.text : id.name.text;
  const own = kind.attrs.map((a) => ctx.game.attrs[a]!.name);
  const attr = ctx.attrs.get(name);
  if (!attr || !kind.attrs.includes(attr.index)) {
    ctx.diagnostics.push(attributeUndefined(id.loc, name, closest(name, own), `card kind "${kind.name}" does not`));
    return;
  }
  ctx.game.refs.set(id, { kind: 'attr', info: attr });
}

function resolveCard(ctx: CheckContext, item: Extract<A.LayoutItem, { kind: 'layout_card' }>): void {
  const kind = ctx.kinds.get(item.cardKind.text);
  if (!kind) {
    ctx.diagnostics.push(kindUndefined(item.cardKind.loc, item.cardKind.text, closest(item.cardKind.text, ctx.kinds.keys())));
    return;
  }
  ctx.game.refs.set(item.cardKind, { kind: 'kind', info: kind });
  for (const prop of item.props) {
    if (Array.isArray(prop.value)) {
      for (const id of prop.value) resolveAttr(ctx, kind, id);
      continue;
    }
    for (const part of prop.value.parts) {
      if (part.kind === 'interpolation' && part.expr.kind === 'name') resolveAttr(ctx, kind, part.expr);
    }
  }
}

function resolvePlace(ctx: CheckContext, place: A.LayoutPlace): void {
  const ref = place.zone;
  const sym = ctx.values.get(ref.zone.text);
  if (!sym || sym.kind !== 'zone') {
    const zones = ctx.game.zones.map((z) => z.name);
    ctx.diagnostics.push(nameUndefined(ref.zone.loc, ref.zone.text, closest(ref.zone.text, zones)));
    return;
  }
  ctx.game.refs.set(ref.zone, sym);
  const z = sym.info;
  if (z.scope === 'shared' && ref.of) ctx.diagnostics.push(zoneOwnerUnexpected(ref.loc, z.name, z.decl.name.loc));
  if (z.scope !== 'shared' && !ref.of) ctx.diagnostics.push(zoneOwnerMissing(ref.loc, z.name, z.scope, z.decl.name.loc));
}

/** Every name a `names { … }` entry may give a readable name to. */
function nameables(ctx: CheckContext): Set<string> {
  return new Set([
    ...ctx.enumValues.keys(), ...ctx.values.keys(), ...ctx.actions.keys(), ...ctx.kinds.keys(),
    ...ctx.flow.keys(), ...ctx.enums.keys(), ...ctx.attrs.keys(), ...ctx.game.roles,
  ]);
}

/** `names { go_wacky "Go Wacky!" }`: each entry names something the rule file declares. */
function resolveNames(ctx: CheckContext, item: Extract<A.LayoutItem, { kind: 'layout_names' }>): void {
  const known = nameables(ctx);
  for (const n of item.names) {
    if (!known.has(n.name.text)) ctx.diagnostics.push(nameUndefined(n.name.loc, n.name.text, closest(n.name.text, known)));
  }
}

export function resolveLayout(ctx: CheckContext): void {
  for (const item of ctx.game.layout?.items ?? []) {
    if (item.kind === 'layout_card') resolveCard(ctx, item);
    else if (item.kind === 'layout_places') for (const p of item.places) resolvePlace(ctx, p);
    else if (item.kind === 'layout_names') resolveNames(ctx, item);
  }
}
