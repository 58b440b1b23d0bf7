// How to play, generated from a compiled game's tables (its client def) and a table's options: the cards, the zones, the flow, every action, the end and the scoring. Pure; game-agnostic.
import type { ClientAction, ClientDef, ClientParam, ClientZone, OptionInfo } from '@decksmith/protocol';
import { humanize } from '../state/def.ts';
import { readable } from '../state/names.ts';

export interface RulesSection {
  id: string;
  title: string;
  lines: string[];
}

export interface ActionAccount {
  name: string;
  title: string;
  /** What it lets you do. */
  what: string;
  /** When and who. */
  when: string;
  notes: string[];
}

export interface RulesAccount {
  title: string;
  summary: string;
  players: string;
  options: { name: string; label: string; value: string; changed: boolean }[];
  sections: RulesSection[];
  actions: ActionAccount[];
}

const VISIBILITY: Record<string, string> = {
  visible: 'every card face up',
  top: 'only the top card face up',
  owner: 'only its owner sees the faces',
  hidden: 'face down',
  count: 'only how many cards it holds is shown',
};
const SHAPE: Record<string, string> = { pile: 'a pile', fan: 'a hand', row: 'a row', piles: 'piles' };

function list(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** "Stock: a pile, shared, face down." */
function zoneLine(def: ClientDef, z: ClientZone): string {
  const scope = z.scope === 'shared' ? 'shared by everyone' : z.scope === 'player' ? 'one per player' : 'one per side';
  const slots = z.slots !== undefined ? ` of ${z.slots} places` : '';
  return `${readable(def, z.name)}: ${SHAPE[z.shape] ?? z.shape}${slots}, ${scope}; ${VISIBILITY[z.visibility] ?? z.visibility}.`;
}

/** The cards: kinds, and the attributes that tell them apart (with their values). */
function cardLines(def: ClientDef): string[] {
  const faces = def.faces;
  const out: string[] = [];
  const n = faces.notation.length;
  if (n > 0) out.push(`${n} different card${n === 1 ? '' : 's'}${faces.kinds.length > 1 ? `, of ${faces.kinds.length} kinds (${list(faces.kinds.map((k) => readable(def, k)))})` : ''}.`);
  for (const a of faces.attrs) {
    const e = a.enumIndex >= 0 ? def.enums[a.enumIndex] : undefined;
    if (e) out.push(`${readable(def, a.name)}: ${e.values.map((v, i) => e.symbols?.[i] ?? readable(def, v)).join(' ')}.`);
    else out.push(`${readable(def, a.name)}: a number.`);
  }
  if (n > 0 && n <= 60) out.push(`Every card: ${faces.notation.join(' ')}.`);
  for (const d of def.dice) out.push(`A die, ${readable(def, d.name)}${d.enum ? ` (faces: ${def.enums.find((x) => x.name === d.enum)?.values.map((v) => readable(def, v)).join(', ') ?? ''})` : ''}.`);
  return out;
}

function paramText(def: ClientDef, p: ClientParam): string {
  const label = readable(def, p.name).toLowerCase();
  const opt = p.optional ? ' (optional)' : '';
  switch (p.kind) {
    case 'card':
      return `a card${label.length > 1 ? ` (${label})` : ''}${opt}`;
    case 'cards':
      return `some cards${label.length > 1 ? ` (${label})` : ''}${opt}`;
    case 'player':
      return `a player${opt}`;
    case 'bool':
      return `yes or no${label.length > 1 ? ` (${label})` : ''}${opt}`;
    case 'pile':
      return `a pile${p.orNew ? ' (or a new one)' : ''}${opt}`;
    case 'enum': {
      const e = def.enums[p.enumIndex];
      return `a ${e ? readable(def, e.name).toLowerCase() : label}${e ? ` (${e.values.map((v) => readable(def, v)).join(', ')})` : ''}${opt}`;
    }
    case 'int':
      return `a number from ${p.min} to ${p.max}${opt}`;
  }
}

function whoText(def: ClientDef, a: ClientAction): string {
  if (a.who === 'current') return 'The player whose turn it is';
  if (a.who === 'role') return `A player who is ${readable(def, a.role ?? 'the role holder').toLowerCase()}`;
  return 'Anyone, at any moment';
}

function actionAccount(def: ClientDef, a: ClientAction, timerActions: ReadonlySet<string>, options: Readonly<Record<string, unknown>>): ActionAccount {
  const title = readable(def, a.name);
  const what = a.params.length === 0 ? `${title}.` : `${title}: choose ${list(a.params.map((p) => paramText(def, p)))}.`;
  const stages = a.during.map((s) => readable(def, s));
  const when = `${whoText(def, a)}${stages.length > 0 && stages.length < def.stages.length + def.windows.length ? `, during ${list(stages)}` : ''}${a.who === 'current' ? '' : ', while the rules allow it'}.`;
  const notes: string[] = [];
  if (timerActions.has(a.name)) notes.push('Done for you when your turn’s time runs out.');
  if (a.races) notes.push('A race: when several players try it at once, the first one to send it wins (send times, not arrival, decide).');
  const rate = typeof a.rate === 'number' ? a.rate : a.rateOption ? Number(options[a.rateOption] ?? def.options?.find((o) => o.name === a.rateOption)?.default) : undefined;
  if (rate !== undefined && Number.isFinite(rate) && rate > 0) notes.push(`At most once every ${rate >= 1000 ? `${rate / 1000} s` : `${rate} ms`}.`);
  if (a.once) notes.push('Once per turn at most.');
  return { name: a.name, title, what, when, notes };
}

function stageLine(def: ClientDef, s: ClientDef['stages'][number]): string {
  const name = readable(def, s.name);
  const kind = s.kind === 'turns' ? 'players take turns' : s.kind === 'realtime' ? 'everyone plays at once, in real time' : s.kind === 'simultaneous' ? 'everyone chooses in secret, revealed together' : humanize(s.kind).toLowerCase();
  const steps = s.steps && s.steps.length > 0 ? ` Each turn goes: ${list(s.steps.map((x) => readable(def, x)))}.` : '';
  const timer = s.turnTimer ? ` A turn has a time limit (when it runs out: ${readable(def, s.turnTimer)}).` : '';
  const idle = s.idle && s.idle.length > 0 ? ` It ends when nobody has done ${list(s.idle.map((x) => readable(def, x)))} for a while.` : '';
  return `${name}: ${kind}.${steps}${timer}${idle}`;
}

/** A value as people read it, from the options list (enum names, seconds, yes/no). */
function optionValue(o: OptionInfo, raw: unknown): string {
  const v = raw ?? o.default;
  if (o.kind === 'bool') return v === true || v === 1 ? 'yes' : 'no';
  if (o.kind === 'enum') return typeof v === 'string' ? v : (o.values?.[Number(v)] ?? String(v));
  if (o.kind === 'duration') return Number(v) === 0 ? 'off' : `${Number(v) / 1000} s`;
  return String(v);
}

/** How rounds go and when the game ends, from the server's reading of the game's round tables at this table. */
export function roundLines(r: { count: number | null; until: boolean; untilText?: string | null; dealer: { first: string; rotate: string }; scoredEachRound: boolean; ties: string }): string[] {
  const out: string[] = [];
  // The condition as the rule file writes it (`max score(s) for s in sides >= target`), when the server has it.
  const cond = r.untilText ? `this holds after a round’s scoring: ${r.untilText}` : null;
  if (r.count !== null) out.push(r.count === 1 ? 'The game is one round.' : `The game lasts ${r.count} rounds${r.until ? `, unless ${cond ? `before that ${cond}` : 'its end condition is met before'}` : ''}.`);
  else if (r.until) out.push(cond ? `Rounds are played until ${cond}.` : 'Rounds are played until the game’s end condition holds after a round’s scoring.');
  if (r.scoredEachRound) out.push('Points are scored at the end of every round.');
  const first = r.dealer.first === 'random' ? 'The first dealer is drawn at random' : 'Player 1 deals first';
  out.push(`${first}${r.dealer.rotate === 'fixed' ? ' and keeps dealing' : `, then the deal passes to the ${r.dealer.rotate}`}.`);
  out.push(r.ties === 'replay' ? 'A tie for the win is played off with another round.' : 'A tie for the win is a shared win.');
  return out;
}

/** The deal, from the zones' counts right after it (per-player zones said once when every player gets the same). */
export function dealLines(def: ClientDef, zones: readonly { zone: string; owner: number; count: number }[], players: number): string[] {
  const out: string[] = [`At a table of ${players}:`];
  for (const z of def.zones) {
    const inst = zones.filter((x) => x.zone === z.name);
    if (inst.length === 0) continue;
    const name = readable(def, z.name);
    const counts = inst.map((x) => x.count);
    const cards = (n: number) => `${n} card${n === 1 ? '' : 's'}`;
    if (z.scope === 'shared') {
      const total = counts.reduce((a, b) => a + b, 0);
      if (total > 0) out.push(`${name}: ${cards(total)}${inst.length > 1 ? ` in ${inst.length} piles` : ''}.`);
    } else if (counts.every((n) => n === counts[0])) {
      if (counts[0]! > 0) out.push(`${name}: ${cards(counts[0]!)} for each ${z.scope === 'player' ? 'player' : 'side'}.`);
    } else out.push(`${name}: ${inst.map((x) => `${cards(x.count)} for ${z.scope === 'player' ? 'player' : 'side'} ${x.owner + 1}`).join(', ')}.`);
  }
  if (out.length === 1) out.push('Nothing is dealt before play starts.');
  return out;
}

/**
 * The whole account of `def` at a table with `chosen` options (names to values as the room
 * summary gives them; absent ones are at their defaults).
 *
 * @example
 * describeGame(def, game.options, room.options).actions.map((a) => a.name) // every action of the game
 */
export function describeGame(def: ClientDef, optionInfo: readonly OptionInfo[], chosen: Readonly<Record<string, unknown>> = {}): RulesAccount {
  const timerActions = new Set(def.stages.flatMap((s) => (s.turnTimer ? [s.turnTimer] : [])));
  const sections: RulesSection[] = [];
  sections.push({ id: 'cards', title: 'The cards', lines: cardLines(def) });
  sections.push({ id: 'table', title: 'On the table', lines: def.zones.map((z) => zoneLine(def, z)) });
  const flow = def.stages.map((s) => stageLine(def, s));
  for (const w of def.windows) flow.push(`${readable(def, w.name)}: a moment when ${w.blocking ? 'play stops until it is answered' : 'players may answer while play goes on'}${w.timed ? ', for a limited time' : ''}.`);
  if (def.roles.length > 0) flow.push(`Roles: ${list(def.roles.map((r) => readable(def, r)))}.`);
  sections.push({ id: 'flow', title: 'How a round goes', lines: flow });
  const score = def.vars[def.scoreVar];
  const scoring = [
    `Scores are kept as ${readable(def, score?.name ?? 'score').toLowerCase()}${score?.scope === 'player' ? ', per player' : ''}.`,
    `When the game ends, the ${def.winner.by} score wins.`,
  ];
  const others = def.vars.filter((v, i) => i !== def.scoreVar && v.scope === 'player').map((v) => readable(def, v.name));
  if (others.length > 0) scoring.push(`Also counted per player: ${list(others)}.`);
  sections.push({ id: 'scoring', title: 'The end and the scoring', lines: scoring });
  return {
    title: def.title,
    summary: def.summary,
    players: def.minPlayers === def.maxPlayers ? `${def.minPlayers} players` : `${def.minPlayers}–${def.maxPlayers} players`,
    options: optionInfo.map((o) => ({ name: o.name, label: o.description || readable(def, o.name), value: optionValue(o, chosen[o.name]), changed: chosen[o.name] !== undefined && optionValue(o, chosen[o.name]) !== optionValue(o, undefined) })),
    sections,
    actions: def.actions.map((a) => actionAccount(def, a, timerActions, chosen)),
  };
}
