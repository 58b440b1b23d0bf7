// Compiles an author's rule file outside games/ into a loaded module, without writing into the repository.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ts } from 'ts-morph';
import { RUNTIME_MODULE } from '../codegen/index.ts';
import { compileRulesFile, findRoot } from './pipeline.ts';

export interface InMemoryResult {
  /** The generated TypeScript, or null when the file has errors. */
  source: string | null;
  /** The same, transpiled to an ES module whose runtime import is an absolute URL. */
  js: string | null;
  /** Printed diagnostics (errors and warnings). */
  report: string[];
}

/**
 * Parses, checks, generates and transpiles a rule file (for `play`/`serve` of an author's
 * file). The runtime import is rewritten to the runtime's resolved URL, so the module can be
 * imported from anywhere.
 *
 * @example
 * const r = compileRulesInMemory('my-games/crazy-eights.rules');
 * const { game } = await importCompiled(r.js!);
 */
export async function compileRulesInMemory(path: string): Promise<InMemoryResult> {
  const abs = resolve(path);
  const result = compileRulesFile(findRoot(), abs);
  if (result.text === null) return { source: null, js: null, report: result.report };
  const out = ts.transpileModule(result.text, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: false },
    fileName: 'game.generated.ts',
  });
  const runtimeUrl = import.meta.resolve(RUNTIME_MODULE);
  const js = out.outputText.replace(`from '${RUNTIME_MODULE}'`, `from '${runtimeUrl}'`);
  return { source: result.text, js, report: result.report };
}

/**
 * Imports transpiled module text (through a temporary file, removed afterwards). The runtime
 * it names is TypeScript, so the process must run under tsx (as the `decksmith` CLI does).
 */
export async function importCompiled<T = Record<string, unknown>>(js: string): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'decksmith-'));
  const file = join(dir, 'game.generated.mjs');
  try {
    writeFileSync(file, js);
    return (await import(pathToFileURL(file).href)) as T;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
