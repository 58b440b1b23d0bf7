// Property test: mutated launch rule files (tokens deleted, duplicated, swapped; truncation) never make
// parse() or checkGame() throw, and every diagnostic is coded and located inside the file it names.
// 10,000 cases in shards of bounded work (mutants.ts: each shard a few seconds of CPU, so a loaded CI machine does not time it out).
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { files, mutate, mutationArb, parseAndCheck, SHARD_TIMEOUT_MS, shards, texts } from './mutants.ts';

const fileArb = fc.constantFrom(...files);
const mutation = mutationArb({ insert: false });

describe('parse and check never throw on mutated launch rule files', () => {
  const windowArb = fc.record({ path: fileArb, start: fc.nat(), length: fc.integer({ min: 1, max: 25 }) }).map(({ path, start, length }) => {
    const lines = texts.get(path)!.split('\n');
    const from = start % lines.length;
    return { path, text: lines.slice(from, from + length).join('\n') };
  });

  it.each(shards(8_800, 1_100))('windows of 1–25 lines, mutated (8,800 cases: shard $shard, $runs)', ({ runs }) => {
    fc.assert(fc.property(windowArb, fc.array(mutation, { minLength: 0, maxLength: 4 }), ({ path, text }, ms) => {
      parseAndCheck(path, mutate(text, ms));
    }), { numRuns: runs });
  }, SHARD_TIMEOUT_MS);

  it.each(shards(1_200, 200))('whole files, mutated (1,200 cases: shard $shard, $runs)', ({ runs }) => {
    fc.assert(fc.property(fileArb, fc.array(mutation, { minLength: 1, maxLength: 3 }), (path, ms) => {
      parseAndCheck(path, mutate(texts.get(path)!, ms));
    }), { numRuns: runs });
  }, SHARD_TIMEOUT_MS);
});
