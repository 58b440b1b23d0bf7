// `decksmith fmt`: formats files in place, `--check` lists what would change and exits 1, a
// missing path is a usage error (2). Run in-process on files in a temporary folder.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { run } from './run.ts';

const messyRules = 'game a "A"\nzone hand :per player,hidden\nrounds {\nstages play\n}\n';
const tidyRules = 'game a "A"\nzone hand: per player, hidden\nrounds {\n  stages play\n}\n';
const messyScenario = 'scenario "s" for a\narrange {\nhand(p1)=[\'R1\']\n}\n';
const tidyScenario = 'scenario "s" for a\narrange {\n  hand(p1) = [\'R1\']\n}\n';

let dir: string;
let out: string[];
let err: string[];

async function decksmith(...args: string[]): Promise<number> {
  process.exitCode = undefined;
  const code = await run(['node', 'decksmith', ...args]);
  process.exitCode = undefined;
  return code;
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'decksmith-fmt-'));
  mkdirSync(join(dir, 'g', 'scenarios'), { recursive: true });
  writeFileSync(join(dir, 'g', 'a.rules'), messyRules);
  writeFileSync(join(dir, 'g', 'scenarios', 's.scenario'), messyScenario);
  writeFileSync(join(dir, 'g', 'tidy.rules'), tidyRules);
  out = [];
  err = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((s) => { out.push(String(s)); return true; });
  vi.spyOn(process.stderr, 'write').mockImplementation((s) => { err.push(String(s)); return true; });
});

afterEach(() => {
  vi.restoreAllMocks();
  rmSync(dir, { recursive: true, force: true });
});

describe('decksmith fmt', () => {
  it('--check lists the files that are not formatted, exits 1 and changes nothing', async () => {
    expect(await decksmith('fmt', '--check', dir)).toBe(1);
    expect(out.join('').trim().split('\n').sort()).toEqual([join(dir, 'g', 'a.rules'), join(dir, 'g', 'scenarios', 's.scenario')]);
    expect(err.join('')).toContain('2 files of 3 not formatted');
    expect(readFileSync(join(dir, 'g', 'a.rules'), 'utf8')).toBe(messyRules);
  });

  it('formats rule and scenario files in place, each by its kind; then --check passes', async () => {
    expect(await decksmith('fmt', dir)).toBe(0);
    expect(readFileSync(join(dir, 'g', 'a.rules'), 'utf8')).toBe(tidyRules);
    expect(readFileSync(join(dir, 'g', 'scenarios', 's.scenario'), 'utf8')).toBe(tidyScenario);
    expect(err.join('')).toContain('formatted 2 files of 3');
    expect(await decksmith('fmt', '--check', dir)).toBe(0);
  });

  it('takes single files, and exits 2 on a path that does not exist', async () => {
    expect(await decksmith('fmt', '--check', join(dir, 'g', 'tidy.rules'))).toBe(0);
    expect(await decksmith('fmt', join(dir, 'nope'))).toBe(2);
    expect(err.join('')).toContain('no such file or folder');
  });
});
