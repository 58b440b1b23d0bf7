// A new window or stage instance (language.md §11): `once` starts again, and so does every `rate`
// limit, since a limit is there to give everyone the same time within one race, not across races.
import type { EngineParts } from '../core/engine-parts.ts';

export function newScope(e: EngineParts): void {
  e.set('scope', e.s.scope + 1);
  const r = e.s.rate;
  for (let i = 0; i < r.length; i++) {
    if (r[i]! >= 0) {
      e.wRate().fill(-1);
      return;
    }
  }
}
