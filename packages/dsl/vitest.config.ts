// Unit, sample-folder and property tests for the rules language (parser, checker, codegen).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    // The CLI tests spawn `decksmith` as a child process (tsx start-up ~0.5 s each).
    testTimeout: 30_000,
  },
});
