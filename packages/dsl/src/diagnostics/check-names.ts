// Catalogue, checker part 1: names — undefined, ambiguous, clashing and misused names.
import type { Loc } from '../ast/loc.ts';
import { diagnosticAt, noteAt, type Diagnostic, type DiagnosticNote } from './diagnostic.ts';

/** Codes of this part of the catalogue (stable public API). */
export const CHECK_NAME_CODES = [
  'name_undefined',
  'type_undefined',
  'kind_undefined',
  'attribute_undefined',
  'action_undefined',
  'procedure_undefined',
  'flow_undefined',
  'window_undefined',
  'stage_undefined',
  'role_undefined',
  'enum_value_ambiguous',
  'zone_owner_missing',
  'zone_owner_unexpected',
  'var_owner_missing',
  'var_owner_unexpected',
  'deck_owner_missing',
] as const;

function didYouMean(suggestion: string | null, declared?: Loc): DiagnosticNote[] {
  const notes: DiagnosticNote[] = [];
  if (suggestion !== null) {
    notes.push(declared ? noteAt(`did you mean "${suggestion}"? it is declared here`, declared) : { message: `did you mean "${suggestion}"?` });
  }
  return notes;
}

/** A value name (option, variable, define, zone, deck, die, meld rules, enum value, local) that nothing declares. */
export function nameUndefined(loc: Loc, name: string, suggestion: string | null, declared?: Loc): Diagnostic {
  return diagnosticAt('name_undefined', 'error', `"${name}" is not defined`, loc, didYouMean(suggestion, declared));
}

/** A type name that is neither a built-in type nor an enum: `var x: Color`. */
export function typeUndefined(loc: Loc, name: string, suggestion: string | null): Diagnostic {
  return diagnosticAt('type_undefined', 'error', `type "${name}" is not defined`, loc, [
    ...didYouMean(suggestion),
    { message: 'types are bool, number, Player, Side, Card, Pile and the enums of the file' },
  ]);
}

/** `c is Joker`, `2 × Joker` or `card Joker { … }` in a layout, without a card kind `Joker`. */
export function kindUndefined(loc: Loc, name: string, suggestion: string | null, declared?: Loc): Diagnostic {
  return diagnosticAt('kind_undefined', 'error', `card kind "${name}" is not defined`, loc, didYouMean(suggestion, declared));
}

/** `c.colur`, `runs by colur`, `{colur}` in a template: no card kind has that attribute. */
export function attributeUndefined(loc: Loc, name: string, suggestion: string | null, where = 'no card kind'): Diagnostic {
  return diagnosticAt('attribute_undefined', 'error', `${where} has an attribute "${name}"`, loc, didYouMean(suggestion));
}

/** `turn timer d { a }` or `idle … on a` naming no action. */
export function actionUndefined(loc: Loc, name: string, suggestion: string | null, declared?: Loc): Diagnostic {
  return diagnosticAt('action_undefined', 'error', `action "${name}" is not defined`, loc, didYouMean(suggestion, declared));
}

/** A statement `name(args)` naming no procedure. */
export function procedureUndefined(loc: Loc, name: string, suggestion: string | null, declared?: Loc): Diagnostic {
  return diagnosticAt('procedure_undefined', 'error', `procedure "${name}" is not defined`, loc, didYouMean(suggestion, declared));
}

/** `during x` naming no stage, step or window. */
export function flowUndefined(loc: Loc, name: string, suggestion: string | null, declared?: Loc): Diagnostic {
  return diagnosticAt('flow_undefined', 'error', `"${name}" is not a stage, step or window`, loc, didYouMean(suggestion, declared));
}

/** `open window w` naming no window. */
export function windowUndefined(loc: Loc, name: string, suggestion: string | null, declared?: Loc): Diagnostic {
  return diagnosticAt('window_undefined', 'error', `window "${name}" is not defined`, loc, didYouMean(suggestion, declared));
}

/** `rounds { stages x }` naming no stage (a step or a window is not a stage). */
export function stageUndefined(loc: Loc, name: string, suggestion: string | null, other?: string): Diagnostic {
  const notes = didYouMean(suggestion);
  if (other) notes.push({ message: `"${name}" is a ${other}; rounds list stages` });
  return diagnosticAt('stage_undefined', 'error', `stage "${name}" is not defined`, loc, notes);
}

/** `by player with role r` naming no role of `roles`. */
export function roleUndefined(loc: Loc, name: string, suggestion: string | null, rolesLoc?: Loc): Diagnostic {
  const notes = didYouMean(suggestion);
  notes.push(rolesLoc ? noteAt('roles are declared here', rolesLoc) : { message: 'the file declares no roles (`roles a, b`)' });
  return diagnosticAt('role_undefined', 'error', `role "${name}" is not defined`, loc, notes);
}

/** An enum value that several enums have, with nothing in its context to choose one. */
export function enumValueAmbiguous(loc: Loc, name: string, enums: string[]): Diagnostic {
  return diagnosticAt('enum_value_ambiguous', 'error', `"${name}" is a value of several enums (${enums.join(', ')})`, loc, [
    { message: 'compare it with a value of the enum you mean, or rename one of the values' },
  ]);
}

/** `hand` where `hand` is a per-player zone: it needs its owner, `hand(me)`. */
export function zoneOwnerMissing(loc: Loc, zone: string, per: 'player' | 'side', declared: Loc): Diagnostic {
  const example = per === 'player' ? `${zone}(me)` : `${zone}(my side)`;
  return diagnosticAt('zone_owner_missing', 'error', `zone "${zone}" is per ${per}: say whose, as in ${example}`, loc, [
    noteAt(`"${zone}" is declared per ${per} here`, declared),
  ]);
}

/** `discard(me)` where `discard` is a shared zone. */
export function zoneOwnerUnexpected(loc: Loc, zone: string, declared: Loc): Diagnostic {
  return diagnosticAt('zone_owner_unexpected', 'error', `zone "${zone}" is shared: it has no owner to name`, loc, [
    noteAt(`"${zone}" is declared here`, declared),
  ]);
}

/** `declared` where `declared` is a `player var`: it needs its player, `declared(p)`. */
export function varOwnerMissing(loc: Loc, name: string, scope: string, declared?: Loc): Diagnostic {
  const notes = declared ? [noteAt(`"${name}" is declared as a ${scope} var here`, declared)] : [];
  return diagnosticAt('var_owner_missing', 'error', `"${name}" is a ${scope} variable: say whose, as in ${name}(x)`, loc, notes);
}

/** `frozen(p)` where `frozen` is a global variable (or an option, or a define without parameters). */
export function varOwnerUnexpected(loc: Loc, name: string, what: string, declared?: Loc): Diagnostic {
  const notes = declared ? [noteAt(`"${name}" is declared here`, declared)] : [];
  return diagnosticAt('var_owner_unexpected', 'error', `${what} "${name}" takes no argument`, loc, notes);
}

/** `shuffle wackee into stock(s)` where `wackee` is a per-side deck: it needs its side, `wackee(s)`. */
export function deckOwnerMissing(loc: Loc, deck: string, declared: Loc): Diagnostic {
  return diagnosticAt('deck_owner_missing', 'error', `deck "${deck}" is one per side: say whose, as in ${deck}(s)`, loc, [
    noteAt(`"${deck}" is declared per side here`, declared),
  ]);
}
