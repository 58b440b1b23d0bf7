// Tests of the editor extension: the TextMate grammar's scopes on sample files, and the manifest.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
  },
});
