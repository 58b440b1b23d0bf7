// Collect pass: zones, their runtime shape/visibility/slots, and `refill from z keeping top`.
import { zoneRefillInvalid, zoneSizeInvalid } from '../../diagnostics/check-declarations.ts';
import { nameUndefined } from '../../diagnostics/check-names.ts';
import type { CheckContext } from '../context.ts';
import type { ZoneInfo } from '../model.ts';
import { closest } from '../names.ts';
import { positiveInt } from '../types/const-eval.ts';
import { registerValue } from './register.ts';

function resolveRefill(ctx: CheckContext, zone: ZoneInfo): void {
  const from = zone.decl.refill;
  if (!from) return;
  if (zone.scope !== 'shared' || zone.shape !== 'pile') {
    ctx.diagnostics.push(zoneRefillInvalid(from.loc, `is only for shared piles, and "${zone.name}" is not one`));
    return;
  }
  if (from.kind !== 'name') {
    ctx.diagnostics.push(zoneRefillInvalid(from.loc, 'needs the name of a shared pile'));
    return;
  }
  const sym = ctx.values.get(from.name.text);
  if (!sym) {
    const zones = ctx.game.zones.map((z) => z.name);
    ctx.diagnostics.push(nameUndefined(from.loc, from.name.text, closest(from.name.text, zones)));
    return;
  }
  if (sym.kind !== 'zone' || sym.info.scope !== 'shared' || sym.info.shape !== 'pile' || sym.info === zone) {
    ctx.diagnostics.push(zoneRefillInvalid(from.loc, `needs another shared pile, and "${from.name.text}" is not one`));
    return;
  }
  ctx.game.refs.set(from, sym);
  ctx.game.types.set(from, { t: 'zone', decl: sym.info.name });
  ctx.used.add(sym.info.decl);
  zone.refill = sym.info.index;
}

/** Registers every zone, then resolves refill sources (which may be declared later). */
export function collectZones(ctx: CheckContext): void {
  for (const item of ctx.file.items) {
    if (item.kind !== 'zone') continue;
    let slots: number | null = null;
    if (item.shape.size) {
      slots = positiveInt(ctx, item.shape.size);
      if (slots === null) ctx.diagnostics.push(zoneSizeInvalid(item.shape.size.loc, item.name.text));
    }
    const v = item.visibility.visibility;
    const info: ZoneInfo = {
      name: item.name.text, index: ctx.game.zones.length, scope: item.per === null ? 'shared' : item.per,
      shape: item.shape.shape, decl: item, visibility: v === 'visible_top' ? 'top' : v, slots, refill: null,
    };
    if (registerValue(ctx, item.name, { kind: 'zone', info })) ctx.game.zones.push(info);
  }
  for (const zone of ctx.game.zones) resolveRefill(ctx, zone);
}
