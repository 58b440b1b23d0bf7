// The repository's lint rejects import circles (import-x/no-cycle in eslint.config.mjs): a deliberate
// circle fails, and the modules whose circles were broken (type inference, expression codegen, the
// command's runner) pass. Runs ESLint with the repository's own configuration.
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));

async function cycleErrors(files: string[]): Promise<string[]> {
  // The fixture folder is ignored by the ordinary lint (it is meant to fail); `ignore: false` lints it here.
  const eslint = new ESLint({ cwd: root, ignore: false, cache: false });
  const results = await eslint.lintFiles(files);
  return results.flatMap((r) => r.messages.filter((m) => m.ruleId === 'import-x/no-cycle').map((m) => `${r.filePath.slice(root.length)}:${m.line}`));
}

describe('import-x/no-cycle', () => {
  it('fails on a deliberate circle (a.ts → b.ts → a.ts)', async () => {
    const errors = await cycleErrors(['packages/cli/test/fixtures/import-cycle/a.ts', 'packages/cli/test/fixtures/import-cycle/b.ts']);
    expect(errors).toEqual(['packages/cli/test/fixtures/import-cycle/a.ts:2', 'packages/cli/test/fixtures/import-cycle/b.ts:2']);
  });

  it('passes on the modules whose circles were broken by direction', async () => {
    const errors = await cycleErrors([
      'packages/dsl/src/check/types/infer-expr.ts',
      'packages/dsl/src/check/types/infer-binders.ts',
      'packages/dsl/src/codegen/compile-expr.ts',
      'packages/dsl/src/codegen/compile-literals.ts',
      'packages/dsl/src/codegen/iterate.ts',
      'packages/cli/src/cli/run.ts',
      'packages/cli/src/cli/commands/check.ts',
    ]);
    expect(errors).toEqual([]);
  });
});
