// The flags `--workers` forks its workers with: the primary's, plus a 64 MB young generation unless the operator set one.
import { describe, expect, it } from 'vitest';
import { workerExecArgv, YOUNG_GENERATION_MB } from '../src/cluster/worker-flags.ts';

describe('workerExecArgv', () => {
  it('keeps the primary flags and adds the young generation', () => {
    expect(workerExecArgv(['--import', 'tsx'], undefined)).toEqual(['--import', 'tsx', `--max-semi-space-size=${YOUNG_GENERATION_MB}`]);
    expect(YOUNG_GENERATION_MB).toBe(64);
  });

  it("leaves the operator's own setting alone, on the command line or in NODE_OPTIONS", () => {
    expect(workerExecArgv(['--max-semi-space-size=8'], undefined)).toEqual(['--max-semi-space-size=8']);
    expect(workerExecArgv(['--max_semi_space_size', '32'], undefined)).toEqual(['--max_semi_space_size', '32']);
    expect(workerExecArgv([], '--enable-source-maps --max-semi-space-size=128')).toEqual([]);
  });

  it('does not take a neighbouring flag for it', () => {
    expect(workerExecArgv([], '--max-old-space-size=4096')).toEqual([`--max-semi-space-size=${YOUNG_GENERATION_MB}`]);
  });
});
