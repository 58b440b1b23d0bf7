// Runs a set of scenario texts: parses each, finds the game it names (through a GameFinder the
// caller gives: the disk for `decksmith scenario`, a draft's files for the server), compiles each
// game once with every scenario's probes, runs them and returns one result per scenario.
import type * as A from '../ast/index.ts';
import type { CheckedGame } from '../check/model.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import * as sd from '../diagnostics/scenario.ts';
import { parseScenario } from '../parse/parse-scenario.ts';
import { addOperandProbes, planScenario, type ProbeCounter, type ScenarioPlan } from './plan.ts';
import { checkWithProbes, type GameSource, type LoadGame } from './probes.ts';
import { reportMeWithoutActor } from './report-me-without-actor.ts';
import { runScenario } from './run-scenario.ts';
import type { Runtime } from './runtime.ts';

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

/** Where the games scenarios name are: `find` resolves a `for` line to a key (or says where it looked), `read` gives that game's source. */
export interface GameFinder {
  find(game: A.ScenarioAst['game'], fromFile: string): { path: string | null; tried: string[] };
  read(path: string): GameSource;
}

/** What running needs besides the texts: the runtime module and how to load a checked game (both from the Node edge). */
export interface ScenarioDeps {
  runtime: Runtime;
  load: LoadGame;
}

interface Parsed {
  file: string;
  text: string;
  ast: A.ScenarioAst | null;
  result: ScenarioResult;
}

/**
 * Runs scenario texts. Never throws for an author's mistake: a broken file is a result with
 * diagnostics. Results come in the order of `scenarios`.
 *
 * @example
 * const run = await runScenarioSet([{ file: 'scenarios/basic.scenario', text }], finder, { runtime, load });
 */
export async function runScenarioSet(scenarios: readonly { file: string; text: string }[], finder: GameFinder, deps: ScenarioDeps): Promise<ScenarioRun> {
  const texts = new Map<string, string>();
  const groups = new Map<string, Parsed[]>();
  const parsedAll: Parsed[] = [];
  for (const { file, text } of scenarios) {
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
    const found = finder.find(g, file);
    if (found.path === null) {
      const loc = g.kind === 'id' ? g.id.loc : g.path.loc;
      p.result.diagnostics = [sd.gameNotFound(loc, g.kind === 'id' ? `game "${g.id.text}"` : `"${g.path.value}"`, found.tried)];
      continue;
    }
    groups.set(found.path, [...(groups.get(found.path) ?? []), p]);
  }
  for (const [path, members] of groups) await runGroup(finder.read(path), members, texts, deps);
  return { results: parsedAll.map((p) => p.result), texts };
}

/** One game: its model, every member's plan, one compile with all their probes, then the runs. */
async function runGroup(src: GameSource, members: Parsed[], texts: Map<string, string>, deps: ScenarioDeps): Promise<void> {
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
  const loaded = await deps.load(model, plans.flatMap((p) => p.plan.probes.map((x) => x.name)));
  if (!('def' in loaded)) {
    for (const p of plans) p.member.result.diagnostics = [loaded];
    return;
  }
  for (const { member, plan } of plans) {
    const outcome = runScenario(deps.runtime, plan, loaded);
    member.result.steps = outcome.steps;
    member.result.status = outcome.failure === null ? 'passed' : 'failed';
    member.result.diagnostics = [...(outcome.failure === null ? [] : [outcome.failure]), ...outcome.warnings];
  }
}
