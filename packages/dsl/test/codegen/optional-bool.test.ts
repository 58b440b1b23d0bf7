// A `bool?` (stored -1/0/1) compared with true, false and none, and used as a condition:
// `flag == true` once compiled to `(flag !== 0) === 1`, always false, and `none` read as true.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compileRulesInMemory, importCompiled } from '../../src/node/compile-in-memory.ts';

const rules = fileURLToPath(new URL('./optional-bool.rules', import.meta.url));

// The runtime through a variable (see smoke.test.ts): the slice of its API the test uses.
interface State { result: unknown }
interface Runtime {
  setup(def: unknown, input: { players: number; seed: number }): State;
  legalActions(def: unknown, state: State, seat: number, now?: number): { type: string; args?: Record<string, unknown> }[];
  apply(def: unknown, state: State, seat: number, action: unknown, now: number): { state: State } | { rejected: { code: string; message: string } };
}
const runtimeModule: string = '@decksmith/runtime';

describe('bool? in guards', () => {
  it('== true, == false, == none, the flag itself and not the flag hold exactly when they should', async () => {
    const compiled = await compileRulesInMemory(rules);
    expect(compiled.report.filter((d) => d.includes('error['))).toEqual([]);
    const { game } = await importCompiled<{ game: unknown }>(compiled.js!);
    const rt = (await import(runtimeModule)) as Runtime;
    let state = rt.setup(game, { players: 2, seed: 1 });
    let now = 0;
    const checks = (): string[] => rt.legalActions(game, state, 0, now).map((a) => a.type).filter((t) => t.startsWith('when_'));
    const act = (action: unknown): void => {
      const r = rt.apply(game, state, 0, action, (now += 10));
      if ('rejected' in r) throw new Error(r.rejected.message);
      state = r.state;
    };
    expect(checks()).toEqual(['when_none', 'when_not']);
    act({ type: 'set_flag', args: { v: true } });
    expect(checks()).toEqual(['when_true', 'when_truthy']);
    const r = rt.apply(game, state, 0, { type: 'when_none' }, now);
    expect('rejected' in r && r.rejected.code).toBe('flag/set');
    act({ type: 'set_flag', args: { v: false } });
    expect(checks()).toEqual(['when_false', 'when_not']);
    act({ type: 'clear' });
    expect(checks()).toEqual(['when_none', 'when_not']);
  });
});
