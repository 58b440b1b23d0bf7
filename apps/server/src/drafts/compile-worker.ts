// A draft compiler thread: parses, checks and generates one rule file text per message, in a heap-limited thread the server can terminate.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parentPort } from 'node:worker_threads';
import type { GameDef } from '@decksmith/runtime';
import { withDraftFuel } from './draft-fuel.ts';
import { runDraftScenarios, type ScenarioDsl, type ScenarioResults, type ScenariosRequest } from './scenarios.ts';
import { simulateGames, type SimulateRequest, type SimulationSummary } from './simulate.ts';

/** What `@decksmith/dsl/node` offers for compiling a rule file in memory. */
interface DslModule {
  compileRulesInMemory: (file: string) => Promise<{ js: string | null; report: string[] }>;
}

export interface CompileRequest {
  n: number;
  text: string;
  /** Also play random-bot games of the compiled draft. */
  simulate?: SimulateRequest;
  /** The draft's other rule files by game id: a variant's base is found beside it as `<id>.rules`. */
  bases?: { id: string; text: string }[];
  /** Also run the draft's scenarios (when the rule file compiles). */
  scenarios?: ScenariosRequest;
}

export interface CompileAnswer {
  n: number;
  js: string | null;
  report: string[];
  ms: number;
  simulation?: SimulationSummary | { error: string };
  scenarios?: ScenarioResults;
}

// A variable specifier, as everywhere the server reaches the compiler.
const DSL = '@decksmith/dsl/node';
const DSL_MAIN = '@decksmith/dsl';
const dsl = (await import(DSL)) as DslModule & Pick<ScenarioDsl, 'runScenarioTexts'>;
const { formatDiagnostic } = (await import(DSL_MAIN)) as Pick<ScenarioDsl, 'formatDiagnostic'>;

parentPort!.on('message', (req: CompileRequest) => {
  void (async () => {
    const t0 = performance.now();
    // The compiler reads a file (its diagnostics name it): the text goes to a private temporary folder, removed after.
    const dir = mkdtempSync(join(tmpdir(), 'decksmith-draft-'));
    try {
      const file = join(dir, 'draft.rules');
      writeFileSync(file, req.text);
      // Ids were checked by the server (lower-case words and -, never `draft`): no path can escape the folder.
      for (const b of req.bases ?? []) writeFileSync(join(dir, `${b.id}.rules`), b.text);
      const r = await dsl.compileRulesInMemory(file);
      const answer: CompileAnswer = { n: req.n, js: r.js, report: r.report.map((line) => line.replace(/\S*decksmith-draft-[A-Za-z0-9]+\/draft\.rules/g, 'draft.rules')), ms: performance.now() - t0 };
      if (req.simulate && r.js !== null) {
        const module = join(dir, 'draft.mjs');
        // The draft budget per engine call, as the draft's tables have (draft-fuel.ts).
        writeFileSync(module, withDraftFuel(r.js));
        const def = ((await import(pathToFileURL(module).href)) as { game: GameDef }).game;
        const { minPlayers, maxPlayers } = def;
        answer.simulation =
          req.simulate.players < minPlayers || req.simulate.players > maxPlayers
            ? { error: `The draft is for ${minPlayers}–${maxPlayers} players, not ${req.simulate.players}.` }
            : simulateGames(def, req.simulate);
      }
      // Author text runs here, not on the server's loop: the server terminates this thread when the budget is spent.
      if (req.scenarios && r.js !== null) answer.scenarios = await runDraftScenarios({ runScenarioTexts: dsl.runScenarioTexts, formatDiagnostic }, req.scenarios);
      parentPort!.postMessage(answer);
    } catch (error) {
      parentPort!.postMessage({ n: req.n, js: null, report: [`error[internal_error]: ${(error as Error).message}`], ms: performance.now() - t0 } satisfies CompileAnswer);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  })();
});
parentPort!.postMessage('ready');
