// A draft's "run scenarios": its scenarios/*.scenario run against its own rule files by the
// scenario runner of @decksmith/dsl, in the compiler thread (under its time budget), and the
// results as the studio shows them (each problem located, with the caret excerpt).
import type { DraftFile, DraftScenarioProblem, DraftScenarioReport, DraftScenarioResult } from '@decksmith/protocol';
import { DRAFT_FUEL } from '@decksmith/runtime';

/** What the compiler thread is asked: every scenario and every rule file of the draft. */
export interface ScenariosRequest {
  scenarios: DraftFile[];
  rules: DraftFile[];
}

/** The report without the thread's time (added by the compiler). */
export type ScenarioResults = Omit<DraftScenarioReport, 'ms'>;

/** The slice of a dsl Diagnostic the report carries. */
interface Diagnostic {
  code: string;
  severity: 'error' | 'warning';
  message: string;
  file: string;
  line: number;
  col: number;
}

/** What the thread uses of `@decksmith/dsl/node` and `@decksmith/dsl` (reached by variable specifiers, as everywhere in the server). */
export interface ScenarioDsl {
  runScenarioTexts: (
    scenarios: readonly DraftFile[],
    rules: readonly DraftFile[],
    options: { fuel?: number },
  ) => Promise<{ results: { file: string; name: string; game: string; status: DraftScenarioResult['status']; diagnostics: Diagnostic[]; steps: number }[]; texts: Map<string, string> }>;
  formatDiagnostic: (d: Diagnostic, source?: string) => string;
}

/** A draft's scenario files (`scenarios/*.scenario`), in name order. */
export function scenarioFiles(files: readonly DraftFile[]): DraftFile[] {
  return files.filter((f) => f.name.startsWith('scenarios/') && f.name.endsWith('.scenario')).sort((a, b) => a.name.localeCompare(b.name));
}

/** The answer when there is nothing to run (no thread is started for it). */
export const NO_SCENARIOS: ScenarioResults = {
  scenarios: [], passed: 0, failed: 0, broken: 0,
  message: 'The draft has no scenarios: add one (scenarios/<name>.scenario) to check the game step by step.',
};

/**
 * Runs the scenarios (in the compiler thread) and shapes the report.
 *
 * @example
 * const r = await runDraftScenarios(dsl, { scenarios, rules }); // { scenarios: [{ status: 'passed', … }], passed: 1, … }
 */
export async function runDraftScenarios(dsl: ScenarioDsl, req: ScenariosRequest): Promise<ScenarioResults> {
  // The draft budget per engine call, as the draft's tables have (runtime core/fuel.ts).
  const run = await dsl.runScenarioTexts(req.scenarios, req.rules, { fuel: DRAFT_FUEL });
  const problem = (d: Diagnostic): DraftScenarioProblem => ({
    code: d.code, severity: d.severity, message: d.message, file: d.file, line: d.line, col: d.col,
    text: dsl.formatDiagnostic(d, run.texts.get(d.file)),
  });
  const scenarios = run.results.map((r): DraftScenarioResult => ({
    file: r.file, name: r.name, game: r.game, status: r.status, steps: r.steps, problems: r.diagnostics.map(problem),
  }));
  const count = (s: DraftScenarioResult['status']): number => scenarios.filter((x) => x.status === s).length;
  return { scenarios, passed: count('passed'), failed: count('failed'), broken: count('broken') };
}
