// What players read for a name of the rule file: the layout's `names { … }` hint, else the name
// humanised (language.md §14). Pure.
import { humanize, type ClientDef } from './def.ts';

/**
 * A readable name for an enum value, action, zone, kind, stage or window.
 *
 * @example
 * readable(def, 'go_wacky') // "Go Wacky!" with `names { go_wacky "Go Wacky!" }`, else "Go wacky"
 */
export function readable(def: ClientDef | null | undefined, name: string): string {
  return def?.layout.names?.[name] ?? humanize(name);
}

/** "Bot 2's hand", "Your hand", or the zone's name alone for a shared zone. */
export function ownedName(zone: string, owner: string | null): string {
  if (owner === null) return zone;
  if (owner === 'You') return `Your ${zone.charAt(0).toLowerCase()}${zone.slice(1)}`;
  return `${owner}’s ${zone.charAt(0).toLowerCase()}${zone.slice(1)}`;
}
