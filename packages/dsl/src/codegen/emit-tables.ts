// The data tables of the GameDef: options, enums, faces, zones, variables, decks, dice, melds, sides, layout.
import type * as A from '../ast/index.ts';
import type { CheckedGame, DeckInfo, Type } from '../check/model.ts';
import { declaredRange, type RangeBound } from '../check/types/range-bounds.ts';
import { CodegenError, expr, toStored } from './compile-expr.ts';
import { FnScope, type ModuleBuilder } from './module-builder.ts';
import { arrowCode, code, type Code, jsName, lit } from './names.ts';

export function optionsTable(game: CheckedGame): unknown[] {
  return game.options.map((o) => ({
    name: o.name,
    description: o.description,
    kind: o.kind,
    min: o.min,
    max: o.max,
    values: o.kind === 'enum' ? game.enums.find((e) => e.name === o.enumName)?.values : undefined,
    default: o.default,
    group: o.group,
  }));
}

export function enumsTable(game: CheckedGame): unknown[] {
  return game.enums.map((e) => ({ name: e.name, values: e.values, symbols: e.symbols }));
}

export function facesTable(game: CheckedGame): unknown {
  return {
    kinds: game.kinds.map((k) => k.name),
    attrs: game.attrs.map((a) => ({
      name: a.name,
      enumIndex: a.enumName === null ? -1 : (game.enums.find((e) => e.name === a.enumName)?.index ?? -1),
      numberSymbols: Object.keys(a.numberSymbols).length > 0 ? a.numberSymbols : undefined,
    })),
    kind: game.faces.map((f) => f.kind),
    values: game.attrs.map((a) => game.faces.map((f) => f.values[a.index] ?? -1)),
    notation: game.faces.map((f) => f.notation),
  };
}

export function zonesTable(game: CheckedGame, mod: ModuleBuilder): unknown[] {
  return game.zones.map((z) => {
    let hiddenWhen: Code | undefined;
    if (z.decl.unless !== null) {
      const f = new FnScope(mod, `${z.name}_hidden`);
      hiddenWhen = arrowCode(expr(z.decl.unless, f));
    }
    // Every zone of every game has the same properties (absent ones written undefined): one
    // object shape for the runtime's visibility and move code across games (issue 24).
    const absent = code('undefined');
    return {
      name: z.name,
      scope: z.scope,
      shape: z.shape,
      slots: z.slots ?? absent,
      visibility: z.visibility,
      hiddenWhen: hiddenWhen ?? absent,
      refill: z.refill ?? absent,
    };
  });
}

export function varsTable(game: CheckedGame, mod: ModuleBuilder): unknown[] {
  return game.vars.map((v) => {
    const init = v.decl === null ? '0' : toStored(v.decl.init, new FnScope(mod, `${v.name}_init`), v.type);
    const range = v.decl === null ? null : declaredRange(game, v.decl.type);
    const bound = (b: RangeBound): unknown => (b.kind === 'number' ? b.value : { option: b.option.index });
    return { name: v.name, scope: v.scope, type: typeTag(v.type), init: arrowCode(init), range: range === null ? undefined : range.map(bound) };
  });
}

export function decksTable(game: CheckedGame, mod: ModuleBuilder): unknown[] {
  return game.decks.map((d) => ({
    name: d.name,
    perSide: d.perSide,
    home: d.home ?? game.zones.find((z) => z.scope === (d.perSide ? 'side' : 'shared') && z.shape === 'pile')?.index ?? -1,
    build: code(deckBuild(d, mod)),
  }));
}

/**
 * A deck's build function: each line pushes its faces `count` times; a `where` that reads
 * options is decided per face at set-up (the face's attributes are constants here).
 */
function deckBuild(d: DeckInfo, mod: ModuleBuilder): string {
  const name = mod.unique(`deck_${d.name}`);
  const f = new FnScope(mod, name);
  const body = ['const faces: number[] = [];'];
  const copies = d.decl.copies;
  const lines: string[] = [];
  for (const line of d.lines) {
    const count = expr(line.decl.count, f);
    const groups: [string, number[]][] = [];
    if (line.faces !== null) groups.push(['', line.faces]);
    else {
      const byCond = new Map<string, number[]>();
      for (const fi of line.candidates) {
        const face = mod.game.faces[fi]!;
        const scope = new FnScope(mod, name, new Map(), undefined, { face });
        const cond = expr(line.decl.where!, scope);
        if (cond === 'false') continue;
        byCond.set(cond, [...(byCond.get(cond) ?? []), fi]);
      }
      for (const [cond, faces] of byCond) groups.push([cond === 'true' ? '' : cond, faces]);
    }
    for (const [cond, faces] of groups) {
      if (faces.length === 0) continue;
      const push = `faces.push(${lit(faces).slice(1, -1)});`;
      const repeat = count === '1' ? [push] : [`for (let k = 0, n = ${count}; k < n; k++) {`, push, '}'];
      lines.push(...(cond === '' ? repeat : [`if (${cond}) {`, ...repeat, '}']));
    }
  }
  if (copies !== null) {
    body.push(`for (let copy = 0, copies = ${expr(copies, f)}; copy < copies; copy++) {`, ...lines, '}');
  } else body.push(...lines);
  body.push('return faces;');
  mod.addFunction({ name, params: [{ name: 'x', type: 'Ctx' }], returnType: 'number[]', body, doc: `deck ${d.name}` });
  return name;
}

