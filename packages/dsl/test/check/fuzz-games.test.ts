// Seeded property test over every rule file of the repository's games (and the second-edition
// fixture): 10^4 mutants — tokens deleted, duplicated, swapped, truncated, and words of the same
// files inserted anywhere (so new constructs such as `if`, `cards`, ranges and lists land in odd
// places) — go through the grammar and the checker with no exception and no internal_error:
// every diagnostic carries a code of the catalogue and points inside its file. Mutants that
// still check clean are also compiled by the generator, which must not throw either.
// Run in twenty seeded shards of 500 (mutants.ts: each a few seconds of CPU, so a loaded machine does not time it out).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateModule } from '../../src/codegen/index.ts';
import { files, mutate, mutationArb, parseAndCheck, SHARD_TIMEOUT_MS, shards, texts } from './mutants.ts';

const SEED = 20_2620;
/** Shards whose first clean whole-file mutant is also generated (five generations in all, as before the split). */
const GENERATING_SHARDS = 5;
const mutation = mutationArb({ insert: true });
const arb = fc.record({
  path: fc.constantFrom(...files),
  whole: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
  start: fc.nat(),
  length: fc.integer({ min: 1, max: 12 }),
  mutations: fc.array(mutation, { minLength: 1, maxLength: 4 }),
});

describe('mutated game rule files through the grammar, the checker and the generator', () => {
  it.each(shards(10_000, 500))('10,000 seeded mutants, shard $shard ($runs): no exception, no internal_error, every diagnostic coded', ({ shard, runs }) => {
    const tally = { cases: 0, syntax: 0, clean: 0, generated: 0 };
    fc.assert(fc.property(arb, ({ path, whole, start, length, mutations }) => {
      let text = texts.get(path)!;
      if (!whole) {
        // A run of whole top-level items (each starts at column 1), so most mutants still parse.
        const items = text.split(/\n(?=\S)/);
        const from = start % items.length;
        text = items.slice(from, from + length).join('\n');
      }
      tally.cases++;
      const { syntax, result } = parseAndCheck(path, mutate(text, mutations));
      if (syntax) return void tally.syntax++;
      if (result.game === null || result.diagnostics.some((d) => d.severity === 'error')) return;
      tally.clean++;
      // The generator (ts-morph) is slow: in the first five shards only, each its first whole-file mutant that checks clean.
      if (!whole || shard >= GENERATING_SHARDS || tally.generated > 0) return;
      generateModule(result.game);
      tally.generated++;
    }), { numRuns: runs, seed: SEED + shard });
    console.log(`fuzz shard ${shard}: ${JSON.stringify(tally)}`);
    expect(tally.cases).toBe(runs);
    // The mutants reach the checker, and some survive it (the test is not all syntax errors); the seeds are fixed, so these hold every run.
    expect(tally.cases - tally.syntax).toBeGreaterThan(runs / 20);
    expect(tally.clean).toBeGreaterThan(0);
    expect(tally.generated).toBe(shard < GENERATING_SHARDS ? 1 : 0);
  }, SHARD_TIMEOUT_MS);
});
