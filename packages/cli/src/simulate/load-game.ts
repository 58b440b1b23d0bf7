// Loads a game for simulation: a launch game by id (its generated module) or an author's rule file.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { GameDef, OptionValue } from './runtime.ts';
import { compileRulesInMemory, importCompiled } from '@decksmith/dsl/node/compile-in-memory.ts';
import { findRoot } from '@decksmith/dsl/node/pipeline.ts';

/** A problem the user can fix (bad game name, rule-file errors, bad option): printed, exit 1. */
export class SimulateError extends Error {}

function isGameDef(x: unknown): x is GameDef {
  const d = x as Partial<GameDef> | null;
  return !!d && typeof d === 'object' && typeof d.id === 'string' && Array.isArray(d.actions) && Array.isArray(d.zones);
}

/** The GameDef a module exports (`game`, else the first export that is one). */
export function gameOf(mod: Record<string, unknown>): GameDef | null {
  if (isGameDef(mod.game)) return mod.game;
  for (const v of Object.values(mod)) if (isGameDef(v)) return v;
  return null;
}

/**
 * Loads `spec`: a path to a `.rules` file (compiled in memory), or a game id such as
 * `super-taki` (or `super-taki/taki-pyramid` for a variant) from its generated module.
 *
 * @example
 * const def = await loadGame('five-crowns');
 */
export async function loadGame(spec: string, root: string = findRoot()): Promise<GameDef> {
  if (spec.endsWith('.rules')) {
    if (!existsSync(spec)) throw new SimulateError(`No rule file at ${spec}.`);
    const r = await compileRulesInMemory(spec);
    if (r.js === null) throw new SimulateError(`${spec} has errors:\n${r.report.join('\n')}`);
    const def = gameOf(await importCompiled(r.js));
    if (def === null) throw new SimulateError(`${spec} compiled to a module without a game.`);
    return def;
  }
  const [id, variant] = spec.split('/');
  if (!id || !/^[a-z0-9-]+$/.test(id) || (variant !== undefined && !/^[a-z0-9-]+$/.test(variant))) {
    throw new SimulateError(`"${spec}" is neither a game id (like super-taki) nor a .rules file.`);
  }
  const file = join(root, 'games', id, 'generated', `${variant ?? id}.generated.ts`);
  const candidates = [`@decksmith/game-${id}${variant ? `/${variant}` : ''}`, ...(existsSync(file) ? [pathToFileURL(resolve(file)).href] : [])];
  let lastError: unknown = null;
  for (const c of candidates) {
    try {
      const def = gameOf((await import(c)) as Record<string, unknown>);
      if (def !== null) return def;
    } catch (e) {
      lastError = e;
    }
  }
  const why = lastError instanceof Error && !/Cannot find (package|module)/.test(lastError.message) ? ` (${lastError.message})` : '';
  throw new SimulateError(`No generated game "${spec}": expected ${file} (run decksmith gen)${why}.`);
}

/** Parses `--option` values by each option's kind (durations accept `4s` and `300ms`). */
export function parseOptions(def: GameDef, given: Record<string, string>): Record<string, OptionValue> {
  const out: Record<string, OptionValue> = {};
  for (const [name, text] of Object.entries(given)) out[name] = parseOptionValue(def, name, text);
  return out;
}

export function parseOptionValue(def: GameDef, name: string, text: string): OptionValue {
  const o = def.options.find((x) => x.name === name);
  if (o === undefined) throw new SimulateError(`${def.title} has no option "${name}" (options: ${def.options.map((x) => x.name).join(', ') || 'none'}).`);
  const t = text.trim();
  if (o.kind === 'bool') {
    if (t === 'true' || t === '1') return true;
    if (t === 'false' || t === '0') return false;
    throw new SimulateError(`Option ${name} must be true or false.`);
  }
  if (o.kind === 'enum') return t;
  const m = /^(-?\d+(?:\.\d+)?)(ms|s)?$/.exec(t);
  if (m === null) throw new SimulateError(`Option ${name} must be a number${o.kind === 'duration' ? ' (ms, or with s/ms)' : ''}.`);
  const n = Number(m[1]);
  return m[2] === 's' ? Math.round(n * 1000) : n;
}
