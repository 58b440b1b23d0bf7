// The runtime has no import circles, counting type-only imports: dependency-cruiser with the
// configuration the lint target uses (dependency-cruiser.json) finds none under src/, and
// does find a deliberate circle made of type imports alone (test/fixtures/type-cycle), which
// ESLint's import-x/no-cycle would let through.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { cruise, type IConfiguration } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

const baseDir = fileURLToPath(new URL('..', import.meta.url));
const config = JSON.parse(readFileSync(new URL('../dependency-cruiser.json', import.meta.url), 'utf8')) as Required<Pick<IConfiguration, 'forbidden' | 'options'>>;

async function circles(paths: string[]): Promise<string[]> {
  const { output } = await cruise(paths, { ...config.options, baseDir, validate: true, ruleSet: { forbidden: config.forbidden } });
  if (typeof output === 'string') throw new Error('expected a cruise result, got formatted text');
  return output.summary.violations.filter((v) => v.rule.name === 'no-circular').map((v) => `${v.from} → ${v.to}`);
}

describe('import circles in the runtime (type imports count)', () => {
  it('finds none under src/', async () => {
    expect(await circles(['src'])).toEqual([]);
  }, 30_000);

  it('finds a circle made only of type imports', async () => {
    const found = await circles(['test/fixtures/type-cycle']);
    expect(found).toContain('test/fixtures/type-cycle/a.ts → test/fixtures/type-cycle/b.ts');
  }, 30_000);
});
