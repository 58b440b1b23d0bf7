// Measures parse time of a rule file (default: the everything fixture): `npx tsx packages/dsl/scripts/parse-bench.ts [file]`.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from '../src/parse/index.ts';

const path = process.argv[2] ?? fileURLToPath(new URL('../test/fixtures/everything.rules', import.meta.url));
const text = readFileSync(path, 'utf8');
const first = performance.now();
parse(text, path);
const cold = performance.now() - first;
for (let i = 0; i < 50; i++) parse(text, path); // warm up the JIT
const runs = 200;
const start = performance.now();
for (let i = 0; i < runs; i++) parse(text, path);
const warm = (performance.now() - start) / runs;
const lines = text.split('\n').length;
console.log(`${path}: ${lines} lines, ${text.length} chars; first parse ${cold.toFixed(1)} ms, warm ${warm.toFixed(2)} ms/parse (${Math.round(lines / warm)} lines/ms)`);
