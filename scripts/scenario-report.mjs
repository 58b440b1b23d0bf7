// Turns `decksmith scenario --format json` output into a vitest-shaped report, so scenario
// results count in npm test's closing `N passed, N failed` line (a broken file is a failure).
import { readFileSync, writeFileSync } from 'node:fs';

const [input, output] = process.argv.slice(2);
let scenarios = [];
try {
  scenarios = JSON.parse(readFileSync(input, 'utf8')).scenarios ?? [];
} catch (error) {
  console.error(`scenario-report: ${input} is not scenario JSON (${error.message})`);
}
const passed = scenarios.filter((s) => s.status === 'passed').length;
const failed = scenarios.length - passed;
writeFileSync(output, JSON.stringify({
  numPassedTests: passed,
  numFailedTests: scenarios.length === 0 ? 1 : failed,
  numPendingTests: 0,
  testResults: [],
}));
console.log(`scenarios: ${passed} passed, ${failed} failed`);
