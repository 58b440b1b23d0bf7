// ESLint flat config: typescript-eslint, nx module boundaries (layer rules), and purity of the runtime.
import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

/** Node modules that do I/O or reach outside the process: forbidden in the pure runtime. */
const IO_MODULES = [
  'fs', 'fs/promises', 'net', 'http', 'https', 'http2', 'dgram', 'dns', 'tls', 'child_process',
  'cluster', 'worker_threads', 'os', 'readline', 'process', 'perf_hooks', 'timers', 'timers/promises',
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**', '**/dist/**', '**/generated/**', '.nx/**', 'reports/**', 'test-results/**',
      // A deliberate import circle: packages/cli/test/import-cycles.test.ts lints it and expects no-cycle errors.
      'packages/cli/test/fixtures/import-cycle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { '@nx': nx },
    files: ['**/*.ts', '**/*.mts', '**/*.js', '**/*.mjs'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          depConstraints: [
            { sourceTag: 'scope:runtime', onlyDependOnLibsWithTags: [] },
            { sourceTag: 'scope:protocol', onlyDependOnLibsWithTags: ['scope:runtime'] },
            { sourceTag: 'scope:game', onlyDependOnLibsWithTags: ['scope:runtime'] },
            { sourceTag: 'scope:dsl', onlyDependOnLibsWithTags: ['scope:runtime'] },
            { sourceTag: 'scope:tools', onlyDependOnLibsWithTags: ['scope:runtime', 'scope:game', 'scope:dsl', 'scope:protocol', 'scope:tools'] },
            { sourceTag: 'scope:server', onlyDependOnLibsWithTags: ['scope:runtime', 'scope:game', 'scope:dsl', 'scope:protocol'] },
            // web → dsl: the studio's checker thread parses and checks drafts in the browser (the compiler without Node, lint-enforced below).
            { sourceTag: 'scope:web', onlyDependOnLibsWithTags: ['scope:runtime', 'scope:game', 'scope:dsl', 'scope:protocol'] },
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // No import circles inside a package: a module's dependencies point one way (type-only
    // imports do not count here; the runtime's lint target also runs dependency-cruiser, where
    // they do: packages/runtime/dependency-cruiser.json). Across packages the nx tags above
    // already forbid cycles.
    plugins: { 'import-x': importX },
    files: ['packages/*/src/**/*.ts', 'apps/*/src/**/*.ts', 'packages/cli/bench/**/*.ts', 'packages/cli/test/fixtures/import-cycle/*.ts'],
    settings: {
      'import-x/extensions': ['.ts', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ alwaysTryTypes: true, noWarnOnMultipleProjects: true, project: ['packages/*/tsconfig.json', 'apps/*/tsconfig.json'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // Node scripts and config files.
    files: ['**/*.mjs', '**/*.js', '**/*.config.ts', '**/scripts/**'],
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', URL: 'readonly' },
    },
  },
  {
    // Browser tests start the real server app in-process; only e2e/ may cross this boundary.
    files: ['apps/web/e2e/**/*.ts'],
    rules: { '@nx/enforce-module-boundaries': 'off' },
  },
  {
    // The compiler runs in a browser worker as well as in Node: no file system, no process. File
    // access lives at its edge (src/node/, the `@decksmith/dsl/node` entry) and in the tools.
    files: ['packages/dsl/src/**/*.ts'],
    ignores: ['packages/dsl/src/node/**'],
    rules: {
      'no-restricted-globals': ['error', { name: 'process', message: 'The compiler takes what it needs as arguments (file access lives in src/node/).' }],
      'no-restricted-imports': [
        'error',
        {
          paths: [...IO_MODULES, 'path', 'url', 'crypto', 'module', 'stream', 'buffer', 'util'].map((name) => ({
            name,
            message: 'The compiler runs in a browser worker too: Node modules belong in src/node/ or the tools.',
          })),
          patterns: [{ group: ['node:*'], message: 'The compiler runs in a browser worker too: Node modules belong in src/node/ or the tools.' }],
        },
      ],
    },
  },
  {
    // The engine is pure and deterministic: time is passed in, randomness comes from the seeded RNG.
    files: ['packages/runtime/src/**/*.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'setTimeout', message: 'Timers are logical: pass `now` in and use the runtime timers.' },
        { name: 'setInterval', message: 'Timers are logical: pass `now` in and use the runtime timers.' },
        { name: 'setImmediate', message: 'The runtime is synchronous and pure.' },
        { name: 'queueMicrotask', message: 'The runtime is synchronous and pure.' },
        { name: 'fetch', message: 'No I/O in the runtime.' },
        { name: 'process', message: 'No process access in the runtime.' },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'Use the seeded RNG whose state lives in the game state.' },
        { object: 'Date', property: 'now', message: 'Time is passed in (`now`), never read.' },
        { object: 'performance', property: 'now', message: 'Time is passed in (`now`), never read.' },
        { object: 'crypto', property: 'getRandomValues', message: 'Use the seeded RNG.' },
        { object: 'crypto', property: 'randomUUID', message: 'Use the seeded RNG.' },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'Time is passed in (`now`), never read.',
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: IO_MODULES.flatMap((name) => [
            { name, message: 'The runtime does no I/O.' },
            { name: `node:${name}`, message: 'The runtime does no I/O.' },
          ]),
        },
      ],
    },
  },
);
