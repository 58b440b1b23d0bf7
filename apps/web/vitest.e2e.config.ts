// Browser tests: the built client served by the real server app, driven by Debian's Chromium.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    // Any console error or page error fails the test it happened in.
    setupFiles: ['e2e/fail-on-browser-errors.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // One browser at a time on a 2-core machine.
    fileParallelism: false,
  },
});
