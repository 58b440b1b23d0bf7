// The engine's copy of a game's tables (runtime core/uniform-def.ts, issue 24): across every
// generated game each kind of table object has one property list in one order (what keeps the
// runtime's reads monomorphic when a process hosts several games), and the copy keeps every value.
import { describe, expect, it } from 'vitest';
import { uniformDef } from '@decksmith/runtime';
import { loadGame } from '../../src/simulate/load-game.ts';
import type { GameDef } from '../../src/bench/runtime-api.ts';
import { generatedGames } from './generated-games.ts';

/** The table objects the runtime reads on its hot paths, by where they sit in a GameDef. */
function tables(d: GameDef): [string, object][] {
  const out: [string, object][] = [['def', d], ['rounds', d.rounds], ['dealer', d.rounds.dealer], ['winner', d.winner], ['ties', d.winner.ties]];
  for (const z of d.zones) out.push(['zone', z]);
  for (const v of d.vars) out.push(['var', v]);
  for (const s of d.stages) out.push(['stage', s]);
  for (const w of d.windows) out.push(['window', w]);
  for (const t of d.triggers) out.push(['trigger', t]);
  for (const a of d.actions) {
    out.push(['action', a], ['who', a.who]);
    for (const p of a.params) out.push(['param', p]);
  }
  return out;
}

/** Each kind's distinct property lists (in order) over the given games. */
function layouts(defs: GameDef[]): Map<string, Set<string>> {
  const m = new Map<string, Set<string>>();
  for (const d of defs) {
    for (const [kind, o] of tables(d)) {
      if (!m.has(kind)) m.set(kind, new Set());
      m.get(kind)!.add(Object.keys(o).join(','));
    }
  }
  return m;
}

/** Paths where `copy` lost or changed a value of `orig` (functions and arrays by identity below the tables). */
function differences(orig: unknown, copy: unknown, path: string, out: string[]): void {
  if (orig === copy) return;
  if (typeof orig !== 'object' || orig === null || typeof copy !== 'object' || copy === null) {
    out.push(path);
    return;
  }
  if (Array.isArray(orig)) {
    if (!Array.isArray(copy) || copy.length !== orig.length) out.push(path);
    else orig.forEach((x, i) => differences(x, copy[i], `${path}[${i}]`, out));
    return;
  }
  const o = orig as Record<string, unknown>;
  const c = copy as Record<string, unknown>;
  for (const k of new Set([...Object.keys(o), ...Object.keys(c)])) differences(o[k], c[k], `${path}.${k}`, out);
}

const GAMES = generatedGames();

describe('uniformDef: one layout per kind of table, every value kept', () => {
  it('every generated game, copied, has one property list per kind; as generated they differ', async () => {
    const defs = await Promise.all(GAMES.map(async (g) => (await loadGame(g)) as unknown as GameDef));
    expect(defs.length).toBeGreaterThanOrEqual(8);
    const before = layouts(defs);
    // Why the copy exists: the generated modules write only the properties a game uses.
    for (const kind of ['def', 'stage', 'param', 'who', 'rounds']) expect(before.get(kind)!.size, kind).toBeGreaterThan(1);
    const after = layouts(defs.map((d) => uniformDef(d)));
    for (const [kind, lists] of after) expect([...lists], kind).toHaveLength(1);
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
  });

  it.each(GAMES)('%s: the copy has every value of the game (the same functions, arrays and numbers)', async (spec) => {
    const def = (await loadGame(spec)) as unknown as GameDef;
    const copy = uniformDef(def);
    expect(copy).not.toBe(def);
    const out: string[] = [];
    differences(def, copy, 'def', out);
    expect(out).toEqual([]);
    // Cached, and its own image: the engine and every later call share one copy.
    expect(uniformDef(def)).toBe(copy);
    expect(uniformDef(copy)).toBe(copy);
  });
});
