// Setup file of the browser tests: a test fails if any browser logged a console error or threw an
// uncaught page error while it ran, whatever the test itself asserted.
import { afterEach } from 'vitest';
import { takeBrowserErrors } from './harness.ts';

afterEach(() => {
  const errors = takeBrowserErrors();
  if (errors.length > 0) throw new Error(`the browser reported ${errors.length} error(s):\n${errors.join('\n')}`);
});