export function diceTable(game: CheckedGame): unknown[] {
  return game.dice.map((d) => ({ name: d.name, faces: d.faces, enum: d.type.t === 'enum' ? d.type.name : undefined }));
}

/**
 * A checked type as `VarDef.type` spells it: `number`, `bool`, `player`, `enum:Colour`,
 * `[card]` for a list, `player?` for an optional.
 */
export function typeTag(t: Type): string {
  switch (t.t) {
    case 'enum': return `enum:${t.name}`;
    case 'list': return `[${typeTag(t.of)}]`;
    case 'optional': return `${typeTag(t.of)}?`;
    case 'zone': return 'zone';
    case 'family': return 'family';
    case 'deck':
    case 'die':
    case 'meld_rules': return `${t.t}:${t.name}`;
    default: return t.t;
  }
}

export function meldsTable(game: CheckedGame, mod: ModuleBuilder): unknown[] {
  return game.melds.map((m) => {
    const cardFn = (label: string, rule: { variable: A.Ident; e: A.Expr } | null, fallback: string, ret: 'boolean' | 'number'): Code => {
      if (rule === null) return arrowCode(fallback);
      const name = mod.unique(`${m.name}_${label}`);
      const f = new FnScope(mod, name);
      const v = jsName(rule.variable.text);
      f.bind(rule.variable.text, { js: v, ts: 'number' });
      mod.addFunction({ name, params: [{ name: 'x', type: 'Ctx' }, { name: v, type: 'number' }], returnType: ret, body: [`return ${expr(rule.e, f)};`] });
      return code(name);
    };
    return {
      name: m.name,
      minSize: m.minSize,
      minRank: m.minRank,
      maxRank: m.maxRank,
      books: m.books,
      runs: m.runs,
      allWildMeld: m.allWildMeld,
      allWildWhen: m.allWildWhen === null ? undefined : arrowCode(expr(m.allWildWhen, new FnScope(mod, m.name))),
      rankAttr: m.rankAttr,
      suitAttr: m.suitAttr,
      isWild: cardFn('wild', m.wild && { variable: m.wild.variable, e: m.wild.cond }, 'false', 'boolean'),
      points: cardFn('points', m.points && { variable: m.points.variable, e: m.points.value }, '0', 'number'),
    };
  });
}

/** `sides { when players <= 6: one per player  otherwise: pairs, odd player alone }` */
export function sidesTable(game: CheckedGame, mod: ModuleBuilder): unknown {
  if (game.sides === null) return undefined;
  const f = new FnScope(mod, 'sides', new Map(), undefined, { playersCount: 'n' });
  const arrangement = (a: A.SidesArrangement): string =>
    a.kind === 'one_per_player' ? "'one_per_player'" : a.across === true ? "'pairs_across'" : a.oddAlone ? "'pairs_odd_alone'" : "'pairs'";
  let choice = "'one_per_player'";
  for (const c of [...game.sides.cases].reverse()) {
    choice = c.when === null ? arrangement(c.arrangement) : `${expr(c.when, f)} ? ${arrangement(c.arrangement)} : ${choice}`;
  }
  const assign = mod.useRuntime('assignSides');
  return { assign: arrowCode(`${assign}(n, ${choice}, ${game.roles.length})`, ['n']), roles: game.roles };
}

const PLACES = new Set(['bottom', 'top', 'centre', 'around', 'side']);

export function layoutTable(game: CheckedGame): unknown {
  const colours: Record<string, string> = {};
  const symbols: Record<string, string> = {};
  const names: Record<string, string> = {};
  const cards: Record<string, unknown> = {};
  const places: unknown[] = [];
  for (const item of game.layout?.items ?? []) {
    if (item.kind === 'layout_colours') {
      for (const c of item.colours) {
        colours[c.name.text] = c.value.value;
        if (c.symbol) symbols[c.name.text] = c.symbol.value;
      }
    } else if (item.kind === 'layout_names') {
      for (const n of item.names) names[n.name.text] = n.value.value;
    } else if (item.kind === 'layout_card') {
      const props: Record<string, unknown> = {};
      for (const p of item.props) {
        props[p.name.text] = Array.isArray(p.value) ? p.value.map((i) => i.text) : p.value.value;
      }
      cards[item.cardKind.text] = props;
    } else {
      for (const p of item.places) {
        const of = p.zone.of === null ? 'shared' : p.zone.of.text === 'me' ? 'me' : 'others';
        const at = PLACES.has(p.position.text) ? p.position.text : 'side';
        places.push({ zone: p.zone.zone.text, of, at });
      }
    }
  }
  // Only present when used, so games without them generate exactly as before.
  return { colours, cards, places, ...(Object.keys(symbols).length > 0 ? { symbols } : {}), ...(Object.keys(names).length > 0 ? { names } : {}) };
}

export function ensure(cond: unknown, message: string, node?: A.Node): asserts cond {
  if (!cond) throw new CodegenError(message, node);
}
