// Tests of the wire protocol: frame parsing and validation, HTTP schemas, the seed check.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
  },
});
