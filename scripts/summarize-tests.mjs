// Sums every vitest JSON report in reports/vitest/ and prints the closing line
// `N passed, N failed[, N skipped]`, after naming each failed test with the first line of its
// message (a CI log that keeps only its tail still names the culprit); exits 1 if any test failed
// or none ran.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = join(import.meta.dirname ?? new URL('.', import.meta.url).pathname, '..');
const dir = join(root, 'reports', 'vitest');
const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json')).sort() : [];

let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of files) {
  let report;
  try {
    report = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  } catch (error) {
    console.error(`summary: ${file} is not a readable vitest report (${error.message}); counted as 1 failure`);
    failed += 1;
    continue;
  }
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  // A test file that failed to load has no failing test in it, but it is a failure all the same.
  for (const suite of report.testResults ?? []) {
    const failures = (suite.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const test of failures) {
      const message = String(test.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 300);
      console.error(`summary: FAILED ${relative(root, suite.name)} > ${test.fullName ?? test.title}: ${message}`);
    }
    const anyFailed = failures.length > 0;
    if (suite.status === 'failed' && !anyFailed) {
      console.error(`summary: ${relative(root, suite.name)} failed to run: ${String(suite.message ?? '').split('\n')[0]}`);
      failed += 1;
    }
  }
  console.log(`summary: ${file}: ${report.numPassedTests ?? 0} passed, ${report.numFailedTests ?? 0} failed`);
}

const total = passed + failed + skipped;
if (total === 0) {
  console.error('summary: no test ran (no report in reports/vitest/)');
}
console.log(`${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
