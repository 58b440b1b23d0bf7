// Unit and end-to-end tests of the decksmith command and its tools (scenario, play, simulate, bench, replay).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    // The CLI tests spawn `decksmith` as a child process (tsx start-up ~0.5 s each).
    testTimeout: 30_000,
  },
});
