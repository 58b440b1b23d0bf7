// The typed declarations of a generated module: enums, card kinds, Card, CardId, Action, Options, State, View.
import type { ActionInfo, CheckedGame, Type } from '../check/model.ts';
import { str, upperCamel } from './names.ts';

/** A type alias or interface to add to the module, in order. */
export type TypeDecl =
  | { kind: 'alias'; name: string; type: string; doc?: string }
  | { kind: 'interface'; name: string; members: { name: string; type: string; optional?: boolean; doc?: string }[]; doc?: string };

/** Card notations beyond this many faces are typed `string` (the union would be too large to help). */
export const MAX_NOTATION_UNION = 400;

const FIXED = new Set(['Card', 'CardId', 'CardNotation', 'PileRef', 'Action', 'ActionType', 'Options', 'State', 'View', 'GameDef', 'Ctx', 'Rejection', 'GameState', 'GameView']);

/** TypeScript type names for the game's enums (renamed when they would clash with a fixed name). */
export function enumTypeNames(game: CheckedGame): Map<string, string> {
  const names = new Map<string, string>();
  const kinds = new Set(game.kinds.map((k) => `${k.name}Card`));
  for (const e of game.enums) {
    let name = upperCamel(e.name);
    if (FIXED.has(name) || kinds.has(name)) name = `${name}Value`;
    names.set(e.name, name);
  }
  return names;
}

export function emitTypes(game: CheckedGame): TypeDecl[] {
  const out: TypeDecl[] = [];
  const enumNames = enumTypeNames(game);
  for (const e of game.enums) {
    out.push({ kind: 'alias', name: enumNames.get(e.name)!, type: union(e.values.map(str)) });
  }
  for (const k of game.kinds) {
    const faces = game.faces.filter((f) => f.kind === k.index);
    const members = [{ name: 'kind', type: str(k.name) }];
    for (const ai of k.attrs) {
      const attr = game.attrs[ai]!;
      if (attr.enumName !== null) {
        members.push({ name: attr.name, type: enumNames.get(attr.enumName) ?? 'string' });
      } else {
        const values = [...new Set(faces.map((f) => f.values[ai]!))].sort((a, b) => a - b);
        members.push({ name: attr.name, type: union((values.length > 0 ? values : attr.numbers).map(String)) });
      }
    }
    out.push({ kind: 'interface', name: `${k.name}Card`, members });
  }
  out.push({ kind: 'alias', name: 'Card', type: union(game.kinds.map((k) => `${k.name}Card`)), doc: 'A card face, as the scenario and log notation describe it.' });
  const notations = game.faces.map((f) => str(f.notation));
  out.push({
    kind: 'alias',
    name: 'CardNotation',
    type: notations.length > 0 && notations.length <= MAX_NOTATION_UNION ? union(notations) : 'string',
    doc: 'How a card is written in scenarios and logs.',
  });
  out.push({ kind: 'alias', name: 'CardId', type: `number & { readonly __cardOf: ${str(game.id)} }`, doc: "A card's opaque id as a seat sees it (says nothing about its face)." });
  out.push({ kind: 'alias', name: 'PileRef', type: "number | 'new'", doc: "A pile of a `piles` family, or 'new' to start one." });
  out.push({ kind: 'alias', name: 'Action', type: union(game.actions.map((a) => actionType(a, game, enumNames))), doc: 'Every action a seat may send, with its typed parameters.' });
  out.push({ kind: 'alias', name: 'ActionType', type: "Action['type']" });
  out.push({
    kind: 'interface',
    name: 'Options',
    doc: 'Table options (durations in ms).',
    members: game.options.map((o) => ({
      name: o.name,
      type: o.kind === 'bool' ? 'boolean' : o.kind === 'enum' ? (enumNames.get(o.enumName ?? '') ?? 'string') : 'number',
      doc: o.description || undefined,
    })),
  });
  out.push({ kind: 'alias', name: 'State', type: 'GameState' });
  out.push({ kind: 'alias', name: 'View', type: 'GameView', doc: 'What one seat sees.' });
  return out;
}

function union(items: string[]): string {
  return items.length === 0 ? 'never' : items.join(' | ');
}

function actionType(a: ActionInfo, game: CheckedGame, enumNames: Map<string, string>): string {
  const fields = [`type: ${str(a.name)}`];
  if (a.params.length > 0) {
    const args = a.params.map((p) => {
      const optional = p.decl.condition !== null;
      return `${p.name}${optional ? '?' : ''}: ${paramType(p, game, enumNames)}`;
    });
    fields.push(`args: { ${args.join('; ')} }`);
  }
  if (a.decl.races !== null) fields.push('expect: { height: number; top: CardId | null }');
  return `{ ${fields.join('; ')} }`;
}

function paramType(p: ActionInfo['params'][number], game: CheckedGame, enumNames: Map<string, string>): string {
  const d = p.decl.type;
  if (d.kind === 'param_card') return d.many ? 'CardId[]' : 'CardId';
  if (d.kind === 'param_pile') return d.orNew ? 'PileRef' : 'number';
  return valueType(p.type, game, enumNames);
}

function valueType(t: Type, game: CheckedGame, enumNames: Map<string, string>): string {
  switch (t.t) {
    case 'optional': return valueType(t.of, game, enumNames);
    case 'bool': return 'boolean';
    case 'enum': return enumNames.get(t.name) ?? 'string';
    case 'card': return 'CardId';
    case 'list': return `${valueType(t.of, game, enumNames)}[]`;
    default: return 'number';
  }
}
