// Generates a checked game's module with its scenario probes exported, transpiles and imports it
// (the scenario runner's LoadGame on Node: importing goes through a temporary file).
import { ts } from 'ts-morph';
import type { CheckedGame } from '../check/model.ts';
import { RUNTIME_MODULE, generateModule } from '../codegen/index.ts';
import { CodegenError } from '../codegen/compile-expr.ts';
import { internalError } from '../diagnostics/catalogue.ts';
import type { Diagnostic } from '../diagnostics/diagnostic.ts';
import type { LoadedGame } from '../scenario/probes.ts';
import type { GameDef } from '../scenario/runtime.ts';
import { importCompiled } from './compile-in-memory.ts';

/**
 * Generates the module, exports the probes' functions, transpiles and imports it.
 *
 * @example
 * const loaded = await loadProbedGame(model, ['__expect_0']);
 */
export async function loadProbedGame(model: CheckedGame, probeNames: readonly string[]): Promise<LoadedGame | Diagnostic> {
  let text: string;
  try {
    text = generateModule(model);
  } catch (error) {
    if (!(error instanceof CodegenError)) throw error;
    return internalError({ file: model.sources[0]?.file ?? model.id, start: { offset: 0, line: 1, col: 1 }, end: { offset: 0, line: 1, col: 1 } }, error.message);
  }
  for (const n of probeNames) {
    if (!new RegExp(`\\bfunction ${n}\\(`).test(text)) throw new Error(`internal: probe ${n} was not generated`);
  }
  text += `\nexport const __probes = { ${probeNames.join(', ')} };\n`;
  const out = ts.transpileModule(text, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: false },
    fileName: `${model.id}.generated.ts`,
  });
  const js = out.outputText.replace(`from '${RUNTIME_MODULE}'`, `from '${import.meta.resolve(RUNTIME_MODULE)}'`);
  const mod = await importCompiled<{ game: GameDef; __probes: Record<string, (x: unknown) => unknown> }>(js);
  return { def: mod.game, probes: new Map(Object.entries(mod.__probes)) };
}
