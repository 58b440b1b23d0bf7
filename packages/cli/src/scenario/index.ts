// The scenario runner: finds scenario files, compiles each game once with every scenario's
// probes, runs the scenarios and returns one result per file.
import { readFileSync } from 'node:fs';
import { findFiles } from '@decksmith/dsl/node/find-rules.ts';
import type * as A from '@decksmith/dsl/ast/index.ts';
import type { CheckedGame } from '@decksmith/dsl/check/model.ts';
import type { Diagnostic } from '@decksmith/dsl/diagnostics/diagnostic.ts';
import * as sd from '@decksmith/dsl/diagnostics/scenario.ts';
import { loadRuntime } from '../play/runtime-api.ts';
import { checkWithProbes, loadModule, readGameSource, type GameSource } from './compile-game.ts';
import { ruleFileOfId, ruleFileOfPath } from './game-file.ts';
import { parseScenario } from '@decksmith/dsl/parse/parse-scenario.ts';
import { addOperandProbes, planScenario, type ProbeCounter, type ScenarioPlan } from './plan.ts';
import { reportMeWithoutActor } from './report-me-without-actor.ts';
import { runScenario } from './run-scenario.ts';

export { parseScenario } from '@decksmith/dsl/parse/parse-scenario.ts';

export type ScenarioStatus = 'passed' | 'failed' | 'broken';

export interface ScenarioResult {
  file: string;
  /** The scenario's name (its file name when it does not parse). */
  name: string;
  /** The game id or rule-file path it is for. */
  game: string;
  status: ScenarioStatus;
  /** Why it failed (one) or is broken (every problem found). */
  diagnostics: Diagnostic[];
  /** Steps run. */
  steps: number;
}

export interface ScenarioRun {
  results: ScenarioResult[];
  /** Every text read (scenario and rule files), by the name diagnostics use, for caret excerpts. */
  texts: Map<string, string>;
}

/** The scenario files of the arguments (folders recursively, as games are found), or the first path that does not exist. */
export function collectScenarioFiles(paths: readonly string[]): string[] | { missing: string } {
  return findFiles(paths, '.scenario');
}

interface Parsed {
  file: string;
  text: string;
  ast: A.ScenarioAst | null;
  result: ScenarioResult;
}

/**
 * Runs scenario files (paths as given; `root` is the repository root where game ids are
 * looked up). Never throws for an author's mistake: a broken file is a result with diagnostics.
 *
 * @example
 * const { results, texts } = await runScenarioFiles(['games/super-taki/scenarios'], findRoot());
 */
export async function runScenarioFiles(files: readonly string[], root: string): Promise<ScenarioRun> {
  const texts = new Map<string, string>();
  const groups = new Map<string, Parsed[]>();
  const parsedAll: Parsed[] = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    texts.set(file, text);
    const { scenario, diagnostics } = parseScenario(text, file);
    const p: Parsed = {
      file, text, ast: scenario,
      result: { file, name: scenario?.name.value ?? file, game: '?', status: 'broken', diagnostics, steps: 0 },
    };
    parsedAll.push(p);
    if (scenario === null) continue;
    const g = scenario.game;
    p.result.game = g.kind === 'id' ? g.id.text : g.path.value;
    const found = g.kind === 'id' ? ruleFileOfId(root, g.id.text) : ruleFileOfPath(root, g.path.value, file);
    if (found.path === null) {
      const loc = g.kind === 'id' ? g.id.loc : g.path.loc;
      p.result.diagnostics = [sd.gameNotFound(loc, g.kind === 'id' ? `game "${g.id.text}"` : `"${g.path.value}"`, found.tried)];
      continue;
    }
    groups.set(found.path, [...(groups.get(found.path) ?? []), p]);
  }
  for (const [path, members] of groups) await runGroup(readGameSource(root, path), members, texts);
  return { results: parsedAll.map((p) => p.result), texts };
}

/** One game: its model, every member's plan, one compile with all their probes, then the runs. */
async function runGroup(src: GameSource, members: Parsed[], texts: Map<string, string>): Promise<void> {
  for (const [k, v] of src.texts) texts.set(k, v);
  const base = checkWithProbes(src, []);
  for (const [k, v] of src.texts) texts.set(k, v);
  if (base.model === null) {
    for (const m of members) m.result.diagnostics = base.errors;
    return;
  }
  const counter: ProbeCounter = { n: 0 };
  let plans: { member: Parsed; plan: ScenarioPlan }[] = [];
  for (const m of members) {
    const plan = planScenario(m.ast!, m.text, base.model, counter);
    if (plan.diagnostics.length > 0) m.result.diagnostics = plan.diagnostics;
    else plans.push({ member: m, plan });
  }
  // Check every scenario's probes at once; a scenario whose expressions have errors is broken.
  let model: CheckedGame | null = null;
  for (let attempt = 0; plans.length > 0 && model === null && attempt < 8; attempt++) {
    const checked = checkWithProbes(src, plans.flatMap((p) => p.plan.probes));
    if (checked.model !== null) {
      model = checked.model;
      break;
    }
    const bad = new Set(checked.errors.map((d) => d.file));
    const blamed = plans.filter((p) => bad.has(p.member.file));
    if (blamed.length === 0) {
      for (const p of plans) p.member.result.diagnostics = checked.errors;
      return;
    }
    for (const p of blamed) p.member.result.diagnostics = checked.errors.filter((d) => d.file === p.member.file);
    plans = plans.filter((p) => !bad.has(p.member.file));
  }
  if (model === null) return;
  // `me` means the acting seat: outside a `does` step's arguments it means nothing.
  const refs = model.refs;
  plans = plans.filter((p) => {
    const problems = reportMeWithoutActor(p.plan.ast, refs);
    if (problems.length > 0) p.member.result.diagnostics = problems;
    return problems.length === 0;
  });
  if (plans.length === 0) return;
  // Operand probes let a failing expectation say what it found.
  for (const p of plans) addOperandProbes(p.plan, model.types, counter);
  const withValues = checkWithProbes(src, plans.flatMap((p) => p.plan.probes));
  if (withValues.model !== null) model = withValues.model;
  else {
    for (const p of plans) for (const [n, name] of [...p.plan.probeOf]) if (name.startsWith('__value_')) p.plan.probeOf.delete(n);
    for (const p of plans) p.plan.probes = p.plan.probes.filter((x) => !x.name.startsWith('__value_'));
  }
  const loaded = await loadModule(model, plans.flatMap((p) => p.plan.probes.map((x) => x.name)));
  if (!('def' in loaded)) {
    for (const p of plans) p.member.result.diagnostics = [loaded];
    return;
  }
  const rt = await loadRuntime();
  for (const { member, plan } of plans) {
    const outcome = runScenario(rt, plan, loaded);
    member.result.steps = outcome.steps;
    member.result.status = outcome.failure === null ? 'passed' : 'failed';
    member.result.diagnostics = [...(outcome.failure === null ? [] : [outcome.failure]), ...outcome.warnings];
  }
}
